"""TiS supply attrition [32.2.3], breaking and legal logs written from the rulebook: "When a unit which doesn't have
supplies for 4 stages ... is checked in the supply phase, the player rolls a die. If the result with a +3 modifier is
lower than or equal to the number of stages that the unit is not supplied, then the unit is destroyed. A result of
6 always indicates that the unit stays on the map." (Example: in the fourth phase without supply a 1 removes it.)

SS PGR 1 at 1611 is 10 clear hexes (20 motorized MP) from the nearest German supply base edge (Scenario I), so it
has no supply line [32.1.5] and carries the out-of-supply marker from the first German supply phase on.
"""

from __future__ import annotations

from tests.test_tis_movement import PGR, errors, phase, rules, setup, stage
from tests.test_tis_supply import mark


def roll(die: int, unit: str = PGR) -> dict:
    return {"type": "roll", "purpose": "supply", "unit": unit, "dice": [die]}


def removed(unit: str = PGR) -> dict:
    return {"type": "loss", "unit": unit, "eliminated": True, "reason": "supply"}


def stages(n: int, last: tuple[dict, ...] = (), rolls: dict[int, int] | None = None) -> list[dict]:
    """SS PGR 1 out of supply at ``n`` German supply phases (marked at the first); ``rolls`` stage -> die before
    the last one; ``last`` happens in the last supply phase."""
    out: list[dict] = [setup(PGR, "1611")]
    for k in range(1, n + 1):
        out += [stage(k), phase("supply", "germans")]
        if k == 1:
            out.append(mark(PGR))
        if rolls and k in rolls and k < n:
            out.append(roll(rolls[k]))
    return [*out, *last]


def test_32_2_3_no_roll_before_the_fourth_stage_without_supply():
    assert rules(*stages(3)) == []


def test_32_2_3_the_fourth_stage_without_supply_owes_the_roll():
    errs = errors(*stages(4))
    assert [e["rule"] for e in errs] == ["TIS 32.2.3"]
    assert "4 stages" in errs[0]["message"] and "1611" in errs[0]["message"]
    assert rules(*stages(4, (roll(2),))) == []  # 2+3 = 5 > 4: it stays


def test_32_2_3_the_book_example_a_1_in_the_fourth_stage_destroys():
    errs = errors(*stages(4, (roll(1),)))
    assert [e["rule"] for e in errs] == ["TIS 32.2.3"] and "still on the map" in errs[0]["message"]
    assert rules(*stages(4, (roll(1), removed()))) == []


def test_32_2_3_a_6_always_stays_even_after_nine_stages():
    rolls = {k: 6 for k in range(4, 9)}
    assert rules(*stages(9, (roll(6),), rolls)) == []
    errs = errors(*stages(9, (roll(6), removed()), rolls))
    assert [e["rule"] for e in errs] == ["TIS 32.2.3"] and "a 6 always stays" in errs[0]["message"]
    # but at nine stages a 5 (+3 = 8) destroys
    assert rules(*stages(9, (roll(5), removed()), rolls)) == []


def test_32_2_3_the_roll_only_in_the_supply_phase_and_only_for_unsupplied_units():
    errs = [e for e in errors(*stages(1), stage(2), phase("movement", "germans"), roll(3))
            if e["rule"] == "TIS 32.2.3"]
    assert len(errs) == 1 and "movement phase" in errs[0]["message"]
    assert rules(setup(PGR, "0311"), stage(), phase("supply", "germans"), roll(3)) == ["TIS 32.2.3"]


def test_32_2_3_the_count_restarts_when_supply_returns():
    # out of supply at stages 1-2, marker off at stage 3, on again at 4: at stage 5 it is 2 stages, no roll owed
    unmark = {"type": "marker", "unit": PGR, "marker": "out_of_supply", "on": False}
    log = [*stages(2), stage(3), phase("supply", "germans"), unmark, stage(4), phase("supply", "germans"), mark(PGR),
           stage(5), phase("supply", "germans")]
    assert "TIS 32.2.3" not in rules(*log)
    # the marker kept on from stage 2 to 5 makes stage 5 the fifth stage without supply
    assert "TIS 32.2.3" in rules(*stages(5, rolls={4: 5}))
