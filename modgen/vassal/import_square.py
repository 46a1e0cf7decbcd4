"""A module's SquareGrid + SquareGridNumbering as a modgen square map grid, and the module's own pixel geometry kept
for reading its logs (:class:`SquareGeometry`, stored in the binding file next to the hex maps' ``Geometry``).

The imported grid holds the cells lying wholly on the board (1 px of slack for VASSAL's integer centres); its column
0 is the module's column ``ka`` (VASSAL's index counted from the grid origin), and the numbering offsets are corrected
so that every cell gets the label VASSAL itself gives it with the module's board size (descending numbering counts
from it). Every label is checked against VASSAL's arithmetic; disagreements are returned as problems.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from modgen import limits
from modgen.geometry.hexnumbering import Numbering
from modgen.geometry.squaregrid import SquareGrid, SquareLayout
from modgen.vassal.import_grid import Geometry, _bool, _num, align_offsets, numbering_of


@dataclass(frozen=True)
class SquareGeometry(Geometry):
    """Where a module's square board lies in its map and how VASSAL lays its cells out (enough to name any pixel);
    the fields, and the binding file's entry, of the hex :class:`Geometry` plus ``kind: "square"``. ``ka``/``kb``
    are the module column and row of our column and row 0."""

    kind: str = "square"

    @property
    def layout(self) -> SquareLayout:
        return SquareLayout(self.dy, self.dx, self.dy, self.x0, self.y0, 0, 0)

    def locate(self, grid: SquareGrid, x: int, y: int) -> str | None:
        """The label of the cell VASSAL names map point (x, y) with (``SquareGridNumbering.getColumn``/``getRow``),
        or None when it is off the imported grid."""
        lay = self.layout
        a = SquareGrid._raw_column(lay, int(x) - self.board_x)
        b = SquareGrid._raw_row(lay, int(y) - self.board_y)
        col, row = a - self.ka, b - self.kb
        return grid.label(col, row) if grid.in_bounds(col, row) else None

    def center(self, grid: SquareGrid, label: str) -> tuple[int, int]:
        """Map pixel of a cell's centre in the module (``SquareGridNumbering.getCenterPoint``)."""
        col, row = grid.position(label)
        return (int((col + self.ka) * self.dx + self.x0) + self.board_x,
                int((row + self.kb) * self.dy + self.y0) + self.board_y)


def geometry_from_dict(d: dict[str, Any]) -> Geometry | SquareGeometry:
    """A binding file's ``maps`` entry: a square map's (``kind: "square"``) or a hex map's."""
    return SquareGeometry.from_dict(d) if d.get("kind") == "square" else Geometry.from_dict(d)


def infer(vassal_map: str, map_id: str, board: tuple[int, int], edge: tuple[int, int], grid_attrs: dict[str, str],
          numbering_attrs: dict[str, str], zone: tuple[int, int, int, int] | None = None
          ) -> tuple[dict[str, Any], SquareGeometry, list[str]]:
    """(the map's ``grid`` object, the module geometry, problems) for a SquareGrid on a board of ``board`` pixels.

    ``zone``: the bounds (x, y, width, height) of the ZonedGrid zone holding the grid, which is then the board (as
    for hex grids, :func:`modgen.vassal.import_grid.infer`)."""
    problems: list[str] = []
    x0, y0 = _num(grid_attrs.get("x0"), 24), _num(grid_attrs.get("y0"), 24)  # SquareGrid's defaults
    if zone is not None:
        zx, zy, zw, zh = zone
        x0, y0 = x0 - zx, y0 - zy
        board, edge = (zw, zh), (edge[0] + zx, edge[1] + zy)
    try:
        dx, dy = float(grid_attrs.get("dx") or 48.0), float(grid_attrs.get("dy") or 48.0)
    except ValueError as exc:
        raise ValueError(f"cell size is not a number ({exc})") from None
    if dx < 4 or dy < 4:
        raise ValueError(f"cell size dx={dx:g}, dy={dy:g} is too small")
    width, height = board
    est = (width / dx + 3) * (height / dy + 3)
    limits.check("map_hexes", int(est), f"map {vassal_map!r}", f"about {int(est):,} cells")
    # a cell is on the board when it lies wholly on it (1 px of slack: VASSAL's centres are truncated integers)
    cols = [a for a in range(math.floor(-x0 / dx) - 1, math.ceil((width - x0) / dx) + 2)
            if int(a * dx + x0) - dx / 2 >= -1 and int(a * dx + x0) + dx / 2 <= width + 1]
    rows = [b for b in range(math.floor(-y0 / dy) - 1, math.ceil((height - y0) / dy) + 2)
            if int(b * dy + y0) - dy / 2 >= -1 and int(b * dy + y0) + dy / 2 <= height + 1]
    if not cols or not rows:
        raise ValueError("no whole cell lies on the board")
    ka, kb = cols[0], rows[0]
    columns, rows_n = cols[-1] - ka + 1, rows[-1] - kb + 1
    vnum = numbering_of({"hOff": "1", "vOff": "1", **numbering_attrs})  # RegularGridNumbering's defaults are 1
    vnum.pop("stagger", None)
    manhattan = (grid_attrs.get("range") or "Metric").strip().lower() == "manhattan"
    lay = SquareLayout(dy, dx, dy, x0, y0, width, height)
    module = SquareGrid(columns, rows_n, Numbering.from_dict(vnum))
    max_c, max_r = int(width / dx + 0.5), int(height / dy + 0.5)  # getMaxColumns/getMaxRows of the module

    def truth(c: int, r: int) -> str:
        return module._location_name(lay, int((c + ka) * dx + x0), int((r + kb) * dy + y0), max_c, max_r)

    ours = SquareGrid(columns, rows_n, Numbering.from_dict(vnum))
    # the offsets that make our numbering say what the module says at the first cell (both axes are linear)
    if align_offsets(vnum, truth(0, 0), ours.label(0, 0)):
        ours = SquareGrid(columns, rows_n, Numbering.from_dict(vnum))
    bad = [(c, r) for c in range(columns) for r in range(rows_n) if ours.label(c, r) != truth(c, r)]
    if bad:
        c, r = bad[0]
        problems.append(f"map {vassal_map!r}: {len(bad)} of {columns * rows_n} cells get another label than the "
                        f"module gives them (first: {ours.label(c, r)!r}, module {truth(c, r)!r}); check the grid")
    grid: dict[str, Any] = {"columns": columns, "rows": rows_n, "numbering": vnum,
                            "neighbours": 4 if manhattan else 8, "distance": "manhattan" if manhattan else "metric"}
    problems.append(f"map {vassal_map!r}: square grid range={'Manhattan' if manhattan else 'Metric'}: imported with "
                    f"{grid['neighbours']} neighbours per cell and {grid['distance']} distance (the module does not "
                    "say which cells are adjacent; edit grid.neighbours if the rules say otherwise)")
    if _bool(grid_attrs.get("cornersLegal")) or _bool(grid_attrs.get("edgesLegal")) \
            or not _bool(grid_attrs.get("snapTo", "true")):
        problems.append(f"map {vassal_map!r}: pieces may rest on cell edges or corners or anywhere (snapTo/"
                        "edgesLegal/cornersLegal); modgen places them at cell centres and names each position by "
                        "the cell VASSAL names it with")
    geo = SquareGeometry(vassal_map, map_id, edge[0], edge[1], x0, y0, dx, dy, ka, kb)
    return grid, geo, problems
