"""EFB victory points for eliminations (23.1, 23.4, 9.1, MK 24.5).

The scenario's ``victory.<side>.eliminations`` lists ``{"units": "armored" | "other", "vp": n}``. When the log
records elimination VP (``vp`` events whose ``reason`` starts with "elimination"), their total per side must equal
the schedule applied to every enemy elimination (replaced units still count, 23.4; overstack eliminations count
only under the ``overstack_vp`` policy ``count``, 9.1). Logs that record no elimination VP are not judged.

A ``game_end`` event that records the outcome (``winner``, ``level``, final ``vp``) is checked against 23.2's
levels of victory, printed in both books: a difference of 0-9 VP is a draw, 10-19 a tactical, 20-29 an operational
and 30 or more a strategic victory for the side with more VP. The totals are the event's ``vp`` if it gives them,
else the sum of the log's ``vp`` events; given ``vp`` must agree with that sum when the log has ``vp`` events.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from modgen.rules.efb import common as c

# 23.2: (smallest difference, level), largest first
LEVELS = ((30, "strategic"), (20, "operational"), (10, "tactical"), (float("-inf"), "draw"))


class Victory:
    """Elimination VP at the end of the log."""

    handles = {"before": ("loss", "exit", "vp", "game_end")}  # the event types its hooks look at (engine dispatch)

    def __init__(self) -> None:
        self.losses: list[tuple[str, str]] = []  # (unit, reason)
        self.logged: dict[str, float] = defaultdict(float)
        self.any_logged: set[str] = set()
        self.done = False
        self.off_map: set[str] = set()

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "loss" and ev.get("eliminated", True) and not ev.get("steps"):
            if ev["unit"] not in self.off_map:  # (a loss repeating a retreat off the map counts once)
                self.losses.append((ev["unit"], ev.get("reason") or ""))
        elif t == "exit" and ev.get("cause") == "retreat":  # 8.11: forced off the map by a retreat = eliminated
            self.off_map.add(ev["unit"])
            self.losses.append((ev["unit"], "retreat"))
        elif t == "vp" and str(ev.get("reason") or "").lower().startswith("elimination"):
            self.logged[ev["side"]] += ev["points"]
            self.any_logged.add(ev["side"])
        elif t == "game_end":
            self._judge(ctx)
            self._outcome(ctx, ev)

    def finish(self, ctx: Any) -> None:
        self._judge(ctx)

    @staticmethod
    def _outcome(ctx: Any, ev: dict[str, Any]) -> None:
        if not any(k in ev for k in ("winner", "level", "vp")):
            return
        logged = dict(ctx.state.vp)
        claimed = ev.get("vp")
        if isinstance(claimed, dict):
            for side in sorted(set(claimed) | set(logged)):
                if logged and abs(float(claimed.get(side, 0)) - logged.get(side, 0.0)) > 1e-9:
                    ctx.error(ctx.rule("23.1"), f"the game ends with {side} at {claimed.get(side, 0):g} VP, but its "
                              f"vp events add up to {logged.get(side, 0.0):g}")
            totals = {k: float(v) for k, v in claimed.items()}
        else:
            totals = logged
        sides = list(ctx.sides) or sorted(totals)
        if len(sides) != 2:
            return
        a, b = sorted(sides, key=lambda x: -totals.get(x, 0.0))
        diff = totals.get(a, 0.0) - totals.get(b, 0.0)
        level = next(name for lo, name in LEVELS if diff >= lo)
        winner = None if level == "draw" else a
        if "winner" in ev and ev["winner"] != winner:
            ctx.error(ctx.rule("23.2"), f"the log names {ev['winner'] or 'no one'} the winner; with {a} "
                      f"{totals.get(a, 0.0):g} VP and {b} {totals.get(b, 0.0):g} VP the result is "
                      f"{'a draw' if winner is None else a + ' (' + level + ' victory)'}")
        claimed_level = str(ev.get("level") or "").strip().lower().split(" ")[0]
        if "level" in ev and claimed_level != level:
            ctx.error(ctx.rule("23.2"), f"the log claims a {ev['level']} result; a difference of {diff:g} VP is "
                      f"{'a draw' if level == 'draw' else 'a ' + level + ' victory'}")

    def _judge(self, ctx: Any) -> None:
        if self.done:
            return
        self.done = True
        victory = ctx.scenario.get("victory") or {}
        count_overstack = ctx.policies.get("overstack_vp", "count") == "count"
        for side in sorted(self.any_logged):
            schedule = {row.get("units"): row.get("vp") for row in (victory.get(side) or {}).get("eliminations") or []}
            if not schedule:
                ctx.could_not_check(ctx.rule("23.1"), f"the scenario gives no elimination VP for {side}")
                continue
            expected = 0.0
            for unit, reason in self.losses:
                owner = ctx.side_of(unit)
                if owner in (None, side) or not c.is_ground(ctx, unit):
                    continue
                if reason == "overstack" and not count_overstack:
                    continue
                kind = "armored" if c.is_armored(ctx, unit) else "other"
                expected += float(schedule.get(kind, schedule.get("other", 0)) or 0)
            if abs(expected - self.logged[side]) > 1e-9:
                ctx.error(ctx.rule("23.1"), f"{side} scored {self.logged[side]:g} VP for eliminations; the enemy "
                          f"units eliminated are worth {expected:g} by the scenario's schedule")
