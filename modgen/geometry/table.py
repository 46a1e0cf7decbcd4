"""Table-top geometry for miniatures games (Flames of War): positions in inches with facing, rectangular base
footprints, edge-to-edge distances, point-in-polygon and path-crosses-polygon tests. Pure arithmetic.

Coordinates are inches, x to the right, y down; facing in degrees clockwise from up (:mod:`modgen.geometry.arcs`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from modgen.geometry.arcs import bearing, front_or_rear

Point = tuple[float, float]
MM_PER_INCH = 25.4
EPS = 1e-9


@dataclass(frozen=True)
class Pose:
    """Where a team or model stands: centre (x, y) in inches and facing in degrees."""

    x: float
    y: float
    facing: float = 0.0

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True)
class Footprint:
    """A rectangular base: ``width`` across the front, ``depth`` front to back, in inches."""

    width: float
    depth: float

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Footprint:
        """From ``{"width_in", "depth_in"}`` or ``{"width_mm", "depth_mm"}`` (FoW bases are given in mm, e.g. a
        medium base 50 x 50 mm); ValueError names a missing or non-positive size."""
        for unit, scale in (("in", 1.0), ("mm", 1 / MM_PER_INCH)):
            w, d = data.get(f"width_{unit}"), data.get(f"depth_{unit}")
            if w is None and d is None:
                continue
            for key, v in ((f"width_{unit}", w), (f"depth_{unit}", d)):
                if isinstance(v, bool) or not isinstance(v, int | float) or not v > 0 or not math.isfinite(v):
                    raise ValueError(f"base {key}: expected a positive number, got {v!r}")
            return cls(float(w) * scale, float(d) * scale)
        raise ValueError("base: give width_in/depth_in or width_mm/depth_mm")


def corners(pose: Pose, base: Footprint) -> list[Point]:
    """The base's four corners, clockwise from front-left, for a team at ``pose``."""
    f = math.radians(pose.facing)
    fx, fy = math.sin(f), -math.cos(f)  # forward (y down)
    rx, ry = math.cos(f), math.sin(f)  # right
    hw, hd = base.width / 2, base.depth / 2
    out = []
    for a, b in ((1, -1), (1, 1), (-1, 1), (-1, -1)):  # (forward, right) signs: FL, FR, RR, RL
        out.append((pose.x + a * hd * fx + b * hw * rx, pose.y + a * hd * fy + b * hw * ry))
    return out


def point_segment_distance(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    """Shortest distance from ``p`` to the segment ``a``-``b``."""
    ax, ay = a[0], a[1]
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _orient(a: Sequence[float], b: Sequence[float], c: Sequence[float]) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_intersect(a: Sequence[float], b: Sequence[float], c: Sequence[float], d: Sequence[float]) -> bool:
    """Do segments a-b and c-d touch or cross?"""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    def strict(u: float, v: float) -> bool:
        return (u > EPS and v < -EPS) or (u < -EPS and v > EPS)

    if strict(o1, o2) and strict(o3, o4):
        return True
    return any(point_segment_distance(p, s, e) <= EPS for p, s, e in ((c, a, b), (d, a, b), (a, c, d), (b, c, d)))


def segment_distance(a: Sequence[float], b: Sequence[float], c: Sequence[float], d: Sequence[float]) -> float:
    """Shortest distance between segments a-b and c-d (0 when they touch)."""
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def _edges(poly: Sequence[Sequence[float]]) -> list[tuple[Sequence[float], Sequence[float]]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def point_in_polygon(point: Sequence[float], polygon: Sequence[Sequence[float]]) -> bool:
    """Even-odd rule; a point on an edge counts as inside (terrain touched is terrain entered)."""
    if len(polygon) < 3:
        return False
    x, y = point[0], point[1]
    hit = False
    for (x1, y1), (x2, y2) in _edges(polygon):
        if point_segment_distance((x, y), (x1, y1), (x2, y2)) <= EPS:
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def polygon_distance(p: Sequence[Sequence[float]], q: Sequence[Sequence[float]]) -> float:
    """Edge-to-edge distance between two polygons (bases or terrain): 0 when they touch, overlap or one holds the
    other."""
    if point_in_polygon(p[0], q) or point_in_polygon(q[0], p):
        return 0.0
    return min(segment_distance(a, b, c, d) for a, b in _edges(p) for c, d in _edges(q))


def base_distance(a: Pose, base_a: Footprint, b: Pose, base_b: Footprint) -> float:
    """Edge-to-edge distance between two teams' bases, in inches (how FoW measures range and movement)."""
    return polygon_distance(corners(a, base_a), corners(b, base_b))


def path_crosses(path: Sequence[Sequence[float]], polygon: Sequence[Sequence[float]]) -> bool:
    """Does a path of straight legs enter or cross the polygon (any point of it inside or on its edge)?"""
    if not path or len(polygon) < 3:
        return False
    if any(point_in_polygon(p, polygon) for p in path):
        return True
    return any(segments_intersect(a, b, c, d) for a, b in zip(path, path[1:], strict=False)
               for c, d in _edges(polygon))


def length_inside(a: Sequence[float], b: Sequence[float], polygon: Sequence[Sequence[float]]) -> float:
    """How much of the straight line from ``a`` to ``b`` lies inside the polygon, in the table's unit (FoW p.28:
    a line of sight more than 2" through Tall terrain is blocked)."""
    if len(polygon) < 3:
        return 0.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    cuts = [0.0, 1.0]
    for (x1, y1), (x2, y2) in _edges(polygon):
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue  # parallel to this edge: the other edges bound the inside part
        t = ((x1 - a[0]) * ey - (y1 - a[1]) * ex) / den
        u = ((x1 - a[0]) * dy - (y1 - a[1]) * dx) / den
        if 0.0 < t < 1.0 and -1e-12 <= u <= 1.0 + 1e-12:
            cuts.append(t)
    cuts.sort()
    inside = sum(t1 - t0 for t0, t1 in zip(cuts, cuts[1:], strict=False)
                 if t1 > t0 and point_in_polygon((a[0] + dx * (t0 + t1) / 2, a[1] + dy * (t0 + t1) / 2), polygon))
    return inside * math.hypot(dx, dy)


def path_length(path: Sequence[Sequence[float]]) -> float:
    """Total length of a path of straight legs."""
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:], strict=False))


def target_arc(shooter: Pose, target: Sequence[float]) -> str:
    """``"front"`` or ``"rear"``: is ``target`` in the front 180 degrees of ``shooter``?"""
    return front_or_rear(shooter.facing, bearing(shooter.point, target))
