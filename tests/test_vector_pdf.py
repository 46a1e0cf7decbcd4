"""Vector print output: counter sheets and maps as PDF vectors with embedded fonts, no JPEG, matching the PNGs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from fixtures_counters import all_games
from PIL import Image, ImageChops, ImageFilter

from modgen.draw import vector
from modgen.draw.counters import render_face
from modgen.draw.sheets import SheetOptions, write_sheet_pdf

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("pdffonts") is None,
                                reason="poppler-utils (pdftoppm, pdffonts, pdfimages) not installed")


def _raster(pdf: Path, dpi: int, page: int = 1) -> Image.Image:
    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
                   check=True)
    found = sorted(pdf.parent.glob(prefix.name + "-*.png"))
    img = Image.open(found[-1]).convert("RGB")
    for f in found:
        f.unlink()
    return img


def _ink(img: Image.Image, bg: tuple[int, ...]) -> Image.Image:
    diff = ImageChops.difference(img, Image.new("RGB", img.size, bg[:3])).convert("L")
    return diff.point(lambda v: 255 if v > 60 else 0)


def _far_ink(a: Image.Image, b: Image.Image, bg: tuple[int, ...]) -> tuple[int, int, int]:
    """(ink pixels of a, of them farther than 1 px from b's ink, b's ink farther than 1 px from a's)."""
    ma, mb = _ink(a, bg), _ink(b, bg)
    near_a, near_b = ma.filter(ImageFilter.MaxFilter(3)), mb.filter(ImageFilter.MaxFilter(3))
    return (ma.histogram()[255], ImageChops.subtract(ma, near_b).histogram()[255],
            ImageChops.subtract(mb, near_a).histogram()[255])


def _tool(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.system_id)
def test_pdf_counter_matches_the_png_within_a_pixel(game, tmp_path: Path) -> None:
    """Every front on the first sheet, rasterised from the vector PDF at the sheet's dpi, against render_face's PNG
    of the same counter: all ink lies within 1 px of the other's ink (but for a stray 0.2% of edge pixels where
    anti-aliasing crosses the ink threshold differently)."""
    out = tmp_path / "s.pdf"
    lay = write_sheet_pdf(game, out, SheetOptions(size="5/8in", dpi=300, marks="none"))
    page = _raster(out, 300)
    units = {u["id"]: u for u in game.units}
    checked = 0
    for s in (s for s in lay.slots if s.sheet == 0):
        png = render_face(game, units[s.unit_id], s.front_face, lay.counter_px)
        bg = png.getpixel((lay.counter_px // 2, lay.counter_px - 4))
        total, a_far, b_far = _far_ink(png, page.crop(s.front_box), bg)
        assert total > 500, s.unit_id  # the counter has something drawn on it
        assert a_far <= total // 500 and b_far <= total // 500, (s.unit_id, total, a_far, b_far)
        checked += 1
    assert checked >= 2


def test_sheet_pdf_is_vector_with_embedded_fonts_and_registered_backs(tmp_path: Path) -> None:
    game = all_games()[0]
    out = tmp_path / "s.pdf"
    lay = write_sheet_pdf(game, out, SheetOptions(size="3/4in", dpi=300, bleed="1mm", marks="crop"))
    fonts = _tool("pdffonts", str(out)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # the "emb" column
    assert len(_tool("pdfimages", "-list", str(out)).splitlines()) == 2  # header only: no raster images at all
    assert "Fixture" in _tool("pdftotext", str(out), "-")  # the page label is real text
    front, back = _raster(out, 300, 1), _raster(out, 300, 2)
    for s in lay.slots:  # long-edge duplex: each back is the mirror image of its front's box, within 1 px
        f = front.crop(s.front_box)
        b = back.crop(s.back_box)
        assert f.getbbox() is not None and b.getbbox() is not None
        assert s.back_box[0] == front.width - s.front_box[2] or abs(s.back_box[0] + s.front_box[2] - front.width) <= 1
        # the back's own box is filled right to its edges (the counter is where the box says, bleed behind it)
        inner = back.crop((s.back_box[0] + 1, s.back_box[1] + 1, s.back_box[2] - 1, s.back_box[3] - 1))
        assert min(inner.convert("L").getextrema()) < 250


@pytest.mark.parametrize("shape", ["rect", "ellipse", "polygon", "line", "rounded", "arc"])
def test_vector_primitives_land_where_pillow_draws_them(shape: str, tmp_path: Path) -> None:
    """Each ImageDraw call through PdfDraw, rasterised at the drawing's dpi, covers Pillow's pixels within 1 px."""
    size, dpi = (200, 160), 144
    calls = {
        "rect": lambda d: d.rectangle((20, 30, 150, 100), fill="#203080", outline="black", width=6),
        "ellipse": lambda d: d.ellipse((20, 30, 150, 120), fill=None, outline="#802010", width=5),
        "polygon": lambda d: d.polygon([(10, 10), (180, 40), (90, 150)], fill="#106010"),
        "line": lambda d: d.line([(10, 10), (180, 40), (90, 150)], fill="black", width=4, joint="curve"),
        "rounded": lambda d: d.rounded_rectangle((20, 20, 180, 140), radius=30, fill="#aa2020", outline="black",
                                                 width=8),
        "arc": lambda d: d.arc((20, 20, 180, 140), 180, 360, fill="black", width=6),
    }
    png = Image.new("RGB", size, "white")
    calls[shape](vector.RasterDraw(png))
    out = tmp_path / "p.pdf"
    c = vector.new_canvas(str(out), (size[0] * 72 / dpi, size[1] * 72 / dpi))
    d = vector.PdfDraw(c, dpi)
    calls[shape](d)
    d.close()
    c.showPage()
    c.save()
    pdf = _raster(out, dpi)
    assert pdf.size == size
    total, a_far, b_far = _far_ink(png, pdf, (255, 255, 255))
    assert total > 100 and a_far == 0 and b_far == 0, (total, a_far, b_far)


def test_text_on_a_halo_keeps_its_fill_colour(tmp_path: Path) -> None:
    """A halo (stroked text) under the fill: the glyphs are the fill colour, not the halo's (PDF text render mode
    is graphics state and must not leak from the halo into the fill)."""
    from modgen.draw.printing import font

    out = tmp_path / "t.pdf"
    c = vector.new_canvas(str(out), (200, 100))
    d = vector.PdfDraw(c, 72)
    d.rectangle((0, 0, 199, 99), fill=(120, 120, 120))
    d.text((100, 50), "0101", fill=(0, 0, 0), font=font(40), anchor="mm", stroke_width=3, stroke_fill=(255, 255, 255))
    d.close()
    c.showPage()
    c.save()
    img = _raster(out, 72).convert("L")
    hist = img.histogram()
    assert sum(hist[:40]) > 150 and sum(hist[230:]) > 150  # black glyphs and their white halo


def test_map_pdf_is_vector_and_the_legend_has_a_page_of_its_own(tmp_path: Path) -> None:
    from modgen.data.model import load_game
    from modgen.draw.mapdraw import render_map_pdf

    root = Path(__file__).resolve().parent.parent
    game = load_game(root / "games" / "minsk44.json")
    out = tmp_path / "m.pdf"
    pages = render_map_pdf(game, None, out, hex_size="16mm", paper="letter", dpi=300)
    fonts = _tool("pdffonts", str(out)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts
    assert len(_tool("pdfimages", "-list", str(out)).splitlines()) == 2  # no raster images: nothing JPEG
    texts = [_tool("pdftotext", "-f", str(p), "-l", str(p), str(out), "-") for p in range(1, pages + 1)]
    legend_pages = [i for i, t in enumerate(texts) if "Terrain" in t]
    assert legend_pages == [pages - 1]  # the whole legend on the last page, none of it on a map tile
    names = [str(t.get("name")) for t in (game.manifest.get("terrain") or {}).values()]
    used = [n for n in names if n in texts[-1]]
    assert len(used) >= 5, used
    assert "0102" in texts[0]  # hex numbers are text on the tiles
