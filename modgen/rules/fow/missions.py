"""Flames of War missions as data (pp.92-102). A mission is the scenario's ``special_rules`` plus its
``victory`` object; every check reads them generically, so a designer's scenario declares its mission the same
way the bundled ones do.

``special_rules`` entries (``modgen/schema/scenario.schema.json``: ``id``, ``text``, ``sides``, ``params``):

- ``ambush`` (p.95): ``sides`` the ambushing player(s); ``params.units`` how many Units may be held in Ambush
  (default 1, as every mission that has Ambush prints "may hold one Unit in Ambush").
- Reserves (p.96): an id containing ``reserves``; the words in it pick the kind: ``delayed`` (else Immediate),
  ``deep``, ``scattered``, ``flanking`` — e.g. ``deep_scattered_immediate_reserves``. ``sides`` the players who
  use it. ``params.entry``: the map zone ids (``maps/…`` ``zones``: an edge strip or the 16"/40cm area around a
  corner) a Unit enters from; ``params.scatter``: die score → zone id for Scattered Reserves (the mission maps print
  the numbering, the text does not); ``params.points`` the agreed force size and ``params.on_table`` the points
  allowed on the table (default: the p.96 Reserves Table; policy ``reserves_800_points``).
- ``strategic_withdrawal`` (p.97): ``sides`` the Defender.
- ``meeting_engagement`` (p.96): read by :mod:`.meeting`.

Unit points, for the 60% limit, are the teams' ``values.points`` summed per Unit (or ``params.unit_points``:
Unit id → points); without them the limit is reported as not checked.
"""

from __future__ import annotations

from typing import Any

#: p.96 Reserves Table: force size → points allowed on the table (800 → policy ``reserves_800_points``).
RESERVES_TABLE: dict[int, int] = {500: 300, 600: 360, 750: 450, 800: 460, 1000: 600, 1250: 750, 1500: 900,
                                  1750: 1050, 2000: 1200, 2250: 1350, 2500: 1500, 2750: 1650, 3000: 1800}


def special_rules(ctx: Any, side: str | None = None) -> list[dict[str, Any]]:
    """The scenario's special rules (dicts) that apply to ``side`` (all of them when ``side`` is None)."""
    out = []
    for r in (getattr(ctx, "scenario", None) or {}).get("special_rules") or []:
        if not isinstance(r, dict):
            continue
        sides = r.get("sides")
        if side is None or not sides or side in sides:
            out.append(r)
    return out


def rule(ctx: Any, side: str | None, name: str) -> dict[str, Any] | None:
    """The special rule with id ``name`` for ``side``, or None."""
    return next((r for r in special_rules(ctx, side) if r.get("id") == name), None)


def reserves(ctx: Any, side: str | None) -> dict[str, Any] | None:
    """The side's Reserves rule, or None: ``{"kinds": {"delayed"|"immediate", "deep", …}, "params": {...}}``."""
    for r in special_rules(ctx, side):
        rid = str(r.get("id", ""))
        if "reserves" in rid:
            words = set(rid.split("_"))
            kinds = {w for w in ("deep", "scattered", "flanking") if w in words}
            kinds.add("delayed" if "delayed" in words else "immediate")
            return {"id": rid, "kinds": kinds, "params": r.get("params") or {}}
    return None


def params(ctx: Any, side: str | None, name: str) -> dict[str, Any]:
    """``params`` of the side's special rule ``name`` ({} when absent)."""
    r = rule(ctx, side, name)
    return (r or {}).get("params") or {}


def zone(ctx: Any, zid: str) -> dict[str, Any] | None:
    """A zone of the scenario's table map by id."""
    try:
        table = ctx.game.map(ctx.scenario.get("map"))
    except Exception:
        return None
    return next((z for z in table.get("zones") or [] if z.get("id") == zid), None)


def deployment_zones(ctx: Any, side: str | None) -> list[dict[str, Any]]:
    """The side's deployment zones (ids ``deploy…``) on the scenario's table."""
    try:
        table = ctx.game.map(ctx.scenario.get("map"))
    except Exception:
        return []
    return [z for z in table.get("zones") or [] if z.get("side") == side and str(z.get("id", "")).startswith("deploy")]


def on_table_limit(ctx: Any, force: int) -> int:
    """Points a force of ``force`` points may deploy on the table (p.96: "not … more than 60% of the agreed points
    total"; the Reserves Table, 800 points per policy ``reserves_800_points``)."""
    if force == 800:
        return int(ctx.policies.get("reserves_800_points") or 460)
    return RESERVES_TABLE.get(force, force * 60 // 100)
