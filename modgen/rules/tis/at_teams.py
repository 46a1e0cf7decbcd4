"""TiS AT teams (bazooka, PIAT, Panzerfaust) [35.2]. They add no SP and project no ZoC (:mod:`.odds`, :mod:`.common`).

- [35.2.2] "If AT teams are represented by counters ... they can move AT teams as they want, but after the
  movement phase they have to stay with an allied unit": at the end of its side's movement phase an AT team shares
  its hex with a friendly unit that is not an AT team.
- [35.2.6] "After each use of an AT unit, the player must roll a die; a result of 1 means that the AT unit is
  eliminated." A use is a ``far`` by the team; the die is a ``roll`` purpose ``at_team`` (with ``unit``, or without
  one for the last team used) in the same phase; after a 1 the team is removed (``loss`` eliminated) in that phase.
- [35.2.8] "An AT unit can't move with two different units during the same stage": moving with a unit is a
  ``move`` naming the other in its ``stack`` (either way round).
- [35.2.9] "AT units fire only at BSO" ("BSO" is not expanded in the seed): policy ``at_team_targets`` (default
  ``any``: not checked; ``armoured``: only armoured targets).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

ROLL = "at_team"
LOST_ON = 1  # [35.2.6]


def is_at_team(ctx: Any, uid: str) -> bool:
    return c.unit_class(ctx, uid) == "at_team"


class AtTeams:
    """[35.2.2], [35.2.6], [35.2.8], [35.2.9]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if t == "far" and is_at_team(ctx, ev.get("unit", "")):
            uid, tgt = ev["unit"], ev.get("target", "")
            st.per_phase.setdefault("tis_at_used", []).append(uid)
            if ctx.policies.get("at_team_targets") == "armoured" and tgt and not c.is_armoured(ctx, tgt):
                ctx.error(ctx.rule("35.2.9"), f"{ctx.name(uid)} fires at {ctx.name(tgt)}, which is not armoured; AT "
                          "units fire only at BSO (policy at_team_targets)", units=[uid, tgt])
        elif t == "roll" and ev.get("purpose") == ROLL and ev.get("dice"):
            used: list[str] = st.per_phase.get("tis_at_used", [])
            uid = ev.get("unit") or (used[-1] if used else None)
            if uid is None or uid not in used:
                ctx.error(ctx.rule("35.2.6"), f"an AT team die for {ctx.name(uid) if uid else 'no team'} that was not "
                          "used in this phase; the die is rolled after each use of an AT unit")
                return
            used.remove(uid)
            st.per_phase.setdefault("tis_at_rolled", {})[uid] = int(ev["dice"][0])
        elif t == "move" and ev.get("unit"):
            self._moved_with(ctx, ev)

    def _moved_with(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, stack = ev["unit"], [u for u in ev.get("stack") or [] if isinstance(u, str)]
        pairs = [(uid, o) for o in stack if is_at_team(ctx, uid) and not is_at_team(ctx, o)]
        pairs += [(a, uid) for a in stack if is_at_team(ctx, a) and not is_at_team(ctx, uid)]
        carried: dict[str, str] = ctx.state.per_stage.setdefault("tis_at_with", {})
        for team, other in pairs:
            before = carried.setdefault(team, other)
            said: set[tuple[str, str]] = ctx.state.per_stage.setdefault("tis_at_with_said", set())
            if before != other and (team, other) not in said:
                said.add((team, other))  # the stack's other move event names the same pair
                ctx.error(ctx.rule("35.2.8"), f"{ctx.name(team)} moves with {ctx.name(other)} after moving with "
                          f"{ctx.name(before)} this stage; an AT unit can't move with two different units during "
                          "the same stage", units=[team, other, before])

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        for uid in st.per_phase.get("tis_at_used", []):
            ctx.error(ctx.rule("35.2.6"), f"{ctx.name(uid)} was used but no die was rolled for it (roll purpose "
                      "at_team); after each use of an AT unit the player rolls a die, 1 eliminates it", units=[uid])
        for uid, die in sorted(st.per_phase.get("tis_at_rolled", {}).items()):
            h = st.position.get(uid)
            if die == LOST_ON and h:
                ctx.error(ctx.rule("35.2.6"), f"{ctx.name(uid)} rolled a 1 after its use and is eliminated, but it is "
                          f"still on the map at {h}", units=[uid], hexes=[h])
        if st.phase != "movement":
            return
        for uid, h in sorted(st.position.items()):
            if not h or not is_at_team(ctx, uid) or ctx.side_of(uid) != st.side:
                continue
            friends = [u for u in st.units_in(h) if u != uid and ctx.side_of(u) == st.side and not is_at_team(ctx, u)
                       and c.is_ground(ctx, u)]
            if not friends:
                ctx.error(ctx.rule("35.2.2"), f"{ctx.name(uid)} ends the movement phase alone at {h}; after the "
                          "movement phase an AT team has to stay with an allied unit", units=[uid], hexes=[h])
