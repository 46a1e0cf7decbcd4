"""Flames of War Cross checks (p.20) and Holding Objectives for victory (pp.93-94, 97).

Cross checks: each time a team enters or starts moving in Difficult Terrain (Terrain Chart ``difficult``) in the
Movement Step it rolls a die (a ``cross`` event before the move, its die in the event or the ``roll`` event after
it) against its Cross number (Mobility table; Infantry "Auto"; Cross Here -1, p.25). On a failure the team
stops where it entered: a move carrying on past that point is an error, and the team has moved (p.20).

Victory: at the end of a player's Starting Step (after Last Stand, p.94) the checker works out which objectives
that player Holds: a Tank, Infantry or Gun Team within 4"/10cm of the objective's base, and no enemy one, not
counting Bailed Out tanks, Transports, Independent teams and teams that Dashed in their side's last turn. The
scenario's ``victory.objectives`` lists the objectives each side wins by Holding; a ``game_end`` naming another
winner, or a game that goes on after a win, is an error.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Footprint, Pose, base_distance, point_in_polygon
from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import sample
from modgen.rules.fow.night import cross_modifier
from modgen.rules.fow.notes import notes, order_of
from modgen.rules.fow.shooting import Dice

#: p.94: an Objective is a standard large base, 2½"/63mm wide by 2"/50mm deep.
OBJECTIVE_BASE = Footprint(2.5, 2.0)


def cross_need(ctx: Any, t: T.Team, area_type: str) -> int | None:
    """The team's Cross number (p.18 Mobility table), or the Terrain Chart's own need (Deep River 4+)."""
    row = (ctx.tables.get("terrain") or {}).get(area_type) or {}
    special = row.get("difficult")
    if isinstance(special, str):
        return T.need_value(special)
    rating = T.key((t.rec.get("mobility") or {}).get("rating") or t.values.get("mobility"))
    mob = (ctx.tables.get("movement") or {}).get(rating) or {}
    need = T.need_value(mob.get("cross"))
    if need is None or need <= 1:
        return None  # Auto
    if order_of(ctx, t.group) == "cross_here" and notes(ctx).order_passed.get(t.group) is not False:
        need -= 1  # p.25 Cross Here
    return need + cross_modifier(ctx, t)[0]  # p.67 Wide Tracks, Overloaded; p.90 Night


class Crossing(Dice):
    """p.20 Difficult Terrain: a Cross check on entering or starting to move in it; a failed team stops."""

    kinds = ("cross",)

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return not isinstance(ev.get("roll"), int)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        if ev.get("unit") in ctx.units and roll is not None:
            ctx.state.per_player_turn.setdefault("fow_cross", {}).setdefault(ev["unit"], []).append((roll, at))

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        super().before(ctx, ev)
        if ctx.table is None or ev["type"] != "move" or ctx.state.phase != "movement" or \
                ev.get("unit") not in ctx.units:
            return
        uid = ev["unit"]
        src = ev.get("from_pos") or ctx.state.table_pos.get(uid)
        dst = ev.get("to_pos", ev.get("pos"))
        if src is None or dst is None:
            return
        t = T.team(ctx, uid)
        tn = notes(ctx)
        kw: dict[str, Any] = {"units": [uid], "position": [float(dst[0]), float(dst[1])]}
        if uid in tn.stuck:
            ctx.error(ctx.rule("p.20"), f"{ctx.name(uid)} moves on after failing a Cross check this turn; it "
                      "stopped moving", **kw)
            return
        rolls = ctx.state.per_player_turn.setdefault("fow_cross", {}).setdefault(uid, [])
        chart = ctx.tables.get("terrain") or {}
        pts = sample([list(src), *[list(p) for p in ev.get("via") or []], list(dst)])
        seen: list[str] = []
        for k, p in enumerate(pts):
            for area in ctx.table.terrain_areas:
                kind = area.get("type", "")
                if not chart.get(kind, {}).get("difficult") or any(a is area for a in seen) or \
                        not point_in_polygon(p, area["polygon"]):
                    continue
                seen.append(area)
                need = cross_need(ctx, t, kind)
                if need is None:
                    continue
                label = area.get("name") or kind.replace("_", " ")
                if not rolls:
                    ctx.error(ctx.rule("p.20"), f"{ctx.name(uid)} enters {label} at ({p[0]:.1f}, {p[1]:.1f}), "
                              f"Difficult Terrain, without a Cross check (needs {need}+)", **kw)
                    continue
                roll, at = rolls.pop(0)
                if roll < need:
                    tn.stuck.add(uid)
                    rest = sum(((pts[j + 1][0] - pts[j][0]) ** 2 + (pts[j + 1][1] - pts[j][1]) ** 2) ** 0.5
                               for j in range(k, len(pts) - 1))
                    if rest > 0.5:
                        ctx.error(ctx.rule("p.20"), f"{ctx.name(uid)} rolls {roll} on its Cross check for {label} "
                                  f"(needs {need}+) and fails, but moves on {t.m.show(rest)} past "
                                  f"({p[0]:.1f}, {p[1]:.1f}); a team that fails stops immediately",
                                  **(kw | {"event_index": at}))
                    return


def held_objective(ctx: Any, oids: list[str], placed: dict[str, dict[str, Any]],
                   side: str) -> tuple[str, list[float]] | None:
    """p.94: the first of the objectives ``oids`` (``placed``: the map's objectives by id) that ``side`` Holds, as
    (what a player reads, the objective's position); None if it Holds none. An id the map lacks is could-not-check."""
    for oid in oids:
        obj = placed.get(oid)
        if obj is None:
            ctx.could_not_check(ctx.rule("p.94"), f"the map has no objective {oid!r}")
            continue
        sides, here = holders(ctx, obj)
        if sides == [side]:
            who = ", ".join(ctx.name(u) for u in here[side])
            return f"Holding {obj.get('name', oid)} ({who} within 4\", no enemy team)", list(obj["pos"])
    return None


def holders(ctx: Any, obj: dict[str, Any]) -> tuple[list[str], dict[str, list[str]]]:
    """Teams of each side that count within 4"/10cm of an objective (p.94), and the sides present."""
    lim = T.measure(ctx).rule("hold")
    dashed = ctx.state.notes.get("fow_dashed", {})
    here: dict[str, list[str]] = {}
    pose = Pose(float(obj["pos"][0]), float(obj["pos"][1]), 0.0)
    for u, rec in ctx.units.items():
        if rec.get("class") not in ("tank", "infantry", "gun") or not T.alive(ctx, u):
            continue
        t = T.team(ctx, u)
        if T.marked(ctx, u, "bailed_out") or t.type in ("transport", "independent") or "transport" in t.tags \
                or "independent" in t.tags or u in dashed.get(rec.get("side"), set()):
            continue
        if base_distance(T.pose(ctx, u), t.base, pose, OBJECTIVE_BASE) <= lim + 1e-6:
            here.setdefault(str(rec.get("side")), []).append(u)
    return sorted(here), here


class Victory:
    """p.94 Holding Objectives at the start of the turn, and the scenario's winning condition (p.97)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "phase" and ev.get("phase") == "movement":
            ctx.state.notes.setdefault("fow_dashed", {})[ev.get("side")] = set()  # its new turn's Dashes
        elif ev["type"] == "move" and ev.get("mode") == "dash" and ev.get("unit") in ctx.units:
            ctx.state.notes.setdefault("fow_dashed", {}).setdefault(ctx.side_of(ev["unit"]), set()).add(ev["unit"])
        elif ev["type"] == "game_end":
            won = ctx.state.notes.get("fow_won")
            if won and ev.get("winner") != won[0]:
                ctx.error(ctx.rule("p.97"), f"the game ends with winner {ev.get('winner')!r}, but {won[0]} won at "
                          f"the start of turn {won[2]}: {won[1]}", position=won[3])
            elif "winner" in ev and ev.get("winner") and not won:
                ctx.error(ctx.rule("p.97"), f"the game ends with winner {ev['winner']!r}, but no side won: "
                          + str((ctx.scenario.get("victory") or {}).get("text") or "no side started its turn Holding "
                                "one of the Objectives it placed on the opponent's side"))
        elif ctx.state.notes.get("fow_won") and ev["type"] in ("move", "shoot", "assault") and \
                not ctx.state.notes.get("fow_won_told"):
            won = ctx.state.notes["fow_won_told"] = ctx.state.notes["fow_won"]
            ctx.error(ctx.rule("p.97"), f"play goes on after {won[0]} won at the start of turn {won[2]}: "
                      f"{won[1]}; that player has won", position=won[3])

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "starting" or ctx.state.notes.get("fow_won"):
            return
        side = ctx.state.side
        mine = ((ctx.scenario.get("victory") or {}).get("objectives") or {}).get(side) or []
        try:
            placed = {o["id"]: o for o in ctx.game.map(ctx.scenario.get("map")).get("objectives") or []}
        except Exception:
            return
        held = held_objective(ctx, mine, placed, side)
        if held is not None:
            ctx.state.notes["fow_won"] = (side, held[0], ctx.state.turn, held[1])
