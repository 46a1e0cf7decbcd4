"""Flames of War p.95 Ambush, for missions whose scenario ``special_rules`` has ``ambush`` (``sides``: the
ambushing player; ``params.units``: how many Units, default 1; :mod:`.missions`).

"the ambushing player holds one or more Units (as specified in the mission) in Ambush when they deploy. Units held
in Ambush are treated as being on the table ... They are held off the table at the start of the game." "At the
start of your turn, in the Starting Step, you may place any or all Units that you have been holding in Ambush. You
must place an entire Unit at a time, and the Unit must be placed with all of its Teams In Command (page 18). You may
place a Team from Ambush anywhere in your Deployment Area ..., provided that it is: at least 16"/40cm from any enemy
Tank, Infantry, or Gun Team within Line of Sight, unless Concealed by Terrain from it, and at least 4"/10cm from all
enemy Tank, Infantry, or Gun Teams." p.65: "Large Guns ... cannot be placed from Ambush within 16"/40cm of enemy
Teams."

In the log a Unit is held in Ambush by ``setup`` events of its teams with ``off_map: "ambush"`` before play, and
revealed by ``setup`` events with ``pos`` during play. Line of Sight and Concealment are judgement: a team placed
within 16"/40cm of an enemy is a warning showing the distance and the Tall terrain or buildings on the line.
"ALREADY THERE ... shoot at their Halted ROF" needs no check of its own: a placed team has not moved.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Pose, point_in_polygon
from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import blocks_sight, out_of_command

HELD = "ambush"


def held_in_ambush(ctx: Any, uid: str) -> bool:
    """Is the team held off the table in Ambush now?"""
    return ctx.state.off_map.get(uid) == HELD and uid not in ctx.state.table_pos


class Ambush:
    """p.95: who may hold Units in Ambush, how many, and where and when they are revealed."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "setup" or ev.get("unit") not in ctx.units:
            return
        uid = ev["unit"]
        if ev.get("off_map") == HELD and ctx.state.phase is None:
            self._hold(ctx, uid)
        elif isinstance(ev.get("pos"), list) and ctx.state.phase is not None and held_in_ambush(ctx, uid):
            self._reveal(ctx, ev, uid)

    def _hold(self, ctx: Any, uid: str) -> None:
        side = ctx.side_of(uid)
        r = M.rule(ctx, side, "ambush")
        group = T.team(ctx, uid).group
        if r is None:
            ctx.error(ctx.rule("p.95"), f"{ctx.name(uid)} is held in Ambush, but the mission gives {side} no Ambush "
                      "special rule", units=[uid])
            return
        held = ctx.state.notes.setdefault("fow_ambush_units", {}).setdefault(side, [])
        if group in held:
            return
        held.append(group)
        limit = int((r.get("params") or {}).get("units", 1))
        if len(held) > limit:
            ctx.error(ctx.rule("p.95"), f"{ctx.name(uid)}'s Unit is Unit {len(held)} {side} holds in Ambush; the "
                      f"mission allows {limit}", units=[uid])

    def _reveal(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        side = ctx.side_of(uid)
        t = T.team(ctx, uid)
        pos = [float(ev["pos"][0]), float(ev["pos"][1])]
        kw: dict[str, Any] = {"units": [uid], "position": pos}
        name = ctx.name(uid)
        if ctx.state.phase != "starting" or ctx.state.side != side:
            ctx.error(ctx.rule("p.95"), f"{name} is placed from Ambush at ({pos[0]:.1f}, {pos[1]:.1f}) in the "
                      f"{ctx.state.phase} step" + ("" if ctx.state.side == side else " of the enemy's turn")
                      + "; Ambushes are placed at the start of the player's own turn, in the Starting Step", **kw)
        zones = M.deployment_zones(ctx, side)
        if zones and not any(point_in_polygon(pos, z["polygon"]) for z in zones):
            ctx.error(ctx.rule("p.95"), f"{name} is placed from Ambush at ({pos[0]:.1f}, {pos[1]:.1f}), outside "
                      f"{', '.join(z.get('name', z['id']) for z in zones)}; an Ambush is placed in the player's own "
                      "Deployment Area", **kw)
        elif not zones:
            ctx.could_not_check(ctx.rule("p.95"), f"the table has no deployment zone for {side}")
        here = Pose(pos[0], pos[1], float(ev.get("facing") or 0.0))
        near = sorted((d, e) for e in T.enemies(ctx, uid) if (d := T.distance(ctx, uid, e, pa=here)) is not None)
        too_close, seen = t.m.rule("ambush_enemy"), t.m.rule("ambush_seen")
        large = t.type == "large_gun" or "large_gun" in t.tags
        for d, e in near:
            if d < too_close - 1e-6 or (large and d < seen - 1e-6):
                ctx.error(ctx.rule("p.65" if large and d >= too_close - 1e-6 else "p.95"),
                          f"{name} is placed from Ambush {t.m.show(d)} from {ctx.name(e)}; "
                          + ("a Large Gun is never placed from Ambush within " + t.m.show(seen) if large
                             else f"teams are never placed from Ambush within {t.m.show(too_close)}")
                          + " of an enemy Tank, Infantry or Gun Team", **(kw | {"units": [uid, e]}))
                break
        else:
            close = [(d, e) for d, e in near if d < seen - 1e-6]
            if close:
                d, e = close[0]
                hidden = blocks_sight(ctx, (pos[0], pos[1]), tuple(ctx.state.table_pos[e]))
                ctx.warning(ctx.rule("p.95"), f"{name} is placed from Ambush {t.m.show(d)} from {ctx.name(e)}"
                            + (f" (the line crosses {', '.join(hidden)})" if hidden else "")
                            + f": within {t.m.show(seen)} it must be out of that team's Line of Sight or Concealed "
                            "by Terrain from it; judge the table", **(kw | {"units": [uid, e]}))
        ctx.state.per_phase.setdefault("fow_ambush_revealed", {}).setdefault(t.group, []).append(uid)

    def phase_end(self, ctx: Any) -> None:
        """End of the Starting Step: each Unit revealed is placed whole and with every team In Command."""
        if ctx.table is None or ctx.state.phase != "starting":
            return
        for g, placed in sorted(ctx.state.per_phase.get("fow_ambush_revealed", {}).items()):
            left = [u for u in T.unit_teams(ctx, g) if held_in_ambush(ctx, u)]
            first = placed[0]
            where = list(ctx.state.table_pos.get(first, (0.0, 0.0)))
            if left:
                ctx.error(ctx.rule("p.95"), f"{ctx.name(first)}'s Unit is placed from Ambush without "
                          f"{', '.join(ctx.name(u) for u in left)}; an entire Unit is placed at a time",
                          units=[*placed, *left], position=where)
            for u, leader, d, limit in out_of_command(ctx, g):
                ctx.error(ctx.rule("p.95"), f"{ctx.name(u)} is placed from Ambush {T.measure(ctx).show(d)} from "
                          f"its Unit Leader {ctx.name(leader)}; every team of an ambushing Unit is placed In "
                          f"Command (within {T.measure(ctx).show(limit)}, p.18)", units=[u, leader],
                          position=list(ctx.state.table_pos[u]))
