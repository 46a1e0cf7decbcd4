"""Physical-page helpers: lengths, paper sizes, exact PDF page size, tiling with overlap and marks."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from modgen.draw.printing import (
    page_px,
    paper_size,
    parse_length,
    plan_tiles,
    save_pdf,
    tile_pages,
)
from modgen.errors import DataError


@pytest.mark.parametrize("text, inches", [
    ("5/8in", 0.625), ("16mm", 16 / 25.4), ("0.5in", 0.5), ("1 1/4in", 1.25), ("1.5cm", 15 / 25.4),
    ("72pt", 1.0), (".75in", 0.75), ('2"', 2.0), (0.25, 0.25), (1, 1.0), (" 10 mm ", 10 / 25.4), ("1/2 in", 0.5),
])
def test_parse_length(text: object, inches: float) -> None:
    assert parse_length(text) == pytest.approx(inches, rel=1e-12)


@pytest.mark.parametrize("bad", ["5", "abc", "1/0in", "-1in", "1 2.5in", "3 furlongs", True, None, -0.5, float("nan")])
def test_parse_length_errors_name_the_input(bad: object) -> None:
    with pytest.raises(DataError, match="counter_size"):
        parse_length(bad, "counter_size")


def test_paper_sizes() -> None:
    assert paper_size("letter") == (8.5, 11.0)
    assert paper_size("A4") == pytest.approx((8.26772, 11.69291), abs=1e-5)
    assert paper_size("letter", landscape=True) == (11.0, 8.5)
    assert page_px("letter", 300) == (2550, 3300)
    assert page_px("a4", 300) == (2480, 3508)
    # every paper game.schema.json allows (print.paper) is drawable: US sizes by definition, ISO A3 = 297 x 420 mm
    assert paper_size("legal") == (8.5, 14.0)
    assert paper_size("tabloid") == (11.0, 17.0)
    assert paper_size("a3") == pytest.approx((297 / 25.4, 420 / 25.4))
    with pytest.raises(DataError, match="b5"):
        paper_size("b5")


def _media_boxes(pdf: Path) -> list[tuple[float, float]]:
    data = pdf.read_bytes()
    pattern = rb"/MediaBox \[ ?([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ?\]"
    return [(float(m[2]), float(m[3])) for m in re.findall(pattern, data)]


@pytest.mark.parametrize("paper, pts", [("letter", (612.0, 792.0)), ("a4", (595.2756, 841.8898)),
                                        ("legal", (612.0, 1008.0)), ("a3", (841.8898, 1190.5512)),
                                        ("tabloid", (792.0, 1224.0))])
def test_save_pdf_exact_page_size(tmp_path: Path, paper: str, pts: tuple[float, float]) -> None:
    w, h = page_px(paper, 150)
    pages = [Image.new("RGB", (w, h), c) for c in ("white", "red", "blue")]
    out = tmp_path / "p.pdf"
    save_pdf(pages, out, paper)
    boxes = _media_boxes(out)
    assert len(boxes) == 3
    for bw, bh in boxes:
        assert bw == pytest.approx(pts[0], abs=0.01) and bh == pytest.approx(pts[1], abs=0.01)
    if shutil.which("pdfinfo"):  # poppler's own reading of the page size
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"^Pages:\s+3$", info, re.M)
        size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
        assert size
        assert (float(size[1]), float(size[2])) == pytest.approx(pts, abs=0.01)


def test_save_pdf_refuses_empty_and_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "none.pdf"
    with pytest.raises(DataError):
        save_pdf([], out, "letter")
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_save_pdf_wrong_aspect_is_refused_atomically(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    out.write_bytes(b"old")
    with pytest.raises(ValueError):
        save_pdf([Image.new("RGB", (100, 100))], out, "letter")
    assert out.read_bytes() == b"old"


def test_plan_tiles_hand_computed() -> None:
    tiles = plan_tiles(1000, 500, 400, 400, 50)
    # x starts: step 350 -> 0, 350, then the last is pulled back to 1000-400 = 600; y: 0 and 500-400 = 100.
    assert [t.box for t in tiles] == [
        (0, 0, 400, 400), (350, 0, 750, 400), (600, 0, 1000, 400),
        (0, 100, 400, 500), (350, 100, 750, 500), (600, 100, 1000, 500)]
    assert tiles[4].name == "row 2 col 2 of 2x3"
    assert plan_tiles(300, 200, 400, 400, 50) == [plan_tiles(300, 200, 400, 400, 50)[0]]
    assert plan_tiles(300, 200, 400, 400, 50)[0].box == (0, 0, 300, 200)
    with pytest.raises(DataError, match="overlap"):
        plan_tiles(1000, 1000, 100, 100, 60)


@pytest.mark.parametrize("w, h, area, ov", [(1000, 500, 400, 50), (2551, 3301, 600, 37), (401, 401, 400, 0)])
def test_plan_tiles_cover_and_overlap(w: int, h: int, area: int, ov: int) -> None:
    tiles = plan_tiles(w, h, area, area, ov)
    covered = Image.new("1", (w, h), 0)
    for t in tiles:
        x0, y0, x1, y1 = t.box
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h and x1 - x0 <= area and y1 - y0 <= area
        covered.paste(1, t.box)
    assert covered.getextrema() == (1, 1)  # every pixel is on some page
    by = {(t.row, t.col): t for t in tiles}
    for (r, c), t in by.items():
        if (r, c + 1) in by:
            assert t.box[2] - by[(r, c + 1)].box[0] >= ov
        if (r + 1, c) in by:
            assert t.box[3] - by[(r + 1, c)].box[1] >= ov


def test_tile_pages_keep_scale_and_marks(tmp_path: Path) -> None:
    dpi = 100
    src = Image.new("RGB", (1500, 900), "white")
    src.putpixel((10, 20), (255, 0, 0))
    pages, tiles, land = tile_pages(src, dpi, "letter", margin="0.5in", overlap="0.5in", title="Test")
    # Letter at 100 dpi, 0.5in margins: printable 750x1000 portrait or 1000x750 landscape.
    # Portrait: x starts 0, 700, 750 (pulled back) -> 3 cols x 1 row; landscape: 0, 500 -> 2 cols x 2 rows... 4.
    assert (len(pages), land) == (3, False)
    for p in pages:
        assert p.size == (850, 1100)
    # Pixels are pasted 1:1 at the margin: source (10, 20) -> page (60, 70).
    assert pages[0].getpixel((60, 70)) == (255, 0, 0)
    # A registration target sits at the same source spot on both pages sharing an overlap strip.
    a, b = tiles[0], tiles[1]
    sx = (max(a.box[0], b.box[0]) + min(a.box[2], b.box[2])) / 2
    sy = a.box[1] + 0.25 * (a.box[3] - a.box[1])
    for page, t in ((pages[0], a), (pages[1], b)):
        assert page.getpixel((round(50 + sx - t.box[0]), round(50 + sy - t.box[1]))) == (0, 0, 0)
    out = tmp_path / "tiles.pdf"
    save_pdf(pages, out, "letter", land)
    assert len(_media_boxes(out)) == 3
