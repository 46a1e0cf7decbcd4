"""Counter art a designer supplies (issue #19): layout image elements (a portrait, a silhouette), the designer's
own symbol picture in place of the NATO symbol, any TrueType font, and text that shrinks to fit within a limit,
with a `modgen validate` warning where it cannot.

Pictures are solid colours, so where they land can be read back from the pixels.
"""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path

import pytest
from fixtures_counters import efb_counters, write_game
from jsonschema import Draft202012Validator
from PIL import Image

from modgen.cli import main
from modgen.data.documents import schema
from modgen.data.model import load_game
from modgen.draw.counters import plan_face, render_face
from modgen.draw.fitcheck import text_fit_issues
from modgen.draw.sheets import SheetOptions, write_sheet_pdf
from modgen.errors import DataError

SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"


def _layout(**element: object) -> dict:
    """A layout extending EFB's maneuver layout whose values face is one element (plus a designation line)."""
    return {"art": {"extends": "efb-maneuver", "faces": {"values": {"elements": [
        {"type": "text", "text": "{designation}", "box": [0.05, 0.02, 0.95, 0.2]}, element]}}}}


def _workspace(tmp: Path, unit_extra: dict, layout: dict) -> Path:
    counters = copy.deepcopy(efb_counters())
    counters[0].update(unit_extra, layout="art")
    manifest = write_game(tmp, "efb", counters, counter_layouts=layout)
    art = tmp / "counters" / "art"
    art.mkdir()
    Image.new("RGB", (40, 20), "#ff0000").save(art / "portrait.png")  # 2:1, pure red
    Image.new("RGB", (30, 30), "#0000ff").save(art / "symbol.png")
    return manifest


def test_image_element_places_the_named_picture_whole_inside_its_box(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {"images": {"portrait": "art/portrait.png"}},
                   _layout(type="image", image="portrait", box=[0.1, 0.3, 0.9, 0.9]))
    game = load_game(m)
    img = render_face(game, game.unit("de.31.I"), "front", 200)
    # box 160 x 120 px at (20, 60); the 2:1 picture fits as 160 x 80, centred: rows 80..160
    assert img.getpixel((100, 120))[:3] == (255, 0, 0)
    assert img.getpixel((30, 85))[:3] == (255, 0, 0)
    assert img.getpixel((100, 70))[:3] != (255, 0, 0)  # above the picture: the box's letterbox, not stretched
    # a counter without that picture prints nothing there
    other = render_face(game, game.unit("de.14pzg"), "front", 200)
    assert other.getpixel((100, 120))[:3] != (255, 0, 0)


def test_symbol_image_replaces_the_nato_symbol(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {"symbol": {"types": ["armour"], "size": "II", "image": "art/symbol.png"}},
                   _layout(type="symbol", box=[0.2, 0.3, 0.8, 0.9]))
    game = load_game(m)
    plan = plan_face(game, game.unit("de.31.I"), "front", 200)
    assert [s.op for s in plan.shapes] == ["image"]  # no frame, no size mark
    img = render_face(game, game.unit("de.31.I"), "front", 200)
    assert img.getpixel((100, 120))[:3] == (0, 0, 255)


def test_missing_picture_is_one_error_naming_the_counter(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {"images": {"portrait": "art/nope.png"}},
                   _layout(type="image", image="portrait", box=[0.1, 0.3, 0.9, 0.9]))
    game = load_game(m)
    with pytest.raises(DataError, match="de.31.I.*nope.png"):
        render_face(game, game.unit("de.31.I"), "front", 100)


def test_a_layout_font_file_is_used_and_embedded(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {}, _layout(type="text", text="{designation}", font="../fonts/Serif.ttf",
                                         box=[0.1, 0.3, 0.9, 0.9]))
    (tmp_path / "fonts").mkdir()
    shutil.copy(SERIF, tmp_path / "fonts" / "Serif.ttf")
    game = load_game(m)
    plan = plan_face(game, game.unit("de.31.I"), "front", 200)
    assert any(t.style.endswith("Serif.ttf") for t in plan.texts)
    out = tmp_path / "sheet.pdf"
    write_sheet_pdf(game, out, SheetOptions(marks="none"), workers=1)
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "DejaVuSerif-Bold" in fonts


def test_a_missing_font_file_is_a_data_error(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {}, _layout(type="text", text="x", font="../fonts/None.ttf", box=[0.1, 0.3, 0.9, 0.9]))
    game = load_game(m)
    with pytest.raises(DataError, match="font.*None.ttf"):
        plan_face(game, game.unit("de.31.I"), "front", 100)


def test_text_below_min_size_is_a_warning_at_the_counter(tmp_path: Path) -> None:
    # "Panzer-Grenadier-Regiment Grossdeutschland" in a box 0.9 x 0.1 of the side cannot print at 12% of it
    long_name = "Panzer-Grenadier-Regiment Grossdeutschland"
    m = _workspace(tmp_path, {"designation": long_name},
                   _layout(type="text", text="{designation}", box=[0.05, 0.4, 0.95, 0.5], min_size=0.12))
    issues = text_fit_issues(m)
    assert issues and all(i.severity == "warning" and i.pointer == "/counters/0" for i in issues)
    front = [i for i in issues if i.message.startswith("face 'front'")]
    assert front and long_name in front[0].message and "min_size 12%" in front[0].message
    assert front[0].file.endswith("counters/fxefb.json") and front[0].line >= 1


def test_text_that_fits_gives_no_warning(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {"designation": "I/31"},
                   _layout(type="text", text="{designation}", box=[0.05, 0.4, 0.95, 0.6], min_size=0.12))
    assert text_fit_issues(m) == []


@pytest.mark.parametrize("game", ["minsk44", "stormsofsteel"])
def test_validate_runs_the_fit_check_on_valid_data(game: str, capsys) -> None:
    # the bundled games' text fits: valid, no warnings; the check ran (its verdict is the empty list)
    manifest = Path(__file__).resolve().parent.parent / "games" / f"{game}.json"
    assert text_fit_issues(manifest) == []
    assert main(["validate", str(manifest)]) == 0
    assert "warning" not in capsys.readouterr().out


def test_layout_schema_refuses_a_font_that_is_no_font_file() -> None:
    el = schema("layout")["$defs"]["element"]
    v = Draft202012Validator({**el, "$defs": schema("layout")["$defs"]})
    ok = {"type": "text", "box": [0, 0, 1, 1], "font": "fonts/My Font.ttf"}
    assert v.is_valid(ok) and v.is_valid({**ok, "font": "regular"})
    assert not v.is_valid({**ok, "font": "fonts/x.woff"})
    assert v.is_valid({"type": "image", "box": [0, 0, 1, 1], "image": "portrait"})


SYMBOL_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">'
              '<rect width="60" height="40" fill="#00ff00"/></svg>')


def test_an_svg_symbol_is_drawn_whole_in_the_symbol_box(tmp_path: Path) -> None:
    m = _workspace(tmp_path, {"symbol": {"types": ["armour"], "size": "II", "image": "art/sym.svg"}},
                   _layout(type="symbol", box=[0.2, 0.3, 0.8, 0.9]))
    (tmp_path / "counters" / "art" / "sym.svg").write_text(SYMBOL_SVG)
    game = load_game(m)
    img = render_face(game, game.unit("de.31.I"), "front", 200)
    # box 120 x 120 at (40, 60): the 3:2 picture fits as 120 x 80, rows 80..160
    assert img.getpixel((100, 120))[:3] == (0, 255, 0)
    assert img.getpixel((100, 70))[:3] != (0, 255, 0)


@pytest.mark.parametrize(("svg", "message"), [
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd" width="9" height="9"/></svg>',
     "self-contained"),
    ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
     '<use xlink:href="other.svg#a"/></svg>', "self-contained"),
    ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
     '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', "DOCTYPE"),
    ("<html><body/></html>", "not an SVG"),
    ("<svg", "not a readable SVG"),
])
def test_hostile_svg_pictures_are_refused(tmp_path: Path, svg: str, message: str) -> None:
    m = _workspace(tmp_path, {"symbol": {"types": ["armour"], "size": "II", "image": "art/sym.svg"}},
                   _layout(type="symbol", box=[0.2, 0.3, 0.8, 0.9]))
    (tmp_path / "counters" / "art" / "sym.svg").write_text(svg)
    game = load_game(m)
    with pytest.raises(DataError, match=message):
        render_face(game, game.unit("de.31.I"), "front", 100)
