"""The TiS odds computation [7.2.1] a)-c): strengths from the EP tracks [3.6], multipliers, the ratio rounded by
[3.4.1], and the column shifts [3.2] of terrain [7.3], fortifications [12.1.6], corps [7.1.10], encirclement
[7.1.12]-[7.1.13], stars [29.1], engineers [20.1.5], SS [43.1.1], a destroyed HQ [14.3.3], out of supply
[32.2.2] and the airborne surprise [17.2.6].

Optional abilities (stars, engineers) need not be used [7.2.8], so a battle has a set of legal columns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from modgen.rules.tis import artillery as art
from modgen.rules.tis import barricades as bar
from modgen.rules.tis import common as c
from modgen.rules.tis import engineer_roles as roles
from modgen.rules.tis import special
from modgen.rules.tis.battlegroups import groups_fighting
from modgen.rules.tis.march import is_afm
from modgen.rules.tis.obligations import hq_destroyed

NO_STARS_TERRAIN = ("woods", "forest", "city", "mountain", "mountains")  # [29.1.6]
HALF_ATTACKER = "half_attacker"  # a Terrain Effect row's combat value for a swamp [7.3.2]
TEXT_COLUMNS = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1")  # [3.2]


def round_ratio(x: Fraction) -> int:
    """[3.4.1]: 3.51 -> 4, 3.5 -> 3, 3.49 -> 3 (an exact half rounds down)."""
    whole = math.floor(x)
    return whole + 1 if x - whole > Fraction(1, 2) else whole


def apply_factors(sp: int, factors: list[Fraction], down: bool = False) -> int:
    """SP times the multipliers, rounded once at the end [3.4.3]: up for halving [3.4.2] (down for swamp
    [7.3.2]), otherwise by [3.4.1]; never below 1 [3.4.4]."""
    if not factors:
        return sp
    value = Fraction(sp)
    for f in factors:
        value *= f
    if down:
        out = math.floor(value)
    elif all(f == Fraction(1, 2) for f in factors):
        out = math.ceil(value)
    else:
        out = round_ratio(value)
    return max(1, out)


def ratio_label(att: int, dfn: int) -> str:
    """The odds as [3.4.1] rounds them: '2:1', '1:3'."""
    if att >= dfn:
        return f"{round_ratio(Fraction(att, max(dfn, 1)))}:1"
    return f"1:{round_ratio(Fraction(dfn, max(att, 1)))}"


def _ratio_value(label: str) -> Fraction | None:
    a, sep, d = label.replace(" ", "").lstrip("<>").partition(":")
    try:
        return Fraction(int(a), int(d)) if sep else None
    except ValueError:
        return None


def column_index(columns: list[str], label: str) -> int:
    """Index of the chart column for a ratio label: past either end clamps to the end column (the first chart
    column reads 'worse than 1:4')."""
    if label in columns:
        return columns.index(label)
    v = _ratio_value(label)
    vals = [_ratio_value(col) for col in columns]
    best = 0
    if v is None:
        return best
    for i, x in enumerate(vals):
        if x is not None and x <= v:
            best = i
    return best


@dataclass
class Odds:
    """What the battle's strength and modifiers come to."""

    att_sp: int = 0
    def_sp: int = 0
    label: str = ""
    shifts: list[tuple[str, int]] = field(default_factory=list)  # always applied
    optional: list[tuple[str, int]] = field(default_factory=list)  # [7.2.8] may be used or not
    terrain_shift: int = 0  # terrain + fortifications (casualty rows [7.2.5] a)
    stars: int = 0  # casualty rows [7.2.5] b)
    engineers: bool = False  # casualty rows: the defender's only
    att_rows: int = 0  # casualty rows of the attacker's losses from defending MG/snipers [7.2.5]
    def_rows: int = 0  # casualty rows of the defender's losses from attacking MG [7.2.5]
    notes: list[str] = field(default_factory=list)
    missing: str | None = None

    def columns(self, columns: list[str]) -> dict[int, str]:
        """Legal column index -> how it is reached (with and without each optional ability)."""
        base = column_index(columns, self.label) + sum(s for _, s in self.shifts)
        out: dict[int, str] = {}
        n = len(self.optional)
        for mask in range(1 << n):
            used = [self.optional[i] for i in range(n) if mask >> i & 1]
            idx = min(max(base + sum(s for _, s in used), 0), len(columns) - 1)
            out.setdefault(idx, ", ".join(f"{w} {s:+d}" for w, s in [*self.shifts, *used]) or "no modifiers")
        return out


def _hex_sp(ctx: Any, units: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        h = ctx.state.position.get(u)
        if h:
            out[h] = out.get(h, 0) + (c.strength(ctx, u) or 0)
    return out


def _terrain_mod(ctx: Any, terrain: str) -> int | None:
    return c.combat_modifier(ctx, terrain)


def unit_sp(ctx: Any, uid: str, airborne: bool, attacking: bool = False,
            extra: list[tuple[Fraction, str]] | None = None) -> tuple[int | None, list[str]]:
    """A fighting unit's SP with its multipliers and what they were (``attacking``: night halves attackers;
    ``extra``: more multipliers with their reasons (attack from march, AT barricades, the opposing units from
    :mod:`.special`), rounded with the others once [3.4.3])."""
    sp = c.strength(ctx, uid)
    if sp is None:
        return None, []
    factors: list[Fraction] = [f for f, _ in extra or []]
    why: list[str] = [w for _, w in extra or []]
    h = ctx.state.position.get(uid)
    row = c.terrain_row(ctx, ctx.board.terrain(h)) if h and ctx.board is not None else None
    if c.is_armoured(ctx, uid) and row and row.get("armour_half"):
        factors.append(Fraction(1, 2))
        why.append(f"{ctx.name(uid)} armour in {ctx.board.terrain(h)} ×½ [29.1.5]")
    if airborne:
        factors.append(Fraction(2, 3))
        why.append(f"{ctx.name(uid)} after the drop ×⅔ [17.2.5]")
    if attacking and c.is_night(ctx) and c.is_line(ctx, uid):
        factors.append(Fraction(1, 2))
        why.append(f"{ctx.name(uid)} attacks at night ×½ [13.1.1]")
    if attacking and c.out_of_supply(ctx, uid):
        factors.append(Fraction(1, 2))
        why.append(f"{ctx.name(uid)} attacks out of supply ×½ [32.2.2]")
    if attacking and h and "minefield" in ctx.state.hex_markers.get(h, set()):
        factors.append(Fraction(1, 2))
        why.append(f"{ctx.name(uid)} attacks from the minefield at {h} ×½ [21.2.5]")
    swamp = attacking and row is not None and row.get("combat") == HALF_ATTACKER
    if swamp:  # [7.3.2] "the attacker attacks with half of its strength (round down)"
        factors.append(Fraction(1, 2))
        why.append(f"{ctx.name(uid)} attacks from the {ctx.board.terrain(h)} at {h} ×½, rounded down [7.3.2]")
    return apply_factors(sp, factors, down=swamp), why


def compute(ctx: Any, attackers: list[str], defenders: list[str], support: list[str], airborne: bool,
            air: list[str] | tuple[str, ...] = (), event: dict[str, Any] | None = None) -> Odds:
    """The odds of one battle from the state before it (``air``: the supporting CAS units, whose SP is added to
    the attack [26.5.6], at full strength in an attack from march too [16.2.1]; ``event``: the attack, for an
    attack from march [16.1.4], [16.2.3]); an AT barricade's effects [12.4.4]-[12.4.7] (:mod:`.barricades`)."""
    o = Odds()
    board = ctx.board
    att_sp, def_sp = 0, 0
    afm = event is not None and is_afm(ctx, event)
    barricade = bar.effects(ctx, attackers, defenders)
    two_thirds = Fraction(2, 3)
    fighting: dict[str, int] = {}  # each attacker's SP in this battle, for the edge majority [7.3.5]
    for u in attackers:
        extra = [(two_thirds, f"{ctx.name(u)} attacks from march ×⅔ [16.1.4]")] if afm else []
        if u in barricade.halved:
            extra.append((Fraction(1, 2), f"{ctx.name(u)} attacks through the AT barricade at {barricade.hex} ×½ "
                          "[12.4.6]"))
        extra += special.attacker_factors(ctx, u, defenders)
        sp, why = unit_sp(ctx, u, airborne, attacking=True, extra=extra)
        if sp is None:
            o.missing = f"{ctx.name(u)} has no strength track"
            return o
        sp, direct = art.direct_sp(ctx, u, sp)  # [9.5.1]-[9.5.2]
        att_sp += sp
        fighting[u] = sp
        why += [direct] if direct else []
        o.notes += why
    side = ctx.side_of(attackers[0]) if attackers else None
    def_support = 0
    pooled: list[str] = []  # moved non-motorized guns supporting the attack at full day strength [9.2.6]
    for u in support:  # [9.3.2] support of the attack; the defender's artillery supports the defence [9.4.1]
        defence = side is not None and ctx.side_of(u) not in (None, side)
        sp, why = art.support_sp(ctx, u, attackers if defence else defenders, defence)
        if sp is None:
            o.missing = f"{ctx.name(u)} has no strength track"
            return o
        o.notes += why
        if afm and not defence:
            sp = apply_factors(sp, [two_thirds])  # [16.2.3]
            o.notes.append(f"{ctx.name(u)} supports an attack from march ×⅔ [16.2.3]")
        if defence:
            def_support += sp
        else:
            att_sp += sp  # [9.3.2]
            if sp and not afm and not c.is_night(ctx) and art.moved_foot(ctx, u):
                pooled.append(u)
    excess = art.pooled_half_excess(ctx, pooled)
    if excess:  # [9.2.6] the moved units' sum is halved and rounded up once, not each unit
        att_sp -= excess
        o.notes.append(f"{c.names(ctx, pooled)} moved: ½ of their sum, rounded up once [9.2.6]")
    for u in air:
        sp = c.strength(ctx, u)
        if sp is None:
            o.missing = f"{ctx.name(u)} has no strength track"
            return o
        att_sp += sp  # [26.5.6]
    per_hex = _hex_sp(ctx, defenders)
    dug_in = {u for u in defenders if "entrenched" in ctx.state.markers.get(u, set())
              or "entrenched" in ctx.state.hex_markers.get(ctx.state.position.get(u) or "", set())
              or barricade.entrenched}
    for u in defenders:
        extra = [(two_thirds, f"{ctx.name(u)} defends against an attack from march, not entrenched, ×⅔ [16.1.4]")] \
            if afm and u not in dug_in else []
        extra += special.defender_factors(ctx, u, attackers, defenders)
        sp, why = unit_sp(ctx, u, False, extra=extra)
        if sp is None:
            o.missing = f"{ctx.name(u)} has no strength track"
            return o
        sp, direct = art.direct_sp(ctx, u, sp)  # [9.5.1]-[9.5.2], [9.2.2]
        def_sp += 0 if c.unit_class(ctx, u) == "at_team" else sp  # [35.2] AT teams add no SP
        o.notes += why + ([direct] if direct else [])
    if ctx.policies.get("combat_stack_limit", "at_most_24") == "at_most_24" and len(per_hex) == 1:
        def_sp = min(def_sp, 24)  # [5.1.2]
    def_sp += def_support
    o.att_sp, o.def_sp = att_sp, def_sp
    o.label = ratio_label(att_sp, def_sp)
    if not per_hex:
        return o
    # [7.3.4] the hex of the strongest defenders (ties: the one best for the defender)
    mods = {h: _terrain_mod(ctx, board.terrain(h)) for h in per_hex}
    if any(v is None for v in mods.values()):
        o.missing = "the Terrain Effect chart has no combat modifier for " + ", ".join(
            sorted({board.terrain(h) for h, v in mods.items() if v is None}))
        return o
    dhex = min(per_hex, key=lambda h: (-per_hex[h], mods[h] or 0, h))
    terrain = board.terrain(dhex)
    if mods[dhex]:
        o.shifts.append((f"{terrain} [7.3.2]", mods[dhex] or 0))
    o.terrain_shift += mods[dhex] or 0
    # [7.3.5] a river/scarp edge counts when most of the attacking SP attack across it, counted as they fight
    # (the book's example: a unit halved in a swamp counts its half)
    edge_sp: dict[str, int] = {}
    edge_mod: dict[str, int] = {}
    starred_across = False
    for u in attackers:
        h = ctx.state.position.get(u)
        if not h or not board.adjacent(h, dhex):
            continue
        for s in board.hexside(h, dhex):
            row = c.terrain_row(ctx, s)
            v = (row or {}).get("combat")
            if isinstance(v, int) and v:
                edge_sp[s] = edge_sp.get(s, 0) + fighting.get(u, 0)
                edge_mod[s] = v
                starred_across = starred_across or bool(ctx.values(u).get("black_stars"))
    total_att = sum(fighting.values())
    for s, sp in sorted(edge_sp.items()):
        if 2 * sp > total_att:
            o.shifts.append((f"{s} edge [7.3.5]", edge_mod[s]))
            o.terrain_shift += edge_mod[s]
            break
    if any("entrenched" in ctx.state.markers.get(u, set()) for u in defenders) \
            or "entrenched" in ctx.state.hex_markers.get(dhex, set()):
        o.shifts.append(("entrenched [12.1.6]", -1))
        o.terrain_shift -= 1
    elif barricade.entrenched:
        o.shifts.append((f"attacked through the AT barricade at {barricade.hex}: entrenched [12.4.4], [12.1.6]", -1))
        o.terrain_shift -= 1
    if barricade.through and barricade.armour_only:
        o.shifts.append(("only armour, mechanized and recon cars attack through the AT barricade [12.4.7]",
                         int(ctx.policies.get("at_barricade_modifier", -1))))
    corps = {c.corps_of(ctx, u) for u in attackers} - {None}
    if len(corps) > 1:
        o.shifts.append(("attackers of several corps [7.1.10]", -2))
    if len(per_hex) == 1:
        dirs = {board.grid.directions.index(board.grid.direction(dhex, h)) for u in attackers
                if (h := ctx.state.position.get(u)) and board.adjacent(dhex, h)}
        if len(dirs) >= 4:
            o.shifts.append((f"attacked from {len(dirs)} directions [7.1.13]", len(dirs) - 3))
        elif any((d + 3) % 6 in dirs for d in dirs):
            o.shifts.append(("attacked from opposite sides [7.1.12]", 1))
    if any("ss" in c.tags(ctx, u) and (c.strength(ctx, u) or 0) >= 3 for u in defenders):
        o.shifts.append(("SS defender [43.1.1]", -1))
    o.shifts += special.column_shifts(ctx, attackers, defenders)  # [35.5.6], [35.6.2]
    o.att_rows, o.def_rows = special.casualty_rows(ctx, attackers, defenders)  # [7.2.5] MG and snipers
    bg_att, bg_def = len(groups_fighting(ctx, attackers)), len(groups_fighting(ctx, defenders))
    if bg_att:  # [31.1.2], [31.1.4] +1 for the commanding player, per battlegroup
        o.shifts.append((f"{bg_att} attacking battlegroup(s) [31.1.2]", bg_att))
    if bg_def:
        o.shifts.append((f"{bg_def} defending battlegroup(s) [31.1.2]", -bg_def))
    lost = sorted({h for u in attackers if hq_destroyed(ctx, u) and (h := ctx.state.position.get(u))})
    if lost:  # [14.3.3] -1 for each hex attacked from by units whose HQ was destroyed
        o.shifts.append((f"attacking from {len(lost)} hexes with a destroyed HQ [14.3.3]", -len(lost)))
    # [29.1.1] the best black-star count among armoured attackers, -1 without infantry in its hex [29.1.9];
    # void against woods/city/mountains [29.1.6] and when a starred unit attacks across an edge [7.3.6]
    if terrain not in NO_STARS_TERRAIN and not starred_across and not barricade.through:  # [12.4.5]
        best = 0
        for u in attackers:
            stars = ctx.values(u).get("black_stars")
            if c.is_armoured(ctx, u) and isinstance(stars, int) and stars > 0:
                h = ctx.state.position.get(u)
                infantry = any(c.is_line(ctx, x) and not c.is_armoured(ctx, x) and ctx.side_of(x) == ctx.side_of(u)
                               for x in ctx.state.units_in(h or ""))
                best = max(best, stars - (0 if infantry else 1))
        if best > 0:
            o.optional.append(("black stars [29.1.1]", best))
            o.stars = best
    if any(c.unit_class(ctx, u) == "engineer" and roles.combat_allowed(ctx, u) for u in attackers):  # [20.2.1]
        o.optional.append(("engineers [20.1.5]", 1))
        o.engineers = True
    return o
