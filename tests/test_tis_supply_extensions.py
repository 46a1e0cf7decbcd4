"""TiS supply-line extensions [32.1.6] and supply across a pontoon bridge [36.1.3], breaking and legal logs written
from the rulebook: "A supply line can be lengthened by transport columns and trains (IF THEY AREN'T CARRYING ANY
UNITS). Transport columns lengthen it by 12 MP" [32.1.6]; "A lengthened supply line must go through the unit which
lengthens the supply line" [32.1.7]; "A supply line can go through a small river only in a place where there is a
pontoon bridge" [36.1.3].

Scenario I: "Supply bases: Germans - N, E, W". Clear hexes cost motorized units 2 MP, so the 15-MP line [32.1.5]
reaches 7 hexes from the west edge. Arnhem's counters have no transport or pontoon columns: a copy of the data adds a
German transport column (8 MP) and a German pontoon-bridge column; the pontoon test also rings hex 0311 with a small
river (its neighbours 0210, 0211, 0310, 0312, 0410, 0411).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import PGR, phase, setup, stage
from tests.test_tis_supply import mark

TC, PONTOON, GRAVE = "de.tc.1", "de.pontoon.1", "de.inf.grave"
RING = ["0210", "0211", "0310", "0312", "0410", "0411"]


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tis_supply_ext")
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, root / d)
    path = root / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    pgr = next(u for u in data["counters"] if u["id"] == PGR)
    steps = {"track": [2, 2, 1], "value": "strength", "source": {"rule": "test data", "values": "illustrative"}}
    for uid, cls in ((TC, "transport"), (PONTOON, "pontoon")):
        data["counters"].append({**pgr, "id": uid, "class": cls, "tags": [], "steps": steps,
                                 "symbol": {"types": ["motorized", cls], "size": "II"},
                                 "faces": {"front": {"kind": "values", "values": {"movement": 8}},
                                           "back": {"kind": "blank"}}})
    path.write_text(json.dumps(data))
    mpath = root / "maps" / "arnhem44.json"
    maps = json.loads(mpath.read_text())
    maps["maps"][0]["hexsides"] += [{"hexes": ["0311", n], "type": "small_river", "name": "test"} for n in RING]
    mpath.write_text(json.dumps(maps))
    return root / "games" / "arnhem44.json"


def rules(game: Path, *events: dict) -> list[str]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    fs = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", game, "arnhem").to_dict()["findings"]
    return [f["rule"] for f in fs if f["severity"] == "error"]


def test_32_1_6_an_empty_transport_column_lengthens_the_line_by_12_mp(game):
    # SS PGR 1 at 1111 is 10 clear hexes (20 MP) from the west edge: out of supply alone; the column at 0711 (6 hexes,
    # 12 MP from the edge) reaches 1111 with 8 of its 12 MP [32.1.7]: supplied, so the marker is wrong
    assert rules(game, setup(PGR, "1111"), stage(), phase("supply", "germans"), mark(PGR)) == []
    assert rules(game, setup(PGR, "1111"), setup(TC, "0711"), stage(), phase("supply", "germans"), mark(PGR)) \
        == ["TIS 32.1.5"]


def test_32_1_6_a_column_carrying_units_does_not_lengthen_it(game):
    loaded = [setup(PGR, "1111"), setup(TC, "0711"), setup(GRAVE, "0711"), stage(), phase("movement", "germans"),
              {"type": "transport", "column": TC, "units": [GRAVE], "action": "load"}, phase("supply", "germans")]
    assert rules(game, *loaded, mark(PGR)) == []
    assert rules(game, *loaded, mark(PGR), mark(GRAVE)) == ["TIS 32.1.5"]  # the column's own hex is in reach


def test_36_1_3_the_line_crosses_a_small_river_only_at_a_pontoon_bridge(game):
    # 0311 (two clear hexes from the west edge) ringed by a small river: no line [32.1.3]; a pontoon column on 0311
    # bridges it [36.1.1] and the line goes through [36.1.3]
    assert rules(game, setup(PGR, "0311"), stage(), phase("supply", "germans"), mark(PGR)) == []
    assert rules(game, setup(PGR, "0311"), setup(PONTOON, "0311"), stage(), phase("supply", "germans"),
                 mark(PGR)) == ["TIS 32.1.5"]
