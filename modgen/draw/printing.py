"""Physical-page helpers shared by map tiles and counter sheets.

Small API (all lengths accept ``"5/8in"``, ``"16mm"``, ``"1.5cm"``, ``"12pt"``, ``"0.5in"`` or a number of inches):

* :func:`parse_length` → inches; :func:`length_px` → pixels at a dpi.
* :func:`paper_size` → (width, height) in inches for ``letter``/``a4`` (optionally landscape).
* :func:`new_page` → a white Pillow page of that paper at a dpi.
* :func:`save_pdf` → a multi-page PDF whose MediaBox is exactly the paper size (written atomically).
* :func:`crop_marks`, :func:`registration_mark`, :func:`page_label` → marks drawn onto a page.
* :func:`plan_tiles` / :func:`tile_pages` → cut a big image into overlapping page-sized tiles with alignment marks.

Pillow's PDF writer sets each page's MediaBox to ``pixels * 72 / dpi`` points; :func:`save_pdf` passes a per-axis
dpi computed from the page's physical size, so A4 (not a whole number of pixels at 300 dpi) is still exact.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from modgen import limits
from modgen.atomic import atomic_path
from modgen.data.jsonio import short
from modgen.draw import vector
from modgen.errors import DataError

MM_PER_IN = 25.4
#: Every paper the manifest schema allows (game.schema.json print.paper): US sizes in inches, ISO sizes in mm.
PAPER_SIZES_IN: dict[str, tuple[float, float]] = {
    "letter": (8.5, 11.0),
    "a4": (210 / MM_PER_IN, 297 / MM_PER_IN),
    "legal": (8.5, 14.0),
    "a3": (297 / MM_PER_IN, 420 / MM_PER_IN),
    "tabloid": (11.0, 17.0),
}
_UNITS = {"in": 1.0, "mm": 1 / MM_PER_IN, "cm": 10 / MM_PER_IN, "pt": 1 / 72}
_LENGTH_RE = re.compile(
    r"^\s*(?:(?P<whole>\d+)\s+(?=\d+\s*/))?(?:(?P<n>\d+)\s*/\s*(?P<d>\d+)|(?P<dec>\d+(?:\.\d*)?|\.\d+))"
    r"\s*(?P<unit>in|mm|cm|pt|\")\s*$")
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
#: Largest image modgen draws by default, in pixels: the ``image_mpx`` limit's default (the limit in force, which
#: ``--limit image_mpx=N`` may raise, is what :func:`check_image_size` applies).
MAX_IMAGE_PIXELS = limits.LIMITS["image_mpx"].default * 1_000_000

Length = str | float | int


def parse_length(value: Length, what: str = "length") -> float:
    """Parse a physical length into inches: ``"5/8in"``, ``"1 1/4in"``, ``"16mm"``, ``"1.5cm"``, ``"12pt"``, ``0.5``.

    Bare numbers are inches. A DataError names ``what`` and the bad value; negative lengths are refused.
    """
    if isinstance(value, bool):
        raise DataError(f"{what}: expected a length like '16mm' or '0.5in', got {value!r}")
    if isinstance(value, int | float):
        if not math.isfinite(value) or value < 0:
            raise DataError(f"{what}: expected a non-negative length, got {value!r}")
        return float(value)
    if not isinstance(value, str):
        raise DataError(f"{what}: expected a length like '16mm' or '0.5in', got {value!r}")
    shown = short(value)
    m = _LENGTH_RE.match(value.lower())
    if not m:
        raise DataError(f"{what}: cannot read {shown} as a length (use e.g. '16mm', '5/8in', '0.5in', '1.5cm')")
    unit = "in" if m.group("unit") == '"' else m.group("unit")
    try:
        if m.group("dec") is not None:
            amount = Fraction(m.group("dec"))
        else:
            if int(m.group("d")) == 0:
                raise DataError(f"{what}: cannot read {shown} as a length (division by zero)")
            amount = Fraction(int(m.group("whole") or 0)) + Fraction(int(m.group("n")), int(m.group("d")))
        return float(amount) * _UNITS[unit]
    except (ValueError, OverflowError):  # thousands of digits: past int()'s limit, or past the largest float
        raise DataError(f"{what}: cannot read {shown} as a length (the number is too large)") from None


def length_px(value: Length, dpi: float, what: str = "length") -> float:
    """A length in pixels at ``dpi`` (not rounded)."""
    return parse_length(value, what) * dpi


def paper_size(paper: str | tuple[float, float], landscape: bool = False) -> tuple[float, float]:
    """Paper (width, height) in inches: a name in :data:`PAPER_SIZES_IN`, or an explicit (w, h) in inches."""
    if isinstance(paper, tuple):
        w, h = paper
    else:
        try:
            w, h = PAPER_SIZES_IN[str(paper).lower()]
        except KeyError:
            raise DataError(f"paper {paper!r}: use one of {', '.join(PAPER_SIZES_IN)}") from None
    return (h, w) if landscape else (w, h)


def page_px(paper: str | tuple[float, float], dpi: float, landscape: bool = False) -> tuple[int, int]:
    """Pixel size of a page (rounded to whole pixels)."""
    w, h = paper_size(paper, landscape)
    return round(w * dpi), round(h * dpi)


def new_page(paper: str | tuple[float, float], dpi: float, landscape: bool = False,
             color: str = "white") -> Image.Image:
    """A blank RGB page of the given paper at ``dpi``."""
    return new_image(page_px(paper, dpi, landscape), color, f"a {paper} page at {dpi:g} dpi")


def save_pdf(pages: Sequence[Image.Image], out: str | os.PathLike[str],
             page_size_in: str | tuple[float, float], landscape: bool = False, quality: int = 90) -> None:
    """Write ``pages`` as one PDF whose every page is exactly ``page_size_in`` (paper name or inches), atomically.

    The page images' pixel size sets the raster resolution; each page's dpi is derived per axis so the MediaBox is
    the exact physical size (612×792 pt for Letter, 595.28×841.89 pt for A4). Pillow stores RGB pages as JPEG;
    ``quality`` (Pillow's default is 75) keeps small print and thin lines free of visible artefacts.
    """
    if not pages:
        raise DataError(f"{out}: nothing to print (no pages)")
    w_in, h_in = paper_size(page_size_in, landscape)
    rgb = [p if p.mode == "RGB" else p.convert("RGB") for p in pages]
    for p in rgb:
        ratio = (p.width / w_in) / (p.height / h_in)
        if abs(ratio - 1) > 0.01:
            raise ValueError(f"page image {p.size} does not have the aspect of a {w_in:.3f}x{h_in:.3f} in page")
    first = rgb[0]
    dpi = (first.width / w_in, first.height / h_in)
    with atomic_path(out) as tmp:
        first.save(tmp, "PDF", dpi=dpi, save_all=True, append_images=rgb[1:], title=os.path.basename(str(out)),
                   quality=quality)


def check_image_size(size: tuple[int, int], what: str) -> None:
    """A DataError naming ``what`` if an image of ``size`` would exceed the ``image_mpx`` limit (checked before
    anything is allocated)."""
    w, h = size
    cap = limits.get("image_mpx")
    if w * h > cap * 1_000_000:
        raise DataError(f"{what}: the image would be {w}x{h} px ({w * h / 1e6:.0f} megapixels, over the image_mpx "
                        f"limit of {cap:,}); use a smaller scale (hex px, px per inch or dpi), or raise the limit with "
                        f"--limit image_mpx=N or {limits.LIMITS['image_mpx'].env}=N if the input is genuine")


def check_pages(count: int, size: tuple[int, int], what: str) -> None:
    """Before rendering ``count`` pages of ``size`` px (all held in memory until the PDF is written): each within
    ``image_mpx``, all together within ``print_mpx``; a LimitError naming ``what`` otherwise."""
    check_image_size(size, f"{what}: a page")
    total = count * size[0] * size[1]
    limits.check("print_mpx", math.ceil(total / 1_000_000), what,
                 f"{count:,} pages of {size[0]}x{size[1]} px, {total / 1e6:,.0f} megapixels")


def new_image(size: tuple[int, int], color: Any, what: str, mode: str = "RGB") -> Image.Image:
    """``Image.new(mode, size, color)`` after :func:`check_image_size`."""
    check_image_size(size, what)
    return Image.new(mode, size, color)


# --- fonts and marks ---------------------------------------------------------------------------------------------

#: The largest glyph FreeType draws, in pixels (a bigger size is its "invalid pixel size").
MAX_FONT_PX = 65_535


def font(size_px: float, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans at ``size_px`` pixels, or Pillow's default font when DejaVu is not installed (one shared font
    object per pixel size: callers only draw and measure with it). Text taller than :data:`MAX_FONT_PX` is a
    DataError: only an absurd scale asks for it."""
    size = max(1, round(size_px))
    if size > MAX_FONT_PX:
        raise DataError(f"text {size:,} px high cannot be drawn (fonts stop at {MAX_FONT_PX:,} px): use a smaller "
                        "scale (hex size, px per hex or per inch, dpi)")
    return _font(size, bool(bold))


@lru_cache(maxsize=512)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Opening a face costs as much as drawing a label with it; a map asks for the same few sizes thousands of times.
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(os.path.join(FONT_DIR, name), size)
    except OSError:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            return ImageFont.load_default(size)


def crop_marks(img: Image.Image, box: tuple[float, float, float, float], dpi: float,
               length: Length = "0.15in", gap: Length = "0.04in", color: str = "black") -> None:
    """Draw corner crop marks just outside ``box`` (x0, y0, x1, y1 in px): two short lines per corner."""
    draw_crop_marks(ImageDraw.Draw(img), box, dpi, length, gap, color)


def registration_mark(img: Image.Image, x: float, y: float, dpi: float, size: Length = "0.2in",
                      color: str = "black") -> None:
    """Draw a registration target (circle and cross) centred on (x, y) px, for lining up overlapping tiles."""
    d = ImageDraw.Draw(img)
    r = length_px(size, dpi) / 2
    w = max(1, round(dpi / 150))
    d.ellipse([x - r / 2, y - r / 2, x + r / 2, y + r / 2], outline=color, width=w)
    d.line([(x - r, y), (x + r, y)], fill=color, width=w)
    d.line([(x, y - r), (x, y + r)], fill=color, width=w)


def page_label(img: Image.Image, text: str, dpi: float, margin: Length = "0.5in", color: str = "black") -> None:
    """Write a small label centred in the bottom margin of a page."""
    draw_page_label(ImageDraw.Draw(img), img.size, text, dpi, margin, color)


def draw_page_label(d: Any, size: tuple[float, float], text: str, dpi: float, margin: Length = "0.5in",
                    color: str = "black") -> None:
    """:func:`page_label` through any drawing object (a Pillow ``ImageDraw`` or a vector ``PdfDraw``)."""
    f = font(dpi * 0.11)
    m = length_px(margin, dpi)
    d.text((size[0] / 2, size[1] - m / 2), text, fill=color, font=f, anchor="mm")


# --- tiling ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tile:
    """One page's share of a large image: 0-based grid position and the source box (x0, y0, x1, y1) in px."""

    row: int
    col: int
    rows: int
    cols: int
    box: tuple[int, int, int, int]

    @property
    def name(self) -> str:
        """Human page label: row/column, 1-based (e.g. "row 1 col 2 of 2x3")."""
        return f"row {self.row + 1} col {self.col + 1} of {self.rows}x{self.cols}"


def _count(total: int, area: int, overlap: int) -> int:
    """How many tiles of ``area`` px, overlapping by ``overlap``, cover ``total`` px (computed, not listed)."""
    return 1 if total <= area else math.ceil((total - overlap) / (area - overlap))


def _starts(total: int, area: int, overlap: int) -> list[int]:
    return [min(i * (area - overlap), total - area) for i in range(_count(total, area, overlap))] if total > area \
        else [0]


def _check_overlap(area_w: int, area_h: int, overlap: int) -> None:
    if overlap * 2 >= min(area_w, area_h):
        raise DataError(f"overlap of {overlap} px is too large for a printable area of {area_w}x{area_h} px")


def plan_tiles(src_w: int, src_h: int, area_w: int, area_h: int, overlap: int) -> list[Tile]:
    """Cover a ``src_w``×``src_h`` image with tiles of at most ``area_w``×``area_h`` px overlapping by ``overlap`` px.

    Tiles advance by ``area - overlap``; the last tile in each direction is pulled back to end at the image edge
    (so it overlaps its neighbour by at least ``overlap``). Row-major order.
    """
    _check_overlap(area_w, area_h, overlap)
    xs, ys = _starts(src_w, area_w, overlap), _starts(src_h, area_h, overlap)
    tiles = []
    for r, y in enumerate(ys):
        for c, x in enumerate(xs):
            tiles.append(Tile(r, c, len(ys), len(xs), (x, y, min(x + area_w, src_w), min(y + area_h, src_h))))
    return tiles


def choose_tiles(width: int, height: int, dpi: float, paper: str, margin: Length, overlap: Length,
                 orientation: str = "auto", what: str = "print") -> tuple[list[Tile], bool]:
    """Tiles covering a ``width``×``height`` px picture at ``dpi`` on ``paper``, and whether pages are landscape.

    ``orientation``: ``portrait``, ``landscape`` or ``auto`` (whichever needs fewer pages; portrait on ties). The
    pages are counted before any is planned: more than the ``print_pages`` limit is a LimitError naming ``what``.
    """
    m = length_px(margin, dpi, "margin")
    ov = round(length_px(overlap, dpi, "overlap"))
    options = {"portrait": [False], "landscape": [True], "auto": [False, True]}.get(orientation)
    if options is None:
        raise DataError(f"orientation {orientation!r}: use portrait, landscape or auto")
    best: tuple[int, bool, int, int] | None = None
    for land in options:
        pw, ph = page_px(paper, dpi, land)
        aw, ah = math.floor(pw - 2 * m), math.floor(ph - 2 * m)
        if aw < 1 or ah < 1:
            raise DataError(f"margin {margin!r} leaves no printable area on {paper}")
        _check_overlap(aw, ah, ov)
        count = _count(width, aw, ov) * _count(height, ah, ov)
        if best is None or count < best[0]:
            best = (count, land, aw, ah)
    assert best is not None
    count, land, aw, ah = best
    limits.check("print_pages", count, what, f"{count:,} {paper} pages")
    return plan_tiles(width, height, aw, ah, ov), land


def tile_pages(img: Image.Image, dpi: float, paper: str = "letter", margin: Length = "0.5in",
               overlap: Length = "0.5in", title: str = "", orientation: str = "auto",
               marks: bool = True) -> tuple[list[Image.Image], list[Tile], bool]:
    """Cut ``img`` (already at ``dpi``) into page images with margins, overlap, alignment marks and page labels.

    ``orientation``: ``portrait``, ``landscape`` or ``auto`` (whichever needs fewer pages; portrait on ties).
    Returns (pages, tiles, landscape). The source image is never scaled, so physical size is preserved.
    """
    what = f"{title or 'map'}: {paper} at {dpi:g} dpi"
    tiles, land = choose_tiles(img.width, img.height, dpi, paper, margin, overlap, orientation, what)
    m = length_px(margin, dpi, "margin")
    check_pages(len(tiles), page_px(paper, dpi, land), what)
    pages = []
    for t in tiles:
        page = new_page(paper, dpi, land)
        x0, y0, x1, y1 = t.box
        ox, oy = round(m), round(m)
        page.paste(img.crop(t.box), (ox, oy))
        if marks:
            crop_marks(page, (ox, oy, ox + x1 - x0, oy + y1 - y0), dpi)
            _overlap_marks(page, t, tiles, ox, oy, dpi)
        label = f"{title} — " if title else ""
        page_label(page, f"{label}page {tiles.index(t) + 1}/{len(tiles)}, {t.name}", dpi, margin)
        pages.append(page)
    return pages, tiles, land


def _overlap_marks(page: Image.Image, t: Tile, tiles: list[Tile], ox: int, oy: int, dpi: float) -> None:
    """Registration targets at image positions shared with the neighbouring tiles (same spot on both pages)."""
    x0, y0, x1, y1 = t.box
    by_pos = {(u.row, u.col): u for u in tiles}
    spots: set[tuple[float, float]] = set()
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        u = by_pos.get((t.row + dr, t.col + dc))
        if u is None:
            continue
        ix0, iy0 = max(x0, u.box[0]), max(y0, u.box[1])
        ix1, iy1 = min(x1, u.box[2]), min(y1, u.box[3])
        if ix1 <= ix0 or iy1 <= iy0:
            continue
        if dc:  # vertical overlap strip: targets at its middle, a quarter and three quarters down
            cx = (ix0 + ix1) / 2
            spots.update((cx, iy0 + f * (iy1 - iy0)) for f in (0.25, 0.75))
        else:
            cy = (iy0 + iy1) / 2
            spots.update((ix0 + f * (ix1 - ix0), cy) for f in (0.25, 0.75))
    for sx, sy in spots:
        registration_mark(page, ox + sx - x0, oy + sy - y0, dpi)


# --- vector tiling -----------------------------------------------------------------------------------------------

def write_tiled_pdf(out: str | os.PathLike[str], size_px: tuple[int, int], dpi: float, paint: Any, *,
                    paper: str = "letter", margin: Length = "0.5in", overlap: Length = "0.5in", title: str = "",
                    orientation: str = "auto", legend: tuple[float, Any] | None = None) -> tuple[list[Tile], bool]:
    """Print a picture drawn by ``paint(d)`` (a :class:`~modgen.draw.vector.PdfDraw`, in px at ``dpi``) at physical
    size, tiled over ``paper`` pages as vector PDF; written atomically. Returns (tiles, landscape).

    The picture is drawn once (a PDF form) and shown through each page's window, so the file does not grow with the
    page count. Crop marks sit outside each window's corners; registration targets for lining up the overlap lie in
    the margins, on the overlap strip's centre line (never on the map). ``legend`` = (height px, paint) prints the
    legend on a page of its own after the tiles (scaled down only if it would not fit), never cut by a tile edge.
    """
    w, h = size_px
    tiles, land = choose_tiles(w, h, dpi, paper, margin, overlap, orientation,
                               f"{title or os.path.basename(str(out))}: {paper} at {dpi:g} dpi")
    pw_in, ph_in = paper_size(paper, land)
    page_w, page_h = pw_in * dpi, ph_in * dpi
    s = 72.0 / dpi
    m = length_px(margin, dpi, "margin")
    with atomic_path(out) as tmp:
        c = vector.new_canvas(str(tmp), (pw_in * 72, ph_in * 72), title=title or os.path.basename(str(out)))
        c.beginForm("picture", 0, -h * s, w * s, 0)
        d = vector.PdfDraw(c, dpi, page_height=0)
        paint(d)
        d.close()
        c.endForm()
        total = len(tiles) + (1 if legend else 0)
        for i, t in enumerate(tiles):
            x0, y0, x1, y1 = t.box
            c.saveState()
            p = c.beginPath()
            p.rect(m * s, (page_h - m - (y1 - y0)) * s, (x1 - x0) * s, (y1 - y0) * s)
            c.clipPath(p, stroke=0, fill=0)
            c.translate((m - x0) * s, (page_h - m + y0) * s)
            c.doForm("picture")
            c.restoreState()
            d = vector.PdfDraw(c, dpi)
            draw_crop_marks(d, (m, m, m + x1 - x0, m + y1 - y0), dpi)
            _margin_targets(d, t, tiles, m, dpi)
            label = f"{title} — " if title else ""
            draw_page_label(d, (page_w, page_h), f"{label}page {i + 1}/{total}, {t.name}", dpi, margin)
            d.close()
            c.showPage()
        if legend:
            lh, paint_legend = legend
            k = min(1.0, (page_h - 2 * m) / lh) if lh > 0 else 1.0
            d = vector.PdfDraw(c, dpi)
            with d.scaled(1 / k, origin=(m, m)):
                paint_legend(d, (page_w - 2 * m) / k)
            label = f"{title} — " if title else ""
            draw_page_label(d, (page_w, page_h), f"{label}page {total}/{total}, legend", dpi, margin)
            d.close()
            c.showPage()
        c.save()
    return tiles, land


def draw_crop_marks(d: Any, box: tuple[float, float, float, float], dpi: float, length: Length = "0.15in",
                    gap: Length = "0.04in", color: str = "black") -> None:
    """:func:`crop_marks` through any drawing object."""
    ln, gp = length_px(length, dpi), length_px(gap, dpi)
    w = max(1, round(dpi / 150))
    x0, y0, x1, y1 = box
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            d.line([(x + sx * gp, y), (x + sx * (gp + ln), y)], fill=color, width=w)
            d.line([(x, y + sy * gp), (x, y + sy * (gp + ln))], fill=color, width=w)


def _margin_targets(d: Any, t: Tile, tiles: list[Tile], m: float, dpi: float) -> None:
    """Registration targets in the margins, on the centre line of each overlap strip shared with a neighbour: the
    same map line on both pages, so lining the targets up lines the tiles up."""
    x0, y0, x1, y1 = t.box
    by_pos = {(u.row, u.col): u for u in tiles}
    r = length_px("0.1in", dpi)
    w = max(1, round(dpi / 150))
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        u = by_pos.get((t.row + dr, t.col + dc))
        if u is None:
            continue
        ix0, iy0, ix1, iy1 = max(x0, u.box[0]), max(y0, u.box[1]), min(x1, u.box[2]), min(y1, u.box[3])
        if ix1 <= ix0 or iy1 <= iy0:
            continue
        if dc:  # side by side: the strip is vertical; targets above and below the window
            cx = m + (ix0 + ix1) / 2 - x0
            spots = [(cx, m - r * 2.2), (cx, m + (y1 - y0) + r * 2.2)]
        else:
            cy = m + (iy0 + iy1) / 2 - y0
            spots = [(m - r * 2.2, cy), (m + (x1 - x0) + r * 2.2, cy)]
        for sx, sy in spots:
            d.ellipse((sx - r / 2, sy - r / 2, sx + r / 2, sy + r / 2), outline="black", width=w)
            d.line([(sx - r, sy), (sx + r, sy)], fill="black", width=w)
            d.line([(sx, sy - r), (sx, sy + r)], fill="black", width=w)
