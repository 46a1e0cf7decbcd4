"""FoW p.96 Reserves from the rulebook text (seed 004): "IMMEDIATE RESERVES At the start of your first turn roll a
die. On a roll of 5+ your first Unit arrives from the Reserve. It may be any Unit of your choice, but must arrive
now. At the start of your second turn roll two dice. ... Each roll of 5+ brings another Unit on from your Reserves.
If you rolled three or more dice to get Reserves in a turn, but failed to score any rolls of 5+, you automatically
receive one Unit from Reserve anyway." and "DELAYED RESERVES ... you do not start rolling for your Reserves until
turn three, and then get one die." The Free For All has no Reserves, so these tests give the mission the rule; the
American rifle platoon waits in Reserve, the Shermans are on the table."""

from __future__ import annotations

import json
import shutil

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.fow_helpers import setup, step, turn_to


def _game(root, rule):
    for d in ("games", "counters", "maps", "scenarios/fow"):
        (root / d).mkdir(parents=True)
    for f in ("games/fow.json", "maps/fow.json", "counters/fow.json", "scenarios/fow/breakthrough.json"):
        shutil.copy(REPO / f, root / f)
    shutil.copytree(REPO / "schema", root / "schema")
    scen = json.loads((REPO / "scenarios/fow/free_for_all.json").read_text())
    scen["special_rules"].append({"id": rule, "text": "p.96 " + rule.replace("_", " ")})
    (root / "scenarios/fow/free_for_all.json").write_text(json.dumps(scen))
    return root / "games/fow.json"


@pytest.fixture(scope="module")
def immediate(tmp_path_factory):
    return _game(tmp_path_factory.mktemp("imm"), "immediate_reserves")


@pytest.fixture(scope="module")
def delayed(tmp_path_factory):
    return _game(tmp_path_factory.mktemp("del"), "delayed_reserves")


def p96(game, *events):
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}, *events]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", game,
                        "free_for_all").to_dict()["findings"]
    # entry zones and points are not given here: their could-not-check findings are tests/test_fow_reserve_entry.py's
    return [f for f in found if f["rule"] == "FoW p.96" and "Meeting" not in f["message"]
            and f["severity"] != "could-not-check"]


START = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 30, 6, 180)]
ARRIVE = [setup("us.rifle.1", 20, 46), setup("us.rifle.2", 23, 46), setup("us.rifle.3", 26, 46),
          setup("us.mortar.1", 17, 46)]


def roll(*dice):
    return {"type": "reserves", "side": "us", "dice": list(dice)}


def turn(n, *starting, movement=()):
    """US turn ``n`` (Starting events, then Movement events) and the German turn after it."""
    return [{"type": "turn", "turn": n}, step("starting"), *starting, step("movement"), *movement,
            step("shooting"), step("assault"), step("starting", "german"), step("movement", "german")]


def test_a_five_brings_the_platoon_in_the_first_turn(immediate):
    assert p96(immediate, *START, *turn(1, roll(5), movement=ARRIVE)) == []
    assert p96(immediate, *START, *turn(1, roll(4))) == []  # a 4 brings nobody


def test_a_unit_arriving_without_a_five(immediate):
    found = p96(immediate, *START, *turn(1, roll(4), movement=ARRIVE))
    assert [f["severity"] for f in found] == ["error"]  # once for the Unit, not for each team
    assert "brings 0" in found[0]["message"] and found[0]["position"] == [20.0, 46.0]


def test_the_unit_must_arrive_now(immediate):
    found = p96(immediate, *START, *turn(1, roll(6)))
    assert [f["severity"] for f in found] == ["error"] and "must arrive now" in found[0]["message"]


def test_one_more_die_each_turn_and_three_dice_bring_one_anyway(immediate):
    ev = [*START, *turn(1, roll(2)), *turn(2, roll(1, 3)), *turn(3, roll(1, 2, 4), movement=ARRIVE)]
    assert p96(immediate, *ev) == []
    found = p96(immediate, *START, *turn(1, roll(2)), *turn(2, roll(6)))
    assert any("rolls 1 dice" in f["message"] and "gives 2" in f["message"] for f in found)


def test_rolled_in_the_enemy_turn(immediate):
    ev = [*START, *turn_to("movement", "german"), {"type": "reserves", "side": "us", "dice": [2]}]
    found = p96(immediate, *ev)
    assert any("enemy's turn" in f["message"] for f in found)


def test_delayed_reserves_start_in_turn_three(delayed):
    ev = [*START, *turn(1), *turn(2), *turn(3, roll(5), movement=ARRIVE)]
    assert p96(delayed, *ev) == []
    early = p96(delayed, *START, *turn(1, roll(5), movement=ARRIVE))
    assert any("gives 0" in f["message"] for f in early)
