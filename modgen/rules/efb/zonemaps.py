"""EFB zone maps: the hexes holding enemy units and those in an enemy ZOC, per side, cached while the units that
make them stay put, with a memo for the movement check's path searches that lives as long as the map (10.1-10.3;
the zone rules themselves are in common: zoc_rules, zoc_crosses)."""

from __future__ import annotations

from typing import Any

from modgen.rules import zoc
from modgen.rules.efb.common import bridge_version, is_ground, zoc_rules


class _AnyGround:
    """Membership test for :func:`ground_units` of no side: computed per unit (ids the game lacks count there)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx

    def __contains__(self, uid: str) -> bool:
        return self.ctx.side_of(uid) is None and is_ground(self.ctx, uid)


def ground_units(ctx: Any, side: str | None) -> Any:
    """The ground units of ``side`` (``side_of(u) == side and is_ground(u)``) for ``in`` tests; fixed by the game
    data, so made once per side and check."""
    if side is None:
        return _AnyGround(ctx)
    cache = ctx.__dict__.setdefault("_efb_ground_units", {})
    hit = cache.get(side)
    if hit is None:
        hit = cache[side] = frozenset(u for u in ctx.units if ctx.side_of(u) == side and is_ground(ctx, u))
    return hit


def enemy_map(ctx: Any, side: str | None) -> tuple[set[str], set[str]]:
    """(hexes holding enemy ground units, hexes in an enemy ZOC) for ``side``; cached until an enemy unit changes."""
    occupied, covered, _ = enemy_map_memo(ctx, side)
    return occupied, covered


def enemy_map_memo(ctx: Any, side: str | None) -> tuple[set[str], set[str], dict[Any, Any]]:
    """:func:`enemy_map` and a memo for ``side``'s path searches that lives exactly as long as that map (the
    enemy-occupied hexes and zones every search avoids): a new enemy map starts an empty memo. Its keys must name
    every other input of a search."""
    st = ctx.state
    versions = st.side_version
    key = tuple([versions[s] for s in ctx.sides if s != side] + [versions[None]])
    cache = st.notes.setdefault("enemy_map", {})
    hit = cache.get(side)
    if hit is not None and hit[0] == key:
        return hit[1], hit[2], hit[3]
    occupied, covered = zoc.enemy_hexes(ctx.board, _enemy_places(ctx, side), lambda u: True, zoc_rules(ctx),
                                        _zone_of(ctx))
    memo: dict[Any, Any] = {}
    cache[side] = (key, occupied, covered, memo)
    return occupied, covered, memo


def ezoc_hexes(ctx: Any, side: str | None) -> set[str]:
    """The hexes in an enemy ZOC for ``side``: exactly those where :func:`zoc_sources` finds a unit. Cached until
    a unit of another side or a bridge changes (bridges decide whether a ZOC crosses a major river, 10.3)."""
    st = ctx.state
    key = (tuple(sorted((str(s), v) for s, v in st.side_version.items() if s != side)), bridge_version(ctx))
    cache = st.notes.setdefault("ezoc_hexes", {})
    hit = cache.get(side)
    if hit is None or hit[0] != key:
        hit = cache[side] = (key, zoc.enemy_hexes(ctx.board, _enemy_places(ctx, side), lambda u: True,
                                                  zoc_rules(ctx), _zone_of(ctx))[1])
    return hit[1]


def _enemy_places(ctx: Any, side: str | None) -> list[tuple[str, str | None]]:
    """(unit, hex) of the units of other sides (not side-less ones): what the zone maps look at. The units of each
    side come from the game data (a unit the log names but the game lacks has no side), so only their places are
    read here."""
    cache = ctx.__dict__.setdefault("_efb_enemy_units", {})
    units = cache.get(side)
    if units is None:
        units = cache[side] = [u for u in ctx.units if ctx.side_of(u) not in (None, side)]
    where = ctx.state.position
    return [(u, where.get(u)) for u in units]


def _zone_of(ctx: Any) -> Any:
    """``zone(h)`` for the zone maps: the hexes a ZOC from ``h`` reaches depend on the map and bridges alone, so
    each is worked out once per bridge state."""
    ver = bridge_version(ctx)
    cache = ctx.__dict__.get("_efb_zones")
    if cache is None or cache[0] != ver:
        cache = ctx.__dict__["_efb_zones"] = (ver, {})
    zones, rules, board = cache[1], zoc_rules(ctx), ctx.board

    def zone_of(h: str) -> set[str]:
        hit = zones.get(h)
        if hit is None:
            hit = zones[h] = zoc.zone(board, h, rules)
        return hit
    return zone_of
