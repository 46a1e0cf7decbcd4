"""One drawing, two outputs: the drawing calls modgen makes (Pillow's ``ImageDraw`` vocabulary) also write vector PDF.

The renderers (counter faces, NATO symbols, maps, sheet marks) draw through an object with ``ImageDraw``'s methods
(``line``, ``polygon``, ``rectangle``, ``rounded_rectangle``, ``ellipse``, ``arc``, ``text``) in pixel coordinates,
y down, plus three of their own: :meth:`image` (a raster placed in a box), :meth:`clipped` (draw inside polygons)
and :meth:`scaled` (draw at n× the coordinates). :class:`RasterDraw` is a Pillow ``ImageDraw`` with those three;
:class:`PdfDraw` sends the same calls to a reportlab canvas as vector paths, real text in the embedded TrueType
font the Pillow ``font`` was loaded from (subsetted), and images as lossless Flate streams (never JPEG).

Pixel conventions follow Pillow so a PDF rasterised at the render's dpi matches the PNG within a pixel: a box
``(x0, y0, x1, y1)`` of a rectangle or ellipse covers pixels ``x0..x1`` inclusive, outlines lie inside it, and a
line through pixel ``x`` runs along that pixel's centre (``x + 0.5``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import reportlab.rl_config
from PIL import Image, ImageChops, ImageColor, ImageDraw, ImageFont
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from modgen.errors import DataError

# Images are Flate-compressed either way; ASCII85 on top of that only makes the PDF 25% larger.
reportlab.rl_config.useA85 = 0

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Polygon = Sequence[Point]

_FALLBACK_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
_registered: dict[str, str] = {}


def pdf_font(path: str | None) -> str:
    """The reportlab name of the TrueType font at ``path`` (registered once; embedded and subsetted on use)."""
    path = path if path and os.path.isfile(path) else _FALLBACK_FONT
    name = _registered.get(path)
    if name is None:
        name = "F" + str(len(_registered)) + "-" + os.path.splitext(os.path.basename(path))[0]
        try:
            pdfmetrics.registerFont(TTFont(name, path))
        except Exception as exc:  # reportlab's TTFError and whatever a damaged file raises while parsing
            raise DataError(f"font {path}: cannot be embedded in a PDF ({exc}); OpenType fonts with CFF "
                            "outlines cannot: use the font's TTF") from None
        _registered[path] = name
    return name


def new_canvas(out: Any, size_pt: tuple[float, float], title: str = "") -> Canvas:
    """A compressed reportlab canvas whose default font is an embedded DejaVu (never an unembedded Helvetica)."""
    name = pdf_font(_FALLBACK_FONT)
    c = Canvas(out, pagesize=size_pt, pageCompression=1, initialFontName=name, initialFontSize=10)
    if title:
        c.setTitle(title)
    c.setCreator("modgen")
    return c


def _rgb(color: Any) -> tuple[float, float, float, float] | None:
    """(r, g, b, a) in 0..1 from anything Pillow accepts as a colour; None for no colour."""
    if color is None:
        return None
    if isinstance(color, str):
        color = ImageColor.getrgb(color)
    if isinstance(color, int):
        color = (color, color, color)
    r, g, b = color[:3]
    a = color[3] if len(color) > 3 else 255
    return r / 255, g / 255, b / 255, a / 255


def _points(xy: Any) -> list[Point]:
    """Pillow's point lists: [(x, y), ...], [x0, y0, x1, y1, ...] or a flat tuple."""
    pts = list(xy)
    if pts and not isinstance(pts[0], list | tuple):
        return [(float(pts[i]), float(pts[i + 1])) for i in range(0, len(pts) - 1, 2)]
    return [(float(p[0]), float(p[1])) for p in pts]


def _ys(xy: Any) -> Any:
    """The y coordinates of Pillow's points ``xy`` (None when they are not plain points)."""
    try:
        return [p[1] for p in xy] if isinstance(xy[0], tuple | list) else xy[1::2]
    except (TypeError, IndexError, KeyError):
        return None


def _pad(k: dict[str, Any]) -> Any:
    # a wide line's caps and joins, an outline: within width of the points; 2 px more for Pillow's rounding
    return (k.get("width") or 1) + 2


def _reaches(rows: tuple[int, int], ys: Any, extra: tuple[Any, ...], k: dict[str, Any]) -> bool:
    """Can a shape with these y coordinates (and ``width`` in ``k``) touch ``rows``? True when it cannot say."""
    if extra or ys is None:  # arguments by position: not worth guessing which is the width
        return True
    pad = _pad(k)
    try:
        return min(ys) - pad < rows[1] and max(ys) + pad >= rows[0]
    except (TypeError, ValueError):
        return True


def _box(xy: Any) -> Box:
    pts = _points(xy)
    (x0, y0), (x1, y1) = pts[0], pts[1]
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def text_origin(text: str, font: Any, xy: Point, anchor: str | None) -> Point:
    """The left-baseline point where Pillow would put the glyph origin of ``text`` drawn at ``xy`` with ``anchor``."""
    anchor = anchor or "la"
    if anchor == "ls":
        return xy
    a = font.getbbox(text, anchor=anchor)
    s = font.getbbox(text, anchor="ls")
    return xy[0] + a[0] - s[0], xy[1] + a[1] - s[1]


def _runs(text: str, font: Any, name: str, size: float) -> tuple[tuple[float, str], ...]:
    """:func:`_glyph_runs`, cached (fonts are cached objects, hashed by identity): counters repeat the same few
    strings, and measuring them is the slow part."""
    try:
        return _cached_runs(text, font, name, size)
    except TypeError:  # an unhashable font-like object
        return _glyph_runs(text, font, name, size)


_cached_runs = lru_cache(maxsize=8192)(lambda text, font, name, size: _glyph_runs(text, font, name, size))


def _glyph_runs(text: str, font: Any, name: str, size: float) -> tuple[tuple[float, str], ...]:
    """``text`` cut into runs placed where Pillow places their first glyph.

    FreeType's hinted advances (the PNG) drift from the font's exact ones (the PDF) by up to a pixel every few
    glyphs; a new run starts wherever the drift would pass a third of a pixel, so the PDF's glyphs sit where the
    PNG's do and the text stays text (one run for most strings).
    """
    if not hasattr(font, "getlength") or len(text) < 2:
        return ((0.0, text),)
    runs: list[tuple[float, str]] = []
    start, x0 = 0, 0.0
    for i in range(1, len(text) + 1):
        if i == len(text):
            runs.append((x0, text[start:]))
            break
        # where Pillow puts glyph i: after the kerned pair before it (getlength of the prefix ends before the kern)
        pil = font.getlength(text[:i + 1]) - font.getlength(text[i])
        exact = x0 + pdfmetrics.stringWidth(text[start:i], name, size)
        if abs(pil - exact) > 0.33:
            runs.append((x0, text[start:i]))
            start, x0 = i, pil
    return tuple(runs)


class RasterDraw(ImageDraw.ImageDraw):
    """Pillow's ``ImageDraw`` on ``img`` plus :meth:`image`, :meth:`clipped` and :meth:`scaled`.

    ``rows`` (y0, y1): only image rows y0 <= y < y1 are wanted (one band of a board drawn in parallel). Lines,
    polygons, ellipses, rectangles and text that cannot reach them are skipped; everything else is drawn exactly as
    without ``rows``, so those rows come out the same pixel for pixel (the others are left incomplete).
    """

    def __init__(self, img: Image.Image, rows: tuple[int, int] | None = None) -> None:
        super().__init__(img)
        self.img = img
        self.rows = rows

    def _wanted(self, xy: Any, extra: tuple[Any, ...], k: dict[str, Any]) -> bool:
        """Can this shape touch the wanted rows? True when it cannot say."""
        return self.rows is None or _reaches(self.rows, _ys(xy), extra, k)

    def _text_wanted(self, xy: Any, text: Any, extra: tuple[Any, ...], k: dict[str, Any]) -> bool:
        size = getattr(k.get("font"), "size", None)
        if self.rows is None or not isinstance(text, str) or "\n" in text or not isinstance(size, int | float):
            return True
        # one line of text lies within its font size of the anchor, whatever the anchor; the halo adds its width
        return _reaches(self.rows, (xy[1] - 2 * size, xy[1] + 2 * size), extra, {"width": 2 * k.get("stroke_width", 0)})

    # each shape is tested against ``rows`` in the caller's coordinates, then drawn by Pillow at _shift(xy) (the
    # same points here; a clipped layer's own coordinates in _Offset)
    def _shift(self, xy: Any) -> Any:
        return xy

    def _at(self, xy: Any) -> Any:
        return xy

    def line(self, xy: Any, *a: Any, **k: Any) -> None:  # type: ignore[override]
        if self._wanted(xy, a, k):
            ImageDraw.ImageDraw.line(self, self._shift(xy), *a, **k)

    def polygon(self, xy: Any, *a: Any, **k: Any) -> None:  # type: ignore[override]
        if self._wanted(xy, a, k):
            ImageDraw.ImageDraw.polygon(self, self._shift(xy), *a, **k)

    def ellipse(self, xy: Any, *a: Any, **k: Any) -> None:  # type: ignore[override]
        if self._wanted(xy, a, k):
            ImageDraw.ImageDraw.ellipse(self, self._shift(xy), *a, **k)

    def rectangle(self, xy: Any, *a: Any, **k: Any) -> None:  # type: ignore[override]
        if self._wanted(xy, a, k):
            ImageDraw.ImageDraw.rectangle(self, self._shift(xy), *a, **k)

    def text(self, xy: Any, text: Any, *a: Any, **k: Any) -> None:  # type: ignore[override]
        if self._text_wanted(xy, text, a, k):
            ImageDraw.ImageDraw.text(self, self._at(xy), text, *a, **k)

    def image(self, im: Image.Image, box: Box) -> None:
        """Paste ``im`` (scaled to fit) into ``box``, using its alpha if it has one."""
        w, h = max(1, round(box[2] - box[0])), max(1, round(box[3] - box[1]))
        if im.size != (w, h):
            im = im.resize((w, h), Image.Resampling.LANCZOS)
        self.img.paste(im, (round(box[0]), round(box[1])), im if im.mode == "RGBA" else None)

    @contextmanager
    def clipped(self, polygons: Sequence[Polygon], bounds: Box | None = None) -> Iterator[Any]:
        """Draw into a transparent layer, then keep only what lies inside ``polygons`` (within ``bounds`` px)."""
        x0, y0, x1, y1 = bounds or (0, 0, self.img.width, self.img.height)
        x0, y0 = max(0, math.floor(x0)), max(0, math.floor(y0))
        x1, y1 = min(self.img.width, math.ceil(x1)), min(self.img.height, math.ceil(y1))
        if x1 <= x0 or y1 <= y0:
            yield RasterDraw(Image.new("RGBA", (1, 1)))
            return
        if self.rows is None:
            layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
            yield _Offset(layer, x0, y0)
            self._paste(layer, (x0, y0), polygons, (y0, y1))
            return
        # a band: the calls are recorded first, so the layer need only span the band's rows and what the shapes
        # reaching them cover above (see _Calls)
        calls = _Calls(self.rows)
        yield calls
        polygons = [p for p in polygons if _reaches(self.rows, [y for _x, y in p], (), {})]
        if not calls.calls or not polygons:
            return  # a transparent layer, or an empty mask: nothing to paste
        top = min(calls.top, *(min(y for _x, y in p) - _pad({}) for p in polygons))
        origin = max(y0, min(self.rows[0], math.floor(top))) if math.isfinite(top) else y0
        bottom = min(y1, self.rows[1])
        if bottom <= max(origin, self.rows[0]):
            return
        layer = Image.new("RGBA", (x1 - x0, bottom - origin), (0, 0, 0, 0))
        d = _Offset(layer, x0, origin)  # the shapes recorded are those that reach the rows: no second test
        for name, a, k in calls.calls:
            getattr(d, name)(*a, **k)
        self._paste(layer, (x0, origin), polygons, (max(origin, self.rows[0]), bottom))

    def _paste(self, layer: Image.Image, at: tuple[int, int], polygons: Sequence[Polygon],
               rows: tuple[int, int]) -> None:
        """Paste rows ``rows`` of ``layer`` (whose pixel (0, 0) is this image's ``at``) inside ``polygons``."""
        x0, y0 = at
        mask = Image.new("L", layer.size, 0)
        md = ImageDraw.Draw(mask)
        for poly in polygons:
            md.polygon([(x - x0, y - y0) for x, y in poly], fill=255)
        top, bottom = rows if self.rows is None else (max(rows[0], self.rows[0]), min(rows[1], self.rows[1]))
        if bottom <= top:
            return
        if (top - y0) + (y0 + layer.height - bottom) > bottom - top:
            # mostly rows that are not wanted: paste the wanted ones only (pasting is per pixel, so they come out the
            # same); a few more rows cost less to paste than the copy that cutting them off takes
            box = (0, top - y0, layer.width, bottom - y0)
            layer, mask = layer.crop(box), mask.crop(box)
        else:
            top = y0
        # the layer's own alpha cut to the polygons is the paste mask: the mask is 0 or 255 (no anti-aliasing), so the
        # darker of the two is exactly "alpha inside, 0 outside", in a quarter of Image.composite's time
        self.img.paste(layer, (x0, top), ImageChops.darker(layer.getchannel("A"), mask))

    @contextmanager
    def scaled(self, factor: float) -> Iterator[Any]:  # pragma: no cover - raster callers supersample instead
        raise NotImplementedError("raster drawing supersamples instead of scaling")
        yield self


class _Offset(RasterDraw):
    """A RasterDraw on a layer whose pixel (0, 0) is the parent's (ox, oy): callers keep parent coordinates (and
    ``rows`` is in them too)."""

    def __init__(self, img: Image.Image, ox: int, oy: int, rows: tuple[int, int] | None = None) -> None:
        super().__init__(img, rows)
        self.ox, self.oy = ox, oy

    def _shift(self, xy: Any) -> list[Point]:
        ox, oy = self.ox, self.oy
        if xy and isinstance(xy[0], tuple | list):  # the usual [(x, y), ...]: as _points would read it, in one pass
            return [(float(p[0]) - ox, float(p[1]) - oy) for p in xy]
        if len(xy) == 4:  # a box [x0, y0, x1, y1] (every tree and dot of a pattern): the same floats, no loop
            return [(float(xy[0]) - ox, float(xy[1]) - oy), (float(xy[2]) - ox, float(xy[3]) - oy)]
        return [(x - ox, y - oy) for x, y in _points(xy)]

    def _at(self, xy: Any) -> Any:
        return xy[0] - self.ox, xy[1] - self.oy


class _Calls:
    """A band's clipped layer before it exists: records the drawing calls that can reach the band's ``rows``, and
    ``top``, the highest row the recorded shapes can touch, so the layer can start there instead of at the top of
    its bounds.

    Pillow draws a line (without curved joints), polygon, ellipse or rectangle the same at any integer shift of its
    origin as long as no point lies above the origin (measured: a polygon with a vertex above the origin, or a curve-
    jointed line, can come out differently). So a layer starts below its bounds' top only when every recorded call is
    such a shape lying below that start (any other call makes ``top`` -inf: the layer starts where it would whole).
    """

    #: the other drawing calls a layer may get: recorded as they come, and the layer then starts where it would whole
    OTHER = frozenset({"arc", "chord", "pieslice", "point", "rounded_rectangle", "regular_polygon", "bitmap", "text",
                       "multiline_text", "image"})

    def __init__(self, rows: tuple[int, int]) -> None:
        self.rows = rows
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.top = math.inf

    def __getattr__(self, name: str) -> Any:
        if name not in self.OTHER:  # a measurement (textbbox…) has no answer before the layer exists: say so
            raise AttributeError(f"{name!r}: not a drawing call a band's clipped layer can record")

        def call(*a: Any, **k: Any) -> None:
            self.top = -math.inf
            self.calls.append((name, a, k))
        return call

    def _shape(self, name: str, xy: Any, a: tuple[Any, ...], k: dict[str, Any]) -> None:
        ys = _ys(xy)
        if a or ys is None or k.get("joint"):
            self.top = -math.inf
        elif not _reaches(self.rows, ys, a, k):
            return
        else:
            self.top = min(self.top, min(ys) - _pad(k))
        self.calls.append((name, (xy, *a), k))

    def line(self, xy: Any, *a: Any, **k: Any) -> None:
        self._shape("line", xy, a, k)

    def polygon(self, xy: Any, *a: Any, **k: Any) -> None:
        self._shape("polygon", xy, a, k)

    def ellipse(self, xy: Any, *a: Any, **k: Any) -> None:
        self._shape("ellipse", xy, a, k)

    def rectangle(self, xy: Any, *a: Any, **k: Any) -> None:
        self._shape("rectangle", xy, a, k)


class TextMetrics:
    """``ImageDraw.textbbox``/``textlength`` for the vector backends: measured with the Pillow font itself, so
    layouts place text the same way whatever the output."""

    def textbbox(self, xy: Point, text: str, font: Any = None, anchor: str | None = None, **_: Any) -> Box:
        b = font.getbbox(text, anchor=anchor or "la")
        return xy[0] + b[0], xy[1] + b[1], xy[0] + b[2], xy[1] + b[3]

    def textlength(self, text: str, font: Any = None, **_: Any) -> float:
        return float(font.getlength(text))


class PdfDraw(TextMetrics):
    """``ImageDraw``'s drawing methods, in pixels at ``dpi`` (y down from ``top_left`` in points), onto a PDF canvas.

    Use it inside ``with pdf_space(canvas, ...)`` or let the constructor set the transformation (it saves the
    canvas state; call :meth:`close` to restore it).
    """

    def __init__(self, canvas: Canvas, dpi: float, top_left: Point = (0.0, 0.0), *, page_height: float | None = None,
                 transform: bool = True) -> None:
        self.c = canvas
        self.dpi = dpi
        self._open = transform
        if transform:
            h = canvas._pagesize[1] if page_height is None else page_height
            s = 72.0 / dpi
            canvas.saveState()
            canvas.translate(top_left[0], h - top_left[1])
            canvas.scale(s, -s)
        self._alpha_fill = self._alpha_stroke = 1.0

    def close(self) -> None:
        """Restore the canvas state saved by the constructor."""
        if self._open:
            self.c.restoreState()
            self._open = False

    # --- state ---------------------------------------------------------------------------------------------------
    def _fill(self, color: Any) -> bool:
        rgba = _rgb(color)
        if rgba is None:
            return False
        self.c.setFillColorRGB(*rgba[:3])
        if rgba[3] != self._alpha_fill:
            self.c.setFillAlpha(rgba[3])
            self._alpha_fill = rgba[3]
        return True

    def _stroke(self, color: Any, width: float) -> bool:
        rgba = _rgb(color)
        if rgba is None:
            return False
        self.c.setStrokeColorRGB(*rgba[:3])
        if rgba[3] != self._alpha_stroke:
            self.c.setStrokeAlpha(rgba[3])
            self._alpha_stroke = rgba[3]
        self.c.setLineWidth(max(width, 0.01))
        return True

    # --- ImageDraw's vocabulary ----------------------------------------------------------------------------------
    def line(self, xy: Any, fill: Any = None, width: float = 0, joint: str | None = None) -> None:
        """A polyline through pixel centres; butt ends, round joins for ``joint="curve"`` (as Pillow draws)."""
        pts = _points(xy)
        if len(pts) < 2 or not self._stroke(fill, width or 1):
            return
        self.c.setLineCap(0)
        self.c.setLineJoin(1 if joint == "curve" else 0)
        p = self.c.beginPath()
        p.moveTo(pts[0][0] + 0.5, pts[0][1] + 0.5)
        for x, y in pts[1:]:
            p.lineTo(x + 0.5, y + 0.5)
        self.c.drawPath(p, stroke=1, fill=0)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        """A filled and/or outlined polygon (vertices at pixel centres)."""
        pts = _points(xy)
        if len(pts) < 2:
            return
        p = self.c.beginPath()
        p.moveTo(pts[0][0] + 0.5, pts[0][1] + 0.5)
        for x, y in pts[1:]:
            p.lineTo(x + 0.5, y + 0.5)
        p.close()
        f = self._fill(fill)
        s = self._stroke(outline, width or 1) if outline is not None else False
        if s:
            self.c.setLineJoin(0)
        if f or s:
            self.c.drawPath(p, stroke=int(s), fill=int(f))

    def _boxed(self, xy: Any, fill: Any, outline: Any, width: float, draw: Any) -> None:
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1  # Pillow's boxes include their last pixel
        if self._fill(fill):
            draw(x0, y0, x1, y1, 0.0, stroke=0, fill=1)
        w = width if width is not None else 1
        if outline is not None and w > 0 and self._stroke(outline, w):
            self.c.setLineJoin(0)
            draw(x0, y0, x1, y1, w / 2, stroke=1, fill=0)  # Pillow's outline lies inside the box

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        def draw(x0: float, y0: float, x1: float, y1: float, i: float, **k: int) -> None:
            self.c.rect(x0 + i, y0 + i, x1 - x0 - 2 * i, y1 - y0 - 2 * i, **k)
        self._boxed(xy, fill, outline, width, draw)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None,
                          width: float = 1, **_: Any) -> None:
        def draw(x0: float, y0: float, x1: float, y1: float, i: float, **k: int) -> None:
            self.c.roundRect(x0 + i, y0 + i, x1 - x0 - 2 * i, y1 - y0 - 2 * i, max(0.0, radius - i), **k)
        self._boxed(xy, fill, outline, width, draw)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        def draw(x0: float, y0: float, x1: float, y1: float, i: float, **k: int) -> None:
            self.c.ellipse(x0 + i, y0 + i, x1 - i, y1 - i, **k)
        self._boxed(xy, fill, outline, width, draw)

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: float = 1) -> None:
        """An elliptic arc; angles in degrees clockwise from 3 o'clock, as Pillow's (y points down)."""
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1
        if not self._stroke(fill, width or 1):
            return
        i = (width or 1) / 2
        self.c.setLineCap(0)
        p = self.c.beginPath()
        p.arc(x0 + i, y0 + i, x1 - i, y1 - i, startAng=start, extent=(end - start) % 360 or 360)
        self.c.drawPath(p, stroke=1, fill=0)

    def text(self, xy: Point, text: str, fill: Any = None, font: Any = None, anchor: str | None = None,
             stroke_width: float = 0, stroke_fill: Any = None, **_: Any) -> None:
        """Real text in the embedded TrueType font ``font`` was loaded from, placed as Pillow places it."""
        if not text:
            return
        font = font or ImageFont.load_default()
        ox, oy = text_origin(text, font, xy, anchor)
        name = pdf_font(getattr(font, "path", None))
        size = float(getattr(font, "size", 10))
        c = self.c
        saved = self._alpha_fill, self._alpha_stroke
        c.saveState()
        c.translate(ox, oy)
        c.scale(1, -1)
        c.setFont(name, size)
        if stroke_width and stroke_fill is not None:  # Pillow's stroke grows outwards: a 2w stroke under the fill
            c.saveState()  # the text render mode is graphics state: q/Q confines the stroke mode to the halo
            self._stroke(stroke_fill, 2 * stroke_width)
            c.setLineJoin(1)
            for x, run in _runs(text, font, name, size):
                t = c.beginText(x, 0)
                t.setTextRenderMode(1)
                t.textOut(run)
                c.drawText(t)
            c.restoreState()
        self._fill(fill if fill is not None else "black")
        for x, run in _runs(text, font, name, size):
            c.drawString(x, 0, run)
        c.restoreState()
        self._alpha_fill, self._alpha_stroke = saved

    # --- beyond ImageDraw ----------------------------------------------------------------------------------------
    def image(self, im: Image.Image, box: Box) -> None:
        """Place a raster image (stored losslessly, Flate) in ``box``; its alpha channel becomes a soft mask."""
        x0, y0, x1, y1 = box
        c = self.c
        c.saveState()
        c.translate(x0, y1)
        c.scale(1, -1)
        mask = "auto" if im.mode in ("RGBA", "LA", "P") else None
        if im.mode not in ("RGB", "RGBA", "L"):
            im = im.convert("RGBA")
        c.drawImage(ImageReader(im), 0, 0, x1 - x0, y1 - y0, mask=mask)
        c.restoreState()

    @contextmanager
    def clipped(self, polygons: Sequence[Polygon], bounds: Box | None = None) -> Iterator[PdfDraw]:
        """Draw inside the union of ``polygons`` only (``bounds`` is the raster side's hint; unused here)."""
        p = self.c.beginPath()
        for poly in polygons:
            p.moveTo(poly[0][0] + 0.5, poly[0][1] + 0.5)
            for x, y in poly[1:]:
                p.lineTo(x + 0.5, y + 0.5)
            p.close()
        with self._inside(p, fillMode=0):
            yield self

    @contextmanager
    def clip_path(self, shape: str, box: Box, radius: float = 0.0) -> Iterator[PdfDraw]:
        """Draw inside a rectangle, rounded rectangle or ellipse (``box`` as Pillow's, last pixel included)."""
        x0, y0, x1, y1 = box
        x1, y1 = x1 + 1, y1 + 1
        p = self.c.beginPath()
        if shape == "circle":
            p.ellipse(x0, y0, x1 - x0, y1 - y0)
        elif radius > 0:
            p.roundRect(x0, y0, x1 - x0, y1 - y0, radius)
        else:
            p.rect(x0, y0, x1 - x0, y1 - y0)
        with self._inside(p):
            yield self

    @contextmanager
    def _inside(self, path: Any, **clip: Any) -> Iterator[None]:
        """Clip to ``path`` for the body; the graphics state (and our alpha bookkeeping) is restored after it."""
        c = self.c
        c.saveState()
        c.clipPath(path, stroke=0, fill=0, **clip)
        saved = self._alpha_fill, self._alpha_stroke
        try:
            yield
        finally:
            c.restoreState()
            self._alpha_fill, self._alpha_stroke = saved

    @contextmanager
    def scaled(self, factor: float, origin: Point = (0.0, 0.0)) -> Iterator[PdfDraw]:
        """Coordinates inside are ``factor`` × the outer ones, from ``origin`` (e.g. a supersampled plan)."""
        c = self.c
        c.saveState()
        c.translate(*origin)
        c.scale(1 / factor, 1 / factor)
        try:
            yield self
        finally:
            c.restoreState()
