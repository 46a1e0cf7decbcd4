"""Round trip that rebuilds (issue #23): the module modgen builds for Minsk '44 is imported, the imported workspace is
built again with ``modgen build``, and the two modules are compared: the same board size, hex grid and numbering (so
the same label at every point), the same pieces (names, number of faces) and the same set-up (piece, hex, face).

The rebuilt module is read back through its own buildFile and set-up file (a second import), not through the first
import's data; the engine version of this comparison is in tests/test_import_engine.py."""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from modgen.cli import main
from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal.binding import binding_path, load
from modgen.vassal.import_read import parse_xml
from modgen.vassal.importer import import_module
from modgen.vassal.module import build_module

GRID_KEYS = ("x0", "y0", "dx", "dy", "sideways")
NUMBERING_KEYS = ("first", "sep", "hType", "vType", "hLeading", "vLeading", "hOff", "vOff", "hDescend", "vDescend",
                  "stagger")


def hex_boards(vmod: Path) -> dict[str, tuple]:
    """Board name → (board width, the hex zone's path, HexGrid attributes, HexGridNumbering attributes) from the
    module's buildFile. The board's height is left out: the legend strip below the hexes lists the terrain the data
    has, and an imported map has only the module's image, not its terrain."""
    with zipfile.ZipFile(vmod) as z:
        root = parse_xml(z.read("buildFile.xml"), str(vmod))
    out = {}
    for b in root.iter("VASSAL.build.module.map.boardPicker.Board"):
        for g in b.iter("VASSAL.build.module.map.boardPicker.board.HexGrid"):
            (n,) = g.iter("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
            zone = g.getparent()
            assert zone.tag == "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
            out[b.get("name")] = (b.get("width"), zone.get("path"), {k: g.get(k) for k in GRID_KEYS},
                                  {k: n.get(k) for k in NUMBERING_KEYS})
    return out


def placed(game: Any) -> Counter:
    (sc,) = game.scenarios.values()
    return Counter((game.unit(e["unit"])["designation"], e.get("hex") or e.get("off_map"), e.get("face", "front"))
                   for e in sc["setup"])


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("roundtrip")
    src = load_game(Path(__file__).parent.parent / "games" / "minsk44.json")
    m1, m2 = tmp / "m1.vmod", tmp / "m2.vmod"
    build_module(src, m1)
    first = import_module(m1, tmp / "ws1")
    assert main(["build", str(first.manifest), "-o", str(m2), "-j", "1"]) == 0
    second = import_module(m2, tmp / "ws2")
    return {"src": src, "m1": m1, "m2": m2, "ws1": load_game(first.manifest), "ws2": load_game(second.manifest),
            "b1": load(binding_path(tmp / "ws1", "minsk_44")), "b2": load(binding_path(tmp / "ws2", "minsk_44"))}


def test_rebuilt_module_has_the_same_grid_at_the_same_pixels(rebuilt):
    a, b = hex_boards(rebuilt["m1"]), hex_boards(rebuilt["m2"])
    assert a and a == b
    assert [g.to_dict() for g in rebuilt["b1"].maps] == [g.to_dict() for g in rebuilt["b2"].maps]
    grid = Grid.from_map(rebuilt["src"].maps[0])
    assert Grid.from_map(rebuilt["ws2"].maps[0]).labels() == grid.labels()
    # every hex centre of the original data is named the same by both modules' geometry
    (g1,), (g2,) = rebuilt["b1"].maps, rebuilt["b2"].maps
    g_ws1, g_ws2 = Grid.from_map(rebuilt["ws1"].maps[0]), Grid.from_map(rebuilt["ws2"].maps[0])
    hex_px = float(rebuilt["src"].manifest["vassal"]["hex_px"])  # the module's scale
    for label in grid.labels():
        x, y = grid.center_px(label, hex_px)
        assert g1.locate(g_ws1, x, y) == g2.locate(g_ws2, x, y) == label


def test_rebuilt_module_has_the_same_pieces_and_setup(rebuilt):
    src, ws1, ws2 = rebuilt["src"], rebuilt["ws1"], rebuilt["ws2"]

    def pieces(game: Any) -> Counter:
        return Counter((u["designation"], len(u["faces"])) for u in game.units)

    want = Counter((u.get("designation") or u["id"], len(u["faces"])) for u in src.units)
    assert pieces(ws1) == pieces(ws2) == want
    assert placed(ws1) == placed(ws2)
    (sc,) = src.scenarios.values()
    on_hexes = Counter((src.unit(e["unit"]).get("designation") or e["unit"], e["hex"], e.get("face", "front"))
                       for e in sc["setup"] if "hex" in e)
    assert +Counter({k: n for k, n in placed(ws2).items() if k[1] in set(Grid.from_map(src.maps[0]).labels())}) \
        == on_hexes
    assert ws2.manifest["vassal"] == {"hex_px": src.manifest["vassal"]["hex_px"]}  # the module's hex size
