"""SVG export (issue #19: "SVG export of counters and maps for designers who finish art in Inkscape") and the
print orientation options.

The SVG is the third backend of the one drawing (modgen/draw/svg.py). Checked here: it is well-formed SVG at the
physical size asked, text stays text, the CLI writes it all or nothing; and, in real headless Chromium (an SVG
renderer the test does not write), a counter's SVG looks like its PNG. Sheet orientation: landscape pages have the
paper's long side across; ``auto`` picks the orientation that holds more counters.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fixtures_counters import write_game
from lxml import etree
from PIL import Image, ImageChops
from test_sheets import probe_game

from modgen.cli import main
from modgen.data.model import load_game
from modgen.draw.counter_export import face_svg
from modgen.draw.counters import render_face
from modgen.draw.mapdraw import render_map_svg
from modgen.draw.sheets import SheetOptions, plan_sheets, write_sheet_pdf
from modgen.geometry.hexgrid import Grid

REPO = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    root = etree.fromstring(svg.encode())
    return [t.text for t in root.iter(f"{SVG}text")]


def test_counter_svg_is_svg_with_its_printed_text_as_text() -> None:
    game = load_game(REPO / "games" / "minsk44.json")
    unit = next(u for u in game.units if u["faces"]["front"].get("values", {}).get("movement") == 8)
    svg = face_svg(game, unit, "front", 150)
    root = etree.fromstring(svg.encode())
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 150 150"
    texts = _texts(svg)
    assert "8" in texts  # the movement factor, as a text element a designer can edit
    assert any(t == unit.get("designation") or (t and t in str(unit.get("designation"))) for t in texts)


def test_map_svg_is_at_physical_hex_size() -> None:
    # 16 mm hexes at 96 user units per inch: the drawing is as wide as the grid at that many px per hex, and the
    # root's width in inches is that divided by 96, so Inkscape opens it at print size
    game = load_game(REPO / "games" / "stormsofsteel.json")
    svg = render_map_svg(game, None, "16mm", dpi=96, legend=False)
    root = etree.fromstring(svg.encode())
    hex_px = 16 / 25.4 * 96
    lay = Grid.from_map(game.map(None)).layout(hex_px)
    vb = [float(v) for v in root.get("viewBox").split()]
    assert vb[2] == pytest.approx(lay.width, abs=0.01) and vb[3] == pytest.approx(lay.height, abs=0.01)
    assert float(root.get("width").removesuffix("in")) == pytest.approx(lay.width / 96, abs=0.01)
    labels = set(_texts(svg))
    assert set(Grid.from_map(game.map(None)).labels()) <= labels  # every hex number is a text element


def test_map_svg_with_legend_names_the_terrain() -> None:
    game = load_game(REPO / "games" / "minsk44.json")
    texts = set(_texts(render_map_svg(game, None, "16mm")))
    assert "Terrain" in texts
    names = {str(t.get("name")) for t in (game.manifest.get("terrain") or {}).values() if t.get("name")}
    assert names & texts


def test_cli_writes_svgs_for_counters_and_map(tmp_path: Path) -> None:
    out = tmp_path / "faces"
    assert main(["counters", str(REPO / "games" / "stormsofsteel.json"), "-o", str(out), "--svg", "--quiet"]) == 0
    files = sorted(out.iterdir())
    assert files and all(f.suffix == ".svg" for f in files)
    for f in files[:5]:
        etree.parse(str(f))  # well-formed
    map_out = tmp_path / "map.svg"
    assert main(["map", str(REPO / "games" / "fow.json"), "-o", str(map_out), "--quiet"]) == 0
    root = etree.parse(str(map_out)).getroot()
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}image") is not None  # a table map: its picture inside


def test_counters_svg_refuses_bad_data_without_writing(tmp_path: Path) -> None:
    manifest = write_game(tmp_path, "efb")
    out = tmp_path / "faces"
    assert main(["counters", "--no-validate", str(manifest), "-o", str(out), "--svg", "--unit", "nope"]) == 1
    assert not out.exists()


@pytest.mark.browser
def test_counter_svg_rendered_by_chromium_looks_like_the_png(tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(chromium).exists(), "Debian's chromium package is required (scripts/setup.sh installs it)"
    from playwright.sync_api import sync_playwright

    game = load_game(REPO / "games" / "minsk44.json")
    units = [u for u in game.units if u.get("class") in ("maneuver", "hq")][:4]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 150, "height": 150})
        for unit in units:
            svg = face_svg(game, unit, "front", 150).split("?>", 1)[1]
            page.set_content(f'<html><body style="margin:0">{svg}</body></html>')
            shot = tmp_path / "shot.png"
            page.screenshot(path=str(shot), clip={"x": 0, "y": 0, "width": 150, "height": 150})
            a = Image.open(shot).convert("L")
            b = render_face(game, unit, "front", 150).convert("L")
            hist = ImageChops.difference(a, b).histogram()
            mean = sum(i * c for i, c in enumerate(hist)) / sum(hist)
            far = sum(hist[64:]) / sum(hist)
            # anti-aliasing differs between Pillow and Skia; a shape or text out of place differs by far more
            assert mean < 8 and far < 0.05, (unit["id"], mean, far)
        browser.close()


def test_landscape_sheet_pages_are_wide(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    write_sheet_pdf(probe_game(4), out, SheetOptions(paper="letter", orientation="landscape", marks="none"),
                    workers=1)
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", out.read_bytes())
    assert boxes and all(float(b[2]) == pytest.approx(792) and float(b[3]) == pytest.approx(612) for b in boxes)


def test_auto_orientation_holds_more_counters_per_page() -> None:
    # letter, 0.2in margins (the page text keeps 0.25in at the bottom), 0.53in counters:
    # portrait 8.1in x 10.55in holds 15 x 19 = 285; landscape 10.6in x 8.05in holds 20 x 15 = 300
    game = probe_game(1)
    base = {"paper": "letter", "margin": "0.2in", "size": "0.53in"}
    port = plan_sheets(game, SheetOptions(**base, orientation="portrait"))
    land = plan_sheets(game, SheetOptions(**base, orientation="landscape"))
    auto = plan_sheets(game, SheetOptions(**base, orientation="auto"))
    assert (port.cols, port.rows) == (15, 19) and (land.cols, land.rows) == (20, 15)
    assert (auto.cols, auto.rows) == (20, 15)
