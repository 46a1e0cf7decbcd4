"""FoW Cross checks and victory from the rulebook text (seed 004): p.20 "Each time a Team attempts to enter or start
moving in Difficult Terrain ... Otherwise, the Team stops moving immediately" (the Sherman V example: a 4 enters
the woods, a 2 gets stuck); p.94 Holding Objectives (a team within 4"/10cm at the start of the turn, no enemy
team; not Bailed Out or Dashed teams); p.97 Free For All: a player wins by starting the turn Holding one of the
Objectives it placed on the opponent's side."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

SHERMAN = [setup("us.sherman.1", 14, 27)]  # the West wood's edge crosses x=14 at y=21
CROSS = {"type": "cross", "unit": "us.sherman.1"}


def test_sherman_passes_its_cross_check_and_enters_the_woods():
    assert findings(*SHERMAN, *turn_to("movement"), {**CROSS, "roll": 4}, move("us.sherman.1", [14, 27], [14, 18])) \
        == []
    # the die in the roll event after the declaration (VASSAL's dice button)
    assert findings(*SHERMAN, *turn_to("movement"), CROSS, {"type": "roll", "dice": [3]},
                    move("us.sherman.1", [14, 27], [14, 18])) == []


def test_entering_difficult_terrain_without_a_cross_check():
    found = findings(*SHERMAN, *turn_to("movement"), move("us.sherman.1", [14, 27], [14, 18]))
    assert rules(found) == [("FoW p.20", "error")] and "West wood" in found[0]["message"] \
        and "3+" in found[0]["message"]


def test_failed_cross_check_stops_the_team():
    found = findings(*SHERMAN, *turn_to("movement"), {**CROSS, "roll": 2}, move("us.sherman.1", [14, 27], [14, 18]))
    assert rules(found) == [("FoW p.20", "error")] and "stops immediately" in found[0]["message"]
    stuck = findings(*SHERMAN, *turn_to("movement"), {**CROSS, "roll": 2}, move("us.sherman.1", [14, 27], [14, 21]))
    assert stuck == []
    again = findings(*SHERMAN, *turn_to("movement"), {**CROSS, "roll": 2}, move("us.sherman.1", [14, 27], [14, 21]),
                     move("us.sherman.1", [14, 21], [10, 21]))
    assert rules(again) == [("FoW p.20", "error")]


def test_infantry_cross_automatically():
    assert findings(setup("us.rifle.1", 14, 27), *turn_to("movement"), move("us.rifle.1", [14, 27], [14, 20])) == []


OBJ = [setup("us.sherman.1", 20, 9), setup("de.pz4h.1", 60, 30, 180)]  # obj_us_1 at (20, 5)


def test_holding_an_objective_at_the_start_of_the_turn_wins():
    assert findings(*OBJ, *turn_to("starting"), {"type": "game_end", "winner": "us"}) == []
    found = findings(*OBJ, *turn_to("starting"), step("movement"), move("us.sherman.1", [20, 9], [24, 9]))
    assert rules(found) == [("FoW p.97", "error")] and "Held" not in found[0]["message"] \
        and "has won" in found[0]["message"]


def test_contested_objective_is_not_held():
    contested = [setup("us.sherman.1", 20, 9), setup("de.pz4h.1", 24, 6, 180)]
    found = findings(*contested, *turn_to("starting"), {"type": "game_end", "winner": "us"})
    assert rules(found) == [("FoW p.97", "error")]
    bailed = [*contested, {"type": "marker", "unit": "de.pz4h.1", "marker": "bailed_out", "on": True}]
    assert findings(*bailed, *turn_to("starting"), {"type": "game_end", "winner": "us"}) == []


def test_team_that_dashed_last_turn_does_not_hold():
    ev = [setup("us.sherman.1", 27, 25), setup("de.pz4h.1", 60, 40, 180), *turn_to("movement"),
          move("us.sherman.1", [27, 25], [22, 9], mode="dash"), step("shooting"), step("assault"),
          *turn_to("assault", "german")[1:], {"type": "turn", "turn": 2}, step("starting"),
          {"type": "game_end", "winner": "us"}]
    assert rules(findings(*ev)) == [("FoW p.97", "error")]
    ev[5] = move("us.sherman.1", [27, 25], [22, 9])  # 16.8" is no Tactical move: check the Dash made it
    assert ("FoW p.97", "error") not in rules(findings(*ev))
