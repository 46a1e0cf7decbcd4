"""CAPs on one roll (Fig 29: "The Soviet modifies his roll with 1CAP"; 18.5: "A player may modify the die roll with
CAPs"): no more than the game data's ``cap_limit.per_roll``.

Whether the core rules limit the CAPs on one roll is not in the rulebook fragment, so the limit is the designer's
data; without it (null or absent) a roll with CAPs is could-not-check. A roll's CAPs are its own ``cap`` plus every
``cap`` event with ``purpose: "roll"`` after it until the next roll or action (chat ``!cap N roll``, or the module's
CAP track lowered right after the roll, :mod:`modgen.rules.coh.tracks`).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.coh import common as C

_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")


class RollCaps:
    """The CAPs added to the last roll, against ``cap_limit.per_roll``."""

    def __init__(self) -> None:
        self.roll: list[int] | None = None  # [event index of the roll, CAPs on it, reported]

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] in _BOUNDARY:
            self.roll = None

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "roll":
            self.roll = [ctx.index or 0, 0, 0]
            self._add(ctx, int(ev.get("cap") or 0))
        elif t == "cap" and ev.get("purpose") == "roll" and self.roll is not None:
            self._add(ctx, int(ev.get("cap") or 0))

    def _add(self, ctx: Any, n: int) -> None:
        roll = self.roll
        if roll is None or n <= 0:
            return
        roll[1] += n
        limit = (ctx.tables.get("cap_limit") or {}).get("per_roll")
        if not isinstance(limit, int):
            ctx.could_not_check(ctx.rule("Fig 29"), "the game data gives no per-roll CAP limit "
                                "(rules.tables.cap_limit.per_roll; the core rules are not in the fragment)")
        elif roll[1] > limit and not roll[2]:
            roll[2] = 1
            att = ctx.state.current_attack
            units = list(att.attackers[:1]) if att and att.attackers else []
            ctx.error(ctx.rule("Fig 29"), f"{roll[1]} CAPs are added to one roll (event {roll[0]}); the game allows "
                      f"at most {limit} per roll", **C.at(ctx, units))
