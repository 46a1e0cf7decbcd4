"""Lines of communication (EFB 23.6, MK 24.5 note) and the side's friendly map edges.

23.6 (both books): "a route of hexes from the victory hex back to a friendly map edge; it may be of any length; it
may not enter enemy units or terrain prohibited to ground unit movement. It may not enter an EZOC unless a friendly
unit occupies that hex." The MK scenario note (24.5) defines it more strictly: "contiguous hexes not occupied by an
enemy unit or within any EZOC". The ``loc_ezoc`` policy chooses: ``friendly_occupied`` (23.6, the default) or
``never`` (the MK note). The hex the LOC starts from (the victory hex, which the side holds) may be in an EZOC
under either reading: the rules are about the route. A hex is prohibited when its terrain costs "prohibited" for
every kind of unit.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb import zonemaps


def edge_hexes(ctx: Any, areas: list[str] | str | None) -> set[str] | None:
    """Union of the named map areas; None when the board or any named area is missing (reported once)."""
    if ctx.board is None:
        return None
    if isinstance(areas, str):
        areas = [areas]
    out: set[str] = set()
    for a in areas or []:
        hexes = ctx.board.area(a)
        if hexes is None:
            ctx.could_not_check(ctx.rule("23.6"), f"the map has no area {a!r} for a line of communication")
            return None
        out |= hexes
    return out


def friendly_edges(ctx: Any, side: str) -> list[str]:
    """The scenario's ``friendly_edges`` for ``side`` (map area ids)."""
    return list((ctx.scenario.get("friendly_edges") or {}).get(side) or [])


def has_loc(ctx: Any, start: str, side: str, targets: set[str]) -> bool:
    """Is there a route of contiguous hexes from ``start`` to any hex of ``targets``, every hex after the start
    free of enemy units and outside every enemy ZOC?"""
    if start in targets:
        return True
    reach = _reachable(ctx, side, targets)
    return any(n in reach for n in ctx.board.neighbours(start))


def _reachable(ctx: Any, side: str, targets: set[str]) -> set[str]:
    """Every hex free of enemy units and enemy ZOC joined to a free hex of ``targets`` through free hexes: one
    breadth-first search from the edge serves every objective, cached until an enemy unit changes."""
    occupied, zoc = zonemaps.enemy_map(ctx, side)
    cache = ctx.__dict__.setdefault("_efb_loc", {})
    key = (side, frozenset(targets))
    own = ctx.state.side_version[side]
    hit = cache.get(key)
    if hit is not None and hit[0] is occupied and hit[1] is zoc and hit[2] == own:
        return hit[3]
    blocked = set(occupied) | _prohibited(ctx)
    if ctx.policies.get("loc_ezoc", "friendly_occupied") == "friendly_occupied":
        friendly = {h for u, h in ctx.state.position.items() if h is not None and ctx.side_of(u) == side
                    and c.is_ground(ctx, u)}
        blocked |= zoc - friendly
    else:
        blocked |= zoc
    adj = _adjacency(ctx)
    seen = {h for h in targets if h not in blocked}
    todo = list(seen)  # flood fill: the order does not matter, a list stack is the cheapest
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen and n not in blocked:
                seen.add(n)
                todo.append(n)
    cache[key] = (occupied, zoc, own, seen)
    return seen


def _adjacency(ctx: Any) -> dict[str, tuple[str, ...]]:
    """Every hex's on-map neighbours, built once per game (the flood fill's inner loop reads it)."""
    adj = ctx.__dict__.get("_efb_adjacency")
    if adj is None:
        adj = {h: ctx.board.neighbours(h) for h in ctx.board.all_hexes()}
        ctx.__dict__["_efb_adjacency"] = adj
    return adj


def _prohibited(ctx: Any) -> set[str]:
    """Hexes whose terrain is prohibited to every kind of ground unit (cached per game)."""
    if "_efb_prohibited" not in ctx.__dict__:
        tec = ctx.tables.get("tec") or {}

        def banned(t: str) -> bool:
            mp = (tec.get(t) or {}).get("mp")
            values = mp.values() if isinstance(mp, dict) else [mp]
            return "mp" in (tec.get(t) or {}) and all(v == "prohibited" for v in values)

        kinds = {t for t in tec if banned(t)}
        ctx.__dict__["_efb_prohibited"] = {h for h in ctx.board.all_hexes() if ctx.board.terrain(h) in kinds} \
            if kinds else set()
    return ctx.__dict__["_efb_prohibited"]


def held(ctx: Any, h: str, side: str) -> bool:
    """A hex is held by ``side`` when one of its ground units is in it (the books say "occupied")."""
    return any(ctx.side_of(u) == side and c.is_ground(ctx, u) for u in ctx.state.units_in(h))
