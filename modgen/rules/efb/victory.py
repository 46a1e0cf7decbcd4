"""EFB victory points for eliminations (23.1, 23.4, 9.1, MK 24.5).

The scenario's ``victory.<side>.eliminations`` lists ``{"units": "armored" | "other", "vp": n}``. When the log
records elimination VP (``vp`` events whose ``reason`` starts with "elimination"), their total per side must equal
the schedule applied to every enemy elimination (replaced units still count, 23.4; overstack eliminations count
only under the ``overstack_vp`` policy ``count``, 9.1). Logs that record no elimination VP are not judged.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from modgen.rules.efb import common as c


class Victory:
    """Elimination VP at the end of the log."""

    def __init__(self) -> None:
        self.losses: list[tuple[str, str]] = []  # (unit, reason)
        self.logged: dict[str, float] = defaultdict(float)
        self.any_logged: set[str] = set()
        self.done = False

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "loss" and ev.get("eliminated", True) and not ev.get("steps"):
            self.losses.append((ev["unit"], ev.get("reason") or ""))
        elif t == "vp" and str(ev.get("reason") or "").lower().startswith("elimination"):
            self.logged[ev["side"]] += ev["points"]
            self.any_logged.add(ev["side"])
        elif t == "game_end":
            self._judge(ctx)

    def finish(self, ctx: Any) -> None:
        self._judge(ctx)

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
