"""TiS AT teams [35.2], breaking and legal logs written from the rulebook.

[35.2.2] "If AT teams are represented by counters ... they can move AT teams as they want, but after the movement
phase they have to stay with an allied unit." [35.2.6] "After each use of an AT unit, the player must roll a die; a
result of 1 means that the AT unit is eliminated." [35.2.8] "An AT unit can't move with two different units during
the same stage." [35.2.9] "AT units fire only at BSO" (not expanded: policy at_team_targets).

PIAT 1 (British AT team), 1 Para and 2 Para; Panzerfaust 1 against 2 IG (armour) and 1 Para (not armoured).
Hexes 0810-1512 are clear.
"""

from __future__ import annotations

from tests.test_tis_far import FAUST, IG2, far, shots
from tests.test_tis_movement import PARA, PARA2, errors, phase, rules, setup, stage

PIAT = "gb.1ab.piat.1"


def die(n: int, unit: str | None = FAUST) -> dict:
    ev: dict = {"type": "roll", "purpose": "at_team", "dice": [n]}
    if unit:
        ev["unit"] = unit
    return ev


def fire(*after: dict, target: str = IG2) -> list[dict]:
    """The Panzerfaust at 1211 fires at ``target`` at 1111 in the Allied movement phase (it defends)."""
    return [setup(FAUST, "1211"), setup(target, "1111"), stage(), phase("movement"), far(FAUST, target, "interior"),
            *shots(1), *after]


def test_35_2_6_a_die_after_each_use():
    assert rules(*fire(die(4))) == []
    assert rules(*fire(die(4, None))) == []  # the chat's roll: the last team used
    errs = errors(*fire())
    assert [e["rule"] for e in errs] == ["TIS 35.2.6"] and "no die was rolled" in errs[0]["message"]


def test_35_2_6_a_1_eliminates_the_team():
    gone = {"type": "loss", "unit": FAUST, "eliminated": True, "reason": "at_team"}
    assert rules(*fire(die(1), gone)) == []
    errs = errors(*fire(die(1)))
    assert [e["rule"] for e in errs] == ["TIS 35.2.6"] and "still on the map at 1211" in errs[0]["message"]


def test_35_2_2_an_at_team_ends_the_movement_phase_with_a_friendly_unit():
    base = [setup(PIAT, "0811"), setup(PARA, "0911"), stage(), phase("movement")]
    assert rules(*base, {"type": "move", "unit": PIAT, "path": ["0811", "0911"]}, phase("counterattack")) == []
    errs = errors(*base, phase("counterattack"))
    assert [e["rule"] for e in errs] == ["TIS 35.2.2"] and "alone at 0811" in errs[0]["message"]


def together(unit: str, *path: str) -> list[dict]:
    """``unit`` and PIAT 1 move as a stack (each its own move naming the other)."""
    return [{"type": "move", "unit": unit, "path": list(path), "stack": [PIAT]},
            {"type": "move", "unit": PIAT, "path": list(path), "stack": [unit]}]


def test_35_2_8_an_at_team_moves_with_one_unit_a_stage():
    base = [setup(PIAT, "0811"), setup(PARA, "0811"), setup(PARA2, "0911"), stage(), phase("movement"),
            *together(PARA, "0811", "0911")]
    assert rules(*base, *together(PARA, "0911", "1011")) == []
    errs = errors(*base, *together(PARA2, "0911", "1011"))
    assert [e["rule"] for e in errs] == ["TIS 35.2.8"] and "after moving with 1 Para" in errs[0]["message"]


def test_35_2_9_bso_targets_under_the_policy(tmp_path):
    log = fire(die(4), target=PARA)
    assert "TIS 35.2.9" not in rules(*log)  # default: BSO is not expanded in the seed
    assert "TIS 35.2.9" in rules(*log, policies={"at_team_targets": "armoured"}, tmp_path=tmp_path)
