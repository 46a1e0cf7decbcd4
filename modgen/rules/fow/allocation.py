"""Flames of War hit allocation (p.34 Assign Hits) and Mistaken Target (p.35).

``assign`` events give hits scored by a shooting team (``unit``) to a team (``target``; ``hits``, default 1): it
must be a valid target of the shooter (range, minimum range, field of fire p.32), of the same Unit and Type as the
team the shooter declared, within 6"/15cm of it (an HQ or Independent target lets hits go to another Unit,
p.34); in Defensive Fire only Assaulting Teams within 8"/20cm (p.55). Every declared target gets at least one hit.

``mistaken_target`` events swap the hits of the team hit (``unit``) to another team (``target``) on a 3+ roll
(``roll`` or the ``roll`` event that follows): same Type, a team that could have been assigned hits, never with
the shooter within 4"/10cm of either (8"/20cm for Tank Teams), never after a failed attempt against the same
shooting Unit, never in an assault (p.55).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.morale import role
from modgen.rules.fow.notes import notes
from modgen.rules.fow.shooting import Dice, Shooting

#: p.35: the roll that swaps hits.
MISTAKEN_TARGET_NEED = 3


def _spread(ctx: Any, group: str) -> bool:
    """p.34: hits on an HQ Unit or Independent Team may go to another Unit as if they were one."""
    return role(ctx, group) == "hq" or any(T.team(ctx, u).type == "independent" or "independent" in T.team(ctx, u).tags
                                           for u in T.unit_teams(ctx, group))


def declared(ctx: Any, shooter: str) -> str | None:
    """The team ``shooter`` last declared as its target this turn."""
    shots = notes(ctx).shots.get(shooter) or []
    return shots[-1].target if shots else None


class Assign:
    """p.34 Assign Hits (and p.55 Defensive Fire) for each ``assign`` event; every target hit at least once."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "assign":
            return
        uid, to = ev.get("unit"), ev.get("target")
        if uid not in ctx.units or to not in ctx.units:
            return
        first = declared(ctx, uid)
        where = ctx.state.table_pos.get(to)
        kw: dict[str, Any] = {"units": [uid, to], "position": list(where) if where else None}
        name, t = ctx.name(uid), T.team(ctx, uid)
        n = ev.get("hits") if isinstance(ev.get("hits"), int) else 1
        book = ctx.state.per_phase.setdefault("fow_assigned", {})
        book.setdefault(uid, {}).setdefault(to, 0)
        book[uid][to] += n
        if first is None:
            ctx.error(ctx.rule("p.34"), f"{name} assigns a hit to {ctx.name(to)} but declared no target this turn",
                      **kw)
            return
        tgt, got = T.team(ctx, first), T.team(ctx, to)
        if to != first:
            if got.cls != tgt.cls:
                ctx.error(ctx.rule("p.34"), f"{name} assigns a hit to {ctx.name(to)}, a {got.cls.capitalize()} Team; "
                          f"its target {ctx.name(first)} is a {tgt.cls.capitalize()} Team and hits go to teams of the "
                          "same Type", **kw)
            if got.group != tgt.group and not _spread(ctx, tgt.group):
                ctx.error(ctx.rule("p.34"), f"{name} assigns a hit to {ctx.name(to)}, which is not in the Unit of its "
                          f"target {ctx.name(first)}", **kw)
            d = T.distance(ctx, first, to)
            if d is not None and d > t.m.rule("assign") + 1e-6:
                ctx.error(ctx.rule("p.34"), f"{name} assigns a hit to {ctx.name(to)}, {t.m.show(d)} from its target "
                          f"{ctx.name(first)}; hits go to teams within {t.m.show(t.m.rule('assign'))} of the target",
                          **kw)
            self._valid(ctx, uid, to, t, ev, kw)
        if ctx.state.phase == "assault" and ctx.side_of(uid) != ctx.state.side:
            lim = t.m.rule("defensive_fire")
            d = T.distance(ctx, uid, to)
            if to not in notes(ctx).assaulters or (d is not None and d > lim + 1e-6):
                ctx.error(ctx.rule("p.55"), f"{name} assigns a Defensive Fire hit to {ctx.name(to)}"
                          + (f" {t.m.show(d)} away" if d is not None else "") + "; Defending Teams only allocate hits "
                          f"to Assaulting Teams within {t.m.show(lim)}", **kw)
        scored = sum(s_hits for s_hits in self._hits(ctx, uid))
        if scored and sum(book[uid].values()) > scored:
            ctx.error(ctx.rule("p.34"), f"{name} assigns {sum(book[uid].values())} hits but scored {scored}", **kw)

    @staticmethod
    def _hits(ctx: Any, uid: str) -> list[int]:
        return [h for (s, h) in ctx.state.per_phase.get("fow_scored", []) if s == uid]

    @staticmethod
    def _valid(ctx: Any, uid: str, to: str, t: T.Team, ev: dict[str, Any], kw: dict[str, Any]) -> None:
        """A valid target for the team that scored the hit: in range and in its field of fire (p.32)."""
        shots = notes(ctx).shots.get(uid) or []
        w = t.weapon(shots[-1].weapon if shots else None)
        if w is None:
            return
        d = T.distance(ctx, uid, to)
        if d is not None and w.range is not None and d > w.range + 1e-6:
            ctx.error(ctx.rule("p.34"), f"{ctx.name(uid)} assigns a hit to {ctx.name(to)} {t.m.show(d)} away, beyond "
                      f"its {w.name}'s range {t.m.show(w.range)}: not a valid target", **kw)
        if d is not None and w.min_range is not None and d < w.min_range - 1e-6:
            ctx.error(ctx.rule("p.34"), f"{ctx.name(uid)} assigns a hit to {ctx.name(to)} only {t.m.show(d)} away, "
                      f"inside its {w.name}'s Minimum Range: not a valid target", **kw)
        Shooting()._field_of_fire(ctx, uid, to, t, w, ev, kw)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "shoot" and isinstance(ev.get("hits"), int) and ev.get("unit") in ctx.units:
            ctx.state.per_phase.setdefault("fow_scored", []).append((ev["unit"], ev["hits"]))
            if ev["hits"] > 0 and ev.get("target") in ctx.units:
                ctx.state.per_phase.setdefault("fow_hit_targets", {}).setdefault(ev["target"], []).append(
                    (ev["unit"], ctx.index or 0))

    def phase_end(self, ctx: Any) -> None:
        """p.34: a target team is assigned at least one hit from the teams that targeted it (when the log assigns
        hits at all for that shooting Unit)."""
        if ctx.table is None:
            return
        book = ctx.state.per_phase.get("fow_assigned", {})
        for tgt, shooters in ctx.state.per_phase.get("fow_hit_targets", {}).items():
            logged = [s for s, _ in shooters if s in book]
            if logged and not any(book[s].get(tgt) for s in book):
                where = ctx.state.table_pos.get(tgt)
                ctx.error(ctx.rule("p.34"), f"{ctx.name(tgt)} was targeted and hit by {ctx.name(logged[0])} but is "
                          "assigned no hit; a target team must be assigned at least one hit from the teams that "
                          "targeted it", units=[tgt, logged[0]], position=list(where) if where else None,
                          event_index=shooters[0][1])
        self._evenly(ctx, book)
        self._evenly(ctx, book, by_weapon=True)

    @staticmethod
    def _evenly(ctx: Any, book: dict[str, dict[str, int]], by_weapon: bool = False) -> None:
        """p.34 "The combined Hits from a Unit must also be assigned evenly": per shooting Unit and target Unit,
        the teams that could take its hits (assigned some, or of the declared targets' Type within 6"/15cm of one
        and in range of every team of the Unit that assigned hits) end no more than one hit apart. ``by_weapon``:
        "Hits from a weapon must be assigned evenly so that each Team has (as close as possible) the same number of
        hits from that type of weapon", for Units whose hits came from more than one type of weapon (a team that
        fired several weapon types this Step is left out: its hits' weapon is not in the log)."""
        pools: dict[tuple[str, str, str], dict[str, int]] = {}
        shooters: dict[tuple[str, str, str], list[str]] = {}
        for s, got in book.items():
            kinds = {T.key(x.weapon) for x in notes(ctx).shots.get(s) or []}
            if by_weapon and len(kinds) != 1:
                continue
            kind = next(iter(kinds)) if by_weapon else ""
            for to, n in got.items():
                k = (T.team(ctx, s).group, T.team(ctx, to).group, kind)
                pools.setdefault(k, {}).setdefault(to, 0)
                pools[k][to] += n
                shooters.setdefault(k, []).append(s)
        if by_weapon:  # only where a Unit's hits on a Unit came from more than one type of weapon
            mixed = {(sg, tg) for sg, tg, _ in pools if sum(1 for k in pools if k[:2] == (sg, tg)) > 1}
            pools = {k: v for k, v in pools.items() if k[:2] in mixed}
        for (sg, tg, kind), counts in pools.items():
            firing = list(dict.fromkeys(shooters[(sg, tg, kind)]))
            targets = {d for s in firing if (d := declared(ctx, s)) in ctx.units and T.team(ctx, d).group == tg}
            types = {T.team(ctx, d).cls for d in targets}
            m = T.team(ctx, firing[0]).m
            for u in T.group_members(ctx, tg):
                if u in counts or T.team(ctx, u).cls not in types:
                    continue
                gaps = [0.0 if d == u else T.distance(ctx, d, u) for d in targets]  # a declared target is near
                near = any(g is not None and g <= m.rule("assign") + 1e-6 for g in gaps)
                reach = all(Assign._reaches(ctx, s, u) for s in firing)
                if near and reach:
                    counts[u] = 0
            if len(counts) < 2 or max(counts.values()) - min(counts.values()) <= 1:
                continue
            most, least = max(counts, key=counts.get), min(counts, key=counts.get)
            where = ctx.state.table_pos.get(least)
            weapon = f" from its {notes(ctx).shots[firing[0]][-1].weapon}" if kind else ""
            ctx.error(ctx.rule("p.34"), f"{ctx.name(firing[0])}'s Unit assigns {counts[most]} hits{weapon} to "
                      f"{ctx.name(most)} but {counts[least]} to {ctx.name(least)}; hits are assigned evenly, each "
                      "team as close as possible the same number" + (" from each type of weapon" if kind else "")
                      + " (" + ", ".join(
                          f"{ctx.name(u)} {n}" for u, n in counts.items()) + ")",
                      units=[most, least], position=list(where) if where else None)

    @staticmethod
    def _reaches(ctx: Any, shooter: str, to: str) -> bool:
        """Is ``to`` in range of the weapon ``shooter`` last fired (a valid target as far as range goes)?"""
        shots = notes(ctx).shots.get(shooter) or []
        w = T.team(ctx, shooter).weapon(shots[-1].weapon if shots else None)
        d = T.distance(ctx, shooter, to)
        if w is None or d is None:
            return True
        return (w.range is None or d <= w.range + 1e-6) and (w.min_range is None or d >= w.min_range - 1e-6)


class MistakenTarget(Dice):
    """p.35 Mistaken Target for each ``mistaken_target`` event."""

    kinds = ("mistaken_target",)

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return not isinstance(ev.get("roll"), int)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        a, b = ev.get("unit"), ev.get("target")
        if a not in ctx.units or b not in ctx.units:
            return
        by = ev.get("by") or self._shooter(ctx, a)
        where = ctx.state.table_pos.get(a)
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [a, b] + ([by] if by in ctx.units else []),
                              "position": list(where) if where else None}
        ta, tb = T.team(ctx, a), T.team(ctx, b)
        m = ta.m
        if ctx.state.phase == "assault":
            ctx.error(ctx.rule("p.55"), f"{ctx.name(a)} tries Mistaken Target with {ctx.name(b)} in an assault; the "
                      "Mistaken Target rule cannot be used in an assault", **kw)
        if ta.cls != tb.cls:
            ctx.error(ctx.rule("p.35"), f"{ctx.name(a)} ({ta.cls.capitalize()}) swaps hits with {ctx.name(b)} "
                      f"({tb.cls.capitalize()}); Mistaken Target swaps with a team of the same Type", **kw)
        if ta.group != tb.group and not (_spread(ctx, ta.group) or _spread(ctx, tb.group)):
            ctx.error(ctx.rule("p.35"), f"{ctx.name(a)} swaps hits with {ctx.name(b)} of another Unit; only a team "
                      "that could have been assigned the hits (p.34: the same Unit) can take them", **kw)
        d_ab = T.distance(ctx, a, b)
        if d_ab is not None and d_ab > m.rule("assign") + 1e-6 and ta.group == tb.group:
            ctx.warning(ctx.rule("p.35"), f"{ctx.name(b)} is {m.show(d_ab)} from {ctx.name(a)}: check it was within "
                        f"{m.show(m.rule('assign'))} of the shooter's target, so it could have been assigned hits",
                        **kw)
        if by in ctx.units:
            lim = m.rule("too_close_tank" if ta.is_tank and tb.is_tank else "too_close")
            for x in (a, b):
                d = T.distance(ctx, by, x)
                if d is not None and d < lim - 1e-6:
                    ctx.error(ctx.rule("p.35"), f"{ctx.name(by)} shot from {m.show(d)} of {ctx.name(x)}; Mistaken "
                              f"Target cannot be used when the Shooting Team is within {m.show(lim)} of either "
                              "team" + (" (Tank Teams)" if ta.is_tank and tb.is_tank else ""), **kw)
                    break
        failed = ctx.state.per_phase.setdefault("fow_mistaken_failed", {})
        shooter_unit = T.team(ctx, by).group if by in ctx.units else None
        if shooter_unit in failed:
            ctx.error(ctx.rule("p.35"), f"{ctx.name(a)} tries Mistaken Target again after the attempt at event "
                      f"{failed[shooter_unit]} failed; after a failed attempt all remaining hits stay where they "
                      "were allocated", **kw)
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        if roll is None:
            return
        if roll < MISTAKEN_TARGET_NEED:
            failed.setdefault(shooter_unit, at)
            if T.key(ev.get("result")) in ("swapped", "passed"):
                ctx.error(ctx.rule("p.35"), f"{ctx.name(a)} swaps its hits to {ctx.name(b)} on a roll of {roll}; "
                          f"the swap needs {MISTAKEN_TARGET_NEED}+", **kw)

    @staticmethod
    def _shooter(ctx: Any, uid: str) -> str | None:
        for shooter, got in ctx.state.per_phase.get("fow_assigned", {}).items():
            if uid in got:
                return shooter
        return None
