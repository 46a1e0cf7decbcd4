"""Discovery of rule-system plugins through the ``modgen.rules`` entry-point group."""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

from modgen.errors import DataError
from modgen.systems.base import RuleSystem

GROUP = "modgen.rules"


@lru_cache(maxsize=1)
def systems() -> dict[str, RuleSystem]:
    """All installed rule systems by id."""
    found: dict[str, RuleSystem] = {}
    for ep in entry_points(group=GROUP):
        plugin = ep.load()
        found[plugin.id or ep.name] = plugin
    return found


def get_system(system_id: str) -> RuleSystem:
    """The plugin for ``system_id``; a DataError naming the installed ones if there is none."""
    try:
        return systems()[system_id]
    except KeyError:
        known = ", ".join(sorted(systems())) or "none"
        raise DataError(f"unknown rule system {system_id!r} (installed: {known})") from None
