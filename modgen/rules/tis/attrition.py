"""TiS supply attrition [32.2.3]: a unit out of supply for 4 stages rolls a die in each supply phase.

"When a unit which doesn't have supplies for 4 stages ... is checked in the supply phase, the player rolls a die. If
the result with a +3 modifier is lower than or equal to the number of stages that the unit is not supplied, then the
unit is destroyed. A result of 6 always indicates that the unit stays on the map." The example: in the fourth phase
without supply a roll of 1 removes the unit.

In the log the roll is a ``roll`` purpose ``supply`` naming its ``unit`` (one die) in the side's supply phase; the
destruction is a ``loss`` with ``eliminated`` (``reason`` supply) in the same phase. The stages without supply are
the side's consecutive supply phases in which the unit carries the ``out_of_supply`` marker, this one included
(the marker is put on at the first of them [32.2.4]). From which count the roll is owed is policy
``supply_attrition_start`` (default 4, the rule's "for 4 stages").
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

PURPOSE = "supply"
MODIFIER = 3  # [32.2.3] "with a +3 modifier"
SAFE = 6  # [32.2.3] "a result of 6 always indicates that the unit stays on the map"


def stages_unsupplied(ctx: Any, uid: str) -> int:
    """The side's supply phases in a row, this one included, in which ``uid`` is out of supply (0 if supplied)."""
    if not c.out_of_supply(ctx, uid):
        return 0
    return ctx.state.notes.get("tis_unsupplied", {}).get(uid, 0) + 1


def destroyed(die: int, stages: int) -> bool:
    """[32.2.3]: the die +3 at most the stages without supply destroys the unit; a 6 never does."""
    return die != SAFE and die + MODIFIER <= stages


class Attrition:
    """[32.2.3] the attrition roll: owed, in the supply phase, for a unit out of supply, and obeyed."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "roll" or ev.get("purpose") != PURPOSE:
            return
        st, uid, dice = ctx.state, ev.get("unit"), ev.get("dice") or []
        if not uid or len(dice) != 1:
            ctx.could_not_check(ctx.rule("32.2.3"), "the unit and the single die of a supply attrition roll "
                                "(roll purpose supply with unit)")
            return
        if st.phase != "supply" or ctx.side_of(uid) != st.side:
            ctx.error(ctx.rule("32.2.3"), f"a supply attrition roll for {ctx.name(uid)} in the {st.phase or 'no'} "
                      f"phase of {st.side or 'no side'}; the roll is made when the unit is checked in its side's "
                      "supply phase", units=[uid], hexes=[h for h in [st.position.get(uid)] if h])
            return
        n = stages_unsupplied(ctx, uid)
        if n == 0:
            ctx.error(ctx.rule("32.2.3"), f"a supply attrition roll for {ctx.name(uid)}, which is not out of supply; "
                      "only a unit without supplies rolls", units=[uid], hexes=[h for h in [st.position.get(uid)] if h])
            return
        st.per_phase.setdefault("tis_attrition", {})[uid] = (int(dice[0]), n)

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase != "supply":
            return
        start = int(ctx.policies.get("supply_attrition_start", 4) or 4)
        rolled: dict[str, tuple[int, int]] = st.per_phase.get("tis_attrition", {})
        for uid, (die, n) in sorted(rolled.items()):
            h = st.position.get(uid)
            if destroyed(die, n) and h:
                ctx.error(ctx.rule("32.2.3"), f"{ctx.name(uid)} at {h}, {n} stages without supplies, rolled {die} "
                          f"(+3 = {die + MODIFIER}, not more than {n}), so it is destroyed, but it is still on the "
                          "map at the end of the supply phase", units=[uid], hexes=[h])
            elif not destroyed(die, n) and not h and uid in st.eliminated:
                ctx.error(ctx.rule("32.2.3"), f"{ctx.name(uid)}, {n} stages without supplies, rolled {die} "
                          f"({'a 6 always stays' if die == SAFE else f'+3 = {die + MODIFIER}, more than {n}'}), so "
                          "it stays on the map, but it was removed in the supply phase", units=[uid])
        count: dict[str, int] = st.notes.setdefault("tis_unsupplied", {})
        for uid in sorted({*count, *st.position}):
            if ctx.side_of(uid) != st.side:
                continue
            h = st.position.get(uid)
            if not h or not c.out_of_supply(ctx, uid):
                count.pop(uid, None)
                continue
            n = count.get(uid, 0) + 1
            if n >= start and uid not in rolled:
                ctx.error(ctx.rule("32.2.3"), f"{ctx.name(uid)} at {h} has been {n} stages without supplies and is "
                          "checked in this supply phase, but no attrition die was rolled for it (roll purpose "
                          "supply; a roll +3 not more than the stages without supply destroys it, a 6 never)",
                          units=[uid], hexes=[h])
            count[uid] = n
