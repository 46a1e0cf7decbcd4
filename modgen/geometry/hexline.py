"""Hex lines and line of sight on a hex grid: which hexes and hexsides a line between two hex centres passes.

Pure arithmetic over :class:`modgen.geometry.hexgrid.Grid`; what blocks is given by the caller (terrain tables are
system data), so every rule system can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from modgen.geometry.arcs import bearing as point_bearing
from modgen.geometry.arcs import normalize
from modgen.geometry.hexgrid import Grid


def lines(grid: Grid, a: str, b: str) -> list[list[str]]:
    """The hexes a line from ``a`` to ``b`` passes, ends included: one list, or two when the line runs exactly
    along hexsides somewhere (then each list takes one side of every such hexside; a reading that leaves the map
    is dropped when the other stays on it)."""
    one, other = grid.line(a, b, tie=1), grid.line(a, b, tie=-1)
    if one == other:
        return [one]
    on_map = [p for p in (one, other) if all(h in grid for h in p)]
    return on_map or [one, other]  # along the map edge the reading through off-map hexes is no line at all


@dataclass
class Sight:
    """The verdict on one line of sight: clear or not, and what blocks it (first blocking hex or hexside)."""

    clear: bool
    hex: str | None = None  # the blocking hex
    hexside: tuple[str, str] | None = None  # the blocking hexside (the two hexes)
    lines: list[list[str]] = field(default_factory=list)


def _blocker(path: list[str], blocks_hex: Callable[[str], bool],
             blocks_side: Callable[[str, str], bool]) -> tuple[str | None, tuple[str, str] | None]:
    for i, (x, y) in enumerate(zip(path, path[1:], strict=False)):
        if blocks_side(x, y):
            return None, (x, y)
        if i + 1 < len(path) - 1 and blocks_hex(y):
            return y, None
    return None, None


def line_of_sight(grid: Grid, a: str, b: str, blocks_hex: Callable[[str], bool] = lambda h: False,
                  blocks_side: Callable[[str, str], bool] = lambda x, y: False, along_side: str = "both") -> Sight:
    """Line of sight from hex ``a`` to hex ``b``: blocked by an intervening hex (ends excluded) for which
    ``blocks_hex`` is true, or by a crossed hexside for which ``blocks_side`` is true.

    When the line runs along hexsides it has two readings (:func:`lines`); ``along_side="both"`` blocks only if both
    readings are blocked (the usual "both sides must block" rule), ``"either"`` if either one is.
    """
    if along_side not in ("both", "either"):
        raise ValueError(f"along_side must be 'both' or 'either', got {along_side!r}")
    readings = lines(grid, a, b)
    verdicts = [_blocker(p, blocks_hex, blocks_side) for p in readings]
    blocked = [v for v in verdicts if v != (None, None)]
    if (along_side == "both" and len(blocked) == len(verdicts)) or (along_side == "either" and blocked):
        h, side = blocked[0]
        return Sight(False, h, side, readings)
    return Sight(True, lines=readings)


def direction_degrees(grid: Grid, a: str, b: str) -> float:
    """Degrees (clockwise from up) from hex ``a`` to its neighbour ``b``: the facing of the hexside between them
    (flat-topped N = 0, NE = 60…; pointy-topped NE = 30, E = 90…). ValueError if not adjacent."""
    i = grid.directions.index(grid.direction(a, b))
    return normalize((0.0 if not grid.sideways else 90.0) + 60.0 * i)


def bearing(grid: Grid, a: str, b: str) -> float:
    """Bearing from the centre of hex ``a`` to the centre of hex ``b`` in degrees clockwise from up (0 when the same
    hex); for a neighbour it equals :func:`direction_degrees`."""
    pa = grid.exact_center(*grid.position(a), 100.0)
    pb = grid.exact_center(*grid.position(b), 100.0)
    return point_bearing(pa, pb)


def height_blocker(grid: Grid, a: str, b: str, level: Callable[[str], float],
                   top: Callable[[str], float]) -> Callable[[str], bool]:
    """A ``blocks_hex`` predicate for :func:`line_of_sight` on a map with heights: the sight line runs straight from
    the ground ``level`` of ``a`` to that of ``b``, and an intervening hex blocks when its ``top`` (ground level plus
    any obstacle on it) rises above the line where the line passes it (strictly: an obstacle level with the line
    does not block). On a flat map (every level 0) this is "an obstacle of any height blocks"."""
    la, lb = float(level(a)), float(level(b))
    n = grid.distance(a, b) or 1

    def blocks(h: str) -> bool:
        return float(top(h)) > la + (lb - la) * grid.distance(a, h) / n

    return blocks
