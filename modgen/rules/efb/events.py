"""EFB events phase (5.0, GT 24.8, MK 24.8-24.10): one events roll per turn from the scenario's first events turn,
none on turn 1, and its effect as the events table (``rules.tables.events``) gives it: weather for the turn, a
permanent state such as GT's Orel offensive, or GT's anti-tank ditch sub-roll and the suppression it calls for.

Table shape (as the bundled Guards Tank data has it): ``{"die": "1d6", "results": {"5": {"event": "weather",
"weather": "hazy"}, "4": {"event": "orel_offensive", "permanent": true}, "3": {"event": "ditch_minefield",
"subroll": {"1-2": "suppress_german_armored", "3-5": "suppress_soviet_armored", "6": "no_effect"}}}}``.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c


def _lookup(results: dict[str, Any], die: int) -> Any:
    """The entry whose key is the die value or a range "a-b" holding it."""
    for key, value in results.items():
        lo, _, hi = str(key).partition("-")
        try:
            if int(lo) <= die <= int(hi or lo):
                return value
        except ValueError:
            continue
    return None


class Events:
    """Events roll count, weather and permanent effects, GT ditch/minefield suppression."""

    handles = {"before": ("roll", "marker"), "after": ("turn",)}  # the event types its hooks look at (engine dispatch)

    def __init__(self) -> None:
        self.rolls = 0
        self.expect_weather: str | None = None
        self.subroll: dict[str, Any] | None = None
        self.suppress_side: str | None = None

    def _table(self, ctx: Any) -> dict[str, Any] | None:
        t = ctx.tables.get("events")
        return t if isinstance(t, dict) and isinstance(t.get("results"), dict) else None

    def _first_turn(self, ctx: Any) -> int:
        rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "events"), None)
        return int(((rule or {}).get("params") or {}).get("from_turn") or 2)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "turn" and self._table(ctx) is not None:
            ctx.state.weather = None  # the table sets the weather "this turn"; otherwise it is the default (clear)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if t == "roll" and st.phase == "events" and ev.get("purpose") in ("events", None, "event"):
            if self.subroll is not None:
                self._sub(ctx, ev["dice"][0])
                return
            self.rolls += 1
            if self.rolls > 1:
                ctx.error(ctx.rule("5.0"), "a second events roll in one events phase")
                return
            table = self._table(ctx)
            if table is None:
                return
            entry = _lookup(table["results"], ev["dice"][0]) or {}
            kind = entry.get("event")
            if kind == "weather":
                self.expect_weather = entry.get("weather")
            elif entry.get("permanent"):
                st.notes.setdefault("permanent_events", set()).add(kind)
            elif entry.get("subroll"):
                self.subroll = entry["subroll"]
        elif t == "marker" and ev.get("marker") == "suppressed" and ev.get("on") and self.suppress_side:
            uid = ev.get("unit")
            if uid and (ctx.side_of(uid) != self.suppress_side or not c.is_armored(ctx, uid)):
                ctx.error(ctx.rule("5.0"), f"the events table suppresses one {self.suppress_side} armored unit; "
                          f"{ctx.name(uid)} is not one", units=[uid])
            self.suppress_side = None

    def _sub(self, ctx: Any, die: int) -> None:
        result = str(_lookup(self.subroll or {}, die) or "")
        self.subroll = None
        if result.startswith("suppress_"):
            side = result.removeprefix("suppress_").removesuffix("_armored")
            self.suppress_side = side if side in ctx.sides else None

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase != "events":
            return
        table = self._table(ctx)
        if table is not None and st.turn >= self._first_turn(ctx) and self.rolls == 0:
            ctx.error(ctx.rule("5.0"), f"no events roll in the events phase of turn {st.turn}")
        if self.expect_weather and st.weather != self.expect_weather:
            ctx.error(ctx.rule("5.0"), f"the events roll gives {self.expect_weather} weather this turn, but the log "
                      f"has {st.weather or 'clear'}")
        if self.suppress_side:
            ctx.error(ctx.rule("5.0"), f"the events table calls for suppressing one {self.suppress_side} armored "
                      "unit, and none was suppressed")
        self.rolls, self.expect_weather, self.subroll, self.suppress_side = 0, None, None, None
