"""TiS movement [4], zones of control [6.2], recon movement [11.1] and counterattack moves [8.1.1], [8.2.1].

Each ``move`` is walked leg by leg against the state before it; several ``move`` events of one unit in one phase
add up (the MP budget is the phase's [4.2.2], never carried over [4.2.3]). A move that gives only ``from``/``to``
(as VASSAL logs do) is legal when some path fits (shared path search); otherwise the finding names the binding
constraint (:func:`modgen.rules.movement.binding_constraint`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from modgen.rules.movement import binding_constraint, fmt_mp
from modgen.rules.pathfinding import cheapest_path
from modgen.rules.tis import common as c
from modgen.rules.tis import zoc_exceptions as zx
from modgen.rules.tis.barricades import barricade_mp
from modgen.rules.tis.costs import TisCosts
from modgen.rules.tis.counterattacks import stopped
from modgen.rules.tis.crossings import river_step
from modgen.rules.tis.engineers import MINEFIELD
from modgen.rules.tis.fire import barraged
from modgen.rules.tis.obligations import hq_lost

#: per-phase MP a unit spent firing at range [15.1.6] (written by :mod:`.far`)
FAR_MP_KEY = "tis_far_mp"
#: per-phase MP a unit spent attacking from march [16.1.3] (written by :mod:`.march`)
AFM_MP_KEY = "tis_afm_mp"
#: per-phase units whose moves after their attack from march :mod:`.march` judges [16.2.6], [16.2.14]
AFM_JUDGED_KEY = "tis_afm_judged"
#: per-phase MP a unit spent on other actions: uid -> [(MP, why)] (recon identification [11.4.1], loading [34.2.2])
EXTRA_MP_KEY = "tis_extra_mp"


@dataclass
class Walk:
    """One unit's movement so far this phase."""

    start: str
    spent: Fraction = Fraction(0)
    hexes: int = 0
    stopped: tuple[str, set[str]] | None = None  # (hex, enemy units) where it entered an enemy ZoC [6.2.1]
    legs: list[tuple[str, str, Fraction]] = field(default_factory=list)
    mines: list[tuple[str, int]] = field(default_factory=list)  # (minefield hex entered, its extra MP) [21.2.1]
    barricades: list[tuple[str, str]] = field(default_factory=list)  # AT barricade edges crossed (+3 MP) [12.4.3]


def minefield_mp(ctx: Any, uid: str, h: str) -> int:
    """[21.2.1] the extra MP of entering a minefield hex: 3 for motorized units (armoured and self-propelled ones
    are motor vehicles too), 2 for the others; 0 where there is no minefield. Paid also where a friendly engineer
    stands [21.2.4]."""
    if MINEFIELD not in ctx.state.hex_markers.get(h, ()):
        return 0
    return 3 if c.move_class(ctx, uid) in ("motorized", "armoured") else 2


def allowance(ctx: Any, uid: str) -> tuple[Fraction | None, str]:
    """MP this movement phase and why it is cut: the counter's MP (else the class default of
    ``movement_points``); after a drop ½ [17.2.12], 0 if the unit fought after landing [17.2.10]; after a barrage
    ½ rounded up [9.2.5]; motorized and armoured units out of supply ½ [32.2.2];
    at night [13.1.7] and after the loss of the division HQ [14.3.1] 2 MP (one hex is always
    allowed, [4.2.2]); less 2 MP for each FaR in the phase [15.1.6]."""
    mp = ctx.values(uid).get("movement")
    if not isinstance(mp, int | float):
        by_class = ((ctx.tables.get("movement_points") or {}).get("by_class") or {})
        key = "airborne_hq" if "airborne_hq" in c.tags(ctx, uid) else c.unit_class(ctx, uid)
        mp = by_class.get(key)
    if not isinstance(mp, int | float):
        return None, ""
    st = ctx.state
    group_mp = (st.notes.get("tis_bg_mp") or {}).get(uid)  # [31.1.1] a battlegroup moves at its slowest unit's MP
    mp = min(mp, group_mp) if group_mp is not None else mp
    value = Fraction(mp).limit_denominator(100)
    if uid in st.per_stage.get("fought_after_drop", set()):
        return Fraction(0), " (it fought in the airborne assault phase and may not move [17.2.10])"
    why = ""
    if uid in st.per_stage.get("landed", set()):
        value, why = value / 2, " (half after landing [17.2.12])"  # [3.4.5] half points may be used
    if barraged(ctx, uid):
        value, why = Fraction(math.ceil(value / 2)), why + " (half, rounded up, after firing a barrage [9.2.5])"
    if c.out_of_supply(ctx, uid) and c.move_class(ctx, uid) in ("armoured", "motorized"):
        value, why = value / 2, why + " (half out of supply [32.2.2])"
    if stopped(ctx, uid):
        value, why = value / 2, why + " (half: stopped by a fighter attack, Z [26.4.13])"
    hq = hq_lost(ctx, uid)
    if hq is not None and value > 2:
        value, why = Fraction(2), why + f" (2 MP after the loss of {ctx.name(hq)} [14.3.1])"
    if c.is_night(ctx) and value > 2:
        value, why = Fraction(2), why + (" (2 MP at night [13.1.7], policy night_stage)" if c.night_stage(ctx)
                                         else " (2 MP in bad weather, as at night [45.2.5], [13.1.7])")
    far = (st.per_phase.get(FAR_MP_KEY) or {}).get(uid, 0)
    if far:
        value, why = value - far, why + f" (less {far} MP spent firing at range [15.1.6])"
    afm = (st.per_phase.get(AFM_MP_KEY) or {}).get(uid, 0)
    if afm:
        value, why = value - afm, why + f" (less {afm} MP spent attacking from march [16.1.3])"
    for extra, what in (st.per_phase.get(EXTRA_MP_KEY) or {}).get(uid, []):
        value, why = value - extra, why + f" (less {extra} MP {what})"
    return value, why


class Movement:
    """[4.1.1], [4.1.4], [4.2.1], [4.2.2], [4.3.3], [6.2.1], [6.2.3], [6.2.4], [11.1.1], [11.1.2], [8.1.1],
    [8.2.1]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] != "move" or st.phase not in ("movement", "counterattack") or ctx.board is None:
            return
        uid = ev["unit"]
        side = ctx.side_of(uid)
        if not ctx.unit(uid) or not c.is_ground(ctx, uid):
            return
        if st.phase == "movement" and side != st.side:
            return  # the phase check reports it
        if st.phase == "counterattack" and side == st.side:
            return
        pos = st.position.get(uid)
        path = [h for h in ev.get("path") or [] if isinstance(h, str)]
        if pos is None:
            return  # entering from off map: reinforcement checks
        if uid in (st.per_phase.get(AFM_JUDGED_KEY) or {}):
            return  # after its attack from march: the AfM checks judge the move [16.2.6], [16.2.14]
        if path and path[0] != pos:
            path = [pos, *path]
        if not path:
            to = ev.get("to")
            if not isinstance(to, str) or to == pos:
                return
            path = [pos, to]
        walks: dict[str, Walk] = st.per_phase.setdefault("tis_walks", {})
        self._one_at_a_time(ctx, uid, path, ev)
        if st.phase == "counterattack":
            self._counterattack(ctx, uid, path)
            return
        walk = walks.setdefault(uid, Walk(pos))
        zmap = {} if zx.ignores_zoc(ctx, uid) else c.zoc_map(ctx, side)  # [35.3.3] sabotage units
        costs = TisCosts(ctx, c.move_class(ctx, uid))
        if len(path) == 2 and not ctx.board.adjacent(path[0], path[1]):
            self._search(ctx, uid, path[0], path[1], walk, zmap, costs)
        else:
            self._walk(ctx, uid, path, walk, zmap, costs)

    # ---- one unit at a time -------------------------------------------------------------------------------------
    def _one_at_a_time(self, ctx: Any, uid: str, path: list[str], ev: dict[str, Any]) -> None:
        """[4.1.4]: starting to move a unit ends the previous unit's move (a stack moving together excepted)."""
        pp = ctx.state.per_phase
        group: dict[str, Any] | None = pp.get("tis_mover")
        key = (path[0], path[-1])
        if group is not None and (uid in group["units"] or key == group["key"]):
            group["units"].add(uid)
            group["key"] = key if uid == group["lead"] else group["key"]
            return
        done: set[str] = pp.setdefault("tis_done", set())
        if group is not None:
            done |= group["units"]
        if uid in done:
            ctx.error(ctx.rule("4.1.4"), f"{ctx.name(uid)} moves again after another unit started moving; a "
                      "unit's move ends when the next unit starts", units=[uid], hexes=[path[0]])
        pp["tis_mover"] = {"units": {uid, *(ev.get("stack") or [])}, "key": key, "lead": uid}

    # ---- a given path -------------------------------------------------------------------------------------------
    def _walk(self, ctx: Any, uid: str, path: list[str], walk: Walk, zmap: dict[str, set[str]],
              costs: TisCosts) -> None:
        side, nm, board = ctx.side_of(uid), ctx.name(uid), ctx.board
        recon = c.unit_class(ctx, uid) == "recon"
        limit, why = allowance(ctx, uid)
        for a, b in zip(path, path[1:], strict=False):
            if not board.adjacent(a, b):
                ctx.error("LOG", f"{nm}'s path jumps from {a} to {b}, which are not adjacent", units=[uid],
                          hexes=[a, b])
                return
            bend = zx.leg(ctx, uid, a, b, zmap)  # [28.1.4] commandos, [13.1.5] night infiltration
            if walk.stopped is not None and not recon and not bend.go_on:
                h, who = walk.stopped
                ctx.error(ctx.rule("6.2.1"), f"{nm} moves on from {h} after entering the ZoC of "
                          f"{c.names(ctx, sorted(who))}; a unit entering an enemy ZoC stops at once",
                          units=[uid, *sorted(who)], hexes=[h, b], path=path)
                return
            if self._enemy(ctx, uid, side, b, path):
                return
            first = walk.hexes == 0 and a == walk.start
            special = river_step(ctx, uid, a, b, first, limit, costs)  # [24.1], [25.1], [36.1], [20.1.1]
            if special is not None and not special[0]:
                return
            cost = special[1] if special is not None else costs.step(a, b)
            if special is not None and cost is None:
                ctx.could_not_check(ctx.rule("25.1.2"), f"{nm} has no movement points in the data")
                return
            if cost is None:
                if costs.unknown:
                    ctx.could_not_check(ctx.rule("4.1.1"), f"the Terrain Effect chart has no row for "
                                        f"{costs.unknown[-1]!r}")
                    return
                ctx.error(ctx.rule("4.1.1"), f"{nm} cannot move from {a} to {b}: {costs.reason(a, b)}",
                          units=[uid], hexes=[a, b], path=path)
                return
            shared = zmap.get(a, set()) & zmap.get(b, set())
            if shared and not bend.within:
                rule = "11.1.2" if recon else "6.2.4"
                ctx.error(ctx.rule(rule), f"{nm} moves from {a} to {b}, both in the ZoC of "
                          f"{c.names(ctx, sorted(shared))}; a unit may not move within an enemy ZoC (only from "
                          "one enemy's ZoC into another's) [6.2.3]", units=[uid, *sorted(shared)], hexes=[a, b],
                          path=path)
                return
            if recon and zmap.get(a):
                cost += 3  # [11.1.1] leaving an enemy ZoC
            cost += bend.extra
            mine = minefield_mp(ctx, uid, b)
            if mine:
                cost += mine
                walk.mines.append((b, mine))
            if barricade_mp(ctx, uid, a, b):
                cost += 3
                walk.barricades.append((a, b))
            walk.spent += cost
            walk.hexes += 1
            walk.legs.append((a, b, cost))
            if zmap.get(b) and not bend.no_stop:
                walk.stopped = (b, zmap[b])
            elif bend.no_stop:
                walk.stopped = None
        self._budget(ctx, uid, walk, limit, why, path)

    def _enemy(self, ctx: Any, uid: str, side: str | None, h: str, path: list[str]) -> bool:
        """[4.2.1]: no entry into an enemy-occupied hex, except one holding only HQs [14.1.5]."""
        there = c.enemies_in(ctx, h, side)
        if there and any(c.unit_class(ctx, u) not in ("hq", "transport") for u in there):
            ctx.error(ctx.rule("4.2.1"), f"{ctx.name(uid)} enters {h}, which holds enemy units "
                      f"({c.names(ctx, there)})", units=[uid, *there], hexes=[h], path=path)
            return True
        return False

    def _budget(self, ctx: Any, uid: str, walk: Walk, limit: Fraction | None, why: str, path: list[str]) -> None:
        if limit is None:
            ctx.could_not_check(ctx.rule("4.2.2"), f"{ctx.name(uid)} has no movement points in the data")
            return
        if walk.spent <= limit or (walk.hexes == 1 and limit > 0):
            return  # [4.2.2] one adjacent hex is always allowed
        legs = ", ".join(f"{b} {fmt_mp(x)}" for _a, b, x in walk.legs)
        mines = "".join(f" (minefield at {h}: +{x} MP [21.2.1])" for h, x in walk.mines)
        mines += "".join(f" (AT barricade between {a} and {b}: +3 MP [12.4.3])" for a, b in walk.barricades)
        ctx.error(ctx.rule("4.2.2"), f"{ctx.name(uid)} spends {fmt_mp(walk.spent)} MP this movement phase but has "
                  f"{fmt_mp(limit)}{why}: {walk.start} → {legs}{mines}", units=[uid], hexes=[walk.start, path[-1]],
                  path=[walk.start, *[b for _a, b, _x in walk.legs]])

    # ---- only from/to known -------------------------------------------------------------------------------------
    def _search(self, ctx: Any, uid: str, start: str, goal: str, walk: Walk, zmap: dict[str, set[str]],
                costs: TisCosts) -> None:
        side, board = ctx.side_of(uid), ctx.board
        recon = c.unit_class(ctx, uid) == "recon"
        limit, why = allowance(ctx, uid)
        if limit is None:
            ctx.could_not_check(ctx.rule("4.2.2"), f"{ctx.name(uid)} has no movement points in the data")
            return
        left = limit - walk.spent
        enemy = c.is_enemy(ctx, side)
        blocked = {h for u, h in ctx.state.position.items() if h is not None and enemy(u) and c.is_ground(ctx, u)
                   and c.unit_class(ctx, u) not in ("hq", "transport")}

        def search(relaxed: frozenset[str], cap: Fraction | None = left) -> Any:
            def step(a: str, b: str) -> Fraction | None:
                if "enemy" not in relaxed and b in blocked:
                    return None
                if "zoc" not in relaxed and zmap.get(a, set()) & zmap.get(b, set()):
                    return None
                x = costs.step(a, b)
                return None if x is None else x + (3 if recon and zmap.get(a) else 0) + minefield_mp(ctx, uid, b) \
                    + barricade_mp(ctx, uid, a, b)

            def may_leave(h: str) -> bool:
                return recon or "zoc" in relaxed or not zmap.get(h)

            if walk.stopped is not None and not recon and "zoc" not in relaxed:
                return None
            return cheapest_path(start, goal, board.neighbours, step, may_leave, cap)

        found = search(frozenset())
        if found is not None:
            cost, p = found
            walk.spent += cost
            walk.hexes += len(p) - 1
            walk.legs += [(a, b, (costs.step(a, b) or Fraction(0)) + minefield_mp(ctx, uid, b)
                           + barricade_mp(ctx, uid, a, b)) for a, b in zip(p, p[1:], strict=False)]
            walk.barricades += [(a, b) for a, b in zip(p, p[1:], strict=False) if barricade_mp(ctx, uid, a, b)]
            walk.mines += [(b, x) for b in p[1:] if (x := minefield_mp(ctx, uid, b))]
            if zmap.get(goal):
                walk.stopped = (goal, zmap[goal])
            return
        head = f"{ctx.name(uid)} cannot reach {goal} from {start} with {fmt_mp(left)} MP left{why}"
        bound = binding_constraint(("zoc", "enemy"), search)
        if bound is not None:
            name, (cost, p) = bound
            if name == "zoc":
                h = next((x for x in p[1:-1] if zmap.get(x)), p[0])
                who = sorted(zmap.get(h, set()))
                ctx.error(ctx.rule("6.2.1"), f"{head}: every path that fits leaves the enemy ZoC at {h} (of "
                          f"{c.names(ctx, who)}) after entering it", units=[uid, *who], hexes=[start, h, goal],
                          path=p)
            else:
                h = next(x for x in p[1:] if x in blocked)
                who = c.enemies_in(ctx, h, side)
                ctx.error(ctx.rule("4.2.1"), f"{head}: every path that fits passes through {h}, which holds enemy "
                          f"units ({c.names(ctx, who)})", units=[uid, *who], hexes=[start, h, goal], path=p)
            return
        free = search(frozenset({"zoc", "enemy"}), None)
        tail = f"; the cheapest path costs {fmt_mp(free[0])} MP" if free else "; no path reaches it"
        ctx.error(ctx.rule("4.2.2"), head + tail, units=[uid], hexes=[start, goal], path=free[1] if free else [])

    # ---- counterattack moves --------------------------------------------------------------------------------------
    def _counterattack(self, ctx: Any, uid: str, path: list[str]) -> None:
        """[8.1.1] one hex, ending in an enemy ZoC; [8.2.1] not from an enemy ZoC; [4.2.1] not into enemies."""
        side, nm = ctx.side_of(uid), ctx.name(uid)
        zmap = c.zoc_map(ctx, side)
        start, end = path[0], path[-1]
        if len(path) != 2 or not ctx.board.adjacent(start, end):
            ctx.error(ctx.rule("8.1.1"), f"{nm} moves {len(path) - 1} hexes in the counterattack phase; a "
                      "counterattack move is one hex", units=[uid], hexes=[start, end], path=path)
            return
        if self._enemy(ctx, uid, side, end, path):
            return
        if zmap.get(start):
            who = sorted(zmap[start])
            ctx.error(ctx.rule("8.2.1"), f"{nm} starts the counterattack phase in the ZoC of {c.names(ctx, who)} "
                      "and may not counterattack", units=[uid, *who], hexes=[start])
        elif not zmap.get(end):
            ctx.error(ctx.rule("8.1.1"), f"{nm} moves to {end} in the counterattack phase, which is in no enemy "
                      "ZoC; a counterattack move must end in one", units=[uid], hexes=[start, end])
