"""TiS transport columns [34] and trains [33.3.1], breaking and legal logs written from the rulebook.

[34.2.1] "One TC can carry unit(s) whose total strength is not higher than the doubled EP of the column."
[34.2.2] "Loading: a unit which will be transported spends an extra 2 MP (loading) when it is staying on the same hex
as the column. In the same movement phase the column can move." [34.2.3] "Unloading costs an extra 2 MP for the
unloaded unit - the unit stays on the same hex as the column." [34.3.1] "There can be only one transport column on a
square." [34.3.2] "No unit can stay on the same square with a loaded transport column." [34.3.6] "A transported unit
doesn't fight". [33.3.1] "Only one train can stay on a hex."

The Arnhem counters have no transport columns or trains: the tests add two British columns of 3 EP (8 MP, motorized
[34.1.1]; capacity 6 SP) and two German trains to a copy of the data. 1 Para is 5 SP / 5 MP; hexes 0810-1512 are
clear (motorized 2 MP a hex).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import GARRISON, PARA, PARA2, move, phase, setup, stage

TC, TC2, TRAIN, TRAIN2 = "gb.tc.1", "gb.tc.2", "de.train.1", "de.train.2"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tis_columns")
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, root / d)
    path = root / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    para = next(u for u in data["counters"] if u["id"] == PARA)
    steps = {"track": [2, 2, 1], "value": "strength", "source": {"rule": "test data", "values": "illustrative"}}
    for uid, side, cls in ((TC, "allies", "transport"), (TC2, "allies", "transport"), (TRAIN, "germans", "train"),
                           (TRAIN2, "germans", "train")):
        data["counters"].append({**para, "id": uid, "side": side, "class": cls, "tags": [], "steps": steps,
                                 "symbol": {"types": ["motorized", "transport"], "size": "II"},
                                 "faces": {"front": {"kind": "values", "values": {"movement": 8}},
                                           "back": {"kind": "blank"}}})
    path.write_text(json.dumps(data))
    return root / "games" / "arnhem44.json"


def rules(game: Path, *events: dict) -> list[str]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    fs = check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"]
    return [f["rule"] for f in fs if f["severity"] == "error"]


def load(*units: str, tc: str = TC, action: str = "load") -> dict:
    return {"type": "transport", "column": tc, "units": list(units), "action": action}


def at(*evs: dict) -> list[dict]:
    return [setup(TC, "0811"), setup(PARA, "0811"), stage(), phase("movement"), *evs]


def test_34_2_2_load_on_the_columns_hex_and_ride_along(game):
    # 1 Para loads (2 MP), the column drives 3 clear hexes (6 of 8 MP), 1 Para unloads at 1111 (2 MP of its 3 left)
    assert rules(game, *at(load(PARA), move(TC, "0811", "0911", "1011", "1111"), load(PARA, action="unload"))) == []
    assert rules(game, setup(TC, "0811"), setup(PARA, "0911"), stage(), phase("movement"), load(PARA)) \
        == ["TIS 34.2.2"]


def test_34_2_2_loading_and_unloading_cost_2_mp_each(game):
    # 5 MP: load 2 + unload 2 leaves 1 MP: one clear hex is always allowed, two are not
    assert rules(game, *at(load(PARA), load(PARA, action="unload"), move(PARA, "0811", "0911"))) == []
    assert rules(game, *at(load(PARA), load(PARA, action="unload"), move(PARA, "0811", "0911", "1011"))) \
        == ["TIS 4.2.2"]


def test_34_2_1_capacity_twice_the_columns_ep(game):
    # 3 EP: 6 SP; 1 Para (5) alone fits, with 2 Para (5) it is 10
    assert rules(game, *at(load(PARA))) == []
    assert rules(game, *at(setup(PARA2, "0811"), load(PARA, PARA2))) == ["TIS 34.2.1"]


def test_34_3_2_no_unit_with_a_loaded_column(game):
    # checked when stacking is (policy stacking_when: the end of the phase)
    assert rules(game, *at(setup(PARA2, "0811"), load(PARA), move(PARA2, "0811", "0911"))) == []
    assert rules(game, *at(setup(PARA2, "0811"), load(PARA), phase("counterattack"))) == ["TIS 34.3.2"]


def test_34_3_1_one_column_a_hex_and_33_3_1_one_train_a_hex(game):
    assert rules(game, setup(TC, "0811"), setup(TC2, "0911"), stage(), phase("movement"),
                 move(TC2, "0911", "1011")) == []
    assert rules(game, setup(TC, "0811"), setup(TC2, "0911"), stage(), phase("movement"),
                 move(TC2, "0911", "0811")) == ["TIS 34.3.1"]
    assert rules(game, setup(TRAIN, "1211"), setup(TRAIN2, "1211"), stage(), phase("movement")) == ["TIS 33.3.1"]


def test_34_3_6_a_transported_unit_does_not_fight_or_move_alone(game):
    base = at(setup(GARRISON, "0911"), load(PARA))
    assert rules(game, *base, phase("counterattack"), phase("combat"),
                 {"type": "attack", "attackers": [PARA], "defenders": [GARRISON]})[:1] == ["TIS 34.3.6"]
    assert rules(game, *at(load(PARA), move(PARA, "0811", "0911"))) == ["TIS 34.2.3"]


def test_34_3_4_a_lone_column_entered_by_the_enemy_is_destroyed_like_an_hq(game):
    # [14.1.5]: a lone HQ (here the column) whose hex an enemy unit enters is eliminated
    base = [setup(TC, "0911"), setup("de.9ss.pgr1", "0811"), stage(), phase("movement", "germans"),
            move("de.9ss.pgr1", "0811", "0911")]
    assert rules(game, *base, {"type": "loss", "unit": TC, "eliminated": True}, phase("supply", "germans")) == []
    assert rules(game, *base, phase("supply", "germans")) == ["TIS 34.3.4"]
