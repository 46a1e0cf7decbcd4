"""TiS exceptions to the ZoC stop, breaking and legal logs written from the rulebook.

[6.2.1] a unit entering an enemy ZoC stops; [6.2.4] it may not move within one enemy unit's ZoC.
[28.1.4] "A commando unit doesn't have to stop in an enemy ZoC; entering the next square which is in an enemy ZoC
costs the commando unit an extra 2 MP (day stage) or 1 MP (night stage). Leaving an enemy ZoC causes the commando
to spend 1 extra MP during the day, but no extra points during the night." [35.3.3] "Enemy ZoC doesn't affect the
movement of sabotage units." [13.1.5] "A unit in the night stage can ignore an enemy ZoC if it comes through its own
entrenched unit; the extra cost for this move is 2 MP for non-motorized units and 3 MP for motorized units."

SS PGR 1 at 1010 has the ZoC 1009, 1110, 1111, 1011, 0911, 0910. The Arnhem counters have no commando or sabotage
units: the tests add British ones (copies of 1 Para: infantry, 5 MP, 1 MP a clear hex) to a copy of the data; the
night uses policy night_stage 2 (stage 1 is 17 IX 2e).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import PARA, PARA2, PGR, move, phase, setup, stage

COMMANDO, SABOTEUR = "gb.commando.1", "gb.sabotage.1"


def _data(root: Path, policies: dict | None = None) -> Path:
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, root / d)
    path = root / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    para = next(u for u in data["counters"] if u["id"] == PARA)
    for uid, tag in ((COMMANDO, "commando"), (SABOTEUR, "sabotage")):
        data["counters"].append({**para, "id": uid, "tags": [tag]})
    path.write_text(json.dumps(data))
    if policies:
        g = json.loads((root / "games" / "arnhem44.json").read_text())
        g["rules"]["policies"] = policies
        (root / "games" / "arnhem44.json").write_text(json.dumps(g))
    return root / "games" / "arnhem44.json"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return _data(tmp_path_factory.mktemp("tis_zx_day"))


@pytest.fixture(scope="module")
def night(tmp_path_factory) -> Path:
    return _data(tmp_path_factory.mktemp("tis_zx_night"), {"night_stage": 2})


def errors(game: Path, *events: dict) -> list[dict]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    return [f for f in check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"] if f["severity"] == "error"]


def rules(game: Path, *events: dict) -> list[str]:
    return [f["rule"] for f in errors(game, *events)]


def moving(unit: str, *path: str, extra: tuple[dict, ...] = ()) -> list[dict]:
    return [setup(PGR, "1010"), setup(unit, path[0]), *extra, stage(), phase("movement"), move(unit, *path)]


def test_28_1_4_a_commando_does_not_stop_but_pays_2_mp_for_the_next_zoc_hex(game):
    # 0911 (ZoC) 1 MP, 1011 (next ZoC hex) 1 + 2: 4 of 5 MP
    assert rules(game, *moving(COMMANDO, "0811", "0911", "1011")) == []
    assert rules(game, *moving(PARA, "0811", "0911", "1011")) == ["TIS 6.2.1"]
    # one more ZoC hex: 1111 costs 3 more, 7 MP
    errs = errors(game, *moving(COMMANDO, "0811", "0911", "1011", "1111"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "spends 7 MP" in errs[0]["message"]


def test_28_1_4_a_commando_leaving_a_zoc_pays_1_mp_by_day(game):
    assert rules(game, *moving(COMMANDO, "0911", "0811", "0711", "0611", "0511")) == []  # 2 + 1 + 1 + 1
    assert rules(game, *moving(COMMANDO, "0911", "0811", "0711", "0611", "0511", "0411")) == ["TIS 4.2.2"]


def test_35_3_3_enemy_zoc_does_not_affect_sabotage_units(game):
    assert rules(game, *moving(SABOTEUR, "0811", "0911", "1011", "1111", "1211")) == []
    assert rules(game, *moving(PARA, "0811", "0911", "1011", "1111", "1211")) == ["TIS 6.2.1"]


def test_13_1_5_at_night_through_its_own_entrenched_unit(night, game):
    # 1 Para starts at 0910 (SS PGR 1's ZoC) and moves to 0911 (the same ZoC), where 2 Para is entrenched
    dug = (setup(PARA2, "0911"), {"type": "marker", "unit": PARA2, "marker": "entrenched", "on": True})
    assert rules(night, *moving(PARA, "0910", "0911", extra=dug)) == []
    assert rules(game, *moving(PARA, "0910", "0911", extra=dug)) == ["TIS 6.2.4"]  # by day: no
    assert rules(night, *moving(PARA, "0910", "0911", extra=dug[:1])) == ["TIS 6.2.4"]  # not entrenched: no
