"""Flames of War p.93: Units are placed In Command at Deployment.

"PLACING UNITS IN COMMAND You must place all of a Unit's Teams so that they are In Command (page 18)." p.18: "A Team
from a Unit with at least eight Teams is In Command if it ends its Move within 8"/20cm of its Unit Leader. A Team from
a smaller Unit is In Command if it ends its Move within 6"/15cm of its Unit Leader."

Where each team was *placed* (its last ``setup`` with ``pos`` before play, or a re-placing drag of a team that is not
a Spearhead) is measured when play starts (the first ``phase`` event), or at the end of a log that never starts play:
a Spearhead move after placement (p.68) is a Move, not a placement, and is not judged here. Units held in Reserve or
Ambush are not placed (p.95 and p.96 judge them when they arrive). The distance is measured like p.18's (policy
``command_distance_measure``: nearest edges, or centres).
"""

from __future__ import annotations

import math
from typing import Any

from modgen.geometry.table import Pose
from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import command_limit
from modgen.rules.fow.spearhead import kind_of

_KEY = "fow_deploy_poses"


class DeployCommand:
    """p.93: every team of a Unit placed at Deployment within 6"/15cm (8"/20cm in a Unit of 8+ teams) of its Unit
    Leader's placed position."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase is not None or ev.get("unit") not in ctx.units \
                or ctx.state.notes.get(_KEY + "_done"):
            return
        uid = ev["unit"]
        placed = ev["type"] == "setup" and isinstance(ev.get("pos"), list)
        replaced = ev["type"] == "move" and kind_of(T.team(ctx, uid)) is None  # a drag while deploying (p.97)
        if (placed or replaced) and (p := T.pose(ctx, uid)) is not None:
            ctx.state.notes.setdefault(_KEY, {})[uid] = p

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "phase" and ctx.state.phase is None:
            self._judge(ctx)

    def finish(self, ctx: Any) -> None:
        self._judge(ctx)

    def _judge(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.notes.get(_KEY + "_done"):
            return
        ctx.state.notes[_KEY + "_done"] = True
        poses: dict[str, Pose] = ctx.state.notes.get(_KEY, {})
        units: dict[str, list[str]] = {}
        for u in poses:
            if ctx.units[u].get("kind") in ("team", "unit") and T.team(ctx, u).cls != "aircraft":
                units.setdefault(T.team(ctx, u).group, []).append(u)
        m = T.measure(ctx)
        for _unit, members in sorted(units.items()):
            leader = next((u for u in members if T.team(ctx, u).leader), None)
            if leader is None or len(members) < 2:
                continue
            limit = command_limit(ctx, len(members))
            for u in members:
                if u == leader:
                    continue
                d = self._gap(ctx, u, leader, poses)
                if d is not None and d > limit + 1e-6:
                    p = poses[u]
                    ctx.error(ctx.rule("p.93"), f"{ctx.name(u)} is deployed at ({p.x:g}, {p.y:g}), {m.show(d)} "
                              f"from its Unit Leader {ctx.name(leader)} at ({poses[leader].x:g}, "
                              f"{poses[leader].y:g}); all of a Unit's Teams are placed In Command (within "
                              f"{m.show(limit)} in a Unit of {len(members)} Teams, p.18)", units=[u, leader],
                              position=[p.x, p.y])

    @staticmethod
    def _gap(ctx: Any, u: str, leader: str, poses: dict[str, Pose]) -> float | None:
        a, b = poses[u], poses[leader]
        if ctx.policies.get("command_distance_measure") == "centre":
            return math.hypot(a.x - b.x, a.y - b.y)
        return T.distance(ctx, u, leader, a, b)
