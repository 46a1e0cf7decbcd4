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


_ALL = systems
_one: dict[str, RuleSystem] = {}


def get_system(system_id: str) -> RuleSystem:
    """The plugin for ``system_id``; a DataError naming the installed ones if there is none.

    Only that plugin is imported when one entry point has the name ``system_id`` and its plugin that id (every plugin
    of this project): ``modgen check`` of an EFB game does not load the other rule systems."""
    if systems is _ALL and _ALL.cache_info().currsize == 0:  # nothing loaded yet (and not replaced, as tests do)
        hit = _one.get(system_id)
        if hit is not None:
            return hit
        named = [ep for ep in entry_points(group=GROUP) if ep.name == system_id]
        if len(named) == 1:
            plugin = named[0].load()
            if plugin.id == system_id:
                _one[system_id] = plugin
                return plugin
    try:
        return systems()[system_id]
    except KeyError:
        known = ", ".join(sorted(systems())) or "none"
        raise DataError(f"unknown rule system {system_id!r} (installed: {known})") from None
