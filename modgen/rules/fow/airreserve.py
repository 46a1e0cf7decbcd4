"""Flames of War p.44 Aircraft in Reserve, with p.96 Reserves.

p.44 "AIRCRAFT IN RESERVE ... If the Aircraft Unit is held in Reserve (see page 96), do not start rolling until the
Unit arrives from Reserve." An Aircraft Unit is never placed when it arrives from Reserve (its Aircraft are placed
only after a successful Aircraft roll), so the log names it: a ``reserves`` roll's ``aircraft`` lists one team of
each Aircraft Unit that arrives from Reserve on that roll (chat ``!reserves dice 5 2 aircraft us.p47.1``); each is
one of the Units the roll brings (p.96: each 5+ brings a Unit).

An Aircraft Unit is held in Reserve when its teams are held ``off_map: "reserve"`` before play in a mission with
Reserves (Aircraft are never on the table at Deployment, so an Aircraft Unit without that is available from the
start). Checked: an ``aircraft`` roll by a side all of whose Aircraft Units are still in Reserve; an Aircraft Team
placed while its Unit is still in Reserve; a named Unit that is not an Aircraft Unit held in Reserve, or named twice;
more Units arriving than the roll brings (counted with the Units placed on the table, :mod:`.reserves`).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.reserves import reserve_rule

_HELD, _ARRIVED = "fow_air_reserve", "fow_air_arrived"


def is_aircraft(ctx: Any, uid: str) -> bool:
    return (ctx.units.get(uid) or {}).get("class") == "aircraft"


def air_units_in_reserve(ctx: Any) -> dict[str, str]:
    """Aircraft Units (group → a team of it) held in Reserve and not yet arrived."""
    arrived = ctx.state.notes.get(_ARRIVED, set())
    return {g: u for g, u in ctx.state.notes.get(_HELD, {}).items() if g not in arrived}


class AircraftReserve:
    """p.44: no Aircraft roll and no Aircraft placed until the Aircraft Unit arrives from Reserve (p.96)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        kind, uid = ev["type"], ev.get("unit")
        if kind == "setup" and ctx.state.phase is None and uid in ctx.units and is_aircraft(ctx, uid) \
                and ev.get("off_map") == "reserve" and reserve_rule(ctx, ctx.side_of(uid)):
            ctx.state.notes.setdefault(_HELD, {}).setdefault(T.team(ctx, uid).group, uid)
        elif kind == "reserves":
            self._named(ctx, ev)
        elif kind == "aircraft" and ctx.state.phase is not None:
            side = ev.get("side") or ctx.state.side
            waiting = {g: u for g, u in air_units_in_reserve(ctx).items() if ctx.side_of(u) == side}
            ready = [u for u, rec in ctx.units.items() if rec.get("side") == side and is_aircraft(ctx, u)
                     and T.team(ctx, u).group not in waiting]
            if waiting and not ready:
                ctx.error(ctx.rule("p.44"), f"{side} rolls for Aircraft while "
                          f"{', '.join(ctx.name(u) + chr(39) + 's Unit' for u in waiting.values())} is held in "
                          "Reserve; an Aircraft Unit held in Reserve does not start rolling until it arrives from "
                          "Reserve (p.96)", units=list(waiting.values()))
        elif kind == "setup" and ctx.state.phase is not None and uid in ctx.units and is_aircraft(ctx, uid) \
                and isinstance(ev.get("pos"), list) and T.team(ctx, uid).group in air_units_in_reserve(ctx):
            pos = [float(ev["pos"][0]), float(ev["pos"][1])]
            ctx.error(ctx.rule("p.44"), f"{ctx.name(uid)} is placed at ({pos[0]:.1f}, {pos[1]:.1f}) while its "
                      "Aircraft Unit is still held in Reserve; it arrives from Reserve (a Reserves roll naming it) "
                      "before it rolls to arrive", units=[uid], position=pos)

    def _named(self, ctx: Any, ev: dict[str, Any]) -> None:
        named = [u for u in ev.get("aircraft") or [] if isinstance(u, str)]
        if not named:
            return
        roll = ctx.state.per_player_turn.get("fow_reserves")
        arrived = ctx.state.notes.setdefault(_ARRIVED, set())
        for u in named:
            if u not in ctx.units or not is_aircraft(ctx, u):
                ctx.error(ctx.rule("p.96"), f"the Reserves roll names {ctx.name(u) if u in ctx.units else u} as an "
                          "arriving Aircraft Unit, but it is no Aircraft Team", units=[u] if u in ctx.units else [])
                continue
            g = T.team(ctx, u).group
            if g not in air_units_in_reserve(ctx):
                why = "has already arrived" if g in arrived else "is not held in Reserve (off_map: reserve)"
                ctx.error(ctx.rule("p.96"), f"the Reserves roll brings {ctx.name(u)}'s Aircraft Unit, which {why}",
                          units=[u])
                continue
            arrived.add(g)
            if roll is None:
                continue  # (a roll outside a mission with Reserves: .reserves does not record it)
            roll["arrived"].append(g)
            if len(roll["arrived"]) > roll["earned"]:
                ctx.error(ctx.rule("p.96"), f"{ctx.name(u)}'s Aircraft Unit arrives from Reserve as Unit "
                          f"{len(roll['arrived'])} this turn; the Reserves roll "
                          f"{', '.join(map(str, roll['dice'])) or 'of no dice'} brings {roll['earned']}", units=[u])
