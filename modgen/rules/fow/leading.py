"""Flames of War p.52 Leading from the Front: the only way two Units assault together.

"In the Assault Step, you assault with any or all of your Units one by one" (p.52), so a second Unit that declares
an ``assault`` while the first Unit's assault is still at its charge makes a joint assault. It is legal only as
Leading from the Front: "A Formation Commander and their HQ Unit can combine with a Unit from their Formation ...
the Formation Commander and the Unit Leader must be of the same Type (Tank or Infantry) and must start the Assault
Step within 6"/15cm and in Line of Sight of each other." Distance is measured between the two teams' nearest edges
where they stood when the Assault Step began; Line of Sight is a warning when Tall terrain or a building stands on
the line (the 2-D stand-in used throughout). "For the duration of the Assault Step, the combined Unit is treated as
a single Unit having the higher of the two Units' Counterattack values": the pair is kept in the Step's
``fow_joint`` note, which the Counterattack test reads (policy ``leading_from_the_front_counterattack``).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import blocks_sight
from modgen.rules.fow.notes import notes


def joint(ctx: Any) -> dict[str, str]:
    """Units combined by Leading from the Front this Assault Step: unit -> the other unit."""
    return ctx.state.per_phase.setdefault("fow_joint", {})


def _role(ctx: Any, group: str) -> str:
    for u in T.unit_teams(ctx, group):
        r = (ctx.units[u].get("group") or {}).get("role")
        if r:
            return str(r)
    return "combat"


def _formation(ctx: Any, group: str) -> str:
    for u in T.unit_teams(ctx, group):
        f = (ctx.units[u].get("group") or {}).get("formation")
        if f:
            return str(f)
    return ""


class LeadingFromTheFront:
    """p.52: a joint assault is the Formation Commander's HQ Unit with a Unit of its Formation, Commander and Unit
    Leader of the same Type, within 6"/15cm and in Line of Sight at the start of the Assault Step. Runs before
    :class:`.melee.Melee` joins the second Unit to the first Unit's assault."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "phase" and ev.get("phase") == "assault":
            # where every team stands as the Assault Step starts (the phase event is applied after this hook)
            ctx.state.notes["fow_assault_start"] = {u: (p, ctx.state.facing.get(u, 0.0))
                                                    for u, p in ctx.state.table_pos.items()}
            return
        if ev["type"] != "assault" or ctx.state.phase != "assault" or ev.get("unit") not in ctx.units:
            return
        uid = ev["unit"]
        side, g = ctx.side_of(uid), T.team(ctx, uid).group
        f = notes(ctx).fight
        if f is None or f.side != side or side != ctx.state.side or f.stage != "charge" or f.rounds \
                or g in f.groups or not f.groups:
            return
        first = f.groups[0]
        if joint(ctx).get(first) == g:
            return
        self._check(ctx, uid, first, g)

    def _check(self, ctx: Any, uid: str, first: str, second: str) -> None:
        name = ctx.name(uid)
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"units": [uid], "position": [float(where[0]), float(where[1])] if where else None}
        hq = next((g for g in (first, second) if _role(ctx, g) == "hq"), None)
        other = second if hq == first else first
        lead = f"{name}'s Unit joins the assault of {self._unit_name(ctx, first)}"
        if hq is None:
            ctx.error(ctx.rule("p.52"), f"{lead}; Units assault one by one, and only a Formation Commander's HQ Unit "
                      "may combine with another Unit (Leading from the Front)", **kw)
            return
        commander = next((u for u in T.unit_teams(ctx, hq) if T.team(ctx, u).commander), None)
        leader = next((u for u in T.unit_teams(ctx, other) if T.team(ctx, u).leader and T.alive(ctx, u)), None)
        if commander is None or leader is None or not T.alive(ctx, commander):
            ctx.error(ctx.rule("p.52"), f"{lead}; Leading from the Front needs the Formation Commander and the "
                      "other Unit's Leader on the table", **kw)
            return
        kw["units"] = [uid, commander, leader]
        cn, ln = ctx.name(commander), ctx.name(leader)
        if _formation(ctx, hq) != _formation(ctx, other):
            ctx.error(ctx.rule("p.52"), f"{lead}; Leading from the Front combines the HQ Unit of {cn} only with a "
                      "Unit from its own Formation", **kw)
        tc, tl = T.team(ctx, commander), T.team(ctx, leader)
        if tc.is_tank != tl.is_tank or {tc.cls, tl.cls} - {"tank", "infantry"}:
            ctx.error(ctx.rule("p.52"), f"{lead}; the Formation Commander {cn} ({tc.cls.capitalize()}) and the Unit "
                      f"Leader {ln} ({tl.cls.capitalize()}) must be of the same Type, Tank or Infantry", **kw)
        start = ctx.state.notes.get("fow_assault_start") or {}
        pc, pl = start.get(commander), start.get(leader)
        if pc is None or pl is None:
            ctx.could_not_check(ctx.rule("p.52"), f"where {cn} and {ln} stood at the start of the Assault Step")
        else:
            a, b = T.Pose(pc[0][0], pc[0][1], pc[1]), T.Pose(pl[0][0], pl[0][1], pl[1])
            d = T.distance(ctx, commander, leader, pa=a, pb=b) or 0.0
            m = tc.m
            kw["position"] = [float(a.x), float(a.y)]
            if d > m.rule("commander") + 1e-6:
                ctx.error(ctx.rule("p.52"), f"{lead}; at the start of the Assault Step the Formation Commander {cn} "
                          f"at ({a.x:.1f}, {a.y:.1f}) was {m.show(d)} from the Unit Leader {ln} at ({b.x:.1f}, "
                          f"{b.y:.1f}); Leading from the Front needs them within {m.show(m.rule('commander'))}",
                          **kw)
            else:
                hides = blocks_sight(ctx, a.point, b.point)
                if hides:
                    ctx.warning(ctx.rule("p.52"), f"{lead}: {hides[0]} stands between the Formation Commander {cn} "
                                f"at ({a.x:.1f}, {a.y:.1f}) and the Unit Leader {ln} at ({b.x:.1f}, {b.y:.1f}), "
                                f"{m.show(d)} apart; Leading from the Front needs Line of Sight: judge it", **kw)
        joint(ctx).update({first: second, second: first})

    @staticmethod
    def _unit_name(ctx: Any, group: str) -> str:
        lead = T.leader_of(ctx, group) or next(iter(T.unit_teams(ctx, group)), None)
        return f"{ctx.name(lead)}'s Unit" if lead else group
