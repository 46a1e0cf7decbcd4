"""Drawing a planned counter face: fonts, the plan's data types, and :func:`render_plan`.

Shapes (frames, symbols, boxes, circles, stars) are drawn supersampled (2-8x) and box-averaged down, which is
exact area-coverage anti-aliasing; text is drawn at the output size, where FreeType anti-aliases it itself and
glyphs stay sharp. :mod:`modgen.draw.counters` makes the plans.
"""

from __future__ import annotations

import math
import os
import threading
from collections import OrderedDict
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


def _render_full(plan: FacePlan, alpha: bool = False) -> Image.Image:
    """:func:`render_plan` the plain way: the whole face drawn supersampled and reduced (the reference the cached
    path reproduces byte for byte; tests compare the two)."""
    ss = supersample_factor(plan.width)
    mask = None
    big = Image.new("RGB", (plan.width * ss, plan.height * ss), "#ffffff")
    d = RasterDraw(big)
    full = (0, 0, plan.width * ss - 1, plan.height * ss - 1)
    _paint_background(d, plan, ss)
    _paint_shapes(d, plan, ss)
    if plan.shape != "square":  # panels and stripes must not show outside rounded corners or the circle
        mask = _shape_mask(big.size, full, plan.shape, plan.radius * ss) if alpha or plan.shape == "circle" else None
        if plan.shape == "circle":
            big.paste("#ffffff", (0, 0), ImageChops.invert(mask))
        else:
            _whiten_corners(big, plan.radius * ss)
    _redraw_border(d, plan, ss)
    # Box-averaging the supersampled pixels is exact area coverage: the anti-aliasing we want, and fast.
    img = big.reduce(ss) if ss > 1 else big
    _paint_texts(ImageDraw.Draw(img), plan)
    if alpha:
        img = img.convert("RGBA")
        if mask is not None:
            img.putalpha(mask.reduce(ss) if ss > 1 else mask)
    return img


def _redraw_border(d: Any, plan: FacePlan, ss: int) -> None:
    """The border again, over shapes that touch the edge."""
    bw = round(plan.border_width * ss)
    if plan.border_color and bw:
        full = (0, 0, plan.width * ss - 1, plan.height * ss - 1)
        if plan.shape == "circle":
            d.ellipse(full, outline=plan.border_color, width=bw)
        else:
            d.rounded_rectangle(full, radius=plan.radius * ss, outline=plan.border_color, width=bw)


def render_plan(plan: FacePlan, alpha: bool = False) -> Image.Image:
    """Draw a :class:`FacePlan` into an RGB image (shapes supersampled, text at output size).

    With ``alpha`` the image is RGBA and whatever lies outside a rounded or round counter is transparent.
    The pixels are exactly those of :func:`_render_full`; see :func:`_shape_layer` for how it saves the work.
    """
    ss = supersample_factor(plan.width)
    key = _layer_key(plan, ss)
    layer = _LAYERS.get(key) if key is not None else None
    if layer is None:
        layer = _shape_layer(plan, ss)
        if key is not None:
            _LAYERS.put(key, layer, layer.width * layer.height * 4)
    img = layer.copy()
    _paint_texts_raster(ImageDraw.Draw(img), plan)
    if alpha:
        img = img.convert("RGBA")
        if plan.shape != "square":
            img.putalpha(_blank(plan, ss).alpha())
    return img


class BoundedCache:
    """A least-recently-used cache holding at most ``budget`` bytes of values (each put says its size); safe to
    share between threads (the sidecar draws faces for its pictures in worker threads)."""

    def __init__(self, budget: int) -> None:
        self.budget, self.used = budget, 0
        self.items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            hit = self.items.get(key)
            if hit is None:
                return None
            self.items.move_to_end(key)
            return hit[0]

    def put(self, key: Any, value: Any, size: int) -> None:
        if size > self.budget // 4:  # a huge face would evict everything for one entry
            return
        with self._lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.used -= old[1]
            self.items[key] = (value, size)
            self.used += size
            while self.used > self.budget:
                _, (_, evicted) = self.items.popitem(last=False)
                self.used -= evicted

    def clear(self) -> None:
        with self._lock:
            self.items.clear()
            self.used = 0


# Per process (each build worker has its own): empty faces by background, shape layers by their shapes.
_BLANKS = BoundedCache(32 << 20)
_LAYERS = BoundedCache(16 << 20)
_MASKS = BoundedCache(8 << 20)  # rendered text lines (_MaskReusingFont)


def clear_caches() -> None:
    """Forget the cached empty faces, shape layers and text masks (pure functions of their keys: tests use this)."""
    _BLANKS.clear()
    _LAYERS.clear()
    _MASKS.clear()


class _Blank:
    """One empty face (background and border, nothing else) supersampled, and as :func:`_render_full` ends it."""

    def __init__(self, plan: FacePlan, ss: int) -> None:
        self.plan, self.ss = plan, ss
        self.big = Image.new("RGB", (plan.width * ss, plan.height * ss), "#ffffff")
        _paint_background(RasterDraw(self.big), plan, ss)
        self._inverse: Image.Image | None = None
        self._alpha: Image.Image | None = None
        done = self.big.copy()
        self.post(done)
        self.small = done.reduce(ss) if ss > 1 else done

    def mask(self) -> Image.Image:
        p, ss = self.plan, self.ss
        return _shape_mask(self.big.size, (0, 0, p.width * ss - 1, p.height * ss - 1), p.shape, p.radius * ss)

    def alpha(self) -> Image.Image:
        """The face's outline as the alpha of its output pixels."""
        if self._alpha is None:
            m = self.mask()
            self._alpha = m.reduce(self.ss) if self.ss > 1 else m
        return self._alpha

    def post(self, big: Image.Image) -> None:
        """What follows the shapes: white beyond a rounded or round outline, then the border over the shapes."""
        p, ss = self.plan, self.ss
        if p.shape == "circle":
            if self._inverse is None:
                self._inverse = ImageChops.invert(self.mask())
            big.paste("#ffffff", (0, 0), self._inverse)
        elif p.shape != "square":
            _whiten_corners(big, p.radius * ss)
        _redraw_border(RasterDraw(big), p, ss)


def _blank(plan: FacePlan, ss: int) -> _Blank:
    key = (plan.width, plan.height, plan.background, plan.shape, plan.radius, plan.border_color, plan.border_width,
           ss)
    blank = _BLANKS.get(key)
    if blank is None:
        blank = _Blank(plan, ss)
        _BLANKS.put(key, blank, blank.big.width * blank.big.height * 4)
    return blank


def _layer_key(plan: FacePlan, ss: int) -> tuple[Any, ...] | None:
    """Everything the shape layer's pixels depend on; None for faces with pictures (files can change)."""
    shapes = []
    for s in plan.shapes:
        if s.op == "image":
            return None
        data = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in s.data.items()))
        shapes.append((s.op, s.box, s.fill, s.outline, s.width, data))
    return (plan.width, plan.height, plan.background, plan.shape, plan.radius, plan.border_color, plan.border_width,
            ss, tuple(shapes))


def plan_key(plan: FacePlan) -> tuple[Any, ...] | None:
    """Everything :func:`render_plan`'s pixels depend on, as a hashable key (equal keys, equal images); None for
    faces with pictures, whose files can change."""
    layer = _layer_key(plan, supersample_factor(plan.width))
    if layer is None:
        return None
    return layer, tuple((t.text, t.xy, t.style, t.size, t.color) for t in plan.texts)


def _shape_layer(plan: FacePlan, ss: int) -> Image.Image:
    """The face without its texts, at output size: the supersampled drawing reduced, as in :func:`_render_full`.

    Reducing averages each ss × ss block by itself, and what follows the shapes (white corners, the border) changes
    each pixel by its position alone; so every block no shape reaches (:func:`_dirty_blocks`) comes out as in the
    empty face, and only the others are reduced, into a copy of the cached reduced empty face. The shapes are drawn
    on a copy of the cached supersampled empty face, in the same coordinates as :func:`_render_full` draws them.
    """
    blank = _blank(plan, ss)
    img = blank.small.copy()
    if not plan.shapes:
        return img
    big = blank.big.copy()
    _paint_shapes(RasterDraw(big), plan, ss)
    blank.post(big)
    for box in _dirty_blocks(plan, ss):
        img.paste(big.reduce(ss, box) if ss > 1 else big.crop(box), (box[0] // ss, box[1] // ss))
    return img


def _extent(s: ShapeItem, ss: int) -> Box:
    """A box (supersampled px) holding every pixel the shape can change: its box grown by its strokes (and the
    parts drawn to the box's height rather than its width), rounding and joints included."""
    x0, x1 = sorted((s.box[0] * ss, s.box[2] * ss))
    y0, y1 = sorted((s.box[1] * ss, s.box[3] * ss))
    w, h = x1 - x0, y1 - y0
    grow = (max(1, round(s.width * ss)) if s.width else 0) + 2
    gx = gy = grow
    if s.op == "star":  # a circle's worth of points around the box's centre, its radius half the box's width
        r = w / 2
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        x0, y0, x1, y1 = cx - r, cy - r, cx + r, cy + r
    elif s.op == "symbol":  # strokes of 0.055 x height; circles and arcs sized by the height stay inside when w >= h
        gx = gy = grow + round(h * 0.055) + 2
        if w < h:
            gx += h * 0.3
    elif s.op == "size":  # strokes of 0.14 x height; up to four "I"s 0.35 x height apart, centred
        gx = gy = grow + h * 0.75
    elif s.op == "topdown":  # strokes of at most 0.05 x the larger side
        gx = gy = grow + 0.06 * max(w, h)
    return (x0 - gx, y0 - gy, x1 + gx, y1 + gy)


def _dirty_blocks(plan: FacePlan, ss: int) -> list[tuple[int, int, int, int]]:
    """Pixel boxes, aligned to whole ss × ss blocks, that hold every supersampled pixel a shape can change."""
    size_w, size_h = plan.width * ss, plan.height * ss
    boxes: list[list[int]] = []
    for s in plan.shapes:
        x0, y0, x1, y1 = _extent(s, ss)
        box = [max(0, math.floor(x0 / ss) * ss), max(0, math.floor(y0 / ss) * ss),
               min(size_w, math.ceil((x1 + 1) / ss) * ss), min(size_h, math.ceil((y1 + 1) / ss) * ss)]
        if box[2] > box[0] and box[3] > box[1]:
            boxes.append(box)
    merged = True
    while merged:  # overlapping boxes become one, so no block is reduced twice
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return [(b[0], b[1], b[2], b[3]) for b in boxes]


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


def _paint_texts_raster(d: ImageDraw.ImageDraw, plan: FacePlan) -> None:
    """:func:`_paint_texts` onto an image, with fonts that reuse the glyph masks they rendered before."""
    for t in plan.texts:
        d.text(t.xy, t.text, font=_drawing_font(t.style, t.size), fill=t.color, anchor="ls")


class _MaskReusingFont(ImageFont.FreeTypeFont):
    """A FreeType font whose :meth:`getmask2` answers the same arguments with the mask it rendered for them.

    ``ImageDraw.text`` renders a line's mask (text, anchor, sub-pixel start) with :meth:`getmask2` and only reads it
    (draws it in the ink), so reusing the mask draws the same bytes; counters repeat the same values at the same
    places. Masks for colour (RGBA) glyphs are not reused: ``ImageDraw.text`` changes those.
    """

    def getmask2(self, text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        key = (self.path, self.size, text, mode, args, tuple(sorted(kwargs.items())))
        try:
            hit = _MASKS.get(key) if mode in ("L", "1") else None
        except TypeError:  # unhashable arguments (a list of features): render as usual
            return super().getmask2(text, mode, *args, **kwargs)
        if hit is None:
            hit = super().getmask2(text, mode, *args, **kwargs)
            if mode in ("L", "1"):
                _MASKS.put(key, hit, hit[0].size[0] * hit[0].size[1] + 200)
        return hit


@lru_cache(maxsize=1024)
def _drawing_font(style: str, size: int) -> ImageFont.FreeTypeFont:
    path = _font_path(style)
    # the same face and size as font(style, size), which is ImageFont.truetype(path, size) with its defaults
    return _MaskReusingFont(path, max(1, int(size))) if path else font(style, size)


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
