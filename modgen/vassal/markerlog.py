"""Marker counters in a VASSAL log → canonical ``marker`` events (a mixin of :class:`~modgen.vassal.adapter.Adapter`).

A marker lies in a hex, or is on a unit: the unit under it in its stack, where VASSAL's Place Marker trait puts it
(:mod:`.piece_traits`) and where a drop onto a unit lands, else the only unit in the hex. Counters the rule system
attaches to units (CoH hit counters, :meth:`~modgen.systems.base.RuleSystem.counter_role`) are always on a unit.
"""

from __future__ import annotations

from typing import Any

from modgen.vassal import reader as R

Event = dict[str, Any]


class MarkerEvents:
    """Marker and attached-counter events; the adapter supplies ``where``, ``attached``, ``on_unit``, ``_role`` and
    ``_emit``."""

    where: dict[str, tuple[str | None, str | None]]
    attached: dict[str, str | None]
    on_unit: dict[str, str]

    def _role(self, unit: str) -> str:
        raise NotImplementedError

    def _emit(self, ev: Event, ctx: R.Context) -> None:
        raise NotImplementedError

    def _marker_name(self, marker: str) -> str:
        return marker

    def _units_at(self, hexlabel: str) -> list[str]:
        return [u for (u, h) in self.where.values() if h == hexlabel and u and self._role(u) == "unit"]

    def _marker_event(self, hexlabel: str | None, marker: str, on: bool, unit: str | None = None) -> Event:
        """A marker counter put on / taken off a hex; names the unit it was put on (``unit``), else the unit there
        when exactly one unit is there. Off the hex grid (a table) only the unit."""
        ev: Event = {"type": "marker", "hex": hexlabel, "marker": self._marker_name(marker), "on": on}
        if hexlabel is None:
            del ev["hex"]
        units = self._units_at(hexlabel) if hexlabel else []
        if unit is not None:
            ev["unit"] = unit
        elif len(units) == 1:
            ev["unit"] = units[0]
        return ev

    def _beneath(self, piece: R.Piece) -> str | None:
        """The unit a marker was put on: the nearest unit under it in its stack. VASSAL's Place Marker puts the
        marker right above the unit whose command placed it (right below for a fortification: the MovePiece still
        names the unit as the piece under it, before the stack is reordered); a drag onto a stack lands on its top."""
        for pid in reversed(piece.beneath):
            unit = self.where.get(pid, (None, None))[0]
            if unit and self._role(unit) == "unit":
                return unit
        return None

    def _attach(self, pid: str, marker: str, hexlabel: str | None, ctx: R.Context,
                piece: R.Piece | None = None) -> None:
        """A marker the system attaches to units (a CoH hit) dropped in a hex: on the unit it was put on (the
        unit under it in the stack), else on the unit there (the last one placed when several are), else on the
        hex."""
        units = self._units_at(hexlabel) if hexlabel else []
        on = self._beneath(piece) if piece is not None else None
        if on is not None and on in units:
            units = [on]
        if units:
            self.attached[pid] = units[-1]
            self._emit({"type": "marker", "unit": units[-1], "marker": marker, "on": True}, ctx)
        elif hexlabel:
            self.attached[pid] = None
            self._emit(self._marker_event(hexlabel, marker, True), ctx)

    def _detach(self, pid: str, marker: str, hexlabel: str | None, ctx: R.Context) -> None:
        if pid not in self.attached:
            return
        unit = self.attached.pop(pid)
        if unit is not None:
            self._emit({"type": "marker", "unit": unit, "marker": marker, "on": False}, ctx)
        elif hexlabel:
            self._emit(self._marker_event(hexlabel, marker, False), ctx)

    def _marker_moved(self, piece: R.Piece, marker: str, old: R.Location, new: R.Location, ctx: R.Context) -> None:
        """A marker counter moved, or placed (VASSAL adds a placed or dropped-on-a-stack piece off every map, then
        moves it): off where it was and on where it is now, naming the unit it was put on (:meth:`_beneath`), which
        on a table (no hexes) is the only way it is on anything."""
        was = self.on_unit.pop(piece.id, None)
        on = self._beneath(piece) if new.map is not None else None
        if on is not None:
            self.on_unit[piece.id] = on
        if old.hex == new.hex and was == on:
            return
        if old.hex or was:
            self._emit(self._marker_event(old.hex, marker, False, was), ctx)
        if new.hex or on:
            self._emit(self._marker_event(new.hex, marker, True, on), ctx)
