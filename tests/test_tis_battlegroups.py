"""TiS battlegroups [31.1], [14.2.2], [14.3.2], breaking and legal logs written from the rulebook.

[14.2.2] "Each HQ of army, corps, division or brigade can establish the number of Battle Groups / Kampfgruppe [31.0]
determined in the scenario. If the scenario does not mention BGs, the player can't establish them."
[31.1.1] "A Battlegroup / Kampfgruppe may be created, in its own movement phase, from units with more than 14 SP. A
created battlegroup can be terminated during the next own movement phase ... This group has MP equal to the slowest
unit of that group." [31.1.2] "If a battlegroup fights in battle, the commanding player gets a +1 modifier."
[31.1.3] "Battlegroups must be made from units of the same division, brigade and/or units of the same corps."
[14.3.2] "Units assigned to a destroyed HQ can't group up into Battle Groups".

The Arnhem scenarios do not mention battlegroups; the legal logs use a copy of scenario I allowing II SS Panzer
Corps (de_2sspz, over 9th and 10th SS) one. 9 SS PGR 1 and 2, 10 SS PGR: 5 SP, 8 MP each; 9 SS recon 4 SP, 10 MP
(armoured: 1 MP a clear hex); 1 Para 5 SP. Hexes 0810-1512 are clear.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import GARRISON, PARA, PGR, PGR2, move, phase, setup, stage

PGR10, ROZP, HQ9 = "de.10ss.pgr", "de.9ss.rozp", "de.9ss.hq"
ROW = ["0811", "0911", "1011", "1111", "1211", "1311", "1411", "1511", "1611", "1711", "1811"]


def _game(root: Path, allowance: dict | None) -> Path:
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, root / d)
    if allowance is not None:
        path = root / "scenarios" / "arnhem44" / "arnhem.json"
        data = json.loads(path.read_text())
        data["special_rules"].append({"id": "battlegroups", "text": "test: battlegroups",
                                      "params": {"battlegroups": allowance},
                                      "source": {"rule": "test data", "values": "illustrative"}})
        path.write_text(json.dumps(data))
    return root / "games" / "arnhem44.json"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return _game(tmp_path_factory.mktemp("tis_bg"), {"de_2sspz": 1})


def rules(game: Path, *events: dict) -> list[str]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    fs = check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"]
    return [f["rule"] for f in fs if f["severity"] == "error"]


def bg(*units: str, name: str = "KG Harzer") -> dict:
    return {"type": "battlegroup", "id": name, "units": list(units), "action": "form"}


def end(name: str = "KG Harzer") -> dict:
    return {"type": "battlegroup", "id": name, "action": "dissolve"}


def at(*evs: dict) -> list[dict]:
    return [setup(PGR, "0811"), setup(PGR2, "0811"), setup(PGR10, "0811"), setup(ROZP, "0811"), stage(),
            phase("movement", "germans"), *evs]


def test_14_2_2_none_unless_the_scenario_mentions_them():
    errs = rules(REPO / "games" / "arnhem44.json", *at(bg(PGR, PGR2, PGR10)))
    assert errs == ["TIS 14.2.2"]


def test_14_2_2_the_scenarios_number(game):
    assert rules(game, *at(bg(PGR, PGR2, PGR10))) == []
    # a second group of II SS Panzer Corps (also too weak: 4 SP)
    assert sorted(rules(game, *at(bg(PGR, PGR2, PGR10), bg(ROZP, name="KG 2")))) == ["TIS 14.2.2", "TIS 31.1.1"]


def test_31_1_1_more_than_14_sp(game):
    assert rules(game, *at(bg(PGR, PGR2, ROZP))) == ["TIS 31.1.1"]  # 5 + 5 + 4 = 14


def test_31_1_1_created_in_its_own_movement_phase_ended_in_the_next(game):
    assert rules(game, setup(PGR, "0811"), setup(PGR2, "0811"), setup(PGR10, "0811"), stage(),
                 phase("combat", "germans"), bg(PGR, PGR2, PGR10)) == ["TIS 31.1.1"]
    assert rules(game, *at(bg(PGR, PGR2, PGR10), end())) == ["TIS 31.1.1"]
    assert rules(game, *at(bg(PGR, PGR2, PGR10)), stage(2), phase("movement", "germans"), end()) == []


def test_31_1_1_the_group_moves_at_its_slowest_units_mp(game):
    assert rules(game, *at(move(ROZP, *ROW))) == []  # 10 clear hexes alone
    assert rules(game, *at(bg(PGR, PGR2, PGR10, ROZP), move(ROZP, *ROW))) == ["TIS 4.2.2"]
    assert rules(game, *at(bg(PGR, PGR2, PGR10, ROZP), move(ROZP, *ROW[:9]))) == []


def test_31_1_3_units_of_one_division_brigade_or_corps(game):
    log = [*at(setup(GARRISON, "0811"), bg(PGR, PGR2, PGR10, GARRISON))]
    assert rules(game, *log) == ["TIS 31.1.3", "TIS 14.2.2"]


def test_14_3_2_not_from_units_of_a_destroyed_hq(game):
    lost = {"type": "loss", "unit": HQ9, "eliminated": True}
    log = [setup(HQ9, "1511"), setup(PGR, "0811"), setup(PGR2, "0811"), setup(PGR10, "0811"), stage(),
           phase("movement", "germans"), lost, bg(PGR, PGR2, PGR10)]
    assert "TIS 14.3.2" in rules(game, *log)


def test_31_1_2_a_battlegroup_fighting_gets_plus_1(game):
    # 15 SP against 1 Para's 5 in clear terrain: 3:1, +1 for the attacking battlegroup: 4:1
    base = [setup(PGR, "1011"), setup(PGR2, "1011"), setup(PGR10, "1011"), setup(PARA, "1111"), stage(),
            phase("movement", "germans"), bg(PGR, PGR2, PGR10), phase("counterattack", "germans"),
            phase("combat", "germans"), {"type": "attack", "attackers": [PGR, PGR2, PGR10], "defenders": [PARA]}]
    assert rules(game, *base, {"type": "odds", "odds": "4:1"}) == []
    assert rules(game, *base, {"type": "odds", "odds": "3:1"}) == ["TIS 3.4.1"]
