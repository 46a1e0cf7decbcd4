"""Flames of War transports (pp.22-23): who may Mount what (Transport Teams carry Infantry, a Tractor tows one
Gun, an Armoured Tank that is not a Transport carries up to three Infantry Teams on top), capacity (Passengers N,
six when unstated), Mounting and Dismounting only in the Movement Step, never both in one turn, Dismounting before
the Transport moves, Passengers neither Shooting, Assaulting nor being targeted, and Sending empty unarmoured or
unarmed Transports to the Rear at the end of every Step.

Events: ``mount`` (``unit`` the passenger, ``transport``) and ``dismount`` (``unit``); a Transport Sent to the Rear
leaves with an ``exit`` event. Passengers can be Mounted at deployment (p.93: "Mounted or Dismounted").
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.notes import notes

#: p.22: a Transport Team carries six Infantry Teams unless its Arsenal says otherwise; three ride on a tank.
DEFAULT_PASSENGERS, TANK_RIDERS = 6, 3


def is_transport(t: T.Team) -> bool:
    return t.type == "transport" or "transport" in t.tags or "tractor" in t.tags


def mounted(ctx: Any) -> dict[str, str]:
    """Passenger -> the team it rides in or on, for the whole game."""
    return ctx.state.notes.setdefault("fow_mounted", {})


class Transports:
    """pp.22-23 for each ``mount``, ``dismount``, passengers' shots and assaults, and the end of every Step."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        kind, uid = ev["type"], ev.get("unit")
        if uid not in ctx.units:
            return
        if kind == "mount":
            self._mount(ctx, ev, uid)
        elif kind == "dismount":
            self._dismount(ctx, uid)
        elif kind in ("shoot", "assault") and uid in mounted(ctx):
            what = "shoots" if kind == "shoot" else "assaults"
            ctx.error(ctx.rule("p.22"), f"{ctx.name(uid)} {what} while Mounted in {ctx.name(mounted(ctx)[uid])}; "
                      "a Passenger cannot Shoot or Assault", **self._kw(ctx, uid, [uid, mounted(ctx)[uid]]))
        if kind == "shoot" and ev.get("target") in mounted(ctx):
            tgt = ev["target"]
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} targets {ctx.name(tgt)}, a Passenger Mounted in "
                      f"{ctx.name(mounted(ctx)[tgt])}; Passengers cannot be targeted", **self._kw(ctx, tgt, [uid, tgt]))

    @staticmethod
    def _kw(ctx: Any, uid: str, units: list[str]) -> dict[str, Any]:
        where = ctx.state.table_pos.get(uid)
        return {"units": units, "position": list(where) if where else None}

    def _changes(self, ctx: Any) -> dict[str, tuple[str, int]]:
        return ctx.state.per_player_turn.setdefault("fow_mounting", {})

    def _when(self, ctx: Any, uid: str, verb: str) -> bool:
        step = ctx.state.phase
        if step not in (None, "movement"):
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} {verb}s in the {step.capitalize()} Step; teams Mount and "
                      "Dismount by Moving in the Movement Step", **self._kw(ctx, uid, [uid]))
        return step is not None

    def _mount(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        host = ev.get("transport")
        if host not in ctx.units:
            return
        t, h = T.team(ctx, uid), T.team(ctx, host)
        kw = self._kw(ctx, host, [uid, host])
        name, hname = ctx.name(uid), ctx.name(host)
        in_play = self._when(ctx, uid, "Mount")
        if "tractor" in h.tags:
            if t.cls != "gun":
                ctx.error(ctx.rule("p.22"), f"{name} Mounts {hname}, a Tractor; a Tractor tows a Gun Team and "
                          "carries no other Passengers", **kw)
            cap = 1
        elif is_transport(h):
            cap = int(h.rec.get("passengers") or DEFAULT_PASSENGERS)
            if t.cls != "infantry":
                ctx.error(ctx.rule("p.22"), f"{name} ({t.cls.capitalize()} Team) Mounts {hname}; Transport Teams "
                          "carry Infantry Teams (Guns are towed by a Tractor)", **kw)
        elif h.armoured:
            cap = TANK_RIDERS
            if t.cls != "infantry":
                ctx.error(ctx.rule("p.22"), f"{name} rides on {hname}; only Infantry Teams ride on tanks", **kw)
        else:
            ctx.error(ctx.rule("p.22"), f"{name} Mounts {hname}, which is neither a Transport Team nor an Armoured "
                      "Tank Team", **kw)
            return
        changes = self._changes(ctx)
        if in_play and changes.get(uid, ("", 0))[0] == "dismount":
            ctx.error(ctx.rule("p.23"), f"{name} Mounts {hname} after Dismounting this turn (event "
                      f"{changes[uid][1]}); a Team cannot Mount and Dismount in the same turn", **kw)
        riders = [p for p, x in mounted(ctx).items() if x == host and p != uid]
        if len(riders) + 1 > cap:
            ctx.error(ctx.rule("p.22"), f"{name} is Passenger {len(riders) + 1} of {hname}, which carries "
                      f"{cap}", **kw)
        mounted(ctx)[uid] = host
        if in_play:
            changes[uid] = ("mount", ctx.index or 0)

    def _dismount(self, ctx: Any, uid: str) -> None:
        host = mounted(ctx).pop(uid, None)
        kw = self._kw(ctx, uid, [uid] + ([host] if host else []))
        if host is None:
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} Dismounts but is not Mounted", **kw)
            return
        in_play = self._when(ctx, uid, "Dismount")
        changes = self._changes(ctx)
        if in_play and changes.get(uid, ("", 0))[0] == "mount":
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} Dismounts from {ctx.name(host)} after Mounting it this "
                      f"turn (event {changes[uid][1]}); a Team cannot Mount and Dismount in the same turn", **kw)
        if in_play and notes(ctx).moved(host):
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} Dismounts from {ctx.name(host)} after it moved this "
                      "turn; Passengers Dismount before the Transport Team Moves", **kw)
        if in_play:
            changes[uid] = ("dismount", ctx.index or 0)

    def phase_end(self, ctx: Any) -> None:
        """p.23 Send Transports to the Rear: empty unarmoured or unarmed Transport teams leave at the end of the
        Step."""
        if ctx.table is None or ctx.state.phase is None:
            return
        riding = set(mounted(ctx).values())
        told = ctx.state.notes.setdefault("fow_rear_told", set())  # once per transport until it carries again
        told &= {u for u in told if u not in riding}
        for u, rec in ctx.units.items():
            if rec.get("kind") not in ("team", "unit") or not T.alive(ctx, u) or u in riding or u in told:
                continue
            t = T.team(ctx, u)
            if not is_transport(t) or (t.armoured and t.weapons()):
                continue
            why = "unarmoured" if not t.armoured else "unarmed"
            told.add(u)
            ctx.error(ctx.rule("p.23"), f"{ctx.name(u)} is an empty, {why} Transport Team still on the table at the "
                      f"end of the {ctx.state.phase.capitalize()} Step; it must be Sent to the Rear",
                      **self._kw(ctx, u, [u]))
