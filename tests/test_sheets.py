"""Counter sheets: registration of backs behind fronts (long-edge duplex), physical size, copies, PDF output."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fixtures_counters import make_game, write_game
from PIL import Image, ImageChops

from modgen.cli import main
from modgen.draw import printing
from modgen.draw.sheets import SheetOptions, plan_sheets, render_sheet_pages, write_sheet_pdf
from modgen.errors import DataError

# A layout that prints nothing but the face colour, so each face is a solid, uniquely coloured square.
PROBE_LAYOUT = {"probe": {"shape": "square", "border": {"color": "none", "width": 0},
                          "faces": {k: {"elements": []} for k in ("values", "blank", "text")}}}


def _colour(i: int, back: bool) -> str:
    # distinct in the red/green channels by >= 24 levels; fronts and backs differ in blue
    return f"#{(24 * (i % 10) + 8):02x}{(24 * (i // 10) + 8):02x}{(200 if back else 40):02x}"


def probe_game(n: int, counts: list[int] | None = None):
    units = []
    for i in range(n):
        units.append({"id": f"p{i}", "kind": "unit", "side": "german", "class": "x", "layout": "probe",
                      "count": counts[i] if counts else 1,
                      "faces": {"front": {"kind": "values", "values": {}, "color": _colour(i, False)},
                                "back": {"kind": "blank", "color": _colour(i, True)}}})
    return make_game("xyz", units, counter_layouts=PROBE_LAYOUT)


def find(page: Image.Image, colour: str, tolerance: int = 0) -> tuple[int, int, int, int] | None:
    """Bounding box (x0, y0, x1 exclusive, y1 exclusive) of the pixels of ``colour`` on ``page``."""
    solid = Image.new("RGB", page.size, colour)
    diff = ImageChops.difference(page, solid)
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda v: 255 if v <= tolerance else 0).getbbox()


def locate(page: Image.Image, step: int = 6) -> dict[tuple[int, int, int], tuple[int, int, int, int]]:
    """Bounding box of every solid colour region at least ``step`` px wide: a coarse scan, then each edge walked
    pixel by pixel to where the colour stops. Exact for solid colours, and much faster than a full-page diff."""
    px = page.load()
    w, h = page.size
    hits: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for y in range(0, h, step):
        for x in range(0, w, step):
            hits.setdefault(px[x, y], []).append((x, y))
    out = {}
    for colour, pts in hits.items():
        if colour == (255, 255, 255):
            continue
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
        lx = next(p for p in pts if p[0] == x0)
        rx = next(p for p in pts if p[0] == x1)
        ty = next(p for p in pts if p[1] == y0)
        by = next(p for p in pts if p[1] == y1)
        while x0 > 0 and px[x0 - 1, lx[1]] == colour:
            x0 -= 1
        while x1 + 1 < w and px[x1 + 1, rx[1]] == colour:
            x1 += 1
        while y0 > 0 and px[ty[0], y0 - 1] == colour:
            y0 -= 1
        while y1 + 1 < h and px[by[0], y1 + 1] == colour:
            y1 += 1
        out[colour] = (x0, y0, x1 + 1, y1 + 1)
    return out


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def mirrored(box: tuple[int, int, int, int], width: int) -> tuple[int, int, int, int]:
    return (width - box[2], box[1], width - box[0], box[3])


@pytest.mark.parametrize(("size", "dpi", "bleed", "n"), [
    ("5/8in", 300, "0in", 14), ("16mm", 300, "1mm", 14), ("1in", 300, "0in", 75), ("3/4in", 600, "0in", 8)])
def test_each_back_sits_behind_its_front_after_mirroring(size: str, dpi: int, bleed: str, n: int) -> None:
    game = probe_game(n)
    opts = SheetOptions(size=size, dpi=dpi, bleed=bleed, marks="none", paper="letter")
    pages = render_sheet_pages(game, opts, workers=1)
    per_page = plan_sheets(game, opts).per_page
    assert len(pages) == 2 * -(-n // per_page)
    tol = 1 if dpi == 300 else 2  # "within 1 px at 300 dpi"
    found = [locate(p) for p in pages]
    for i in range(n):
        sheet = i // per_page
        fronts, backs = found[2 * sheet], found[2 * sheet + 1]
        f = fronts.get(rgb(_colour(i, False)))
        b = backs.get(rgb(_colour(i, True)))
        assert f is not None and b is not None, i
        assert rgb(_colour(i, True)) not in fronts  # backs never land on the fronts page
        mb = mirrored(b, pages[2 * sheet + 1].width)
        assert all(abs(p - q) <= tol for p, q in zip(f, mb, strict=True)), (i, f, mb)


@pytest.mark.parametrize(("size", "dpi", "inches"), [
    ("1/2in", 300, 0.5), ("9/16in", 300, 0.5625), ("5/8in", 300, 0.625), ("5/8in", 600, 0.625),
    ("3/4in", 300, 0.75), ("1in", 300, 1.0), ("16mm", 300, 16 / 25.4)])
def test_counter_pitch_equals_the_configured_size(size: str, dpi: int, inches: float) -> None:
    game = probe_game(12)
    pages = render_sheet_pages(game, SheetOptions(size=size, dpi=dpi, marks="none"), workers=1)
    found = locate(pages[0])
    xs = [found[rgb(_colour(i, False))][0] for i in range(6)]  # first row, left to right
    ys = [found[rgb(_colour(i, False))][1] for i in range(6)]
    pitch = inches * dpi
    assert len(set(ys)) == 1
    for k in range(1, 6):
        assert abs((xs[k] - xs[0]) - k * pitch) <= 1.0, (k, xs)
    width = found[rgb(_colour(0, False))]
    assert abs((width[2] - width[0]) - pitch) <= 1.0 and abs((width[3] - width[1]) - pitch) <= 1.0


def test_copies_follow_count_and_zero_prints_none() -> None:
    game = probe_game(3, counts=[3, 0, 2])
    lay = plan_sheets(game, SheetOptions(marks="none"))
    assert [s.unit_id for s in lay.slots] == ["p0", "p0", "p0", "p2", "p2"]
    pages = render_sheet_pages(game, SheetOptions(marks="none"), workers=1, layout=lay)
    found = locate(pages[0])
    box0 = found[rgb(_colour(0, False))]
    assert abs((box0[2] - box0[0]) - 3 * 187.5) <= 1.5  # three copies side by side
    assert rgb(_colour(1, False)) not in found


def test_units_without_a_back_get_a_blank_back_in_their_colour() -> None:
    game = make_game("efb")
    lay = plan_sheets(game, SheetOptions())
    ooc = next(s for s in lay.slots if s.unit_id == "marker.ooc")
    assert ooc.back_face == "__blank__"
    pages = render_sheet_pages(game, SheetOptions(marks="none"), workers=1, layout=lay)
    cx, cy = (ooc.back_box[0] + ooc.back_box[2]) // 2, (ooc.back_box[1] + ooc.back_box[3]) // 2
    assert pages[1].getpixel((cx, cy)) == (0xF0, 0xD0, 0x00)


def test_page_text_names_game_sheet_and_page(monkeypatch) -> None:
    seen: list[str] = []
    real = printing.page_label

    def spy(img, text, *a, **k):
        seen.append(text)
        return real(img, text, *a, **k)

    monkeypatch.setattr(printing, "page_label", spy)
    pages = render_sheet_pages(probe_game(75), SheetOptions(size="1in", marks="none"), workers=1)
    assert len(seen) == len(pages) == 4
    assert "Fixture XYZ" in seen[0] and "sheet 1 of 2" in seen[0] and "fronts" in seen[0] and "page 1 of 4" in seen[0]
    assert "sheet 2 of 2" in seen[3] and "backs" in seen[3] and "mirrored" in seen[3] and "page 4 of 4" in seen[3]
    bottom = pages[0].crop((0, pages[0].height - 150, pages[0].width, pages[0].height))
    assert ImageChops.invert(bottom.convert("L")).getbbox() is not None  # the label is actually drawn


@pytest.mark.parametrize("marks", ["cut", "crop"])
def test_marks_draw_outside_or_on_counter_edges_only(marks: str) -> None:
    game = probe_game(4)
    plain = render_sheet_pages(game, SheetOptions(marks="none"), workers=1)[0]
    marked = render_sheet_pages(game, SheetOptions(marks=marks), workers=1)[0]
    lay = plan_sheets(game, SheetOptions())
    diff = ImageChops.difference(plain, marked).convert("L").point(lambda v: 255 if v else 0)
    assert diff.getbbox() is not None
    for s in lay.slots:  # the inside of every counter (one pixel in from its edge) is untouched
        x0, y0, x1, y1 = s.front_box
        assert diff.crop((x0 + 1, y0 + 1, x1 - 1, y1 - 1)).getbbox() is None


def test_pdf_pages_have_the_paper_size_and_counters_at_physical_size(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    game = probe_game(6)
    write_sheet_pdf(game, out, SheetOptions(size="5/8in", paper="a4", marks="none"), workers=1)
    data = out.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert len(boxes) == 2
    for box in boxes:
        w, h = float(box[2]) - float(box[0]), float(box[3]) - float(box[1])
        assert abs(w - 210 / 25.4 * 72) < 0.05 and abs(h - 297 / 25.4 * 72) < 0.05
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) not installed: raster check of the PDF not possible")
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(out), str(tmp_path / "pg")], check=True)
    page = Image.open(sorted(tmp_path.glob("pg*.png"))[0]).convert("RGB")
    assert abs(page.width - 210 / 25.4 * 300) <= 1 and abs(page.height - 297 / 25.4 * 300) <= 1
    # the PDF is vector now; a tolerance still absorbs anti-aliased edges when finding the probe colours
    x0 = find(page, _colour(0, False), tolerance=11)[0]
    x5 = find(page, _colour(5, False), tolerance=11)[0]
    assert abs((x5 - x0) - 5 * 0.625 * 300) <= 2
    # registration survives the PDF: page 2 mirrored puts each back on its front, within 1 px
    back_page = Image.open(sorted(tmp_path.glob("pg*.png"))[1]).convert("RGB")
    for i in (0, 5):
        f = find(page, _colour(i, False), tolerance=11)
        b = mirrored(find(back_page, _colour(i, True), tolerance=11), back_page.width)
        assert all(abs(p - q) <= 1 for p, q in zip(f, b, strict=True)), (i, f, b)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"size": "4in"}, "counter size"), ({"marks": "dots"}, "marks"), ({"paper": "b5"}, "paper"),
    ({"size": "1in", "margin": "4.3in"}, "does not fit"), ({"size": "big"}, "cannot read")])
def test_bad_sheet_options_are_data_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(DataError, match=message):
        plan_sheets(probe_game(1), SheetOptions(**kwargs))


def test_sheet_cli_writes_pdf_and_fails_cleanly_without_partial_output(tmp_path: Path, capsys) -> None:
    manifest = write_game(tmp_path, "efb")
    out = tmp_path / "out" / "sheet.pdf"
    args = ["sheet", "--no-validate", str(manifest), "-o", str(out), "--size", "16mm", "--paper", "a4",
            "--marks", "crop"]
    assert main(args) == 0
    assert out.read_bytes().startswith(b"%PDF")
    bad = write_game(tmp_path / "bad", "efb", counters=[{
        "id": "bad", "kind": "unit", "side": "german", "class": "maneuver", "symbol": {"types": ["laser"]},
        "faces": {"front": {"kind": "values", "values": {}}}}])
    out2 = tmp_path / "out" / "bad.pdf"
    assert main(["sheet", "--no-validate", str(bad), "-o", str(out2)]) == 1
    err = capsys.readouterr().err
    assert "laser" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out2.exists() and not list(out2.parent.glob(".bad.pdf*"))


def test_options_come_from_the_manifest_print_section_then_the_command_line() -> None:
    manifest = {"print": {"counter_size": "16mm", "paper": "a4", "dpi": 600, "margin": "10mm", "bleed": "0.5mm"}}
    opts = SheetOptions.from_manifest(manifest, size=None, dpi=None, marks="crop")
    assert (opts.size, opts.paper, opts.dpi, opts.margin, opts.bleed, opts.marks) == \
        ("16mm", "a4", 600, "10mm", "0.5mm", "crop")
    assert SheetOptions.from_manifest(manifest, size="1in").size == "1in"
    assert SheetOptions.from_manifest({}) == SheetOptions()
    lay = plan_sheets(probe_game(1), opts)
    assert lay.counter_px == round(16 / 25.4 * 600) and lay.bleed_px == round(0.5 / 25.4 * 600)
    assert abs(lay.pitch_px - 17 / 25.4 * 600) < 1e-6  # 16 mm counter + 2 x 0.5 mm bleed


def test_page_text_never_overlaps_the_counters_even_with_a_tiny_margin() -> None:
    game = probe_game(100, counts=[4] * 100)  # 400 counters: more than a page
    opts = SheetOptions(size="16mm", margin="0.1in", marks="none")
    lay = plan_sheets(game, opts)
    pages = render_sheet_pages(game, opts, workers=1, layout=lay)
    lowest = max(s.front_box[3] for s in lay.slots if s.sheet == 0)
    below = pages[0].crop((0, lowest, pages[0].width, pages[0].height))
    text = ImageChops.invert(below.convert("L")).getbbox()
    assert text is not None  # the label is there, below every counter
    assert pages[0].height - lowest >= 0.25 * 300 - 1


def test_crop_marks_line_up_with_the_counter_edges() -> None:
    game = probe_game(3)
    lay = plan_sheets(game, SheetOptions(marks="crop"))
    page = render_sheet_pages(game, SheetOptions(marks="crop"), workers=1, layout=lay)[0]
    first = lay.slots[0].front_box
    above = first[1] - round(0.04 * 300) - 5  # inside the mark, above the gap
    last = lay.slots[-1].front_box  # the row's right end: its mark is on the counter's last pixel column
    for x in (first[0], lay.slots[1].front_box[0], last[2] - 1):
        assert page.getpixel((x, above)) == (0, 0, 0), x
    assert page.getpixel(((first[0] + first[2]) // 2, above)) == (255, 255, 255)  # nothing between edges
    assert page.getpixel((first[0] - round(0.04 * 300) - 5, first[1])) == (0, 0, 0)  # left margin, top edge


def test_a_long_title_is_shortened_so_the_page_text_fits_the_page() -> None:
    game = probe_game(2)
    game.manifest["title"] = "Conflict of Heroes: Storms of Steel - Kursk 1943 (a very long sample firefight title)"
    page = render_sheet_pages(game, SheetOptions(size="1in", marks="none"), workers=1)[1]
    band = page.crop((0, page.height - 150, page.width, page.height)).convert("L")
    ink = ImageChops.invert(band).getbbox()
    assert ink is not None and ink[0] > 0.02 * page.width and ink[2] < 0.98 * page.width


@pytest.mark.parametrize(("counts", "message"), [([0, 0], "no counters to print"), ([1, -2], "count must be"),
                                                 ([1, "3"], "count must be")])
def test_bad_or_empty_counts_are_data_errors(counts: list, message: str) -> None:
    with pytest.raises(DataError, match=message):
        render_sheet_pages(probe_game(2, counts=counts), SheetOptions(), workers=1)
