"""`modgen import` on square grids (imported as ``kind: "square"`` maps beside or instead of hex maps) and on hostile
modules (zip bombs, deeply nested XML, pixel bombs): one line on stderr naming the module, exit 1, nothing written."""

from __future__ import annotations

import json
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from conftest import REPO
from hostile import assert_one_line_error, run_bounded
from lxml import etree
from test_import import B, buildfile, png, setup_pieces, write_module
from vassal_logs import save_text, vsav

from modgen.cli import main
from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.geometry.squaregrid import SquareGrid
from modgen.vassal.importer import import_module


def with_square_map(*, only: bool = False) -> bytes:
    """The hand-made buildFile plus a map 'Strategic' on a SquareGrid with RegularGridNumbering (letters across);
    with ``only``, the hex map is removed so the square map is the module's only gridded map."""
    root = etree.fromstring(buildfile())
    if only:
        root.remove(next(m for m in root.iter(B + "module.Map") if m.get("mapName") == "Main Map"))
    el = etree.SubElement
    m = el(root, B + "module.Map", mapName="Strategic")
    bd = el(el(m, B + "module.map.BoardPicker"), B + "module.map.boardPicker.Board", name="Europe",
            image="pool.png", width="200", height="200")
    g = el(bd, B + "module.map.boardPicker.board.SquareGrid", x0="0", y0="0", dx="50", dy="50")
    el(g, B + "module.map.boardPicker.board.mapgrid.SquareGridNumbering", first="H", sep="-", hType="A", vType="N",
       hOff="0", vOff="1", hDescend="false", vDescend="false")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def test_square_grid_imports_beside_the_hex_map(tmp_path: Path) -> None:
    mod = write_module(tmp_path / "sq.vmod", build=with_square_map())
    res = import_module(mod, tmp_path / "ws")
    assert [str(i) for i in validate_game(res.manifest) if i.severity == "error"] == []
    game = load_game(res.manifest)
    strategic = next(m for m in game.maps if m["name"] == "Strategic")
    assert strategic["kind"] == "square"
    # SquareGridNumbering by hand: cells wholly on the 200 px board are columns/rows 1..3 (centres 50, 100, 150);
    # column a is letter a (hOff 0), row b is b + vOff 1 with one leading zero (vLeading's default), "-" between
    want = [f"{'ABCD'[a]}-{b + 1:02d}" for a in (1, 2, 3) for b in (1, 2, 3)]
    assert SquareGrid.from_map(strategic).labels() == want
    assert not any("'Strategic'" in r and "off-map box" in r for r in res.report)
    assert any("'Strategic'" in r and "8 neighbours" in r for r in res.report)  # the adjacency choice is reported


def test_module_with_only_a_square_grid_imports(tmp_path: Path) -> None:
    mod = write_module(tmp_path / "sq.vmod", build=with_square_map(only=True))
    assert main(["import", str(mod), str(tmp_path / "ws"), "-q"]) == 0
    (m,) = load_game(next((tmp_path / "ws" / "games").glob("*.json"))).maps
    assert m["kind"] == "square" and (m["grid"]["columns"], m["grid"]["rows"]) == (3, 3)


def _bomb(path: Path, entry: str, size: int) -> None:
    """A module whose *entry* inflates to *size* bytes of spaces from a few hundred KB (written in chunks)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("images/board.png", png(700, 520))
        with z.open(entry, "w", force_zip64=True) as fh:
            chunk = b" " * (1 << 20)
            for _ in range(size >> 20):
                fh.write(chunk)


def _deep_xml(depth: int) -> bytes:
    return (b"<?xml version='1.0'?><VASSAL.build.GameModule name='Deep'>" + b"<a>" * depth + b"</a>" * depth
            + b"</VASSAL.build.GameModule>")


def _pixel_bomb() -> bytes:
    """A tiny PNG whose header says 60000 x 60000 pixels (3.6 gigapixels)."""
    data = bytearray(png(1, 1))
    ihdr = struct.pack(">II", 60000, 60000) + bytes(data[24:29])
    data[16:29] = ihdr
    data[29:33] = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return bytes(data)


@pytest.mark.parametrize("case, expect", [
    ("buildfile_bomb", "limit"),
    ("deep_xml", "not well-formed XML"),
    ("pixel_bomb", "image_mpx"),
])
def test_hostile_modules_fail_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture, case: str,
                                          expect: str) -> None:
    path = tmp_path / "bad.vmod"
    if case == "buildfile_bomb":
        _bomb(path, "buildFile.xml", 65 << 20)  # past the 64 MB buildFile cap
    elif case == "deep_xml":
        write_module(path, build=_deep_xml(100_000))
    else:
        write_module(path, images={"board.png": _pixel_bomb()})
    code = main(["import", str(path), str(tmp_path / "ws")])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert expect in err and str(path) in err, err
    assert not (tmp_path / "ws" / "games").exists()


def test_twenty_thousand_pieces_of_one_name_import_in_linear_time(tmp_path: Path) -> None:
    # each piece's id was found by trying name_2, name_3, … from the start, and each set-up piece scanned every
    # palette slot: 20,000 slots named alike took minutes (a 25 MB buildFile, well within the 64 MB cap)
    root = etree.fromstring(buildfile())
    slot = next(e for e in root.iter(B + "widget.PieceSlot") if e.get("entryName") == "4-2 Inf")
    for i in range(20_000):
        copy = etree.fromstring(etree.tostring(slot))
        copy.set("gpid", str(1000 + i))
        slot.addnext(copy)
    mod = write_module(tmp_path / "many.vmod", build=etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
    res = run_bounded(["import", str(mod), str(tmp_path / "ws"), "-q"], env={"PYTHONPATH": str(REPO)})
    assert res.returncode == 0, res.stderr
    counters = json.loads(next((tmp_path / "ws" / "counters").glob("*.json")).read_text())["counters"]
    ids = [c["id"] for c in counters if c["id"].startswith("4-2_inf")]
    assert ids[:3] == ["4-2_inf", "4-2_inf_2", "4-2_inf_3"] and ids[20_000] == "4-2_inf_20001"
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("dx", [0, float("nan"), float("inf"), 1e308, -5])
def test_a_binding_file_edited_to_an_impossible_cell_size_is_one_line(tmp_path: Path, dx: float) -> None:
    # the binding file is meant to be edited; dx 0 divided by zero and NaN/1e308 overflowed: `log`/`check` exit 70
    res = import_module(write_module(tmp_path / "hand.vmod"), tmp_path / "ws")
    (binding,) = (tmp_path / "ws" / "bindings").glob("*.json")
    doc = json.loads(binding.read_text())
    doc["maps"][0]["dx"] = dx
    binding.write_text(json.dumps(doc))  # json writes NaN and Infinity, as a hand edit in Python would
    log = tmp_path / "game.vlog"
    log.write_bytes(vsav(save_text(setup_pieces()), module="Hand Battle"))
    for command in ("log", "check"):
        line = assert_one_line_error(run_bounded([command, str(log), "--game", str(res.manifest)],
                                                 env={"PYTHONPATH": str(REPO)}), binding.name, "/maps")
        assert "cell size" in line
