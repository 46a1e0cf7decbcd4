"""Hex-map art that needs room: where each hex number, place name, the title and the scale bar go.

Everything is computed before drawing, as boxes in board pixels, so the renderer and the geometry tests see the same
placement: hex numbers move off the lines that run through their usual spot (top centre), place names take the
first spot near their hex that covers no hex number and no other label (:func:`modgen.draw.maplabels.first_free`, as
table maps do), and the title and scale bar go to a stretch of margin no entry-edge band or north arrow uses.
Also here: the terrain art a terrain type gets when its data names no ``pattern``/``symbol`` (airfields, hills…).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from modgen.draw.maplabels import Box, first_free, overlaps, spiral
from modgen.draw.mapstyle import BACKGROUND, PATTERNS, SYMBOLS, TEXT_COLOR, Color
from modgen.draw.printing import font

Point = tuple[float, float]

#: Terrain art by words of the terrain id, when the data gives neither a known ``pattern`` nor ``symbol``.
_ART_BY_WORD: tuple[tuple[frozenset[str], str | None, str | None], ...] = (
    (frozenset({"airfield", "airfields", "airport", "airstrip", "airbase"}), None, "airfield"),
    (frozenset({"fort", "forts", "fortress", "fortification", "fortifications", "bunker"}), None, "fort"),
    (frozenset({"city", "cities"}), "city", None),
    (frozenset({"town", "towns", "village", "villages", "building", "buildings"}), "town", None),
    (frozenset({"woods", "wood", "forest", "forests", "trees", "orchard"}), "trees", None),
    (frozenset({"swamp", "swamps", "marsh", "marshes", "bog"}), "marsh", None),
    (frozenset({"hill", "hills", "heights", "ridge", "mountain", "mountains"}), "hill", None),
    (frozenset({"rough", "broken", "rocky", "balka", "gully", "ravine"}), "rough", None),
)
#: Terrain ids that are the plain ground of a map: no art on purpose.
PLAIN = frozenset({"clear", "open", "open_ground", "plain", "plains", "grass", "grassland", "field", "fields"})


def terrain_art(tid: str, t: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(pattern, symbol) to draw for hex terrain ``tid``: the data's own when known, else one from the id's words
    (``airfield`` → runways, ``hills`` → contours…); (None, None) for plain ground."""
    pattern = t.get("pattern") if t.get("pattern") in PATTERNS else None
    symbol = t.get("symbol") if t.get("symbol") in SYMBOLS else None
    if pattern or symbol:
        return pattern, symbol
    words = set(re.split(r"[^a-z]+", tid.lower()))
    for names, p, s in _ART_BY_WORD:
        if words & names:
            return p, s
    return None, None


# --- line geometry -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stroke:
    """A drawn line segment and its half-width in px (casing, ties and parapets included)."""

    a: Point
    b: Point
    half: float


def _seg_point(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def stroke_hits_box(s: Stroke, box: Box) -> bool:
    """Does the stroke (a segment ``s.half`` px either side) share any area with ``box``?"""
    x0, y0, x1, y1 = box
    if min(s.a[0], s.b[0]) - s.half > x1 or max(s.a[0], s.b[0]) + s.half < x0 \
            or min(s.a[1], s.b[1]) - s.half > y1 or max(s.a[1], s.b[1]) + s.half < y0:
        return False
    if any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for p in (s.a, s.b)):
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
    if any(_segments_cross(s.a, s.b, p, q) for p, q in edges):
        return True
    gap = min(min(_seg_point(p, s.a, s.b) for p in corners), min(_seg_point(p, a, b) for a, b in edges
                                                                   for p in (s.a, s.b)))
    return gap < s.half


# --- placement -------------------------------------------------------------------------------------------------------

@dataclass
class Placed:
    """A text placed on the board: its anchor point (centre, anchor ``mm``), font size and ink box (halo included)."""

    text: str
    at: Point
    size: float
    box: Box
    bold: bool = False


def text_box(text: str, at: Point, size: float, halo: float, bold: bool = False) -> Box:
    """Ink box of ``text`` centred (anchor ``mm``) at ``at`` in a ``size`` px font, grown by ``halo`` px."""
    x0, y0, x1, y1 = font(size, bold=bold).getbbox(text, anchor="mm")
    return at[0] + x0 - halo, at[1] + y0 - halo, at[0] + x1 + halo, at[1] + y1 + halo


#: Hex-number spots as (dx, dy, font scale) in hexes from the centre: top centre first, then beside the top and at the
#: bottom, where a line through the top does not run.
NUMBER_SPOTS = ((0.0, -0.33, 1.0), (-0.26, -0.28, 0.7), (0.26, -0.28, 0.7), (0.0, 0.35, 1.0),
                (-0.26, 0.28, 0.7), (0.26, 0.28, 0.7), (-0.3, 0.0, 0.7), (0.3, 0.0, 0.7))


def _bucketed(strokes: Sequence[Stroke], cell: float) -> dict[tuple[int, int], list[Stroke]]:
    out: dict[tuple[int, int], list[Stroke]] = {}
    for s in strokes:
        for i in range(math.floor((min(s.a[0], s.b[0]) - s.half) / cell),
                       math.floor((max(s.a[0], s.b[0]) + s.half) / cell) + 1):
            for j in range(math.floor((min(s.a[1], s.b[1]) - s.half) / cell),
                           math.floor((max(s.a[1], s.b[1]) + s.half) / cell) + 1):
                out.setdefault((i, j), []).append(s)
    return out


def _near(buckets: dict[tuple[int, int], list[Stroke]], box: Box, cell: float) -> list[Stroke]:
    seen: dict[int, Stroke] = {}
    for i in range(math.floor(box[0] / cell), math.floor(box[2] / cell) + 1):
        for j in range(math.floor(box[1] / cell), math.floor(box[3] / cell) + 1):
            for s in buckets.get((i, j), ()):
                seen[id(s)] = s
    return list(seen.values())


@dataclass
class Placement:
    """Where the text of one hex map goes (all boxes in board px)."""

    numbers: dict[str, Placed] = field(default_factory=dict)
    places: list[Placed] = field(default_factory=list)


def place_numbers(centers: Mapping[str, Point], hex_px: float, strokes: Sequence[Stroke]) -> dict[str, Placed]:
    """Each hex's number at the first of :data:`NUMBER_SPOTS` no stroke touches (top centre when all are taken)."""
    size, halo = hex_px * 0.13, max(1.0, round(hex_px * 0.02))
    buckets = _bucketed(strokes, hex_px)
    out: dict[str, Placed] = {}
    for label, (cx, cy) in centers.items():
        first = None
        for dx, dy, k in NUMBER_SPOTS:
            at = (cx + dx * hex_px, cy + dy * hex_px)
            box = text_box(label, at, size * k, halo)
            p = Placed(label, at, size * k, box)
            first = first or p
            if not any(stroke_hits_box(s, box) for s in _near(buckets, box, hex_px)):
                out[label] = p
                break
        else:
            out[label] = first  # type: ignore[assignment]
    return out


def place_names(names: Sequence[tuple[str, Point]], hex_px: float, numbers: Mapping[str, Placed],
                strokes: Sequence[Stroke], bounds: Box) -> list[Placed]:
    """Place names near their hex: the first spot (nearest first) covering no hex number and no placed name, and if
    one exists, no line either."""
    size, halo = hex_px * 0.19, max(1.0, round(hex_px * 0.03)) + 1
    # the numbers' boxes by their top edge: a name's reach meets only those whose top lies within the tallest box's
    # height above it (the order does not matter: a candidate is free when it meets none of them)
    taken = sorted((p.box for p in numbers.values()), key=lambda b: b[1])
    tops = [b[1] for b in taken]
    tallest = max((b[3] - b[1] for b in taken), default=0.0)
    buckets = _bucketed(strokes, hex_px)
    out: list[Placed] = []
    for name, (cx, cy) in names:
        pref = (cx, cy + hex_px * 0.2)
        box0 = text_box(name, pref, size, halo, bold=True)
        wh = (box0[2] - box0[0], box0[3] - box0[1])
        reach = (pref[0] - hex_px * 1.5 - wh[0] / 2, pref[1] - hex_px * 1.2, pref[0] + hex_px * 1.5 + wh[0] / 2,
                 pref[1] + hex_px * 1.2)
        some = taken[bisect.bisect_left(tops, reach[1] - tallest):bisect.bisect_left(tops, reach[3])]
        near = [b for b in some + [p.box for p in out] if overlaps(b, reach)]
        lines = _near(buckets, reach, hex_px)
        # the preferred spot is the spiral's first candidate (the only one at distance 0), and most names keep it:
        # the spiral is made only when it is taken
        box = None if any(stroke_hits_box(s, box0) for s in lines) else first_free([pref], wh, near, bounds)
        if box is None:
            cands = spiral(pref, reach, hex_px * 0.08, hex_px * 0.06)
            # lazily: first_free takes the first candidate that is also clear of lines, so test lines only that far
            clear = (c for c in cands if not any(stroke_hits_box(s, _shift(box0, pref, c)) for s in lines))
            box = first_free(clear, wh, near, bounds) or first_free(cands, wh, near, bounds)
        if box is None:  # nowhere free: the preferred spot (a geometry test reports it)
            box = box0
        at = ((box[0] + box[2]) / 2 + (pref[0] - (box0[0] + box0[2]) / 2),
              (box[1] + box[3]) / 2 + (pref[1] - (box0[1] + box0[3]) / 2))
        out.append(Placed(name, at, size, box, bold=True))
    return out


def _shift(box: Box, frm: Point, to: Point) -> Box:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def place_in_margin(size: tuple[float, float], strips: Sequence[Box], taken: Sequence[Box], step: float,
                    from_right: bool = False) -> Box | None:
    """A box of ``size`` inside one of ``strips`` (tried in order), overlapping none of ``taken``."""
    w, h = size
    for s in strips:
        if s[2] - s[0] < w or s[3] - s[1] < h:
            continue
        y = (s[1] + s[3]) / 2
        n = int((s[2] - s[0] - w) / step) + 1
        xs = [s[0] + w / 2 + k * step for k in range(n)]
        if from_right:
            xs.reverse()
        box = first_free([(x, y) for x in xs], size, taken, s)
        if box is not None:
            return box
    return None


def margin_placement(px: float, size: tuple[float, float], grid: Box, bands: Sequence[tuple[list[Point], Color, float]],
                     title: str, o: Mapping[str, Any]) -> dict[str, tuple[Box, float]]:
    """Boxes (and font sizes) of the title and the scale bar on a board of ``size`` px whose grid spans ``grid``: in
    the top or bottom margin, clear of the entry-edge ``bands``, the north arrow and each other; the title shrinks
    (to 60%) before it gives up."""
    width, height = size
    edge = px * 0.06 + max(2, round(px / 25))  # the border and its line
    inset = px * 0.25
    top, bottom = (inset, 0.0, width - inset, grid[1] - edge), (inset, grid[3] + edge, width - inset, height)
    taken = [(min(x for x, _ in pts) - w / 2, min(y for _, y in pts) - w / 2, max(x for x, _ in pts) + w / 2,
              max(y for _, y in pts) + w / 2) for pts, _, w in bands]
    if o["compass"]:
        r = px * 0.17
        taken.append((width - px * 0.3 - r * 2.2, px * 0.25 - r, width - px * 0.3 + r * 0.4, px * 0.25 + r))
    out: dict[str, tuple[Box, float]] = {}
    if o["title"]:
        for k in (1.0, 0.85, 0.7, 0.6):
            fs = px * 0.28 * k
            b = text_box(title, (0, 0), fs, px * 0.02, bold=True)
            box = place_in_margin((b[2] - b[0], b[3] - b[1]), [top, bottom], taken, px * 0.25)
            if box is not None:
                out["title"] = (box, fs)
                taken.append(box)
                break
    box = place_in_margin(scale_size(px), [bottom, top], taken, px * 0.25, from_right=True)
    if box is not None:
        out["scale"] = (box, 0.0)
    return out


def scale_size(px: float) -> tuple[float, float]:
    """Width and height in px of :func:`scale_bar`."""
    return px * 5 + font(px * 0.12).getlength(" hexes") + px * 0.25, px * 0.3


def scale_bar(d: Any, px: float, box: Box) -> None:
    """Five hexes (centre to centre) in alternating blocks in ``box``, ticks labelled 0…5, then "hexes"."""
    f = font(px * 0.12)
    x, y = box[0] + px * 0.1, box[3] - px * 0.07
    h = px * 0.06
    for k in range(5):
        d.rectangle([x + k * px, y - h, x + (k + 1) * px, y], fill=TEXT_COLOR if k % 2 == 0 else BACKGROUND,
                    outline=TEXT_COLOR)
    for k in range(6):
        d.text((x + k * px, y - h - px * 0.02), str(k), fill=TEXT_COLOR, font=f, anchor="md")
    d.text((x + 5 * px + px * 0.08, y - h / 2), "hexes", fill=TEXT_COLOR, font=f, anchor="lm")


def legend_scale_bar(d: Any, top: float, width: float, px: float) -> bool:
    """The scale bar at the right of a legend strip's heading row (the strip starts at ``top``, is ``width`` px
    wide, its unit is the hex size ``px``); False when the row has no room beside the heading."""
    w, h = scale_size(px)
    right = width - px * 0.25
    if right - w < px * 0.5 + font(px * 0.22, bold=True).getlength("Terrain") + px * 0.5:
        return False
    scale_bar(d, px, (right - w, top + px * 0.1, right, top + px * 0.1 + h))
    return True

