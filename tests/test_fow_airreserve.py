"""FoW p.44 Aircraft in Reserve, from the rulebook text (seed 004): "If the Aircraft Unit is held in Reserve (see page
96), do not start rolling until the Unit arrives from Reserve"; p.96 "Each roll of 5+ brings another Unit on from your
Reserves". On the bundled Breakthrough (p.101) the Americans have Flanking Delayed Reserves (no die before turn
three); the tests add an illustrative P-47 Aircraft Unit (as tests/test_fow_aircraft.py does) held in Reserve."""

from __future__ import annotations

import copy

import pytest

from modgen.logs.chat import parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import setup
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, check, copy_game, game_turn


def _p47(data: dict) -> None:
    rifle = next(c for c in data["counters"] if c["id"] == "us.rifle.2")
    p47 = copy.deepcopy(rifle)
    p47.update({"id": "us.p47.1", "class": "aircraft", "designation": "P-47 1", "name": "P-47", "tags": [],
                "save": "3+", "symbol": {"types": ["infantry"], "size": None},
                "group": {"id": "us_air_1", "formation": "us_air", "leader": True, "role": "support"},
                "ratings": {"skill": "veteran", "motivation": "confident", "is_hit_on": "5+"},
                "base": {"shape": "round", "width_in": 1, "depth_in": 1}})
    p47.pop("mobility", None)
    data["counters"].append(p47)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return copy_game(tmp_path_factory.mktemp("airres"), "breakthrough", lambda s: None, counters=_p47)


HELD = {"type": "setup", "unit": "us.p47.1", "off_map": "reserve"}
ROLL4 = {"type": "aircraft", "side": "us", "roll": 4}
PLACE = setup("us.p47.1", 40, 20)
LEAVE = {"type": "exit", "unit": "us.p47.1"}


def turns(upto: int, us_last: tuple[list[dict], ...]) -> list[dict]:
    """Game turns 1..``upto``; the American Steps of the last turn are ``us_last``."""
    out: list[dict] = []
    for n in range(1, upto + 1):
        out += game_turn(n, us=us_last if n == upto else ())
    return out


def p44(game, *events: dict, rule: str = "FoW p.44") -> list[dict]:
    return check(game, "breakthrough", *PAK_HELD, *SHERMANS, *events, rule=rule)


def test_p44_no_aircraft_roll_while_the_unit_is_held_in_reserve(game):
    found = p44(game, HELD, *turns(1, ([ROLL4],)))
    assert [f["severity"] for f in found] == ["error"] and "held in Reserve" in found[0]["message"]
    assert "does not start rolling until it arrives from Reserve" in found[0]["message"]


def test_p44_an_aircraft_unit_not_held_in_reserve_rolls_from_turn_one(game):
    assert p44(game, *turns(1, ([ROLL4], [PLACE], [LEAVE]))) == []


def test_p44_arrives_from_reserve_then_rolls_and_is_placed(game):
    """Turn 3 (Delayed: one die): a 5 brings the P-47 Unit from Reserve; the Aircraft roll of 4 then places it."""
    arrive = {"type": "reserves", "side": "us", "dice": [5], "aircraft": ["us.p47.1"]}
    ev = [HELD, *turns(3, ([arrive, ROLL4], [PLACE], [LEAVE]))]
    assert p44(game, *ev) == []
    assert [f for f in p44(game, *ev, rule="FoW p.96") if "P-47" in f["message"]] == []


def test_p44_placed_while_still_in_reserve(game):
    ev = [HELD, *turns(3, ([{"type": "reserves", "side": "us", "dice": [2]}], [PLACE], [LEAVE]))]
    found = p44(game, *ev)
    assert any("still held in Reserve" in f["message"] and f["position"] == [40.0, 20.0] for f in found)


def test_p96_the_aircraft_unit_is_one_of_the_units_the_roll_brings(game):
    """A 2 brings no Unit: the P-47 Unit cannot arrive on it."""
    arrive = {"type": "reserves", "side": "us", "dice": [2], "aircraft": ["us.p47.1"]}
    found = [f for f in p44(game, HELD, *turns(3, ([arrive],)), rule="FoW p.96") if "P-47" in f["message"]]
    assert len(found) == 1 and "brings 0" in found[0]["message"]


def test_p96_only_an_aircraft_unit_held_in_reserve_is_named(game):
    arrive = {"type": "reserves", "side": "us", "dice": [5], "aircraft": ["us.p47.1"]}
    found = [f for f in p44(game, *turns(3, ([arrive],)), rule="FoW p.96") if "P-47" in f["message"]]
    assert len(found) == 1 and "not held in Reserve" in found[0]["message"]


def test_reserves_chat_names_the_aircraft_unit():
    ev = parse("!reserves side us dice 5 2 aircraft us.p47.1", verbs_for(plugin)).event
    assert ev == {"type": "reserves", "side": "us", "dice": [5, 2], "aircraft": ["us.p47.1"]}
