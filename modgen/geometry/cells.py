"""What hex and square grids share about their labels: the on-map label table, membership, iteration, and the
label of a point read back as VASSAL reads it (``getLocation`` then the grid's own snapping).

A grid class mixes :class:`Labelled` in and provides ``columns``, ``rows``, ``label(col, row)``, ``_ref`` (its
layout at 100 px), ``vassal_get_location(label, layout)`` and ``_pos_of_point(layout, x, y)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

from modgen import limits
from modgen.errors import DataError


class Labelled:
    """Label lookups for a grid of ``columns`` × ``rows`` cells (hexes or squares)."""

    @cached_property
    def _labels(self) -> dict[str, tuple[int, int]]:
        table: dict[str, tuple[int, int]] = {}
        for col in range(self.columns):  # type: ignore[attr-defined]
            for row in range(self.rows):  # type: ignore[attr-defined]
                # two cells share a label only with odd numbering settings: the first keeps it
                table.setdefault(self.label(col, row), (col, row))  # type: ignore[attr-defined]
        return table

    def labels(self) -> list[str]:
        """Every on-map label, column by column (col 0 rows 0…, col 1 …)."""
        return [self.label(c, r) for c in range(self.columns) for r in range(self.rows)]  # type: ignore[attr-defined]

    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and label in self._labels

    def __iter__(self) -> Iterator[str]:
        return iter(self.labels())

    def __len__(self) -> int:
        return self.columns * self.rows  # type: ignore[attr-defined]

    def is_label(self, label: str) -> bool:
        """True if ``label`` names an on-map cell."""
        return label in self._labels

    def position(self, label: str) -> tuple[int, int]:
        """Offset (col, row) of a label; off-map labels are parsed as VASSAL would. KeyError if unparseable."""
        pos = self._labels.get(label)
        if pos is not None:
            return pos
        lay = self._ref  # type: ignore[attr-defined]
        pt = self.vassal_get_location(label, lay)  # type: ignore[attr-defined]
        if pt is None:
            raise KeyError(label)
        return self._pos_of_point(lay, *pt)  # type: ignore[attr-defined]

    def vassal_round_trips(self) -> bool:
        """Whether VASSAL's own getLocation(locationName(centre)) gives back every on-map centre."""
        lay = self._ref  # type: ignore[attr-defined]
        for col in range(self.columns):  # type: ignore[attr-defined]
            for row in range(self.rows):  # type: ignore[attr-defined]
                pt = self.vassal_get_location(self.label(col, row), lay)  # type: ignore[attr-defined]
                if pt is None or self._pos_of_point(lay, *pt) != (col, row):  # type: ignore[attr-defined]
                    return False
        return True


def grid_size(map_dict: Mapping[str, Any], cells: str) -> tuple[str, Mapping[str, Any], int, int]:
    """The ``grid`` object of a map and its columns and rows, as ``(where, grid, columns, rows)`` (``where`` names
    the grid in messages); DataError names a bad field. The ``map_hexes`` limit is checked here, before anything
    grows with the cells (every user of a grid, drawing, the module and the rules, comes here); ``cells`` is the
    word its message counts ("hexes", "cells")."""
    mid = map_dict.get("id", "?") if isinstance(map_dict, Mapping) else "?"
    where = f"map {mid!r}: grid"
    g = map_dict.get("grid") if isinstance(map_dict, Mapping) else None
    if not isinstance(g, Mapping):
        raise DataError(f"{where}: missing or not an object")
    cols, rows = g.get("columns"), g.get("rows")
    for key, v in (("columns", cols), ("rows", rows)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise DataError(f"{where}.{key}: expected a positive integer, got {v!r}")
    limits.check("map_hexes", cols * rows, f"map {mid!r}", f"{cols:,} × {rows:,} {cells}")
    return where, g, cols, rows
