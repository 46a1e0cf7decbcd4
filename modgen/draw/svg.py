"""The third output of the one drawing: SVG for designers who finish art in Inkscape or Illustrator.

:class:`SvgDraw` takes the same calls as :class:`~modgen.draw.vector.PdfDraw` and Pillow's ``ImageDraw`` (pixel
coordinates, y down, Pillow's box and pixel-centre conventions) and collects SVG elements: paths and shapes,
``<text>`` in the font family the Pillow font was loaded from (DejaVu Sans by default; installed on the designer's
machine, or substituted by the editor), raster images inlined as PNG data, clipping as ``<clipPath>``. No
library is needed: SVG is plain XML, written here with the standard library's escaping.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, ImageFont

from modgen.draw.vector import Box, Point, Polygon, TextMetrics, _box, _points, _rgb, text_origin


def _num(v: float) -> str:
    """A coordinate with at most 2 decimals and no trailing zeros (small files, stable output)."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(color: Any, what: str) -> str:
    """``fill="…"``/``stroke="…"`` (plus opacity) attributes for a Pillow colour; ``none`` for no colour."""
    rgba = _rgb(color)
    if rgba is None:
        return f'{what}="none"'
    r, g, b = (round(v * 255) for v in rgba[:3])
    a = rgba[3]
    out = f'{what}="#{r:02x}{g:02x}{b:02x}"'
    if a < 1:
        out += f' {what}-opacity="{_num(a)}"'
    return out


def _poly_d(pts: Sequence[Point], close: bool) -> str:
    d = "M" + " L".join(f"{_num(x + 0.5)},{_num(y + 0.5)}" for x, y in pts)
    return d + (" Z" if close else "")


class SvgDraw(TextMetrics):
    """``ImageDraw``'s drawing methods, in pixels, collected as SVG of ``size`` pixels (``dpi`` sets the physical
    width and height written on the root element, so the SVG opens at print size)."""

    def __init__(self, size: tuple[float, float], dpi: float | None = None, title: str = "") -> None:
        self.size = size
        self.dpi = dpi
        self.title = title
        self._parts: list[str] = []
        self._defs: list[str] = []
        self._ids = 0

    # --- output --------------------------------------------------------------------------------------------------
    def svg(self) -> str:
        """The whole document."""
        w, h = self.size
        if self.dpi:
            dims = f'width="{_num(w / self.dpi)}in" height="{_num(h / self.dpi)}in"'
        else:
            dims = f'width="{_num(w)}" height="{_num(h)}"'
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {dims} '
                f'viewBox="0 0 {_num(w)} {_num(h)}">\n')
        title = f"<title>{escape(self.title)}</title>\n" if self.title else ""
        defs = "<defs>\n" + "\n".join(self._defs) + "\n</defs>\n" if self._defs else ""
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + title + defs + "\n".join(self._parts)
                + "\n</svg>\n")

    def _add(self, element: str) -> None:
        self._parts.append(element)

    # --- ImageDraw's vocabulary ----------------------------------------------------------------------------------
    def line(self, xy: Any, fill: Any = None, width: float = 0, joint: str | None = None) -> None:
        """A polyline through pixel centres; butt ends, round joins for ``joint="curve"`` (as Pillow draws)."""
        pts = _points(xy)
        if len(pts) < 2 or fill is None:
            return
        join = "round" if joint == "curve" else "miter"
        self._add(f'<path d="{_poly_d(pts, False)}" fill="none" {_paint(fill, "stroke")} '
                  f'stroke-width="{_num(width or 1)}" stroke-linecap="butt" stroke-linejoin="{join}"/>')

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        """A filled and/or outlined polygon (vertices at pixel centres)."""
        pts = _points(xy)
        if len(pts) < 2 or (fill is None and outline is None):
            return
        stroke = f'{_paint(outline, "stroke")} stroke-width="{_num(width or 1)}"' if outline is not None else ""
        self._add(f'<path d="{_poly_d(pts, True)}" {_paint(fill, "fill")} {stroke}/>'.replace(" />", "/>"))

    def _boxed(self, xy: Any, fill: Any, outline: Any, width: float, shape: Any) -> None:
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1  # Pillow's boxes include their last pixel
        if fill is not None:
            self._add(shape(x0, y0, x1, y1, 0.0) + f' {_paint(fill, "fill")}/>')
        w = width if width is not None else 1
        if outline is not None and w > 0:
            # Pillow's outline lies inside the box
            self._add(shape(x0, y0, x1, y1, w / 2) + f' fill="none" {_paint(outline, "stroke")} '
                      f'stroke-width="{_num(w)}"/>')

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        def shape(x0: float, y0: float, x1: float, y1: float, i: float) -> str:
            return (f'<rect x="{_num(x0 + i)}" y="{_num(y0 + i)}" width="{_num(max(0.0, x1 - x0 - 2 * i))}" '
                    f'height="{_num(max(0.0, y1 - y0 - 2 * i))}"')
        self._boxed(xy, fill, outline, width, shape)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None,
                          width: float = 1, **_: Any) -> None:
        def shape(x0: float, y0: float, x1: float, y1: float, i: float) -> str:
            r = _num(max(0.0, radius - i))
            return (f'<rect x="{_num(x0 + i)}" y="{_num(y0 + i)}" width="{_num(max(0.0, x1 - x0 - 2 * i))}" '
                    f'height="{_num(max(0.0, y1 - y0 - 2 * i))}" rx="{r}" ry="{r}"')
        self._boxed(xy, fill, outline, width, shape)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: float = 1) -> None:
        def shape(x0: float, y0: float, x1: float, y1: float, i: float) -> str:
            return (f'<ellipse cx="{_num((x0 + x1) / 2)}" cy="{_num((y0 + y1) / 2)}" '
                    f'rx="{_num(max(0.0, (x1 - x0) / 2 - i))}" ry="{_num(max(0.0, (y1 - y0) / 2 - i))}"')
        self._boxed(xy, fill, outline, width, shape)

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: float = 1) -> None:
        """An elliptic arc; angles in degrees clockwise from 3 o'clock, as Pillow's (y points down)."""
        if fill is None:
            return
        x0, y0, x1, y1 = _box(xy)
        x1, y1 = x1 + 1, y1 + 1
        i = (width or 1) / 2
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - i, (y1 - y0) / 2 - i
        extent = (end - start) % 360 or 360
        stroke = f'fill="none" {_paint(fill, "stroke")} stroke-width="{_num(width or 1)}" stroke-linecap="butt"'
        if extent >= 360:
            self._add(f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(rx)}" ry="{_num(ry)}" {stroke}/>')
            return
        a, b = math.radians(start), math.radians(start + extent)
        sx, sy = cx + rx * math.cos(a), cy + ry * math.sin(a)
        ex, ey = cx + rx * math.cos(b), cy + ry * math.sin(b)
        large = 1 if extent > 180 else 0
        self._add(f'<path d="M{_num(sx)},{_num(sy)} A{_num(rx)},{_num(ry)} 0 {large} 1 {_num(ex)},{_num(ey)}" '
                  f'{stroke}/>')

    def text(self, xy: Point, text: str, fill: Any = None, font: Any = None, anchor: str | None = None,
             stroke_width: float = 0, stroke_fill: Any = None, **_: Any) -> None:
        """``<text>`` in the font's family, weight and style, placed where Pillow places it (left baseline)."""
        if not text:
            return
        font = font or ImageFont.load_default()
        ox, oy = text_origin(text, font, xy, anchor)
        family, style = font.getname() if hasattr(font, "getname") else ("DejaVu Sans", "Book")
        style = (style or "").lower()
        attrs = [f'x="{_num(ox)}"', f'y="{_num(oy)}"', f"font-family={quoteattr(str(family))}",
                 f'font-size="{_num(float(getattr(font, "size", 10)))}"', _paint(fill if fill is not None
                                                                                 else "black", "fill")]
        if "bold" in style:
            attrs.append('font-weight="bold"')
        if "oblique" in style or "italic" in style:
            attrs.append('font-style="italic"')
        if stroke_width and stroke_fill is not None:  # Pillow's halo grows outwards: a 2w stroke under the fill
            attrs += [_paint(stroke_fill, "stroke"), f'stroke-width="{_num(2 * stroke_width)}"',
                      'stroke-linejoin="round"', 'paint-order="stroke"']
        self._add(f'<text {" ".join(attrs)} xml:space="preserve">{escape(text)}</text>')

    # --- beyond ImageDraw ----------------------------------------------------------------------------------------
    def image(self, im: Image.Image, box: Box) -> None:
        """A raster image in ``box``, inlined as lossless PNG data."""
        x0, y0, x1, y1 = box
        buf = io.BytesIO()
        (im if im.mode in ("RGB", "RGBA", "L", "LA", "P") else im.convert("RGBA")).save(buf, "PNG")
        data = base64.b64encode(buf.getvalue()).decode("ascii")
        self._add(f'<image x="{_num(x0)}" y="{_num(y0)}" width="{_num(x1 - x0)}" height="{_num(y1 - y0)}" '
                  f'preserveAspectRatio="none" href="data:image/png;base64,{data}"/>')

    def _clip(self, inner: str, rule: str = "nonzero") -> str:
        self._ids += 1
        cid = f"clip{self._ids}"
        self._defs.append(f'<clipPath id="{cid}" clip-rule="{rule}">{inner}</clipPath>')
        return cid

    @contextmanager
    def _group(self, attrs: str) -> Iterator[SvgDraw]:
        self._add(f"<g {attrs}>")
        try:
            yield self
        finally:
            self._add("</g>")

    @contextmanager
    def clipped(self, polygons: Sequence[Polygon], bounds: Box | None = None) -> Iterator[SvgDraw]:
        """Draw inside the union of ``polygons`` only (``bounds`` is the raster side's hint; unused here)."""
        d = " ".join(_poly_d(_points(p), True) for p in polygons if len(p) >= 2)
        cid = self._clip(f'<path d="{d}"/>')
        with self._group(f'clip-path="url(#{cid})"'):
            yield self

    @contextmanager
    def clip_path(self, shape: str, box: Box, radius: float = 0.0) -> Iterator[SvgDraw]:
        """Draw inside a rectangle, rounded rectangle or ellipse (``box`` as Pillow's, last pixel included)."""
        x0, y0, x1, y1 = box
        x1, y1 = x1 + 1, y1 + 1
        if shape == "circle":
            inner = (f'<ellipse cx="{_num((x0 + x1) / 2)}" cy="{_num((y0 + y1) / 2)}" rx="{_num((x1 - x0) / 2)}" '
                     f'ry="{_num((y1 - y0) / 2)}"/>')
        else:
            r = _num(max(0.0, radius))
            inner = (f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(x1 - x0)}" height="{_num(y1 - y0)}" '
                     f'rx="{r}" ry="{r}"/>')
        cid = self._clip(inner)
        with self._group(f'clip-path="url(#{cid})"'):
            yield self

    @contextmanager
    def scaled(self, factor: float, origin: Point = (0.0, 0.0)) -> Iterator[SvgDraw]:
        """Coordinates inside are ``factor`` × the outer ones, from ``origin`` (e.g. a supersampled plan)."""
        with self._group(f'transform="translate({_num(origin[0])},{_num(origin[1])}) scale({1 / factor:.6g})"'):
            yield self
