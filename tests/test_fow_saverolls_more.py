"""FoW save and Firepower re-rolls against Bombardments and in Assaults, from the rulebook text (seed 004):
p.49 "Infantry and Gun Teams must re-roll successful Saves when hit by a Repeat Bombardment"; p.66 "Infantry, Gun, and
Unarmoured Tank Teams ... re-roll successful Saves against Breakthrough Gun Weapons"; p.4 "You never get more than one
re-roll per situation"; p.76 "any weapon making a Firepower Test against [Bunkers] must re-roll any successful
Firepower Test"; p.57 no save for Infantry and Gun Teams hit in an Assault, Armoured Tanks save with Side or Top armour.

The bundled 60mm mortar bombards the PaK 40s (Gun Teams, save 3+) under a Template centred on (40, 8); its artillery
line (FP 6, p.49-adjusted 4+) is illustrative, and the tests give it the Breakthrough Gun note, or tag the PaK a Nest
(a Bunker), as illustrative data."""

from __future__ import annotations

import json

import pytest

from tests.data_helpers import REPO
from tests.fow_helpers import setup, step, turn_to
from tests.fow_patch import check, patched_game

RULES = ("FoW p.4", "FoW p.49", "FoW p.66", "FoW p.76")
START = [setup("us.mortar.1", 40, 40), setup("us.rifle.1", 60, 44), setup("us.sherman.1", 20, 44),
         setup("de.pak40.1", 38.5, 8, 180), setup("de.pak40.2", 41.5, 8, 180), setup("de.pz4h.1", 55, 8, 180),
         setup("de.pz4h.2", 45, 26, 180)]
FIRE = [{"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": [40, 8], "roll": 4},
        {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [5, 6], "hits": 1}]


def _breakthrough_mortar() -> dict:
    weapons = next(c for c in json.loads((REPO / "counters/fow.json").read_text())["counters"]
                   if c["id"] == "us.mortar.1")["weapons"]
    for w in weapons:
        if w["kind"] == "artillery":
            w["notes"] = [*w["notes"], "Breakthrough Gun"]
    return {"us.mortar.1": {"weapons": weapons}}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return {"plain": patched_game(tmp_path_factory.mktemp("sm1")),
            "bg": patched_game(tmp_path_factory.mktemp("sm2"), change=_breakthrough_mortar()),
            "nest": patched_game(tmp_path_factory.mktemp("sm3"),
                                 change={"de.pak40.1": {"tags": ["gun_shield", "unit_leader", "nest"]}})}


def save(roll: int, result: str, reroll: int | None = None, **kw) -> dict:
    return {"type": "save", "unit": "de.pak40.1", "by": "us.mortar.1", "roll": roll, "result": result,
            **({"reroll": reroll} if reroll is not None else {}), **kw}


def bombarded(game, *after: dict, first: list[dict] | None = None) -> list[dict]:
    return check(game, *START, *turn_to("shooting", turn=2), *(first or FIRE), *after, rules=RULES)


def test_p4_no_save_re_roll_against_a_plain_bombardment(games):
    found = bombarded(games["plain"], save(5, "destroyed", 1))
    assert [f["rule"] for f in found] == ["FoW p.4"] and "Repeat Bombardment" in found[0]["message"]
    assert bombarded(games["plain"], save(5, "saved")) == []


def test_p66_breakthrough_gun_bombardment_re_rolls_successful_saves(games):
    found = bombarded(games["bg"], save(5, "saved"))
    assert [f["rule"] for f in found] == ["FoW p.66"] and "Breakthrough Gun" in found[0]["message"]
    assert bombarded(games["bg"], save(5, "saved", 4)) == []
    assert bombarded(games["bg"], save(2, "destroyed")) == []  # a failed save has nothing to re-roll
    failed = bombarded(games["bg"], save(2, "saved", 5))
    assert [f["rule"] for f in failed] == ["FoW p.66"] and "failed save" in failed[0]["message"]


def _repeat() -> list[dict]:
    rest = [step("assault"), step("starting", "german"), step("movement", "german"), step("shooting", "german"),
            step("assault", "german"), {"type": "turn", "turn": 3}, step("starting"), step("movement"),
            step("shooting")]
    return [FIRE[0], {**FIRE[1], "dice": [2], "hits": 0}, *rest,
            {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "repeat": True},
            {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [4, 4], "hits": 1}]


def test_p49_repeat_bombardment_save_logged_with_its_re_roll(games):
    assert bombarded(games["plain"], save(3, "saved", 5), first=_repeat()) == []
    found = bombarded(games["plain"], save(3, "saved"), first=_repeat())
    assert [f["rule"] for f in found] == ["FoW p.49"] and "Repeat Bombardment" in found[0]["message"]


def test_p4_repeat_by_breakthrough_guns_re_rolls_once(games):
    """Two rules, one situation: one re-roll (p.4), and it is owed."""
    assert bombarded(games["bg"], save(3, "saved", 5), first=_repeat()) == []
    found = bombarded(games["bg"], save(3, "saved"), first=_repeat())
    assert len(found) == 1 and "a Repeat Bombardment (p.49) and Breakthrough Gun" in found[0]["message"]


def test_p76_bunker_firepower_re_roll_against_a_bombardment(games):
    """The Nest fails its save; the Bombardment's adjusted Firepower 4+ (p.49) passes on 5 and is re-rolled."""
    assert bombarded(games["nest"], save(1, "destroyed", fp_roll=5, fp_reroll=4)) == []
    found = bombarded(games["nest"], save(1, "destroyed", fp_roll=5))
    assert [f["rule"] for f in found] == ["FoW p.76"] and "(4+)" in found[0]["message"]
    plain = bombarded(games["plain"], save(1, "destroyed", fp_roll=5, fp_reroll=4))
    assert [f["rule"] for f in plain] == ["FoW p.4"] and "Bunker" in plain[0]["message"]


def test_p4_no_top_armour_save_re_roll_against_a_bombardment(games):
    fire = [FIRE[0], {**FIRE[1], "target": "de.pz4h.1", "dice": [4, 5]}]
    start = {"type": "save", "unit": "de.pz4h.1", "by": "us.mortar.1", "roll": 1, "result": "bounced"}
    tank = [*START[:-1], setup("de.pz4h.1", 43, 10, 180)]
    base = [*tank, *turn_to("shooting", turn=2), *fire]
    assert check(games["plain"], *base, start, rules=RULES) == []
    found = check(games["plain"], *base, start | {"reroll": 6}, rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "Armoured Tank" in found[0]["message"]


# ---- in an Assault (p.57): the Panzer IV assaults three rifle teams; Rifle 1 counterattacks with an improvised
# anti-tank hit on its Top armour (AT 2, FP 1+), as in tests/test_fow_melee.py
RIFLES = [setup("us.rifle.1", 30, 30), setup("us.rifle.2", 33, 30), setup("us.rifle.3", 36, 30)]
ASSAULT = [*RIFLES, setup("de.pz4h.1", 30, 24, 180), *turn_to("assault", "german"),
           {"type": "assault", "unit": "de.pz4h.1", "target": "us.rifle.1"},
           {"type": "move", "unit": "de.pz4h.1", "from_pos": [30, 24], "to_pos": [30, 27.85], "mode": "tactical",
            "facing": 180},
           {"type": "assault_hit", "unit": "de.pz4h.1", "target": "us.rifle.1", "roll": 2},
           {"type": "motivation", "test": "counterattack", "unit": "us.rifle.1", "roll": 5},
           {"type": "counterattack", "unit": "us.rifle.1"},
           {"type": "assault_hit", "unit": "us.rifle.1", "target": "de.pz4h.1", "roll": 4, "improvised": True}]
TOP = {"type": "save", "unit": "de.pz4h.1", "by": "us.rifle.1", "armour": "top", "roll": 1, "fp_roll": 3,
       "result": "bailed_out"}


def test_p57_no_save_re_roll_in_an_assault(games):
    assert check(games["plain"], *ASSAULT, TOP, rules=RULES) == []
    found = check(games["plain"], *ASSAULT, TOP | {"roll": 6, "reroll": 1}, rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "in an Assault" in found[0]["message"]


def test_p76_firepower_re_roll_in_an_assault_only_against_a_bunker(games):
    found = check(games["plain"], *ASSAULT, TOP | {"fp_reroll": 2}, rules=RULES)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "improvised anti-tank weapon" in found[0]["message"]
