"""Flames of War p.96: what a mission with Reserves lets a player deploy on the table at the start of the game.

"You may not deploy more than 60% of the agreed points total for the game on the table. The remainder must be held
in Reserve. The Reserves Table helps you calculate the proportion ... You may deploy less and hold more in Reserve if
you wish." (the Reserves Table: policy ``reserves_800_points`` for its 800-point row). "In a mission with Flanking
Reserves, you may have a smaller force in Reserve than usual. You must hold at least one Unit in Reserve". "In a
mission with Deep Reserves, you may only place either one Tank Unit with front armour of 3 or more, or one Aircraft
Unit on the table at the start of the game. All remaining Units of these types must be held in Reserve." p.95:
"Units held in Ambush are treated as being on the table".

Checked when play starts (the first ``phase`` event). Points are the rule's ``params.points`` (the agreed total)
and each Unit's points (``params.unit_points``, else its teams' ``values.points``); without them the 60% limit is
reported as not checked.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T


def _units(ctx: Any, side: str) -> dict[str, list[str]]:
    """The side's Units (id → teams) in the game data, Transport and other Attachments included."""
    out: dict[str, list[str]] = {}
    for u, rec in ctx.units.items():
        if rec.get("kind") in ("team", "unit") and rec.get("side") == side:
            out.setdefault(T.team(ctx, u).group, []).append(u)
    return out


class ReserveLimits:
    """p.96: the points on the table, Flanking Reserves' one Unit and Deep Reserves' one Tank or Aircraft Unit."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "phase" or ctx.state.phase is not None \
                or ctx.state.notes.get("fow_reserve_limits"):
            return
        ctx.state.notes["fow_reserve_limits"] = True
        sides = sorted({str(rec.get("side")) for rec in ctx.units.values() if rec.get("side")})
        for side in sides:
            r = M.reserves(ctx, side)
            if r is None:
                continue
            units = _units(ctx, side)
            placed = {g: ts for g, ts in units.items()
                      if any(u in ctx.state.table_pos or ctx.state.off_map.get(u) == "ambush" for u in ts)}
            held = {g: ts for g, ts in units.items() if g not in placed}
            if "flanking" in r["kinds"]:
                if not held:
                    ctx.error(ctx.rule("p.96"), f"{side} deploys every Unit on the table; with Flanking Reserves at "
                              "least one Unit is held in Reserve")
            else:
                self._points(ctx, side, r["params"], placed)
            if "deep" in r["kinds"]:
                self._deep(ctx, side, placed)

    def _points(self, ctx: Any, side: str, params: dict[str, Any], placed: dict[str, list[str]]) -> None:
        force = params.get("points")
        if not isinstance(force, int):
            ctx.could_not_check(ctx.rule("p.96"), f"the mission gives no agreed points total for {side} "
                                "(params.points): the 60% on-table limit")
            return
        per_unit = params.get("unit_points") or {}
        total, missing = 0, []
        for g, ts in sorted(placed.items()):
            if isinstance(per_unit.get(g), int | float):
                total += per_unit[g]
                continue
            pts = [T.team(ctx, u).values.get("points") for u in ts]
            if any(not isinstance(p, int | float) for p in pts):
                missing.append(g)
            else:
                total += sum(pts)
        if missing:
            ctx.could_not_check(ctx.rule("p.96"), f"no points for {side}'s Unit(s) {', '.join(missing)} "
                                "(params.unit_points or the teams' values.points): the 60% on-table limit")
            return
        limit = params.get("on_table") if isinstance(params.get("on_table"), int) else M.on_table_limit(ctx, force)
        if total > limit:
            ctx.error(ctx.rule("p.96"), f"{side} deploys {total} points on the table ({', '.join(sorted(placed))}); "
                      f"a {force}-point force may deploy {limit} (no more than 60%, the Reserves Table), the rest is "
                      "held in Reserve")

    def _deep(self, ctx: Any, side: str, placed: dict[str, list[str]]) -> None:
        heavy = []
        for g, ts in sorted(placed.items()):
            teams = [T.team(ctx, u) for u in ts]
            if any(t.cls == "aircraft" for t in teams) or \
                    any(t.is_tank and (t.armour or {}).get("front") is not None and t.armour["front"] >= 3
                        for t in teams):
                heavy.append((g, ts[0]))
        if len(heavy) > 1:
            ctx.error(ctx.rule("p.96"), f"{side} deploys {len(heavy)} Tank Units with Front armour 3 or more or "
                      f"Aircraft Units on the table ({', '.join(ctx.name(u) + chr(39) + 's Unit' for _, u in heavy)});"
                      " with Deep Reserves only one may start on the table, the rest are held in Reserve",
                      units=[u for _, u in heavy])
