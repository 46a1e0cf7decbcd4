"""TiS combat obligations: units that start the combat phase in an enemy ZoC must fight [7.1.3], the attacker
fights every enemy unit whose ZoC holds an attacking unit [7.1.4], a counterattacking unit attacks every enemy
hex next to it [8.1.2]; and HQ effects: a lone HQ entered is eliminated [14.1.5], units of a lost division HQ
move 2 MP or 1 hex in their next movement phase [14.3.1] (read by :func:`.movement.allowance`)."""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis import hq as hqs
from modgen.rules.tis.counterattacks import forbidden_targets


def _fought(ctx: Any) -> set[str]:
    out: set[str] = set()
    for a in ctx.state.attacks:
        out.update(a.attackers, a.defenders, a.event.get("support") or [])
    return out


def _exempt(ctx: Any, uid: str) -> bool:
    """Units the [7.1.3] obligation does not bind: fortified units need not attack; units that fought after a
    drop may not attack [17.2.11]; field artillery stacked with a line unit supports instead [9.2.4]; AT teams
    and air units are not line units on their own."""
    st = ctx.state
    if "entrenched" in st.markers.get(uid, set()) or uid in st.per_stage.get("fought_after_drop", set()):
        return True
    if uid in st.per_player_turn.get("tis_afm_barred", set()):
        return True  # [16.2.15] an AfM without a Bx result bars it from this combat phase
    cls = c.unit_class(ctx, uid)
    if cls in ("at_team", "air", "pontoon", "transport"):
        return True
    h = st.position.get(uid)
    if ctx.policies.get("combat_stack_limit", "at_most_24") == "at_most_24":
        # [5.1.2] at most 24 SP of a stack fight: a unit its stack's fighters leave no room for is not bound
        used = sum(c.strength(ctx, u) or 0 for a in st.attacks for u in a.attackers if st.position.get(u) == h)
        if used and used + (c.strength(ctx, uid) or 0) > 24:
            return True
    return cls == "artillery" and any(c.is_line(ctx, u) and ctx.side_of(u) == ctx.side_of(uid)
                                      for u in st.units_in(h or ""))


class Obligations:
    """[7.1.3], [7.1.4], [8.1.2] at the end of each combat phase, from the positions at its start."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] != "phase" or st.phase != "combat" or ctx.board is None:
            return
        side = st.side
        zmap = c.zoc_map(ctx, side)
        start: dict[str, tuple[str, set[str]]] = {}
        for u, h in st.position.items():
            if h and ctx.side_of(u) == side and c.is_ground(ctx, u) and zmap.get(h):
                start[u] = (h, set(zmap[h]))
        counter = {}
        for u in st.per_player_turn.get("counterattackers", set()):
            h = st.position.get(u)
            if h:  # the phasing player's hexes next to the counterattacker, less those [8.2.1] forbids
                no = forbidden_targets(ctx, u)
                counter[u] = (h, {n for n in ctx.board.neighbours(h)
                                  if any(ctx.side_of(x) == side and c.is_ground(ctx, x) and x not in no
                                         for x in st.units_in(n))})
        st.per_phase["tis_obligations"] = (start, dict(st.position), counter)

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        data = st.per_phase.get("tis_obligations")
        if st.phase != "combat" or data is None:
            return
        start, pos0, counter = data
        fought = _fought(ctx)
        for u, (h, sources) in sorted(start.items()):
            if st.position.get(u) != h or u in fought or _exempt(ctx, u):
                continue
            still = sorted(s for s in sources if st.position.get(s) == pos0.get(s))
            if still:
                ctx.error(ctx.rule("7.1.3"), f"{ctx.name(u)} starts the combat phase at {h} in the ZoC of "
                          f"{c.names(ctx, still)} and takes part in no battle; every unit that starts the combat "
                          "phase in an enemy ZoC must fight", units=[u, *still], hexes=[h])
        attackers = {u for a in st.attacks for u in a.attackers if ctx.side_of(u) == st.side}
        owed: dict[str, list[str]] = {}
        for u in sorted(attackers):
            for v in start.get(u, ("", set()))[1]:
                owed.setdefault(v, []).append(u)
        attacked_hexes = {pos0.get(d) for a in st.attacks for d in a.defenders}
        for v, by in sorted(owed.items()):
            if v in fought or st.position.get(v) != pos0.get(v) or st.position.get(v) is None:
                continue
            if pos0.get(v) in attacked_hexes:
                continue  # its hex was attacked without it: [7.1.8] reports that
            ctx.error(ctx.rule("7.1.4"), f"{ctx.name(v)} at {pos0.get(v)} has attacking units in its ZoC "
                      f"({c.names(ctx, by)}) and is not attacked; the attacker must fight every enemy unit that has "
                      "attacking units in its ZoC", units=[v, *by], hexes=[pos0.get(v)])
        for u, (h, targets) in sorted(counter.items()):
            hit = {pos0.get(d) for a in st.attacks if u in a.attackers for d in a.defenders}
            missed = sorted(t for t in targets if t not in hit and any(
                pos0.get(x) == t and st.position.get(x) == t for x in st.units_in(t)))
            if missed and st.position.get(u) == h:
                ctx.error(ctx.rule("8.1.2"), f"{ctx.name(u)} counterattacked to {h} but does not attack the enemy "
                          f"at {', '.join(missed)}; a counterattacking unit attacks every neighbouring enemy hex",
                          units=[u], hexes=[h, *missed])


class HqEffects:
    """[14.1.5] a lone HQ whose hex an enemy enters is eliminated; [14.3.1] bookkeeping of lost division HQs."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        notes = st.notes.setdefault("tis_hq_lost", {})
        if t == "loss" and st.position.get(ev["unit"]) is None and c.unit_class(ctx, ev["unit"]) == "hq":
            f = (ctx.units.get(ev["unit"]) or {}).get("formation")
            if f:
                notes[f] = {"side": ctx.side_of(ev["unit"]), "since": st.turn, "hq": ev["unit"]}
        if t in ("move", "advance") and st.phase in ("movement", "combat", "airborne", "counterattack"):
            uid = ev["unit"]
            h = st.position.get(uid)
            side = ctx.side_of(uid)
            lone = [u for u in st.units_in(h or "") if ctx.side_of(u) not in (None, side) and c.is_ground(ctx, u)]
            if lone and all(c.unit_class(ctx, u) in ("hq", "transport") for u in lone):  # [34.3.4] columns too
                st.per_phase.setdefault("tis_overrun", {}).update({u: (h, uid) for u in lone})

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        for hq, (h, by) in sorted(st.per_phase.get("tis_overrun", {}).items()):
            if st.position.get(hq) == h and st.position.get(by) == h:
                what = "transport column" if c.unit_class(ctx, hq) == "transport" else "HQ"
                ctx.error(ctx.rule("34.3.4" if what != "HQ" else "14.1.5"), f"{ctx.name(by)} enters {h}, where "
                          f"{ctx.name(hq)} stands alone, and the {what} stays on the map; a lone {what} entered by an "
                          "enemy unit is eliminated", units=[hq, by], hexes=[h])
        if st.phase == "movement":
            notes = st.notes.get("tis_hq_lost", {})
            for f in [f for f, n in notes.items() if n["side"] == st.side]:
                notes[f]["done"] = True  # [14.3.1] only the nearest movement phase


def hq_destroyed(ctx: Any, uid: str) -> str | None:
    """The destroyed HQ of the unit's formation (``parent`` chain) that has not come back [14.3.7], or None: its
    units attack at -1 per hex [14.3.3]."""
    for f, n in (ctx.state.notes.get("tis_hq_lost") or {}).items():
        if ctx.state.position.get(n["hq"]) is None and n["side"] == ctx.side_of(uid) and c.in_formation(ctx, uid, f):
            return str(n["hq"])
    return None


def hq_lost(ctx: Any, uid: str) -> str | None:
    """The eliminated HQ whose loss restricts the unit's movement in this movement phase [14.3.1], or None."""
    for f, n in (ctx.state.notes.get("tis_hq_lost") or {}).items():
        if not n.get("done") and n["side"] == ctx.side_of(uid) and c.in_formation(ctx, uid, f):
            if f in hqs.lost_corps(ctx) and not hqs.corps_die_restricts(ctx, uid, f):
                continue  # [14.3.4] b) a division of a lost corps HQ is held only on a high corps die
            return str(n["hq"])
    return None
