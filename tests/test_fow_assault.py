"""FoW assaults from the rulebook text (seed 004): p.53 "Tank Teams cannot Assault other Tank Teams"; p.52 who
can assault (not after a Dash, not after shooting at Halted ROF, not Heavy Weapons); p.53 the charge is up to
4"/10cm into Contact."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to


def assault(unit, target):
    return {"type": "assault", "unit": unit, "target": target}


def test_issue_example_tank_assaulting_a_tank():
    start = [setup("us.sherman.1", 30, 20), setup("de.pz4h.1", 30, 15, 180)]
    found = findings(*start, *turn_to("assault"), assault("us.sherman.1", "de.pz4h.1"),
                     move("us.sherman.1", [30, 20], [30, 17.4]))
    assert rules(found) == [("FoW p.53", "error")]


def test_infantry_charge_4_inches_into_contact_is_legal():
    start = [setup("us.rifle.1", 30, 20), setup("de.pz4h.1", 30, 15, 180)]
    # rifle base 50 mm deep (1.97"), hull 2.32": contact at 30, 17.14
    assert findings(*start, *turn_to("assault"), assault("us.rifle.1", "de.pz4h.1"),
                    move("us.rifle.1", [30, 20], [30, 17.14])) == []


def test_charge_longer_than_4_inches():
    start = [setup("us.rifle.1", 30, 24), setup("de.pz4h.1", 30, 15, 180)]
    found = findings(*start, *turn_to("assault"), assault("us.rifle.1", "de.pz4h.1"),
                     move("us.rifle.1", [30, 24], [30, 17.14]), step("starting", "german"))
    assert rules(found) == [("FoW p.53", "error")]


def test_heavy_weapon_cannot_assault():
    start = [setup("us.mortar.1", 30, 20), setup("de.pak40.1", 30, 16, 180)]
    found = findings(*start, *turn_to("assault"), assault("us.mortar.1", "de.pak40.1"),
                     move("us.mortar.1", [30, 20], [30, 17.5]))
    assert rules(found) == [("FoW p.52", "error")]


def test_no_assault_after_halted_rof_shooting():
    start = [setup("us.rifle.1", 30, 20), setup("de.pak40.1", 30, 16, 180)]
    ev = [*start, *turn_to("shooting", turn=2), {"type": "shoot", "unit": "us.rifle.1", "target": "de.pak40.1",
                                         "dice": [4, 4]}, step("assault"), assault("us.rifle.1", "de.pak40.1"),
          move("us.rifle.1", [30, 20], [30, 17.5])]
    assert rules(findings(*ev)) == [("FoW p.52", "error")]
    ev[-4]["dice"] = [4]  # Moving ROF 1: may still assault
    assert findings(*ev) == []
