"""Hit counters after they are placed (15.2, Fig 29): which can be rallied and on what roll, and that no hit counter
leaves a unit except by a rally, an auto-rally card or the unit's destruction.

Effects on later actions (no move, no fire, FP and DR changes, +1AP to fire) are checked where those actions are:
:mod:`modgen.rules.coh.activation` and :mod:`modgen.rules.coh.fire`.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.coh import common as C

_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")


class Rally:
    """A ``rally`` (roll against the counter's rally number) or an ``auto_rally`` card opens a window in which the
    unit's hit counter may be taken off; outside one, removing a hit counter is an error."""

    def __init__(self) -> None:
        self.window: tuple[str, str, int | None, int] | None = None  # (unit, "rally"|"card", roll, event index)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in _BOUNDARY:
            self.window = None
        if t == "marker":
            self.check_marker(ctx, ev)
        if t == "rally" and ctx.units.get(ev["unit"]):
            uid = ev["unit"]
            roll = ev.get("roll")
            if roll is None and ev.get("dice"):
                roll = sum(int(d) for d in ev["dice"])
            if not C.hits_on(ctx, uid):
                ctx.error(ctx.rule("15.2"), f"{ctx.name(uid)} rallies but has no hit counter", **C.at(ctx, [uid]))
            self.window = (uid, "rally", roll, ctx.index or 0)
        elif t == "order" and ev.get("order") == "auto_rally" and ev.get("unit"):
            self.window = (ev["unit"], "card", None, ctx.index or 0)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "roll" and self.window and self.window[1] == "rally" and self.window[2] is None:
            self.window = (self.window[0], "rally", sum(int(d) for d in ev.get("dice") or []), self.window[3])

    def _removed(self, ctx: Any, uid: str, marker: str) -> None:
        row = C.hit_table(ctx).get(marker) or {}
        name = row.get("name", marker)
        w = self.window
        if w is None or w[0] != uid:
            ctx.error(ctx.rule("15.2"), f"the {name} hit counter is taken off {ctx.name(uid)} without a rally or an "
                      "auto-rally card", **C.at(ctx, [uid]))
            return
        if w[1] == "card":
            return  # Fig 29: the auto-rally action card removes the hit counter
        number = C.rally_number(ctx, marker)
        if number is None:
            if row.get("applies_to") == "foot":
                ctx.could_not_check(ctx.rule("7.4"), "foot hit counters' rally numbers (7.4) are not in the "
                                    "rulebook fragment")
                return
            ctx.error(ctx.rule("15.2"), f"{ctx.name(uid)} rallies off its {name} hit counter, which cannot be "
                      "rallied (it prints no rally number)", **C.at(ctx, [uid]), event_index=w[3])
        elif w[2] is not None and w[2] < number:
            ctx.error(ctx.rule("15.2"), f"{ctx.name(uid)} rallies off its {name} hit counter with a roll of {w[2]}; "
                      f"{number} is needed", **C.at(ctx, [uid]), event_index=w[3])

    def check_marker(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        if not uid or ev.get("on") or not C.is_hit_counter(ctx, ev["marker"]):
            return
        if ctx.state.position.get(uid) is None:
            return  # a destroyed unit's counters go back to the pool
        if ev["marker"] in ctx.state.markers.get(uid, ()):
            self._removed(ctx, uid, ev["marker"])

