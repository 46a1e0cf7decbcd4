"""The sidecar page's map: the game's first map rendered once, findings and units in its pixels (the same geometry
as the PNG of :mod:`modgen.report.picture`), and the log replayed event by event for the page's step slider."""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from typing import Any

from modgen.data.model import Game
from modgen.draw import findingsdraw as fd
from modgen.report.picture import (
    Board,
    Positions,
    UnitSpot,
    _render_base,
    _rgb,
    _short,
    marks,
    replay,
    step,
    unit_spots,
    wanted_units,
    with_numbers,
)

#: Logs longer than this get no step-by-step timeline on the sidecar page (its size grows with the log).
TIMELINE_EVENTS = 20000


def _hex(colour: Any) -> str:
    return "#{:02x}{:02x}{:02x}".format(*_rgb(colour))


class MapView:
    """The game's first map rendered once, and pixel positions for the hexes and paths named in findings."""

    def __init__(self, game: Game, *, hex_px: int = 64, px_per_inch: int = 12) -> None:
        self.game = game
        self.map = game.map()
        self.hex_px = hex_px
        self.px_per_inch = px_per_inch
        self._png: bytes | None = None
        self._lock = threading.Lock()
        self.board = Board(self.map, hex_px, px_per_inch)
        self._grid = self.board.grid
        self._sides = {x["id"]: x for x in game.manifest.get("sides") or [] if isinstance(x, dict) and "id" in x}
        self._formations = {x["id"]: x for x in game.manifest.get("formations") or []
                            if isinstance(x, dict) and "id" in x}

    def png(self) -> bytes:
        """The rendered map as PNG bytes (rendered on first use, then cached)."""
        with self._lock:
            if self._png is None:
                image = _render_base(self.game, self.map, self.board)
                buf = io.BytesIO()
                image.save(buf, format="PNG", optimize=False)
                self._png = buf.getvalue()
            return self._png

    def point(self, where: Any) -> tuple[float, float] | None:
        """Pixel centre of a hex label, or of a table position ``[x_in, y_in]``; None when unknown."""
        p = self.board.point(tuple(where) if isinstance(where, list) else where)
        return None if p is None else (round(p[0], 1), round(p[1], 1))

    def describe(self) -> dict[str, Any]:
        """What the page needs to know about the game and its map."""
        return {
            "game": self.game.id,
            "title": self.game.title,
            "map": self.map["id"],
            "kind": self.map.get("kind", "hex"),
            "hex_px": self.hex_px,
            "scenarios": list(self.game.scenarios),
            "colours": {s: "#{:02x}{:02x}{:02x}".format(*c) for s, c in fd.SEVERITY_COLOURS.items()},
        }

    def units(self, positions: Positions) -> list[dict[str, Any]]:
        """The units where they stand, as the PNG draws them (:func:`unit_spots`), for the page: ``id``, ``label``
        (the designation the chip prints), ``name`` (designation plus side and formation), ``side``, pixel centre
        ``x``/``y``, size ``w``/``h`` (a counter, or a table base), ``facing`` (degrees), ``fill``/``ink`` colours,
        ``face`` (the face showing) and ``markers`` (on the unit, in the order put on)."""
        return [{**self._unit_info(sp), "x": round(sp.x, 1), "y": round(sp.y, 1), "facing": sp.facing,
                 "face": sp.face, "markers": list(positions.markers.get(sp.uid) or [])}
                for sp in unit_spots(self.game, self.board, positions)]

    def _unit_info(self, sp: UnitSpot) -> dict[str, Any]:
        """What does not change as a unit moves: id, label, name, side, size and colours."""
        from modgen.draw.counters import unit_colors
        from modgen.rules.naming import unit_label

        c = unit_colors(self.game, sp.rec)
        return {"id": sp.uid, "label": _short(sp.rec),
                "name": unit_label(sp.rec, self._sides, self._formations, sp.uid),
                "side": sp.rec.get("side"), "w": round(sp.w, 1), "h": round(sp.h, 1),
                "fill": _hex(c.background), "ink": _hex(c.text)}

    def timeline(self, events: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
        """The log replayed event by event (:func:`step`), compactly, for the page's step slider: ``count`` events;
        ``units``: id -> :meth:`_unit_info` of every unit ever on the map; ``steps``: ``[n, i, changes]`` for each
        event (its place ``n`` in the log, its index ``i``) that changed what is drawn, each change
        ``[id, x, y, facing]`` (placed, in map pixels as :meth:`units`, front face up, no markers), with the face
        appended when another is up and then the list of markers when there are any (``[id, x, y, facing, face,
        [markers]]``), or ``[id]`` (off the map); ``places``: the place of each event whose index ``i`` (what
        findings cite) is not its place in the log. The state after the last step is :meth:`units`' end state.
        None for a log longer than :data:`TIMELINE_EVENTS`."""
        if len(events) > TIMELINE_EVENTS:
            return None
        pos = Positions()
        drawn: dict[str, tuple[Any, ...]] = {}
        info: dict[str, dict[str, Any]] = {}
        steps: list[list[Any]] = []
        places: dict[str, int] = {}
        for n, ev in enumerate(events):
            if ev.get("i", n) != n:
                places[str(ev.get("i"))] = n
            uid = ev.get("unit")
            if not isinstance(uid, str):
                continue
            before = pos.where.get(uid)
            step(pos, ev)
            touched = {w for w in (before, pos.where.get(uid)) if w is not None}
            # Only the stacks the unit left and joined are redrawn: the others keep their places.
            sub = Positions(where={u: w for u, w in pos.where.items() if w in touched}, facing=pos.facing,
                            face=pos.face)
            now = {sp.uid: sp for sp in unit_spots(self.game, self.board, sub)}
            changes: list[list[Any]] = []
            for u, sp in now.items():
                spot: tuple[Any, ...] = (round(sp.x, 1), round(sp.y, 1), sp.facing)
                if pos.markers.get(u):
                    spot += (sp.face, list(pos.markers[u]))
                elif sp.face != "front":
                    spot += (sp.face,)
                if drawn.get(u) != spot:
                    drawn[u] = spot
                    info.setdefault(u, self._unit_info(sp))
                    changes.append([u, *spot])
            if uid not in now and uid in drawn:
                del drawn[uid]
                changes.append([uid])
            if changes:
                steps.append([n, ev.get("i", n), changes])
        return {"count": len(events), "units": info, "steps": steps, "places": places}

    def annotate(self, report: dict[str, Any], events: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
        """A copy of ``report`` whose findings carry ``number`` and ``overlay``: pixel points of their hexes and path,
        the dashed hexagons to draw, where the number badge goes, and attack arrows; given the checked log's
        ``events``, also ``units``: every unit where the log leaves it (:meth:`units`), and arrows of attack
        findings placed from where the units stood then, as the PNG of ``--map-image``."""
        out = with_numbers(report)
        positions = replay(events, wanted_units(out["findings"])) if events is not None else Positions()
        by_number = {mk.number: mk for mk in marks(out["findings"], positions)}
        for f in out["findings"]:
            mk = by_number.get(f["number"])
            hexes = [p for h in f.get("hexes") or [] if (p := self.point(h))]
            path = [p for h in f.get("path") or [] if (p := self.point(h))]
            overlay: dict[str, Any] = {"hexes": hexes, "path": path, "radius": self.board.unit / 2,
                                       "rings": [], "arrows": [], "badge": None}
            if mk is not None:
                overlay["rings"] = [[(round(x, 1), round(y, 1)) for x, y in ring]
                                    for w in mk.spots if (ring := self.board.ring(w))]
                overlay["arrows"] = [[pa, pb] for a, b in mk.arrows
                                     if (pa := self.point(a)) and (pb := self.point(b))]
                overlay["badge"] = next((p for w in mk.spots + mk.path[-1:] if (p := self.point(w))), None)
                if not overlay["hexes"]:
                    overlay["hexes"] = [p for w in mk.spots if (p := self.point(w))]
            f["overlay"] = overlay
        out["units"] = self.units(positions)
        out["timeline"] = self.timeline(events) if events is not None else None
        out["map"] = self.describe()
        return out
