"""Flames of War Night Fighting and Time of Day (pp.90-91), and the movement modifiers of Night and the Equipment
special rules Unreliable, Wide Tracks and Overloaded (p.67).

Whether it is night: the scenario's ``special_rules`` entry (or the ``options`` chosen in ``scenario_start``, p.91)
``darkness`` or ``night`` ("the Night Fighting rules on page 90 are used for the entire game"), ``dawn`` (the game
starts in Darkness) or ``dusk`` (it starts in Daylight);
a ``time_of_day`` event (``light`` ``day`` or ``night``, the ``dice`` rolled) records morning breaking or night
falling "on any roll of 5+" (p.91). What night changes here: "Teams may not move faster than their Terrain Dash
speed at Night. In addition, Teams add +1 to their Cross number when moving through Difficult Terrain at night"
(p.90), "Teams shooting at Night always suffer an additional +1" (p.90), Ranging In +1 (p.47, p.90) and "Do not
roll for Aircraft to arrive at Night" (p.90).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T

#: Scenario special rules that start the game at night (p.91 Darkness, Dawn) or in daylight (Dusk).
NIGHT_START, DAY_START, DARKNESS = ("darkness", "night", "dawn"), ("dusk",), ("darkness", "night")
#: p.91: morning breaks (Dawn) or night falls (Dusk) "on any roll of 5+".
CHANGE_NEED = 5
#: p.67 Unreliable: Cross-country and Road Dash reduced by 2"/5cm.
UNRELIABLE = (2, 5)

EVENT_KINDS: dict[str, dict[str, Any]] = {
    "time_of_day": {
        "type": "object",
        "description": "Morning breaks (Dawn) or night falls (Dusk) at the start of a turn (FoW p.91).",
        "properties": {
            "light": {"enum": ["day", "night"], "description": "What it is from now on."},
            "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6},
                     "description": "The dice rolled for it (any 5+ changes the light)."},
        },
        "required": ["type", "light"],
    },
}


def _special(ctx: Any) -> set[str]:
    """The scenario's special rules, and the Time of Day option the players chose in ``scenario_start`` (p.91 "decide
    with your opponent what Time Of Day option to use": the scenario's ``options`` ``dawn``, ``dusk``, ``darkness``)."""
    rules = (getattr(ctx, "scenario", None) or {}).get("special_rules") or []
    chosen = {T.key(k) for k, v in (getattr(ctx.state, "options", None) or {}).items() if v is True}
    return {T.key(r.get("id") if isinstance(r, dict) else r) for r in rules} | (chosen & {*NIGHT_START, *DAY_START})


def is_night(ctx: Any) -> bool:
    """Are the Night Fighting rules in effect now (p.90-91)?"""
    light = ctx.state.notes.get("fow_light")
    if light is not None:
        return light == "night"
    return bool(_special(ctx) & set(NIGHT_START))


def equipment(t: T.Team, rule: str) -> bool:
    """Does the team have the Equipment special rule ``rule`` (a tag, or a note of its mobility)?"""
    mob = t.rec.get("mobility") if isinstance(t.rec.get("mobility"), dict) else {}
    return rule in t.tags or rule in {T.key(n) for n in mob.get("notes") or []}


def dash_limit(ctx: Any, t: T.Team, which: str, limit: float, speeds: dict[str, float | None]) -> tuple[float, str]:
    """The Dash limit after Unreliable (p.67) and Night (p.90), and why it changed ('' if it did not)."""
    why = []
    if which in ("cross_country_dash", "road_dash") and equipment(t, "unreliable"):
        cut = UNRELIABLE[1] / T.CM_PER_INCH if t.m.cm else float(UNRELIABLE[0])
        limit -= cut
        why.append(f"Unreliable -{t.m.show(cut)} (p.67)")
    terrain = speeds.get("terrain_dash")
    if is_night(ctx) and terrain is not None and limit > terrain:
        limit = terrain
        why.append("at Night no faster than its Terrain Dash (p.90)")
    return limit, "; ".join(why)


def cross_modifier(ctx: Any, t: T.Team) -> tuple[int, list[str]]:
    """Cross number modifiers: Wide Tracks -1, Overloaded +1 (p.67), Night +1 (p.90)."""
    mods: list[tuple[str, int]] = []
    if t.is_tank and equipment(t, "wide_tracks"):
        mods.append(("Wide Tracks (p.67)", -1))
    if t.is_tank and equipment(t, "overloaded"):
        mods.append(("Overloaded (p.67)", 1))
    if is_night(ctx):
        mods.append(("Night (p.90)", 1))
    return sum(n for _, n in mods), [f"{'+' if n > 0 else ''}{n} {label}" for label, n in mods]


class TimeOfDay:
    """p.91: the light changes only in a Dawn or Dusk game, on a 5+; no Aircraft roll at Night (p.90)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "time_of_day":
            light = T.key(ev.get("light"))
            if light not in ("day", "night"):
                return
            special = _special(ctx)
            if special & set(DARKNESS) or not special & {"dawn", "dusk"}:
                game = "in Darkness" if special & set(DARKNESS) else "in Daylight"
                ctx.error(ctx.rule("p.91"), f"the light changes to {light} in a game played {game}; only Dawn and "
                          "Dusk games change (morning breaks or night falls on a 5+)")
            dice = [d for d in ev.get("dice") or [] if isinstance(d, int)]
            if dice and max(dice) < CHANGE_NEED:
                ctx.error(ctx.rule("p.91"), f"the light changes to {light} on dice {dice}; "
                          f"{'morning breaks' if light == 'day' else 'night falls'} on any roll of {CHANGE_NEED}+")
            if ctx.state.phase not in (None, "starting"):
                ctx.error(ctx.rule("p.91"), f"the light changes to {light} in the {ctx.state.phase} step; it is "
                          "rolled for at the start of a player's turn")
            ctx.state.notes["fow_light"] = light
        elif ev["type"] == "aircraft" and is_night(ctx):
            side = ev.get("side") or ctx.state.side
            ctx.error(ctx.rule("p.90"), f"{side} rolls for Aircraft at Night; do not roll for Aircraft to arrive "
                      "at Night")
