"""Square grids (``kind: "square"``): labels and pixels against values worked out by hand from VASSAL 3.6's
SquareGridNumbering formulas (column = floor((x - x0) / dx + 0.5), row = (int) ((y - y0) / dy + 0.5), descending
axes count from getMaxColumns() = (int) (width / dx + 0.5), name = getName(col + hOff) then getName(row + vOff)),
the neighbour and distance options, validation, drawing and the rules Board on a small test world."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from square_world import SQUARE_MAP, TERRAIN, write_square_game

from modgen.cli import main
from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.draw.mapdraw import render_map
from modgen.errors import DataError
from modgen.geometry.squaregrid import SquareGrid, map_grid
from modgen.rules.board import Board


def grid(**g) -> SquareGrid:
    return map_grid({"id": "s", "kind": "square", "grid": {"columns": 4, "rows": 3, **g}})


def test_default_numbering_labels_by_hand() -> None:
    # h_off = v_off = 1, one leading zero: column 0 row 0 is "0101", column 3 row 2 "0403"
    g = grid(numbering={"h_off": 1, "v_off": 1})
    assert g.label(0, 0) == "0101" and g.label(3, 2) == "0403" and g.label(1, 2) == "0203"
    assert len(set(g.labels())) == 12


def test_rows_first_alphabetic_with_separator_by_hand() -> None:
    # first=V: row name then column name; vType A: row 0 + vOff 0 -> "A", row 2 -> "C"; column 3 + hOff 1 -> "4"
    g = grid(numbering={"first": "V", "v_type": "A", "sep": "-", "h_leading": 0, "h_off": 1})
    assert g.label(0, 0) == "A-1" and g.label(3, 2) == "C-4"
    assert g.position("C-4") == (3, 2)


def test_descending_numbering_counts_from_the_board_size() -> None:
    # board = columns + 2 * 0.5 cells wide: getMaxColumns = (int) (5 + 0.5) = 5, getMaxRows = 4; hDescend: column 0
    # is numbered 5 - 0 = 5 (+ hOff 0, leading 1 -> "05"), column 3 -> "02"; vDescend: row 0 -> 4, row 2 -> 2
    g = grid(numbering={"h_descend": True, "v_descend": True})
    assert (g.max_columns, g.max_rows) == (5, 4)
    assert g.label(0, 0) == "0504" and g.label(3, 2) == "0202"
    lay = g.layout(60)
    assert lay.width == 300 and lay.height == 240 and (lay.x0, lay.y0) == (60, 60)
    assert g.vassal_get_location("0504", 60) == (60, 60)


def test_pixels_snap_and_location_names_by_hand() -> None:
    g = grid(numbering={"h_off": 1, "v_off": 1})
    # 60 px cells, origin (60, 60): cell (2, 1)'s centre is (2 * 60 + 60, 1 * 60 + 60)
    assert g.center_px("0302", 60) == (180, 120)
    assert g.vassal_location_name(209, 149, 60) == "0302"  # floor(149/60 + .5) = 2, (int) (89/60 + .5) = 1
    assert g.vassal_location_name(210, 150, 60) == "0403"  # exactly half-way rounds up in both formulas
    assert g.snap(209, 149, 60) == (180, 120)
    assert g.hex_at_px(209, 149, 60) == "0302" and g.hex_at_px(5, 5, 60) is None
    # above the origin VASSAL's row truncates towards zero: (int) ((20 - 60) / 60 + 0.5) = (int) -0.17 = 0
    assert g.vassal_location_name(60, 20, 60) == "0101"


def test_neighbours_and_distance_options() -> None:
    g8 = grid(numbering={"h_off": 1, "v_off": 1})
    assert g8.neighbours("0202") == ["0201", "0301", "0302", "0303", "0203", "0103", "0102", "0101"]
    assert g8.distance("0101", "0403") == 3 and g8.adjacent("0101", "0202")
    g4 = grid(numbering={"h_off": 1, "v_off": 1}, neighbours=4, distance="manhattan")
    assert g4.neighbours("0101") == [None, "0201", "0102", None]
    assert g4.distance("0101", "0403") == 5 and not g4.adjacent("0101", "0202")
    assert g4.direction("0101", "0201") == "E"
    assert g8.line("0101", "0403") == ["0101", "0202", "0302", "0403"] or \
        g8.line("0101", "0403") == ["0101", "0202", "0303", "0403"]


@pytest.mark.parametrize("bad, expect", [
    ({"neighbours": 6}, "neighbours"), ({"distance": "euclid"}, "distance"),
    ({"numbering": {"stagger": True}}, "stagger"), ({"columns": 0}, "columns"),
])
def test_bad_grid_options_are_data_errors(bad, expect) -> None:
    with pytest.raises(DataError, match=expect):
        grid(**bad)


def test_square_world_validates_and_crossref_catches_bad_cells(tmp_path: Path) -> None:
    manifest = write_square_game(tmp_path / "ok")
    assert [str(i) for i in validate_game(manifest) if i.severity == "error"] == []
    broken = json.loads(json.dumps(SQUARE_MAP))
    broken["hexes"]["0909"] = "woods"  # no such cell
    broken["hexes"]["0101"] = "road"  # a line terrain cannot fill a cell
    broken["lines"] = [{"type": "road", "hexes": ["0101", "0303"]}]  # not adjacent
    errors = [str(i) for i in validate_game(write_square_game(tmp_path / "bad", broken)) if i.severity == "error"]
    assert any("cell '0909' is not on map 'field'" in e for e in errors), errors
    assert any("terrain 'road' is a line terrain" in e for e in errors), errors
    assert any("not adjacent" in e for e in errors), errors


def test_rules_board_on_a_square_map(tmp_path: Path) -> None:
    game = load_game(write_square_game(tmp_path))
    board = Board(game.maps[0])
    assert board.grid_kind == "square"
    assert set(board.neighbours("0101")) == {"0201", "0102", "0202"}
    assert board.distance("0101", "0605") == 5 and board.adjacent("0302", "0403")
    assert board.terrain("0302") == "woods" and board.terrain("0101") == "clear"
    assert board.lines("0101", "0202") == {"road"}
    assert board.edge_hexes("west") == {"0101", "0102", "0103", "0104", "0105"}
    assert len(board.all_hexes()) == 30


def test_drawn_square_map_colours_cells_and_matches_the_board_size(tmp_path: Path) -> None:
    game = load_game(write_square_game(tmp_path))
    img = render_map(game, "field", 60, numbers=False, objectives=False, places=False)
    assert img.size == (7 * 60, 6 * 60)  # 6 x 5 cells plus half a cell of margin on every side
    red = tuple(int(TERRAIN["red"]["color"][i:i + 2], 16) for i in (1, 3, 5))
    clear = tuple(int(TERRAIN["clear"]["color"][i:i + 2], 16) for i in (1, 3, 5))
    # cell "0505" (column 4, row 4): centre (4 * 60 + 60, 4 * 60 + 60)
    assert img.getpixel((300 + 15, 300 + 15)) == red
    assert img.getpixel((360 + 15, 300 + 15)) == clear  # "0605" next to it
    # the grid line between them at x = 330
    assert sum(img.getpixel((330, 300 + 15))) < sum(clear) - 150


@pytest.mark.parametrize("ext", ["png", "pdf", "svg"])
def test_map_command_writes_every_format(tmp_path: Path, ext: str) -> None:
    manifest = write_square_game(tmp_path)
    out = tmp_path / f"field.{ext}"
    assert main(["map", str(manifest), "-o", str(out), "--legend", "-q"]) == 0
    data = out.read_bytes()
    if ext == "png":
        with Image.open(out) as im:
            assert im.width == 7 * 60
    elif ext == "pdf":
        assert data.startswith(b"%PDF")
    else:
        assert b"<svg" in data and b"0403" in data  # the cell labels are text in the SVG
