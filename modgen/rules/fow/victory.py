"""Flames of War mission victory (pp.93, 97-102) as data, and Victory Points (p.93).

The scenario's ``victory.conditions`` list what wins each mission; each is checked at the end of the side's
Starting Step (p.94: "at the start of your turn after any Last Stand tests"), from ``from_turn`` on
(``victory.from_turn`` is the default, e.g. 6 for "cannot win before turn 6"):

- ``{"side", "kind": "hold", "objectives": [ids]}``: the side Holds one of the objectives (p.94).
- ``{"side", "kind": "clear", "objectives": [ids], "within": 16}`` or ``{"side", "kind": "clear", "zone": id}``:
  no enemy team of ``classes`` (default tank and infantry) within ``within`` inches (or ``{"in", "cm"}``) of an
  objective's base, or with its centre in the zone (Counterattack, Breakthrough, No Retreat, Bridgehead).
- ``{"side", "kind": "turn", "turn": 9}``: the side wins at the start of that turn (Rear Guard: "at the start of
  its 9th turn after checking Formation Morale").
- ``{"side", "kind": "no_formations"}``: the opponent has no Formations left on the table (Annihilation).

p.93 for every mission: "If a player has no Formations (other than Allied Formations) in Good Spirits (page 61) ...
their force flees the battlefield and the enemy wins." An Allied Formation (p.8: its teams' ``group.allied``) does
not count.

Victory Points (p.93): "count the number of Units from the Winner's Force that were Destroyed, including HQ Units,
but not Independent Teams. Count core Units and their Attachments separately" and look them up on the Victory Points
Table (``rules.tables.victory_points``); "If neither player won, both players look up the number of Surviving Units
the enemy force has as though their opponent was the winner and use the Loser's Points column" (policy
``no_winner_victory_points``). p.97: a Withdrawn Unit not In Good Spirits counts as Destroyed. A ``game_end`` with
``vp`` (and ``level``) is checked against it. A winner found here is the same note :class:`.crossing.Victory` keeps,
so play going on after a win, or a ``game_end`` naming another winner, is reported there.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Pose, base_distance, point_in_polygon
from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T
from modgen.rules.fow.crossing import OBJECTIVE_BASE, held_objective
from modgen.rules.fow.morale import formation_units
from modgen.rules.fow.withdrawal import independent, withdrawn


def allied_formations(ctx: Any, side: str | None) -> set[str]:
    """p.8: the side's Allied Formations (a team's ``group.allied`` marks its Formation)."""
    return {str(g["formation"]) for u, rec in ctx.units.items() if ctx.side_of(u) == side
            and isinstance(g := rec.get("group"), dict) and g.get("allied") and g.get("formation")}


def _objectives(ctx: Any) -> dict[str, dict[str, Any]]:
    try:
        return {o["id"]: o for o in ctx.game.map(ctx.scenario.get("map")).get("objectives") or []}
    except Exception:
        return {}


def _enemy_side(ctx: Any, side: str) -> str | None:
    return next((str(r.get("side")) for r in ctx.units.values() if r.get("side") not in (None, side)
                 and r.get("kind") in ("team", "unit")), None)


def unit_fates(ctx: Any, side: str) -> tuple[list[str], list[str]]:
    """The side's Units (not Independent) Destroyed (every team Destroyed, or Withdrawn not In Good Spirits) and
    the Units surviving."""
    groups: dict[str, list[str]] = {}
    for u, rec in ctx.units.items():
        if rec.get("side") == side and rec.get("kind") in ("team", "unit") and not independent(T.team(ctx, u)):
            groups.setdefault(T.team(ctx, u).group, []).append(u)
    gone, left = [], []
    w = withdrawn(ctx)
    for g, ts in sorted(groups.items()):
        dead = all(T.destroyed(ctx, u) for u in ts) or w.get(g) is False
        (gone if dead else left).append(g)
    return gone, left


class MissionVictory:
    """pp.93, 97-102: the scenario's victory conditions, the side left without a Formation, and the Victory
    Points a ``game_end`` records."""

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "starting" or ctx.state.notes.get("fow_won"):
            return
        side = ctx.state.side
        turn = int(getattr(ctx.state, "turn", 0) or 0)
        enemy = _enemy_side(ctx, side)
        forms = formation_units(ctx, side)
        allied = allied_formations(ctx, side)
        if forms and enemy and all(len(counted) < 2 for f, (_, counted) in forms.items() if f not in allied):
            self._won(ctx, enemy, f"{side} has no Formation In Good Spirits left, so its force flees (p.93)", turn,
                      None)
            return
        vic = ctx.scenario.get("victory") or {}
        for c in vic.get("conditions") or []:
            if not isinstance(c, dict) or c.get("side") != side:
                continue
            if turn < int(c.get("from_turn", vic.get("from_turn", 1)) or 1):
                continue
            met = self._met(ctx, c, side, enemy, turn)
            if met is not None:
                self._won(ctx, side, met[0], turn, met[1])
                return

    def _won(self, ctx: Any, side: str, why: str, turn: int, pos: list[float] | None) -> None:
        ctx.state.notes["fow_won"] = (side, why, turn, pos)

    def _met(self, ctx: Any, c: dict[str, Any], side: str, enemy: str | None,
             turn: int) -> tuple[str, list[float] | None] | None:
        kind = c.get("kind")
        objs = _objectives(ctx)
        if kind == "hold":
            return held_objective(ctx, c.get("objectives") or [], objs, side)
        if kind == "turn":
            return (f"the start of turn {turn}", None) if turn >= int(c.get("turn", 0)) else None
        if kind == "no_formations":
            forms = formation_units(ctx, enemy) if enemy else {}
            on_table = [f for f, (groups, _) in forms.items()
                        if any(T.group_members(ctx, g) for g in groups)]
            return None if on_table else (f"{enemy} has no Formations left on the table", None)
        if kind == "clear":
            return self._clear(ctx, c, side, objs)
        ctx.could_not_check(ctx.rule("p.93"), f"unknown victory condition kind {kind!r}")
        return None

    def _clear(self, ctx: Any, c: dict[str, Any], side: str,
               objs: dict[str, dict[str, Any]]) -> tuple[str, list[float] | None] | None:
        classes = tuple(c.get("classes") or ("tank", "infantry"))
        m = T.measure(ctx)
        enemies = [u for u, rec in ctx.units.items() if rec.get("side") not in (None, side) and T.alive(ctx, u)
                   and rec.get("class") in classes and rec.get("kind") in ("team", "unit")]
        if c.get("zone"):
            z = M.zone(ctx, str(c["zone"]))
            if z is None:
                ctx.could_not_check(ctx.rule("p.93"), f"the map has no zone {c['zone']!r}")
                return None
            if any(point_in_polygon(ctx.state.table_pos[u], z["polygon"]) for u in enemies):
                return None
            return f"no enemy {'/'.join(classes)} team in {z.get('name', z['id'])}", None
        within = m.inches(c.get("within", 16)) or 16.0
        for oid in c.get("objectives") or []:
            obj = objs.get(oid)
            if obj is None:
                ctx.could_not_check(ctx.rule("p.94"), f"the map has no objective {oid!r}")
                return None
            at = Pose(float(obj["pos"][0]), float(obj["pos"][1]), 0.0)
            if any(base_distance(T.pose(ctx, u), T.team(ctx, u).base, at, OBJECTIVE_BASE) <= within + 1e-6
                   for u in enemies):
                return None
        names = ", ".join(str(objs[o].get("name", o)) for o in c.get("objectives") or [])
        return f"no enemy {'/'.join(classes)} team within {m.show(within)} of {names}", None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "game_end" or not isinstance(ev.get("vp"), dict):
            return
        rows = (ctx.tables.get("victory_points") or {}).get("rows") or []
        if not rows:
            ctx.could_not_check(ctx.rule("p.93"), "the game has no Victory Points table (rules.tables.victory_points)")
            return
        sides = sorted({str(r.get("side")) for r in ctx.units.values() if r.get("side")})
        if len(sides) != 2:
            return
        winner = ev.get("winner")
        want: dict[str, int] = {}
        level = None
        if winner in sides:
            loser = sides[1 - sides.index(winner)]
            lost = unit_fates(ctx, winner)[0]
            row = _row(rows, len(lost))
            want = {winner: row["winner"], loser: row["loser"]}
            level = row["result"]
            basis = f"{winner} won and lost {len(lost)} Unit(s)"
        else:
            printed = ctx.policies.get("no_winner_victory_points") != "destroyed_units"
            for s in sides:
                other = sides[1 - sides.index(s)]
                gone, left = unit_fates(ctx, other)
                want[s] = _row(rows, len(left if printed else gone))["loser"]
            basis = "no player won: each takes the Loser's points for the enemy's " + \
                ("Surviving" if printed else "Destroyed") + " Units"
        for s, n in sorted(want.items()):
            got = ev["vp"].get(s)
            if isinstance(got, int | float) and got != n:
                ctx.error(ctx.rule("p.93"), f"the game ends with {s} on {got:g} Victory Points; {basis}, which the "
                          f"Victory Points Table gives as {n}")
        if level and isinstance(ev.get("level"), str) and T.key(ev["level"]) != T.key(level):
            ctx.error(ctx.rule("p.93"), f"the game ends as a {ev['level']}; {basis}, a {level}")


def _row(rows: list[dict[str, Any]], n: int) -> dict[str, Any]:
    for r in rows:
        if n >= r["losses_min"] and (r["losses_max"] is None or n <= r["losses_max"]):
            return r
    return rows[-1]
