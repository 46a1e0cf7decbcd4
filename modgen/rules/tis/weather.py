"""TiS weather [45]: the stage's weather roll against the Weather Change Table, and the worsened-weather roll of
each air mission [45.2.3].

[45.1.2]: "During the first stage of any scenario, weather conditions are considered to be good (unless the rules
say that the weather is different). In later stages the weather is checked by the players during the air phase, by
rolling two dice and checking the table WEATHER. The result in the current stage is also affected by the weather
during the previous stage." The table (complete in the seed): after good 2-8 good, 9-12 cloudy; after cloudy 2-7
good, 8-10 cloudy, 11-12 bad; after bad 2-3 good, 4-9 cloudy, 10-12 bad. [45.1.1] names the states good, worsened
and bad (storm); the chart's "cloudy" is the worsened weather.

In the log the roll is a ``roll`` purpose ``weather`` (two dice) in the weather or air phase; the state is the core
``weather`` event (good/clear, worsened/cloudy, bad/storm). A roll with no ``weather`` event sets the weather the
table gives. The scenario may set the first stage's weather: special-rule parameter ``first_weather``.

[45.2.3]: "During worsened weather, before checking anti-aircraft fire, players have to check for the success of an
attack": one die per air unit, 1-3 the mission goes on, 4-6 it aborts. In the log a ``roll`` purpose ``clouds``
(naming its ``unit``, or without one for the next mission) before the mission (``airstrike``, or ``attack`` with
``air`` units).
"""

from __future__ import annotations

from typing import Any

ROLL = "weather"
CLOUDS = "clouds"
STATES = ("good", "worsened", "bad")
#: Words players use for the three states [45.1.1] and the chart's Good/Cloudy/Bad.
ALIASES = {"good": "good", "clear": "good", "fine": "good", "worsened": "worsened", "cloudy": "worsened",
           "overcast": "worsened", "bad": "bad", "storm": "bad"}
#: Weather Change Table: previous weather -> (lowest 2d6 total, new weather) bands, from the seed's chart.
TABLE: dict[str, tuple[tuple[int, int, str], ...]] = {
    "good": ((2, 8, "good"), (9, 12, "worsened")),
    "worsened": ((2, 7, "good"), (8, 10, "worsened"), (11, 12, "bad")),
    "bad": ((2, 3, "good"), (4, 9, "worsened"), (10, 12, "bad")),
}
ABORT_FROM = 4  # [45.2.3] 4-6: the mission is aborted


def state_of(word: Any) -> str | None:
    """The [45.1.1] state a logged weather word names (None if it names none)."""
    return ALIASES.get(str(word or "").strip().lower())


def change(previous: str, total: int) -> str | None:
    """The Weather Change Table's new weather after ``previous`` on a 2d6 ``total`` (None off the table)."""
    return next((w for lo, hi, w in TABLE.get(previous, ()) if lo <= total <= hi), None)


def first_weather(ctx: Any) -> str:
    """[45.1.2]: good in the first stage unless the scenario says otherwise (``first_weather`` parameter)."""
    for rule in (getattr(ctx, "scenario", None) or {}).get("special_rules") or []:
        w = state_of(((rule or {}).get("params") or {}).get("first_weather"))
        if w:
            return w
    return "good"


def current(ctx: Any) -> str | None:
    """The weather state now (None when the log's weather word names no state)."""
    return state_of(ctx.state.weather) if ctx.state.weather else first_weather(ctx)


def _missions(ev: dict[str, Any], is_air: Any) -> list[str]:
    if ev["type"] == "airstrike":
        return [u for u in ev.get("units") or [] if isinstance(u, str)]
    if ev["type"] == "attack":
        air = [u for u in ev.get("air") or [] if isinstance(u, str)]
        return air + [u for u in ev.get("attackers") or [] if isinstance(u, str) and is_air(u) and u not in air]
    return []


class Weather:
    """[45.1.2] the stage's weather roll and result; [45.2.3] the per-mission roll in worsened weather."""

    def __init__(self) -> None:
        self.previous: str | None = None  # the weather of the stage before this one
        self.rolled: tuple[int, str | None] | None = None  # this stage's (total, table result)
        self.set_this_stage = False

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, st = ev["type"], ctx.state
        if t == "turn":
            self.previous = current(ctx) if st.turn else None
            self.rolled, self.set_this_stage = None, False
        elif t == "roll" and ev.get("purpose") == ROLL:
            self._roll(ctx, ev)
        elif t == "weather":
            self._weather(ctx, ev)
        elif t == "roll" and ev.get("purpose") == CLOUDS:
            dice = ev.get("dice") or []
            if dice:
                pending = st.per_stage.setdefault("tis_clouds", {})
                pending[ev.get("unit") or ""] = int(dice[0])
        else:
            units = _missions(ev, lambda u: (ctx.units.get(u) or {}).get("class") == "air")
            if units and current(ctx) == "worsened":
                self._clouds(ctx, units, "an airstrike" if t == "airstrike" else "air support")

    def _roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, dice = ctx.state, [int(d) for d in ev.get("dice") or []]
        if st.phase not in (None, "weather", "air"):
            ctx.error(ctx.rule("45.1.2"), f"the weather roll is made in the {st.phase} phase; the players roll it "
                      "during the air phase")
        if st.turn <= 1:
            ctx.error(ctx.rule("45.1.2"), f"a weather roll ({'+'.join(map(str, dice))}) in the first stage; the "
                      f"first stage's weather is {first_weather(ctx)} without a roll")
            return
        if self.rolled is not None:
            ctx.error(ctx.rule("45.1.2"), "a second weather roll this stage; the weather is rolled once a stage, "
                      "in the air phase")
            return
        if len(dice) != 2:
            ctx.could_not_check(ctx.rule("45.1.2"), f"a weather roll of {len(dice)} dice; the table is read with "
                                "two dice")
            return
        prev = self.previous or first_weather(ctx)
        self.rolled = (sum(dice), change(prev, sum(dice)))

    def _weather(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, w = ctx.state, state_of(ev.get("weather"))
        if w is None:
            ctx.could_not_check(ctx.rule("45.1.1"), f"weather {ev.get('weather')!r} is none of good (clear), "
                                "worsened (cloudy) or bad (storm)")
            return
        self.set_this_stage = True
        if st.turn <= 1:
            first = first_weather(ctx)
            if w != first:
                ctx.error(ctx.rule("45.1.2"), f"the first stage's weather is set to {w}; during the first stage "
                          f"the weather is {first}")
            return
        prev = self.previous or first_weather(ctx)
        if self.rolled is not None:
            total, want = self.rolled
            if want is not None and w != want:
                ctx.error(ctx.rule("45.1.2"), f"the weather is set to {w}, but a roll of {total} after {prev} "
                          f"weather gives {want} (Weather Change Table)")
        elif not any(band[2] == w for band in TABLE[prev]):
            ctx.error(ctx.rule("45.1.2"), f"the weather turns from {prev} to {w}; the Weather Change Table has no "
                      f"roll that follows {prev} weather with {w}")

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "roll" and ev.get("purpose") == ROLL and self.rolled is not None \
                and not self.set_this_stage and self.rolled[1] is not None:
            ctx.state.weather = self.rolled[1]  # the roll sets the weather the table gives until a weather event

    def _clouds(self, ctx: Any, units: list[str], what: str) -> None:
        pending: dict[str, int] = ctx.state.per_stage.setdefault("tis_clouds", {})
        for u in units:
            die = pending.pop(u, None)
            if die is None:
                die = pending.pop("", None)
            if die is None:
                ctx.error(ctx.rule("45.2.3"), f"{ctx.name(u)} flies {what} in worsened weather without the die "
                          "for the success of the mission (roll purpose clouds: 1-3 it goes on, 4-6 it aborts)",
                          units=[u])
            elif die >= ABORT_FROM:
                ctx.error(ctx.rule("45.2.3"), f"{ctx.name(u)} rolled {die} for worsened weather, so its mission "
                          f"aborts (4-6), but it flies {what}", units=[u])
