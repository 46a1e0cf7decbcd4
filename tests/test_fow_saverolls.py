"""FoW save re-rolls from the rulebook text (seed 004): p.66 "BREAKTHROUGH GUN ... Infantry, Gun, and Unarmoured
Tank Teams (including when Passengers) re-roll successful Saves against Breakthrough Gun Weapons", "Bunker Buster
weapons are Breakthrough Guns"; p.4 "You never get more than one re-roll per situation". The bundled Panzer IV's
gun is no Breakthrough Gun: the test gives it the note (illustrative). Rifle 1 saves on 3+ (p.39)."""

from __future__ import annotations

import pytest

from modgen.logs.chat import parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import setup, turn_to
from tests.fow_patch import check, patched_game

RULES = ("FoW p.4", "FoW p.39", "FoW p.66")


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    gun = {"name": "7.5cm gun", "kind": "gun", "main": True, "mount": "turret", "range": {"in": 32, "cm": 80},
           "rof": {"halted": 2}, "anti_tank": 11, "firepower": "3+", "notes": ["Breakthrough Gun"]}
    return {"plain": patched_game(tmp_path_factory.mktemp("sr1")),
            "bg": patched_game(tmp_path_factory.mktemp("sr2"), change={"de.pz4h.1": {"weapons": [gun]}})}


START = [setup("us.rifle.1", 65, 40), setup("de.pz4h.1", 66, 26, 180), *turn_to("shooting", "german", turn=2),
         {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "hits": 1}]


def save(roll, result, reroll=None):
    return {"type": "save", "unit": "us.rifle.1", "by": "de.pz4h.1", "roll": roll, "result": result,
            **({"reroll": reroll} if reroll is not None else {})}


def test_p66_a_successful_save_against_a_breakthrough_gun_is_re_rolled(games):
    found = check(games["bg"], *START, save(5, "saved"), rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.66"] and "re-roll successful Saves" in found[0]["message"]
    assert check(games["bg"], *START, save(5, "saved", 4), rules=RULES) == []
    assert check(games["bg"], *START, save(5, "destroyed", 1), rules=RULES) == []
    assert check(games["bg"], *START, save(2, "destroyed"), rules=RULES) == []  # failed: nothing to re-roll


def test_p66_the_re_roll_decides(games):
    found = check(games["bg"], *START, save(5, "saved", 1), rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.39"] and "rolled 1" in found[0]["message"]


def test_p66_only_successful_saves_are_re_rolled(games):
    found = check(games["bg"], *START, save(2, "saved", 5), rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.66"] and "failed save" in found[0]["message"]


def test_p4_no_save_re_roll_without_a_rule(games):
    found = check(games["plain"], *START, save(5, "destroyed", 1), rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "only a rule" in found[0]["message"]
    assert check(games["plain"], *START, save(5, "saved"), rules=RULES) == []


def test_p66_declared_in_chat(games):
    ev = parse("!save us.rifle.1 by de.pz4h.1 roll 5 reroll 4 saved", verbs_for(plugin)).event
    assert ev == save(5, "saved", 4)
    assert check(games["bg"], *START, ev, rules=RULES) == []
