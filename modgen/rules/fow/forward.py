"""Flames of War p.23: Bring Transports Forward, and Passengers in Transports that are Destroyed.

Bring Transports Forward: a Transport team Sent to the Rear (an ``exit``) or never deployed comes back with a
``setup`` carrying ``pos`` in the Movement Step, before any team of its Unit moves; within 4"/10cm of a Team from
its Unit (its own Unit or the core Unit it is attached to, ``group.attached_to``), never within 4"/10cm of an
enemy Team, nor within 16"/40cm of an enemy Team in Line of Sight unless Concealed by Terrain (a warning: the
line crosses no Tall terrain or building); then it moves at Dash speed, so it neither Shoots nor Assaults.
A Destroyed Transport never comes back.

Passengers: when a Transport carrying Passengers is Destroyed (a ``loss`` or a ``destroyed`` marker) by Shooting
or a Bombardment, each Passenger rolls one Infantry or Gun Save (a ``save`` event; one only, however often the
Transport is Destroyed), and the survivors' Unit is Pinned Down; destroyed in an Assault, every Passenger is
Destroyed too (p.23, p.57).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import blocks_sight
from modgen.rules.fow.notes import notes
from modgen.rules.fow.transport import is_transport, mounted


def _kw(ctx: Any, uid: str, units: list[str], pos: Any = None) -> dict[str, Any]:
    where = pos if pos is not None else ctx.state.table_pos.get(uid)
    return {"units": units, "position": [float(where[0]), float(where[1])] if where is not None else None}


def _unit_teams(ctx: Any, uid: str) -> list[str]:
    """Teams of the transport's Unit (and of the core Unit it is attached to), transports excluded, on the table."""
    t = T.team(ctx, uid)
    groups = {t.group, t.attached_to} - {""}
    return [u for g in groups for u in T.group_members(ctx, g) if u != uid and not is_transport(T.team(ctx, u))]


class BringForward:
    """p.23 Bring Transports Forward, checked at the ``setup`` that puts the Transport back on the table."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        uid = ev.get("unit")
        if uid not in ctx.units or ctx.units[uid].get("kind") not in ("team", "unit"):
            return
        forward = ctx.state.per_player_turn.setdefault("fow_forward", {})
        if ev["type"] == "setup" and ctx.state.phase is not None and isinstance(ev.get("pos"), list) \
                and is_transport(T.team(ctx, uid)):
            self._placed(ctx, ev, uid)
            forward[uid] = ctx.index or 0
        elif uid in forward and ev["type"] == "move" and ev.get("mode", "tactical") != "dash":
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} was Brought Forward (event {forward[uid]}) and moves at "
                      f"{ev.get('mode', 'tactical')} speed; Transports Brought Forward must move at Dash speed",
                      **_kw(ctx, uid, [uid], ev.get("to_pos")))
        elif uid in forward and ev["type"] in ("shoot", "assault"):
            what = "shoots" if ev["type"] == "shoot" else "assaults"
            ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} {what} after being Brought Forward (event {forward[uid]}) "
                      "this turn; it must move at Dash speed and cannot Shoot or Assault", **_kw(ctx, uid, [uid]))

    def _placed(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        m = T.team(ctx, uid).m
        name, pos = ctx.name(uid), ev["pos"]
        at = f"({pos[0]:.1f}, {pos[1]:.1f})"
        kw = _kw(ctx, uid, [uid], pos)
        if T.destroyed(ctx, uid):
            ctx.error(ctx.rule("p.23"), f"{name} is placed back on the table at {at}, but it was Destroyed; only "
                      "Transports Sent to the Rear or not deployed are Brought Forward", **kw)
            return
        if ctx.state.phase != "movement":
            ctx.error(ctx.rule("p.23"), f"{name} is Brought Forward at {at} in the "
                      f"{ctx.state.phase.capitalize()} Step; Transports are Brought Forward before moving their "
                      "Unit in the Movement Step", **kw)
        own = _unit_teams(ctx, uid)
        n = notes(ctx)
        went = [u for u in own if n.tactical.get(u, 0) > 0 or n.dash.get(u, 0) > 0 or u in n.stuck]
        if went:
            ctx.error(ctx.rule("p.23"), f"{name} is Brought Forward at {at} after {ctx.name(went[0])} of its Unit "
                      "moved this turn; Transports are Brought Forward before moving the Unit",
                      **_kw(ctx, uid, [uid, went[0]], pos))
        p = T.Pose(float(pos[0]), float(pos[1]), float(ev.get("facing", 0.0)))
        if own:
            near = min(own, key=lambda u: T.distance(ctx, uid, u, pa=p) or 0.0)
            gap = T.distance(ctx, uid, near, pa=p) or 0.0
            if gap > m.rule("bring_forward") + 1e-6:
                ctx.error(ctx.rule("p.23"), f"{name} is Brought Forward at {at}, {m.show(gap)} from "
                          f"{ctx.name(near)}, the nearest Team of its Unit; it must be placed within "
                          f"{m.show(m.rule('bring_forward'))} of a Team from its Unit",
                          **_kw(ctx, uid, [uid, near], pos))
        else:
            ctx.could_not_check(ctx.rule("p.23"), f"{name} is Brought Forward at {at} but no Team of its Unit is "
                                "on the table to measure from")
        for e in T.enemies(ctx, uid, ("tank", "infantry", "gun")):
            gap = T.distance(ctx, uid, e, pa=p)
            if gap is None:
                continue
            if gap < m.rule("bring_forward_enemy") - 1e-6:
                ctx.error(ctx.rule("p.23"), f"{name} is Brought Forward at {at}, {m.show(gap)} from "
                          f"{ctx.name(e)}; Transports may not be placed within "
                          f"{m.show(m.rule('bring_forward_enemy'))} of any enemy Team", **_kw(ctx, uid, [uid, e], pos))
            elif gap < m.rule("bring_forward_seen") - 1e-6 and not blocks_sight(ctx, p.point, T.pose(ctx, e).point):
                ctx.warning(ctx.rule("p.23"), f"{name} is Brought Forward at {at}, {m.show(gap)} from "
                            f"{ctx.name(e)} with no Tall terrain or building between them; within "
                            f"{m.show(m.rule('bring_forward_seen'))} it must be out of Line of Sight or Concealed by "
                            "Terrain: judge whether it was", **_kw(ctx, uid, [uid, e], pos))

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        # A Transport Sent to the Rear is off the table; placed again it is back in play.
        if ev["type"] == "setup" and ev.get("unit") in ctx.state.exited and isinstance(ev.get("pos"), list):
            ctx.state.exited.discard(ev["unit"])

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "movement":
            return
        n = notes(ctx)
        for uid, at in ctx.state.per_player_turn.get("fow_forward", {}).items():
            if n.dash.get(uid, 0) <= 0 and T.alive(ctx, uid):
                ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} was Brought Forward (event {at}) but made no Dash "
                          "move in the Movement Step; Transports Brought Forward must move at Dash speed",
                          **_kw(ctx, uid, [uid]))


@dataclass
class _Wreck:
    """A Transport Destroyed with Passengers aboard."""

    transport: str
    index: int
    assault: bool
    by: str | None
    passengers: list[str]
    saves: dict[str, int] = field(default_factory=dict)  # passenger -> saves rolled


def _wrecks(ctx: Any) -> list[_Wreck]:
    return ctx.state.notes.setdefault("fow_wrecks", [])


class Passengers:
    """p.23 Passengers in Transports: their Saves when the Transport is Destroyed by Shooting or a Bombardment,
    Pinned Down survivors, and no survivors of an Assault."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "save":
            uid = ev.get("unit")
            for w in _wrecks(ctx):
                if uid in w.passengers and not w.assault:
                    w.saves[uid] = w.saves.get(uid, 0) + 1
                    if w.saves[uid] == 2:
                        ctx.error(ctx.rule("p.23"), f"{ctx.name(uid)} rolls a second Save for {ctx.name(w.transport)}"
                                  f" Destroyed (event {w.index}); each Passenger rolls only one Save",
                                  **_kw(ctx, uid, [uid, w.transport]))
        if ev["type"] == "shoot" and ev.get("target"):
            ctx.state.per_phase.setdefault("fow_shot_by", {})[ev["target"]] = ev.get("unit")

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] not in ("loss", "marker", "save"):
            return
        ride = mounted(ctx)
        hosts = {h for h in ride.values() if T.destroyed(ctx, h)}
        if ev["type"] == "save" and ev.get("result") == "destroyed" and ev.get("unit") in ride.values():
            hosts.add(ev["unit"])  # the save's result destroys it (the loss may follow)
        for host in hosts:
            aboard = [p for p, h in ride.items() if h == host]
            for p in aboard:
                ride.pop(p)
            assault = ctx.state.phase == "assault"
            by = ev.get("by") or ctx.state.per_phase.get("fow_shot_by", {}).get(host)
            _wrecks(ctx).append(_Wreck(host, ctx.index or 0, assault, by, aboard))
            if not assault:
                groups = {T.team(ctx, p).group for p in aboard}
                for g in groups:
                    T.pinned_units(ctx)[g] = f"its Transport {ctx.name(host)} was Destroyed (event {ctx.index}, p.23)"

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None:
            return
        for w in _wrecks(ctx):
            for p in w.passengers:
                if w.assault and not T.destroyed(ctx, p):
                    ctx.error(ctx.rule("p.23"), f"{ctx.name(p)} was a Passenger in {ctx.name(w.transport)}, "
                              f"Destroyed in an Assault (event {w.index}), and is not Destroyed; all Passengers of a "
                              "Transport Destroyed in an Assault are Destroyed",
                              **_kw(ctx, w.transport, [p, w.transport]))
                elif not w.assault and not w.saves.get(p):
                    ctx.error(ctx.rule("p.23"), f"{ctx.name(p)} was a Passenger in {ctx.name(w.transport)}, "
                              f"Destroyed (event {w.index}), and rolled no Infantry or Gun Save; each Passenger "
                              "rolls a Save", **_kw(ctx, w.transport, [p, w.transport]))
        _wrecks(ctx).clear()  # the Passengers' Saves are rolled in the Step that Destroyed the Transport
