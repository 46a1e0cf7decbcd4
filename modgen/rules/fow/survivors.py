"""Flames of War p.23 Passengers in Transports: "Place the surviving Passengers as close as possible to the Destroyed
Transport on the side away from the Team that Destroyed it, facing in any direction."

"As close as possible" and "the side away" are judgement calls on a crowded table, so they are warnings that show
the geometry: the survivor's first placement after its Transport was Destroyed by shooting or a Bombardment (a
``setup`` with ``pos``, or a ``move``, in that Step) more than :data:`NEAR` from the wreck's hull, or with its centre
on the destroyer's side of the line across the wreck square to the destroyer.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Pose, base_distance
from modgen.rules.fow import teams as T
from modgen.rules.fow.transport import mounted

#: A survivor placed further than this from the wreck (inches) may not be "as close as possible" (a warning).
NEAR = 1.0


class Survivors:
    """p.23 where the surviving Passengers of a Destroyed Transport are placed (warnings)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        book = ctx.state.per_phase.setdefault("fow_survivors", {})
        uid = ev.get("unit")
        destroyed = ev["type"] == "loss" or (ev["type"] == "save" and T.key(ev.get("result")) == "destroyed")
        if destroyed and ctx.state.phase not in (None, "assault"):
            aboard = [p for p, h in mounted(ctx).items() if h == uid]
            wreck = T.pose(ctx, uid) if uid in ctx.units else None
            by = ev.get("by") or ctx.state.per_phase.get("fow_shot_by", {}).get(uid)
            for p in aboard if wreck is not None else []:
                book[p] = (uid, wreck, by, ctx.state.table_pos.get(by) if by else None)
        elif uid in book and (ev["type"] == "setup" and isinstance(ev.get("pos"), list) or ev["type"] == "move"):
            to = ev.get("pos") if ev["type"] == "setup" else ev.get("to_pos", ev.get("pos"))
            if isinstance(to, list) and len(to) == 2:
                self._placed(ctx, uid, (float(to[0]), float(to[1])), float(ev.get("facing", 0.0)), *book.pop(uid))

    @staticmethod
    def _placed(ctx: Any, uid: str, at: tuple[float, float], facing: float, host: str, wreck: Pose, by: str | None,
                by_pos: tuple[float, float] | None) -> None:
        t, h = T.team(ctx, uid), T.team(ctx, host)
        m = t.m
        kw: dict[str, Any] = {"units": [uid, host] + ([by] if by in ctx.units else []), "position": list(at)}
        gap = base_distance(Pose(at[0], at[1], facing), t.base, wreck, h.base)
        if gap > NEAR + 1e-6:
            ctx.warning(ctx.rule("p.23"), f"{ctx.name(uid)} survives {ctx.name(host)} Destroyed at ({wreck.x:.1f}, "
                        f"{wreck.y:.1f}) and is placed at ({at[0]:.1f}, {at[1]:.1f}), {m.show(gap)} from the wreck; "
                        "survivors are placed as close as possible to the Destroyed Transport", **kw)
        if by_pos is not None:
            ax, ay = by_pos[0] - wreck.x, by_pos[1] - wreck.y
            toward = (at[0] - wreck.x) * ax + (at[1] - wreck.y) * ay
            if toward > 1e-9:
                ctx.warning(ctx.rule("p.23"), f"{ctx.name(uid)} is placed at ({at[0]:.1f}, {at[1]:.1f}), on the side "
                            f"of {ctx.name(host)}'s wreck ({wreck.x:.1f}, {wreck.y:.1f}) facing {ctx.name(by)} at "
                            f"({by_pos[0]:.1f}, {by_pos[1]:.1f}), which Destroyed it; survivors go on the side "
                            "away from that team", **kw)
