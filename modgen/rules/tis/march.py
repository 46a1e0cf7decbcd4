"""TiS attack from march (AfM) [16]: a direct combat in the phasing player's movement phase.

In the log an AfM is an ``attack`` in the movement phase with ``kind`` ``march`` (``!attack 1111 -> 1211 march``);
a movement-phase ``attack`` without a kind is read as one too (the other movement-phase combats say what they
are: ``recon`` attacks [11], CAS ``air`` support rides on the AfM itself [16.2.1]). Its odds, CRT and casualties
are the combat checks' (:mod:`.combat`, with the ⅔ strengths of [16.1.4], [16.2.3] from :mod:`.odds`); its retreats
and pursuit the retreat checks' (:mod:`.retreats`).

Checked here: all attackers on one hex and every unit whose ZoC covers that hex attacked [16.1.1]; 1 MP from each
attacker [16.1.3] (the MP is taken off its allowance, :func:`.movement.allowance`); not across a scarp or a big river
without a bridge [16.1.5]; artillery support only self-propelled [16.2.2]; after the battle the victors do not move
[16.2.6] and an attacker that neither won nor lost may go back one hex the way it came [16.2.14]; a defender beaten
(Bx) loses its ZoC until the attacker's next unit or stack has moved [16.2.7], and a stack that used that may not
split in the phase [16.2.12]; the defender does not retreat along a road unless no other way is open or it stands in
a city [16.2.13]; attackers without a Bx result do not fight in the next combat phase [16.2.15].
"""

from __future__ import annotations

import re
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.movement import AFM_JUDGED_KEY, AFM_MP_KEY, allowance

AFM_KINDS = ("march", "afm")
#: movement-phase combats that are not an AfM (another check's): recon attacks [11]
OTHER_KINDS = ("recon", "surprise", "identify", "identification", "barrage", "fire", "bombardment")
#: per_player_turn: attackers barred from the next combat phase [16.2.15] (read by :mod:`.obligations`)
BARRED_KEY = "tis_afm_barred"
_RESULT = re.compile(r"^\s*([AB])\s*([0-9]+)")
CITY = ("city",)


def is_afm(ctx: Any, ev: dict[str, Any]) -> bool:
    """Whether an ``attack`` event is an attack from march [16]."""
    kind = ev.get("kind")
    if kind in AFM_KINDS:
        return True
    return kind is None and ctx.state.phase == "movement"


def _units(ev: dict[str, Any], key: str) -> list[str]:
    return [u for u in ev.get(key) or [] if isinstance(u, str)]


def _road(ctx: Any, a: str, b: str) -> bool:
    return "road" in {t.split(":")[0] for t in ctx.board.lines(a, b)}


class AttackFromMarch:
    """[16.1.1]-[16.1.5], [16.2.2], [16.2.6], [16.2.7], [16.2.12]-[16.2.15]."""

    def __init__(self) -> None:
        self.battle: dict[str, Any] | None = None

    # ---- hooks ----------------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, st = ev["type"], ctx.state
        if ctx.board is None:
            return
        if t in ("attack", "phase", "turn"):
            self.battle = None
        if t == "attack":
            self._attack(ctx, ev)
        elif t == "result" and self.battle is not None:
            self._result(ctx, ev)
        elif t == "retreat" and self.battle is not None and ev.get("unit") in self.battle["dfn"]:
            self._road_retreat(ctx, ev)
        elif t == "move" and st.phase == "movement":
            self._disorganized(ctx, ev)
            self._after_battle(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        """[16.2.12]: a stack that used [16.2.7] ends the movement phase together."""
        st = ctx.state
        if st.phase != "movement":
            return
        moved = st.per_phase.get("tis_afm_moved", set())  # already reported [16.2.6]
        for group in st.per_phase.get("tis_afm_stacks", []):
            if group & moved:
                continue
            hexes = {u: st.position.get(u) for u in sorted(group) if st.position.get(u) is not None}
            if len(set(hexes.values())) > 1:
                where = ", ".join(f"{ctx.name(u)} at {h}" for u, h in hexes.items())
                ctx.error(ctx.rule("16.2.12"), f"a stack that used the beaten defender's lost ZoC [16.2.7] splits "
                          f"before the end of the movement phase ({where}); it may not split until then",
                          units=sorted(hexes), hexes=sorted(set(hexes.values())))

    # ---- the declaration ------------------------------------------------------------------------------------------
    def _attack(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        att = [u for u in _units(ev, "attackers") if c.unit_class(ctx, u) != "air"]
        dfn, sup = _units(ev, "defenders"), _units(ev, "support")
        if not att or not dfn:
            return
        if st.phase == "combat":
            barred = [u for u in att if u in st.per_player_turn.get(BARRED_KEY, set())]
            if barred and ev.get("kind") not in ("barrage", "fire", "bombardment"):
                ctx.error(ctx.rule("16.2.15"), f"{c.names(ctx, barred)} attacked from march this movement phase "
                          "without a Bx result and may not fight in this combat phase", units=barred)
        if not is_afm(ctx, ev):
            return
        if st.phase != "movement":
            ctx.error(ctx.rule("16.1.1"), f"an attack from march by {c.names(ctx, att)} in the {st.phase} phase; an "
                      "attack from march is fought in the movement phase", units=att)
            return
        side = ctx.side_of(att[0])
        if side != st.side:
            return  # the phase check reports it [3.3]
        pos = st.position
        hexes = sorted({pos[u] for u in att if pos.get(u)})
        if len(hexes) > 1:
            ctx.error(ctx.rule("16.1.1"), f"an attack from march by {c.names(ctx, att)} from {len(hexes)} hexes "
                      f"({', '.join(hexes)}); all units attacking from march stand on one hex", units=att,
                      hexes=hexes)
        elif hexes:
            self._all_zocs(ctx, att, dfn, hexes[0])
        for u in att:
            self._one_mp(ctx, u)
        for u in att:
            for d in dfn:
                a, b = pos.get(u), pos.get(d)
                if a and b and ctx.board.adjacent(a, b) and (c.river(ctx, a, b) == "big_river"
                                                             or any("scarp" in s for s in ctx.board.hexside(a, b))):
                    what = "a big river" if c.river(ctx, a, b) == "big_river" else "a scarp"
                    ctx.error(ctx.rule("16.1.5"), f"{ctx.name(u)} at {a} attacks {ctx.name(d)} at {b} from march "
                              f"across {what}; an attack from march through a scarp or big river (except through a "
                              "bridge) is forbidden", units=[u, d], hexes=[a, b])
                    break
        towed = [u for u in sup if "self_propelled" not in c.symbol_types(ctx, u)]
        if towed:
            ctx.error(ctx.rule("16.2.2"), f"{c.names(ctx, towed)} support an attack from march; only self-propelled "
                      "artillery fires when attacking during march", units=towed)
        came = {}
        for u in att:
            walk = (st.per_phase.get("tis_walks") or {}).get(u)
            if walk is not None and walk.legs:
                came[u] = walk.legs[-1][0]
        self.battle = {"att": att, "dfn": dfn, "hex": hexes[0] if len(hexes) == 1 else None, "came": came,
                       "start": {d: pos.get(d) for d in dfn}}

    def _all_zocs(self, ctx: Any, att: list[str], dfn: list[str], h: str) -> None:
        """[16.1.1]: 'it is always an attack on all units with a ZoC covering the hex that is assaulted' (the
        attackers' hex; units whose ZoC a Bx result lifted [16.2.7] have none)."""
        zmap = c.zoc_map(ctx, ctx.side_of(att[0]))
        missing = sorted(set(zmap.get(h, set())) - set(dfn))
        if missing:
            ctx.error(ctx.rule("16.1.1"), f"the attack from march from {h} leaves out {c.names(ctx, missing)}, whose "
                      "ZoC covers that hex; an attack from march is always an attack on all units with a ZoC "
                      "covering it", units=[*att, *missing], hexes=[h])

    def _one_mp(self, ctx: Any, uid: str) -> None:
        """[16.1.3]: each attacking unit spends 1 MP, which it must have left."""
        st = ctx.state
        limit, why = allowance(ctx, uid)
        if limit is None:
            ctx.could_not_check(ctx.rule("16.1.3"), f"{ctx.name(uid)} has no movement points in the data")
        else:
            walk = (st.per_phase.get("tis_walks") or {}).get(uid)
            spent = walk.spent if walk is not None else 0
            if limit - spent < 1:
                left = max(limit - spent, 0)
                ctx.error(ctx.rule("16.1.3"), f"{ctx.name(uid)} attacks from march with {left} MP left{why}; every "
                          "unit attacking from march spends 1 MP", units=[uid])
        paid = st.per_phase.setdefault(AFM_MP_KEY, {})
        paid[uid] = paid.get(uid, 0) + 1

    # ---- the result -----------------------------------------------------------------------------------------------
    def _result(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.battle
        assert b is not None
        st = ctx.state
        m = _RESULT.match(str(ev.get("result", "")))
        who = m.group(1) if m and int(m.group(2)) > 0 else None
        outcome = "won" if who == "B" else "lost" if who == "A" else "held"
        judged: dict[str, Any] = st.per_phase.setdefault(AFM_JUDGED_KEY, {})
        for u in b["att"]:
            if outcome != "lost":
                judged[u] = {"outcome": outcome, "from": st.position.get(u), "came": b["came"].get(u)}
            if outcome != "won":
                st.per_player_turn.setdefault(BARRED_KEY, set()).add(u)  # [16.2.15]
        b["outcome"] = outcome
        if outcome == "won":
            # [16.2.7]: the beaten defenders lose their ZoC until the attacker's next unit (or stack) has moved
            lost = st.per_phase.setdefault(c.DISORGANIZED, {})
            for d in b["dfn"]:
                lost[d] = {"next": None}
            st.per_phase.setdefault("tis_afm_stacks", []).append(set(b["att"]))  # [16.2.9] AfM and pursuit

    def _road_retreat(self, ctx: Any, ev: dict[str, Any]) -> None:
        """[16.2.13]: after an AfM the defender may not retreat along a road, unless that is the only way or it is in
        a city."""
        b = self.battle
        assert b is not None
        uid, board = ev["unit"], ctx.board
        start = b["start"].get(uid)
        path = [h for h in ev.get("path") or [] if isinstance(h, str)]
        if start and path and path[0] != start:
            path = [start, *path]
        side = ctx.side_of(uid)
        enemy_hexes = {h for u, h in ctx.state.position.items() if h and ctx.side_of(u) not in (None, side)
                       and c.is_ground(ctx, u)}
        attackers = [ctx.state.position.get(u) for u in b["att"] if ctx.state.position.get(u)]
        zmap = c.zoc_map(ctx, side)
        for a, nxt in zip(path, path[1:], strict=False):
            if not board.adjacent(a, nxt) or not _road(ctx, a, nxt) or board.terrain(a) in CITY:
                continue
            far = min((board.distance(x, nxt) for x in attackers), default=0)
            other = [n for n in board.neighbours(a) if n != nxt and n not in path and n not in enemy_hexes
                     and not zmap.get(n) and not _road(ctx, a, n) and c.river(ctx, a, n) != "big_river"
                     and not c.forbidden(ctx, a, n, c.move_class(ctx, uid))
                     and min((board.distance(x, n) for x in attackers), default=0) >= far]
            if other:
                ctx.error(ctx.rule("16.2.13"), f"{ctx.name(uid)} retreats along the road from {a} to {nxt} after an "
                          f"attack from march, though {', '.join(sorted(other))} was open off the road; a defender "
                          "retreats along a road only when it is the only way or it stands in a city",
                          units=[uid], hexes=[a, nxt], path=path)
                return

    # ---- moves after the battle -----------------------------------------------------------------------------------
    def _disorganized(self, ctx: Any, ev: dict[str, Any]) -> None:
        """[16.2.7] the lifted ZoC lasts through the attacker's next unit (or stack) move; the one after ends it.
        That next stack, if it moved through the lifted ZoC, may not split [16.2.12]."""
        st = ctx.state
        lost: dict[str, Any] = st.per_phase.get(c.DISORGANIZED) or {}
        uid = ev["unit"]
        if ctx.side_of(uid) != st.side:
            return
        mover = {uid, *(u for u in ev.get("stack") or [] if isinstance(u, str))}
        path = [h for h in ev.get("path") or [] if isinstance(h, str)] or [ev.get("to")]
        used = False
        for d, e in list(lost.items()):
            if e["next"] is None:
                e["next"] = mover
                used = used or any(h in c.zone_of(ctx, d, lifted=False) for h in path if h)
            elif uid not in e["next"]:
                del lost[d]
        if used:
            st.per_phase.setdefault("tis_afm_stacks", []).append(set(mover))

    def _after_battle(self, ctx: Any, ev: dict[str, Any]) -> None:
        """[16.2.6] the victors do not move after the AfM; [16.2.14] an attacker that neither forced a retreat nor
        retreated may go back one hex, the way it came."""
        st = ctx.state
        uid = ev["unit"]
        done = (st.per_phase.get(AFM_JUDGED_KEY) or {}).get(uid)
        if done is None:
            return
        path = [h for h in ev.get("path") or [] if isinstance(h, str)]
        pos = st.position.get(uid)
        if path and path[0] != pos:
            path = [pos, *path]
        if not path:
            path = [pos, ev.get("to")]
        nm = ctx.name(uid)
        if done["outcome"] == "won":
            st.per_phase.setdefault("tis_afm_moved", set()).add(uid)
            ctx.error(ctx.rule("16.2.6"), f"{nm} moves after winning an attack from march; after an AfM any movement "
                      "of the victorious unit is forbidden (pursuit excepted [16.2.5])", units=[uid],
                      hexes=[h for h in path if h])
            return
        came = done.get("came")
        back = len(path) == 2 and path[-1] is not None and (came is None or path[-1] == came)
        if done.get("withdrew") or not back or path[0] != done.get("from"):
            how = f" to {came}, the hex it came from" if came else ""
            ctx.error(ctx.rule("16.2.14"), f"{nm} moves after an attack from march that forced no retreat; it may only "
                      f"withdraw one hex{how}", units=[uid], hexes=[h for h in path if h])
        done["withdrew"] = True
