"""FoW p.96 Reserves: where and how a Unit arrives, and what may start on the table, from the rulebook text
(seed 004): "When a Unit arrives from Reserves, it and its Attachments move onto the table from the table edge
specified in the mission. The entire Unit must be In Command at the end of its Movement in the turn it arrives from
Reserves. ... A Unit may not use Movement Orders until it has moved on to the table." "SCATTERED RESERVES ... rolls
a die to determine which table edge or corner it will arrive from using the mission map as reference ... on a
corner, it must enter the table within 16"/40cm of the corner." "You may not deploy more than 60% of the agreed
points total for the game on the table." (Reserves Table: 1000 points → 600 on table; 800 → 460.) "In a mission
with Flanking Reserves ... You must hold at least one Unit in Reserve". "In a mission with Deep Reserves, you may
only place either one Tank Unit with front armour of 3 or more, or one Aircraft Unit on the table".

Breakthrough (p.101): "Reserves arrive within 16"/40cm of either of their table corners" (the Defender's)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import setup
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, breakthrough, check, copy_game, game_turn

ROLL5 = {"type": "reserves", "side": "german", "dice": [5]}


def panzers(*at: tuple[float, float]) -> list[dict]:
    return [setup(f"de.pz4h.{i}", x, y, 180) for i, (x, y) in enumerate(at, start=1)]


NW = ((3, 2), (6, 2), (9, 2), (3, 5))  # within 16" of the north-west corner, In Command of de.pz4h.1


def test_p96_arrives_within_16_inches_of_its_corner():
    assert breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], panzers(*NW)))) == []


def test_p96_arriving_elsewhere():
    at = ((20, 2), (23, 2), (26, 2), (20, 5))
    found = breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], panzers(*at))), rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] * 4 and "outside German Reserves" in found[0]["message"]
    assert found[0]["position"] == [20.0, 2.0]


def test_p96_in_command_at_the_end_of_the_arrival_move():
    at = ((3, 2), (6, 2), (9, 2), (3, 13))  # de.pz4h.4 enters 13.3" from the corner, 11" from its Leader (6")
    found = breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], panzers(*at))), rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] and "In Command" in found[0]["message"]
    assert found[0]["units"] == ["de.pz4h.4", "de.pz4h.1"]


def test_p96_no_movement_orders_before_it_is_on_the_table():
    order = {"type": "order", "unit": "de.pz4h.1", "order": "blitz"}
    found = breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], [order, *panzers(*NW)])),
                         rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] and "Movement Orders" in found[0]["message"]


@pytest.fixture(scope="module")
def scattered(tmp_path_factory):
    """Breakthrough with the Defender's Reserves Scattered: a 1-3 brings them from the north-west corner, 4-6
    from the south-east (the numbering is the designer's: the text leaves it to the mission map)."""
    def change(s):
        rule = next(r for r in s["special_rules"] if r["id"] == "immediate_reserves")
        rule["id"] = "scattered_immediate_reserves"
        rule["params"] = {"scatter": {str(d): "reserves_german_nw" if d <= 3 else "reserves_german_se"
                                      for d in range(1, 7)}}
    return copy_game(tmp_path_factory.mktemp("sc"), "breakthrough", change)


def test_p96_scattered_reserves_enter_where_the_die_says(scattered):
    die = {"type": "scatter", "unit": "de.pz4h.1", "roll": 2}
    ok = check(scattered, "breakthrough", *PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], [die, *panzers(*NW)])))
    assert ok == []
    wrong = {**die, "roll": 5}
    found = check(scattered, "breakthrough", *PAK_HELD, *SHERMANS,
                  *game_turn(1, german=([ROLL5], [wrong, *panzers(*NW)])), rule="FoW p.96")
    assert len(found) == 4 and "south-east" in found[0]["message"]
    none = check(scattered, "breakthrough", *PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL5], panzers(*NW))),
                 rule="FoW p.96")
    assert none and "without a die" in none[0]["message"]


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    """Breakthrough at 1000 points: illustrative Unit points (this book prints none)."""
    def change(s):
        rule = next(r for r in s["special_rules"] if r["id"] == "immediate_reserves")
        rule["params"] |= {"points": 1000, "unit_points": {"de_panzer_platoon": 700, "de_pak_platoon": 300}}
    return copy_game(tmp_path_factory.mktemp("pts"), "breakthrough", change)


def test_p96_no_more_than_60_percent_on_the_table(points):
    on_table = [setup(f"de.pz4h.{i}", 3 * i, 2, 180) for i in range(1, 5)]
    found = check(points, "breakthrough", *on_table, *PAK_HELD, *SHERMANS, *game_turn(1), rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] and "1000 points" in found[0]["message"] \
        and "may deploy 600" in found[0]["message"]  # 700 for the Panzers and 300 for the PaKs in Ambush
    # the PaK platoon held in Ambush counts as on the table (p.95): 300 of 600
    assert check(points, "breakthrough", *PAK_HELD, *SHERMANS, *game_turn(1), rule="FoW p.96") == []


def test_p96_points_not_given_is_reported():
    found = breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1), rule="FoW p.96", severity=("could-not-check",))
    assert any("60% on-table limit" in f["message"] for f in found)


def test_p96_flanking_reserves_hold_at_least_one_unit():
    """The Attacker's Flanking Delayed Reserves: the rifle platoon and its trucks are in Reserve unless set up."""
    everyone = [setup("us.rifle.1", 10, 44), setup("us.rifle.2", 12, 44), setup("us.rifle.3", 14, 44),
                setup("us.mortar.1", 16, 44), setup("us.truck.1", 20, 46)]
    found = breakthrough(*PAK_HELD, *SHERMANS, *everyone, *game_turn(1), rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] and "Flanking" in found[0]["message"]


@pytest.fixture(scope="module")
def deep(tmp_path_factory):
    """No Retreat-style Deep Immediate Reserves for the Germans, whose Panzer IVs (Front 6) are split in two
    Units."""
    def change(s):
        rule = next(r for r in s["special_rules"] if r["id"] == "immediate_reserves")
        rule["id"] = "deep_immediate_reserves"

    def split(c):
        for u in c["counters"]:
            if u["id"] in ("de.pz4h.3", "de.pz4h.4"):
                u["group"] = {**u["group"], "id": "de_panzer_platoon_2", "leader": u["id"] == "de.pz4h.3"}
    return copy_game(tmp_path_factory.mktemp("deep"), "breakthrough", change, split)


def test_p96_deep_reserves_one_heavy_tank_unit_on_the_table(deep):
    one = [setup("de.pz4h.1", 3, 2, 180), setup("de.pz4h.2", 6, 2, 180)]
    assert check(deep, "breakthrough", *one, *PAK_HELD, *SHERMANS, *game_turn(1), rule="FoW p.96") == []
    two = [*one, setup("de.pz4h.3", 9, 2, 180), setup("de.pz4h.4", 12, 2, 180)]
    found = check(deep, "breakthrough", *two, *PAK_HELD, *SHERMANS, *game_turn(1), rule="FoW p.96")
    assert [f["severity"] for f in found] == ["error"] and "Deep Reserves" in found[0]["message"]
