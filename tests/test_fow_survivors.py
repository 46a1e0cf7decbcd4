"""FoW p.23 (seed 004) "Place the surviving Passengers as close as possible to the Destroyed Transport on the side
away from the Team that Destroyed it, facing in any direction" (judgement calls: warnings showing the geometry). The
Panzer IV at (30, 10) destroys the truck at (30, 36) carrying Rifle 1."""

from __future__ import annotations

from tests.fow_helpers import findings, setup, step, turn_to

START = [setup("us.rifle.1", 30, 40), setup("us.rifle.2", 33, 40), setup("de.pz4h.1", 30, 10, 180)]


def survivor_at(x, y):
    return findings(*START, setup("us.truck.1", 30, 36), {"type": "mount", "unit": "us.rifle.1",
                                                          "transport": "us.truck.1"},
                    *turn_to("shooting", "german"), {"type": "shoot", "unit": "de.pz4h.1", "target": "us.truck.1",
                                                     "dice": [5]},
                    {"type": "save", "unit": "us.truck.1", "roll": 2, "result": "destroyed"},
                    {"type": "loss", "unit": "us.truck.1"},
                    {"type": "save", "unit": "us.rifle.1", "roll": 4, "result": "saved"},
                    setup("us.rifle.1", x, y), step("assault", "german"))


def test_p23_survivor_behind_the_wreck():
    assert survivor_at(30, 38.5) == []


def test_p23_survivor_on_the_destroyers_side():
    found = survivor_at(30, 33.5)
    assert [(f["rule"], f["severity"]) for f in found] == [("FoW p.23", "warning")]
    assert "side away" in found[0]["message"] and "(30.0, 36.0)" in found[0]["message"]


def test_p23_survivor_far_from_the_wreck():
    found = survivor_at(30, 44)
    assert [(f["rule"], f["severity"]) for f in found] == [("FoW p.23", "warning")]
    assert "as close as possible" in found[0]["message"]
