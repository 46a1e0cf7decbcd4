"""FoW Foxholes without digging, from the rulebook text (seed 004): p.93 "START IN FOXHOLES AND GONE TO GROUND All
Infantry and Gun Teams start the game in Foxholes, giving them Concealment and Bulletproof Cover"; p.95 "Infantry and
Gun Units are in Foxholes when they are placed on the table from Ambush"; p.24 Foxholes give Bulletproof Cover
"until they Move"; p.48 "An Infantry or Gun Team that is in Foxholes or in a Building ... is in Bulletproof Cover"
from a Bombardment. A team claiming that cover in the open out of Foxholes is a p.48 warning."""

from __future__ import annotations

from tests.fow_helpers import move, setup, step
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, breakthrough, game_turn

ROLL = {"type": "reserves", "side": "german", "dice": [1]}
MORTAR = setup("us.mortar.1", 20, 34)  # in the American quarter, 17" from the PaK at (30, 20): in range (32")


def bombarded(*before):
    """The PaK 40 1 revealed from Ambush at (30, 20) in turn 1, then bombarded by the mortar in turn 2 and
    claiming Bulletproof Cover."""
    reveal = [setup("de.pak40.1", 30, 20, 180), setup("de.pak40.2", 33, 20, 180), ROLL]
    rng = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": [30, 20], "roll": 6}
    bomb = {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [5, 5], "hits": 1}
    save = {"type": "save", "unit": "de.pak40.1", "by": "us.mortar.1", "cover": True, "roll": 1, "fp_roll": 2,
            "result": "saved"}
    return [*PAK_HELD, *SHERMANS, MORTAR, *game_turn(1, german=([*reveal], list(before))),
            {"type": "turn", "turn": 2}, step("starting"), step("movement"), step("shooting"), rng, bomb, save]


def test_p95_placed_from_ambush_in_foxholes():
    assert breakthrough(*bombarded(), rule="FoW p.48") == []


def test_p24_foxholes_left_by_moving():
    found = breakthrough(*bombarded(move("de.pak40.1", [30, 20], [30, 19])), rule="FoW p.48")
    assert [f["severity"] for f in found] == ["warning"] and "no Foxholes marker" in found[0]["message"]
