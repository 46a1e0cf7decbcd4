"""TiS combat results applied: retreat [7.4], the losses a retreat costs and their order [7.2.6], [7.4.4], [9.5.5],
[7.6.1]-[7.6.2], and pursuit [7.5], [7.6.3]-[7.6.5].

After a battle's ``result`` (``B2``: the defenders retreat 2 hexes; ``A1``: the attackers 1 [7.2.2]) the log
gives ``loss`` events (the Casualties after Battle losses, reason ``combat``, checked by :mod:`.combat`),
``retreat`` events (path from the hex fought on) with ``loss`` events reason ``retreat`` for what the retreat costs,
and ``advance`` events for pursuit. Everything is checked when the next battle, phase or stage starts.
"""

from __future__ import annotations

import heapq
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.crossings import engineers_in_range

_RESULT = re.compile(r"^\s*([AB])\s*([1-4])")
#: [7.4.1] units that never retreat (data tag), [9.5.5], [10.2.2] units that lose an EP per hex retreated
NEVER_RETREATS = "stationary"
_COMBAT_REASONS = (None, "combat", "casualties")


@dataclass
class Beaten:
    """The battle whose result is being applied."""

    losers: list[str]  # the side the result makes retreat, with their stack-mates [7.4.7], [7.5.9]
    winners: list[str]  # units that fought directly on the other side [7.5.1]
    hexes: int  # retreat length
    start: dict[str, str]  # unit -> hex it fought on
    index: int
    routes: dict[str, list[str]] = field(default_factory=dict)  # unit -> [start, hexes entered]
    owed: dict[str, int] = field(default_factory=dict)  # start hex -> EP the retreat costs the stack
    why: dict[str, list[str]] = field(default_factory=dict)  # start hex -> what it is owed for
    paid: dict[str, int] = field(default_factory=dict)  # start hex -> EP logged with reason retreat
    passages: dict[str, int] = field(default_factory=dict)  # start hex -> hexes entered in an enemy ZoC [7.4.4]
    small_rivers: dict[str, tuple[str, int]] = field(default_factory=dict)  # unit -> (near-bank hex, EP) [7.6.2]
    far_bank: dict[str, str] = field(default_factory=dict)  # unit -> far-bank hex no friendly engineer reaches [7.6.1]
    pursued: set[str] = field(default_factory=set)  # hexes pursuers entered
    retreated_at: int | None = None  # first retreat event of the battle


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def _sp_loss(ctx: Any, units: list[str]) -> int:
    """[7.6.1] EP lost crossing a river by the stack's SP: 13-24 SP 2, 1-12 SP 1."""
    sp = sum(c.strength(ctx, u) or 0 for u in units)
    return 2 if sp >= 13 else 1


class Retreats:
    """[7.2.1] g), [7.2.6], [7.4.1], [7.4.3], [7.4.4], [7.4.7], [9.5.5], [7.6.1], [7.6.2], [7.5.1]-[7.5.7],
    [7.6.3]-[7.6.5]."""

    def __init__(self) -> None:
        self.b: Beaten | None = None
        self.unjudged = False  # the battle's result is not the CRT's: its retreats and pursuit are not judged

    # ---- hooks ----------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("attack", "phase", "turn"):
            self._close(ctx)
        if ctx.board is None:
            return
        if t == "result":
            self._result(ctx, ev)
        elif t in ("retreat", "advance") and (self.unjudged or ctx.state.phase not in ("combat", "airborne",
                                                                                        "movement")):
            return  # the phase check reports it [3.3], or the combat check the result
        elif t == "retreat":
            self._retreat(ctx, ev)
        elif t == "advance":
            self._pursuit(ctx, ev)
        elif t == "loss" and self.b is not None:
            self._loss(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        self._close(ctx)

    def finish(self, ctx: Any) -> None:
        self._close(ctx)

    # ---- the result -----------------------------------------------------------------------------------------
    def _result(self, ctx: Any, ev: dict[str, Any]) -> None:
        self._close(ctx)
        att = ctx.state.current_attack
        m = _RESULT.match(str(ev.get("result", "")))
        self.unjudged = att is not None and bool(att.data.get("tis_wrong_result"))
        if att is None or m is None or att.event.get("kind") in ("barrage", "fire", "bombardment") \
                or self.unjudged:
            return  # a result the CRT does not give is reported once (combat); its retreat is not judged on top
        pos = ctx.state.position
        losers = att.attackers if m.group(1) == "A" else att.defenders
        winners = att.defenders if m.group(1) == "A" else att.attackers
        side = ctx.side_of(losers[0]) if losers else None
        stack: list[str] = []
        for h in dict.fromkeys(pos.get(u) for u in losers if pos.get(u)):
            stack += [u for u in ctx.state.units_in(h or "") if ctx.side_of(u) == side and c.is_ground(ctx, u)]
        self.b = Beaten(losers=list(dict.fromkeys(losers + stack)), winners=list(winners), hexes=int(m.group(2)),
                        start={u: pos[u] for u in dict.fromkeys(losers + stack) if pos.get(u)},
                        index=ctx.index or 0)

    def _loss(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.b
        assert b is not None
        uid = ev["unit"]
        if uid not in b.start:
            return
        steps = int(ev.get("steps") or (c.ep_left(ctx, uid) if ev.get("eliminated", True) else 0))
        if ev.get("reason") in _COMBAT_REASONS:
            if b.retreated_at is not None:
                ctx.error(ctx.rule("7.2.6"), f"{ctx.name(uid)} takes its Casualties after Battle losses after the "
                          "retreat began; losses are marked first, then retreats are carried out [7.2.1] g)",
                          units=[uid])
        elif ev.get("reason") == "retreat":
            h = b.start[uid]
            b.paid[h] = b.paid.get(h, 0) + steps

    # ---- retreat --------------------------------------------------------------------------------------------
    def _forbidden(self, ctx: Any, uid: str, a: str, bx: str, zmap: dict[str, set[str]]) -> str | None:
        """Why a retreat may not step from ``a`` into ``bx`` [7.4.3], or None."""
        board, side = ctx.board, ctx.side_of(uid)
        if not board.on_map(bx):
            return f"{bx} is off the map"
        if c.river(ctx, a, bx) == "big_river":
            return f"the hexside {a}-{bx} is a big river"
        if c.enemies_in(ctx, bx, side):
            return f"{bx} holds enemy units ({c.names(ctx, c.enemies_in(ctx, bx, side))})"
        if c.forbidden(ctx, a, bx, c.move_class(ctx, uid)):
            return f"{bx} is {board.terrain(bx)}, forbidden to the unit [4.3.3]"
        friends = [u for u in ctx.state.units_in(bx) if ctx.side_of(u) == side and u != uid]
        if zmap.get(bx) and not friends:
            return f"{bx} is in the ZoC of {c.names(ctx, sorted(zmap[bx]))}"
        return None

    def _farthest(self, ctx: Any, uid: str, start: str, n: int) -> int:
        """How far from ``start`` (at most ``n``) a legal retreat can end: no MP limit [7.4.3], so any path."""
        zmap = c.zoc_map(ctx, ctx.side_of(uid))
        seen, queue, best = {start}, deque([start]), 0
        while queue:
            a = queue.popleft()
            for bx in ctx.board.neighbours(a):
                d = ctx.board.distance(start, bx)
                if bx in seen or d > n or self._forbidden(ctx, uid, a, bx, zmap):
                    continue
                seen.add(bx)
                best = max(best, d)
                queue.append(bx)
        return best

    def _retreat(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, b, board = ev["unit"], self.b, ctx.board
        nm = ctx.name(uid)
        if b is None or uid not in b.start:
            if uid in (ctx.state.per_phase.get("tis_far_retreat") or {}):
                return  # the one-hex retreat of a FaR morale roll [15.4.1], [15.4.2] (far_results.py)
            ctx.error(ctx.rule("7.4.1"), f"{nm} retreats, but no combat result makes it retreat", units=[uid])
            return
        if NEVER_RETREATS in c.tags(ctx, uid):
            ctx.error(ctx.rule("7.4.1"), f"{nm} is stationary and does not retreat [7.4.1]; it takes the losses "
                      "for not retreating instead [7.2.6] a)", units=[uid])
        b.retreated_at = b.retreated_at if b.retreated_at is not None else ctx.index
        start = b.start[uid]
        path = [h for h in ev.get("path") or [] if isinstance(h, str)]
        path = path if path and path[0] == start else [start, *path]
        zmap = c.zoc_map(ctx, ctx.side_of(uid))
        passages = 0
        for i, (a, bx) in enumerate(zip(path, path[1:], strict=False)):
            if not board.adjacent(a, bx):
                ctx.error("LOG", f"{nm}'s retreat jumps from {a} to {bx}, which are not adjacent", units=[uid],
                          hexes=[a, bx])
                return
            why = self._forbidden(ctx, uid, a, bx, zmap)
            if why:
                ctx.error(ctx.rule("7.4.3"), f"{nm} retreats from {a} into {bx}: {why}; a retreat may not leave the "
                          "map, cross a big river, enter an enemy ZoC or forbidden terrain", units=[uid],
                          hexes=[a, bx], path=path)
                return
            if zmap.get(bx):
                passages += 1  # [7.4.4] through friendly units in an enemy ZoC
            if c.river(ctx, a, bx) == "small_river" and uid not in b.small_rivers:
                b.small_rivers[uid] = (a, i)
                anyone = ctx.policies.get("river_retreat_engineers", "any_friendly") == "any_friendly"
                if not engineers_in_range(ctx, uid, bx, any_command=anyone):
                    b.far_bank[uid] = bx  # [7.6.1]: +2 EP per stack out of engineer range
        b.routes[uid] = path
        end = path[-1]
        dist = board.distance(start, end)
        if dist > b.hexes:
            ctx.error(ctx.rule("7.4.1"), f"{nm} retreats {dist} hexes from {start} to {end}; the result makes it "
                      f"retreat {b.hexes}", units=[uid], hexes=[start, end], path=path)
        elif dist < b.hexes:
            far = self._farthest(ctx, uid, start, b.hexes)
            if far > dist:
                ctx.error(ctx.rule("7.4.1"), f"{nm} ends its retreat {dist} hexes from {start} at {end}, but a "
                          f"retreat of {far} hexes was open; it must retreat {b.hexes} hexes, or as far as "
                          "possible", units=[uid], hexes=[start, end], path=path)
            self._owe(b, start, b.hexes - max(dist, far), f"{nm} retreats {b.hexes - max(dist, far)} hexes short "
                      "[7.2.6] a)")
        if c.unit_class(ctx, uid) in ("artillery", "aa_artillery") and "self_propelled" not in c.symbol_types(ctx,
                                                                                                          uid):
            self._owe(b, start, len(path) - 1, f"{nm} is field artillery retreating {len(path) - 1} hexes [9.5.5]")
        if passages:
            b.passages[start] = max(b.passages.get(start, 0), passages)
        self._least_losses(ctx, uid, path, passages, zmap)

    def _least_losses(self, ctx: Any, uid: str, path: list[str], passages: int, zmap: dict[str, set[str]]) -> None:
        """[7.4.2]: among the retreats that end as far as the result asks (or as far as possible), the one taken
        costs the fewest EP: hexes of friends in an enemy ZoC [7.4.4] and, for field artillery, hexes retreated
        [9.5.5]."""
        b, board = self.b, ctx.board
        assert b is not None
        start, end = path[0], path[-1]
        target = min(b.hexes, self._farthest(ctx, uid, start, b.hexes))
        if board.distance(start, end) != target or target == 0:
            return  # a wrong length is reported as [7.4.1]
        per_hex = 1 if c.unit_class(ctx, uid) in ("artillery", "aa_artillery") \
            and "self_propelled" not in c.symbol_types(ctx, uid) else 0
        cost_of = len(path) - 1 if per_hex else 0
        taken = passages + cost_of
        best: dict[str, int] = {}
        heap = [(0, start)]
        while heap:
            d, h = heapq.heappop(heap)
            if h in best:
                continue
            best[h] = d
            for n in board.neighbours(h):
                if n not in best and board.distance(start, n) <= b.hexes and not self._forbidden(ctx, uid, h, n,
                                                                                                   zmap):
                    heapq.heappush(heap, (d + per_hex + (1 if zmap.get(n) else 0), n))
        least = min((v for h, v in best.items() if board.distance(start, h) == target), default=taken)
        if taken > least:
            ends = sorted(h for h, v in best.items() if board.distance(start, h) == target and v == least)
            ctx.error(ctx.rule("7.4.2"), f"{ctx.name(uid)} retreats {'→'.join(path)}, losing {taken} EP on the way, "
                      f"but a retreat of the same length to {', '.join(ends)} loses {least}; a retreating unit "
                      "withdraws the way that costs it the least", units=[uid], hexes=path, path=path)

    @staticmethod
    def _owe(b: Beaten, h: str, n: int, why: str) -> None:
        if n > 0:
            b.owed[h] = b.owed.get(h, 0) + n
            b.why.setdefault(h, []).append(why)

    # ---- pursuit --------------------------------------------------------------------------------------------
    def _pursuit(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, b, board = ev["unit"], self.b, ctx.board
        nm = ctx.name(uid)
        pos = ctx.state.position.get(uid)
        path = [h for h in ev.get("path") or [] if isinstance(h, str)]
        entered = path[1:] if path and path[0] == pos else path
        if b is None or not (b.routes or any(u not in ctx.state.position or ctx.state.position[u] is None
                                             for u in b.start)):
            ctx.error(ctx.rule("7.5.1"), f"{nm} pursues, but no beaten unit retreated or was eliminated",
                      units=[uid])
            return
        if uid not in b.winners:
            ctx.error(ctx.rule("7.5.1"), f"{nm} pursues but did not fight directly on the winning side; only "
                      "victorious units that fought directly pursue", units=[uid, *b.losers])
            return
        if c.unit_class(ctx, uid) in ("artillery", "aa_artillery", "at_artillery") \
                and "self_propelled" not in c.symbol_types(ctx, uid):
            ctx.error(ctx.rule("7.5.6"), f"{nm} is artillery and may not pursue (only SP artillery may)",
                      units=[uid])
            return
        if not entered:
            return
        side = ctx.side_of(uid)
        walk = [pos, *entered] if pos else entered
        for a, bx in zip(walk, walk[1:], strict=False):
            if not board.adjacent(a, bx):
                ctx.error("LOG", f"{nm}'s pursuit jumps from {a} to {bx}", units=[uid], hexes=[a, bx])
                return
            there = c.enemies_in(ctx, bx, side)
            if there:
                ctx.error(ctx.rule("4.2.1"), f"{nm} pursues into {bx}, which holds enemy units "
                          f"({c.names(ctx, there)})", units=[uid, *there], hexes=[bx], path=walk)
                return
            if c.forbidden(ctx, a, bx, c.move_class(ctx, uid)):
                ctx.error(ctx.rule("7.5.5"), f"{nm} pursues into {bx} ({board.terrain(bx)}), terrain forbidden to "
                          "it [4.3.3]", units=[uid], hexes=[bx], path=walk)
                return
        if not self._rivers(ctx, uid, walk, b):
            return
        routes = list(b.routes.values())
        ok = any(self._follows(ctx, entered, r) for r in routes)
        gone = [h for u, h in b.start.items() if ctx.state.position.get(u) is None]
        if not ok and gone:
            ok = self._after_elimination(ctx, uid, entered, gone, walk)
            if ok is None:
                return
        if not ok:
            shown = "; ".join("→".join(r) for r in routes) or "none"
            ctx.error(ctx.rule("7.5.4"), f"{nm} pursues {'→'.join(walk)}, which does not follow a retreat route "
                      f"({shown}): a pursuer enters the beaten unit's hex first, goes along the route no farther "
                      "than it, and stops on the first hex off it", units=[uid], hexes=entered, path=walk)
        b.pursued.update(entered)

    @staticmethod
    def _follows(ctx: Any, entered: list[str], route: list[str]) -> bool:
        """[7.5.1], [7.5.4]: a prefix of the route (its first hex first), or such a prefix and one hex off it."""
        if len(entered) > len(route) or not entered:
            return False
        k = 0
        while k < len(entered) and entered[k] == route[k]:
            k += 1
        if k == len(entered):
            return True
        return k == len(entered) - 1 and k >= 1 and entered[k] not in route and ctx.board.adjacent(route[k - 1],
                                                                                                    entered[k])

    def _after_elimination(self, ctx: Any, uid: str, entered: list[str], gone: list[str], walk: list[str]) -> Any:
        """[7.5.7]: into the eliminated unit's hex, then up to 2 hexes, stopping on entering an enemy ZoC."""
        if entered[0] not in gone:
            return False
        if len(entered) > 3:
            ctx.error(ctx.rule("7.5.7"), f"{ctx.name(uid)} pursues {len(entered) - 1} hexes beyond {entered[0]}, "
                      "the eliminated unit's hex; after an elimination the pursuer enters that hex and at most 2 "
                      "hexes more", units=[uid], hexes=entered, path=walk)
            return None
        zmap = c.zoc_map(ctx, ctx.side_of(uid))
        for h in entered[1:-1]:
            if zmap.get(h):
                ctx.error(ctx.rule("7.5.7"), f"{ctx.name(uid)} pursues on from {h}, in the ZoC of "
                          f"{c.names(ctx, sorted(zmap[h]))}; after the enemy is eliminated the pursuer moves 2 "
                          "hexes but stops in an enemy ZoC", units=[uid, *sorted(zmap[h])], hexes=[h], path=walk)
                return None
        return True

    def _rivers(self, ctx: Any, uid: str, walk: list[str], b: Beaten) -> bool:
        """[7.6.3], [7.6.4]: across a big river only infantry, motorcycles and cavalry pursue; across a small river
        armour and motorized units only from next to it, with an engineer or pontoon column of their corps in the
        stack, and their pursuit ends after the crossing (infantry, motorcycles and cavalry go on across a small
        river, [7.6.3] last sentence; across a big river every pursuit ends). A bridge lifts this [7.6.5]."""
        mclass = c.move_class(ctx, uid)
        motor = mclass in ("armoured", "motorized")
        for i, (a, bx) in enumerate(zip(walk, walk[1:], strict=False)):
            r = c.river(ctx, a, bx)
            if r is None:
                continue
            nm = ctx.name(uid)
            if r == "big_river" and motor:
                ctx.error(ctx.rule("7.6.4"), f"{nm} pursues across the big river at {a}-{bx}; only infantry, "
                          "motorcycle and cavalry units pursue across a big river", units=[uid], hexes=[a, bx],
                          path=walk)
                return False
            if r == "small_river" and motor:
                corps = c.corps_of(ctx, uid)
                helpers = [u for u in ctx.state.units_in(walk[0]) if u != uid and c.unit_class(ctx, u) in
                           ("engineer", "pontoon") and c.corps_of(ctx, u) == corps]
                if i != 0 or not helpers:
                    ctx.error(ctx.rule("7.6.3"), f"{nm} pursues across the small river at {a}-{bx}; armour and "
                              "motorized units pursue across a small river only from the hex next to it, with an "
                              "engineer or pontoon column of their corps in the stack", units=[uid],
                              hexes=[a, bx], path=walk)
                    return False
            if i + 2 < len(walk) and (r == "big_river" or motor):  # [7.6.3] last sentence: not for infantry
                ctx.error(ctx.rule("7.6.4" if r == "big_river" else "7.6.3"), f"{nm} pursues on after crossing "
                          f"the river at {a}-{bx}; the pursuit ends after the crossing", units=[uid],
                          hexes=[bx, walk[-1]], path=walk)
                return False
        return True

    # ---- at the end of the battle ---------------------------------------------------------------------------
    def _close(self, ctx: Any) -> None:
        b, self.b, self.unjudged = self.b, None, False
        if b is None or ctx.board is None:
            return
        pos = ctx.state.position
        by_hex: dict[str, list[str]] = {}
        for u, h in b.start.items():
            by_hex.setdefault(h, []).append(u)
        for h, units in sorted(by_hex.items()):
            stayed = [u for u in units if pos.get(u) == h and u not in b.routes]
            moved = [u for u in units if u in b.routes]
            for u in stayed:
                if NEVER_RETREATS in c.tags(ctx, u):
                    self._owe(b, h, b.hexes, f"{ctx.name(u)} does not retreat [7.2.6] a)")
                    continue
                far = self._farthest(ctx, u, h, b.hexes)
                if far:
                    rule = "7.4.7" if moved else "7.4.1"
                    ctx.error(ctx.rule(rule), f"{ctx.name(u)} stays at {h} after a result that makes its stack "
                              f"retreat {_hexes(b.hexes)}, with a retreat open; a unit that can retreat must, and the "
                              "whole stack retreats", units=[u], hexes=[h], event_index=b.index)
                else:
                    self._owe(b, h, b.hexes, f"{ctx.name(u)} cannot retreat [7.2.6] a)")
            unreached = ""
            for u in moved:
                near = b.small_rivers.get(u)
                if near is not None and near[0] in b.pursued:  # [7.6.2] chased to the river line
                    self._owe(b, h, _sp_loss(ctx, [u]), f"{ctx.name(u)} retreats across a small river after a "
                              "chase to its line [7.6.1], [7.6.2]")
                    unreached = unreached or b.far_bank.get(u, "")
            if unreached:  # once per stack
                self._owe(b, h, 2, f"no friendly engineer's range reaches {unreached} across the river: 2 EP more "
                          "per stack [7.6.1]")
            if b.passages.get(h):
                self._owe(b, h, b.passages[h], f"the stack passes {b.passages[h]} hexes of friendly units in an "
                          "enemy ZoC [7.4.4]")
            owed = b.owed.get(h, 0)
            left = sum(c.ep_left(ctx, u) for u in units if pos.get(u) is not None)
            paid = b.paid.get(h, 0)
            if owed and paid < owed and left > 0:
                ctx.error(ctx.rule("7.2.6"), f"the units retreating from {h} ({c.names(ctx, units)}) lose {paid} EP "
                          f"for the retreat but owe {owed}: {'; '.join(b.why.get(h, []))}", units=units, hexes=[h])
            elif paid > owed:
                ctx.error(ctx.rule("7.2.6"), f"the units retreating from {h} ({c.names(ctx, units)}) lose {paid} EP "
                          f"for the retreat, but it costs {owed}", units=units, hexes=[h])
