"""Square-grid geometry and a literal port of VASSAL 3.6's SquareGrid / SquareGridNumbering arithmetic (no Pillow).

A square map (``kind: "square"``) has ``grid`` {columns, rows, numbering, neighbours, distance}. Offset coordinates
``(col, row)`` count cells left→right and top→bottom from 0. The numbering object is the hex grid's
(:class:`~modgen.geometry.hexnumbering.Numbering`, VASSAL's RegularGridNumbering attributes) without ``stagger``.

Pixels: ``cell_px`` is the side of a cell (VASSAL ``dx`` = ``dy``). The board image has a margin of ``margin`` cells
around the grid; cell (0, 0)'s centre is VASSAL's origin ``(x0, y0)`` and the board is ``columns + 2 * margin`` cells
wide, so VASSAL's ``getMaxColumns()``/``getMaxRows()`` (used by descending numbering) are the same at every scale.

VASSAL's arithmetic, ported as written (``SquareGridNumbering``): the column of a point is
``floor((x - x0) / dx + 0.5)``, its row ``(int) ((y - y0) / dy + 0.5)`` (a truncating cast: rows above the origin
round towards zero, as in VASSAL); descending axes count from ``getMaxColumns() = (int) (width / dx + 0.5)``;
``getCenterPoint(col, row) = ((int) (col * dx + x0), (int) (row * dy + y0))``; a label is
``RegularGridNumbering.getName(row + vOff, …)`` and ``getName(col + hOff, …)`` joined by ``sep`` in ``first`` order.

Options (map ``grid``):

* ``neighbours``: 8 (default: the eight cells around, diagonals included, which matches VASSAL's default
  ``Metric`` range) or 4 (orthogonal only).
* ``distance``: ``"metric"`` (default; VASSAL ``range=Metric``: max(|Δcol|, |Δrow|), a diagonal step counts 1) or
  ``"manhattan"`` (VASSAL ``range=Manhattan``: |Δcol| + |Δrow|).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from modgen.errors import DataError
from modgen.geometry.cells import Labelled, grid_size
from modgen.geometry.hexgrid import EDGES, Grid
from modgen.geometry.hexnumbering import Numbering, jround

DEFAULT_MARGIN = 0.5  # cells of margin around the grid on the board image
DIRECTIONS_8 = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTIONS_4 = ("N", "E", "S", "W")
_DELTAS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
           "NW": (-1, -1)}
METRICS = ("metric", "manhattan")


@dataclass(frozen=True)
class SquareLayout:
    """Pixel layout of a square grid at one scale: VASSAL SquareGrid parameters plus the board image size."""

    hex_px: float  # the cell side (named as in the hex Layout so shared drawing code reads both)
    dx: float
    dy: float
    x0: int
    y0: int
    width: int
    height: int


@dataclass(frozen=True)
class SquareGrid(Labelled):
    """A square grid: size, numbering, adjacency and distance options. Build with :meth:`from_map`."""

    kind: ClassVar[str] = "square"
    sideways: ClassVar[bool] = False
    orientation: ClassVar[str] = "square"

    columns: int
    rows: int
    numbering: Numbering = Numbering()
    margin: float = DEFAULT_MARGIN
    neighbour_count: int = 8
    metric: str = "metric"

    # ---- construction ----
    @classmethod
    def from_map(cls, map_dict: Mapping[str, Any], margin: float = DEFAULT_MARGIN) -> SquareGrid:
        """Read the ``grid`` object of a square map; DataError names the bad field."""
        where, g, cols, rows = grid_size(map_dict, "cells")
        num = g.get("numbering")
        if isinstance(num, Mapping) and "stagger" in num:
            raise DataError(f"{where}.numbering.stagger: square grids have no staggered numbering")
        nb = g.get("neighbours", 8)
        if nb not in (4, 8) or isinstance(nb, bool):
            raise DataError(f"{where}.neighbours: must be 4 or 8, got {nb!r}")
        metric = g.get("distance", "metric")
        if metric not in METRICS:
            raise DataError(f"{where}.distance: must be 'metric' or 'manhattan', got {metric!r}")
        grid = cls(cols, rows, Numbering.from_dict(num, f"{where}.numbering"), margin, nb, metric)
        if len(grid._labels) != cols * rows:
            seen: dict[str, tuple[int, int]] = {}
            for c in range(cols):
                for r in range(rows):
                    lab = grid.label(c, r)
                    if lab in seen:
                        raise DataError(f"{where}.numbering: cells {seen[lab]} and {(c, r)} get the same label "
                                        f"{lab!r}; add a separator or leading zeros")
                    seen[lab] = (c, r)
        return grid

    @property
    def directions(self) -> tuple[str, ...]:
        """Names of the neighbour directions, in the order :meth:`neighbours` returns them."""
        return DIRECTIONS_8 if self.neighbour_count == 8 else DIRECTIONS_4

    # ---- pixels ----
    @property
    def max_columns(self) -> int:
        """VASSAL ``SquareGridNumbering.getMaxColumns()`` for our board: (int) (width / dx + 0.5), any scale."""
        return math.floor(self.columns + 2 * self.margin + 0.5)

    @property
    def max_rows(self) -> int:
        """VASSAL ``SquareGridNumbering.getMaxRows()`` for our board."""
        return math.floor(self.rows + 2 * self.margin + 0.5)

    def layout(self, cell_px: float) -> SquareLayout:
        """The pixel layout at ``cell_px`` pixels per cell side."""
        if not cell_px or cell_px < 8:
            raise DataError(f"cell size {cell_px!r} px is too small (minimum 8)")
        d = float(cell_px)
        x0 = y0 = math.floor(self.margin * d + d / 2)
        return SquareLayout(d, d, d, x0, y0, round((self.columns + 2 * self.margin) * d),
                            round((self.rows + 2 * self.margin) * d))

    @cached_property
    def _ref(self) -> SquareLayout:
        return self.layout(100)

    def _lay(self, scale: float | SquareLayout) -> SquareLayout:
        return scale if isinstance(scale, SquareLayout) else self.layout(scale)

    # ---- VASSAL SquareGrid / SquareGridNumbering ----
    @staticmethod
    def _raw_column(lay: SquareLayout, x: int) -> int:
        """``SquareGridNumbering.getColumn`` before descending: floor((x - x0) / dx + 0.5)."""
        return math.floor((x - lay.x0) / lay.dx + 0.5)

    @staticmethod
    def _raw_row(lay: SquareLayout, y: int) -> int:
        """``SquareGridNumbering.getRow`` before descending: (int) ((y - y0) / dy + 0.5), a truncating cast."""
        return int((y - lay.y0) / lay.dy + 0.5)

    def _location_name(self, lay: SquareLayout, x: int, y: int, max_c: int | None = None,
                       max_r: int | None = None) -> str:
        n = self.numbering
        col, row = self._raw_column(lay, x), self._raw_row(lay, y)
        if n.h_descend:
            col = (self.max_columns if max_c is None else max_c) - col
        if n.v_descend:
            row = (self.max_rows if max_r is None else max_r) - row
        return n.name(col, row)

    def vassal_location_name(self, x: int, y: int, scale: float | SquareLayout) -> str:
        """``RegularGridNumbering.locationName`` (format ``$gridLocation$``) for board point (x, y)."""
        return self._location_name(self._lay(scale), int(x), int(y))

    def vassal_get_location(self, label: str, scale: float | SquareLayout) -> tuple[int, int] | None:
        """``RegularGridNumbering.getLocation`` → ``SquareGridNumbering.getCenterPoint`` (None = BadCoords)."""
        parsed = self.numbering.parse(label)
        if parsed is None:
            return None
        col, row = parsed
        n, lay = self.numbering, self._lay(scale)
        if n.v_descend:
            row = self.max_rows - row
        if n.h_descend:
            col = self.max_columns - col
        return int(col * lay.dx + lay.x0), int(row * lay.dy + lay.y0)

    def snap(self, x: int, y: int, scale: float | SquareLayout) -> tuple[int, int]:
        """``SquareGrid.snapTo`` (snapTo on, edges and corners not legal, snapScale 0): the cell centre VASSAL snaps
        board point (x, y) to."""
        lay = self._lay(scale)
        ox, oy = int(x) - lay.x0, int(y) - lay.y0
        nx, ny = 2 * jround(ox / lay.dx), 2 * jround(oy / lay.dy)
        return lay.x0 + jround(nx * lay.dx / 2), lay.y0 + jround(ny * lay.dy / 2)

    # ---- labels ----
    def in_bounds(self, col: int, row: int) -> bool:
        """True if offset (col, row) is on the map."""
        return 0 <= col < self.columns and 0 <= row < self.rows

    def label(self, col: int, row: int) -> str:
        """The label of cell (col, row): VASSAL's location name of its centre. Works off-map too."""
        lay = self._ref
        return self._location_name(lay, int(col * lay.dx + lay.x0), int(row * lay.dy + lay.y0))

    def _pos_of_point(self, lay: SquareLayout, x: int, y: int) -> tuple[int, int]:
        sx, sy = self.snap(x, y, lay)
        return round((sx - lay.x0) / lay.dx), round((sy - lay.y0) / lay.dy)

    # ---- adjacency and distance ----
    def neighbour_positions(self, col: int, row: int) -> list[tuple[int, int]]:
        """The neighbouring offsets (possibly off-map) in :attr:`directions` order."""
        return [(col + _DELTAS[d][0], row + _DELTAS[d][1]) for d in self.directions]

    def neighbour(self, label: str, direction: str) -> str | None:
        """The neighbour of ``label`` in ``direction`` (e.g. "NE"), or None if off the map."""
        d = direction.upper()
        if d not in self.directions:
            raise ValueError(f"direction {direction!r} is not one of {', '.join(self.directions)}")
        col, row = self.position(label)
        c, r = col + _DELTAS[d][0], row + _DELTAS[d][1]
        return self.label(c, r) if self.in_bounds(c, r) else None

    def neighbours(self, label: str, on_map: bool = True) -> list[str | None]:
        """Labels of the neighbours in :attr:`directions` order; off-map ones are None unless ``on_map=False``."""
        return [self.label(c, r) if (not on_map or self.in_bounds(c, r)) else None
                for c, r in self.neighbour_positions(*self.position(label))]

    def adjacent(self, a: str, b: str) -> bool:
        """True if ``b`` is one of ``a``'s neighbours (4 or 8, the grid's ``neighbours`` option)."""
        pa, pb = self.position(a), self.position(b)
        return (pb[0] - pa[0], pb[1] - pa[1]) in {_DELTAS[d] for d in self.directions}

    def direction(self, a: str, b: str) -> str:
        """Direction name from ``a`` to its neighbour ``b``; ValueError if not adjacent."""
        pa, pb = self.position(a), self.position(b)
        delta = (pb[0] - pa[0], pb[1] - pa[1])
        for d in self.directions:
            if _DELTAS[d] == delta:
                return d
        raise ValueError(f"cells {a} and {b} are not adjacent")

    def distance(self, a: str, b: str) -> int:
        """Distance in cells by the grid's ``distance`` option: VASSAL ``SquareGrid.range`` between the centres
        (metric: max(|Δcol|, |Δrow|); manhattan: |Δcol| + |Δrow|)."""
        (ca, ra), (cb, rb) = self.position(a), self.position(b)
        dc, dr = abs(cb - ca), abs(rb - ra)
        return max(dc, dr) if self.metric == "metric" else dc + dr

    def line(self, a: str, b: str, tie: int = 1) -> list[str]:
        """Cells whose centres are nearest the straight line from ``a`` to ``b`` (N+1 samples, N = max(|Δ|));
        samples exactly between two cells are nudged by ``tie * 1e-6`` (``tie=-1`` picks the other cell)."""
        (ca, ra), (cb, rb) = self.position(a), self.position(b)
        n = max(abs(cb - ca), abs(rb - ra))
        out: list[str] = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            c = math.floor(ca + (cb - ca) * t + 0.5 + 1e-6 * tie)
            r = math.floor(ra + (rb - ra) * t + 0.5 + 2e-6 * tie)
            out.append(self.label(c, r))
        return out

    def edge_hexes(self, edge: str) -> list[str]:
        """Labels of the cells along a map edge: ``north``, ``south``, ``east`` or ``west``."""
        return Grid.edge_hexes(self, edge)  # type: ignore[arg-type]  # the same rows/columns arithmetic

    # ---- pixels ----
    def center_of(self, col: int, row: int, cell_px: float) -> tuple[int, int]:
        """Board-pixel centre of cell (col, row): VASSAL's snap point (integers)."""
        lay = self.layout(cell_px)
        return int(col * lay.dx + lay.x0), int(row * lay.dy + lay.y0)

    def center_px(self, label: str, cell_px: float) -> tuple[int, int]:
        """Board-pixel centre of a cell at ``cell_px``."""
        return self.center_of(*self.position(label), cell_px)

    def exact_center(self, col: int, row: int, cell_px: float) -> tuple[float, float]:
        """Centre for drawing (the same as :meth:`center_of`: the origin is an integer)."""
        lay = self.layout(cell_px)
        return col * lay.dx + lay.x0, row * lay.dy + lay.y0

    def corners(self, col: int, row: int, cell_px: float) -> list[tuple[float, float]]:
        """The four corners of a cell, clockwise from top-left."""
        cx, cy = self.exact_center(col, row, cell_px)
        h = float(cell_px) / 2
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    def hex_at_px(self, x: float, y: float, cell_px: float) -> str | None:
        """Label of the cell VASSAL snaps board point (x, y) to, or None if that cell is off the map."""
        col, row = self._pos_of_point(self.layout(cell_px), math.floor(x), math.floor(y))
        return self.label(col, row) if self.in_bounds(col, row) else None

    def vassal_params(self, cell_px: float) -> dict[str, Any]:
        """VASSAL attributes that reproduce our labels at our pixel centres:
        ``{"SquareGrid": {...}, "SquareGridNumbering": {...}, "board": {"width", "height"}}``."""
        lay = self.layout(cell_px)
        n = self.numbering
        return {
            "SquareGrid": {"x0": lay.x0, "y0": lay.y0, "dx": lay.dx, "dy": lay.dy,
                           "range": "Metric" if self.metric == "metric" else "Manhattan", "snapTo": True,
                           "edgesLegal": False, "cornersLegal": False, "visible": False, "dotsVisible": False,
                           "color": "0,0,0"},
            "SquareGridNumbering": {"first": n.first, "sep": n.sep, "hType": n.h_type, "vType": n.v_type,
                                    "hLeading": n.h_leading, "vLeading": n.v_leading, "hOff": n.h_off,
                                    "vOff": n.v_off, "hDescend": n.h_descend, "vDescend": n.v_descend,
                                    "visible": False, "fontSize": 9, "color": "0,0,0", "rotateText": 0,
                                    "hDrawOff": 0, "vDrawOff": 0, "locationFormat": "$gridLocation$"},
            "board": {"width": lay.width, "height": lay.height},
        }


def map_grid(map_dict: Mapping[str, Any]) -> Grid | SquareGrid:
    """The grid of a hex or square map (``kind`` hex, the default, or square)."""
    if isinstance(map_dict, Mapping) and map_dict.get("kind") == "square":
        return SquareGrid.from_map(map_dict)
    return Grid.from_map(map_dict)


__all__ = ["DIRECTIONS_4", "DIRECTIONS_8", "EDGES", "METRICS", "SquareGrid", "SquareLayout", "map_grid"]
