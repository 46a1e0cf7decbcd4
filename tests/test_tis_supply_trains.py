"""TiS trains lengthening the supply line, on a copy of the Arnhem data with a railway and a German train (the
bundled data has neither), written from the rulebook: "A supply line can be lengthened by transport columns and
trains (IF THEY AREN'T CARRYING ANY UNITS). Transport columns lengthen it by 12 MP, and trains by 30 MP, only on rail
tracks" [32.1.6]; "A lengthened supply line must go through the unit which lengthens the supply line" [32.1.7];
"A train can move through a hex with destroyed tracks; the cost for entering that hex is 20 MP" [33.3.3].

Scenario I: German supply bases N, E, W; clear hexes cost motorized units 2 MP, so the 15-MP line reaches 0711 (6
hexes from the west edge). The railway runs along row 11 from 0711 to 2011 (policy ``train_rail_mp`` 1 MP a hex).
"""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_movement import PGR, phase, setup, stage
from tests.test_tis_supply import mark
from tests.tis_world import rules_in, unit, world

TRAIN = "de.train.1"
RAIL_ROW = [f"{c:02d}11" for c in range(7, 21)]  # 0711 ... 2011


def rail_world(tmp_path: Path, rail: list[str] | None = None) -> Path:
    def game(g: dict) -> None:
        g["terrain"]["rail"] = {"name": "Railway", "kind": "line", "color": "#333333"}

    def board(m: dict) -> None:
        m.setdefault("lines", []).append({"type": "rail", "hexes": rail or RAIL_ROW})
    return world(tmp_path, game=game, board=board,
                 counters=[unit(TRAIN, "train", "de_rail", "germans", [2, 2, 1], 60)])


def supply(*units: dict, events: tuple[dict, ...] = ()) -> list[dict]:
    return [*units, stage(), phase("supply", "germans"), *events]


def test_32_1_6_an_empty_train_lengthens_the_line_30_mp_along_the_rails(tmp_path: Path):
    game = rail_world(tmp_path)
    # 9 SS PzGr at 1811, 11 rail hexes from the train at 0711: supplied through the train, so its marker is wrong
    assert rules_in(game, *supply(setup(PGR, "1811"), events=(mark(PGR),))) == []
    assert rules_in(game, *supply(setup(PGR, "1811"), setup(TRAIN, "0711"), events=(mark(PGR),))) == ["TIS 32.1.5"]


def test_32_1_6_a_train_extends_only_on_rail_tracks(tmp_path: Path):
    # the railway turns away north at 0711; 1111 is 4 clear hexes (8 MP) from the train: a transport column would
    # reach it, a train does not
    game = rail_world(tmp_path, rail=["0711", "0710", "0709", "0708"])
    assert rules_in(game, *supply(setup(PGR, "1111"), setup(TRAIN, "0711"), events=(mark(PGR),))) == []


def test_33_3_3_a_destroyed_track_hex_costs_the_train_20_mp(tmp_path: Path):
    game = rail_world(tmp_path)
    wreck = {"type": "marker", "hex": "1011", "marker": "object_destroyed", "object": "railroad", "on": True}
    # 1811: 11 rail hexes, one of them wrecked: 10 + 20 = 30 MP, still reached; 1911 (31 MP) is not
    assert rules_in(game, *supply(setup(PGR, "1811"), setup(TRAIN, "0711"), wreck, events=(mark(PGR),))) \
        == ["TIS 32.1.5"]
    assert rules_in(game, *supply(setup(PGR, "1911"), setup(TRAIN, "0711"), wreck, events=(mark(PGR),))) == []
