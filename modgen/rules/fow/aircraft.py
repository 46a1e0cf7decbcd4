"""Flames of War aircraft (p.44, p.32, p.96).

"AIRCRAFT ARRIVAL At the start of each turn, the owning player may roll a die. On a score of 4+, the Aircraft Unit
arrives and will be placed anywhere on table in the Movement Step" ("CLOSE AIR SUPPORT ... 3+"; tag
``close_air_support``); "FIGHTER INTERCEPTION ... On a roll of 5+ the enemy Aircraft Unit is intercepted and is not
placed on table"; "All Aircraft are removed from the table at the end of the Shooting Step" (an ``exit``);
p.32 "Aircraft cannot target or allocate hits to a Tank, Infantry, or Gun Team within 8"/20cm of a friendly Team";
p.96 Meeting Engagements: "The first player's Aircraft cannot arrive in their first turn."

Events: ``aircraft`` (``side``, ``roll``) in the side's Starting Step, ``intercept`` (``side`` the intercepting
player, ``roll``), and the Aircraft Team's ``setup`` with ``pos``.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.meeting import meeting_engagement

#: p.44: arrival on 4+, Close Air Support on 3+; Fighter Interception on 5+.
ARRIVES, CLOSE_AIR_SUPPORT, INTERCEPTED = 4, 3, 5
#: p.32 Aircraft Safety Distance (inches, cm).
SAFETY = (8, 20)


def _is_aircraft(ctx: Any, uid: str) -> bool:
    return (ctx.units.get(uid) or {}).get("class") == "aircraft"


class Aircraft:
    """p.44 arrival, interception and departure; p.32 the safety distance; p.96 the Meeting Engagement ban."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        kind, uid = ev["type"], ev.get("unit")
        turn = ctx.state.per_player_turn
        if kind == "aircraft":
            side = ev.get("side") or ctx.state.side
            if ctx.state.phase != "starting" or side != ctx.state.side:
                ctx.error(ctx.rule("p.44"), f"{side} rolls for Aircraft in the {ctx.state.phase or 'set-up'} step; "
                          "Aircraft arrival is rolled at the start of the player's own turn")
            turn["fow_air"] = {"side": side, "roll": ev.get("roll"), "index": ctx.index or 0, "intercepted": False}
        elif kind == "intercept":
            air = turn.get("fow_air")
            if air is not None and isinstance(ev.get("roll"), int) and ev["roll"] >= INTERCEPTED:
                air["intercepted"] = True
        elif kind == "setup" and uid in ctx.units and _is_aircraft(ctx, uid) and ctx.state.phase is not None \
                and isinstance(ev.get("pos"), list) and not {"aop", "air_observation_post"} & T.team(ctx, uid).tags:
            # (p.50: an Air Observation Post arrives automatically, with no roll)
            self._arrive(ctx, uid, ev["pos"], turn.get("fow_air"))
        elif kind == "shoot" and uid in ctx.units and _is_aircraft(ctx, uid) and ev.get("target") in ctx.units:
            self._safety(ctx, uid, ev["target"])

    def _arrive(self, ctx: Any, uid: str, pos: list[float], air: dict[str, Any] | None) -> None:
        t = T.team(ctx, uid)
        name, at = ctx.name(uid), f"({pos[0]:.1f}, {pos[1]:.1f})"
        kw: dict[str, Any] = {"units": [uid], "position": [float(pos[0]), float(pos[1])]}
        need = CLOSE_AIR_SUPPORT if "close_air_support" in t.tags else ARRIVES
        if ctx.state.phase != "movement":
            ctx.error(ctx.rule("p.44"), f"{name} is placed at {at} in the {ctx.state.phase.capitalize()} Step; "
                      "arriving Aircraft are placed in the Movement Step", **kw)
        if air is None or air["side"] != ctx.side_of(uid):
            ctx.error(ctx.rule("p.44"), f"{name} is placed at {at} without a roll for Aircraft this turn", **kw)
        elif isinstance(air["roll"], int) and air["roll"] < need:
            ctx.error(ctx.rule("p.44"), f"{name} is placed at {at} after an Aircraft roll of {air['roll']} (event "
                      f"{air['index']}); it arrives on {need}+", **kw)
        elif air["intercepted"]:
            ctx.error(ctx.rule("p.44"), f"{name} is placed at {at} after Fighter Interception succeeded; an "
                      "intercepted Aircraft Unit is not placed on the table", **kw)
        n = ctx.state.notes
        if meeting_engagement(ctx) and n.get("fow_first_side") == ctx.side_of(uid) \
                and not n.get("fow_first_turn_over") and getattr(ctx.state, "turn", None) in (None, 1):
            ctx.error(ctx.rule("p.96"), f"{name} arrives at {at} in the first player's first turn of a Meeting "
                      "Engagement; the first player's Aircraft cannot arrive then", **kw)

    def _safety(self, ctx: Any, uid: str, tgt: str) -> None:
        m = T.measure(ctx)
        limit = SAFETY[1] / T.CM_PER_INCH if m.cm else float(SAFETY[0])
        side = ctx.side_of(uid)
        for f in T.friends(ctx, side, but=(uid,)):
            if _is_aircraft(ctx, f):
                continue
            gap = T.distance(ctx, tgt, f)
            if gap is not None and gap < limit - 1e-6:
                where = ctx.state.table_pos.get(tgt)
                ctx.error(ctx.rule("p.32"), f"{ctx.name(uid)} targets {ctx.name(tgt)}, {m.show(gap)} from friendly "
                          f"{ctx.name(f)}; Aircraft cannot target a team within {m.show(limit)} of a friendly Team",
                          units=[uid, tgt, f], position=[float(where[0]), float(where[1])] if where else None)
                return

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "shooting":
            return
        for u in ctx.units:
            if _is_aircraft(ctx, u) and T.alive(ctx, u):
                where = ctx.state.table_pos.get(u)
                ctx.error(ctx.rule("p.44"), f"{ctx.name(u)} is still on the table at the end of the Shooting Step; "
                          "all Aircraft are removed then", units=[u],
                          position=[float(where[0]), float(where[1])] if where else None)
