"""Discovery of rule-system plugins through the ``modgen.rules`` entry-point group."""

from __future__ import annotations

import importlib
from functools import lru_cache

from modgen.errors import DataError
from modgen.systems.base import RuleSystem

GROUP = "modgen.rules"

# The plugins this package itself declares in pyproject.toml's ``modgen.rules`` entry points (a test keeps the two
# equal): ``get_system`` loads one of them by its object reference without asking importlib.metadata, which costs
# ~15 ms a process (importing it, then scanning every installed distribution) — a third of ``check``'s fixed cost.
BUNDLED: dict[str, str] = {
    "efb": "modgen.rules.efb:plugin",
    "tis": "modgen.rules.tis:plugin",
    "coh": "modgen.rules.coh:plugin",
    "fow": "modgen.rules.fow:plugin",
}


def _entry_points() -> list:
    from importlib.metadata import entry_points  # slow to import: only when every plugin is wanted

    return list(entry_points(group=GROUP))


def _load(reference: str) -> RuleSystem:
    """The object an entry-point reference ``module:attribute`` names (as ``EntryPoint.load`` does)."""
    module, _, attr = reference.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj  # type: ignore[return-value]


@lru_cache(maxsize=1)
def systems() -> dict[str, RuleSystem]:
    """All installed rule systems by id."""
    found: dict[str, RuleSystem] = {}
    for ep in _entry_points():
        plugin = ep.load()
        found[plugin.id or ep.name] = plugin
    return found


_ALL = systems
_one: dict[str, RuleSystem] = {}


def get_system(system_id: str) -> RuleSystem:
    """The plugin for ``system_id``; a DataError naming the installed ones if there is none.

    Only that plugin is imported when one entry point has the name ``system_id`` and its plugin that id (every plugin
    of this project): ``modgen check`` of an EFB game does not load the other rule systems. A bundled id
    (:data:`BUNDLED`) is loaded without reading the entry points at all."""
    if systems is _ALL and _ALL.cache_info().currsize == 0:  # nothing loaded yet (and not replaced, as tests do)
        hit = _one.get(system_id)
        if hit is not None:
            return hit
        if system_id in BUNDLED:
            plugin = _load(BUNDLED[system_id])
            if plugin.id == system_id:
                _one[system_id] = plugin
                return plugin
        named = [ep for ep in _entry_points() if ep.name == system_id]
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
