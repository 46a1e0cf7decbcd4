"""`modgen import` of square-grid modules (issue #23): a module written here by lxml to look hand-made, with a
SquareGrid directly on its board (rows first, alphabetic rows) or inside a ZonedGrid zone above a legend strip
(descending columns), and a predefined set-up. Expected labels are worked out from VASSAL's SquareGridNumbering rule
in this file, not from modgen. Also the round trip of a modgen-built square module."""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from square_world import write_square_game
from test_import import ARM, DIS, INF, PROTOS, definition, expanded, png
from vassal_logs import add, save_text, stack, vsav

from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.geometry.squaregrid import SquareGrid
from modgen.vassal.binding import binding_path, load
from modgen.vassal.importer import import_module
from modgen.vassal.module import build_module

B = "VASSAL.build."
X0, Y0, D = 20, 30, 40  # SquareGrid origin and cell size; cell (0, 0) lies flush with the board's left edge
BOARD = (500, 460)
ZONE_H = 400  # the zoned variant: the grid's zone covers the top 500 x 400 px, a legend strip below


def centre(a: int, b: int) -> tuple[int, int]:
    """SquareGridNumbering.getCenterPoint for column a, row b: ((int) (a * dx + x0), (int) (b * dy + y0))."""
    return int(a * D + X0), int(b * D + Y0)


def cells(height: int) -> tuple[range, range]:
    """Cells lying wholly on a 500-px-wide board of ``height``: columns 0..11 (11 * 40 + 40 = 480 <= 500), rows
    0..(height - 50) // 40."""
    return range(0, 12), range(0, (height - Y0 - D // 2) // D + 1)


def label(variant: str, a: int, b: int) -> str:
    if variant == "direct":  # first V, vType A, vOff 0, hType N, hLeading 0, hOff 1: "C3" is row 2, column 2
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b] + str(a + 1)
    # zoned: H first, hDescend from getMaxColumns = (int) (500 / 40 + 0.5) = 13, hOff 0, vOff 1, leading 1
    return f"{13 - a:02d}{b + 1:02d}"


def buildfile(variant: str) -> bytes:
    el = etree.SubElement
    root = etree.Element(B + "GameModule", name="Square Battle", version="1.0", VassalVersion="3.4.12",
                         nextPieceSlotId="20")
    el(root, B + "module.BasicCommandEncoder")
    roster = el(root, B + "module.PlayerRoster")
    for side in ("Axis", "Allies"):
        el(roster, "entry").text = side
    m = el(root, B + "module.Map", mapName="Main Map", edgeWidth="0", edgeHeight="0")
    bd = el(el(m, B + "module.map.BoardPicker"), B + "module.map.boardPicker.Board", name="Field", image="board.png",
            width=str(BOARD[0]), height=str(BOARD[1]))
    parent = bd
    if variant == "zoned":
        zoned = el(bd, B + "module.map.boardPicker.board.ZonedGrid")
        parent = el(zoned, B + "module.map.boardPicker.board.mapgrid.Zone", name="Cells",
                    locationFormat="$gridLocation$", path=f"0,0;{BOARD[0]},0;{BOARD[0]},{ZONE_H};0,{ZONE_H}",
                    useParentGrid="false")
    g = el(parent, B + "module.map.boardPicker.board.SquareGrid", x0=str(X0), y0=str(Y0), dx=f"{D}.0",
           dy=f"{D}.0", range="Metric", snapTo="true", edgesLegal="false", cornersLegal="false")
    num = ({"first": "V", "sep": "", "hType": "N", "vType": "A", "hLeading": "0", "vLeading": "1", "hOff": "1",
            "vOff": "0", "hDescend": "false", "vDescend": "false"} if variant == "direct" else
           {"first": "H", "sep": "", "hType": "N", "vType": "N", "hLeading": "1", "vLeading": "1", "hOff": "0",
            "vOff": "1", "hDescend": "true", "vDescend": "false"})
    el(g, B + "module.map.boardPicker.board.mapgrid.SquareGridNumbering", **num)
    pool = el(root, B + "module.Map", mapName="Pool", launch="true")
    el(el(pool, B + "module.map.BoardPicker"), B + "module.map.boardPicker.Board", name="Pool", image="pool.png")
    protos = el(root, B + "module.PrototypesContainer")
    for name, (t, s) in PROTOS.items():
        el(protos, B + "module.PrototypeDefinition", name=name).text = definition(t, s)
    tabs = el(el(root, B + "module.PieceWindow", name="Counters"), B + "widget.TabWidget", entryName="Forces")
    for list_name, slots in (("Axis", [("4-2 Inf", "11", INF)]), ("Allies", [("5-3 Arm", "12", ARM)]),
                             ("Markers", [("Disrupted", "13", DIS)])):
        lst = el(tabs, B + "widget.ListWidget", entryName=list_name)
        for name, gpid, (t, s) in slots:
            el(lst, B + "widget.PieceSlot", entryName=name, gpid=gpid, width="36", height="36").text = \
                definition(t, s)
    el(root, B + "module.PredefinedSetup", name="Opening Moves", file="opening.vsav", useFile="true")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


PLACED = {"1001": (INF, (2, 3), "11"), "1002": (ARM, (11, 0), "12"), "1003": (INF, (0, 8), "11")}


def write_square_module(path: Path, variant: str) -> Path:
    cmds, stacks = [], []
    for n, (pid, (piece, (a, b), gpid)) in enumerate(PLACED.items()):
        x, y = centre(a, b)
        cmds.append(add(pid, *expanded(piece, "Main Map", x, y, gpid)))
        stacks.append(stack(f"200{n}", "Main Map", x, y, pid))
    cmds += [add("1004", *expanded(DIS, "Pool", 50, 50, "13")), stack("2009", "Pool", 50, 50, "1004")]
    files = {"buildFile": buildfile(variant), "opening.vsav": vsav(save_text(cmds + stacks), module="Square Battle")}
    imgs = {"board.png": png(*BOARD), "pool.png": png(200, 200), "inf_f.png": png(36, 36, "grey"),
            "inf_r.png": png(36, 36, "red"), "arm.png": png(36, 36, "green"), "dis.png": png(36, 36, "yellow")}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
        for name, data in imgs.items():
            z.writestr("images/" + name, data)
    return path


@pytest.mark.parametrize("variant", ["direct", "zoned"])
def test_square_module_imports_as_a_square_map_with_the_modules_labels(tmp_path: Path, variant: str) -> None:
    res = import_module(write_square_module(tmp_path / "sq.vmod", variant), tmp_path / "ws")
    assert [str(i) for i in validate_game(res.manifest) if i.severity == "error"] == []
    game = load_game(res.manifest)
    (m,) = game.maps
    assert m["kind"] == "square" and m["grid"]["neighbours"] == 8 and m["grid"]["distance"] == "metric"
    grid = SquareGrid.from_map(m)
    cols, rows = cells(ZONE_H if variant == "zoned" else BOARD[1])
    assert (grid.columns, grid.rows) == (len(cols), len(rows))
    assert grid.labels() == [label(variant, a, b) for a in cols for b in rows]
    (sc,) = game.scenarios.values()
    placed = Counter((game.unit(e["unit"])["designation"], e.get("hex") or e.get("off_map")) for e in sc["setup"])
    assert placed == Counter({("4-2 Inf", label(variant, 2, 3)): 1, ("5-3 Arm", label(variant, 11, 0)): 1,
                              ("4-2 Inf", label(variant, 0, 8)): 1, ("Disrupted", "Pool"): 1})
    # the binding keeps the module's pixels: each cell's centre there is named with its label again
    (geo,) = load(binding_path(tmp_path / "ws", game.id)).maps
    assert geo.to_dict()["kind"] == "square"
    for a in cols:
        for b in rows:
            lb = label(variant, a, b)
            assert geo.center(grid, lb) == centre(a, b)
            assert geo.locate(grid, *centre(a, b)) == lb
    assert not any("not imported" in line and "square" in line for line in res.report)


def test_modgen_square_module_round_trips(tmp_path: Path) -> None:
    src = load_game(write_square_game(tmp_path / "src"))
    m1, m2 = tmp_path / "m1.vmod", tmp_path / "m2.vmod"
    build_module(src, m1)
    res = import_module(m1, tmp_path / "ws", game_id="sq_again")
    game = load_game(res.manifest)
    assert [str(i) for i in validate_game(res.manifest) if i.severity == "error"] == []
    assert game.manifest["vassal"]["hex_px"] == src.manifest["vassal"]["hex_px"]
    grid_src, grid_imp = SquareGrid.from_map(src.maps[0]), SquareGrid.from_map(game.maps[0])
    assert grid_imp.labels() == grid_src.labels()
    px = src.manifest["vassal"]["hex_px"]
    assert all(grid_imp.center_px(lb, px) == grid_src.center_px(lb, px) for lb in grid_src.labels())

    def placed(g) -> Counter:
        (sc,) = g.scenarios.values()
        return Counter((g.unit(e["unit"])["designation"], e["hex"]) for e in sc["setup"] if "hex" in e)

    assert placed(game) == placed(src)
    build_module(game, m2)  # and the imported data rebuilds a module with the same board and grid
    with zipfile.ZipFile(m1) as z1, zipfile.ZipFile(m2) as z2:
        def grid_xml(z: zipfile.ZipFile) -> list[dict[str, str]]:
            root = etree.fromstring(z.read("buildFile.xml"))
            return [dict(e.attrib) for e in root.iter() if isinstance(e.tag, str) and "SquareGrid" in e.tag]
        assert grid_xml(z1) == grid_xml(z2) != []
