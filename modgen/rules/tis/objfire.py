"""TiS: artillery fire at objects [22.1.1]-[22.1.6], [24.2.2] against the Destroying Objects by Artillery table.

Log convention (docs/logs.md): fire at an object is an ``attack`` ``kind`` fire (or barrage) with the object's
``hex`` and no defenders [9.6.5] (``object``: what is hit, e.g. ``ferry``; a hex with a ``minefield`` marker is a
minefield hit), its die a ``roll`` purpose artillery, and the result the markers that follow at the hex before the
next battle or the end of the phase: ``object_destroyed`` for Z [22.1.4], ``object_damaged`` for U ("Dam." [22.1.5]),
nothing for "-". A minefield is not damaged: U is no effect, but the third U on it in one stage or the next two
destroys it, as Z does: its ``minefield`` marker is taken off [22.1.6]. A ferry is destroyed only by Z [24.2.2].
The table's rows are the manifest's ``object_fire`` (rows 1-15 printed, row 16-19 cut off: a missing cell is could
not check).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.artillery import FIRE_ROLLS
from modgen.rules.tis.engineers import MINEFIELD
from modgen.rules.tis.objects import DAMAGED, DESTROYED

_HITS = "tis_minefield_hits"  # notes: hex -> stages of the "Dam." results on its minefield [22.1.6]


@dataclass
class _Shot:
    hex: str
    guns: list[str]
    sp: int
    index: int
    target: str  # "minefield", "ferry" or "object"
    die: int | None = None
    placed: set[str] = field(default_factory=set)  # markers put on the hex after the shot
    cleared: bool = False  # the minefield marker taken off


def cell(ctx: Any, sp: int, die: int) -> tuple[str | None, str]:
    """The table's result for ``sp`` artillery SP and ``die`` and the row label ("" when no row holds ``sp``)."""
    for r in (ctx.tables.get("object_fire") or {}).get("rows") or []:
        hi = r.get("max")
        if r.get("min", 0) <= sp and (hi is None or sp <= hi):
            res = (r.get("results") or [None] * 6)[die - 1] if 1 <= die <= 6 else None
            return res, str(r.get("label"))
    return None, ""


class ObjectFire:
    """[22.1.2], [22.1.4]-[22.1.6], [24.2.2]."""

    def __init__(self) -> None:
        self.shot: _Shot | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "attack":
            self._settle(ctx)
            if ev.get("kind") in ("fire", "barrage") and isinstance(ev.get("hex"), str) and not ev.get("defenders"):
                h = ev["hex"]
                guns = [u for u in ev.get("attackers") or [] if isinstance(u, str)]
                target = "minefield" if MINEFIELD in ctx.state.hex_markers.get(h, set()) else \
                    ("ferry" if ev.get("object") == "ferry" else "object")
                self.shot = _Shot(h, guns, sum(c.strength(ctx, u) or 0 for u in guns), ctx.index or 0, target)
        elif self.shot is not None and t == "roll" and ev.get("purpose") in FIRE_ROLLS and ev.get("dice"):
            self.shot.die = int(ev["dice"][0])
        elif self.shot is not None and t == "marker" and ev.get("hex") == self.shot.hex:
            if ev.get("on") and ev.get("marker") in (DESTROYED, DAMAGED):
                self.shot.placed.add(ev["marker"])
            elif not ev.get("on") and ev.get("marker") == MINEFIELD:
                self.shot.cleared = True

    def phase_end(self, ctx: Any) -> None:
        self._settle(ctx)

    def finish(self, ctx: Any) -> None:
        self._settle(ctx)

    def _settle(self, ctx: Any) -> None:
        s, self.shot = self.shot, None
        if s is None or s.die is None or not s.sp:
            return
        res, label = cell(ctx, s.sp, s.die)
        if res is None:
            where = f"row {label}, die {s.die}" if label else f"a row for {s.sp} SP"
            ctx.could_not_check(ctx.rule("22.1.2"), "the Destroying Objects by Artillery table has no cell for "
                                f"{where}")
            return
        names = c.names(ctx, s.guns)
        said = f"{names} ({s.sp} SP) fire at the {s.target} at {s.hex}: a {s.die} on row {label} is {res}"
        kw = {"units": s.guns, "hexes": [s.hex], "event_index": s.index}
        if s.target == "minefield":
            self._minefield(ctx, s, res, said, kw)
            return
        want = {"Z": DESTROYED, "U": DAMAGED}.get(res) if s.target == "object" else \
            (DESTROYED if res == "Z" else None)  # [24.2.2] only Z destroys a ferry
        rule = "24.2.2" if s.target == "ferry" else "22.1.2"
        if want and want not in s.placed:
            ctx.error(ctx.rule(rule), f"{said}, but no {want} marker is put on {s.hex}", **kw)
        extra = s.placed - ({want} if want else set())
        if extra:
            ctx.error(ctx.rule(rule), f"{said}, but the {' and '.join(sorted(extra))} marker is put on {s.hex}"
                      + ("; a ferry is destroyed only by Z" if s.target == "ferry" else ""), **kw)

    def _minefield(self, ctx: Any, s: _Shot, res: str, said: str, kw: dict[str, Any]) -> None:
        """[22.1.6]: Z destroys a minefield; U is no effect unless it is the third in this stage and the two before."""
        stage = ctx.state.turn or 0
        hits = ctx.state.notes.setdefault(_HITS, {})
        if res == "U":
            hits[s.hex] = [x for x in hits.get(s.hex, []) if x >= stage - 2] + [stage]
        gone = res == "Z" or (res == "U" and len(hits.get(s.hex, [])) >= 3)
        if gone and not s.cleared:
            why = "Z" if res == "Z" else "the third Dam. in three stages [22.1.6]"
            ctx.error(ctx.rule("22.1.6"), f"{said}: {why} destroys the minefield, but its minefield marker stays",
                      **kw)
        elif not gone and (s.cleared or DESTROYED in s.placed or DAMAGED in s.placed):
            ctx.error(ctx.rule("22.1.6"), f"{said}; on a minefield that is no effect (a Dam. counts only the third "
                      "time in three stages), but the minefield is marked as hit", **kw)
        if gone:
            hits.pop(s.hex, None)
