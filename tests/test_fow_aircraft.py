"""FoW aircraft from the rulebook text (seed 004): p.44 "AIRCRAFT ARRIVAL At the start of each turn, the owning
player may roll a die. On a score of 4+, the Aircraft Unit arrives and will be placed anywhere on table in the
Movement Step", "CLOSE AIR SUPPORT ... 3+", "FIGHTER INTERCEPTION ... On a roll of 5+ the enemy Aircraft Unit is
intercepted and is not placed on table", "All Aircraft are removed from the table at the end of the Shooting Step";
p.32 "Aircraft cannot target or allocate hits to a Tank, Infantry, or Gun Team within 8"/20cm of a friendly Team";
p.96 "The first player's Aircraft cannot arrive in their first turn." The bundled force has no aircraft: these
tests add an illustrative P-47 (Aircraft Save 3+, Hit On 5+, p.39 and p.44) to the American force."""

from __future__ import annotations

import copy
import json
import shutil

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.fow_helpers import setup, step, turn_to


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("air")
    for d in ("games", "counters", "maps", "scenarios/fow"):
        (root / d).mkdir(parents=True)
    for f in ("games/fow.json", "maps/fow.json", "scenarios/fow/free_for_all.json",
              "scenarios/fow/breakthrough.json"):
        shutil.copy(REPO / f, root / f)
    shutil.copytree(REPO / "schema", root / "schema")
    data = json.loads((REPO / "counters/fow.json").read_text())
    rifle = next(c for c in data["counters"] if c["id"] == "us.rifle.2")
    for n, tags in ((1, []), (2, ["close_air_support"])):
        p47 = copy.deepcopy(rifle)
        p47.update({"id": f"us.p47.{n}", "class": "aircraft", "designation": f"P-47 {n}", "name": "P-47",
                    "tags": tags, "save": "3+", "symbol": {"types": ["infantry"], "size": None},
                    "group": {"id": f"us_air_{n}", "formation": "us_air", "leader": True, "role": "support"},
                    "ratings": {"skill": "veteran", "motivation": "confident", "is_hit_on": "5+"},
                    "base": {"shape": "round", "width_in": 1, "depth_in": 1}})
        p47.pop("mobility", None)
        p47["faces"]["front"]["values"].update({"is_hit_on": "5+", "skill": "Veteran"})
        p47["weapons"][0].update({"name": "MGs", "range": {"in": 8, "cm": 20}, "rof": {"halted": 3, "moving": 3}})
        data["counters"].append(p47)
    (root / "counters/fow.json").write_text(json.dumps(data))
    return root / "games/fow.json"


def air(game, *events, rules=("FoW p.44", "FoW p.32", "FoW p.96")):
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}, *events]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", game,
                        "free_for_all").to_dict()["findings"]
    return [f for f in found if f["rule"] in rules]


START = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 30, 10, 180), setup("de.pak40.1", 50, 10, 180)]


def turn2(*starting, movement=(), shooting=()):
    """The Germans' turn 1, then the Americans' turn 2 (past the Meeting Engagement's first turn)."""
    return [*turn_to("assault", "german"), step("starting"), step("movement"), step("shooting"), step("assault"),
            {"type": "turn", "turn": 2}, step("starting", "german"), step("movement", "german"),
            step("shooting", "german"), step("assault", "german"), step("starting"), *starting, step("movement"),
            *movement, step("shooting"), *shooting]


def roll(n):
    return {"type": "aircraft", "side": "us", "roll": n}


LEAVE = {"type": "exit", "unit": "us.p47.1"}


def test_arrives_on_4_and_leaves_after_shooting(game):
    ev = [*START, *turn2(roll(4), movement=[setup("us.p47.1", 40, 20)], shooting=[LEAVE]), step("assault")]
    assert air(game, *ev) == []


def test_arrives_on_a_3_or_stays_after_shooting(game):
    found = air(game, *START, *turn2(roll(3), movement=[setup("us.p47.1", 40, 20)], shooting=[LEAVE]))
    assert [f["rule"] for f in found] == ["FoW p.44"] and "arrives on 4+" in found[0]["message"]
    found = air(game, *START, *turn2(roll(5), movement=[setup("us.p47.1", 40, 20)]), step("assault"))
    assert [f["rule"] for f in found] == ["FoW p.44"] and "removed" in found[0]["message"]


def test_close_air_support_arrives_on_3(game):
    ev = [*START, *turn2(roll(3), movement=[setup("us.p47.2", 40, 20)],
                         shooting=[{"type": "exit", "unit": "us.p47.2"}]), step("assault")]
    assert air(game, *ev) == []


def test_intercepted_aircraft_is_not_placed(game):
    ev = [*START, *turn2(roll(6), {"type": "intercept", "side": "german", "roll": 5},
                         movement=[setup("us.p47.1", 40, 20)], shooting=[LEAVE])]
    found = air(game, *ev)
    assert [f["rule"] for f in found] == ["FoW p.44"] and "intercepted" in found[0]["message"]


def test_first_player_first_turn_of_a_meeting_engagement(game):
    ev = [*START, *turn_to("starting"), roll(6), step("movement"), setup("us.p47.1", 40, 20), step("shooting"),
          LEAVE]
    found = air(game, *ev)
    assert [f["rule"] for f in found] == ["FoW p.96"]


def test_safety_distance_from_friendly_teams(game):
    shot = {"type": "shoot", "unit": "us.p47.1", "target": "de.pz4h.1", "weapon": "MGs", "dice": [5, 5, 5]}
    near = [setup("us.rifle.2", 30, 16)]  # 4.3" from the Panzer: too close to bomb or strafe
    ev = [*START, *near, *turn2(roll(4), movement=[setup("us.p47.1", 30, 14)], shooting=[shot, LEAVE])]
    found = air(game, *ev, rules=("FoW p.32",))
    assert [f["severity"] for f in found] == ["error"] and "Rifle 2" in found[0]["message"]
    ev = [*START, *turn2(roll(4), movement=[setup("us.p47.1", 30, 14)], shooting=[shot, LEAVE])]
    assert air(game, *ev, rules=("FoW p.32",)) == []
