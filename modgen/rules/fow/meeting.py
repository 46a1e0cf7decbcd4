"""Flames of War p.96 Meeting Engagements (Free For All, Annihilation, Encounter, Dust Up: the scenario's
``special_rules`` entry ``meeting_engagement``): "the following rules apply in the first Shooting Step of the
player who has the first turn ... Treat all of the first player's Teams as having moved when Shooting in their
first Shooting Step, whether they actually moved or not. The first player's Teams cannot fire Artillery
Bombardments in their first Shooting Step." (The Aircraft ban is part of the aircraft rules, which are not
checked.) The first player is the side of the first Step of the game; their first turn lasts until a Step of the
other side begins (and is in game turn 1 when the log numbers its turns).
"""

from __future__ import annotations

from typing import Any


def meeting_engagement(ctx: Any) -> bool:
    """Does the scenario play under the Meeting Engagement rules (p.96)?"""
    rules = (getattr(ctx, "scenario", None) or {}).get("special_rules") or []
    return any(isinstance(r, dict) and r.get("id") == "meeting_engagement" for r in rules)


def first_shooting_step(ctx: Any) -> bool:
    """Is this the first player's first Shooting Step of a Meeting Engagement?"""
    n = ctx.state.notes
    return ctx.state.phase == "shooting" and n.get("fow_first_side") is not None \
        and ctx.state.side == n["fow_first_side"] and not n.get("fow_first_turn_over") \
        and getattr(ctx.state, "turn", None) in (None, 1) and meeting_engagement(ctx)


class MeetingEngagement:
    """p.96: who has the first turn, and no Artillery Bombardment in their first Shooting Step (the Moving ROF
    part is read by :mod:`.shooting` through :func:`first_shooting_step`)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        n = ctx.state.notes
        if ev["type"] == "phase" and ev.get("side"):
            if n.get("fow_first_side") is None:
                n["fow_first_side"] = ev["side"]
            elif ev["side"] != n["fow_first_side"]:
                n["fow_first_turn_over"] = True
            return
        if ev["type"] not in ("range_in", "bombard") or ev.get("unit") not in ctx.units:
            return
        # (the Step is entered after the phase event, so the check reads the state as the event finds it)
        if not first_shooting_step(ctx) or ctx.side_of(ev["unit"]) != ctx.state.side:
            return
        told = ctx.state.per_phase.setdefault("fow_meeting_told", set())
        battery = ev.get("target") if ev["type"] == "range_in" else ev["unit"]
        if battery in told:
            return
        told.add(battery)
        what = "spots a Bombardment for" if ev["type"] == "range_in" else "fires a Bombardment with"
        aim = ev.get("aim")
        where = ctx.state.table_pos.get(ev["unit"])
        pos = aim if isinstance(aim, list) and len(aim) == 2 else where
        units = [u for u in dict.fromkeys([ev["unit"], battery]) if u in ctx.units]
        ctx.error(ctx.rule("p.96"), f"{ctx.name(ev['unit'])} {what} {ctx.name(battery)}'s Unit in the first "
                  "player's first Shooting Step of a Meeting Engagement; the first player's Teams cannot fire "
                  "Artillery Bombardments then", units=units,
                  position=[float(pos[0]), float(pos[1])] if pos is not None else None)
