"""What hex and square grids share about their labels: the on-map label table, membership, iteration, and the
label of a point read back as VASSAL reads it (``getLocation`` then the grid's own snapping).

A grid class mixes :class:`Labelled` in and provides ``columns``, ``rows``, ``label(col, row)``, ``_ref`` (its
layout at 100 px), ``vassal_get_location(label, layout)`` and ``_pos_of_point(layout, x, y)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property


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
