"""Print-ready counter sheets: counters at exact physical size, fronts on one page, backs mirrored on the next.

For long-edge duplex printing the back page is the front page mirrored left-right: the counter printed at
``x`` on the front (``w`` wide, on a page ``W`` wide) has its back at ``W - x - w`` on the next page, same ``y``.
Positions are computed in exact (fractional) pixels from the physical pitch and rounded once per counter, so
no error accumulates along a row; a back is always the exact pixel mirror of its front.

Paper sizes, length parsing, marks, labels and the PDF writer are :mod:`modgen.draw.printing`'s.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from modgen import limits
from modgen.atomic import atomic_path
from modgen.draw import printing, vector
from modgen.draw.counter_export import BLANK_FACE, render_images
from modgen.draw.counterdraw import draw_plan_vector
from modgen.draw.counters import faces_of, plan_face, with_blank_face
from modgen.errors import DataError

MARKS = ("cut", "crop", "none")


@dataclass(frozen=True)
class SheetOptions:
    """Physical settings of a counter sheet (lengths as ``printing.parse_length`` reads them)."""

    size: str | float = "5/8in"
    dpi: int = 300
    paper: str = "letter"
    margin: str | float = "0.5in"
    bleed: str | float = "0in"
    marks: str = "cut"
    orientation: str = "portrait"  # portrait, landscape, or auto (whichever holds more counters per page)

    @classmethod
    def from_manifest(cls, manifest: dict[str, Any], **overrides: Any) -> SheetOptions:
        """Options from the manifest's ``print`` section, then the non-None ``overrides``."""
        p = manifest.get("print") or {}
        base = {"size": p.get("counter_size", cls.size), "dpi": p.get("dpi", cls.dpi),
                "paper": p.get("paper", cls.paper), "margin": p.get("margin", cls.margin),
                "bleed": p.get("bleed", cls.bleed), "orientation": p.get("orientation", cls.orientation)}
        base.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**base)


@dataclass(frozen=True)
class Slot:
    """One printed counter: which unit and faces, and where (integer pixel box) on its front and back pages."""

    unit_id: str
    copy: int
    front_face: str
    back_face: str
    sheet: int
    front_box: tuple[int, int, int, int]
    back_box: tuple[int, int, int, int]


@dataclass
class SheetLayout:
    """The grid of a sheet: how many counters fit and where each slot goes."""

    options: SheetOptions
    page_px: tuple[int, int]
    counter_px: int
    pitch_px: float
    bleed_px: int
    cols: int
    rows: int
    origin: tuple[float, float]  # exact top-left of the first counter (inside its bleed)
    slots: list[Slot] = field(default_factory=list)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def sheets(self) -> int:
        return max(1, math.ceil(len(self.slots) / self.per_page)) if self.slots else 0


def sheet_faces(unit: dict[str, Any]) -> tuple[str, str]:
    """(front face, back face) printed for a counter: ``front`` and ``back``, else the next face, else blank."""
    names = faces_of(unit)
    if "back" in names:
        return "front", "back"
    return "front", names[1] if len(names) > 1 else BLANK_FACE


ORIENTATIONS = ("portrait", "landscape", "auto")


def landscape(opts: SheetOptions) -> bool:
    """Whether the sheet pages are landscape: as asked, or for ``auto`` the orientation that holds more counters
    per page (portrait when both hold as many)."""
    if opts.orientation not in ORIENTATIONS:
        raise DataError(f"orientation {opts.orientation!r}: use one of {', '.join(ORIENTATIONS)}")
    if opts.orientation != "auto":
        return opts.orientation == "landscape"
    fits = []
    for land in (False, True):
        try:
            _, _, _, _, cols, rows, _ = _grid(opts, land)
        except DataError:
            cols = rows = 0
        fits.append(cols * rows)
    return fits[1] > fits[0]


def _grid(opts: SheetOptions, land: bool | None = None
          ) -> tuple[tuple[int, int], int, float, int, int, int, tuple[float, float]]:
    if land is None:
        land = landscape(opts)
    if isinstance(opts.dpi, bool) or not isinstance(opts.dpi, (int, float)) or not 72 <= opts.dpi <= 1200:
        raise DataError(f"dpi {opts.dpi}: use 300 or 600 (72 to 1200 accepted)")
    if opts.marks not in MARKS:
        raise DataError(f"marks {opts.marks!r}: use one of {', '.join(MARKS)}")
    size_in = printing.parse_length(opts.size, "counter size")
    if not 0.2 <= size_in <= 3:
        raise DataError(f"counter size {opts.size!r}: expected between 5mm and 3in")
    bleed_in = printing.parse_length(opts.bleed, "bleed")
    margin_in = printing.parse_length(opts.margin, "margin")
    page_w, page_h = printing.page_px(opts.paper, opts.dpi, land)
    w_in, h_in = printing.paper_size(opts.paper, land)
    pitch = (size_in + 2 * bleed_in) * opts.dpi
    # The page text goes in the bottom margin; keep at least a quarter inch there for it.
    area_w, area_h = (w_in - 2 * margin_in) * opts.dpi, (h_in - margin_in - max(margin_in, 0.25)) * opts.dpi
    cols, rows = math.floor(area_w / pitch + 1e-9), math.floor(area_h / pitch + 1e-9)
    if cols < 1 or rows < 1:
        raise DataError(f"a {opts.size} counter does not fit on {opts.paper} with margin {opts.margin}")
    bleed_px = round(bleed_in * opts.dpi)
    # Centre the block left-right (so the mirrored back block occupies the same columns), top at the margin.
    ox = (w_in * opts.dpi - cols * pitch) / 2 + bleed_in * opts.dpi
    oy = margin_in * opts.dpi + bleed_in * opts.dpi
    return (page_w, page_h), round(size_in * opts.dpi), pitch, bleed_px, cols, rows, (ox, oy)


def plan_sheets(game: Any, opts: SheetOptions) -> SheetLayout:
    """Where every copy of every counter goes: ``count`` copies each (default 1), row by row, page by page."""
    page, cpx, pitch, bleed_px, cols, rows, origin = _grid(opts)
    lay = SheetLayout(opts, page, cpx, pitch, bleed_px, cols, rows, origin)
    counts = []
    for unit in game.units:
        count = unit.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DataError(f"counter {unit.get('id')!r}: count must be a whole number >= 0, got {count!r}")
        counts.append(count)
    # every copy is a slot (and render_sheet_pages checks the pages): refuse absurd counts before allocating any
    limits.check("counter_copies", sum(counts), f"{game.path}: counters to print (the sum of every count)")
    n = 0
    for unit, count in zip(game.units, counts, strict=True):
        front, back = sheet_faces(unit)
        for copy in range(count):
            i = n % lay.per_page
            r, c = divmod(i, cols)
            x = round(origin[0] + c * pitch)
            y = round(origin[1] + r * pitch)
            fbox = (x, y, x + cpx, y + cpx)
            bx = page[0] - x - cpx  # exact pixel mirror of the front box
            lay.slots.append(Slot(unit["id"], copy, front, back, n // lay.per_page, fbox, (bx, y, bx + cpx, y + cpx)))
            n += 1
    return lay


def _with_bleed(img: Image.Image, b: int) -> Image.Image:
    """The counter with ``b`` px of bleed: its edge colours stretched outwards under the unscaled counter."""
    if b <= 0:
        return img
    out = img.resize((img.width + 2 * b, img.height + 2 * b), Image.Resampling.NEAREST)
    out.paste(img, (b, b))
    return out


def _draw_marks(d: Any, lay: SheetLayout, boxes: list[tuple[int, int, int, int]]) -> None:
    """Cut lines on the counters' edges, or crop marks in the margins in line with every edge (onto ``d``, a Pillow
    ``ImageDraw`` or a vector ``PdfDraw``)."""
    if lay.options.marks == "none" or not boxes:
        return
    w = max(1, round(lay.options.dpi / 300))
    xs = sorted({b[0] for b in boxes} | {b[2] for b in boxes})
    ys = sorted({b[1] for b in boxes} | {b[3] for b in boxes})
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if lay.options.marks == "cut":
        # Thin grey lines on every counter edge: cut along them (they touch only each counter's outermost pixel).
        for box in boxes:
            d.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline="#808080", width=w)
        return
    dpi = lay.options.dpi
    gap, length = round(0.04 * dpi), round(0.15 * dpi)
    lefts, tops = {b[0] for b in boxes}, {b[1] for b in boxes}
    for x in xs:
        xx = x if x in lefts else x - 1  # boxes are half-open: a right edge's last pixel is x - 1
        d.line([(xx, top - gap - length), (xx, top - gap)], fill="black", width=w)
        d.line([(xx, bottom + gap), (xx, bottom + gap + length)], fill="black", width=w)
    for y in ys:
        yy = y if y in tops else y - 1
        d.line([(left - gap - length, yy), (left - gap, yy)], fill="black", width=w)
        d.line([(right + gap, yy), (right + gap + length, yy)], fill="black", width=w)


def _label(title: str, sheet: int, lay: SheetLayout, side: str, page_index: int, page_w: int) -> str:
    """The page text: game, sheet, fronts/backs, page, size; a long title is shortened so the line fits the page."""
    opts = lay.options
    # backs are mirrored left-right on the page as the reader sees it: a landscape sheet turns over about its
    # short edge, which printer drivers call "flip on short edge" for a landscape document
    edge = "short" if landscape(opts) else "long"
    what = "fronts" if side == "fronts" else f"backs, mirrored for {edge}-edge duplex"
    rest = (f" — counter sheet {sheet + 1} of {lay.sheets}, {what} — page {page_index + 1} of {2 * lay.sheets}"
            f" — {opts.size} at {opts.dpi} dpi")
    f = printing.font(opts.dpi * 0.11)  # the size printing.page_label writes at
    limit = page_w * 0.94
    title = title[:300]  # no page fits more; shortening a megabyte-long title two characters at a time would hang
    text = title + rest
    while f.getlength(text) > limit and len(title) > 8:
        title = title[:-2]
        text = title.rstrip() + "…" + rest
    return text


def render_sheet_pages(game: Any, opts: SheetOptions, *, workers: int | None = None,
                       layout: SheetLayout | None = None) -> list[Image.Image]:
    """The page images: for each sheet a fronts page then its mirrored backs page."""
    lay = layout or plan_sheets(game, opts)
    if not lay.slots:
        raise DataError(f"{game.path}: no counters to print (every count is 0?)")
    printing.check_pages(2 * lay.sheets, lay.page_px, f"{game.path}: {lay.sheets:,} counter sheets of {opts.size} "
                                                      f"counters at {opts.dpi} dpi on {opts.paper}")
    wanted = sorted({(s.unit_id, s.front_face) for s in lay.slots} | {(s.unit_id, s.back_face) for s in lay.slots})
    images = {(u, f): _with_bleed(img, lay.bleed_px)
              for u, f, img in render_images(game, wanted, lay.counter_px, workers=workers)}
    pages: list[Image.Image] = []
    for sheet in range(lay.sheets):
        slots = [s for s in lay.slots if s.sheet == sheet]
        for side in ("fronts", "backs"):
            page = Image.new("RGB", lay.page_px, "white")
            boxes = []
            for s in slots:
                box = s.front_box if side == "fronts" else s.back_box
                face = s.front_face if side == "fronts" else s.back_face
                page.paste(images[(s.unit_id, face)], (box[0] - lay.bleed_px, box[1] - lay.bleed_px))
                boxes.append(box)
            _draw_marks(ImageDraw.Draw(page), lay, boxes)
            text = _label(game.title, sheet, lay, side, len(pages), page.width)
            printing.page_label(page, text, opts.dpi, opts.margin)
            pages.append(page)
    return pages


def write_sheet_pdf(game: Any, out: str | os.PathLike[str], opts: SheetOptions, *,
                    workers: int | None = None) -> SheetLayout:
    """Write the counter sheets of ``game`` to the PDF ``out`` (atomically) as vectors; returns the layout.

    Every face is drawn once as a PDF form (vector shapes, text in the embedded font) and placed at each of its
    slots, at the same pixel boxes as :func:`render_sheet_pages` uses at ``opts.dpi``: the PDF rasterised at that
    dpi matches the raster pages, backs mirrored for long-edge duplex. ``workers`` is accepted for the raster
    path's signature; vector drawing runs in this process.
    """
    lay = plan_sheets(game, opts)
    if not lay.slots:
        raise DataError(f"{game.path}: no counters to print (every count is 0?)")
    units = {u["id"]: u for u in game.units}
    wanted = sorted({(s.unit_id, s.front_face) for s in lay.slots} | {(s.unit_id, s.back_face) for s in lay.slots})
    w_pt, h_pt = (v * 72 for v in printing.paper_size(opts.paper, landscape(opts)))
    s = 72.0 / opts.dpi
    cpx, b = lay.counter_px, lay.bleed_px
    with atomic_path(out) as tmp:
        c = vector.new_canvas(str(tmp), (w_pt, h_pt), title=os.path.basename(str(out)))
        forms = {}
        for n, (uid, face) in enumerate(wanted):
            plan = plan_face(game, with_blank_face(units[uid]) if face == BLANK_FACE else units[uid], face, cpx)
            name = f"face{n}"
            c.beginForm(name, -b * s, -(cpx + b) * s, (cpx + b) * s, b * s)
            d = vector.PdfDraw(c, opts.dpi, page_height=0)
            if b:  # bleed: the face drawn larger behind itself, so its edge colours run on past the cut
                with d.clip_path("square", (-b, -b, cpx + b - 1, cpx + b - 1)):
                    draw_plan_vector(d, plan, -b, -b, (cpx + 2 * b) / cpx)
            draw_plan_vector(d, plan, 0, 0)
            d.close()
            c.endForm()
            forms[(uid, face)] = name
        page_index = 0
        for sheet in range(lay.sheets):
            slots = [sl for sl in lay.slots if sl.sheet == sheet]
            for side in ("fronts", "backs"):
                boxes = []
                for sl in slots:
                    box = sl.front_box if side == "fronts" else sl.back_box
                    c.saveState()
                    c.translate(box[0] * s, h_pt - box[1] * s)
                    c.doForm(forms[(sl.unit_id, sl.front_face if side == "fronts" else sl.back_face)])
                    c.restoreState()
                    boxes.append(box)
                d = vector.PdfDraw(c, opts.dpi)
                _draw_marks(d, lay, boxes)
                text = _label(game.title, sheet, lay, side, page_index, lay.page_px[0])
                printing.draw_page_label(d, lay.page_px, text, opts.dpi, opts.margin)
                d.close()
                c.showPage()
                page_index += 1
        c.save()
    return lay
