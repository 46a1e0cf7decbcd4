"""Flames of War p.56 Forcing the Assault to Fall Back: where the Falling Back teams end.

"A Unit that takes at least five hits from Defensive Fire becomes Pinned Down and its Teams Fall Back the shortest
distance necessary until its Teams are more than 2"/5cm from the enemy, and the Assault is over. ... When a Unit Falls
Back, any Tanks that were Bailed Out by the Defensive Fire also Fall Back".

Measured when the assault ends (another Unit assaults, or the Step ends): every team of the Unit (Bailed Out tanks
included) within 2"/5cm of an enemy Tank, Infantry or Gun team is an error. "The shortest distance necessary" is a
judgement (the way round other teams and terrain is not on the map), so it is a warning showing the geometry: a team
that moved although it already stood more than 2"/5cm from every enemy when its Unit began to Fall Back, or that ends
more than half as far again (1"/2.5cm) beyond the 2"/5cm it needed.
"""

from __future__ import annotations

import math
from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.notes import Fight


def _nearest(ctx: Any, u: str, at: T.Pose | None = None) -> tuple[float, str] | None:
    return min(((T.distance(ctx, u, e, pa=at) or 99.0, e) for e in T.enemies(ctx, u)), default=None)


def judge_fall_back(ctx: Any, f: Fight) -> None:
    """p.56: the Assaulting Unit that Fell Back ends with every team more than 2"/5cm from the enemy, having moved
    only the shortest distance necessary (a warning)."""
    for g in f.groups:
        for u in T.group_members(ctx, g):
            m = T.team(ctx, u).m
            lim = m.rule("fall_back")
            near = _nearest(ctx, u)
            if near is None:
                continue
            kw = {"units": [u, near[1]], "position": list(ctx.state.table_pos[u])}
            if near[0] <= lim + 1e-6:
                ctx.error(ctx.rule("p.56"), f"{ctx.name(u)} ends {m.show(near[0])} from {ctx.name(near[1])}; "
                          f"its Unit Fell Back from Defensive Fire and its teams move until more than "
                          f"{m.show(lim)} from the enemy", **kw)
                continue
            start = f.fall_from.get(u)
            end = ctx.state.table_pos[u]
            if start is None or math.hypot(end[0] - start[0], end[1] - start[1]) < 0.01:
                continue
            before = _nearest(ctx, u, T.Pose(start[0], start[1], ctx.state.facing.get(u, 0.0)))
            moved = m.show(math.hypot(end[0] - start[0], end[1] - start[1]))
            where = f"from ({start[0]:g}, {start[1]:g}) to ({end[0]:g}, {end[1]:g})"
            if before is not None and before[0] > lim + 1e-6:
                ctx.warning(ctx.rule("p.56"), f"{ctx.name(u)} Falls Back {moved} {where}, but it already stood "
                            f"{m.show(before[0])} from the nearest enemy {ctx.name(before[1])}, more than "
                            f"{m.show(lim)}; teams Fall Back only the shortest distance necessary", **kw)
            elif near[0] > lim * 1.5 + 1e-6:
                ctx.warning(ctx.rule("p.56"), f"{ctx.name(u)} Falls Back {moved} {where} and ends {m.show(near[0])} "
                            f"from the nearest enemy {ctx.name(near[1])}; teams Fall Back only the shortest distance "
                            f"necessary to be more than {m.show(lim)} from the enemy (judge the way round teams and "
                            "terrain)", **kw)
