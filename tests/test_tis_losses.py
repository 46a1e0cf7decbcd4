"""TiS loss order within a side [7.2.7], breaking and legal logs written from the rulebook: "A player using special
abilities of units (black stars or engineer influence) after suffering casualties must take the first EP from these
units."

2 IG (armour, one black star, 5 SP) and 3 IG (motorized infantry, 5 SP) attack the Arnhem garrison (4 SP) in clear
terrain: 10:4 is 2:1, the star +1 optional [29.1.1] gives 3:1. The attacker's casualty roll of 2 is 1 EP.
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, IG2, IG3, attack, loss, odds, roll
from tests.test_tis_movement import errors, phase, rules, setup, stage

BASE = [setup(IG2, "1111"), setup(IG3, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
        attack([IG2, IG3], [GARRISON])]


def test_7_2_7_the_star_user_takes_the_first_ep():
    assert rules(*BASE, odds("3:1"), roll(1, 1, "losses_attacker"), loss(IG2, 1), phase("supply")) == []
    errs = errors(*BASE, odds("3:1"), roll(1, 1, "losses_attacker"), loss(IG3, 1), phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 7.2.7"] and "took its first EP from 3 IG" in errs[0]["message"]


def test_7_2_7_without_the_stars_any_unit_may_take_it():
    # fought at 2:1: the star was not used
    assert "TIS 7.2.7" not in rules(*BASE, odds("2:1"), roll(1, 1, "losses_attacker"), loss(IG3, 1),
                                    phase("supply"))
