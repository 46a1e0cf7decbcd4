"""Flames of War Spearhead deployment (p.68; p.95 Ambushes ignore its extensions).

p.68 "When a Spearhead Unit is placed on table during Deployment (but not if it arrives from Reserves or is placed
outside the normal Deployment Area using this rule), the player may immediately Move its Teams at Tactical or Dash
speed. This movement may not use any Movement Orders, and may not take a Team within: 16"/40cm of an enemy Team it
is not Concealed from, 8"/20cm of any enemy Team, 16"/40cm of the enemy Deployment Area or any Objective outside
your own Deployment Area. When Deploying their remaining Units, a player may treat the area entirely within 8"/20cm
of a Spearhead Team that is In Command as an extension of their Deployment Area. Teams placed here may not be placed
in the areas that a Spearhead Team may not move into." p.68 "Reconnaissance Platoons use the Spearhead rule"; p.73
Soviet Infiltration: 14"/35cm instead of 16"/40cm.

A Spearhead team has the tag ``spearhead``, ``reconnaissance`` or ``infiltration``. In the log its move is a
``move`` before the first ``phase``; any other team moved then is re-placed while deploying, and its new place is
judged as deployment (p.97, :mod:`.checks`). The move's length is held to the team's fastest speed (Road Dash);
the terrain it crosses is not judged. Concealment is judgement: an enemy team within 16"/40cm is a warning showing
the distance.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Pose, point_in_polygon, point_segment_distance, polygon_distance
from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import command_gap, command_limit

#: (enemy Team not Concealed from, any enemy Team, enemy Deployment Area or Objective) in (inches, cm).
LIMITS = {"spearhead": ((16, 40), (8, 20), (16, 40)), "infiltration": ((14, 35), (8, 20), (14, 35))}
EXTENSION = (8, 20)
_KEY = "fow_spearhead"


def kind_of(t: T.Team) -> str | None:
    """'infiltration', 'spearhead' or None."""
    if "infiltration" in t.tags:
        return "infiltration"
    return "spearhead" if {"spearhead", "reconnaissance"} & set(t.tags) else None


def _inch(t: T.Team, pair: tuple[int, int]) -> float:
    return pair[1] / T.CM_PER_INCH if t.m.cm else float(pair[0])


def _reach(poly: list[tuple[float, float]], point: tuple[float, float]) -> float:
    if point_in_polygon(point, poly):
        return 0.0
    return min(point_segment_distance(point, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def _objective(pos: list[float]) -> list[tuple[float, float]]:
    x, y = float(pos[0]), float(pos[1])  # p.94: a standard large base, 2.5" x 2"
    return [(x - 1.25, y - 1), (x + 1.25, y - 1), (x + 1.25, y + 1), (x - 1.25, y + 1)]


def extension(ctx: Any, uid: str, pos: list[float], facing: float = 0.0) -> str | None:
    """The In Command Spearhead team whose 8"/20cm the team placed at ``pos`` lies entirely within (p.68)."""
    t = T.team(ctx, uid)
    box = T.footprint(ctx, uid, Pose(float(pos[0]), float(pos[1]), facing))
    for sid in ctx.state.notes.get(_KEY, {}).get("moved", ()):
        s = T.team(ctx, sid)
        if sid == uid or ctx.side_of(sid) != ctx.side_of(uid) or sid not in ctx.state.table_pos:
            continue
        leader = T.leader_of(ctx, s.group) or sid
        if leader in ctx.state.table_pos and \
                command_gap(ctx, sid, leader) > command_limit(ctx, len(T.group_members(ctx, s.group))) + 1e-6:
            continue
        poly = T.footprint(ctx, sid)
        if box and all(_reach(poly, c) <= _inch(t, EXTENSION) + 1e-6 for c in box):
            return sid
    return None


class Spearhead:
    """p.68 the Spearhead move at deployment and the Deployment Area it extends."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase is not None or ev.get("unit") not in ctx.units:
            return
        uid, kind = ev["unit"], ev["type"]
        t = T.team(ctx, uid)
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"event": ev, "units": [uid], "position": list(where) if where else None}
        note = ctx.state.notes.setdefault(_KEY, {"moved": [], "extended": set()})
        if kind == "order" and kind_of(t):
            ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)} issues a Movement Order during Deployment; the "
                      "Spearhead move may not use any Movement Orders", **kw)
        elif kind == "setup" and isinstance(ev.get("pos"), list) and \
                not any(point_in_polygon(ev["pos"], z["polygon"]) for z in M.deployment_zones(ctx, ctx.side_of(uid))) \
                and extension(ctx, uid, ev["pos"], float(ev.get("facing") or 0)):
            note["extended"].add(uid)
        elif kind == "move" and where is not None and kind_of(t) is not None:
            if uid in note["extended"]:
                ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)} makes a Spearhead move, but it was placed in a "
                          "Spearhead extension of the Deployment Area, outside the normal one; it may not move",
                          **kw)
            else:
                self._length(ctx, t, uid, where, ev, kw)

    @staticmethod
    def _length(ctx: Any, t: T.Team, uid: str, where: tuple[float, float], ev: dict[str, Any],
                kw: dict[str, Any]) -> None:
        to = ev.get("to_pos") or ev.get("pos")
        speeds = t.speeds(ctx.tables) or {}
        fastest = max((v for v in speeds.values() if v is not None), default=None)
        if not isinstance(to, list) or len(to) != 2 or fastest is None:
            return
        d = ((float(to[0]) - where[0]) ** 2 + (float(to[1]) - where[1]) ** 2) ** 0.5
        if d > fastest + 1e-6:
            ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)}'s Spearhead move is {t.m.show(d)}, more than its "
                      f"fastest Dash speed {t.m.show(fastest)}; it moves at Tactical or Dash speed", **kw)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase is not None or ev.get("unit") not in ctx.units:
            return
        uid, kind = ev["unit"], ev["type"]
        t = T.team(ctx, uid)
        note = ctx.state.notes.setdefault(_KEY, {"moved": [], "extended": set()})
        if kind == "move" and kind_of(t) and uid not in note["extended"] and uid in ctx.state.table_pos:
            if uid not in note["moved"]:
                note["moved"].append(uid)
            self._keep_away(ctx, uid, t, LIMITS[kind_of(t) or "spearhead"], "moves", ev)
        elif kind == "setup" and uid in note["extended"] and uid in ctx.state.table_pos:
            self._keep_away(ctx, uid, t, LIMITS["spearhead"], "is placed in a Spearhead extension", ev)

    @staticmethod
    def _keep_away(ctx: Any, uid: str, t: T.Team, limits: tuple[tuple[int, int], ...], verb: str,
                   ev: dict[str, Any]) -> None:
        unseen, close, far = (_inch(t, lim) for lim in limits)
        side, where = ctx.side_of(uid), ctx.state.table_pos[uid]
        box = T.footprint(ctx, uid)
        kw: dict[str, Any] = {"event": ev, "position": list(where)}
        for e in ctx.units:
            if ctx.side_of(e) in (None, side) or e not in ctx.state.table_pos or not T.alive(ctx, e):
                continue
            d = T.distance(ctx, uid, e)
            if d is None or d >= unseen - 1e-6:
                continue
            if d < close - 1e-6:
                ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)} {verb} {t.m.show(d)} from {ctx.name(e)}; Spearhead "
                          f"teams may not come within {t.m.show(close)} of any enemy Team", **kw, units=[uid, e])
            else:
                ctx.warning(ctx.rule("p.68"), f"{ctx.name(uid)} {verb} {t.m.show(d)} from {ctx.name(e)}; within "
                            f"{t.m.show(unseen)} it must be Concealed from that team; judge the table", **kw,
                            units=[uid, e])
        enemy = next((ctx.side_of(e) for e in ctx.units if ctx.side_of(e) not in (None, side)), None)
        for z in M.deployment_zones(ctx, enemy) if enemy else []:
            d = polygon_distance(box, [tuple(p) for p in z["polygon"]])
            if d < far - 1e-6:
                ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)} {verb} {t.m.show(d)} from the enemy Deployment Area "
                          f"{z.get('name', z['id'])}; Spearhead teams keep {t.m.show(far)} from it", **kw,
                          units=[uid])
        own = M.deployment_zones(ctx, side)
        try:
            objectives = ctx.game.map(ctx.scenario.get("map")).get("objectives") or []
        except Exception:
            objectives = []
        for o in objectives:
            pos = o.get("pos")
            if not isinstance(pos, list) or any(point_in_polygon(pos, z["polygon"]) for z in own):
                continue
            d = polygon_distance(box, _objective(pos))
            if d < far - 1e-6:
                ctx.error(ctx.rule("p.68"), f"{ctx.name(uid)} {verb} {t.m.show(d)} from {o.get('name', o['id'])}, "
                          f"outside its own Deployment Area; Spearhead teams keep {t.m.show(far)} from it", **kw,
                          units=[uid])
