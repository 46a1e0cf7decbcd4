"""FoW Starting Step and Pinned Down from the rulebook text (seed 004): p.16 the Starting Step's order; p.38
Remounting (the Cromwell example: roll >= Remount rating removes the marker, a 1 stays Bailed Out, the Commander
within 6"/15cm re-rolls); p.8 Command Leadership; p.41 Pinned Down (the example: seven hits pin an infantry Unit,
which then cannot move toward visible enemy teams) and Rally; p.60 Unit Last Stand (In Good Spirits: three
Infantry Teams); p.61 Formation Last Stand (two Units)."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

TANKS = [setup("us.sherman.1", 30, 42), setup("us.sherman.2", 34, 42), setup("de.pz4h.1", 30, 4, 180)]


def then(name, side="us"):
    """The next player's steps up to ``name`` (no new turn event: both players' turns make one game turn)."""
    return turn_to(name, side)[1:]


BAIL = {"type": "marker", "unit": "us.sherman.2", "marker": "bailed_out", "on": True}
UNBAIL = {"type": "marker", "unit": "us.sherman.2", "marker": "bailed_out", "on": False}


def mtest(kind, unit, roll=None, **kw):
    ev = {"type": "motivation", "test": kind, "unit": unit, **kw}
    if roll is not None:
        ev["roll"] = roll
    return ev


def bailed_turn(*events):
    """Sherman 2 bailed out in the German turn; the US Starting Step follows. Sherman 1 (the Formation Commander)
    stands 4" away, so the Unit keeps two tanks only if Sherman 2 remounts: give both a Last Stand pass."""
    return [*TANKS, *turn_to("shooting", "german"), BAIL, *then("starting"), *events]


def test_remount_on_the_motivation_rating_removes_the_marker():
    # p.38: Confident 4+; a 4 remounts (the marker comes off); a 1 stays Bailed Out.
    assert findings(*bailed_turn(mtest("remount", "us.sherman.2", 4), UNBAIL)) == []
    stays = findings(*bailed_turn(mtest("remount", "us.sherman.2", 1), mtest("last_stand", "us.sherman.1", 5)))
    assert stays == []


def test_marker_off_after_a_failed_remount():
    found = findings(*bailed_turn(mtest("remount", "us.sherman.2", 3), UNBAIL))
    assert ("FoW p.38", "error") in rules(found)


def test_remount_result_must_match_the_die():
    found = findings(*bailed_turn(mtest("remount", "us.sherman.2", 3, result="passed"), UNBAIL))
    # the wrong call, then the marker taken off without a passed Remount
    assert rules(found) == [("FoW p.38", "error")] * 2 and "needing 4+" in found[0]["message"]


def test_remount_a_tank_that_is_not_bailed_out():
    found = findings(*TANKS, *turn_to("starting"), mtest("remount", "us.sherman.2", 5))
    assert rules(found) == [("FoW p.38", "error")]


def test_commander_within_6_inches_re_rolls_a_failed_remount():
    # p.38 example: the third Cromwell rolls 1, its Commander is within 6", the re-roll of 5 remounts it.
    assert findings(*bailed_turn(mtest("remount", "us.sherman.2", 1, reroll=5), UNBAIL)) == []


def test_re_roll_without_the_commander_near():
    far = [setup("us.sherman.1", 10, 42), setup("us.sherman.2", 34, 42), setup("de.pz4h.1", 30, 4, 180)]
    found = findings(*far, *turn_to("shooting", "german"), BAIL, *then("starting"),
                     mtest("remount", "us.sherman.2", 1, reroll=5), UNBAIL)
    assert rules(found) == [("FoW p.8", "error")] and "Sherman" in found[0]["message"]


def test_re_roll_of_a_passed_test():
    found = findings(*bailed_turn(mtest("remount", "us.sherman.2", 4, reroll=6), UNBAIL))
    assert rules(found) == [("FoW p.8", "error")]


def test_starting_step_order_and_step():
    # p.16: Remount, then Rally, then Unit Last Stand; tests belong to the Starting Step.
    rifles = [setup("us.rifle.1", 30, 30), setup("us.rifle.2", 33, 30), setup("us.rifle.3", 36, 30), *TANKS]
    pin = {"type": "marker", "unit": "us.rifle.1", "marker": "pinned_down", "on": True}
    found = findings(*rifles, *turn_to("shooting", "german"), pin, BAIL, *then("starting"),
                     mtest("rally", "us.rifle.2", 5), mtest("remount", "us.sherman.2", 6), UNBAIL)
    assert rules(found) == [("FoW p.16", "error")]
    found = findings(*TANKS, *turn_to("shooting", "german"), BAIL, *then("movement"),
                     mtest("remount", "us.sherman.2", 6))
    assert ("FoW p.16", "error") in rules(found)


# clear of the bundled table's hill, woods and farmhouse (maps/fow.json), so every enemy is in Line of Sight
RIFLES = [setup("us.rifle.1", 65, 44), setup("us.rifle.2", 68, 44), setup("us.rifle.3", 71, 44),
          setup("de.pz4h.1", 65, 10, 180), setup("de.pz4h.2", 69, 10, 180)]


def hits(n1, n2, target="us.rifle.1"):
    return [{"type": "shoot", "unit": "de.pz4h.1", "target": target, "hits": n1},
            {"type": "shoot", "unit": "de.pz4h.2", "target": target, "hits": n2}]


def test_seven_hits_pin_the_infantry_which_cannot_move_toward_the_enemy():
    # p.41 example: seven hits, Pinned Down; the teams cannot move toward visible enemy teams.
    found = findings(*RIFLES, *turn_to("shooting", "german"), *hits(4, 3), *then("movement"),
                     move("us.rifle.2", [68, 44], [68, 41]))
    assert rules(found) == [("FoW p.41", "error")] and found[0]["position"] == [68, 41]
    # ... but may retire away from them
    assert findings(*RIFLES, *turn_to("shooting", "german"), *hits(4, 3), *then("movement"),
                    move("us.rifle.2", [68, 44], [68, 47])) == []


def test_four_hits_do_not_pin():
    assert findings(*RIFLES, *turn_to("shooting", "german"), *hits(2, 2), *then("movement"),
                    move("us.rifle.2", [68, 44], [68, 41])) == []


def test_armoured_tanks_are_never_pinned():
    start = [setup("us.sherman.1", 65, 30), setup("us.sherman.2", 69, 30), setup("de.pz4h.1", 65, 10, 180),
             setup("de.pz4h.2", 69, 10, 180)]
    assert findings(*start, *turn_to("shooting", "german"), *hits(4, 3, "us.sherman.1"), *then("movement"),
                    move("us.sherman.2", [69, 30], [69, 27])) == []


def test_rally_ends_pinned_down():
    ok = findings(*RIFLES, *turn_to("shooting", "german"), *hits(4, 3), *then("starting"),
                  mtest("rally", "us.rifle.1", 4), step("movement"), move("us.rifle.2", [68, 44], [68, 41]))
    assert ok == []
    failed = findings(*RIFLES, *turn_to("shooting", "german"), *hits(4, 3), *then("starting"),
                      mtest("rally", "us.rifle.1", 3), step("movement"), move("us.rifle.2", [68, 44], [68, 41]))
    assert rules(failed) == [("FoW p.41", "error")]


def test_rally_when_not_pinned_and_marker_off_without_rally():
    found = findings(*RIFLES, *turn_to("starting"), mtest("rally", "us.rifle.1", 4))
    assert rules(found) == [("FoW p.41", "error")]
    pin = {"type": "marker", "unit": "us.rifle.1", "marker": "pinned_down", "on": True}
    found = findings(*RIFLES, *turn_to("shooting", "german"), pin, *then("starting"),
                     {**pin, "on": False})
    assert rules(found) == [("FoW p.41", "error")]


def lose(unit):
    return {"type": "loss", "unit": unit, "eliminated": True}


def test_unit_not_in_good_spirits_owes_a_last_stand():
    # p.60: two of three Infantry Teams left In Command (a team destroyed): not In Good Spirits.
    start = [*RIFLES, setup("us.mortar.1", 65, 47)]
    ev = [*start, *turn_to("shooting", "german"), lose("us.rifle.3"), lose("us.mortar.1"), *then("starting")]
    found = findings(*ev, step("movement"))
    assert rules(found) == [("FoW p.60", "error")] and "In Good Spirits" in found[0]["message"]
    assert findings(*ev, mtest("last_stand", "us.rifle.1", 4), step("movement")) == []
    failed = findings(*ev, mtest("last_stand", "us.rifle.1", 2), step("movement"))
    assert rules(failed) == [("FoW p.60", "error")] and "still on the table" in failed[0]["message"]
    # three Infantry Teams left after losing the mortar: In Good Spirits, no test owed
    assert findings(*start, *turn_to("shooting", "german"), lose("us.mortar.1"), *then("starting"),
                    step("movement")) == []


def test_formation_with_one_unit_left_is_destroyed():
    # p.61: a Formation needs two Units on the table or in Reserve (us_force: the tank and rifle platoons).
    start = [*RIFLES, setup("us.sherman.1", 60, 40)]
    gone = [lose(f"us.sherman.{n}") for n in (1, 2, 3, 4)]
    found = findings(*start, *turn_to("shooting", "german"), *gone, *then("starting"), step("movement"))
    assert rules(found) == [("FoW p.61", "error")] and "us_force" in found[0]["message"]
    some = [lose(f"us.sherman.{n}") for n in (2, 3, 4)]  # Sherman 1 lives: two Units left
    assert findings(*start, *turn_to("shooting", "german"), *some, *then("starting"),
                    mtest("last_stand", "us.sherman.1", 6), step("movement")) == []
