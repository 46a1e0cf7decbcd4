"""TiS river crossings in movement: the small-river crossing procedure [25.1], ferries [24.1], pontoon-bridge columns
[36.1] and the engineers' own crossings [20.1.1].

:class:`.movement.Movement` asks :func:`river_step` for every leg across an unbridged river (or a ferry) hexside;
the answer is the leg's MP, or a reported finding. Map conventions: a ferry is a hexside of type ``ferry`` drawn
on the river hexside it crosses (the Arnhem map has none; any map that has one is checked); a pontoon-bridge or
bridge column is a unit of class ``pontoon`` [36.1.5]: standing on a hex with a river it bridges that hex's river
hexsides [36.1.1] until it moves or dies [36.1.2].

- [25.1.1]-[25.1.3]: armoured and motorized units cross a small river only by the procedure: from the hex they
  started their movement phase on, as their first step, for half their MP (policy ``small_river_crossing``), with an
  engineer of the same division, brigade, corps or army in range [20.1.6] (the engineer could reach the unit's hex
  with its MP, through no enemy unit; ZoC is not counted). Helping units cross from one hex is one of the engineer's
  actions that stage [20.1.4].
- [24.1.1]-[24.1.3]: a ferry carries a unit that starts its movement phase on the ferry hex, for all its MP, at most
  two units a ferry a movement phase, both banks free of enemy units.
- [36.1.1], [36.1.4]: at a pontoon column a small river costs armoured and motorized units +5 MP, field artillery +2,
  others nothing in the movement phase the column arrived, nothing later; a big river +1 for non-motorized infantry
  (+3 mortars, +6 motorcycles); [36.1.2] one bridge site a column a stage.
- [20.1.1]: engineers cross small rivers for +2 MP, great rivers like foot infantry, scarps for +5 MP (whatever
  the Terrain Effect chart's scarp row says, or without one).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules.movement import parse_mp
from modgen.rules.pathfinding import cheapest_path
from modgen.rules.tis import common as c
from modgen.rules.tis.costs import TisCosts
from modgen.rules.tis.engineers import engineer_action, spend_all_mp

FERRY = "ferry"
PONTOON = "pontoon"
RIVERS = ("big_river", "small_river")


def _river_sides(ctx: Any, h: str) -> bool:
    return any(set(RIVERS) & set(ctx.board.hexside(h, n)) for n in ctx.board.neighbours(h))


def pontoon_at(ctx: Any, side: str | None, a: str, b: str) -> str | None:
    """The friendly pontoon-bridge column standing on ``a`` or ``b`` (it bridges the river between them)."""
    for h in (a, b):
        for u in ctx.state.units_in(h):
            if c.unit_class(ctx, u) == PONTOON and ctx.side_of(u) == side:
                return u
    return None


def _entry(ctx: Any, costs: TisCosts, b: str) -> Fraction | None:
    """The terrain cost of entering ``b``, hexsides left out."""
    eff = (costs.tec or {}).get(ctx.board.terrain(b))
    if eff is None:
        return Fraction(1) if ctx.board.terrain(b) == "clear" else None
    return parse_mp(eff.get("mp"))


def _mp(ctx: Any, uid: str) -> Fraction | None:
    mp = ctx.values(uid).get("movement")
    if not isinstance(mp, int | float):
        mp = ((ctx.tables.get("movement_points") or {}).get("by_class") or {}).get(c.unit_class(ctx, uid))
    return Fraction(mp).limit_denominator(100) if isinstance(mp, int | float) else None


def same_command(ctx: Any, a: str, b: str) -> bool:
    """[25.1.3], [22.1.7]: the same division or brigade (formation), or the same corps or army (top of the chain)."""
    fa = (ctx.units.get(a) or {}).get("formation")
    fb = (ctx.units.get(b) or {}).get("formation")
    return bool(fa) and (fa == fb or c.corps_of(ctx, a) == c.corps_of(ctx, b))


def engineers_in_range(ctx: Any, uid: str, h: str, any_command: bool = False) -> list[str]:
    """[20.1.6]: friendly engineers of the unit's command [25.1.3] (``any_command``: of any command) that could
    reach ``h`` spending their MP (their own movement class; not through enemy units)."""
    side = ctx.side_of(uid)
    enemy = c.is_enemy(ctx, side)
    blocked = {p for u, p in ctx.state.position.items() if p and enemy(u) and c.is_ground(ctx, u)}
    out = []
    for e, here in sorted(ctx.state.position.items()):
        if not here or c.unit_class(ctx, e) != "engineer" or ctx.side_of(e) != side or \
                not (any_command or same_command(ctx, e, uid)):
            continue
        if here == h:
            out.append(e)
            continue
        mp = _mp(ctx, e)
        if mp is None:
            continue
        costs = TisCosts(ctx, c.move_class(ctx, e))

        def step(a: str, b: str, costs: TisCosts = costs) -> Fraction | None:
            if b in blocked:
                return None
            x = costs.step(a, b)
            if x is None and c.river(ctx, a, b) == "small_river":
                e_in = _entry(ctx, costs, b)
                return None if e_in is None else e_in + 2  # [20.1.1]
            return x

        if cheapest_path(here, h, ctx.board.neighbours, step, lambda _h: True, mp) is not None:
            out.append(e)
    return out


def river_step(ctx: Any, uid: str, a: str, b: str, first: bool, limit: Fraction | None,
               costs: TisCosts) -> tuple[bool, Fraction | None] | None:
    """The MP of the leg ``a``-``b`` across a river or ferry hexside: None when no special rule applies (normal
    movement decides), ``(True, mp)`` when one gives the cost, ``(False, None)`` when a finding was reported.
    ``first``: the leg starts the unit's movement phase from the hex it began it on."""
    board = ctx.board
    sides = board.hexside(a, b)
    riv = c.river(ctx, a, b)
    ferry = FERRY in sides and not any(c.object_state(ctx, h).get("ferry") == "destroyed" for h in (a, b))  # [24.2.1]
    if riv is None and not ferry:
        if "scarp" in sides and c.unit_class(ctx, uid) == "engineer" and (up := _entry(ctx, costs, b)) is not None:
            normal = costs.step(a, b)  # a road across the scarp may be cheaper
            return True, min(up + 5, normal) if normal is not None else up + 5  # [20.1.1] scarps 5 MP extra
        return None
    side, mclass, cls = ctx.side_of(uid), c.move_class(ctx, uid), c.unit_class(ctx, uid)
    entry = _entry(ctx, costs, b)
    normal = costs.step(a, b)
    options = [normal] if normal is not None else []
    column = pontoon_at(ctx, side, a, b) if riv else None
    if column and entry is not None:
        if riv == "small_river":
            fresh = column in ctx.state.per_phase.get("tis_pontoon_arrived", set())
            extra = 0 if not fresh else 5 if mclass in ("armoured", "motorized") else 2 if mclass == "artillery" else 0
            options.append(entry + extra)  # [36.1.1]
        elif mclass == "infantry":
            tg = c.tags(ctx, uid) | c.symbol_types(ctx, uid)
            options.append(entry + (6 if "motorcycle" in tg else 3 if "mortar" in tg else 1))  # [36.1.4]
    if cls == "engineer" and entry is not None:
        if riv == "small_river":
            options.append(entry + 2)  # [20.1.1]
        elif riv == "big_river" and (x := TisCosts(ctx, "infantry").step(a, b)) is not None:
            options.append(x)  # [20.1.1] like foot infantry
    if options:
        return True, min(options)
    if ferry:
        return _ferry(ctx, uid, a, b, first, limit)
    if riv == "small_river" and mclass in ("armoured", "motorized"):
        return _small_river(ctx, uid, a, b, first, limit)
    return None


def _small_river(ctx: Any, uid: str, a: str, b: str, first: bool, limit: Fraction | None) -> tuple[bool,
                                                                                                  Fraction | None]:
    """[25.1.1]-[25.1.3]."""
    nm = ctx.name(uid)
    if not first:
        ctx.error(ctx.rule("25.1.2"), f"{nm} crosses the small river at {a}-{b} after moving this phase; armoured "
                  "and motorized units cross from the side they stood on at the start of their movement phase",
                  units=[uid], hexes=[a, b])
        return False, None
    helpers = engineers_in_range(ctx, uid, a)
    if not helpers:
        ctx.error(ctx.rule("25.1.3"), f"{nm} crosses the small river at {a}-{b} with no engineer of its division, "
                  "brigade, corps or army in range; a crossing in the march needs one", units=[uid], hexes=[a, b])
        return False, None
    helping = ctx.state.per_stage.setdefault("tis_crossing_help", {})
    eng = next((e for e in helpers if a in helping.get(e, set())), None)
    if eng is None:
        eng = helpers[0]
        helping.setdefault(eng, set()).add(a)
        engineer_action(ctx, eng, f"helps units cross the small river from {a}")
    if limit is None:
        return True, None
    half = limit / 2
    if ctx.policies.get("small_river_crossing", "half_mp") == "half_mp_plus_terrain":
        entry = _entry(ctx, TisCosts(ctx, c.move_class(ctx, uid)), b)
        half += entry or 0
    return True, half


def _ferry(ctx: Any, uid: str, a: str, b: str, first: bool, limit: Fraction | None) -> tuple[bool,
                                                                                           Fraction | None]:
    """[24.1.1]-[24.1.3]."""
    nm, side = ctx.name(uid), ctx.side_of(uid)
    if not first:
        ctx.error(ctx.rule("24.1.2"), f"{nm} crosses by the ferry at {a}-{b} after moving this phase; a unit stops "
                  "on the ferry hex in one movement phase and crosses in its next one, for all its MP", units=[uid],
                  hexes=[a, b])
        return False, None
    enemy = c.enemies_in(ctx, a, side) + c.enemies_in(ctx, b, side)
    if enemy:
        ctx.error(ctx.rule("24.1.3"), f"{nm} crosses by the ferry at {a}-{b} with {c.names(ctx, enemy)} on a bank; "
                  "both sides of the crossing must be free of the enemy", units=[uid, *enemy], hexes=[a, b])
    used = ctx.state.per_phase.setdefault("tis_ferry_loads", {}).setdefault(c.side_key(a, b), [])
    used.append(uid)
    if len(used) > 2:
        ctx.error(ctx.rule("24.1.1"), f"{nm} is unit number {len(used)} the ferry at {a}-{b} carries this movement "
                  f"phase ({c.names(ctx, used)}); a ferry carries two units a movement phase", units=used,
                  hexes=[a, b])
    ctx.state.per_phase.setdefault("tis_ferried_now", set()).add(uid)
    return True, limit


class Crossings:
    """Bookkeeping for [24.1.2] (a ferry crossing spends all MP) and pontoon columns [36.1.1]-[36.1.2]."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        for uid in st.per_phase.pop("tis_ferried_now", set()):
            spend_all_mp(ctx, uid, "24.1.2", "a ferry crossing")
        uid = ev.get("unit")
        if ev["type"] != "move" or not uid or c.unit_class(ctx, uid) != PONTOON or ctx.board is None:
            return
        h = st.position.get(uid)
        if not h or not _river_sides(ctx, h):
            return
        st.per_phase.setdefault("tis_pontoon_arrived", set()).add(uid)
        sites = st.per_stage.setdefault("tis_pontoon_sites", {}).setdefault(uid, [])
        if sites and h not in sites:
            ctx.error(ctx.rule("36.1.2"), f"{ctx.name(uid)} bridges the river at {h} after bridging it at "
                      f"{', '.join(sites)} this stage; a pontoon-bridge column builds in one place a stage",
                      units=[uid], hexes=[*sites, h])
        if h not in sites:
            sites.append(h)
