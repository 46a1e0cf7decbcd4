"""FoW p.94 (seed 004): "Teams that Dashed in their last turn cannot hold or contest Objectives" (digest §6 item 4,
the Dash bans), with p.97 Free For All: a player wins by starting the turn Holding one of the Objectives it placed.
The Germans go first: their Panzer IV ends within 4" of the Americans' west objective (20, 5) and the Sherman,
already within 4" of it, starts the American turn Holding it only if the Panzer got there at Dash speed."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step

SHERMAN = setup("us.sherman.1", 14.4, 5)  # its east edge 3.8" from the objective's base
WIN = {"type": "game_end", "winner": "us"}


def german_turn(*moves):
    return [{"type": "turn", "turn": 1}, step("starting", "german"), step("movement", "german"), *moves,
            step("shooting", "german"), step("assault", "german"), step("starting", "us")]


def test_p94_a_team_that_dashed_does_not_contest():
    dashed = [SHERMAN, setup("de.pz4h.1", 40, 5, 270),
              *german_turn(move("de.pz4h.1", [40, 5], [25.6, 5], "dash", facing=270)), WIN]
    assert findings(*dashed) == []


def test_p94_a_team_that_moved_tactically_contests():
    tactical = [SHERMAN, setup("de.pz4h.1", 35.6, 5, 270),
                *german_turn(move("de.pz4h.1", [35.6, 5], [25.6, 5], facing=270)), WIN]
    found = findings(*tactical)
    assert rules(found) == [("FoW p.97", "error")] and "no side won" in found[0]["message"]
