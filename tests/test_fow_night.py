"""FoW Night Fighting, Time of Day and the Equipment movement rules, from the rulebook text (seed 004):
p.90 "MOVING AT NIGHT Teams may not move faster than their Terrain Dash speed at Night. In addition, Teams add +1 to
their Cross number when moving through Difficult Terrain at night", "Teams shooting at Night always suffer an
additional +1 penalty on the score needed to Hit", "NO AIRCRAFT AT NIGHT Do not roll for Aircraft to arrive at
Night"; p.47 and p.90 Ranging In at Night +1; p.91 Dawn/Dusk: the light changes "on a score of 5+", Darkness: the
Night Fighting rules "for the entire game"; p.67 "Unreliable Teams reduce their Cross-country and Road Dash by
2"/5cm", "Tank Teams with Wide Tracks reduce their Cross number by -1", "Overloaded Tank Teams increase their Cross
number by +1". Standard Tank (p.18): Terrain Dash 12", Cross-country Dash 18", Road Dash 20", Cross 3+."""

from __future__ import annotations

import json

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.fow_helpers import move, setup, step, turn_to
from tests.fow_patch import check, patched_game


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    def make(name, **kw):
        return patched_game(tmp_path_factory.mktemp(name), **kw)
    return {
        "day": make("day"),
        "dark": make("dark", special_rules=["darkness"]),
        "dawn": make("dawn", special_rules=["dawn"]),
        "unreliable": make("unrel", change={"us.sherman.1": {"tags": ["armoured", "turreted", "unit_leader",
                                                                      "unreliable"]}}),
        "wide": make("wide", change={"us.sherman.1": {"tags": ["armoured", "turreted", "unit_leader",
                                                                "wide_tracks"]}}),
        "overloaded": make("over", change={"us.sherman.1": {"tags": ["armoured", "turreted", "unit_leader",
                                                                      "overloaded"]}}),
    }


OPEN = [setup("us.sherman.1", 50, 46, 270), setup("de.pz4h.1", 30, 4, 180)]
DASH_15 = move("us.sherman.1", [50, 46], [35, 46], "dash")  # 15" cross-country, no terrain
ROAD = [setup("us.sherman.1", 2, 23.5, 90), setup("de.pz4h.1", 70, 4, 180)]
WOODS = [setup("us.sherman.1", 14, 27)]  # the West wood's edge crosses x=14 at y=21


def test_p90_no_dash_faster_than_terrain_dash_at_night(games):
    # 15" of Cross-country Dash is legal by day (18") and too fast in Darkness (Terrain Dash 12").
    assert check(games["day"], *OPEN, *turn_to("movement"), DASH_15) == []
    found = check(games["dark"], *OPEN, *turn_to("movement"), DASH_15)
    assert [f["rule"] for f in found] == ["FoW p.90"] and "Terrain Dash" in found[0]["message"] \
        and '12.0"' in found[0]["message"]
    assert check(games["dark"], *OPEN, *turn_to("movement"), move("us.sherman.1", [50, 46], [38.5, 46], "dash")) \
        == []


def test_p91_dawn_starts_dark_until_morning_breaks_on_a_5(games):
    dawn = [*OPEN, *turn_to("starting")]
    assert [f["rule"] for f in check(games["dawn"], *dawn, step("movement"), DASH_15)] == ["FoW p.90"]
    light = {"type": "time_of_day", "light": "day", "dice": [2, 5]}
    assert check(games["dawn"], *dawn, light, step("movement"), DASH_15) == []
    bad = check(games["dawn"], *dawn, {**light, "dice": [2, 4]}, step("movement"), DASH_15)
    assert [f["rule"] for f in bad] == ["FoW p.91"] and "5+" in bad[0]["message"]
    never = check(games["day"], *dawn, {**light, "light": "night"})
    assert [f["rule"] for f in never] == ["FoW p.91"] and "Daylight" in never[0]["message"]


def test_p67_unreliable_loses_2_inches_of_cross_country_and_road_dash(games):
    assert check(games["day"], *OPEN, *turn_to("movement"), move("us.sherman.1", [50, 46], [33, 46], "dash")) == []
    found = check(games["unreliable"], *OPEN, *turn_to("movement"),
                  move("us.sherman.1", [50, 46], [33, 46], "dash"))
    assert [f["rule"] for f in found] == ["FoW p.67"] and "Unreliable" in found[0]["message"] \
        and '16.0"' in found[0]["message"]
    assert check(games["unreliable"], *OPEN, *turn_to("movement"),
                 move("us.sherman.1", [50, 46], [34, 46], "dash")) == []
    road = check(games["unreliable"], *ROAD, *turn_to("movement"), move("us.sherman.1", [2, 23.5], [21, 23.5], "dash"))
    assert [f["rule"] for f in road] == ["FoW p.67"] and '18.0"' in road[0]["message"]


def test_p67_unreliable_keeps_its_terrain_dash(games):
    # p.67 reduces only Cross-country and Road Dash: a 12" Terrain Dash through the woods stays legal.
    start = [setup("us.sherman.1", 15, 30, 0), setup("de.pz4h.1", 70, 4, 180)]
    assert check(games["unreliable"], *start, *turn_to("movement"), {"type": "cross", "unit": "us.sherman.1",
                                                                    "roll": 5},
                 move("us.sherman.1", [15, 30], [15, 18], "dash")) == []


def cross(game, roll):
    return check(game, *WOODS, *turn_to("movement"), {"type": "cross", "unit": "us.sherman.1", "roll": roll},
                 move("us.sherman.1", [14, 27], [14, 18]))


def test_p90_cross_at_night_needs_one_more(games):
    assert cross(games["day"], 3) == []
    found = cross(games["dark"], 3)
    assert [f["rule"] for f in found] == ["FoW p.20"] and "needs 4+" in found[0]["message"]
    assert cross(games["dark"], 4) == []


def test_p67_wide_tracks_and_overloaded_cross_numbers(games):
    assert cross(games["wide"], 2) == []  # Cross 3+ -1
    assert [f["rule"] for f in cross(games["day"], 2)] == ["FoW p.20"]
    found = cross(games["overloaded"], 3)  # Cross 3+ +1
    assert [f["rule"] for f in found] == ["FoW p.20"] and "needs 4+" in found[0]["message"]
    assert cross(games["overloaded"], 4) == []


def test_p90_shooting_at_night_plus_one(games):
    # A Sherman shoots a Panzer IV (Is Hit On 4+ in the bundled data) 13" away: 4+ by day, 5+ at night.
    start = [setup("us.sherman.1", 30, 30), setup("de.pz4h.1", 30, 17, 180)]
    shot = {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "dice": [4, 4], "need": "4+"}
    assert check(games["day"], *start, *turn_to("shooting", turn=2), shot, rules=("FoW p.33",)) == []
    found = check(games["dark"], *start, *turn_to("shooting", turn=2), shot, rules=("FoW p.33",))
    assert len(found) == 1 and "Night" in found[0]["message"]


def test_p90_no_aircraft_roll_at_night(games):
    roll = {"type": "aircraft", "side": "us", "roll": 5}
    assert check(games["day"], *OPEN, *turn_to("starting"), roll, rules=("FoW p.90",)) == []
    found = check(games["dark"], *OPEN, *turn_to("starting"), roll, rules=("FoW p.90",))
    assert len(found) == 1 and "Night" in found[0]["message"]


def test_p91_time_of_day_chosen_as_a_scenario_option():
    """p.91 "decide with your opponent what Time Of Day option to use": Breakthrough's ``dawn`` option chosen in
    ``scenario_start`` starts the game in Darkness (a 15" Dash, over the Terrain Dash 12", p.90)."""
    def run(options):
        log = [{"type": "scenario_start", "game": "fow", "scenario": "breakthrough", "options": options},
               setup("us.sherman.1", 11, 40), *turn_to("movement"), move("us.sherman.1", [11, 40], [11, 25], "dash")]
        rep = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", REPO / "games" / "fow.json",
                          "breakthrough").to_dict()
        return [f["rule"] for f in rep["findings"] if f["rule"] == "FoW p.90"]
    assert run({}) == [] and run({"dawn": False}) == []
    assert run({"dawn": True}) == ["FoW p.90"] and run({"darkness": True}) == ["FoW p.90"]
    assert run({"dusk": True}) == []
