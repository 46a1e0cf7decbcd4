"""Flames of War movement on the table (pp.17-25): Tactical and Dash distances, which Dash the terrain allows, the
Dash ban near the enemy, proximity to enemy teams, moving through tanks and guns, Impassable terrain, command
distance at the end of movement, and Movement Orders (one per Unit per turn, Gun Teams' orders, Blitz, Follow Me,
Cross Here, Dig In, Shoot and Scoot; Bailed Out tanks give none).

Moves are ``move`` events with ``from_pos``/``to_pos`` in inches (optionally ``via``: the points between),
``facing`` in degrees and ``mode`` ``tactical`` or ``dash``. Orders are ``order`` events naming the Unit Leader (or
the unit) with the test's die as ``roll`` or in the ``roll`` event that follows.
"""

from __future__ import annotations

import math
from typing import Any

from modgen.geometry.arcs import bearing, difference
from modgen.geometry.table import Pose, base_distance, path_crosses, path_length
from modgen.rules.fow import teams as T
from modgen.rules.fow.night import dash_limit
from modgen.rules.fow.notes import notes, order_of

STEP = 0.5  # inches between the points a move is checked at
ORDERS = ("blitz", "follow_me", "cross_here", "dig_in", "shoot_and_scoot")
GUN_ORDERS = ("dig_in", "cross_here")  # p.24: Gun Teams only Dig In and Cross Here


def sample(path: list[list[float]], step: float = STEP) -> list[tuple[float, float]]:
    """Points along a path of straight legs, every ``step`` inches, both ends included."""
    out = [(float(path[0][0]), float(path[0][1]))]
    for a, b in zip(path, path[1:], strict=False):
        n = max(1, math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]
    return out


def dash_class(ctx: Any, path: list[list[float]], team: T.Team) -> tuple[str, list[str]]:
    """Which Dash speed applies (p.20): ``road_dash`` if the whole move is on Road, ``terrain_dash`` if any of it
    is in Terrain, else ``cross_country_dash``; with the terrain names that decided it."""
    chart = ctx.tables.get("terrain") or {}
    on_road, in_terrain = True, []
    for p in sample(path):
        kinds = [chart.get(t, {}).get("dash") for t in ctx.table.terrain_at(p)]
        if "road" not in kinds:
            on_road = False
        for t in ctx.table.terrain_at(p):
            if chart.get(t, {}).get("dash") in ("terrain", "infantry_terrain_only") and t not in in_terrain:
                in_terrain.append(t)
    if in_terrain:
        return "terrain_dash", in_terrain
    return ("road_dash", []) if on_road else ("cross_country_dash", [])


def blocks_sight(ctx: Any, a: tuple[float, float], b: tuple[float, float]) -> list[str]:
    """Tall terrain or buildings the straight line between two points crosses (a 2-D stand-in for "visible")."""
    chart = ctx.tables.get("terrain") or {}
    out = []
    for area in ctx.table.terrain_areas:
        row = chart.get(area.get("type", ""), {})
        if (row.get("height") == "tall" or area.get("type") == "building") and path_crosses([a, b], area["polygon"]):
            out.append(area.get("name") or area.get("type", ""))
    return out


class Movement:
    """pp.17-25: each move and order of the phasing side."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "order":
            self._order(ctx, ev)
        elif ev["type"] == "move" and ctx.state.phase == "movement" and ev.get("unit") in ctx.units:
            self._move(ctx, ev)
        elif ev["type"] == "roll" and ctx.state.per_phase.get("fow_order_roll"):
            group, need = ctx.state.per_phase.pop("fow_order_roll")
            dice = ev.get("dice") or []
            if dice and need is not None:
                notes(ctx).order_passed[group] = dice[0] >= need

    # ---- orders ----------------------------------------------------------------------------------------------
    def _order(self, ctx: Any, ev: dict[str, Any]) -> None:
        order = T.key(ev.get("order"))
        uid = ev.get("unit")
        group = T.team(ctx, uid).group if uid in ctx.units else str(uid or "")
        leader = uid if uid in ctx.units else T.leader_of(ctx, group)
        tn = notes(ctx)
        where = ctx.state.table_pos.get(leader) if leader else None
        pos = list(where) if where else None
        if order not in ORDERS:
            return
        if group in tn.orders:
            prev, at = tn.orders[group]
            ctx.error(ctx.rule("p.24"), f"{ctx.name(leader or group)} issues a second Movement Order "
                      f"({order.replace('_', ' ')}) this turn after {prev.replace('_', ' ')} (event {at}); a Unit "
                      "Leader may issue one Movement Order each turn", units=[leader or group], position=pos)
        tn.orders.setdefault(group, (order, ctx.index or 0))
        members = T.group_members(ctx, group)
        if members and all(T.team(ctx, u).cls == "gun" for u in members) and order not in GUN_ORDERS:
            ctx.error(ctx.rule("p.24"), f"{ctx.name(leader or group)} is a Gun unit and issues "
                      f"{order.replace('_', ' ')}; Gun Teams can only be issued Dig In and Cross Here orders",
                      units=[leader or group], position=pos)
        if leader and T.marked(ctx, leader, "bailed_out"):
            ctx.error(ctx.rule("p.38"), f"{ctx.name(leader)} is Bailed Out and issues {order.replace('_', ' ')}; "
                      "Bailed Out tanks may not move or issue orders", units=[leader], position=pos)
        step = ctx.state.phase
        moved = [u for u in members if u in tn.tactical or u in tn.dash]
        if order in ("blitz", "cross_here", "dig_in") and step == "movement" and moved:
            ctx.error(ctx.rule("p.24"), f"{ctx.name(leader or group)} issues {order.replace('_', ' ')} after "
                      f"{ctx.name(moved[0])} has moved; it is issued before the Unit moves",
                      units=[leader or group], position=pos)
        if order == "shoot_and_scoot":
            if step != "assault":
                ctx.error(ctx.rule("p.24"), f"{ctx.name(leader or group)} issues Shoot and Scoot in the "
                          f"{step or 'set-up'} step; it is issued in the Assault Step", units=[leader or group],
                          position=pos)
            elif leader and tn.moved(leader):
                ctx.error(ctx.rule("p.24"), f"{ctx.name(leader)} moved in the Movement Step, so cannot issue "
                          "Shoot and Scoot", units=[leader], position=pos)
        elif step not in ("movement", None):
            ctx.error(ctx.rule("p.24"), f"{ctx.name(leader or group)} issues {order.replace('_', ' ')} in the "
                      f"{step} step; Movement Orders are issued in the Movement Step", units=[leader or group],
                      position=pos)
        need = self._need(ctx, leader, order)
        roll = ev.get("roll")
        if isinstance(roll, int) and need is not None:
            tn.order_passed[group] = roll >= need
        elif isinstance(ev.get("passed"), bool):
            tn.order_passed[group] = ev["passed"]
        elif order in ("blitz", "follow_me", "dig_in", "shoot_and_scoot"):
            ctx.state.per_phase["fow_order_roll"] = (group, need)

    @staticmethod
    def _need(ctx: Any, leader: str | None, order: str) -> int | None:
        """Blitz, Dig In, Shoot and Scoot test Tactics (Skill); Follow Me tests Motivation (pp.24-25)."""
        if leader is None:
            return None
        t = T.team(ctx, leader)
        if order == "follow_me":
            m = t.rating("motivation")
            row = (ctx.tables.get("motivation") or {}).get(T.key(m)) or {}
            return T.need_value(m) or T.need_value(row.get("rally"))  # every Motivation test uses the rating
        s = t.rating("tactics") or t.rating("skill")
        row = (ctx.tables.get("skill") or {}).get(T.key(s)) or {}
        return T.need_value(s) if T.need_value(s) else T.need_value(row.get("tactics"))

    # ---- moves -----------------------------------------------------------------------------------------------
    def _move(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        now = T.pose(ctx, uid)
        src = ev.get("from_pos") or (list(now.point) if now else None)
        dst = ev.get("to_pos", ev.get("pos"))
        if src is None or dst is None:
            return
        path = [list(src), *[list(p) for p in ev.get("via") or []], list(dst)]
        t = T.team(ctx, uid)
        m = t.m
        tn = notes(ctx)
        tn.start.setdefault(uid, (float(src[0]), float(src[1])))
        length = path_length(path)
        dash = ev.get("mode") == "dash"
        order = order_of(ctx, t.group)
        passed = tn.order_passed.get(t.group)
        if T.marked(ctx, uid, "bailed_out"):
            ctx.error(ctx.rule("p.38"), f"{ctx.name(uid)} is Bailed Out and moves {m.show(length)}; Bailed Out "
                      "tanks may not move until they Remount", units=[uid], position=list(dst))
        if order == "dig_in" and t.cls in ("infantry", "gun"):
            ctx.error(ctx.rule("p.24"), f"{ctx.name(uid)} moves {m.show(length)} after its Unit Leader issued "
                      "Dig In; teams that dig in cannot move", units=[uid], position=list(dst))
        speeds = t.speeds(ctx.tables)
        if dash:
            tn.dash[uid] = tn.dash.get(uid, 0.0) + length
            tn.dash_path.setdefault(uid, []).extend(path if not tn.dash_path.get(uid) else path[1:])
            if order == "blitz":
                ctx.error(ctx.rule("p.24"), f"{ctx.name(uid)} moves at Dash speed after a Blitz Move order; "
                          "the Unit can only move at Tactical speed this turn", units=[uid], position=list(dst))
            self._dash(ctx, uid, t, speeds, tn, dst)
            self._dash_ban(ctx, uid, t, path, ev)
        else:
            tn.tactical[uid] = tn.tactical.get(uid, 0.0) + length
            if order == "follow_me":
                tn.after_follow_me[uid] = tn.after_follow_me.get(uid, 0.0) + length
                self._follow_me(ctx, uid, t, path, now, passed)
            self._tactical(ctx, uid, t, speeds, tn, order, passed, dst)
        self._proximity(ctx, uid, t, path, ev)
        self._through(ctx, uid, t, path)
        self._impassable(ctx, uid, t, path)

    def _tactical(self, ctx: Any, uid: str, t: T.Team, speeds: dict[str, float | None] | None, tn: Any,
                  order: str | None, passed: bool | None, dst: list[float]) -> None:
        if speeds is None:
            ctx.could_not_check(ctx.rule("p.18"), f"{ctx.name(uid)} has no Mobility rating in the movement table")
            return
        m = t.m
        moved = tn.tactical[uid] - tn.after_follow_me.get(uid, 0.0)
        limit = speeds.get("tactical")
        if limit is None:
            ctx.error(ctx.rule("p.18"), f"{ctx.name(uid)} moves {m.show(moved)} at Tactical speed; its Mobility "
                      "has no Tactical move (Immobile)", units=[uid], position=list(dst))
            return
        why = f"its Tactical speed is {m.show(limit)}"
        if order == "blitz" and passed is not False:
            limit += m.rule("blitz")
            why += f" plus the {m.show(m.rule('blitz'))} Blitz Move"
        if moved > limit + 1e-6:
            ctx.error(ctx.rule("p.18"), f"{ctx.name(uid)} moves {m.show(moved)} at Tactical speed this turn; {why}",
                      units=[uid], position=list(dst))

    def _follow_me(self, ctx: Any, uid: str, t: T.Team, path: list[list[float]], now: Pose | None,
                   passed: bool | None) -> None:
        m = t.m
        tn = notes(ctx)
        extra = tn.after_follow_me[uid]
        if not t.leader and passed is False:
            ctx.error(ctx.rule("p.25"), f"{ctx.name(uid)} moves {m.show(extra)} after its Unit Leader failed the "
                      "Follow Me Motivation test; the rest of the Unit remains where it is", units=[uid],
                      position=list(path[-1]))
        elif extra > m.rule("follow_me") + 1e-6:
            ctx.error(ctx.rule("p.25"), f"{ctx.name(uid)} moves {m.show(extra)} with Follow Me; the order moves "
                      f"up to an additional {m.show(m.rule('follow_me'))}", units=[uid], position=list(path[-1]))
        if now is not None and path_length(path) > 0:
            off = abs(difference(now.facing, bearing(path[0], path[-1])))
            if off > 10:
                ctx.warning(ctx.rule("p.25"), f"{ctx.name(uid)} moves on a bearing {off:.0f} degrees off its "
                            f"facing ({now.facing:.0f}) with Follow Me, which moves 'directly forward'",
                            units=[uid], position=list(path[-1]))

    def _dash(self, ctx: Any, uid: str, t: T.Team, speeds: dict[str, float | None] | None, tn: Any,
              dst: list[float]) -> None:
        if speeds is None:
            ctx.could_not_check(ctx.rule("p.18"), f"{ctx.name(uid)} has no Mobility rating in the movement table")
            return
        which, terrain = dash_class(ctx, tn.dash_path[uid], t)
        limit = speeds.get(which)
        moved = tn.dash[uid] + tn.tactical.get(uid, 0.0)
        cut = ""
        if limit is not None:
            limit, cut = dash_limit(ctx, t, which, limit, speeds)  # p.67 Unreliable, p.90 Night
        if limit is not None and moved > limit + 1e-6:
            label = which.replace("_", " ").replace("cross country", "Cross-country").capitalize()
            cause = f" (the move enters {', '.join(terrain)})" if terrain else \
                (" (part of the move is off the road)" if which != "road_dash" else "")
            ctx.error(ctx.rule("p.90" if "Night" in cut else "p.67" if cut else "p.20"),
                      f"{ctx.name(uid)} moves {t.m.show(moved)} at Dash speed; its {label} is "
                      f"{t.m.show(limit)}{cause}" + (f" ({cut})" if cut else ""), units=[uid], position=list(dst))

    def _dash_ban(self, ctx: Any, uid: str, t: T.Team, path: list[list[float]], ev: dict[str, Any]) -> None:
        """p.19: no Dash within 8"/20cm of any enemy Tank, Infantry or Gun Team."""
        ban = t.m.rule("dash_ban")
        facing = float(ev.get("facing", ctx.state.facing.get(uid, 0.0)))
        best: tuple[float, str, tuple[float, float]] | None = None
        for e in T.enemies(ctx, uid):
            pe, be = T.pose(ctx, e), T.team(ctx, e).base
            for p in sample(path):
                d = base_distance(Pose(p[0], p[1], facing), t.base, pe, be)
                if best is None or d < best[0]:
                    best = (d, e, p)
        if best is not None and best[0] < ban - 1e-6:
            d, e, p = best
            ctx.error(ctx.rule("p.19"), f"{ctx.name(uid)} moves at Dash speed within {t.m.show(d)} of "
                      f"{ctx.name(e)} at ({p[0]:.1f}, {p[1]:.1f}); no Dash within {t.m.show(ban)} of an enemy "
                      "Tank, Infantry or Gun Team", units=[uid, e], position=[p[0], p[1]])

    def _proximity(self, ctx: Any, uid: str, t: T.Team, path: list[list[float]], ev: dict[str, Any]) -> None:
        """p.19: a Tank not within 2"/5cm of visible enemy Infantry or Guns; Infantry and Guns not within 2"/5cm of
        any visible enemy Tank, Infantry or Gun Team, in the Movement Step."""
        if t.cls == "tank":
            near: tuple[str, ...] = ("infantry", "gun")
        elif t.cls in ("infantry", "gun"):
            near = ("tank", "infantry", "gun")
        else:
            return
        limit = t.m.rule("proximity")
        facing = float(ev.get("facing", ctx.state.facing.get(uid, 0.0)))
        for e in T.enemies(ctx, uid, near):
            pe, be = T.pose(ctx, e), T.team(ctx, e).base
            for p in sample(path):
                d = base_distance(Pose(p[0], p[1], facing), t.base, pe, be)
                if d < limit - 1e-6:
                    hidden = blocks_sight(ctx, p, pe.point)
                    msg = (f"{ctx.name(uid)} moves within {t.m.show(d)} of {ctx.name(e)} at ({p[0]:.1f}, "
                           f"{p[1]:.1f}); teams may not move within {t.m.show(limit)} of visible enemy "
                           f"{' or '.join(c.capitalize() for c in near)} Teams")
                    if hidden:
                        ctx.warning(ctx.rule("p.19"), msg + f" (the line between them crosses {', '.join(hidden)}:"
                                    " judge whether it was visible)", units=[uid, e], position=[p[0], p[1]])
                    else:
                        ctx.error(ctx.rule("p.19"), msg, units=[uid, e], position=[p[0], p[1]])
                    return

    def _through(self, ctx: Any, uid: str, t: T.Team, path: list[list[float]]) -> None:
        """p.19: Tank and Gun Teams cannot move through other Tank or Gun Teams."""
        if t.cls not in ("tank", "gun"):
            return
        for other, rec in ctx.units.items():
            if other == uid or rec.get("class") not in ("tank", "gun") or not T.alive(ctx, other):
                continue
            poly = T.footprint(ctx, other)
            if len(poly) == 4 and T.team(ctx, other).base != T.POINT and path_crosses(path, poly):
                where = T.pose(ctx, other)
                ctx.error(ctx.rule("p.19"), f"{ctx.name(uid)} moves through {ctx.name(other)}; Tank and Gun Teams "
                          "cannot move through other Tank or Gun Teams", units=[uid, other],
                          position=[where.x, where.y] if where else None)
                return

    def _impassable(self, ctx: Any, uid: str, t: T.Team, path: list[list[float]]) -> None:
        """p.20: Impassable terrain cannot be entered or crossed (Terrain Chart p.21)."""
        chart = ctx.tables.get("terrain") or {}
        for p in sample(path):
            for kind in ctx.table.terrain_at(p):
                dash = chart.get(kind, {}).get("dash")
                if dash == "impassable" or (dash == "infantry_terrain_only" and t.cls != "infantry"):
                    ctx.error(ctx.rule("p.20"), f"{ctx.name(uid)} enters {kind.replace('_', ' ')} at ({p[0]:.1f}, "
                              f"{p[1]:.1f}), which is Impassable to {t.cls.capitalize()} Teams", units=[uid],
                              position=[p[0], p[1]])
                    return


def command_limit(ctx: Any, teams: int) -> float:
    """Command distance in inches for a Unit of ``teams`` teams (p.18: 8"/20cm with 8 or more, else 6"/15cm)."""
    cd = ctx.tables.get("command_distance") or {"large_unit_teams": 8, "large": 8, "small": 6}
    big = teams >= int(cd.get("large_unit_teams", 8))
    inch = float(cd.get("large" if big else "small", 8 if big else 6))
    return inch * (2.5 / T.CM_PER_INCH) if T.measure(ctx).cm else inch  # 6"/15cm, 8"/20cm


def command_gap(ctx: Any, u: str, leader: str) -> float:
    """Distance from a team to its Unit Leader, measured per policy ``command_distance_measure``."""
    if ctx.policies.get("command_distance_measure") == "centre":
        a, b = ctx.state.table_pos[u], ctx.state.table_pos[leader]
        return math.hypot(a[0] - b[0], a[1] - b[1])
    return T.distance(ctx, u, leader) or 0.0


def out_of_command(ctx: Any, group: str) -> list[tuple[str, str, float, float]]:
    """The teams of Unit ``group`` further than its command distance (p.18) from its Unit Leader where they stand:
    ``(team, leader, gap, limit)``; none when the Unit has no Leader or a single team."""
    members, leader = T.group_members(ctx, group), T.leader_of(ctx, group)
    if leader is None or len(members) < 2:
        return []
    limit = command_limit(ctx, len(members))
    return [(u, leader, d, limit) for u in members
            if u != leader and (d := command_gap(ctx, u, leader)) > limit + 1e-6]


class Command:
    """p.18: at the end of the Movement Step a team more than 6"/15cm (8"/20cm in a Unit of 8+ teams) from its Unit
    Leader is Out of Command: it must have stayed put, moved Tactically (+1 to hit) or Dashed directly towards
    the Leader. Measured per policy ``command_distance_measure``."""

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "movement":
            return
        tn = notes(ctx)
        groups: dict[str, list[str]] = {}
        for u, rec in ctx.units.items():
            if rec.get("side") == ctx.state.side and T.alive(ctx, u) and rec.get("kind") in ("team", "unit"):
                groups.setdefault(T.team(ctx, u).group, []).append(u)
        for g, members in groups.items():
            leader = T.leader_of(ctx, g)
            if leader is None or len(members) < 2:
                continue
            m = T.measure(ctx)
            limit = command_limit(ctx, len(members))
            for u in members:
                if u == leader:
                    continue
                d = command_gap(ctx, u, leader)
                if d <= limit + 1e-6:
                    continue
                pos = list(ctx.state.table_pos[u])
                if u in tn.dash:
                    start = tn.start.get(u)
                    lead = ctx.state.table_pos[leader]
                    if start is not None:
                        off = abs(difference(bearing(start, lead), bearing(start, pos)))
                        if off > 15:
                            ctx.warning(ctx.rule("p.18"), f"{ctx.name(u)} ends its Dash {m.show(d)} from its Unit "
                                        f"Leader {ctx.name(leader)} (Out of Command beyond {m.show(limit)}) and "
                                        f"did not Dash directly towards it: its move heads {off:.0f} degrees away "
                                        "from the Leader", units=[u, leader], position=pos)
                elif tn.moved(u):
                    tn.out_of_command.add(u)
