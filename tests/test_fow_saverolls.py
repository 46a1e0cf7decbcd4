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


# p.76 "Bunkers are tough, so any weapon making a Firepower Test against them must re-roll any successful Firepower
# Test"; a Nest is a Gun Team with a 3+ save (p.76 Bunker Ratings). The PaK 40 1 stands in for a Nest (illustrative).
NEST = [setup("de.pak40.1", 40, 20, 180), setup("us.sherman.1", 40, 34), *turn_to("shooting", turn=2),
        {"type": "shoot", "unit": "us.sherman.1", "target": "de.pak40.1", "hits": 1}]
FP = ("FoW p.4", "FoW p.39", "FoW p.76")


@pytest.fixture(scope="module")
def nest(tmp_path_factory):
    return patched_game(tmp_path_factory.mktemp("nest"), change={"de.pak40.1": {"tags": ["bunker", "unit_leader"]}})


def fp_save(fp_roll, result, fp_reroll=None):
    return {"type": "save", "unit": "de.pak40.1", "by": "us.sherman.1", "cover": True, "roll": 1, "fp_roll": fp_roll,
            "result": result, **({"fp_reroll": fp_reroll} if fp_reroll is not None else {})}


def test_p76_a_successful_firepower_test_against_a_bunker_is_re_rolled(nest):
    # the Sherman's M3 75mm gun is Firepower 3+
    found = check(nest, *NEST, fp_save(4, "destroyed"), rules=FP)
    assert [f["rule"] for f in found] == ["FoW p.76"] and "is not re-rolled" in found[0]["message"]
    assert check(nest, *NEST, fp_save(4, "destroyed", 5), rules=FP) == []
    assert check(nest, *NEST, fp_save(4, "saved", 2), rules=FP) == []  # the re-roll decides (p.39)
    assert [f["rule"] for f in check(nest, *NEST, fp_save(4, "destroyed", 2), rules=FP)] == ["FoW p.39"]
    assert check(nest, *NEST, fp_save(2, "saved"), rules=FP) == []


def test_p76_only_a_successful_test_is_re_rolled(nest):
    found = check(nest, *NEST, fp_save(2, "saved", 4), rules=FP)
    assert "FoW p.76" in [f["rule"] for f in found] and any("failed Firepower Test" in f["message"] for f in found)


def test_p4_no_firepower_re_roll_against_other_teams(games):
    found = check(games["plain"], *NEST, fp_save(4, "saved", 2), rules=FP)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "only a test against a Bunker" in found[0]["message"]


def test_p76_fpreroll_in_chat():
    ev = parse("!save de.pak40.1 by us.sherman.1 cover roll 1 fp 4 fpreroll 5 destroyed", verbs_for(plugin)).event
    assert ev == fp_save(4, "destroyed", 5)
