"""FoW p.96 Meeting Engagements (the Free For All is one, p.97) from the rulebook text (seed 004): "the following
rules apply in the first Shooting Step of the player who has the first turn. They do not apply in the second
player's turn, nor in subsequent turns. ... Treat all of the first player's Teams as having moved when Shooting in
their first Shooting Step, whether they actually moved or not. The first player's Teams cannot fire Artillery
Bombardments in their first Shooting Step." The first player is whoever's Step comes first (p.93: a roll-off)."""

from __future__ import annotations

from tests.fow_helpers import rules, setup, step, turn_to
from tests.test_fow_artillery import AIM, START, bombard, findings, range_in


def test_first_player_cannot_bombard_in_the_first_shooting_step():
    found = findings(*START, *turn_to("shooting"), range_in(4), bombard("de.pak40.1", [2]))
    assert rules(found) == [("FoW p.96", "error")]  # once for the Artillery Unit
    assert "Meeting Engagement" in found[0]["message"] and found[0]["position"] == [float(AIM[0]), float(AIM[1])]


def test_the_second_player_and_later_turns_may_bombard():
    # The Germans have the first turn here: the Americans' turn-1 bombardment is legal, and so is their turn 2.
    ev = [*START, *turn_to("assault", "german"), step("starting"), step("movement"), step("shooting"),
          range_in(4), bombard("de.pak40.1", [2])]
    assert findings(*ev) == []
    assert findings(*START, *turn_to("shooting", turn=2), range_in(4), bombard("de.pak40.1", [2])) == []


SHERMANS = [setup("us.sherman.1", 40, 30, 0), setup("de.pz4h.1", 55, 30, 270)]


def test_first_player_shoots_at_moving_rof_without_moving():
    # The M4A1's M3 75mm: Halted ROF 2; it did not move, but counts as moving in the first Shooting Step, and its
    # Stabiliser keeps ROF 2 at +1 to hit (p.72): a 4+ shot needs 5+ now.
    ev = [*SHERMANS, *turn_to("shooting")]
    found = findings(*ev, {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "dice": [6, 5],
                           "need": "4+"})
    assert rules(found) == [("FoW p.33", "error")] and "Stabiliser" in found[0]["message"]
    assert findings(*ev, {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "dice": [6, 5],
                          "need": "5+"}) == []
    later = [*SHERMANS, *turn_to("shooting", turn=2)]  # halted in turn 2: 4+ is right
    assert findings(*later, {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "dice": [6, 5],
                             "need": "4+"}) == []


def test_first_player_rof_with_a_gun_that_halves():
    # The PaK 40 (Halted ROF 2, Moving ROF 1): two dice in the Germans' first Shooting Step are too many.
    start = [setup("de.pak40.1", 40, 10, 180), setup("us.sherman.2", 40, 30)]
    found = findings(*start, *turn_to("shooting", "german"), {"type": "shoot", "unit": "de.pak40.1",
                                                              "target": "us.sherman.2", "dice": [3, 3]})
    assert rules(found) == [("FoW p.26", "error")] and "Meeting Engagement" in found[0]["message"]
    # The Americans, second, shoot at their Halted ROF in their own first turn.
    second = [*start, *turn_to("assault", "german"), step("starting"), step("movement"), step("shooting"),
              {"type": "shoot", "unit": "us.sherman.2", "target": "de.pak40.1", "dice": [4, 4]}]
    assert [f for f in findings(*second) if f["rule"] == "FoW p.26"] == []
