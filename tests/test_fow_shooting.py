"""FoW shooting and saves from the rulebook text (seed 004): range from the nearest hull edge (p.28), Minimum
Range 8" (p.67), Hull Mounted and Gun Teams fully in front (p.66), dice = ROF (p.26: Moving ROF is half the
Halted ROF), no shooting after a Dash (p.33), the score to hit (p.33), armour saves Front/Side by geometry and the
p.36 worked example (AT 11, FP 3+: armour 6 + roll 2 = 8 penetrates; 6 + 6 = 12 bounces; 4 + 6 + 1 = 11 equals)."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to


def shoot(unit, target, dice, **kw):
    return {"type": "shoot", "unit": unit, "target": target, "dice": dice, **kw}


def test_issue_example_36_inch_shot_with_32_inch_gun():
    found = findings(setup("us.sherman.1", 30, 42), setup("de.pz4h.1", 30, 4, 180), *turn_to("shooting", turn=2),
                     shoot("us.sherman.1", "de.pz4h.1", [5, 2]))
    assert rules(found) == [("FoW p.28", "error")] and found[0]["position"] == [30, 42]


def test_range_is_measured_from_the_nearest_hull_edge():
    # centres 34" apart, hulls 2.32" deep: 31.7" edge to edge is inside 32".
    assert findings(setup("us.sherman.1", 30, 42), setup("de.pz4h.1", 30, 8, 180), *turn_to("shooting", turn=2),
                    shoot("us.sherman.1", "de.pz4h.1", [5, 2], need="5+")) == []


def test_minimum_range_8_inches():
    start = [setup("us.mortar.1", 60, 20), setup("de.pak40.1", 60, 14, 180)]
    found = findings(*start, *turn_to("shooting"), shoot("us.mortar.1", "de.pak40.1", [4]))
    assert rules(found) == [("FoW p.67", "error")]


def test_gun_team_fires_only_fully_in_front():
    start = [setup("de.pak40.1", 40, 10, 180), setup("us.sherman.1", 40, 30), setup("us.sherman.2", 60, 10, 270)]
    assert findings(*start, *turn_to("shooting", "german", turn=2), shoot("de.pak40.1", "us.sherman.1", [3, 3])) == []
    found = findings(*start, *turn_to("shooting", "german", turn=2), shoot("de.pak40.1", "us.sherman.2", [3, 3]))
    assert rules(found) == [("FoW p.66", "error")]


def test_hull_mg_fully_in_front_but_turret_gun_all_round():
    start = [setup("us.sherman.1", 40, 30, 0), setup("de.pz4h.1", 55, 30, 270)]
    assert findings(*start, *turn_to("shooting"), shoot("us.sherman.1", "de.pz4h.1", [3, 3])) == []
    found = findings(*start, *turn_to("shooting"), shoot("us.sherman.1", "de.pz4h.1", [3], weapon="Hull MG"))
    assert rules(found) == [("FoW p.66", "error")]


def test_moving_rof_is_half_halted():
    start = [setup("us.sherman.1", 30, 42), setup("de.pz4h.1", 30, 20, 180)]
    ev = [*start, *turn_to("movement"), move("us.sherman.1", [30, 42], [30, 38]), step("shooting")]
    # the M3 75mm has a Stabiliser: it keeps its Halted ROF 2 moving (+1 to hit)
    assert findings(*ev, shoot("us.sherman.1", "de.pz4h.1", [6, 5], need="5+")) == []
    found = findings(*ev, shoot("us.sherman.1", "de.pz4h.1", [6, 5], need="4+"))
    assert rules(found) == [("FoW p.33", "error")] and "Stabiliser" in found[0]["message"]
    pak = [setup("de.pak40.1", 40, 10, 180), setup("us.sherman.2", 40, 30), *turn_to("movement", "german"),
           move("de.pak40.1", [40, 10], [40, 11]), step("shooting", "german")]
    assert rules(findings(*pak, shoot("de.pak40.1", "us.sherman.2", [3, 3]))) == [("FoW p.26", "error")]
    assert findings(*pak, shoot("de.pak40.1", "us.sherman.2", [3])) == []


def test_no_shooting_after_a_dash():
    start = [setup("us.sherman.1", 30, 42), setup("de.pz4h.1", 30, 10, 180)]
    found = findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 42], [40, 42], "dash"),
                     step("shooting"), shoot("us.sherman.1", "de.pz4h.1", [6]))
    assert ("FoW p.33", "error") in rules(found)


def test_dice_from_the_dice_pool_button():
    # !shoot declared without dice; the next roll event is the dice pool.
    start = [setup("us.sherman.1", 30, 42), setup("de.pz4h.1", 30, 20, 180)]
    found = findings(*start, *turn_to("shooting"), {"type": "shoot", "unit": "us.sherman.1",
                                                    "target": "de.pz4h.1", "hits": 2},
                     {"type": "roll", "dice": [6, 3]})
    assert rules(found) == [("FoW p.33", "error")]  # needs 5+ (Is Hit On 4+, over 16"): one hit at most


def save(unit, by, roll, fp=None, **kw):
    ev = {"type": "save", "unit": unit, "by": by, "roll": roll, "hit": "hull", **kw}
    if fp is not None:
        ev["fp_roll"] = fp
    return ev


PZ_FRONT = [setup("de.pz4h.1", 30, 10, 180), setup("us.sherman.1", 30, 30), setup("us.sherman.2", 45, 10, 270)]


def test_front_armour_only_if_entirely_in_front():
    ok = findings(*PZ_FRONT, *turn_to("shooting"), shoot("us.sherman.1", "de.pz4h.1", [5]),
                  save("de.pz4h.1", "us.sherman.1", 3, armour="front", result="bounced"))
    assert ok == []  # front: 3 + 6 + 1 (over 16") = 10 equals AT 10, the Firepower die is not logged
    side = findings(*PZ_FRONT, *turn_to("shooting"), shoot("us.sherman.2", "de.pz4h.1", [5]),
                    save("de.pz4h.1", "us.sherman.2", 5, armour="front", result="bounced"))
    assert ("FoW p.36", "error") in rules(side)


def test_p36_worked_example_results():
    # Panzer IV H 75mm (AT 11, FP 3+) against Sherman front 6.
    start = [setup("us.sherman.1", 30, 30), setup("de.pz4h.1", 30, 10, 180)]
    ev = [*start, *turn_to("shooting", "german"), shoot("de.pz4h.1", "us.sherman.1", [5])]
    assert findings(*ev, save("us.sherman.1", "de.pz4h.1", 6, armour="front", result="bounced")) == []
    assert findings(*ev, save("us.sherman.1", "de.pz4h.1", 2, 4, armour="front", result="destroyed")) == []
    wrong = findings(*ev, save("us.sherman.1", "de.pz4h.1", 2, 1, armour="front", result="destroyed"))
    assert rules(wrong) == [("FoW p.36", "error")]  # FP roll 1 < 3+: Bailed Out, not Destroyed
