"""TiS loss order within a side [7.2.7], breaking and legal logs written from the rulebook: "A player using special
abilities of units (black stars or engineer influence) after suffering casualties must take the first EP from these
units."

2 IG (armour, one black star, 5 SP) and 3 IG (motorized infantry, 5 SP) attack the Arnhem garrison (4 SP) in clear
terrain: 10:4 is 2:1, the star +1 optional [29.1.1] gives 3:1. The attacker's casualty roll of 2 is 1 EP.
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, IG2, IG3, PARA, attack, loss, odds, result, roll
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


# ---- [17.2.7], [17.2.8] losses of an airborne unit that landed on the enemy -------------------------------------
def landed_on(defender: str, h: str, res: str, *after: dict) -> list[dict]:
    """1 Para lands on ``defender`` at ``h`` and fights it (surprise 7: no effect); its casualty roll is a 7."""
    return [setup(defender, h), stage(), phase("airborne"), {"type": "reinforcement", "unit": PARA, "hex": h},
            attack([PARA], [defender]), roll(6, 1, "surprise"), *after, result(res), roll(3, 4, "losses_attacker")]


def test_17_2_8_landing_on_the_enemy_without_forcing_a_retreat_doubles_the_losses():
    # 3 SP (5 x 2/3) against the garrison's 4 in woods: 1:1 - 1 = 1:2; the attacker's row 4-5 moved one down for
    # the woods (6-10): a 7 is 1 EP, twice 2 EP after an A result
    away = {"type": "move", "unit": PARA, "path": ["2106", "2105"]}  # [17.2.8] placed on an adjacent hex
    base = landed_on(GARRISON, "2106", "A1", odds("1:2"))
    assert rules(*base, loss(PARA, 2), away, phase("barrage")) == []
    errs = errors(*base, loss(PARA, 1), away, phase("barrage"))
    assert [e["rule"] for e in errs] == ["TIS 17.2.8"] and "twice the table" in errs[0]["message"]


def test_17_2_7_landing_on_armour_with_stars_costs_1_ep_more():
    # 3 SP against the 10 SS Panzer (4 SP, black star) halved in woods [29.1.5] = 2: 1:1, woods -1, SS -1 [43.1.1]:
    # 1:3; B1: no doubling; the row of 2 SP (2-3) moved down for the woods (4-5): a 7 is 0 EP, +1 for the stars
    # (the Panzer cannot retreat: every hex around is in 1 Para's ZoC; that is the retreat check's business)
    pz = "de.10ss.pz"
    base = landed_on(pz, "2106", "B1", odds("1:3"))
    assert "TIS 17.2.7" not in rules(*base, loss(PARA, 1), phase("barrage"))
    errs = [e for e in errors(*base, phase("barrage")) if e["rule"] == "TIS 17.2.7"]
    assert len(errs) == 1 and "+1 EP for landing on 10 SS Pz" in errs[0]["message"]
