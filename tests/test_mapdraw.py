"""Map rendering: pixels checked at places computed independently from the geometry (centres, midpoints)."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from modgen.cli import main
from modgen.data.model import load_game
from modgen.draw.mapdraw import render_map, render_map_pdf
from modgen.errors import DataError
from modgen.geometry.hexgrid import Grid

TERRAIN = {
    "clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"},
    "woods": {"name": "Woods", "kind": "hex", "color": "#7fa060", "pattern": "trees"},
    "red": {"name": "Marker red", "kind": "hex", "color": "#ff0000"},
    "blue": {"name": "Marker blue", "kind": "hex", "color": "#0000ff"},
    "major_river": {"name": "Major river", "kind": "hexside", "color": "#2050d0", "width": 0.12},
    "bridge": {"name": "Bridge", "kind": "hexside", "color": "#333333", "width": 0.1},
    "road": {"name": "Road", "kind": "line", "color": "#a04000", "width": 0.08},
    "rail": {"name": "Railroad", "kind": "line", "color": "#101010", "width": 0.04},
    "forest": {"name": "Forest", "kind": "area", "color": "#2e7d32", "pattern": "trees"},
}

HEX_MAP: dict[str, Any] = {
    "id": "main", "name": "Test map", "kind": "hex",
    "grid": {"orientation": "flat", "columns": 8, "rows": 7,
             "numbering": {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
                           "h_off": 1, "v_off": 1, "stagger": False}},
    "default_terrain": "clear",
    "hexes": {"0202": "red", "0206": "blue", "0504": "woods"},
    "hexsides": [{"hexes": ["0603", "0703"], "type": "major_river"}, {"hexes": ["0604", "0704"], "type": "bridge"}],
    "lines": [{"type": "road", "hexes": ["0101", "0102", "0103", "0203"]},
              {"type": "rail", "hexes": ["0801", "0802", "0803"]}],
    "places": [{"name": "Testville", "hexes": ["0405"]}],
    "objectives": [{"hex": "0405", "name": "Testville"}],
    "areas": [{"id": "west", "name": "West edge", "edge": "west"}],
}
TABLE_MAP: dict[str, Any] = {
    "id": "table", "name": "Table", "kind": "table", "width_in": 72, "height_in": 48,
    "terrain": [{"type": "forest", "polygon": [[10, 10], [30, 10], [30, 20], [10, 20]], "name": "Big wood"}],
    "zones": [{"id": "a", "name": "Deploy A", "side": "a", "polygon": [[0, 36], [72, 36], [72, 48], [0, 48]]}],
    "objectives": [{"id": "o1", "name": "Obj 1", "pos": [50, 12]}],
}


def make_game(root: Path, maps: list[dict[str, Any]], terrain: dict[str, Any] | None = None) -> Path:
    (root / "games").mkdir(parents=True, exist_ok=True)
    (root / "maps").mkdir(exist_ok=True)
    manifest = {"id": "t", "title": "Test", "version": "0.1.0", "system": "efb", "sides": [],
                "terrain": terrain or TERRAIN, "print": {"hex_size": "0.5in", "paper": "letter", "dpi": 100},
                "vassal": {"hex_px": 60}, "files": {"maps": ["../maps/t.json"]}}
    (root / "games" / "t.json").write_text(json.dumps(manifest))
    (root / "maps" / "t.json").write_text(json.dumps({"game": "t", "maps": maps}))
    return root / "games" / "t.json"


@pytest.fixture()
def game(tmp_path: Path):
    return load_game(make_game(tmp_path, [json.loads(json.dumps(HEX_MAP)), json.loads(json.dumps(TABLE_MAP))]))


def rgb(h: str) -> tuple[int, int, int]:
    return int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16)


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def test_size_matches_vassal_board(game) -> None:
    img = render_map(game, "main", 80)
    board = Grid.from_map(HEX_MAP).vassal_params(80)["board"]
    assert img.size == (board["width"], board["height"])


def test_fill_colours_at_hex_centres(game) -> None:
    px = 80
    g = Grid.from_map(HEX_MAP)
    img = render_map(game, "main", px, numbers=False, objectives=False, places=False)
    for lab, tid in (("0202", "red"), ("0206", "blue"), ("0305", "clear"), ("0807", "clear")):
        x, y = g.center_px(lab, px)
        assert near(img.getpixel((x + 10, y + 10)), rgb(TERRAIN[tid]["color"])), lab
    # Woods: a pattern darker than the base colour appears inside the hex.
    x, y = g.center_px("0504", px)
    colours = {img.getpixel((x + dx, y + dy)) for dx in range(-20, 21, 4) for dy in range(-20, 21, 4)}
    assert any(sum(c) < sum(rgb("#7fa060")) - 60 for c in colours)


def test_hexside_line_and_bridge_pixels(game) -> None:
    px = 80
    g = Grid.from_map(HEX_MAP)
    img = render_map(game, "main", px, numbers=False)

    def mid(a: str, b: str) -> tuple[int, int]:
        (ax, ay), (bx, by) = g.center_px(a, px), g.center_px(b, px)
        return round((ax + bx) / 2), round((ay + by) / 2)

    # A hexside's midpoint is halfway between the two centres: the river is drawn there.
    assert near(img.getpixel(mid("0603", "0703")), rgb("#2050d0"), 10)
    # Road through hex centres: midway between consecutive hexes lies on the road.
    assert near(img.getpixel(mid("0102", "0103")), rgb("#a04000"), 10)
    assert near(img.getpixel(mid("0103", "0203")), rgb("#a04000"), 10)
    assert near(img.getpixel(mid("0801", "0802")), rgb("#101010"), 10)
    # A bridge deck (light) crosses the 0604/0704 side.
    assert sum(img.getpixel(mid("0604", "0704"))) > 600
    # Neither the river nor the road reaches a hex that has neither.
    assert near(img.getpixel(g.center_px("0305", px)), rgb("#e8e0b8"))


def test_objective_ring_and_numbers_are_drawn(game) -> None:
    px = 80
    g = Grid.from_map(HEX_MAP)
    x, y = g.center_px("0405", px)
    with_all = render_map(game, "main", px)
    rr = px * 0.36 - 2  # the ring is drawn inwards from radius 0.36 hex
    ring = [with_all.getpixel((round(x + rr * math.cos(a)), round(y + rr * math.sin(a))))
            for a in (0.3, 2.0, 3.5)]
    assert all(p[0] > 150 and p[1] < 80 and p[2] < 80 for p in ring)
    no_numbers = render_map(game, "main", px, numbers=False)
    # Only the number band near the top of each hex differs.
    nx, ny = g.center_px("0305", px)
    band = (nx - 20, round(ny - px * 0.45), nx + 20, round(ny - px * 0.28))
    assert with_all.crop(band).tobytes() != no_numbers.crop(band).tobytes()
    assert with_all.crop((nx - 20, ny, nx + 20, ny + 20)).tobytes() == no_numbers.crop(
        (nx - 20, ny, nx + 20, ny + 20)).tobytes()


def test_legend_appends_below_without_moving_the_board(game) -> None:
    a = render_map(game, "main", 60)
    b = render_map(game, "main", 60, legend=True)
    assert b.width == a.width and b.height > a.height
    assert b.crop((0, 0, a.width, a.height)).tobytes() == a.tobytes()


def test_antialias_keeps_board_size_and_colours(game) -> None:
    g = Grid.from_map(HEX_MAP)
    img = render_map(game, "main", 60, antialias=2, numbers=False)
    assert img.size == (g.layout(60).width, g.layout(60).height)
    x, y = g.center_px("0202", 60)
    assert near(img.getpixel((x + 8, y + 8)), (255, 0, 0), 12)
    x, y = g.center_px("0206", 60)
    assert near(img.getpixel((x - 8, y + 8)), (0, 0, 255), 12)
    with pytest.raises(DataError, match="antialias"):
        render_map(game, "main", 60, antialias=9)


def test_deterministic(game) -> None:
    assert render_map(game, "main", 50).tobytes() == render_map(game, "main", 50).tobytes()


def test_pointy_map_renders(tmp_path: Path) -> None:
    m = json.loads(json.dumps(HEX_MAP))
    m["grid"]["orientation"] = "pointy"
    g = load_game(make_game(tmp_path, [m]))
    img = render_map(g, "main", 60, numbers=False)
    grid = Grid.from_map(m)
    x, y = grid.center_px("0202", 60)
    assert img.size == (grid.layout(60).width, grid.layout(60).height)
    assert near(img.getpixel((x + 5, y + 5)), (255, 0, 0))


def test_table_map(game) -> None:
    img = render_map(game, "table", px_per_inch=10)
    assert img.size == (720, 480)
    # Inside the wood (away from the trees' lattice the base colour or a darker tree shade); outside it is not.
    inside = {img.getpixel((x, y)) for x in range(120, 280, 7) for y in range(120, 180, 7)}
    assert any(near(p, rgb("#2e7d32"), 40) or sum(p) < sum(rgb("#2e7d32")) for p in inside)
    # Deployment zone tints the bottom strip; the objective disc is yellow.
    assert img.getpixel((360, 300)) != img.getpixel((360, 470))
    ox, oy = 500, 120
    assert near(img.getpixel((ox + 7, oy + 5)), (240, 220, 60), 10)  # the disc, beside the star
    assert near(img.getpixel((ox, oy)), (200, 30, 30), 10)  # the star at the centre
    with pytest.raises(TypeError):
        render_map(game, "table", hex_size=3)
    # The positional scale of a table map is pixels per inch (what the VASSAL builder passes).
    assert render_map(game, "table", 5).size == (360, 240)
    assert render_map(game, "table").size == (72 * 20, 48 * 20)


@pytest.mark.parametrize("change, msg", [
    (lambda m: m["hexes"].update({"0303": "lava"}), "terrain 'lava' is not declared"),
    (lambda m: m["hexes"].update({"9999": "clear"}), "'9999' is not a hex of this map"),
    (lambda m: m["hexes"].update({"0303": "road"}), "kind 'line', expected hex"),
    (lambda m: m["hexsides"].append({"hexes": ["0101", "0303"], "type": "major_river"}), "not adjacent"),
    (lambda m: m["lines"].append({"type": "road", "hexes": ["0101", "0103"]}), "not adjacent"),
    (lambda m: m["lines"].append({"type": "road", "hexes": ["0101"]}), "at least two"),
    (lambda m: m["objectives"].append({"hex": "Minsk"}), "'Minsk'"),
    (lambda m: m["areas"].append({"id": "x", "hexes": ["9999"]}), "area 'x'"),
    (lambda m: m["grid"].update({"columns": 0}), "columns"),
])
def test_bad_data_is_a_one_line_data_error(tmp_path: Path, change, msg: str) -> None:
    m = json.loads(json.dumps(HEX_MAP))
    change(m)
    g = load_game(make_game(tmp_path, [m]))
    with pytest.raises(DataError, match=msg) as exc:
        render_map(g, "main", 40)
    assert "map 'main'" in str(exc.value) or "area" in str(exc.value) or "grid" in str(exc.value)
    assert "\n" not in str(exc.value)


def _centroid(img: Image.Image, want: tuple[int, int, int]) -> tuple[float, float]:
    px = img.load()
    xs = ys = n = 0
    for y in range(img.height):
        for x in range(img.width):
            if near(px[x, y], want, 40):
                xs += x
                ys += y
                n += 1
    assert n > 0, f"no {want} pixels"
    return xs / n, ys / n


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is in .ci/apt-packages.txt")
@pytest.mark.parametrize("hex_size, inches", [("0.5in", 0.5), ("16mm", 16 / 25.4)])
def test_pdf_hex_pitch_is_physical(game, tmp_path: Path, hex_size: str, inches: float) -> None:
    out = tmp_path / "map.pdf"
    pages = render_map_pdf(game, "main", out, hex_size=hex_size, paper="letter", dpi=100, legend=False)
    assert pages == 1
    # Rasterise with poppler at 50 dpi (a different resolution from the one rendered) and measure on paper.
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(out), str(tmp_path / "page")], check=True)
    page = Image.open(tmp_path / "page.png").convert("RGB")
    assert page.size in ((425, 550), (550, 425))  # letter at 50 dpi, portrait or landscape
    rx, ry = _centroid(page, (255, 0, 0))
    bx, by = _centroid(page, (0, 0, 255))
    # 0202 and 0206 are in the same column, four hexes apart.
    assert abs(bx - rx) < 1.0
    assert (by - ry) / 50 == pytest.approx(4 * inches, abs=0.03)


def test_pdf_tiles_big_maps(game, tmp_path: Path) -> None:
    out = tmp_path / "big.pdf"
    pages = render_map_pdf(game, "main", out, hex_size="1.5in", paper="a4", dpi=50, overlap="0.5in")
    assert pages > 1
    assert out.read_bytes().count(b"/MediaBox") == pages


def test_table_pdf_fits_one_landscape_page(game, tmp_path: Path) -> None:
    out = tmp_path / "table.pdf"
    assert render_map_pdf(game, "table", out, paper="a4", dpi=60) == 1
    (w, h), = {(float(a), float(b)) for a, b in
               re.findall(rb"/MediaBox \[ ?[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)", out.read_bytes())}
    assert (w, h) == pytest.approx((841.89, 595.28), abs=0.01)
    # An explicit scale of 1/6 (a 72" table is 12" wide) needs more than one A4 page.
    assert render_map_pdf(game, "table", tmp_path / "big.pdf", paper="a4", dpi=30, table_scale=1 / 6) > 1


def test_cli_png_pdf_and_errors(game, tmp_path: Path, capsys) -> None:
    manifest = str(game.path)
    png = tmp_path / "out" / "m.png"
    assert main(["map", manifest, "-o", str(png)]) == 0
    lay = Grid.from_map(HEX_MAP).layout(60)
    w, h = Image.open(png).size  # the module's board image: the hexes, then the legend strip below them
    assert w == lay.width and h > lay.height
    assert main(["map", manifest, "--no-legend", "-o", str(png)]) == 0
    assert Image.open(png).size == (lay.width, lay.height)
    pdf = tmp_path / "m.pdf"
    assert main(["map", manifest, "--pdf", "-o", str(pdf), "--dpi", "60"]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    tpng = tmp_path / "t.png"
    assert main(["map", manifest, "--map", "table", "--px-per-inch", "5", "-o", str(tpng)]) == 0
    assert Image.open(tpng).size == (360, 240)
    capsys.readouterr()
    bad = tmp_path / "bad.png"
    assert main(["map", manifest, "--map", "nope", "-o", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "no map 'nope'" in err and err.count("\n") == 1 and not bad.exists()
    assert main(["map", manifest, "--pdf", "--hex-size", "huge", "-o", str(bad)]) == 1
    assert "hex_size" in capsys.readouterr().err and not bad.exists()
