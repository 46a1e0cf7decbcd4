"""FoW Attachments and Reserves from the rulebook text (seed 004), p.96: "A Unit (along with its Attachments) must be
kept together. Either the whole Unit is in Reserve, or the whole Unit is deployed on table." "When a Unit arrives
from Reserves, it and its Attachments move onto the table from the table edge specified in the mission." On the
bundled Breakthrough (p.101: the Defender's Immediate Reserves arrive "within 16"/40cm of either of their table
corners"); the tests attach (``group.attached_to``, p.7) the American rifle platoon to the Sherman platoon and the
German PaK platoon to the Panzer platoon (illustrative)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import setup
from tests.fow_mission_helpers import SHERMANS, check, copy_game, game_turn

ROLL5 = {"type": "reserves", "side": "german", "dice": [5]}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    def attach(data):
        for c in data["counters"]:
            g = c.get("group") or {}
            if g.get("id") == "us_rifle_platoon":
                g["attached_to"] = "us_tank_platoon"
            if g.get("id") == "de_pak_platoon":
                g["attached_to"] = "de_panzer_platoon"
    return copy_game(tmp_path_factory.mktemp("att"), "breakthrough", lambda s: None, attach)


def run(game, *events):
    return check(game, "breakthrough", *events, rule="FoW p.96")


def pz(*at):
    return [setup(f"de.pz4h.{i}", x, y, 180) for i, (x, y) in enumerate(at, start=1)]


def pak(*at):
    return [setup(f"de.pak40.{i}", x, y, 180) for i, (x, y) in enumerate(at, start=1)]


NW = ((3, 2), (6, 2), (9, 2), (3, 5))
RIFLES = [setup("us.rifle.1", 6, 35), setup("us.rifle.2", 9, 35), setup("us.rifle.3", 12, 35),
          setup("us.mortar.1", 15, 35)]


def test_p96_a_unit_and_its_attachment_deploy_together(game):
    found = run(game, *SHERMANS, *game_turn(1))
    assert len(found) == 1 and "kept together" in found[0]["message"]
    assert "Sherman 1" in found[0]["message"] and "Rifle 1" in found[0]["message"]
    assert run(game, *SHERMANS, *RIFLES, *game_turn(1)) == []


def test_p96_an_attachment_arrives_with_its_core_unit(game):
    assert run(game, *SHERMANS, *RIFLES, *game_turn(1, german=([ROLL5], [*pz(*NW), *pak((12, 2), (12, 5))]))) == []
    alone = run(game, *SHERMANS, *RIFLES, *game_turn(1, german=([ROLL5], pak((12, 2), (12, 5)))))
    assert any("without its core Unit" in f["message"] for f in alone)
    left = run(game, *SHERMANS, *RIFLES, *game_turn(1, german=([ROLL5], pz(*NW))))
    assert [f["rule"] for f in left if "without its Attachment" in f["message"]] == ["FoW p.96"]


def test_p96_an_attachment_enters_by_its_core_units_edge(game):
    found = run(game, *SHERMANS, *RIFLES, *game_turn(1, german=([ROLL5], [*pz(*NW), *pak((30, 2), (33, 2))])))
    assert [f["severity"] for f in found] == ["error", "error"] and "outside German Reserves" in found[0]["message"]
