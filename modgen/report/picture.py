"""Map picture and finding overlays for the sidecar page: the server does the geometry, the page only draws."""

from __future__ import annotations

import io
import threading
from typing import Any

from modgen.data.model import Game


class MapView:
    """The game's first map rendered once, and pixel positions for the hexes and paths named in findings."""

    def __init__(self, game: Game, *, hex_px: int = 64, px_per_inch: int = 12) -> None:
        self.game = game
        self.map = game.map()
        self.hex_px = hex_px
        self.px_per_inch = px_per_inch
        self._png: bytes | None = None
        self._lock = threading.Lock()
        self._grid = None
        if self.map.get("kind", "hex") == "hex":
            from modgen.geometry.hexgrid import Grid

            self._grid = Grid.from_map(self.map)

    def png(self) -> bytes:
        """The rendered map as PNG bytes (rendered on first use, then cached)."""
        with self._lock:
            if self._png is None:
                from modgen.draw.mapdraw import render_map

                if self._grid is not None:
                    image = render_map(self.game, self.map["id"], hex_px=self.hex_px)
                else:
                    image = render_map(self.game, self.map["id"], px_per_inch=self.px_per_inch)
                buf = io.BytesIO()
                image.save(buf, format="PNG", optimize=False)
                self._png = buf.getvalue()
            return self._png

    def point(self, where: Any) -> tuple[float, float] | None:
        """Pixel centre of a hex label, or of a table position ``[x_in, y_in]``; None when unknown."""
        if isinstance(where, str) and self._grid is not None:
            try:
                x, y = self._grid.center_px(where, self.hex_px)
            except (KeyError, ValueError):
                return None
            return (round(x, 1), round(y, 1))
        if isinstance(where, (list, tuple)) and len(where) == 2 and all(isinstance(v, (int, float)) for v in where):
            return (where[0] * self.px_per_inch, where[1] * self.px_per_inch)
        return None

    def describe(self) -> dict[str, Any]:
        """What the page needs to know about the game and its map."""
        return {
            "game": self.game.id,
            "title": self.game.title,
            "map": self.map["id"],
            "kind": self.map.get("kind", "hex"),
            "hex_px": self.hex_px,
            "scenarios": list(self.game.scenarios),
        }

    def annotate(self, report: dict[str, Any]) -> dict[str, Any]:
        """A copy of ``report`` whose findings carry ``overlay``: pixel points of their hexes and path."""
        out = dict(report)
        out["findings"] = []
        for finding in report.get("findings", []):
            f = dict(finding)
            hexes = [p for h in f.get("hexes") or [] if (p := self.point(h))]
            path = [p for h in f.get("path") or [] if (p := self.point(h))]
            f["overlay"] = {"hexes": hexes, "path": path, "radius": self.hex_px / 2}
            out["findings"].append(f)
        out["map"] = self.describe()
        return out
