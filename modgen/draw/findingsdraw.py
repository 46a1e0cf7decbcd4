"""Drawing primitives for the map picture of findings: numbered badges, dashed hexagon rings, arrows, unit chips and
the legend strip. They know pixels and colours only; :mod:`modgen.report.picture` decides what goes where.

The finding marks are magenta (errors), amber (warnings) or grey (could not check), dashed and hexagonal, so that
none can be taken for a map objective (a solid red circle with a star, :func:`modgen.draw.mapdraw._objectives`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from modgen.draw.printing import font

Point = tuple[float, float]
Color = tuple[int, int, int]

SEVERITY_COLOURS: dict[str, Color] = {
    "error": (214, 0, 170),  # magenta: a colour no bundled map uses for terrain or objectives
    "warning": (235, 140, 0),
    "could-not-check": (110, 110, 110),
}
WHITE: Color = (255, 255, 255)
INK: Color = (20, 20, 20)


def colour_of(severity: str) -> Color:
    """The mark colour of a severity (grey for one this module does not know)."""
    return SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS["could-not-check"])


def dashed_polygon(d: ImageDraw.ImageDraw, pts: Sequence[Point], fill: Color, width: int, dash: float) -> None:
    """A closed outline of ``pts`` drawn as dashes ``dash`` px long with gaps of half that, corners always inked."""
    n = len(pts)
    for k in range(n):
        (ax, ay), (bx, by) = pts[k], pts[(k + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        s = 0.0
        while s < length:
            e = min(length, s + dash)
            d.line([(ax + ux * s, ay + uy * s), (ax + ux * e, ay + uy * e)], fill=fill, width=width)
            s = e + dash * 0.5
        r = width / 2  # round corners so the dashes meet cleanly
        d.ellipse([ax - r, ay - r, ax + r, ay + r], fill=fill)


def hexagon(cx: float, cy: float, radius: float, pointy: bool) -> list[Point]:
    """Six corners of a regular hexagon of centre-to-corner ``radius``."""
    start = -90.0 if pointy else 180.0
    return [(cx + radius * math.cos(math.radians(start + 60 * k)), cy + radius * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def badge(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, number: int, colour: Color) -> None:
    """A filled disc in ``colour`` with a white rim and the white ``number`` in its middle."""
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=WHITE, width=max(1, round(r / 6)))
    text = str(number)
    f = font(r * (1.15 if len(text) < 2 else 0.95 if len(text) < 3 else 0.75), bold=True)
    d.text((cx, cy), text, fill=WHITE, font=f, anchor="mm")


def arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, colour: Color, width: float, stop: float = 0.0) -> None:
    """An arrow from ``a`` to ``b`` (its tip ``stop`` px short of ``b``), with a white halo to read on any terrain."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length <= stop + width:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    tip = (b[0] - ux * stop, b[1] - uy * stop)
    head = width * 3.2
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    tri = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    w = max(1, round(width))
    halo = max(1, round(width / 3))
    d.line([a, base], fill=WHITE, width=w + 2 * halo)
    d.polygon(tri, fill=WHITE, outline=WHITE, width=halo * 2)
    d.line([a, base], fill=colour, width=w)
    d.polygon(tri, fill=colour)


def path_line(d: ImageDraw.ImageDraw, pts: Sequence[Point], colour: Color, width: float) -> None:
    """A move path: a haloed line through ``pts`` with a dot at each hex entered."""
    w = max(1, round(width))
    d.line(list(pts), fill=WHITE, width=w + 2, joint="curve")
    d.line(list(pts), fill=colour, width=w, joint="curve")
    r = w * 0.9
    for x, y in pts[1:]:
        d.ellipse([x - r, y - r, x + r, y + r], fill=colour)


def chip(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: Color, text: str,
         text_colour: Color, polygon: Sequence[Point] | None = None) -> None:
    """A labelled unit chip: a filled box (or ``polygon``, e.g. a rotated base) with a dark outline and ``text``."""
    if polygon is not None:
        d.polygon(list(polygon), fill=fill, outline=INK, width=1)
    else:
        d.rectangle(box, fill=fill, outline=INK, width=1)
    x0, y0, x1, y1 = box
    size = max(6.0, min((y1 - y0) * 0.42, (x1 - x0) * 1.6 / max(1, len(text))))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, fill=text_colour, font=font(size, bold=True), anchor="mm")


def paste_stack(img: Image.Image, faces: Sequence[Image.Image], cx: float, cy: float, step: float) -> None:
    """Paste counter images centred on (cx, cy), each later one ``step`` px down-right of the one before, so a stack
    shows its depth; the stack as a whole stays centred on the point."""
    if not faces:
        return
    shift = step * (len(faces) - 1) / 2
    for k, face in enumerate(faces):
        x = cx - face.width / 2 - shift + k * step
        y = cy - face.height / 2 - shift + k * step
        img.paste(face, (round(x), round(y)), face if face.mode == "RGBA" else None)


def with_legend(img: Image.Image, rows: Sequence[tuple[int, str, str, str]], unit: float,
                title: str = "", notes: Sequence[str] = ()) -> Image.Image:
    """The image with a legend strip below it: one row per ``(number, severity, rule, message)``, each with its
    badge, then ``notes`` (e.g. the mark key). Messages are cut to fit the width with an ellipsis."""
    f = font(unit * 0.34)
    fb = font(unit * 0.34, bold=True)
    row_h = unit * 0.62
    pad = unit * 0.4
    height = round(pad * 2 + row_h * (len(rows) + len(notes) + (1 if title else 0)))
    out = Image.new("RGB", (img.width, img.height + height), WHITE)
    out.paste(img, (0, 0))
    d = ImageDraw.Draw(out)
    d.line([(0, img.height), (img.width, img.height)], fill=INK, width=max(1, round(unit / 20)))
    y = img.height + pad + row_h / 2
    if title:
        d.text((pad, y), title, fill=INK, font=fb, anchor="lm")
        y += row_h
    rule_w = max([fb.getlength(r[2]) for r in rows] + [0.0]) + unit * 0.4
    for number, severity, rule, message in rows:
        r = row_h * 0.42
        badge(d, pad + r, y, r, number, colour_of(severity))
        x = pad + 2 * r + unit * 0.3
        d.text((x, y), rule, fill=INK, font=fb, anchor="lm")
        x += rule_w
        d.text((x, y), _fit(message, f, img.width - x - pad), fill=INK, font=f, anchor="lm")
        y += row_h
    for note in notes:
        d.text((pad, y), _fit(note, f, img.width - 2 * pad), fill=(70, 70, 70), font=f, anchor="lm")
        y += row_h
    return out


def _fit(text: str, f: Any, width: float) -> str:
    """``text`` cut (with an ellipsis) to at most ``width`` px in font ``f``."""
    if f.getlength(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid] + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"
