"""The square-grid parts of map drawing: a square map (``kind: "square"``) is drawn by :mod:`modgen.draw.mapdraw`
with a :class:`~modgen.geometry.squaregrid.SquareGrid` in place of the hex grid (terrain, lines, places, objectives,
cell labels, border, title, legend, PNG/PDF/SVG alike); what differs for squares is here: the grid as straight lines
across the map, and the extent of one cell for the edge-area bands."""

from __future__ import annotations

from typing import Any

from modgen.draw.mapstyle import GRID_COLOR
from modgen.geometry.squaregrid import SquareGrid


def grid_lines(d: Any, grid: SquareGrid, px: float, width: int) -> None:
    """The cell boundaries as ``columns + 1`` vertical and ``rows + 1`` horizontal lines (no seams, no double
    strokes where neighbours meet), in the grid colour, on any drawing surface (raster, PDF, SVG)."""
    x0, y0 = grid.corners(0, 0, px)[0]
    x1, y1 = grid.corners(grid.columns - 1, grid.rows - 1, px)[2]
    for c in range(grid.columns + 1):
        x = x0 + c * float(px)
        d.line([(x, y0), (x, y1)], fill=GRID_COLOR, width=width)
    for r in range(grid.rows + 1):
        y = y0 + r * float(px)
        d.line([(x0, y), (x1, y)], fill=GRID_COLOR, width=width)


def band_halves(px: float) -> tuple[float, float]:
    """Half a cell's extent along x and along y: an edge area's band beside a cell spans the cell's side."""
    return float(px) / 2, float(px) / 2
