"""TiS minefield losses [21.2.2]-[21.2.4], night [13.1.2] and attacking from a minefield [21.2.5], breaking and legal
logs written from the rulebook. "When a unit (allied or enemy) enters a minefield, casualties should be checked in
the table CASUALTIES ON MINEFIELDS" [21.2.2]; the engineer's own throw, "6 – the unit loses 1 SP", at night "4-6"
[21.2.3]; no casualties where an allied engineer stands [21.2.4]; "Casualties on minefields are twice as high at
night" [13.1.2]; "Units which are attacking from a minefield use half of their strength" [21.2.5].

Printed cells used (Losses on the Minefields): row 3-5 with a 3 is -1, with a 1 or 2 nothing; row 8-10 with a 1 is
-1. Paratroop battalions 5 SP on the track 5 4 4 3 2 2 1 (the first EP costs 1 SP, the second none); the 1st
Airborne engineers (gb.1ab.re) 2 SP on 2 1. Hexes 0811-1511 are clear.
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, attack, odds
from tests.test_tis_minefields import mines
from tests.test_tis_movement import PARA, PARA2, errors, move, phase, rules, setup, stage
from tests.tis_world import findings_in, world

RE = "gb.1ab.re"


def mroll(die: int, unit: str | None = None) -> dict:
    return {"type": "roll", "dice": [die], "purpose": "minefield", **({"unit": unit} if unit else {})}


def loss(u: str, n: int = 1) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "minefield"}


def enter(*after: dict) -> list[dict]:
    """A paratroop battalion (5 SP) enters the minefield at 1111 in its movement phase."""
    return [setup(PARA, "1011"), mines("1111"), stage(), phase("movement"), move(PARA, "1011", "1111"), *after,
            phase("combat")]


def test_21_2_2_a_unit_entering_a_minefield_loses_what_the_table_gives():
    assert rules(*enter(mroll(3), loss(PARA))) == []  # row 3-5, a 3: 1 SP
    assert rules(*enter(mroll(2))) == []  # a 2: nothing
    errs = errors(*enter(mroll(3)))
    assert [e["rule"] for e in errs] == ["TIS 21.2.2"] and "row 3-5 (5 SP) with a 3 gives 1 SP" in errs[0]["message"]


def test_21_2_2_no_more_ep_than_the_sp_owed():
    # the second EP of a 5-SP battalion costs no SP: taking it for a 1-SP loss is one EP too many
    errs = errors(*enter(mroll(3), loss(PARA, 2)))
    assert [e["rule"] for e in errs] == ["TIS 21.2.2"] and "more EP than the 1 SP owed" in errs[0]["message"]


def test_21_2_2_the_loss_roll_is_owed():
    errs = errors(*enter())
    assert [e["rule"] for e in errs] == ["TIS 21.2.2"] and "no minefield loss roll" in errs[0]["message"]


def test_21_2_2_the_stack_entering_together_rolls_on_its_total_strength():
    # two battalions (10 SP) enter 1111: row 8-10, a 1 is -1 SP for the stack
    base = [setup(PARA, "1011"), setup(PARA2, "1011"), mines("1111"), stage(), phase("movement"),
            move(PARA, "1011", "1111"), move(PARA2, "1011", "1111"), mroll(1)]
    assert rules(*base, loss(PARA2), phase("combat")) == []
    assert rules(*base, phase("combat")) == ["TIS 21.2.2"]


def test_21_2_4_no_losses_where_a_friendly_engineer_stands():
    assert rules(setup(RE, "1111"), *enter()) == []


def test_21_2_3_an_engineer_entering_a_minefield_rolls_for_itself():
    base = [setup(RE, "1011"), mines("1111"), stage(), phase("movement"), move(RE, "1011", "1111")]
    assert rules(*base, mroll(5, RE), phase("combat")) == []  # 1-5: no effect, whatever the table says
    assert rules(*base, mroll(6, RE), loss(RE), phase("combat")) == []
    errs = errors(*base, mroll(6, RE), phase("combat"))
    assert [e["rule"] for e in errs] == ["TIS 21.2.3"]


def test_13_1_2_at_night_the_engineer_loses_on_4_to_6_and_the_table_doubles(tmp_path):
    night = {"night_stage": 2}  # the first stage, "17 IX 2e", is a night stage
    base = [setup(RE, "1011"), mines("1111"), stage(), phase("movement"), move(RE, "1011", "1111"), mroll(4, RE)]
    assert rules(*base, loss(RE), phase("combat"), policies=night, tmp_path=tmp_path / "a") == []
    assert rules(*base, phase("combat"), policies=night, tmp_path=tmp_path / "b") == ["TIS 21.2.3"]
    assert rules(*base, phase("combat")) == []  # by day a 4 is no effect
    # a 5-SP battalion rolling a 3 at night: 1 SP doubled is 2 SP (3 EP on 5 4 4 3)
    assert rules(*enter(mroll(3), loss(PARA, 3)), policies=night, tmp_path=tmp_path / "c") == []
    assert rules(*enter(mroll(3), loss(PARA)), policies=night, tmp_path=tmp_path / "d") == ["TIS 21.2.2"]


def test_21_2_2_a_missing_table_cell_is_could_not_check(tmp_path):
    def blank(g: dict) -> None:
        g["rules"]["tables"]["minefield_losses"]["rows"][3]["results"][3] = None  # row 8-10, a 4: not printed

    game = world(tmp_path, game=blank)
    base = [setup(PARA, "1011"), setup(PARA2, "1011"), mines("1111"), stage(), phase("movement"),
            move(PARA, "1011", "1111"), move(PARA2, "1011", "1111"), mroll(4), phase("combat")]
    found = findings_in(game, *base)
    assert [f["rule"] for f in found if f["severity"] == "error"] == []
    assert any(f["rule"] == "TIS 21.2.2" and "no cell" in f["message"] for f in found)


def test_21_2_5_attacking_from_a_minefield_at_half_strength():
    # 5 SP x 1/2 = 3 (halving rounds up) each: 6 against 4 is 1:1; from clear ground 10 against 4 is 2:1
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON])]
    assert rules(mines("1111"), *base, odds("1:1")) == []
    errs = errors(mines("1111"), *base, odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"]
    assert rules(*base, odds("2:1")) == []


def test_21_2_2_a_from_to_move_through_a_minefield_owes_the_roll():
    # every hex around 1211 is mined: any path from 1011 enters one on the way (the cheapest costs 1 + 2 + 1)
    ring = [mines(h) for h in ("1210", "1311", "1312", "1212", "1112", "1111")]
    base = [setup(PARA, "1011"), *ring, stage(), phase("movement"), {"type": "move", "unit": PARA, "from": "1011",
                                                                     "to": "1211"}]
    errs = errors(*base, phase("combat"))
    assert [e["rule"] for e in errs] == ["TIS 21.2.2"] and "no minefield loss roll" in errs[0]["message"]
    assert rules(*base, mroll(1), phase("combat")) == []
