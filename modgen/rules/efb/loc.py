"""Lines of communication (MK 24.5 note, GT 24.5, EFB 23.6) and the side's friendly map edges.

MK defines a LOC as "contiguous hexes not occupied by an enemy unit or within any EZOC"; GT uses the same idea
without defining it, so both games use this reading. The hex the LOC starts from (the town or objective held)
may itself be in an enemy ZOC: the definition is about the route. Terrain does not block a LOC (neither book says
it does).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from modgen.rules.efb import common as c


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
    occupied, zoc = c.enemy_map(ctx, side)
    cache = ctx.__dict__.setdefault("_efb_loc", {})
    key = (side, frozenset(targets))
    hit = cache.get(key)
    if hit is not None and hit[0] is occupied and hit[1] is zoc:
        return hit[2]
    seen = {h for h in targets if h not in occupied and h not in zoc}
    todo = deque(seen)
    while todo:
        h = todo.popleft()
        for n in ctx.board.neighbours(h):
            if n not in seen and n not in occupied and n not in zoc:
                seen.add(n)
                todo.append(n)
    cache[key] = (occupied, zoc, seen)
    return seen


def held(ctx: Any, h: str, side: str) -> bool:
    """A hex is held by ``side`` when one of its ground units is in it (the books say "occupied")."""
    return any(ctx.side_of(u) == side and c.is_ground(ctx, u) for u in ctx.state.units_in(h))
