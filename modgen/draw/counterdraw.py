"""Drawing a planned counter face: fonts, the plan's data types, and :func:`render_plan`.

Shapes (frames, symbols, boxes, circles, stars) are drawn supersampled (2-8x) and box-averaged down, which is
exact area-coverage anti-aliasing; text is drawn at the output size, where FreeType anti-aliases it itself and
glyphs stay sharp. :mod:`modgen.draw.counters` makes the plans.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from modgen.draw import nato
from modgen.draw.svgpicture import render_svg
from modgen.draw.vector import PdfDraw, RasterDraw
from modgen.images import load_image

Box = tuple[float, float, float, float]

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation", "/usr/share/fonts/TTF")
_FONT_FILES = {
    "bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf", "LiberationSansNarrow-Bold.ttf"),
    "regular": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf", "LiberationSansNarrow-Regular.ttf"),
}
#: Colours the ``marks`` vocabulary names (red/blue values as CoH prints them, green for wheeled movement).
MARK_COLORS = {"red": "#c8102e", "blue": "#1f4fb4", "green": "#2e7d32", "black": "#000000", "white": "#ffffff"}
DEFAULT_BACKGROUND = "#e8e2cc"


@lru_cache(maxsize=64)
def _font_path(style: str) -> str | None:
    """The font file of a text style: ``bold`` or ``regular`` (bundled DejaVu Sans Condensed), or the path of a
    TrueType/OpenType file a layout names (resolved by the planner)."""
    if style not in _FONT_FILES and os.path.isfile(style):
        return style
    for name in _FONT_FILES.get(style, _FONT_FILES["bold"]):
        for folder in _FONT_DIRS:
            p = Path(folder) / name
            if p.is_file():
                return str(p)
    return None


@lru_cache(maxsize=1024)
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    """The counter font (DejaVu Sans Condensed, else Pillow's bundled font) at ``size`` px."""
    path = _font_path(style)
    size = max(1, int(size))
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)  # type: ignore[return-value]



@dataclass
class TextItem:
    """A line of text placed on the face: ``bbox`` is where its glyphs' ink lies, in output pixels."""

    text: str
    xy: tuple[float, float]  # baseline-left anchor ("ls")
    style: str
    size: int
    color: str
    bbox: Box
    area: Box  # the layout box it was fitted into


@dataclass
class ShapeItem:
    """A shape in output pixels: ``rect``, ``ellipse``, ``line``, ``star``, ``symbol``, ``size`` or ``topdown``."""

    op: str
    box: Box
    fill: str | None = None
    outline: str | None = None
    width: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class FacePlan:
    """Everything drawn on one face, in output pixels."""

    width: int
    height: int
    background: str
    shape: str
    radius: float
    border_color: str | None
    border_width: float
    shapes: list[ShapeItem] = field(default_factory=list)
    texts: list[TextItem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # text shrunk below its element's min_size (validate)

def text_bbox(text: str, f: ImageFont.FreeTypeFont) -> Box:
    """Ink box of ``text`` in font ``f`` relative to its left baseline point (cached)."""
    return _metrics(text, f.path if hasattr(f, "path") else None, f.size) if text else (0, 0, 0, 0)


@lru_cache(maxsize=16384)
def _metrics(text: str, path: str | None, size: int) -> Box:
    # Measuring glyphs is most of the planning time, and counters repeat the same few strings ("-", digits).
    return _font_at(path, size).getbbox(text, anchor="ls")


@lru_cache(maxsize=1024)
def _font_at(path: str | None, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size)  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _load_art(path: str, mtime: float, size: int) -> Image.Image:
    # a regular file within file_mb, at most image_mpx pixels, checked before decoding (images.load_image)
    im = load_image(path, f"artwork {path}").convert("RGBA")
    # cover the square: crop the centred square of the short side first, then scale it to size (scaling first
    # would make a 1 x 60000 strip a 150 x 9,000,000 image)
    side = min(im.size)
    left, top = (im.width - side) // 2, (im.height - side) // 2
    return im.crop((left, top, left + side, top + side)).resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _load_contained(path: str, mtime: float, w: int, h: int) -> Image.Image:
    # the whole picture, scaled to fit w x h with its aspect kept (checked like any artwork: images.load_image;
    # an SVG is drawn at that size, svgpicture)
    if path.lower().endswith(".svg"):
        return render_svg(path, w, h)
    im = load_image(path, f"image {path}").convert("RGBA")
    k = min(w / im.width, h / im.height)
    return im.resize((max(1, round(im.width * k)), max(1, round(im.height * k))), Image.Resampling.LANCZOS)


def _star_points(box: Box) -> list[tuple[float, float]]:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r_out = (box[2] - box[0]) / 2
    r_in = r_out * 0.45
    pts = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a) + r_out * 0.05))
    return pts


def _draw_topdown(d: ImageDraw.ImageDraw, box: Box, kind: str, color: str) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "tank":
        # Seen from above, front up: two tracks, the hull between them, a turret and its gun.
        hw, hh = min(w * 0.24, h * 0.22), h * 0.36
        top, bot = cy - hh + h * 0.1, cy + hh + h * 0.1
        tw = hw * 0.32
        for sx in (cx - hw, cx + hw - tw):
            d.rectangle((sx, top, sx + tw, bot), fill=color)
        lw = max(1, round(hw * 0.1))
        d.rectangle((cx - hw + tw, top + h * 0.03, cx + hw - tw, bot - h * 0.03), outline=color, width=lw)
        r = hw * 0.48
        tcy = cy + h * 0.06
        d.ellipse((cx - r, tcy - r, cx + r, tcy + r), fill=color)
        d.line([(cx, tcy), (cx, y0 + h * 0.02)], fill=color, width=max(1, round(hw * 0.16)))
    elif kind == "gun":
        lw = max(1, round(w * 0.04))
        d.line([(cx, cy + h * 0.05), (cx, y0 + h * 0.08)], fill=color, width=lw)
        d.rectangle((cx - w * 0.2, cy - h * 0.02, cx + w * 0.2, cy + h * 0.06), fill=color)
        for sgn in (-1, 1):  # the two trails
            d.line([(cx + sgn * w * 0.05, cy + h * 0.06), (cx + sgn * w * 0.25, y1 - h * 0.08)], fill=color, width=lw)
    elif kind == "aircraft":
        nato.DRAWERS["ground_attack"](d, box, color, max(1, round(h * 0.05)))
    else:
        r = min(w, h) * 0.1
        for fx, fy in ((0.3, 0.35), (0.7, 0.35), (0.5, 0.55), (0.3, 0.75), (0.7, 0.75)):
            px_, py_ = x0 + w * fx, y0 + h * fy
            d.ellipse((px_ - r, py_ - r, px_ + r, py_ + r), fill=color)


def supersample_factor(px: int) -> int:
    """How many times larger shapes are drawn before downsizing: more for small counters, at least 2."""
    return max(2, min(8, math.ceil(480 / px)))


def _shape_mask(size: tuple[int, int], full: Box, shape: str, radius: float) -> Image.Image:
    """255 inside the counter's outline, 0 outside."""
    mask = Image.new("L", size, 0)
    md = ImageDraw.Draw(mask)
    if shape == "circle":
        md.ellipse(full, fill=255)
    else:
        md.rounded_rectangle(full, radius=radius, fill=255)
    return mask


def _whiten_corners(img: Image.Image, radius: float) -> None:
    """Paint white what lies outside the rounded corners; only the four corner squares are touched (fast)."""
    r = math.ceil(radius)
    if r <= 0:
        return
    outside = Image.new("L", (2 * r, 2 * r), 255)
    ImageDraw.Draw(outside).ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=0)
    w, h = img.size
    for (cx, cy), (px, py) in (((0, 0), (0, 0)), ((r, 0), (w - r, 0)), ((0, r), (0, h - r)), ((r, r), (w - r, h - r))):
        img.paste("#ffffff", (px, py), outside.crop((cx, cy, cx + r, cy + r)))


def render_plan(plan: FacePlan, alpha: bool = False) -> Image.Image:
    """Draw a :class:`FacePlan` into an RGB image (shapes supersampled, text at output size).

    With ``alpha`` the image is RGBA and whatever lies outside a rounded or round counter is transparent.
    """
    ss = supersample_factor(plan.width)
    mask = None
    big = Image.new("RGB", (plan.width * ss, plan.height * ss), "#ffffff")
    d = RasterDraw(big)
    full = (0, 0, plan.width * ss - 1, plan.height * ss - 1)
    bw = round(plan.border_width * ss)
    _paint_background(d, plan, ss)
    _paint_shapes(d, plan, ss)
    if plan.shape != "square":  # panels and stripes must not show outside rounded corners or the circle
        mask = _shape_mask(big.size, full, plan.shape, plan.radius * ss) if alpha or plan.shape == "circle" else None
        if plan.shape == "circle":
            big.paste("#ffffff", (0, 0), ImageChops.invert(mask))
        else:
            _whiten_corners(big, plan.radius * ss)
    if plan.border_color and bw:  # redraw the border over shapes that touch the edge
        if plan.shape == "circle":
            d.ellipse(full, outline=plan.border_color, width=bw)
        else:
            d.rounded_rectangle(full, radius=plan.radius * ss, outline=plan.border_color, width=bw)
    # Box-averaging the supersampled pixels is exact area coverage: the anti-aliasing we want, and fast.
    img = big.reduce(ss) if ss > 1 else big
    _paint_texts(ImageDraw.Draw(img), plan)
    if alpha:
        img = img.convert("RGBA")
        if mask is not None:
            img.putalpha(mask.reduce(ss) if ss > 1 else mask)
    return img




def _paint_background(d: Any, plan: FacePlan, ss: int) -> None:
    full = (0, 0, plan.width * ss - 1, plan.height * ss - 1)
    bw = round(plan.border_width * ss)
    if plan.shape == "circle":
        d.ellipse(full, fill=plan.background, outline=plan.border_color, width=bw)
    else:
        d.rounded_rectangle(full, radius=plan.radius * ss, fill=plan.background, outline=plan.border_color, width=bw)


def _paint_shapes(d: Any, plan: FacePlan, ss: int) -> None:
    """The plan's shapes at ``ss`` times their size onto ``d`` (a RasterDraw or a PdfDraw: one drawing)."""
    def sc(b: Box) -> Box:
        return (b[0] * ss, b[1] * ss, b[2] * ss, b[3] * ss)

    for s in plan.shapes:
        b, w = sc(s.box), max(1, round(s.width * ss)) if s.width else 0
        if s.op == "rect":
            d.rectangle(b, fill=s.fill, outline=s.outline if w else None, width=w)
        elif s.op == "ellipse":
            d.ellipse(b, fill=s.fill, outline=s.outline if w else None, width=w)
        elif s.op == "line":
            d.line([(b[0], b[1]), (b[2], b[3])], fill=s.fill, width=w)
        elif s.op == "star":
            d.polygon(_star_points(b), fill=s.fill, outline=s.outline, width=w)
        elif s.op == "symbol":
            nato.draw_frame(d, b, s.outline, s.fill)
            nato.draw_types(d, b, s.data["types"], s.outline)
        elif s.op == "size":
            nato.draw_size(d, b, s.data["size"], s.outline)
        elif s.op == "topdown":
            _draw_topdown(d, b, s.data["kind"], s.outline)
        elif s.op == "image":
            if s.data.get("fit") == "contain":  # a layout's image element: the whole picture inside its box
                art = _load_contained(s.data["path"], os.path.getmtime(s.data["path"]),
                                      max(1, round(b[2] - b[0])), max(1, round(b[3] - b[1])))
                x = round((b[0] + b[2]) / 2 - art.width / 2)
                y = round((b[1] + b[3]) / 2 - art.height / 2)
                d.image(art, (x, y, x + art.width, y + art.height))
                continue
            side = round(b[2] - b[0])
            art = _load_art(s.data["path"], os.path.getmtime(s.data["path"]), side)
            d.image(art, (round(b[0]), round(b[1]), round(b[0]) + side, round(b[1]) + side))


def _paint_texts(d: Any, plan: FacePlan) -> None:
    for t in plan.texts:
        d.text(t.xy, t.text, font=font(t.style, t.size), fill=t.color, anchor="ls")


def draw_plan_vector(d: PdfDraw, plan: FacePlan, x: float, y: float, scale: float = 1.0) -> None:
    """Draw a :class:`FacePlan` as vectors with its top-left at (x, y) px of ``d``, ``scale`` × its size.

    The same shapes as :func:`render_plan`, with the same supersampled coordinates (scaled back down here, so line
    widths round exactly as in the PNG); the counter's outline clips what lies beyond rounded corners or the circle.
    """
    ss = supersample_factor(plan.width)
    full = (0, 0, plan.width * ss - 1, plan.height * ss - 1)
    with d.scaled(ss / scale, origin=(x, y)):
        with d.clip_path(plan.shape, full, plan.radius * ss):
            _paint_background(d, plan, ss)
            _paint_shapes(d, plan, ss)
        bw = round(plan.border_width * ss)
        if plan.border_color and bw:
            if plan.shape == "circle":
                d.ellipse(full, outline=plan.border_color, width=bw)
            else:
                d.rounded_rectangle(full, radius=plan.radius * ss, outline=plan.border_color, width=bw)
    with d.scaled(1 / scale, origin=(x, y)):
        _paint_texts(d, plan)
