"""Map text that stays readable: each label on a light, slightly transparent box, placed where it overlaps no
marker and no other label (first free spot of a list of candidates, nearest the preferred one first).

Used by the table-map renderer (:mod:`modgen.draw.maptable`); labels are collected while drawing and drawn last, so
neither terrain nor zone tints cover them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Color = tuple[int, int, int]

BOX_FILL = (255, 255, 250, 200)  # light and mostly opaque: the map still shows through a little


@dataclass(frozen=True)
class Label:
    """A placed label: its text, font and colour, the box it sits on (x0, y0, x1, y1), and a box outline colour."""

    text: str
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    fill: Color
    box: Box
    edge: Color | None = None


def overlaps(a: Box, b: Box) -> bool:
    """True when boxes ``a`` and ``b`` share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Ray casting: is ``p`` inside ``poly`` (points on an edge may go either way)."""
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def text_size(d: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
              pad: float) -> tuple[float, float]:
    """Width and height of the box ``text`` needs, ``pad`` pixels around the ink."""
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=font, anchor="mm")
    return x1 - x0 + 2 * pad, y1 - y0 + 2 * pad


def box_at(center: Point, size: tuple[float, float]) -> Box:
    """The box of ``size`` centred on ``center``."""
    w, h = size
    return center[0] - w / 2, center[1] - h / 2, center[0] + w / 2, center[1] + h / 2


def first_free(centers: Iterable[Point], size: tuple[float, float], taken: Sequence[Box], bounds: Box,
               within: Sequence[Point] | None = None) -> Box | None:
    """The box of ``size`` on the first of ``centers`` that lies in ``bounds`` (and, if given, has its corners in
    polygon ``within``) and overlaps none of ``taken``; None when every candidate is blocked."""
    for c in centers:
        b = box_at(c, size)
        if b[0] < bounds[0] or b[1] < bounds[1] or b[2] > bounds[2] or b[3] > bounds[3]:
            continue
        if within is not None and not all(inside_polygon(p, within) for p in
                                          ((b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3]))):
            continue
        if not any(overlaps(b, t) for t in taken):
            return b
    return None


def spiral(center: Point, area: Box, step_x: float, step_y: float) -> list[Point]:
    """Candidate centres on a grid over ``area``, nearest ``center`` first (a pleasing default: the label moves
    as little as it must)."""
    if step_x <= 0 or step_y <= 0:
        return [center]
    nx = int((area[2] - area[0]) / step_x) + 1
    ny = int((area[3] - area[1]) / step_y) + 1
    # only the steps that can land in the area (two to spare either side: the filter below decides, on the same floats)
    i0 = max(-nx, math.floor((area[0] - center[0]) / step_x) - 2)
    i1 = min(nx, math.ceil((area[2] - center[0]) / step_x) + 2)
    j0 = max(-ny, math.floor((area[1] - center[1]) / step_y) - 2)
    j1 = min(ny, math.ceil((area[3] - center[1]) / step_y) + 2)
    cx, cy = center
    xs = [x for x in (cx + i * step_x for i in range(i0, i1 + 1)) if area[0] <= x <= area[2]]
    ys = [y for y in (cy + j * step_y for j in range(j0, j1 + 1)) if area[1] <= y <= area[3]]
    # sorted as (distance, y, x) tuples: compared in C, no key function called per point
    keyed = [(math.hypot(x - cx, y - cy), y, x) for x in xs for y in ys]
    keyed.sort()
    return [(x, y) for _d, y, x in keyed]


def draw(img: Image.Image, labels: Sequence[Label], radius: float) -> Image.Image:
    """``img`` with every label drawn on its light box (composited, so the box is slightly transparent)."""
    if not labels:
        return img
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for lb in labels:
        od.rounded_rectangle(lb.box, radius=radius, fill=BOX_FILL,
                             outline=(*lb.edge, 255) if lb.edge else None, width=1)
    out = Image.alpha_composite(img.convert("RGBA"), overlay)
    d = ImageDraw.Draw(out)
    for lb in labels:
        cx, cy = (lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2
        d.text((cx, cy), lb.text, fill=(*lb.fill, 255), font=lb.font, anchor="mm")
    return out.convert(img.mode)
