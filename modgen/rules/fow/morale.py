"""Flames of War morale: the Starting Step's Motivation tests (p.16: Remount p.38, Rally p.41, Unit Last Stand
p.60, Formation Last Stand p.61; the Commander's re-roll p.8) and Pinned Down (p.41: five hits in a Shooting
Step, eight for a Unit that started it with twelve teams; what a Pinned Unit cannot do).

Tests are ``motivation`` events naming the team (Remount) or any team of the Unit (Rally, Last Stand,
Counterattack), the ``test`` and the die (``roll``, ``dice`` with the Commander's re-roll second, or the ``roll``
event that follows). Pinned Down is a Unit state the checker derives from the hits of ``shoot`` events (and a
``pinned_down`` marker); a passed Rally ends it.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import Pose, base_distance
from modgen.rules.fow import teams as T
from modgen.rules.fow.movement import blocks_sight, command_gap, command_limit
from modgen.rules.fow.shooting import Dice
from modgen.rules.fow.specialfire import flame_tank

#: p.16: the Starting Step's tests in their order.
STARTING_ORDER = ("remount", "rally", "last_stand")
TESTS = (*STARTING_ORDER, "counterattack")
_RULE = {"remount": "p.38", "rally": "p.41", "last_stand": "p.60", "counterattack": "p.57"}
_LABEL = {"remount": "Remount", "rally": "Rally", "last_stand": "Last Stand", "counterattack": "Counterattack"}


def need(ctx: Any, t: T.Team, test: str) -> int | None:
    """The score a Motivation test needs (p.10): the team's own rating for the test, else its Motivation. A Unit
    combined by Leading from the Front (p.52) counterattacks on the better (policy: higher) of the two values."""
    if test == "counterattack":
        other = ctx.state.per_phase.get("fow_joint", {}).get(t.group)
        mate = next(iter(T.unit_teams(ctx, other)), None) if other else None
        if mate is not None:
            got = [v for v in (_need(ctx, t, test), _need(ctx, T.team(ctx, mate), test)) if v is not None]
            if got:
                pick = max if ctx.policies.get("leading_from_the_front_counterattack") == "higher_number" else min
                return pick(got)
    score = _need(ctx, t, test)
    if test == "remount" and score is not None and flame_tank(t) and "fuel_trailer" not in t.tags:
        score += 1  # p.42 Fuel Tanks: Tank Flame-throwers need one more to Remount
    return score


def _need(ctx: Any, t: T.Team, test: str) -> int | None:
    own = T.need_value(t.rating(test))
    if own is not None:
        return own
    m = t.rating("motivation")
    row = (ctx.tables.get("motivation") or {}).get(T.key(m)) or {}
    return T.need_value(m) or T.need_value(row.get(test)) or T.need_value(row.get("rally"))


def role(ctx: Any, group: str) -> str:
    """The Unit's role (``group.role``: hq, combat, support, transport; combat when not given)."""
    for u in T.unit_teams(ctx, group):
        r = (ctx.units[u].get("group") or {}).get("role")
        if r:
            return str(r)
    return "combat"


def good_spirits(ctx: Any, group: str) -> tuple[bool, str]:
    """p.60 In Good Spirits: no team Bailed Out or Destroyed, or at least two Tank Teams not Bailed Out, two Gun
    Teams, three Infantry Teams or one Aircraft Team In Command; never with its Leader Destroyed and not replaced.
    Returns the verdict and the count that decided it."""
    teams = [u for u in T.unit_teams(ctx, group) if u in ctx.state.table_pos or T.destroyed(ctx, u)]
    lost = [u for u in teams if T.destroyed(ctx, u) or T.marked(ctx, u, "bailed_out")]
    if not lost:
        return True, "no team Bailed Out or Destroyed"
    leader = T.leader_of(ctx, group)
    if leader is None:
        return False, "its Unit Leader is Destroyed and not replaced"
    alive = [u for u in teams if T.alive(ctx, u)]
    limit = command_limit(ctx, len(alive))
    ok = [u for u in alive if u == leader or command_gap(ctx, u, leader) <= limit + 1e-6]
    count = {c: sum(1 for u in ok if T.team(ctx, u).cls == c and not (c == "tank" and T.marked(ctx, u, "bailed_out")))
             for c in ("tank", "gun", "infantry", "aircraft")}
    for cls, least in (("tank", 2), ("gun", 2), ("infantry", 3), ("aircraft", 1)):
        if count[cls] >= least:
            return True, f"{count[cls]} {cls.capitalize()} Teams In Command"
    have = ", ".join(f"{n} {c}" for c, n in count.items() if n) or "no teams"
    return False, f"{len(lost)} team(s) Bailed Out or Destroyed and only {have} In Command left"


def commander_near(ctx: Any, uid: str) -> tuple[str | None, float | None]:
    """The nearest friendly Formation Commander to ``uid`` and its distance (p.8 Command Leadership)."""
    side = ctx.side_of(uid)
    best: tuple[str | None, float | None] = (None, None)
    for u in ctx.units:
        if ctx.side_of(u) == side and T.alive(ctx, u) and T.team(ctx, u).commander:
            d = 0.0 if u == uid else T.distance(ctx, u, uid)
            if d is not None and (best[1] is None or d < best[1]):
                best = (u, d)
    return best


class Morale(Dice):
    """pp.8, 16, 38, 41, 57, 60: each ``motivation`` test, Bailed Out and Pinned markers taken off, and the Last
    Stand the Starting Step owes."""

    kinds = ("motivation",)

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return not isinstance(ev.get("roll"), int)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid, test = ev.get("unit"), T.key(ev.get("test"))
        if uid not in ctx.units or test not in TESTS:
            return
        t = T.team(ctx, uid)
        rule = ctx.rule(_RULE[test])
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid],
                              "position": list(where) if where else None}
        label, name = _LABEL[test], ctx.name(uid)
        step, own = ctx.state.phase, ctx.side_of(uid) == ctx.state.side
        if test in STARTING_ORDER:
            if step != "starting" or not own:
                ctx.error(ctx.rule("p.16"), f"{name} takes a {label} test in the {step or 'set-up'} step"
                          + ("" if own else " of the enemy's turn") + "; it is taken in its own Starting Step", **kw)
            done = ctx.state.per_phase.setdefault("fow_started", [])
            later = [x for x in done if STARTING_ORDER.index(x) > STARTING_ORDER.index(test)]
            if later and step == "starting":
                ctx.error(ctx.rule("p.16"), f"{name} takes a {label} test after a {_LABEL[later[0]]} test; the "
                          "Starting Step goes Remount, Rally, Unit Last Stand, in that order", **kw)
            done.append(test)
        if test == "remount" and not T.marked(ctx, uid, "bailed_out"):
            ctx.error(rule, f"{name} rolls to Remount but is not Bailed Out", **kw)
        if test == "rally" and not T.pinned(ctx, uid):
            ctx.error(rule, f"{name}'s Unit rolls to Rally but is not Pinned Down", **kw)
        if test == "last_stand" and role(ctx, t.group) == "hq":
            ctx.error(rule, f"{name}'s Unit is an HQ Unit; HQ Units never take Last Stand tests", **kw)
        score = need(ctx, t, test)
        rolls = list(dice or []) if dice is not None else ([ev["roll"]] if isinstance(ev.get("roll"), int) else [])
        if isinstance(ev.get("reroll"), int):
            rolls.append(ev["reroll"])
        passed: bool | None = None
        if score is not None and rolls:
            self._reroll(ctx, uid, t, test, rolls, score, kw)
            passed = rolls[-1] >= score if len(rolls) > 1 and rolls[0] < score else rolls[0] >= score
            said = T.key(ev.get("result"))
            if said in ("passed", "failed") and (said == "passed") != passed:
                ctx.error(rule, f"{name} rolls {', then '.join(map(str, rolls))} on its {label} test needing "
                          f"{score}+ and calls it {said}; it {'passed' if passed else 'failed'}", **kw)
        elif score is None:
            ctx.could_not_check(rule, f"{name} has no Motivation rating")
        if passed is None and T.key(ev.get("result")) in ("passed", "failed"):
            passed = T.key(ev.get("result")) == "passed"
        key = uid if test == "remount" else t.group
        ctx.state.per_phase.setdefault("fow_tests", {})[(test, key)] = (passed, at)
        if test == "rally" and passed:
            T.pinned_units(ctx).pop(t.group, None)

    def _reroll(self, ctx: Any, uid: str, t: T.Team, test: str, rolls: list[int], score: int,
                kw: dict[str, Any]) -> None:
        """p.8 (and pp.38, 41, 58): re-roll a failed test when the Formation Commander is within 6"/15cm and in
        Line of Sight of the Unit Leader (of the tank, for Remount)."""
        if len(rolls) < 2:
            return
        name = ctx.name(uid)
        if rolls[0] >= score:
            ctx.error(ctx.rule("p.8"), f"{name} re-rolls a {_LABEL[test]} test it passed ({rolls[0]} needing "
                      f"{score}+); only failed tests are re-rolled", **kw)
            return
        who = uid if test == "remount" else (T.leader_of(ctx, t.group) or uid)
        cmd, d = commander_near(ctx, who)
        limit = t.m.rule("commander")
        if cmd is None or d is None or d > limit + 1e-6:
            far = f"the nearest Formation Commander, {ctx.name(cmd)}, is {t.m.show(d)} away" if cmd and d is not None \
                else "its side has no Formation Commander on the table"
            ctx.error(ctx.rule("p.8"), f"{name} re-rolls a failed {_LABEL[test]} test, but {far}; the re-roll needs "
                      f"the Commander within {t.m.show(limit)} and in Line of Sight of {ctx.name(who)}", **kw)
        elif cmd != who and (hidden := blocks_sight(ctx, ctx.state.table_pos[cmd], ctx.state.table_pos[who])):
            ctx.warning(ctx.rule("p.8"), f"{name} re-rolls with {ctx.name(cmd)} {t.m.show(d)} away, but the line "
                        f"between them crosses {', '.join(hidden)}: judge whether it is in Line of Sight", **kw)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "marker" or ev.get("on") or ev.get("unit") not in ctx.units:
            return
        uid, mk = ev["unit"], T.key(ev.get("marker"))
        tests = ctx.state.per_phase.get("fow_tests", {})
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"units": [uid], "position": list(where) if where else None}
        if mk == "bailed_out" and not T.destroyed(ctx, uid) and not (tests.get(("remount", uid)) or (False,))[0]:
            ctx.error(ctx.rule("p.38"), f"{ctx.name(uid)} takes off its Bailed Out marker without passing a Remount "
                      "test in its Starting Step", **kw)
        if mk in ("pinned_down", "pinned"):
            g = T.team(ctx, uid).group
            if not (tests.get(("rally", g)) or (False,))[0] and T.pinned(ctx, uid):
                ctx.error(ctx.rule("p.41"), f"{ctx.name(uid)}'s Unit takes off its Pinned Down marker without "
                          "passing a Rally test in its Starting Step", **kw)

    def phase_end(self, ctx: Any) -> None:
        super().phase_end(ctx)
        if ctx.table is None or ctx.state.phase != "starting":
            return
        tests = ctx.state.per_phase.get("fow_tests", {})
        side = ctx.state.side
        groups = sorted({T.team(ctx, u).group for u in ctx.units if ctx.side_of(u) == side and T.alive(ctx, u)
                         and ctx.units[u].get("kind") in ("team", "unit")})
        for g in groups:
            alive = T.group_members(ctx, g)
            if not alive:
                continue
            lead = T.leader_of(ctx, g) or alive[0]
            where = list(ctx.state.table_pos[lead])
            got = tests.get(("last_stand", g))
            if got is None and role(ctx, g) != "hq":
                ok, why = good_spirits(ctx, g)
                if not ok:
                    ctx.error(ctx.rule("p.60"), f"{ctx.name(lead)}'s Unit is not In Good Spirits ({why}) and takes no "
                              "Last Stand test in the Starting Step", units=[lead], position=where)
            elif got is not None and got[0] is False:
                ctx.error(ctx.rule("p.60"), f"{ctx.name(lead)}'s Unit failed its Last Stand test (event {got[1]}) but "
                          f"{len(alive)} of its teams are still on the table; a Unit that fails is Destroyed",
                          units=alive, position=where, event_index=got[1])
        self._formations(ctx, side)

    def _formations(self, ctx: Any, side: str | None) -> None:
        """p.61 Formation Last Stand: a Formation with fewer than two Units (its HQ counts, Transport Units do not)
        on the table or in Reserve is Destroyed (policy ``formation_last_stand``)."""
        strict = ctx.policies.get("formation_last_stand") == "two_units_in_good_spirits"
        for f, (groups, counted) in sorted(formation_units(ctx, side).items()):
            left = [u for g in groups for u in T.group_members(ctx, g)]
            if len(counted) < 2 and left:
                where = list(ctx.state.table_pos[left[0]])
                ctx.error(ctx.rule("p.61"), f"Formation {f} has {len(counted)} Unit(s) left "
                          + ("In Good Spirits " if strict else "") + f"on the table or in Reserve, but "
                          f"{len(left)} of its teams ({', '.join(ctx.name(u) for u in left[:3])}"
                          + ("…" if len(left) > 3 else "") + ") stay on the table; a Formation with fewer than two "
                          "Units is Destroyed", units=left, position=where)


def formation_units(ctx: Any, side: str | None) -> dict[str, tuple[set[str], list[str]]]:
    """p.61: each Formation of ``side`` (``group.formation``) → (its Units, the Units that count towards Good
    Spirits: on the table or in Reserve, Transport Units not counted; policy ``formation_last_stand``)."""
    formations: dict[str, set[str]] = {}
    for u, rec in ctx.units.items():
        f = (rec.get("group") or {}).get("formation")
        if f and ctx.side_of(u) == side and rec.get("kind") in ("team", "unit"):
            formations.setdefault(str(f), set()).add(T.team(ctx, u).group)
    strict = ctx.policies.get("formation_last_stand") == "two_units_in_good_spirits"
    out: dict[str, tuple[set[str], list[str]]] = {}
    for f, groups in sorted(formations.items()):
        counted = []
        for g in sorted(groups):
            if role(ctx, g) == "transport":
                continue
            teams = T.unit_teams(ctx, g)
            here = any(T.alive(ctx, u) for u in teams)
            reserve = any(u not in ctx.state.table_pos and not T.destroyed(ctx, u) for u in teams)
            if (here or reserve) and (not strict or not here or good_spirits(ctx, g)[0]):
                counted.append(g)
        out[f] = (groups, counted)
    return out


class Pinning:
    """p.41 Pinned Down: a Unit that takes five hits in one Shooting Step (eight if it started the step with
    twelve teams) is Pinned, unless its teams are Armoured Tanks; Pinned Infantry, Gun and Unarmoured Tank Teams
    may not move closer to an enemy team in Line of Sight. Defensive Fire pins the same way (p.56)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "shoot" and isinstance(ev.get("hits"), int) and ev.get("target") in ctx.units:
            if T.key(ev.get("ammo")) == "smoke":
                return  # p.42: smoke hits place smoke, not damage
            g = T.team(ctx, ev["target"]).group
            hits = ctx.state.per_phase.setdefault("fow_hits", {})
            if g not in hits:
                hits[g] = [0, len(T.group_members(ctx, g)), ctx.index or 0]
            hits[g][0] += ev["hits"]
        elif ev["type"] == "marker" and ev.get("on") and T.key(ev.get("marker")) in ("pinned_down", "pinned") \
                and ev.get("unit") in ctx.units:
            T.pinned_units(ctx).setdefault(T.team(ctx, ev["unit"]).group, "a Pinned Down marker")
        elif ev["type"] == "move" and ctx.state.phase == "movement" and ev.get("unit") in ctx.units:
            self._pinned_move(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase not in ("shooting", "assault"):
            return
        for g, (hits, size, at) in ctx.state.per_phase.get("fow_hits", {}).items():
            need = 8 if size >= 12 else 5
            teams = T.unit_teams(ctx, g)
            if hits >= need and not all(T.team(ctx, u).armoured for u in teams):
                T.pinned_units(ctx)[g] = f"{hits} hits in the {ctx.state.phase.capitalize()} Step (event {at})"

    def _pinned_move(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        t = T.team(ctx, uid)
        if (t.armoured or t.cls not in ("infantry", "gun", "tank")) or not T.pinned(ctx, uid):
            return
        src = ev.get("from_pos") or ctx.state.table_pos.get(uid)
        dst = ev.get("to_pos", ev.get("pos"))
        if src is None or dst is None:
            return
        facing = ctx.state.facing.get(uid, 0.0)
        a, b = Pose(src[0], src[1], facing), Pose(dst[0], dst[1], float(ev.get("facing", facing)))
        why = T.pinned_units(ctx).get(t.group, "a Pinned Down marker")
        into: str | None = None
        for e in T.enemies(ctx, uid, ("tank", "infantry", "gun", "aircraft")):
            pe, be = T.pose(ctx, e), T.team(ctx, e).base
            d0, d1 = base_distance(a, t.base, pe, be), base_distance(b, t.base, pe, be)
            seen0 = not blocks_sight(ctx, a.point, pe.point)
            if seen0 and d1 < d0 - 0.05:
                ctx.error(ctx.rule("p.41"), f"{ctx.name(uid)} moves from ({src[0]:.1f}, {src[1]:.1f}) to "
                          f"({dst[0]:.1f}, {dst[1]:.1f}), {t.m.show(d0 - d1)} closer to {ctx.name(e)} in Line of "
                          f"Sight; its Unit is Pinned Down ({why}) and may not move closer to visible enemy teams",
                          units=[uid, e], position=[float(dst[0]), float(dst[1])])
                return
            if into is None and not seen0 and not blocks_sight(ctx, b.point, pe.point):
                into = e
        if into is not None:
            ctx.warning(ctx.rule("p.41"), f"{ctx.name(uid)} moves to ({dst[0]:.1f}, {dst[1]:.1f}), where nothing "
                        f"tall stands between it and {ctx.name(into)}; a Pinned Down team may not move into the Line "
                        "of Sight of another enemy team: judge whether it did", units=[uid, into],
                        position=[float(dst[0]), float(dst[1])])
