"""Phase discipline [3.1], [3.3]: "It is forbidden to make procedures that are not in the precise phase."

A stage is 16 phases: the eight of [3.3] for the initiative player, then for the other (policy ``phase_order``).
The ``phase`` event's ``side`` is the player whose half it is (A in [3.3]); the counterattack phase of that half is
played by the other player [8.1.1], who also defends in, and may open, the combat phase [8.2.4].
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

#: [3.3] what each phase is for, for the messages
PHASE_WORK = {
    "weather": "the weather roll",
    "air": "air missions and the weather roll",
    "airborne": "airborne drops and the combat after the drop",
    "barrage": "artillery barrages",
    "naval": "beach landings",
    "movement": "movement, attacks from march and recon attacks",
    "counterattack": "counterattack moves by the other player",
    "combat": "counterattack battles, then the phasing player's attacks",
    "supply": "supply checks",
}


def _where(ctx: Any) -> str:
    st = ctx.state
    return f"the {st.side} {st.phase} phase" if st.side else f"the {st.phase or 'set-up'} phase"


class PhaseDiscipline:
    """Moves, retreats, attacks, reinforcements and weather rolls only in the phases [3.3] gives them."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if st.phase is None:
            return  # set-up, before the first phase
        if t == "move":
            self._move(ctx, ev)
        elif t in ("retreat", "advance"):
            if st.phase not in ("combat", "airborne", "movement"):
                what = "retreats" if t == "retreat" else "pursues"
                ctx.error(ctx.rule("3.3"), f"{ctx.name(ev['unit'])} {what} in {_where(ctx)}; retreats and pursuit "
                          "follow a battle (combat phase, attack from march, combat after a drop) [7.4], [7.5]",
                          units=[ev["unit"]])
        elif t == "attack":
            self._attack(ctx, ev)
        elif t == "reinforcement":
            self._arrival(ctx, ev)
        elif t == "weather" and st.phase not in ("weather", "air"):
            ctx.error(ctx.rule("3.3"), f"the weather is set in {_where(ctx)}; it is rolled at the start of the air "
                      "phase [45.1.2]")

    def _move(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid = ctx.state, ev["unit"]
        side = ctx.side_of(uid)
        if not c.is_ground(ctx, uid):
            return  # air units are placed in the air phase and fly to a battle or target later [26.2], [26.5.4]
        if st.phase == "movement" and side == st.side:
            return
        if st.phase == "counterattack" and side not in (None, st.side):
            return  # [8.1.1] the non-phasing player's counterattack moves (checked in the movement checks)
        if st.phase == "airborne" and side == st.side and uid in st.per_stage.get("landed", set()):
            return  # [17.2.8] a dropped unit placed on an adjacent hex after its combat
        if st.phase == "movement":
            why = "it is the other player's movement phase [4.1.1]"
        elif st.phase == "counterattack":
            why = "only the other player moves in this counterattack phase [8.1.1]"
        else:
            why = f"the {st.phase} phase is for {PHASE_WORK.get(st.phase, 'other procedures')}"
        ctx.error(ctx.rule("3.3"), f"{ctx.name(uid)} ({side}) moves in {_where(ctx)}: {why}", units=[uid])

    def _attack(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        attackers = [u for u in ev.get("attackers") or [] if isinstance(u, str)]
        sides = {ctx.side_of(u) for u in attackers} - {None}
        if not sides:
            return
        side = next(iter(sides))
        ph = st.phase
        if ph == "combat":
            if side != st.side:
                # [8.2.4]: the other player's battles in this combat phase are the counterattacks
                made = st.per_player_turn.get("counterattackers", set())
                bad = [u for u in attackers if u not in made]
                if bad:
                    ctx.error(ctx.rule("8.1.1"), f"{c.names(ctx, bad)} attack in {_where(ctx)} without having "
                              "moved in the counterattack phase; the non-phasing player fights only its "
                              "counterattacks here", units=bad)
            return
        if ph in ("movement", "airborne", "barrage") and side == st.side:
            if ph == "airborne":
                landed = st.per_stage.get("landed", set())
                bad = [u for u in attackers if u not in landed]
                if bad:
                    ctx.error(ctx.rule("17.2.5"), f"{c.names(ctx, bad)} attack in the airborne assault phase "
                              "without having landed in it; only the combat after a drop is fought here", units=bad)
            return
        ctx.error(ctx.rule("3.3"), f"an attack by {c.names(ctx, attackers)} in {_where(ctx)}: direct combat is "
                  "fought in the combat phase (also: attack from march and recon attacks in one's own movement "
                  "phase, combat after a drop in the airborne assault phase) [7.0]", units=attackers)

    def _arrival(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid = ctx.state, ev["unit"]
        side = ctx.side_of(uid)
        if st.side is not None and side not in (None, st.side):
            ctx.error(ctx.rule("3.3"), f"{ctx.name(uid)} ({side}) enters in {_where(ctx)}: a player's units "
                      "enter only in his own phases", units=[uid])
            return
        sched = st.notes.get("tis_schedule") or {}
        if (sched.get(uid) or {}).get("drop"):
            return  # drops: the airborne assault phase (Reinforcements)
        if ctx.policies.get("reinforcement_phase") == "movement" and st.phase != "movement":
            ctx.error(ctx.rule("3.3"), f"{ctx.name(uid)} enters in {_where(ctx)}; ground reinforcements enter "
                      "in their side's movement phase (policy reinforcement_phase)", units=[uid])


class Landings:
    """Bookkeeping other checks read: units dropped this stage (``per_stage['landed']``), units that fought after
    landing, and counterattack movers of this half (``per_player_turn['counterattackers']``)."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if t == "turn":
            st.new_stage()
        if t == "reinforcement" and st.phase == "airborne":
            st.per_stage.setdefault("landed", set()).add(ev["unit"])
        elif t == "attack" and st.phase == "airborne":
            st.per_stage.setdefault("fought_after_drop", set()).update(ev.get("attackers") or [])
        elif t == "retreat":
            st.per_phase.setdefault("tis_retreated", set()).add(ev["unit"])  # [7.5.9]
        elif t == "move" and st.phase == "counterattack" and ctx.side_of(ev["unit"]) != st.side:
            st.per_player_turn.setdefault("counterattackers", set()).add(ev["unit"])
