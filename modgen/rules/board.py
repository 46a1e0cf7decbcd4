"""The map as the rules see it: hex terrain, hexside features, lines (road/rail/trail), edges and areas.

Geometry comes from :mod:`modgen.geometry.hexgrid` (``Grid.from_map``), or for a square map (``kind: "square"``)
from :mod:`modgen.geometry.squaregrid`: the same Board then works on square cells (neighbours and distance by the
grid's ``neighbours`` and ``distance`` options; no hexsides).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from modgen.geometry.hexgrid import Grid
from modgen.geometry.squaregrid import SquareGrid, map_grid


def make_grid(map_dict: dict[str, Any]) -> Grid | SquareGrid:
    """The map's grid: :meth:`modgen.geometry.hexgrid.Grid.from_map`, or a square map's
    :meth:`modgen.geometry.squaregrid.SquareGrid.from_map`."""
    return map_grid(map_dict)


def _side_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class Board:
    """One hex (or square-grid) map with fast lookups; hexes (cells) are labels.

    ``kind`` is "hex" for both (hex checks test it; the cells of a square map are its "hexes"); ``grid_kind`` says
    which grid it is ("hex" or "square").
    """

    kind = "hex"

    def __init__(self, map_dict: dict[str, Any]) -> None:
        self.map = map_dict
        self.id = map_dict.get("id", "")
        self.grid = make_grid(map_dict)
        self.grid_kind: str = self.grid.kind
        self.default_terrain = map_dict.get("default_terrain", "clear")
        self.hex_terrain: dict[str, str] = dict(map_dict.get("hexes") or {})
        self.sides: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.high_sides: dict[tuple[str, str], str] = {}
        for side in map_dict.get("hexsides") or []:
            a, b = side["hexes"]
            self.sides[_side_key(a, b)].append(side["type"])
            if side.get("high") in (a, b):
                self.high_sides[_side_key(a, b)] = side["high"]
        self.line_links: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.line_hexes: dict[str, set[str]] = defaultdict(set)
        for line in map_dict.get("lines") or []:
            hexes = line.get("hexes") or []
            for h in hexes:
                self.line_hexes[line["type"]].add(h)
            for a, b in zip(hexes, hexes[1:], strict=False):
                self.line_links[_side_key(a, b)].add(line["type"])
        self._neighbours = lru_cache(maxsize=None)(self._neighbours_uncached)
        self._distance = lru_cache(maxsize=200_000)(self.grid.distance)
        self._all: set[str] | None = None

    def _neighbours_uncached(self, h: str) -> tuple[str, ...]:
        return tuple(n for n in self.grid.neighbours(h) if n is not None)

    def neighbours(self, h: str) -> tuple[str, ...]:
        """Adjacent on-map hexes."""
        return self._neighbours(h)

    def distance(self, a: str, b: str) -> int:
        return self._distance(a, b)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours(a)

    def all_hexes(self) -> set[str]:
        """Every on-map hex label."""
        if self._all is None:
            g = self.map.get("grid") or {}
            cols, rows = int(g.get("columns", 0)), int(g.get("rows", 0))
            self._all = {self.grid.label(c, r) for c in range(cols) for r in range(rows)}
        return self._all

    def on_map(self, h: str) -> bool:
        try:
            return h in self.all_hexes()
        except Exception:  # a label the grid cannot parse is not on the map
            return False

    def terrain(self, h: str) -> str:
        return self.hex_terrain.get(h, self.default_terrain)

    def hexside(self, a: str, b: str) -> list[str]:
        """Hexside terrain ids on the edge between two adjacent hexes (may be several, e.g. river + bridge)."""
        return self.sides.get(_side_key(a, b), [])

    def higher(self, a: str, b: str) -> str | None:
        """The hex on the higher side of the edge between adjacent ``a`` and ``b`` (a scarp's or slope's ``high``
        in the map data), or None where the data does not say."""
        return self.high_sides.get(_side_key(a, b))

    def lines(self, a: str, b: str) -> set[str]:
        """Line types (road, rail, trail…) that run from ``a`` straight into ``b``."""
        return self.line_links.get(_side_key(a, b), set())

    def on_line(self, h: str, line_type: str) -> bool:
        return h in self.line_hexes.get(line_type, set())

    def edge_hexes(self, edge: str) -> set[str]:
        """Hexes on a map edge: north, south, east or west."""
        g = self.map.get("grid") or {}
        cols, rows = int(g.get("columns", 0)), int(g.get("rows", 0))
        if edge == "north":
            cells = [(c, 0) for c in range(cols)]
        elif edge == "south":
            cells = [(c, rows - 1) for c in range(cols)]
        elif edge == "west":
            cells = [(0, r) for r in range(rows)]
        elif edge == "east":
            cells = [(cols - 1, r) for r in range(rows)]
        else:
            return set()
        return {self.grid.label(c, r) for c, r in cells}

    def area(self, area_id: str) -> set[str] | None:
        """Hexes of a named area (edge and/or hexes, minus exclude); None if the map has no such area."""
        for a in self.map.get("areas") or []:
            if a.get("id") == area_id:
                hexes = set(a.get("hexes") or [])
                if a.get("edge"):
                    hexes |= self.edge_hexes(a["edge"])
                return hexes - set(a.get("exclude") or [])
        if area_id in ("north", "south", "east", "west"):
            return self.edge_hexes(area_id)
        return None


class TableBoard:
    """A free-form table map as the rules see it (Flames of War): size in inches, terrain polygons, zones and
    objectives, with the table toolkit's tests (:mod:`modgen.geometry.table`)."""

    kind = "table"

    def __init__(self, map_dict: dict[str, Any]) -> None:
        self.map = map_dict
        self.id = map_dict.get("id", "")
        self.width = float(map_dict.get("width_in") or 0)
        self.height = float(map_dict.get("height_in") or 0)
        self.terrain_areas: list[dict[str, Any]] = [t for t in map_dict.get("terrain") or []
                                                    if isinstance(t, dict) and len(t.get("polygon") or []) >= 3]
        self.zones: list[dict[str, Any]] = [z for z in map_dict.get("zones") or [] if isinstance(z, dict)]

    def on_table(self, pos: Sequence[float]) -> bool:
        """Is the point on the table (edges included)?"""
        return 0 <= pos[0] <= self.width and 0 <= pos[1] <= self.height

    def terrain_at(self, pos: Sequence[float]) -> list[str]:
        """Terrain types whose polygon holds the point (edges count), in map order."""
        from modgen.geometry.table import point_in_polygon  # here: a hex game's check never needs table geometry

        return [t.get("type", "") for t in self.terrain_areas if point_in_polygon(pos, t["polygon"])]

    def terrain_crossed(self, path: Sequence[Sequence[float]]) -> list[str]:
        """Terrain types a path of straight legs enters or crosses, in map order."""
        from modgen.geometry.table import path_crosses

        return [t.get("type", "") for t in self.terrain_areas if path_crosses(path, t["polygon"])]

    def zone(self, zone_id: str) -> dict[str, Any] | None:
        return next((z for z in self.zones if z.get("id") == zone_id), None)
