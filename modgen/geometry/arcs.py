"""Facing and arcs, in degrees clockwise from the top of the map (0 = up/north, 90 = right/east), pure arithmetic.

Table coordinates are inches with x to the right and y **down** (as map data and VASSAL give them); hex facings are
degrees too: a flat-topped hex's sides face 0, 60, …, 300 and a pointy-topped hex's sides 30, 90, …, 330.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EPS = 1e-9  # arc boundaries are inclusive up to this tolerance (floating-point bearings)


def normalize(deg: float) -> float:
    """An angle in [0, 360)."""
    out = math.fmod(float(deg), 360.0)
    if out < 0:
        out += 360.0
    return 0.0 if out >= 360.0 else out


def difference(a: float, b: float) -> float:
    """Signed smallest turn from ``a`` to ``b`` in (-180, 180]: positive = clockwise."""
    d = normalize(b - a)
    return d - 360.0 if d > 180.0 else d


def bearing(frm: Sequence[float], to: Sequence[float]) -> float:
    """Bearing of point ``to`` seen from ``frm`` (table inches, y down), degrees clockwise from up.
    The bearing of a point onto itself is 0."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return 0.0
    return normalize(math.degrees(math.atan2(dx, -dy)))


def in_arc(facing: float, direction: float, width: float) -> bool:
    """Is ``direction`` inside the arc of total ``width`` degrees centred on ``facing``? Boundaries count as
    inside (a target exactly on the line between front and flank is in the front arc)."""
    if width >= 360:
        return True
    return abs(difference(facing, direction)) <= width / 2 + EPS


def arc_of(facing: float, direction: float, arcs: Sequence[tuple[str, float]]) -> str | None:
    """The first named arc, in order, that holds ``direction``; e.g. ``[("front", 180), ("rear", 360)]`` for
    Flames of War's front/side split or ``[("front", 120), ("flank", 360)]`` for a hex front of two hexsides."""
    for name, width in arcs:
        if in_arc(facing, direction, width):
            return name
    return None


FRONT_REAR = (("front", 180.0), ("rear", 360.0))


def front_or_rear(facing: float, direction: float) -> str:
    """``"front"`` when ``direction`` is within 90 degrees of ``facing`` (the front 180-degree arc), else ``"rear"``."""
    return arc_of(facing, direction, FRONT_REAR) or "rear"


def hexside_degrees(hexside: int, orientation: str = "flat") -> float:
    """Degrees of hexside number ``hexside`` (0-5, clockwise from the first side at or right of up): flat-topped
    hexes 0 → 0 (N), 1 → 60 (NE)…; pointy-topped 0 → 30 (NE), 1 → 90 (E)…"""
    return normalize((0.0 if orientation == "flat" else 30.0) + 60.0 * (int(hexside) % 6))


def degrees_hexside(deg: float, orientation: str = "flat") -> int:
    """The hexside number nearest to ``deg`` (inverse of :func:`hexside_degrees`)."""
    base = 0.0 if orientation == "flat" else 30.0
    return int(math.floor(normalize(deg - base) / 60.0 + 0.5)) % 6
