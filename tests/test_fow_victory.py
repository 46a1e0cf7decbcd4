"""FoW mission victory (pp.93, 97-102) and Victory Points (p.93) from the rulebook text (seed 004).

p.101 Breakthrough: "The game cannot be won before the sixth turn. The Attacker wins if they start their turn
Holding an Objective. The Defender wins if they start their turn with no Attacking Tank or Infantry Units within
16"/40cm of an Objective." p.100 Rear Guard: "The Defender wins at the start of their ninth turn after checking
Formation Morale." p.97 Annihilation: "A player wins if their opponent has no Formations left on the table." p.93:
"If a player has no Formations (other than Allied Formations) in Good Spirits (page 61) ... their force flees the
battlefield and the enemy wins." "If neither player won, both players look up the number of Surviving Units the
enemy force has as though their opponent was the winner and use the Loser's Points column" (Victory Points Table:
0 or 1 Unit 8/1, 2 Units 7/2, 3 or more 6/3)."""

from __future__ import annotations

import json

import pytest

from tests.fow_helpers import findings, setup
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, breakthrough, check, copy_game, game_turn


def victory(found: list[dict]) -> list[dict]:
    """Victory findings (p.93, p.97), not where the tests place teams (p.97 deployment)."""
    return [f for f in found if f["rule"] in ("FoW p.93", "FoW p.97") and " is deployed at " not in f["message"]]


AT_OBJ = [setup("us.sherman.1", 44, 15), *SHERMANS[1:]]  # obj_1 is at (44, 12)


def turns(upto: int) -> list[dict]:
    return [e for n in range(1, upto + 1) for e in game_turn(n)]


def test_p101_not_won_before_the_sixth_turn():
    early = [*PAK_HELD, *AT_OBJ, *turns(4), {"type": "turn", "turn": 5}, {"type": "phase", "phase": "starting",
                                                                           "side": "us"}]
    found = victory(breakthrough(*early, {"type": "game_end", "winner": "us"}))
    assert [f["severity"] for f in found] == ["error"] and "cannot be won before the sixth turn" in found[0]["message"]
    on_time = [*PAK_HELD, *AT_OBJ, *turns(5), {"type": "turn", "turn": 6},
               {"type": "phase", "phase": "starting", "side": "us"}]
    assert victory(breakthrough(*on_time, {"type": "game_end", "winner": "us"})) == []


def test_p101_defender_wins_with_no_attacking_tanks_within_16_inches():
    end = [{"type": "turn", "turn": 6}, {"type": "phase", "phase": "starting", "side": "us"},
           {"type": "phase", "phase": "movement", "side": "us"}, {"type": "phase", "phase": "starting",
                                                                   "side": "german"}]
    far = [*PAK_HELD, *SHERMANS, *turns(5), *end]
    assert victory(breakthrough(*far, {"type": "game_end", "winner": "german"})) == []
    found = victory(breakthrough(*far, {"type": "game_end", "winner": "us"}))
    assert [f["severity"] for f in found] == ["error"] and "no enemy tank/infantry team within 16.0\"" in \
        found[0]["message"]
    near = [*PAK_HELD, setup("us.sherman.1", 44, 26), *SHERMANS[1:], *turns(5), *end]  # 12" from obj_1
    assert [f["severity"] for f in victory(breakthrough(*near, {"type": "game_end", "winner": "german"}))] == \
        ["error"]


@pytest.fixture(scope="module")
def rear_guard(tmp_path_factory):
    def change(s):
        s["victory"]["conditions"] = [{"side": "german", "kind": "turn", "turn": 9}]
    return copy_game(tmp_path_factory.mktemp("rg"), "free_for_all", change)


def test_p100_rear_guard_defender_wins_at_its_ninth_turn(rear_guard):
    ev = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 30, 6, 180), *turns(8), {"type": "turn", "turn": 9},
          {"type": "phase", "phase": "starting", "side": "us"}, {"type": "phase", "phase": "movement", "side": "us"}]
    assert victory(check(rear_guard, "free_for_all", *ev, {"type": "game_end", "winner": "german"})) != []
    ev.append({"type": "phase", "phase": "starting", "side": "german"})
    assert victory(check(rear_guard, "free_for_all", *ev, {"type": "game_end", "winner": "german"})) == []
    found = victory(check(rear_guard, "free_for_all", *ev, {"type": "phase", "phase": "movement", "side": "german"},
                          {"type": "move", "unit": "de.pz4h.1", "from_pos": [30, 6], "to_pos": [30, 10],
                           "mode": "tactical"}))
    assert [f["severity"] for f in found] == ["error"] and "the start of turn 9" in found[0]["message"]


@pytest.fixture(scope="module")
def annihilation(tmp_path_factory):
    def change(s):
        s["victory"] = {"text": "A player wins if their opponent has no Formations left on the table.",
                        "conditions": [{"side": "us", "kind": "no_formations"},
                                       {"side": "german", "kind": "no_formations"}]}
    return copy_game(tmp_path_factory.mktemp("an"), "free_for_all", change)


def test_p97_annihilation_no_formations_left_on_the_table(annihilation):
    """No German team on the table (all in Reserve: still In Good Spirits for p.61, but not on the table)."""
    ev = [setup("us.sherman.1", 30, 44), {"type": "turn", "turn": 1}, {"type": "phase", "phase": "starting",
                                                                        "side": "us"}]
    assert victory(check(annihilation, "free_for_all", *ev, {"type": "game_end", "winner": "us"})) == []
    found = victory(findings(*ev, {"type": "game_end", "winner": "us"}))  # the Free For All is not won so
    assert [f["severity"] for f in found] == ["error"]


def test_p93_a_player_without_a_formation_loses():
    german = [*(f"de.pz4h.{i}" for i in range(1, 5)), "de.pak40.1", "de.pak40.2"]
    killed = [{"type": "loss", "unit": u} for u in german]
    ev = [setup("us.sherman.1", 30, 44), *(setup(u, 20 + 3 * i, 6, 180) for i, u in enumerate(german)),
          *game_turn(1, us=([], [], killed), german=([],))]
    assert victory(findings(*ev, {"type": "game_end", "winner": "us"})) == []
    found = victory(findings(*ev, {"type": "game_end", "winner": "german"}))
    assert [f["severity"] for f in found] == ["error"] and "no Formation In Good Spirits" in found[0]["message"]


def test_p93_victory_points_for_the_winner():
    """The Americans Hold an Objective with no Unit lost: a Stunning Victory, 8 and 1."""
    ev = [setup("us.sherman.1", 20, 9), setup("de.pz4h.1", 60, 30, 180), {"type": "turn", "turn": 1},
          {"type": "phase", "phase": "starting", "side": "us"}]
    end = {"type": "game_end", "winner": "us", "vp": {"us": 8, "german": 1}, "level": "Stunning Victory"}
    assert victory(findings(*ev, end)) == []
    found = victory(findings(*ev, end | {"vp": {"us": 6, "german": 3}, "level": "Minor Victory"}))
    assert [f["severity"] for f in found] == ["error"] * 3 and "gives as 8" in found[1]["message"] + \
        found[0]["message"]


@pytest.fixture(scope="module")
def destroyed_policy(tmp_path_factory):
    root = tmp_path_factory.mktemp("pol")
    game = copy_game(root, "free_for_all", lambda s: None)
    doc = json.loads(game.read_text())
    doc["rules"].setdefault("policies", {})["no_winner_victory_points"] = "destroyed_units"
    game.write_text(json.dumps(doc))
    return game


def test_p93_no_winner_both_take_the_losers_points(destroyed_policy):
    """Time runs out: as printed, each looks up the enemy's Surviving Units (German 2 Units → 2 for the
    Americans; American 3 Units: tanks, rifles and trucks → 3 for the Germans). Policy destroyed_units reads the
    enemy's Destroyed Units instead (none: 1 each)."""
    ev = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 30, 6, 180), *turns(1)]
    end = {"type": "game_end", "winner": None, "vp": {"us": 2, "german": 3}}
    assert victory(findings(*ev, end)) == []
    assert len(victory(findings(*ev, end | {"vp": {"us": 1, "german": 1}}))) == 2
    assert victory(check(destroyed_policy, "free_for_all", *ev, end | {"vp": {"us": 1, "german": 1}})) == []
