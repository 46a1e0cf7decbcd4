"""TiS special units in combat, breaking and legal logs written from the rulebook.

[30.1.1] "A defending non-motorized MG unit is a successful weapon against an attack by enemy infantry. Enemy
infantry units which are attacking the MG unit reduce their strength by half." [30.1.3] "An attacked infantry unit
which is not entrenched and is in the open or on hills defends with half of its strength" (under the MG heading:
attacked by MG). [35.1.1] "An infantry unit which attacks a sniper company unit defending in mountains, a city or
woods uses 1/3 of its strength." [7.2.5] "To see the casualties of infantry which is attacking sniper or MG units, we
move the row in the table down by 1, but when checking the defender's losses we do not move the row up by 1."
[35.5.6] "A VS unit fighting by itself is given a disadvantageous +1 or -1 modifier." [35.6.2] "A non-entrenched FU
has an extra 1 modifier, unless it is defending in a clear area."

The Arnhem counters have no MG, sniper, Volkssturm or fortress units: the tests add German ones to a copy of the
data (test data, illustrative strengths): MG 5 SP, sniper company 1 SP, Volkssturm 2 SP, fortress infantry 4 SP.
1 Para and 2 Para: 5 SP each. Hexes 0810-1512 are clear; 1405 and 1406 are woods (-1).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import PARA, PARA2, phase, setup, stage

MG, SNIPER, VS, FU = "de.mg.1", "de.sniper.1", "de.vs.1", "de.fu.1"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tis_special")
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, root / d)
    path = root / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    base = next(u for u in data["counters"] if u["id"] == "de.inf.arnhem")
    for uid, tag, track in ((MG, "mg", [5, 4, 3, 2, 1]), (SNIPER, "sniper", [1, 1]), (VS, "volkssturm", [2, 1]),
                            (FU, "fortress", [4, 3, 2, 1])):
        data["counters"].append({**base, "id": uid, "tags": [tag], "steps": {
            "track": track, "value": "strength", "source": {"rule": "test data", "values": "illustrative"}}})
    path.write_text(json.dumps(data))
    return root / "games" / "arnhem44.json"


def findings(game: Path, *events: dict) -> list[dict]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    return [f for f in check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"] if f["severity"] == "error"]


def rules(game: Path, *events: dict) -> list[str]:
    return [f["rule"] for f in findings(game, *events)]


def battle(att: list[str], dfn: list[str], side: str = "allies") -> list[dict]:
    return [stage(), phase("combat", side), {"type": "attack", "attackers": att, "defenders": dfn}]


def odds(o: str) -> dict:
    return {"type": "odds", "odds": o}


def test_30_1_1_infantry_attacking_an_mg_unit_at_half(game):
    # 5 and 5 halved (rounded up) = 3 + 3 = 6 against 5: 1:1 (10:5 would be 2:1)
    log = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(MG, "1211"), *battle([PARA, PARA2], [MG])]
    assert rules(game, *log, odds("1:1")) == []
    assert rules(game, *log, odds("2:1")) == ["TIS 3.4.1"]


def test_30_1_3_infantry_in_the_open_attacked_by_mg_defends_at_half(game):
    # MG 5 against 1 Para 5 halved = 3: 5:3 = 2:1 (5:5 would be 1:1)
    log = [setup(MG, "1211"), setup(PARA, "1111"), *battle([MG], [PARA], "germans")]
    assert rules(game, *log, odds("2:1")) == []
    assert rules(game, *log, odds("1:1")) == ["TIS 3.4.1"]
    # entrenched, it defends at full strength
    dug = {"type": "marker", "unit": PARA, "marker": "entrenched", "on": True}
    log2 = [setup(MG, "1211"), setup(PARA, "1111"), dug, *battle([MG], [PARA], "germans")]
    assert rules(game, *log2, odds("1:2")) == []  # 1:1, entrenched -1 [12.1.6]


def test_35_1_1_infantry_attacking_snipers_in_woods_at_a_third(game):
    # 5/3 -> 2 each: 4 against 1: 4:1, woods -1: 3:1 (10:1 -1 would be far more)
    log = [setup(PARA, "1407"), setup(PARA2, "1407"), setup(SNIPER, "1406"), *battle([PARA, PARA2], [SNIPER])]
    assert rules(game, *log, odds("3:1")) == []
    assert "TIS 3.4.1" in rules(game, *log, odds("6:1"))


def test_35_5_6_volkssturm_alone_fights_at_a_disadvantage(game):
    # 5 against 2: 2:1 (2.5 rounds down), +1 against a lone Volkssturm: 3:1
    log = [setup(PARA, "1111"), setup(VS, "1211"), *battle([PARA], [VS])]
    assert rules(game, *log, odds("3:1")) == []
    assert rules(game, *log, odds("2:1")) == ["TIS 3.4.1"]


def test_35_6_2_fortress_unit_off_clear_terrain(game):
    # 10 against 4 in woods: 2:1, woods -1, fortress -1: 1:2 ... 2:1 -> 1:1 -> 1:2
    woods = [setup(PARA, "1407"), setup(PARA2, "1407"), setup(FU, "1406"), *battle([PARA, PARA2], [FU])]
    assert rules(game, *woods, odds("1:2")) == []
    assert rules(game, *woods, odds("1:1")) == ["TIS 3.4.1"]
    # defending in a clear area: no modifier
    clear = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(FU, "1211"), *battle([PARA, PARA2], [FU])]
    assert rules(game, *clear, odds("2:1")) == []


def test_7_2_5_mg_defending_moves_only_the_attackers_casualty_row(game):
    # the attacker's losses: the row of the MG's 5 SP (4-5) moved down one to 6-10; a 7 there is 1 EP (row 4-5: 0)
    log = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(MG, "1211"), *battle([PARA, PARA2], [MG]), odds("1:1"),
           {"type": "roll", "purpose": "losses_attacker", "dice": [3, 4]}]
    assert rules(game, *log, {"type": "loss", "unit": PARA, "steps": 1}, phase("supply")) == []
    assert rules(game, *log, phase("supply")) == ["TIS 7.2.4"]
    # the defender's losses are not moved: 6 SP of attackers (6-10), a 7 is 1 EP
    dlog = [*log[:-1], {"type": "roll", "purpose": "losses_defender", "dice": [3, 4]}]
    assert rules(game, *dlog, {"type": "loss", "unit": MG, "steps": 1}, phase("supply")) == []
