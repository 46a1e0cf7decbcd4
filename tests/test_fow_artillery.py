"""FoW Artillery Bombardments from the rulebook text (seed 004, pp.45-49): the Spotting Team (a firing team, a
Formation HQ Team or an Observer; not Moved; cannot Shoot), Check Range, Danger Close 4", the 6" Template, Ranging
In (three attempts against the worse Skill, +1 when the Template covers Short or Tall terrain: the p.47 crop-field
example), +1/+2 to hit for the second/third attempt, re-rolling hits with one or two weapons (p.48 example),
Top armour saves with the adjusted ratings (p.49), automatic Pinning, and Repeat Bombardments.

The bundled American 60mm mortar (Trained: Ranges In on 4+) has an illustrative artillery line (32", AT 1, FP 6,
adjusted by p.49 to AT 0 and FP 4+); it stands at (40, 40), the PaK40s (Veteran: hit on 4+) at (38.5, 8) and
(41.5, 8) under a Template centred on (40, 8)."""

from __future__ import annotations

from modgen.logs.chat import parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import findings as all_findings
from tests.fow_helpers import move, rules, setup, step, turn_to


def findings(*events: dict, **kw) -> list[dict]:
    """The log's findings but the p.46 spotting-line warning: the bundled map's Hill stands between the mortar at
    (40, 40) and the Aiming Point (40, 8), which test_fow_sight.py covers; these tests are about the other rules."""
    return [f for f in all_findings(*events, **kw) if not (f["rule"] == "FoW p.46" and "Line of Sight" in f["message"])]


START = [setup("us.mortar.1", 40, 40), setup("us.rifle.1", 60, 44), setup("us.sherman.1", 20, 44),
         setup("de.pak40.1", 38.5, 8, 180), setup("de.pak40.2", 41.5, 8, 180), setup("de.pz4h.1", 55, 8, 180),
         setup("de.pz4h.2", 45, 26, 180)]
AIM = [40, 8]
#: a shot in range of the mortar's direct-fire line (24")
SHOT = {"type": "shoot", "unit": "us.mortar.1", "target": "de.pz4h.2", "dice": [4]}


def range_in(roll, spotter="us.mortar.1", aim=None, **kw):
    return {"type": "range_in", "unit": spotter, "target": "us.mortar.1", "aim": aim or AIM, "roll": roll, **kw}


def bombard(target, dice, **kw):
    return {"type": "bombard", "unit": "us.mortar.1", "target": target, "dice": dice, **kw}


def shooting(*events, start=START):
    return findings(*start, *turn_to("shooting", turn=2), *events)  # (past the p.96 first-turn ban)


def test_first_attempt_range_in_and_one_weapon_rerolls_hits():
    # p.47: 4 against Trained 4+ Ranges In on the first attempt (no penalty); p.48: one weapon firing re-rolls
    # successful rolls to hit: 5 then 2 is a miss, 3 a plain miss.
    assert shooting(range_in(4, result="ranged_in"), bombard("de.pak40.1", [5, 2], need="4+", hits=0),
                    bombard("de.pak40.2", [3], hits=0)) == []


def test_range_in_claimed_with_a_low_roll():
    found = shooting(range_in(3, result="ranged_in"))
    assert rules(found) == [("FoW p.47", "error")] and "needs 4+" in found[0]["message"]


def test_template_over_terrain_adds_one_to_range_in():
    # p.47 example: the Template covers part of a field, so the score needed rises by 1. Centred on (35, 14) the
    # 6" Template covers the Farmhouse (Short terrain, y 16-20): Trained 4+ becomes 5+.
    found = shooting(range_in(4, aim=[35, 14], result="ranged_in"))
    assert rules(found) == [("FoW p.47", "error")] and "Farmhouse" in found[0]["message"]
    assert shooting(range_in(5, aim=[35, 14], result="ranged_in")) == []


def test_third_attempt_adds_two_to_hit_and_a_fourth_attempt_is_refused():
    # p.47: "The Spotting team succeeds on the third attempt. The infantry guns will have a +2 penalty".
    ok = [range_in(1), range_in(2), range_in(5)]
    found = shooting(*ok, bombard("de.pak40.1", [6, 6], need="4+", hits=1))
    assert rules(found) == [("FoW p.48", "error")] and "needs 6+" in found[0]["message"]
    assert shooting(*ok, bombard("de.pak40.1", [6, 6], need="6+", hits=1)) == []
    found = shooting(range_in(1), range_in(2), range_in(3), range_in(6))
    assert rules(found) == [("FoW p.47", "error")] and "fourth attempt" in found[0]["message"]


def test_failed_three_attempts_bars_bombarding_and_shooting():
    found = shooting(range_in(1), range_in(2), range_in(3), bombard("de.pak40.1", [6, 6]))
    assert rules(found) == [("FoW p.47", "error")] and "failed all three" in found[0]["message"]
    found = shooting(range_in(1), range_in(2), range_in(3),
                     SHOT)
    assert ("FoW p.47", "error") in rules(found)


def test_spotting_team_must_be_a_firing_team_hq_or_observer_and_not_moved():
    # p.45: the Formation Commander's Sherman may spot; a rifle team of the mortar's Unit does not fire, so not.
    assert shooting(range_in(4, spotter="us.sherman.1"), bombard("de.pak40.1", [2])) == []
    start = [*START, setup("us.rifle.2", 62, 44)]
    found = shooting(range_in(4, spotter="us.rifle.2"), start=start)
    assert rules(found) == [("FoW p.45", "error")] and "Spotting Team" in found[0]["message"]
    found = findings(*START, *turn_to("movement", turn=2), move("us.sherman.1", [20, 44], [20, 42]), step("shooting"),
                     range_in(4, spotter="us.sherman.1"))
    assert rules(found) == [("FoW p.45", "error")] and "moved" in found[0]["message"]


def test_moved_artillery_team_cannot_fire():
    # p.45: "Teams cannot fire a Bombardment if they Moved".
    found = findings(*START, *turn_to("movement", turn=2), move("us.mortar.1", [40, 40], [40, 39]), step("shooting"),
                     range_in(4, spotter="us.sherman.1"), bombard("de.pak40.1", [2]))
    assert rules(found) == [("FoW p.45", "error")] and "moved this turn" in found[0]["message"]


def test_spotter_and_firing_team_cannot_shoot_after():
    found = shooting(range_in(4), bombard("de.pak40.1", [2]),
                     SHOT)
    assert rules(found) == [("FoW p.45", "error")] and "cannot Shoot" in found[0]["message"]


def test_aiming_point_out_of_range():
    # 38" from the mortar's centre to (40, 2): 37" from its base edge, beyond the 32" artillery range.
    found = shooting(range_in(4, aim=[40, 2]))
    assert rules(found) == [("FoW p.45", "error")] and "out of range" in found[0]["message"]


def test_danger_close_four_inches_from_friends():
    # p.46: the Template may not be placed within 4" of friendly Teams. A rifle team at (40, 14): its base edge
    # at y 13.5 is 2.5" from the Template's edge at y 11; at (40, 16.5) it is 5" away.
    found = shooting(range_in(4), start=[*START, setup("us.rifle.2", 40, 14)])
    assert rules(found) == [("FoW p.46", "error")] and "Danger Close" in found[0]["message"]
    assert shooting(range_in(4), start=[*START, setup("us.rifle.2", 40, 16.5)]) == []


def test_only_teams_under_the_template_are_rolled_for():
    found = shooting(range_in(4), bombard("de.pz4h.1", [2]))
    assert rules(found) == [("FoW p.48", "error")] and "outside the Template" in found[0]["message"]


def test_one_weapon_must_reroll_a_hit():
    found = shooting(range_in(4), bombard("de.pak40.1", [5], hits=1))
    assert rules(found) == [("FoW p.48", "error")] and "re-rolled" in found[0]["message"]


def test_a_hit_pins_the_gun_unit():
    # p.49: Infantry, Gun and Unarmoured Tank Units hit by a Bombardment are automatically Pinned Down; the PaK40
    # then fires at its Pinned (= Moving) ROF 1, so two dice are an error (p.26).
    shots = [step("assault"), step("starting", "german"), step("movement", "german"), step("shooting", "german"),
             {"type": "shoot", "unit": "de.pak40.1", "target": "us.mortar.1", "dice": [3, 3]}]
    found = shooting(range_in(4), bombard("de.pak40.1", [5, 6], hits=1), *shots)
    assert rules(found) == [("FoW p.26", "error")] and "Pinned" in found[0]["message"]
    assert shooting(range_in(4), bombard("de.pak40.1", [5, 2], hits=0), *shots) == []


def test_tanks_save_with_top_armour_against_adjusted_ratings():
    # p.48: Armoured Tank Teams use their Top armour; p.49: Arsenal AT 1 is adjusted to 0. Top 1 + a roll of 1
    # = 2 exceeds AT 0: the hit bounces.
    start = [*START[:-1], setup("de.pz4h.1", 43, 10, 180)]
    hit = [range_in(4), bombard("de.pz4h.1", [4, 5], hits=1)]
    save = {"type": "save", "unit": "de.pz4h.1", "by": "us.mortar.1", "roll": 1}
    assert shooting(*hit, save | {"result": "bounced"}, start=start) == []
    found = shooting(*hit, save | {"result": "destroyed"}, start=start)
    assert rules(found) == [("FoW p.48", "error")] and "Anti-tank 0" in found[0]["message"]
    found = shooting(*hit, save | {"armour": "side", "result": "bounced"}, start=start)
    assert rules(found) == [("FoW p.48", "error")] and "Top armour" in found[0]["message"]


def _next_turn() -> list[dict]:
    return [step("assault"), step("starting", "german"), step("movement", "german"), step("shooting", "german"),
            step("assault", "german"), {"type": "turn", "turn": 3}, step("starting"), step("movement"),
            step("shooting")]


def test_repeat_bombardment_on_the_ranged_in_marker():
    # p.49: a Repeat Ranges In automatically on the first attempt; Infantry and Gun Teams re-roll successful saves.
    first = [range_in(4), bombard("de.pak40.1", [2])]
    repeat = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "repeat": True}
    save = {"type": "save", "unit": "de.pak40.1", "by": "us.mortar.1", "result": "saved"}
    hit = bombard("de.pak40.1", [4, 4], hits=1)
    assert shooting(*first, *_next_turn(), repeat, hit, save | {"dice": [3, 5]}) == []
    found = shooting(*first, *_next_turn(), repeat, hit, save | {"dice": [3, 1]})
    assert rules(found) == [("FoW p.49", "error")] and "re-roll successful saves" in found[0]["message"]


def test_moving_removes_the_ranged_in_marker():
    first = [range_in(4), bombard("de.pak40.1", [2])]
    later = [step("assault"), step("starting", "german"), step("movement", "german"), step("shooting", "german"),
             step("assault", "german"), {"type": "turn", "turn": 3}, step("starting"), step("movement"),
             move("us.mortar.1", [40, 40], [40, 39]), step("shooting"),
             {"type": "range_in", "unit": "us.sherman.1", "target": "us.mortar.1", "repeat": True}]
    found = shooting(*first, *later)
    assert ("FoW p.49", "error") in rules(found)
    assert any("no Ranged In marker" in f["message"] for f in found)


def test_bombard_outside_the_shooting_step():
    found = findings(*START, *turn_to("assault"), range_in(4))
    assert ("FoW p.45", "error") in rules(found)


def test_chat_verbs():
    verbs = verbs_for(plugin)
    ev = parse("!rangein us.sherman.1 -> us.mortar.1 at 40 8.5 terrain", verbs).event
    assert ev == {"type": "range_in", "unit": "us.sherman.1", "target": "us.mortar.1", "aim": [40.0, 8.5],
                  "mods": ["terrain"]}
    ev = parse("!bombard us.mortar.1 -> de.pak40.1 need 4+ hits 0", verbs).event
    assert ev == {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "need": "4+", "hits": 0}


def test_dice_from_the_next_roll_event():
    # the module's dice button: the die of a !rangein and the dice of a !bombard follow as roll events
    roll = {"type": "roll", "dice": [3]}
    ev = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": AIM, "result": "ranged_in"}
    found = shooting(ev, roll)
    assert rules(found) == [("FoW p.47", "error")]
    assert shooting(ev, {"type": "roll", "dice": [4]}, {"type": "bombard", "unit": "us.mortar.1",
                                                        "target": "de.pak40.1", "hits": 0},
                    {"type": "roll", "dice": [6, 1]}) == []
