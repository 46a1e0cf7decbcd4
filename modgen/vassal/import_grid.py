"""A module's HexGrid + HexGridNumbering as a modgen map grid, and the module's own pixel geometry kept for reading
its logs (:class:`Geometry`, stored in the binding file).

modgen's grid (:class:`~modgen.geometry.hexgrid.Grid`) numbers hexes from VASSAL's raw indices; a hand-made module
can put its first on-board column at any raw index and have any board size (which descending numbering depends on).
So the imported grid starts at the first raw column/row whose centre lies on the board (moved by an even number of
columns, which keeps the odd-column shift, with ``offset: "even"`` when one column is left over), and the numbering
offsets are corrected so that every hex gets the label VASSAL itself gives it. Every label is then checked against
VASSAL's arithmetic with the module's real board size; disagreements are returned as problems, not hidden.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from modgen import limits
from modgen.errors import DataError
from modgen.geometry.hexgrid import Grid, Layout, Numbering


@dataclass(frozen=True)
class _ModuleGrid(Grid):
    """A Grid whose getMaxColumns/getMaxRows are the module's own (they come from its board size)."""

    max_c: int = 0
    max_r: int = 0

    @property
    def max_columns(self) -> int:
        return self.max_c

    @property
    def max_rows(self) -> int:
        return self.max_r


#: Largest hex or square cell a binding file may give, in module pixels (VASSAL boards are images).
MAX_CELL_PX = 100_000


@dataclass(frozen=True)
class Geometry:
    """Where a module's hex board lies in its map and how VASSAL lays its hexes out (enough to name any pixel)."""

    vassal_map: str
    map_id: str
    board_x: int
    board_y: int
    x0: int
    y0: int
    dx: float
    dy: float
    ka: int  # module raw column of our raw column 0
    kb: int  # module raw row of our raw row 0

    def to_dict(self) -> dict[str, Any]:
        """The binding file's ``maps`` entry."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Geometry:
        """Inverse of :meth:`to_dict`; KeyError/TypeError/ValueError on a malformed entry, including a cell size a
        grid cannot have (the file is meant to be edited: dx 0, NaN or 1e308 divided by zero or overflowed later)."""
        dx, dy = float(d["dx"]), float(d["dy"])
        if not (1 <= dx <= MAX_CELL_PX and 1 <= dy <= MAX_CELL_PX):  # also false for NaN
            raise ValueError(f"cell size dx={dx:g}, dy={dy:g} is not a size in pixels from 1 to {MAX_CELL_PX:,}")
        return cls(str(d["vassal_map"]), str(d["map_id"]), int(d["board_x"]), int(d["board_y"]), int(d["x0"]),
                   int(d["y0"]), dx, dy, int(d["ka"]), int(d["kb"]))

    @property
    def layout(self) -> Layout:
        return Layout(self.dy, self.dx, self.dy, self.x0, self.y0, 0, 0)

    def locate(self, grid: Grid, x: int, y: int) -> str | None:
        """The label of the hex VASSAL snaps map point (x, y) to, or None when it is off the imported grid."""
        bx, by = x - self.board_x, y - self.board_y
        rx, ry = grid._rotp(bx, by)
        _, _, a, b = grid._hex_point(self.layout, int(rx), int(ry))
        col, row = grid._from_raw(a - self.ka, b - self.kb)
        return grid.label(col, row) if grid.in_bounds(col, row) else None

    def center(self, grid: Grid, label: str) -> tuple[int, int]:
        """Map pixel of a hex's centre in the module (VASSAL's snap point)."""
        col, row = grid.position(label)
        a, b = grid._to_raw(col, row)
        cx, cy = Grid._center_raw(self.layout, a + self.ka, b + self.kb)
        x, y = grid._rotp(cx, cy)
        return int(x) + self.board_x, int(y) + self.board_y


def _bool(v: str | None) -> bool:
    return (v or "").strip().lower() == "true"


def _num(v: str | None, default: int = 0) -> int:
    try:
        return int(v) if v not in (None, "") else default
    except ValueError:
        return default


def numbering_of(attrs: dict[str, str]) -> dict[str, Any]:
    """HexGridNumbering attributes → the map file's ``numbering`` object (VASSAL's defaults where one is missing)."""
    def typ(v: str | None) -> str:
        return "A" if (v or "N").upper().startswith("A") else "N"

    return {"first": "V" if (attrs.get("first") or "H").upper().startswith("V") else "H", "sep": attrs.get("sep", ""),
            "h_type": typ(attrs.get("hType")), "v_type": typ(attrs.get("vType")),
            "h_leading": max(0, min(9, _num(attrs.get("hLeading"), 1))),
            "v_leading": max(0, min(9, _num(attrs.get("vLeading"), 1))),
            "h_off": _num(attrs.get("hOff")), "v_off": _num(attrs.get("vOff")),
            "h_descend": _bool(attrs.get("hDescend")), "v_descend": _bool(attrs.get("vDescend")),
            "stagger": _bool(attrs.get("stagger"))}


def _modgen_size(columns: int, rows: int, orientation: str, offset: str, lay: Layout) -> tuple[int, int]:
    """The grid size a module built by modgen has: the one whose :meth:`Grid.layout` gives exactly this board and
    origin (its margins are half a hex plus rounding, so the half-hex rule can see one column or row too many)."""
    for c in (columns, columns - 1):
        for r in (rows, rows - 1):
            if c < 1 or r < 1:
                continue
            try:
                mine = Grid(c, r, orientation, offset=offset).layout(lay.dy)
            except (DataError, ValueError):
                continue
            if (mine.x0, mine.y0, mine.width, mine.height) == (lay.x0, lay.y0, lay.width, lay.height) \
                    and abs(mine.dx - lay.dx) < 1e-6:
                return c, r
    return columns, rows


def infer(vassal_map: str, map_id: str, board: tuple[int, int], edge: tuple[int, int], grid_attrs: dict[str, str],
          numbering_attrs: dict[str, str], zone: tuple[int, int, int, int] | None = None
          ) -> tuple[dict[str, Any], Geometry, list[str]]:
    """(the map's ``grid`` object, the module geometry, problems) for a HexGrid on a board of ``board`` pixels.

    ``zone``: the bounds (x, y, width, height) of the ZonedGrid zone holding the grid. VASSAL lays a zone's grid out
    in board pixels, counts descending numbering from the zone's size and names no hex outside it: the zone is then
    the board, its offset moving the origin and the board's place in the map."""
    problems: list[str] = []
    if zone is not None:
        zx, zy, zw, zh = zone
        ox, oy = (zy, zx) if _bool(grid_attrs.get("sideways")) else (zx, zy)  # the origin is in the rotated frame
        grid_attrs = {**grid_attrs, "x0": str(_num(grid_attrs.get("x0")) - ox),
                      "y0": str(_num(grid_attrs.get("y0"), 32) - oy)}
        board, edge = (zw, zh), (edge[0] + zx, edge[1] + zy)
    sideways = _bool(grid_attrs.get("sideways"))
    dy = float(grid_attrs.get("dy") or 64.0)
    dx = float(grid_attrs.get("dx") or dy * math.sqrt(3) / 2)
    if dx < 4 or dy < 4:
        raise ValueError(f"hex size dx={dx:g}, dy={dy:g} is too small")
    x0, y0 = _num(grid_attrs.get("x0")), _num(grid_attrs.get("y0"), 32)
    width, height = board
    wr, hr = (height, width) if sideways else (width, height)  # the board in VASSAL's rotated frame
    est = (wr / dx + 3) * (hr / dy + 3)
    limits.check("map_hexes", int(est), f"map {vassal_map!r}", f"about {int(est):,} hexes")
    lay = Layout(dy, dx, dy, x0, y0, width, height)
    # a hex is on the board when its centre is more than half a hex inside the edges (a printed half hex counts;
    # a sliver of the next column does not)
    cols = [a for a in range(math.floor(-x0 / dx) - 1, math.ceil((wr - x0) / dx) + 2)
            if dx / 2 < Grid._center_raw(lay, a, 0)[0] < wr - dx / 2]
    rows: set[int] = set()
    for a in cols[:2]:
        for b in range(math.floor(-y0 / dy) - 2, math.ceil((hr - y0) / dy) + 2):
            if dy / 2 < Grid._center_raw(lay, a, b)[1] < hr - dy / 2:
                rows.add(b)
    if not cols or not rows:
        raise ValueError("no hex centre lies on the board")
    a_min, b_min = cols[0], min(rows)
    ka = a_min - (a_min % 2)  # an even shift keeps VASSAL's odd-column parity
    offset = "even" if a_min - ka else "odd"
    ncols, nrows = cols[-1] - a_min + 1, max(rows) - b_min + 1
    orientation = "pointy" if sideways else "flat"
    columns, rows_n = (nrows, ncols) if sideways else (ncols, nrows)
    if ka == 0 and b_min == 0:
        columns, rows_n = _modgen_size(columns, rows_n, orientation, offset, lay)
    vnum = numbering_of(numbering_attrs)
    module = _ModuleGrid(columns, rows_n, orientation, Numbering.from_dict(vnum), offset=offset,
                         max_c=math.floor(width / dy + 0.5), max_r=math.floor(height / dx + 0.5))
    geo = Geometry(vassal_map, map_id, edge[0], edge[1], x0, y0, dx, dy, ka, b_min)

    def truth(c: int, r: int) -> str:
        a, b = module._to_raw(c, r)
        cx, cy = Grid._center_raw(lay, a + ka, b + b_min)
        return module._location_name(lay, *module._rotp(cx, cy))

    ours = Grid(columns, rows_n, orientation, Numbering.from_dict(vnum), offset=offset)
    # the offsets that make our numbering say what the module says at the first hex (raw origin, board size)
    if align_offsets(vnum, truth(0, 0), ours.label(0, 0)):
        ours = Grid(columns, rows_n, orientation, Numbering.from_dict(vnum), offset=offset)
    bad = [(c, r) for c in range(columns) for r in range(rows_n) if ours.label(c, r) != truth(c, r)]
    if bad:
        c, r = bad[0]
        problems.append(f"map {vassal_map!r}: {len(bad)} of {columns * rows_n} hexes get another label than the "
                        f"module gives them (first: {ours.label(c, r)!r}, module {truth(c, r)!r}); check the grid")
    grid = {"orientation": orientation, "columns": columns, "rows": rows_n, "numbering": vnum}
    if offset == "even":
        grid["offset"] = "even"
    return grid, geo, problems


def align_offsets(vnum: dict[str, Any], module_label: str, our_label: str) -> bool:
    """Shift the numbering ``vnum``'s ``h_off``/``v_off`` so that the label we give the first cell reads as the
    module's ``module_label`` (both axes are linear in the offsets); False, unchanged, if either does not parse."""
    n = Numbering.from_dict(vnum)
    want, got = n.parse(module_label), n.parse(our_label)
    if want is None or got is None:
        return False
    vnum["h_off"] += want[0] - got[0]
    vnum["v_off"] += want[1] - got[1]
    return True
