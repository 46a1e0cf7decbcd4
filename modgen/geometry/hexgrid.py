"""Pure hex-grid geometry and a faithful port of VASSAL's HexGrid / HexGridNumbering arithmetic (no Pillow).

Coordinates
-----------
*Offset coordinates* ``(col, row)`` are physical: ``col`` counts hexes left→right from 0, ``row`` top→bottom from 0.

* ``orientation: "flat"`` (VASSAL ``sideways=false``): flat-topped hexes in vertical columns; **odd columns are shifted
  down** by half a hex (VASSAL fixes this parity: ``HexGrid.hexPointCenterFromRawIndex``). Neighbour order:
  **N, NE, SE, S, SW, NW**.
* ``orientation: "pointy"`` (VASSAL ``sideways=true``): pointy-topped hexes in horizontal rows; **odd rows are shifted
  right**. Neighbour order: **E, SE, SW, W, NW, NE**.
* ``offset: "even"`` (map ``grid.offset``) shifts the even columns/rows instead: our column 0 is then VASSAL's raw
  column 1 (the board starts one raw column in, ``x0`` moves left by ``dx``).

VASSAL computes everything in a "rotated" frame (x and y swapped when sideways). Its *raw column* is our ``col`` for
flat grids and our ``row`` for pointy ones (plus 1 with ``offset: "even"``); its *raw row* is the other one.

Pixels
------
``hex_px`` is the distance between the centres of two adjacent hexes (= the hex's width across flats), i.e. VASSAL's
``dy``; ``dx = sqrt(3)/2 * dy``. The board image has a margin of ``margin`` hexes around the grid, and its size is
chosen so that VASSAL's ``getMaxColumns()``/``getMaxRows()`` (used by descending numbering) are the same integers at
every ``hex_px``; therefore labels never depend on the scale. Hex centres are VASSAL's integer snap points.

Labels are produced exactly as VASSAL's ``RegularGridNumbering.locationName`` would produce them for the centre of
each hex (see :func:`vassal_location_name`). Parsing a label goes through our own table first (an exact inverse for
every on-map hex) and falls back to VASSAL's ``getLocation`` arithmetic for off-map labels.

Known VASSAL non-round-trip (ported literally, not "fixed"): with ``stagger`` and a descending column axis
(``h_descend`` for flat, ``v_descend`` for pointy), ``getRow`` tests the parity of the *raw* column while
``getCenterPoint`` tests the *numbered* column; when ``max_columns`` (``max_rows`` for pointy) is odd they disagree
and VASSAL's ``getLocation(locationName(p))`` lands one row off. :meth:`Grid.vassal_round_trips` reports it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from modgen.errors import DataError
from modgen.geometry.cells import Labelled, grid_size
from modgen.geometry.hexnumbering import (  # noqa: F401  (re-exported: the numbering API is part of modgen.geometry.hexgrid)
    ALPHABET,
    ALPHABETIC_MATCH,
    Numbering,
    f32,
    jround,
    label_pattern,
    name_of,
    parse_name,
)

SQRT3_2 = math.sqrt(3) / 2.0

FLAT_DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")
# Cube deltas (q, r, s) in VASSAL's rotated frame for flat N, NE, SE, S, SW, NW (odd-q offset layout).
_ROT_DIRS = ((0, -1, 1), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1))
# Pointy E, SE, SW, W, NW, NE expressed as rotated-frame directions S, SE, NE, N, NW, SW (x and y swapped).
_POINTY_ORDER = (3, 2, 1, 0, 5, 4)
EDGES = ("north", "south", "east", "west")

DEFAULT_MARGIN = 0.5  # hexes of margin around the grid on the board image
_SLACK = 0.1  # hexes of slack so integer pixel rounding never makes the content outgrow the board


# --- the grid ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Pixel layout of a grid at one scale: VASSAL HexGrid parameters plus the board image size."""

    hex_px: float
    dx: float
    dy: float
    x0: int  # VASSAL origin, in the rotated frame (x0 applies to real y when sideways), as VASSAL stores it
    y0: int
    width: int  # board image size (real frame)
    height: int


@dataclass(frozen=True)
class Grid(Labelled):
    """A hex grid: size, orientation and numbering. Build with :meth:`from_map`."""

    kind: ClassVar[str] = "hex"  # the map kind (the square grid's is "square")

    columns: int
    rows: int
    orientation: str = "flat"
    numbering: Numbering = Numbering()
    margin: float = DEFAULT_MARGIN
    offset: str = "odd"  # which columns (flat) / rows (pointy) are shifted half a hex: "odd" (VASSAL's own) or "even"

    # ---- construction ----
    @classmethod
    def from_map(cls, map_dict: Mapping[str, Any], margin: float = DEFAULT_MARGIN) -> Grid:
        """Read the ``grid`` object of a hex map (docs/design.md); DataError names the bad field."""
        where, g, cols, rows = grid_size(map_dict, "hexes")
        orientation = g.get("orientation", "flat")
        if orientation not in ("flat", "pointy"):
            raise DataError(f"{where}.orientation: must be 'flat' or 'pointy', got {orientation!r}")
        offset = g.get("offset", "odd")
        if offset not in ("odd", "even"):
            raise DataError(f"{where}.offset: must be 'odd' or 'even', got {offset!r}")
        grid = cls(cols, rows, orientation, Numbering.from_dict(g.get("numbering"), f"{where}.numbering"), margin,
                   offset)
        if len(grid._labels) != cols * rows:
            seen: dict[str, tuple[int, int]] = {}
            for c in range(cols):
                for r in range(rows):
                    lab = grid.label(c, r)
                    if lab in seen:
                        raise DataError(f"{where}.numbering: offsets {seen[lab]} and {(c, r)} get the same label "
                                        f"{lab!r}; add a separator or leading zeros")
                    seen[lab] = (c, r)
        return grid

    @property
    def sideways(self) -> bool:
        """VASSAL's ``sideways`` flag (pointy-topped hexes)."""
        return self.orientation == "pointy"

    @property
    def directions(self) -> tuple[str, ...]:
        """Names of the six neighbour directions, in the order :meth:`neighbours` returns them."""
        return POINTY_DIRECTIONS if self.sideways else FLAT_DIRECTIONS

    # ---- rotated-frame helpers ----
    def _rot(self, a: int, b: int) -> tuple[int, int]:
        """Our (col,row) ⇄ VASSAL raw (column,row) in the rotated frame (a swap when sideways)."""
        return (b, a) if self.sideways else (a, b)

    @property
    def _shift(self) -> int:
        """1 when even columns/rows are the shifted ones: our column 0 is then VASSAL's raw column 1."""
        return 1 if self.offset == "even" else 0

    def _to_raw(self, col: int, row: int) -> tuple[int, int]:
        """Our (col, row) → VASSAL raw (column, row) in the rotated frame."""
        a, b = self._rot(col, row)
        return a + self._shift, b

    def _from_raw(self, a: int, b: int) -> tuple[int, int]:
        """VASSAL raw (column, row) → our (col, row)."""
        return self._rot(a - self._shift, b)

    def _rotp(self, x: float, y: float) -> tuple[float, float]:
        return (y, x) if self.sideways else (x, y)

    @property
    def _raw_extent(self) -> tuple[int, int]:
        """(number of raw columns, number of raw rows) in VASSAL's rotated frame."""
        return self._rot(self.columns, self.rows)

    @cached_property
    def _k(self) -> tuple[int, int]:
        """Scale-free board size: (W/dy, H/dx), the integers VASSAL's getMaxColumns/getMaxRows return."""
        na, nb = self._raw_extent
        r = 2.0 * SQRT3_2 / 3.0  # half the corner-to-corner width, in units of dy
        ext_a = 2 * self.margin + 2 * r + (na - 1) * SQRT3_2 + _SLACK  # along the raw-column axis, units of dy
        ext_b = 2 * self.margin + nb + (0.5 if na > 1 or self._shift else 0.0) + _SLACK  # raw-row axis, units of dy
        if self.sideways:  # real W is along the raw-row axis, real H along the raw-column axis
            return math.ceil(ext_b), math.ceil(ext_a / SQRT3_2)
        return math.ceil(ext_a), math.ceil(ext_b / SQRT3_2)

    @property
    def max_columns(self) -> int:
        """VASSAL ``HexGridNumbering.getMaxColumns()`` for our board (floor(width/dy + 0.5)), at any scale."""
        return self._k[0]

    @property
    def max_rows(self) -> int:
        """VASSAL ``HexGridNumbering.getMaxRows()`` for our board (floor(height/dx + 0.5), sic), at any scale."""
        return self._k[1]

    def layout(self, hex_px: float) -> Layout:
        """The pixel layout at ``hex_px`` pixels between adjacent hex centres."""
        if not hex_px or hex_px < 8:
            raise DataError(f"hex size {hex_px!r} px is too small (minimum 8)")
        dy = float(hex_px)
        dx = SQRT3_2 * dy
        r = 2.0 * dx / 3.0
        m = self.margin * dy
        x0 = math.ceil(m + r - self._shift * dx)  # with "even", raw column 1 is the first one drawn
        y0 = math.ceil(m + dy / 2)
        width, height = round(self._k[0] * dy), round(self._k[1] * dx)
        return Layout(dy, dx, dy, x0, y0, width, height)

    @cached_property
    def _ref(self) -> Layout:
        return self.layout(100)

    # ---- VASSAL HexGrid arithmetic (rotated frame inside; real-frame points in and out) ----
    @staticmethod
    def _center_raw(lay: Layout, nx: int, ny: int) -> tuple[int, int]:
        """``HexGrid.hexPointCenterFromRawIndex`` (rotated frame)."""
        x = int(lay.dx * nx + lay.x0)
        y = int(lay.dy * ny + lay.y0) if nx % 2 == 0 else int(lay.dy * ny + int(lay.dy / 2) + lay.y0)
        return x, y

    @staticmethod
    def _hex_shape(lay: Layout, cx: int, cy: int) -> list[tuple[int, int]]:
        """``HexGrid.getSingleHexShape`` vertices (rotated frame, float arithmetic then Math.round, +1 on the right)."""
        x, y = f32(cx), f32(cy)
        ddx, ddy = f32(lay.dx), f32(lay.dy)
        r = f32(f32(2.0 * ddx) / 3.0)
        hr, hy = f32(0.5 * r), f32(0.5 * ddy)
        x1, x2, x3, x4 = f32(x - r), f32(x - hr), f32(x + hr), f32(x + r)
        y2, y5 = f32(y - hy), f32(y + hy)
        return [(jround(x1), jround(y)), (jround(x2), jround(y2)), (jround(x3) + 1, jround(y2)),
                (jround(x4) + 1, jround(y)), (jround(x3) + 1, jround(y5) + 1), (jround(x2), jround(y5) + 1)]

    @staticmethod
    def _contains(poly: list[tuple[int, int]], x: float, y: float) -> bool:
        """Java Shape insideness: boundary points count when the region lies towards +x (or +y on horizontal edges)."""
        px, py = x + 1e-6, y + 1e-9  # probe just right of / below the point, then an ordinary even-odd test
        inside = False
        n = len(poly)
        for i in range(n):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
            if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return inside

    def _hex_point(self, lay: Layout, x: int, y: int, legacy: bool = False) -> tuple[int, int, int, int]:
        """``HexGrid.hexPoint`` (rotated frame, snapScale 0) → (centre x, centre y, raw col, raw row).

        ``legacy``: VASSAL ≤ 3.6 (``hexX``/``hexY``) stops at the first, rectangle-based candidate; the hexagon
        test and neighbour search came with the 2023 rewrite (3.7).
        """
        nx = math.floor((x - lay.x0 + lay.dx / 2) / lay.dx)
        ny = math.floor((y - lay.y0 + lay.dy / 2) / lay.dy) if nx % 2 == 0 else math.floor((y - lay.y0) / lay.dy)
        cx, cy = self._center_raw(lay, nx, ny)
        if not legacy and not self._contains(self._hex_shape(lay, cx, cy), x, y):
            offsets = ((-1, -1), (-1, 0), (1, -1), (1, 0)) if nx % 2 == 0 else ((-1, 0), (-1, 1), (1, 0), (1, 1))
            for ox, oy in offsets:
                c = self._center_raw(lay, nx + ox, ny + oy)
                if self._contains(self._hex_shape(lay, *c), x, y):
                    return c[0], c[1], nx + ox, ny + oy
        return cx, cy, nx, ny

    def _lay(self, scale: float | Layout) -> Layout:
        return scale if isinstance(scale, Layout) else self.layout(scale)

    def snap_to_hex(self, x: int, y: int, scale: float | Layout, legacy: bool = False) -> tuple[int, int]:
        """``HexGrid.snapToHex``: the centre VASSAL snaps board point (x, y) to.

        ``scale`` is ``hex_px`` (our layout) or any :class:`Layout` (e.g. a real module's x0/y0/dx/dy).
        ``legacy=True`` gives VASSAL ≤ 3.6's rectangle-only snapping, which near a hex's corners can pick a
        neighbour; the default follows current VASSAL (true hexagons).
        """
        rx, ry = self._rotp(int(x), int(y))
        cx, cy, _, _ = self._hex_point(self._lay(scale), int(rx), int(ry), legacy)
        return self._rotp(cx, cy)  # type: ignore[return-value]

    @staticmethod
    def _raw_column(lay: Layout, rx: float) -> int:
        """``HexGrid.getRawColumn`` (rotated frame)."""
        return math.floor((int(rx) - lay.x0) / lay.dx + 0.5)

    @staticmethod
    def _raw_row(lay: Layout, rx: float, ry: float) -> int:
        """``HexGrid.getRawRow`` (rotated frame)."""
        nx = jround((int(rx) - lay.x0) / lay.dx)
        if nx % 2 == 0:
            return jround((int(ry) - lay.y0) / lay.dy)
        return jround((int(ry) - lay.y0 - lay.dy / 2) / lay.dy)

    # ---- VASSAL HexGridNumbering ----
    def vassal_location_name(self, x: int, y: int, scale: float | Layout) -> str:
        """``RegularGridNumbering.locationName`` for board point (x, y) with the default ``$gridLocation$`` format.

        ``scale`` is ``hex_px`` or a :class:`Layout`; descending numbering uses :attr:`max_columns`/:attr:`max_rows`.
        """
        return self._location_name(self._lay(scale), int(x), int(y))

    def _location_name(self, lay: Layout, x: int, y: int) -> str:
        rx, ry = self._rotp(x, y)
        return self._name_raw(lay, rx, ry, self.sideways)

    def _name_raw(self, lay: Layout, rx: float, ry: float, sideways: bool) -> str:
        """:meth:`_location_name` of a point already in the rotated frame (``sideways`` passed in: it is asked
        1,500 times when a board's labels are made)."""
        n = self.numbering
        raw_c = self._raw_column(lay, rx)
        col = raw_c
        if n.v_descend and sideways:
            col = self.max_rows - col
        if n.h_descend and not sideways:
            col = self.max_columns - col
        row = self._raw_row(lay, rx, ry)
        if n.v_descend and not sideways:
            row = self.max_rows - row
        if n.h_descend and sideways:
            row = self.max_columns - row
        if n.stagger and raw_c % 2 != 0:
            desc = n.h_descend if sideways else n.v_descend
            row += -1 if desc else 1
        return n.name(col, row)

    def vassal_get_location(self, label: str, scale: float | Layout) -> tuple[int, int] | None:
        """``RegularGridNumbering.getLocation``: the board point VASSAL gives for a label (None = BadCoords)."""
        parsed = self.numbering.parse(label)
        if parsed is None:
            return None
        col, row = parsed
        return self._center_point(self._lay(scale), col, row)

    def _center_point(self, lay: Layout, col: int, row: int) -> tuple[int, int]:
        """``HexGridNumbering.getCenterPoint`` (numbered col/row without offsets) → real-frame board point."""
        n = self.numbering
        if n.stagger and col % 2 != 0:
            desc = n.h_descend if self.sideways else n.v_descend
            row += 1 if desc else -1
        if self.sideways:
            if n.v_descend:
                col = self.max_rows - col
            if n.h_descend:
                row = self.max_columns - row
        else:
            if n.h_descend:
                col = self.max_columns - col
            if n.v_descend:
                row = self.max_rows - row
        px = int(col * lay.dx) + lay.x0
        py = (int(row * lay.dy) if col % 2 == 0 else int(row * lay.dy + lay.dy / 2)) + lay.y0
        return self._rotp(px, py)  # type: ignore[return-value]

    # ---- labels ----
    def in_bounds(self, col: int, row: int) -> bool:
        """True if offset (col, row) is on the map."""
        return 0 <= col < self.columns and 0 <= row < self.rows

    def label(self, col: int, row: int) -> str:
        """The printed label of offset (col, row) — VASSAL's location name of that hex's centre. Works off-map too."""
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return self._label_grid[col][row]
        return self._compute_label(col, row)

    @cached_property
    def _label_grid(self) -> list[list[str]]:
        # _compute_label for every on-map hex, with what is the same for all of them read once
        lay, sideways, shift, centre, name = self._ref, self.sideways, self._shift, self._center_raw, self._name_raw
        rows = range(self.rows)
        if sideways:  # raw (a, b) = (row + shift, col); the centre comes back to the rotated frame unchanged
            return [[name(lay, *centre(lay, r + shift, c), True) for r in rows] for c in range(self.columns)]
        return [[name(lay, *centre(lay, c + shift, r), False) for r in rows] for c in range(self.columns)]

    def _compute_label(self, col: int, row: int) -> str:
        lay = self._ref
        a, b = self._to_raw(col, row)
        cx, cy = self._center_raw(lay, a, b)
        x, y = self._rotp(cx, cy)
        return self._location_name(lay, int(x), int(y))

    def _pos_of_point(self, lay: Layout, x: int, y: int) -> tuple[int, int]:
        rx, ry = self._rotp(x, y)
        return self._from_raw(self._raw_column(lay, rx), self._raw_row(lay, rx, ry))

    # ---- cube coordinates ----
    def to_cube(self, col: int, row: int) -> tuple[int, int, int]:
        """Offset → cube (q, r, s) of VASSAL's raw coordinates in its rotated frame (``qoffsetToCube(ODD, …)``)."""
        a, b = self._to_raw(col, row)
        q = a
        r = b - (a - (a & 1)) // 2  # numerator is even, so Java's truncating division agrees
        return q, r, -q - r

    def from_cube(self, q: int, r: int, s: int | None = None) -> tuple[int, int]:
        """Cube → offset (col, row)."""
        a = q
        b = r + (q - (q & 1)) // 2
        return self._from_raw(a, b)

    def _cube(self, label: str) -> tuple[int, int, int]:
        return self.to_cube(*self.position(label))

    # ---- adjacency, distance, lines ----
    def _dir_deltas(self) -> list[tuple[int, int, int]]:
        if self.sideways:
            return [_ROT_DIRS[i] for i in _POINTY_ORDER]
        return list(_ROT_DIRS)

    def neighbour_positions(self, col: int, row: int) -> list[tuple[int, int]]:
        """The six neighbouring offsets (possibly off-map) in :attr:`directions` order."""
        q, r, s = self.to_cube(col, row)
        return [self.from_cube(q + dq, r + dr, s + ds) for dq, dr, ds in self._dir_deltas()]

    def neighbour(self, label: str, direction: str) -> str | None:
        """The neighbour of ``label`` in ``direction`` (e.g. "NE"), or None if off the map."""
        try:
            i = self.directions.index(direction.upper())
        except ValueError:
            raise ValueError(f"direction {direction!r} is not one of {', '.join(self.directions)}") from None
        pos = self.neighbour_positions(*self.position(label))[i]
        return self.label(*pos) if self.in_bounds(*pos) else None

    def neighbours(self, label: str, on_map: bool = True) -> list[str | None]:
        """Labels of the six neighbours in :attr:`directions` order; off-map ones are None unless ``on_map=False``."""
        out: list[str | None] = []
        for pos in self.neighbour_positions(*self.position(label)):
            out.append(self.label(*pos) if (not on_map or self.in_bounds(*pos)) else None)
        return out

    def adjacent(self, a: str, b: str) -> bool:
        """True if hexes ``a`` and ``b`` share a hexside."""
        return self.distance(a, b) == 1

    def direction(self, a: str, b: str) -> str:
        """Direction name from ``a`` to its neighbour ``b``; ValueError if not adjacent."""
        qa, ra, sa = self._cube(a)
        qb, rb, sb = self._cube(b)
        d = (qb - qa, rb - ra, sb - sa)
        deltas = self._dir_deltas()
        if d not in deltas:
            raise ValueError(f"hexes {a} and {b} are not adjacent")
        return self.directions[deltas.index(d)]

    def distance(self, a: str, b: str) -> int:
        """Hex distance (as VASSAL's ``HexGrid.range``: cube distance)."""
        qa, ra, sa = self._cube(a)
        qb, rb, sb = self._cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))

    def line(self, a: str, b: str, tie: int = 1) -> list[str]:
        """Hexes on the straight line from ``a`` to ``b`` inclusive (cube interpolation, N+1 samples).

        Tie-break: when the line runs exactly along a hexside, every sample is nudged by ``tie * (1e-6, 2e-6, -3e-6)``
        in cube space before rounding, so one of the two hexes is chosen consistently; ``tie=-1`` gives the other
        side (rules that say "either side blocks" should check both lines).
        """
        ca, cb = self._cube(a), self._cube(b)
        n = max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]), abs(ca[2] - cb[2]))
        eps = (1e-6 * tie, 2e-6 * tie, -3e-6 * tie)
        out: list[str] = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            fq, fr, fs = (ca[k] + (cb[k] - ca[k]) * t + eps[k] for k in range(3))
            out.append(self.label(*self.from_cube(*_cube_round(fq, fr, fs))))
        return out

    def hexside_id(self, a: str, b: str) -> str:
        """Canonical id of the hexside between adjacent ``a`` and ``b``: ``"<lo>/<hi>"`` ordered by (col, row).

        The same from either side; ValueError if the hexes are not adjacent.
        """
        if not self.adjacent(a, b):
            raise ValueError(f"hexes {a} and {b} are not adjacent")
        pa, pb = self.position(a), self.position(b)
        lo, hi = (a, b) if pa <= pb else (b, a)
        return f"{lo}/{hi}"

    def edge_hexes(self, edge: str) -> list[str]:
        """Labels of the hexes along a map edge: ``north``, ``south``, ``east`` or ``west``."""
        e = edge.lower()
        if e == "north":
            return [self.label(c, 0) for c in range(self.columns)]
        if e == "south":
            return [self.label(c, self.rows - 1) for c in range(self.columns)]
        if e == "west":
            return [self.label(0, r) for r in range(self.rows)]
        if e == "east":
            return [self.label(self.columns - 1, r) for r in range(self.rows)]
        raise ValueError(f"edge {edge!r} is not one of {', '.join(EDGES)}")

    # ---- pixels ----
    def center_px(self, label: str, hex_px: float) -> tuple[int, int]:
        """Board-pixel centre of a hex: VASSAL's snap point for it at ``hex_px`` (integers, as VASSAL uses)."""
        return self.center_of(*self.position(label), hex_px)

    def center_of(self, col: int, row: int, hex_px: float) -> tuple[int, int]:
        """Board-pixel centre of offset (col, row) at ``hex_px``."""
        lay = self.layout(hex_px)
        return self._rotp(*self._center_raw(lay, *self._to_raw(col, row)))  # type: ignore[return-value]

    def exact_center(self, col: int, row: int, hex_px: float) -> tuple[float, float]:
        """Un-truncated centre (for drawing); within 1 px of :meth:`center_of`."""
        lay = self.layout(hex_px)
        a, b = self._to_raw(col, row)
        x = lay.dx * a + lay.x0
        y = lay.dy * b + (lay.dy / 2 if a % 2 else 0.0) + lay.y0
        return self._rotp(x, y)  # type: ignore[return-value]

    def corners(self, col: int, row: int, hex_px: float) -> list[tuple[float, float]]:
        """Six corners of a regular hex around :meth:`exact_center`, clockwise from left (flat) / top (pointy)."""
        cx, cy = self.exact_center(col, row, hex_px)
        rad = hex_px / math.sqrt(3)  # centre-to-corner
        pts = []
        for k in range(6):
            ang = math.radians(180 + 60 * k) if not self.sideways else math.radians(-90 + 60 * k)
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        return pts

    def hex_at_px(self, x: float, y: float, hex_px: float) -> str | None:
        """Label of the hex VASSAL snaps board point (x, y) to, or None if that hex is off the map."""
        lay = self.layout(hex_px)
        rx, ry = self._rotp(math.floor(x), math.floor(y))
        _, _, nx, ny = self._hex_point(lay, int(rx), int(ry))
        col, row = self._from_raw(nx, ny)
        return self.label(col, row) if self.in_bounds(col, row) else None

    def vassal_params(self, hex_px: float) -> dict[str, Any]:
        """VASSAL attributes that reproduce our labels at our pixel centres.

        Returns ``{"HexGrid": {...}, "HexGridNumbering": {...}, "board": {"width", "height"}}`` with Python values
        (bool/int/float/str); the board image must be exactly ``width``×``height`` pixels (mapdraw makes it so).
        """
        lay = self.layout(hex_px)
        n = self.numbering
        return {
            "HexGrid": {"x0": lay.x0, "y0": lay.y0, "dy": lay.dy, "dx": lay.dx, "sideways": self.sideways,
                        "snapTo": True, "edgesLegal": False, "cornersLegal": False, "visible": False,
                        "dotsVisible": False, "color": "0,0,0", "snapscale": 0},
            "HexGridNumbering": {"first": n.first, "sep": n.sep, "hType": n.h_type, "vType": n.v_type,
                                 "hLeading": n.h_leading, "vLeading": n.v_leading, "hOff": n.h_off,
                                 "vOff": n.v_off, "hDescend": n.h_descend, "vDescend": n.v_descend,
                                 "stagger": n.stagger, "visible": False, "fontSize": 9, "color": "0,0,0",
                                 "rotateText": 0, "hDrawOff": 0, "vDrawOff": 0,
                                 "locationFormat": "$gridLocation$"},
            "board": {"width": lay.width, "height": lay.height},
        }


def _cube_round(fq: float, fr: float, fs: float) -> tuple[int, int, int]:
    """Round fractional cube coordinates to the containing hex (fix the component with the largest error)."""
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    else:
        s = -q - r
    return q, r, s


def area_hexes(grid: Grid, area: Mapping[str, Any]) -> list[str]:
    """Labels of a map ``areas`` entry: its ``edge`` hexes plus listed ``hexes``, minus ``exclude`` (map order kept).

    Unknown labels raise DataError naming the area.
    """
    where = f"area {area.get('id', '?')!r}"
    out: list[str] = []
    if area.get("edge"):
        try:
            out.extend(grid.edge_hexes(str(area["edge"])))
        except ValueError as exc:
            raise DataError(f"{where}: {exc}") from None
    for key in ("hexes", "exclude"):
        for lab in area.get(key, []) or []:
            if not grid.is_label(lab):
                raise DataError(f"{where}: {key}: {lab!r} is not a hex of this map")
    out.extend(h for h in area.get("hexes", []) or [] if h not in out)
    excluded = set(area.get("exclude", []) or [])
    return [h for h in out if h not in excluded]
