"""TiS night die losses [13.1.3], breaking and legal logs written from the rulebook: "Before any direct combat, the
players have to throw dice: Result 1 - extra modifier -2; the attacker also loses 1 SP. ... Result 4 - attacker and
defender lose 1 SP each. ... The extra casualty of 1 SP (result 1 or 4) is put after the battle."

Stage 1 of scenario I is night under policy night_stage 2. Two paratroop battalions (5 SP: their first EP costs
1 SP, track 5-4-4-3...) attack the Arnhem garrison (4 SP: track 4-3-3-2-1) at 1211: at night 3 + 3 against 4, 1:1.
The die's column modifier moves the 1:1 column (1 and 2: -2 to 1:3; 3: -1 to 1:2; 6: +2 to 3:1). The battle's
CRT roll is left out (its result is checked elsewhere). The night loss is a ``loss`` with ``reason`` night.
"""

from __future__ import annotations

from tests.test_tis_combat import odds
from tests.test_tis_movement import GARRISON, PARA, PARA2, errors, phase, rules, setup, stage

NIGHT = {"night_stage": 2}
COLUMN = {1: "1:3", 2: "1:3", 3: "1:2", 4: "1:1", 5: "1:1", 6: "3:1"}  # 1:1 moved by the night die [13.1.3]


def battle(die: int, *after: dict) -> list[dict]:
    return [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
            {"type": "attack", "attackers": [PARA, PARA2], "defenders": [GARRISON]},
            {"type": "roll", "dice": [die], "purpose": "night"}, odds(COLUMN[die]), *after,
            phase("supply")]


def night_loss(u: str, n: int = 1) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "night"}


def test_13_1_3_a_1_costs_the_attacker_1_sp_after_the_battle(tmp_path):
    assert rules(*battle(1, night_loss(PARA)), policies=NIGHT, tmp_path=tmp_path / "a") == []
    errs = errors(*battle(1), policies=NIGHT, tmp_path=tmp_path / "b")
    assert [e["rule"] for e in errs] == ["TIS 13.1.3"] and "the attacker" in errs[0]["message"] and \
        "no night loss" in errs[0]["message"]


def test_13_1_3_a_4_costs_both_sides_1_sp(tmp_path):
    assert rules(*battle(4, night_loss(PARA2), night_loss(GARRISON)), policies=NIGHT, tmp_path=tmp_path / "a") == []
    errs = errors(*battle(4, night_loss(PARA2)), policies=NIGHT, tmp_path=tmp_path / "b")
    assert [e["rule"] for e in errs] == ["TIS 13.1.3"] and "the defender" in errs[0]["message"]


def test_13_1_3_one_sp_is_one_ep_of_a_fresh_battalion_not_two(tmp_path):
    # the first EP of a 5-SP battalion costs 1 SP (5 -> 4): a second EP is one too many
    errs = errors(*battle(1, night_loss(PARA, 2)), policies=NIGHT, tmp_path=tmp_path)
    assert [e["rule"] for e in errs] == ["TIS 13.1.3"] and "more EP than the 1 SP" in errs[0]["message"]


def test_13_1_3_other_results_cost_nothing(tmp_path):
    for die in (2, 3, 5, 6):
        assert rules(*battle(die), policies=NIGHT, tmp_path=tmp_path / str(die)) == []
    errs = errors(*battle(5, night_loss(PARA)), policies=NIGHT, tmp_path=tmp_path / "y")
    assert [e["rule"] for e in errs] == ["TIS 13.1.3"] and "only a 1" in errs[0]["message"]
