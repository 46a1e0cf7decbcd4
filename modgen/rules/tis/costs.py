"""TiS movement costs as parameters of the shared toolkit (:class:`modgen.rules.movement.TecCosts`).

The manifest's ``rules.tables.terrain`` gives, per terrain id, the MP by movement class (Terrain Effect chart): a
number for a hex, ``"+n"`` for a hexside crossed, a rule reference such as ``"see [25.1]"`` (not crossable in normal
movement), null where the chart cell is missing. The game's ``terrain`` kinds say which ids are hexes, hexsides and
lines. This module turns that into the toolkit's TEC for one class; roads follow [4.3.1]-[4.3.3].
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from modgen.rules.movement import TecCosts, parse_mp
from modgen.rules.tis.common import river

_PLUS = re.compile(r"^\+\s*(\d+(?:\.\d+)?)$")


def _cell(value: Any) -> tuple[Any, str | None]:
    """(TEC mp value, why not) of a chart cell: numbers and "+n" are MP; a rule reference or null is not allowed
    (with the reference as the reason)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value, None
    if isinstance(value, str):
        m = _PLUS.match(value.strip())
        if m:
            return m.group(1), None
        if value == "prohibited":
            return None, "prohibited"
        return None, value  # e.g. "see [25.1]": a crossing procedure, not normal movement
    return None, "missing"


def tec_for(ctx: Any, mclass: str) -> tuple[dict[str, Any], dict[str, str]]:
    """(TEC for ``mclass``, terrain id -> why it is not enterable) from the TiS terrain table."""
    table = ctx.tables.get("terrain") or {}
    kinds = {k: (v or {}).get("kind", "hex") for k, v in (ctx.manifest.get("terrain") or {}).items()}
    tec: dict[str, Any] = {}
    why: dict[str, str] = {}
    for tid, row in table.items():
        if tid == "source" or not isinstance(row, dict):
            continue
        mv = row.get("movement") or {}
        kind = kinds.get(tid, "hex")
        if tid == "bridge" or kind == "hexside" and tid.endswith("bridge"):
            tec[tid] = {"bridge": True}
            continue
        value, reason = _cell(mv.get(mclass))
        if kind == "line":
            tec[tid] = {"along": "road" if tid.startswith("road") else tid, "mp": value}
        elif kind == "hexside":
            tec[tid] = {"mp": value, "river": "river" in tid}
        else:
            tec[tid] = {"mp": value}
        if value is None:
            why[tid] = reason or "missing"
    tec.setdefault("ferry", {"mp": 0, "river": False})  # drawn on its river's hexside [24.1]: no cost of its own
    return tec, why


class TisCosts(TecCosts):
    """MP from ``a`` into adjacent ``b`` for one movement class: the cheaper of cross-country (terrain of ``b``
    plus hexsides [4.2.7]) and road (a road linking both hexes [4.3.1]); inaccessible terrain only by road
    [4.3.3]."""

    def __init__(self, ctx: Any, mclass: str) -> None:
        tec, self.why = tec_for(ctx, mclass)
        super().__init__(tec, ctx.board)
        self.mclass = mclass
        self.ctx = ctx

    def bridged(self, a: str, b: str) -> bool:
        """A standing map bridge or one built in play cancels the river; a blown one does not [23]."""
        return any(s in ("big_river", "small_river") for s in self.board.hexside(a, b)) and \
            river(self.ctx, a, b) is None

    def blocked(self, h: str) -> bool:
        """The hex's terrain is inaccessible to this class (a prohibited cell, not a missing one)."""
        eff = (self.tec or {}).get(self.board.terrain(h))
        return eff is not None and eff.get("mp") is None and self.why.get(self.board.terrain(h)) == "prohibited"

    def _sides(self, a: str, b: str) -> Fraction | None:
        """Hexside extras on the road leg (a bridge cancels rivers)."""
        sides = self.board.hexside(a, b)
        bridged = self.bridged(a, b) if sides else False
        extra = Fraction(0)
        for s in sides:
            eff = (self.tec or {}).get(s)
            if eff is None:
                self.unknown.append(s)
                return None
            if eff.get("bridge") or (bridged and eff.get("river")):
                continue
            mp = parse_mp(eff.get("mp"))
            if mp is None:
                return None
            extra += mp
        return extra

    def step(self, a: str, b: str, mode: str = "normal") -> Fraction | None:
        cross = None if (self.blocked(a) or self.blocked(b)) else self.hex_entry(a, b)
        road = self.along(a, b, "road")
        if road is not None:
            extra = self._sides(a, b)
            road = None if extra is None else road + extra
        costs = [x for x in (cross, road) if x is not None]
        return min(costs) if costs else None

    def reason(self, a: str, b: str) -> str:
        """Why the step is not allowed, for a finding."""
        for t in [*self.board.hexside(a, b), self.board.terrain(b)]:
            if t in self.why:
                r = self.why[t]
                if r == "missing":
                    return f"the Terrain Effect chart has no {self.mclass} cost for {t}"
                if r == "prohibited":
                    return f"{t} is inaccessible to {self.mclass} units except along a road [4.3.3]"
                return f"{t} is not crossed in normal movement by {self.mclass} units ({r})"
        if self.blocked(a):
            return f"{self.board.terrain(a)} is left only along a road [4.3.3]"
        return "the step is not allowed"
