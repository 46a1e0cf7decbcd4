"""NATO-style unit symbols drawn as vector shapes with Pillow.

A symbol is a frame (the "symbol box") with one or more type elements drawn inside it, combined freely
(``["armour", "infantry"]`` is mechanised infantry, ``["artillery", "self_propelled"]`` self-propelled artillery),
and an optional size marker above it (``•`` … ``XXXX``, or the battlegroup bracket).

Everything here draws onto an ``ImageDraw`` in the caller's pixel space, so a caller that supersamples (draws at
n× size, then downsizes with a Lanczos filter) gets anti-aliased symbols at any size from 40 px to 600 px.
:func:`render_symbol` does that for a standalone symbol.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageDraw

from modgen.data.drawables import ALIASES as ALIASES  # re-exported: callers read them here too
from modgen.data.drawables import ECHELONS as ECHELONS
from modgen.data.drawables import ELEMENTS, expand_type, normalize_size
from modgen.data.drawables import SIZE_MARKERS as SIZE_MARKERS
from modgen.data.drawables import SYMBOL_TYPES as SYMBOL_TYPES

Box = tuple[float, float, float, float]
Color = str | tuple[int, ...]

# The names (types, aliases, composites, size markers, echelons) live in modgen.data.drawables, where
# `modgen validate` reads the same lists; this module draws them.


def _line_width(h: float) -> int:
    return max(1, round(h * 0.055))


def _infantry(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    d.line([(x0, y0), (x1, y1)], fill=c, width=lw)
    d.line([(x0, y1), (x1, y0)], fill=c, width=lw)


def _oval_box(b: Box) -> Box:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    return (x0 + w * 0.2, y0 + h * 0.25, x1 - w * 0.2, y1 - h * 0.25)


def _armour(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    ox0, oy0, ox1, oy1 = _oval_box(b)
    d.rounded_rectangle((ox0, oy0, ox1, oy1), radius=(oy1 - oy0) / 2, outline=c, width=lw)


def _motorized(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    xm = (x0 + x1) / 2
    d.line([(xm, y0), (xm, y1)], fill=c, width=lw)


def _recon(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    d.line([(x0, y1), (x1, y0)], fill=c, width=lw)


def _cavalry(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # The slash of reconnaissance plus a horseshoe at the foot, so cavalry and recon stay distinguishable.
    _recon(d, b, c, lw)
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx, r = x0 + w * 0.74, h * 0.2
    d.arc((cx - r, y1 - h * 0.08 - 2 * r, cx + r, y1 - h * 0.08), start=180, end=360, fill=c, width=lw)


def _wheels(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    r = h * 0.1
    cy = y1 - h * 0.08 - r
    for cx in (x0 + w * 0.36, x0 + w * 0.64):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=c, width=lw)


def _dot(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    r = (y1 - y0) * 0.14
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c)


def _rocket(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # Two upward arrowheads: the usual wargame sign for rocket launchers.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    for dx in (-w * 0.13, w * 0.13):
        cx = (x0 + x1) / 2 + dx
        top, bot = y0 + h * 0.12, y1 - h * 0.12
        d.line([(cx, top), (cx, bot)], fill=c, width=lw)
        d.polygon([(cx, top - lw), (cx - w * 0.06, top + h * 0.18), (cx + w * 0.06, top + h * 0.18)], fill=c)


def _mortar(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx, r = (x0 + x1) / 2, h * 0.11
    cy = y1 - h * 0.1 - r
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=c, width=lw)
    top = y0 + h * 0.1
    d.line([(cx, cy - r), (cx, top + h * 0.15)], fill=c, width=lw)
    d.polygon([(cx, top), (cx - w * 0.07, top + h * 0.22), (cx + w * 0.07, top + h * 0.22)], fill=c)


def _anti_tank(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    d.line([(x0, y1), ((x0 + x1) / 2, y0), (x1, y1)], fill=c, width=lw, joint="curve")


def _anti_aircraft(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.arc((x0 + w * 0.08, y1 - h * 0.55, x1 - w * 0.08, y1 + h * 0.55), start=180, end=360, fill=c, width=lw)


def _assault(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # A gun barrel across the oval: assault guns (and, with engineer, assault engineers) in this symbol set.
    x0, y0, x1, y1 = b
    w = x1 - x0
    ym = (y0 + y1) / 2
    d.line([(x0 + w * 0.12, ym), (x1 - w * 0.12, ym)], fill=c, width=lw)


def _assault_gun(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    _armour(d, b, c, lw)
    _assault(d, b, c, lw)


def _engineer(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # The bridge sign: a bar with three legs.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    left, right = x0 + w * 0.28, x1 - w * 0.28
    top, bot = y0 + h * 0.36, y1 - h * 0.36
    d.line([(left, top), (right, top)], fill=c, width=lw)
    for x in (left, (left + right) / 2, right):
        d.line([(x, top), (x, bot)], fill=c, width=lw)


def _airborne(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # Two canopy arcs at the foot of the box.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cy = y1 - h * 0.12
    r = w * 0.12
    for cx in ((x0 + x1) / 2 - r, (x0 + x1) / 2 + r):
        d.arc((cx - r, cy - h * 0.26, cx + r, cy + h * 0.26), start=180, end=360, fill=c, width=lw)


def _mountain(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    d.polygon([(cx, y1 - h * 0.34), (cx - w * 0.12, y1 - lw / 2), (cx + w * 0.12, y1 - lw / 2)], fill=c)


def _machine_gun(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # An upward arrow with a crossbar at the butt.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx, top, bot = (x0 + x1) / 2, y0 + h * 0.12, y1 - h * 0.12
    d.line([(cx, top + h * 0.1), (cx, bot)], fill=c, width=lw)
    d.polygon([(cx, top), (cx - w * 0.07, top + h * 0.22), (cx + w * 0.07, top + h * 0.22)], fill=c)
    d.line([(cx - w * 0.08, bot), (cx + w * 0.08, bot)], fill=c, width=lw)


def _hq(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # A flag on a staff in the upper-left corner of the box.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    sx = x0 + w * 0.1
    d.line([(sx, y0 + h * 0.1), (sx, y1 - h * 0.1)], fill=c, width=lw)
    d.rectangle((sx, y0 + h * 0.1, sx + w * 0.2, y0 + h * 0.38), fill=c)


def _supply(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    x0, y0, x1, y1 = b
    h = y1 - y0
    yb = y1 - h * 0.25
    d.line([(x0, yb), (x1, yb)], fill=c, width=lw)


def _security(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # A lozenge in the middle of the box.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, w * 0.12, h * 0.26
    d.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], outline=c, width=lw)


def _garrison(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int) -> None:
    # Battlements at the foot of the box: a fixed garrison (EFB's Festung Platz).
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    left, right = x0 + w * 0.3, x1 - w * 0.3
    top, bot = y1 - h * 0.3, y1 - lw / 2
    d.rectangle((left, top, right, bot), fill=c)
    step = (right - left) / 5
    for i in (0, 2, 4):
        d.rectangle((left + i * step, top - h * 0.1, left + (i + 1) * step, top), fill=c)


def _plane(d: ImageDraw.ImageDraw, b: Box, c: Color, lw: int, engines: int) -> None:
    # A top-down aircraft: fuselage, wings, tailplane; twin engines for a medium bomber.
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    nose, tail = y0 + h * 0.1, y1 - h * 0.1
    d.line([(cx, nose), (cx, tail)], fill=c, width=max(lw, round(w * 0.05)))
    wing_y = y0 + h * 0.38
    span = w * (0.36 if engines else 0.3)
    d.polygon([(cx - span, wing_y + h * 0.08), (cx, wing_y - h * 0.06), (cx + span, wing_y + h * 0.08),
               (cx + span, wing_y + h * 0.16), (cx, wing_y + h * 0.1), (cx - span, wing_y + h * 0.16)], fill=c)
    d.polygon([(cx - w * 0.12, tail), (cx, tail - h * 0.1), (cx + w * 0.12, tail)], fill=c)
    if engines:
        for ex in (cx - span * 0.45, cx + span * 0.45):
            d.rectangle((ex - w * 0.025, wing_y - h * 0.1, ex + w * 0.025, wing_y + h * 0.14), fill=c)


DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, Box, Color, int], None]] = {
    "infantry": _infantry,
    "armour": _armour,
    "motorized": _motorized,
    "recon": _recon,
    "motorcycle": _wheels,
    "cavalry": _cavalry,
    "artillery": _dot,
    "self_propelled": _armour,
    "rocket": _rocket,
    "mortar": _mortar,
    "anti_tank": _anti_tank,
    "anti_aircraft": _anti_aircraft,
    "assault_gun": _assault_gun,
    "assault": _assault,
    "engineer": _engineer,
    "airborne": _airborne,
    "mountain": _mountain,
    "machine_gun": _machine_gun,
    "hq": _hq,
    "supply": _supply,
    "security": _security,
    "garrison": _garrison,
    "ground_attack": lambda d, b, c, lw: _plane(d, b, c, lw, engines=0),
    "medium_bomber": lambda d, b, c, lw: _plane(d, b, c, lw, engines=2),
}

assert set(DRAWERS) == set(ELEMENTS), "modgen.data.drawables.ELEMENTS and DRAWERS must list the same elements"

# Elements that look the same are drawn once (armour + self_propelled share the oval).
_SAME_SHAPE = {"self_propelled": "armour"}
# Rocket and mortar replace the artillery dot rather than sit on it.
_REPLACES_DOT = {"rocket", "mortar"}


def elements(types: Iterable[str]) -> list[str]:
    """The drawable elements for a list of type names, aliases and composites expanded, duplicates removed.

    Raises DataError naming an unknown type.
    """
    out: list[str] = []

    def add(name: str) -> None:
        name = _SAME_SHAPE.get(name, name)
        if name not in out:
            out.append(name)

    for raw in types:
        for name in expand_type(raw):  # DataError naming an unknown type
            add(name)
    if "artillery" in out and _REPLACES_DOT & set(out):
        out.remove("artillery")
    return out


def draw_frame(draw: ImageDraw.ImageDraw, box: Box, color: Color, fill: Color | None = None) -> int:
    """Draw the symbol frame (rectangle) and return the line width used for its contents."""
    lw = _line_width(box[3] - box[1])
    draw.rectangle(box, outline=color, fill=fill, width=lw)
    return lw


def draw_types(draw: ImageDraw.ImageDraw, box: Box, types: Iterable[str], color: Color) -> None:
    """Draw the type elements inside the frame ``box`` (the frame itself not included)."""
    lw = _line_width(box[3] - box[1])
    # Keep strokes clear of the frame line so nothing pokes outside it.
    inner = (box[0] + lw / 2, box[1] + lw / 2, box[2] - lw / 2, box[3] - lw / 2)
    for name in elements(types):
        DRAWERS[name](draw, inner, color, lw)


def draw_size(draw: ImageDraw.ImageDraw, box: Box, size: str | None, color: Color) -> None:
    """Draw the size marker centred in ``box`` (the strip above the symbol frame), scaled to fit it."""
    size = normalize_size(size)
    if size is None:
        return
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    lw = max(1, round(h * 0.14))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if size == "battlegroup":
        # The task-force bracket: a bar with its ends turned down.
        bw = min(w * 0.9, h * 4)
        left, right, top, bot = cx - bw / 2, cx + bw / 2, y0 + lw / 2, y1 - lw / 2
        draw.line([(left, bot), (left, top), (right, top), (right, bot)], fill=color, width=lw, joint="curve")
        return
    if "•" in size:
        n = len(size)
        r = min(h * 0.32, w / (n * 3))
        gap = r * 0.8
        total = n * 2 * r + (n - 1) * gap
        for i in range(n):
            ccx = cx - total / 2 + r + i * (2 * r + gap)
            draw.ellipse((ccx - r, cy - r, ccx + r, cy + r), fill=color)
        return
    if set(size) == {"I"}:
        n = len(size)
        gap = h * 0.35
        total = (n - 1) * gap
        for i in range(n):
            x = cx - total / 2 + i * gap
            draw.line([(x, y0 + h * 0.1), (x, y1 - h * 0.1)], fill=color, width=lw)
        return
    # X, XX, XXX, XXXX: crossed strokes, each as wide as the strip is high (minus margins).
    n = len(size)
    cw = min(h * 0.7, (w - (n - 1) * lw) / (n * 1.3))
    gap = cw * 0.3 + lw  # the stroke ends must not touch the next X
    total = n * cw + (n - 1) * gap
    top, bot = cy - h * 0.38, cy + h * 0.38
    for i in range(n):
        left = cx - total / 2 + i * (cw + gap)
        draw.line([(left, top), (left + cw, bot)], fill=color, width=lw)
        draw.line([(left, bot), (left + cw, top)], fill=color, width=lw)


def render_symbol(types: Sequence[str], size: str | None, width: int, *, color: Color = "#000000",
                  fill: Color | None = "#ffffff", supersample: int = 4) -> Image.Image:
    """A standalone RGBA symbol ``width`` px wide: frame 3:2 with the size marker above it, anti-aliased."""
    if width < 8:
        raise ValueError("symbol width must be at least 8 px")
    ss = supersample
    w = width * ss
    frame_h = w * 2 / 3
    strip = frame_h * 0.3
    h = round(frame_h + strip)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    frame = (0, strip, w - 1, h - 1)
    draw_frame(d, frame, color, fill)
    draw_types(d, frame, types, color)
    draw_size(d, (0, 0, w - 1, strip * 0.92), size, color)
    return img.resize((width, max(1, math.ceil(h / ss))), Image.Resampling.LANCZOS)
