"""FoW p.16 Starting Step order from the rulebook text (seed 004): "During the Starting Step you: Remount Bailed Out
Tanks (see page 38) Rally Pinned Down Units (see page 41) Check Unit Last Stand (see page 60) Check Formation Last
Stand (see page 61) Check Victory Conditions (see page 93) Reveal Ambushes (see page 95) Roll for Reserves (see page
96) Roll for Aircraft (see page 44) Remove Friendly Smoke Markers (see pages 42 and 51)". On the bundled
Breakthrough (p.101) the Germans may Ambush and roll for Immediate Reserves."""

from __future__ import annotations

from tests.fow_helpers import setup
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, breakthrough, game_turn

REVEAL = [setup("de.pak40.1", 30, 8, 180), setup("de.pak40.2", 33, 8, 180)]
ROLL = {"type": "reserves", "side": "german", "dice": [1]}
SMOKE_OFF = {"type": "marker", "unit": "de.pak40.1", "marker": "smoke", "on": False}


def p16(*starting: dict) -> list[dict]:
    return breakthrough(*PAK_HELD, *SHERMANS, *game_turn(1, german=(list(starting),)), rule="FoW p.16")


def test_p16_ambushes_then_reserves_then_smoke():
    assert p16(*REVEAL, ROLL, SMOKE_OFF) == []


def test_p16_reserves_before_ambushes():
    found = p16(ROLL, *REVEAL)
    assert [f["severity"] for f in found] == ["error", "error"]
    assert "Reveal Ambushes (setup of PaK40 1" in found[0]["message"] and "after Roll for Reserves" in \
        found[0]["message"]


def test_p16_a_rally_after_the_reserves_roll():
    rally = {"type": "motivation", "unit": "de.pak40.1", "test": "rally", "roll": 5}
    found = p16(*REVEAL, ROLL, rally)
    assert [f["severity"] for f in found] == ["error"] and "Rally (motivation" in found[0]["message"]


def test_p16_smoke_removed_before_the_reserves_roll():
    found = p16(*REVEAL, SMOKE_OFF, ROLL)
    assert [f["severity"] for f in found] == ["error"] and "Roll for Reserves" in found[0]["message"]
