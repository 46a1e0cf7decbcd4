"""Bombs (20.4): "Certain firefights will allow airplanes to carry bombs. Dropping bombs costs the same as other air
attacks and follows the same rules. The only difference is that an airplane may drop as many bombs as it wants per
attack. Bomb FP is affected by altitude and range the same way a regular plane attack is." Each bomb "attacks the
target separately" (20.4 Ex), and A-P cluster bombs "are placed on the map as a red value mine".

A drop is an airplane's ``attack`` impulse with ``bombs`` (how many) and, for A-P cluster bombs, ``cluster: true``.
The plane's counter says what it carries: ``bombs`` (how many, 20.4 Ex: "four 50kg bombs") and ``bomb_fp`` (the Ex's
"6FP", used against either DR colour; ``bomb_fp_red`` / ``bomb_fp_blue`` when the counter prints colours). A plane
without ``bombs`` carries none: the firefight does not allow it. Each bomb is rolled separately against each target
(:class:`~modgen.rules.coh.fire.Fire` makes one target per bomb); a cluster drop rolls nothing and must leave a red
mine (``fortifications`` row of ``type`` mine, ``mine_colour`` red) in the target hex before the next action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.rules.coh import air
from modgen.rules.coh import common as C

_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")


def count(ev: dict[str, Any]) -> int:
    """Bombs dropped by an attack event (0: a gun attack)."""
    return int(ev.get("bombs") or 0) if ev.get("type") == "attack" else 0


def fp(ctx: Any, uid: str, colour: str) -> int | None:
    """A bomb's printed FP against a DR of ``colour``."""
    v = C.values(ctx, uid)
    value = v.get(f"bomb_fp_{colour}", v.get("bomb_fp"))
    return int(value) if value is not None else None


def dropped(ctx: Any) -> dict[str, int]:
    """Bombs each plane has dropped so far in the game."""
    return ctx.state.notes.setdefault("coh_bombs_dropped", {})


def declare(ctx: Any, ev: dict[str, Any], attackers: list[str]) -> bool:
    """Whether the drop in ``ev`` is legal (20.4): an airplane, a firefight that gives it bombs, no more than it
    carries. Counts the bombs dropped."""
    n = count(ev)
    if not n:
        return True
    uid = attackers[0] if attackers else ""
    name, kw = ctx.name(uid), C.at(ctx, attackers)
    if not air.is_plane(ctx, uid):
        ctx.error(ctx.rule("20.4"), f"{name} drops {n} bomb(s); only airplanes carry bombs", **kw)
        return False
    carried = C.values(ctx, uid).get("bombs")
    if not carried:
        ctx.error(ctx.rule("20.4"), f"{name} drops {n} bomb(s) but carries none; only firefights that allow it "
                  "give airplanes bombs (the counter's bombs value)", **kw)
        return False
    before = dropped(ctx).get(uid, 0)
    dropped(ctx)[uid] = before + n
    if before + n > int(carried):
        ctx.error(ctx.rule("20.4"), f"{name} drops {n} bomb(s) after {before}; it carries {carried}", **kw)
        return False
    return True


@dataclass
class Cluster:
    """An A-P cluster drop waiting for its red mine."""

    unit: str
    hex: str
    index: int
    placed: bool = False
    wrong: str | None = None


class Bombs:
    """A-P cluster bombs (20.4): the drop leaves a red value mine in the target hex."""

    def __init__(self) -> None:
        self.cluster: Cluster | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] in _BOUNDARY:
            self._settle(ctx)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "attack" and ev.get("cluster") and count(ev):
            uid = (ev.get("attackers") or [""])[0]
            to = ev.get("hex") or next((h for d in ev.get("defenders") or []
                                        if (h := ctx.state.position.get(d))), None)
            if to is None:
                ctx.could_not_check(ctx.rule("20.4"), f"{ctx.name(uid)} drops A-P cluster bombs but the log names no "
                                    "target hex")
                return
            self.cluster = Cluster(uid, to, ctx.index or 0)
        elif t == "marker" and self.cluster and ev.get("hex") == self.cluster.hex and ev.get("on", True):
            row = C.fort_table(ctx).get(ev.get("marker", "")) or {}
            if row.get("type") == "mine" and row.get("mine_colour") == "red":
                self.cluster.placed = True
            elif row.get("type") == "mine":
                self.cluster.wrong = row.get("name") or ev.get("marker")

    def finish(self, ctx: Any) -> None:
        self._settle(ctx)

    def _settle(self, ctx: Any) -> None:
        c, self.cluster = self.cluster, None
        if c is None or c.placed:
            return
        what = f"a {c.wrong} was placed instead" if c.wrong else "no red mine was placed there"
        ctx.error(ctx.rule("20.4"), f"{ctx.name(c.unit)} drops A-P cluster bombs on {c.hex}, but {what}; A-P cluster "
                  "bombs are placed on the map as a red value mine", units=[c.unit], hexes=[c.hex],
                  event_index=c.index)
