"""The rest of a Flames of War assault (pp.55-59), after the charge (:mod:`.assault`): Defensive Fire (who may
fire, at whom, once, never against a Counterattack), Fall Back, the assault's hits (teams in Contact, the Assault
rating, Small Infantry Teams, tank hits never on tanks, the Unit hit is Pinned) and their saves (no save for
Infantry, Gun and Unarmoured teams; Side armour with a normal weapon or Top armour against improvised anti-tank),
whether the assault is won, the Counterattack test and the choice to Counterattack or Break Off, where teams Break
Off to, and Consolidation.

Events: ``shoot`` by the defending side in the Assault Step (Defensive Fire), ``assault_hit`` (an Assaulting Team's
die: ``unit``, ``target``, ``roll``, ``weapon`` or ``improvised``), ``motivation`` ``test: counterattack``,
``counterattack`` and ``break_off`` (a team of the Unit), and ``move`` (Fall Back, Break Off, a Counterattack's
charge, Consolidation: which one is read from the assault's stage). An assault ends when the next Unit assaults,
or at the end of the Assault Step; then Fall Back and Break Off positions are measured.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import path_length
from modgen.rules.fow import teams as T
from modgen.rules.fow.fallback import judge_fall_back
from modgen.rules.fow.notes import Fight, notes
from modgen.rules.fow.shooting import armour_result

#: p.57: improvised anti-tank weapons (hand grenades) against Top armour.
IMPROVISED_AT, IMPROVISED_FP = 2, 1


def in_contact(ctx: Any, uid: str, foe: str | None = None) -> bool:
    """p.53: touching an enemy team (``foe``, or any), or an Infantry Team touching an Infantry Team of its Unit
    that touches one."""
    near = [foe] if foe else T.enemies(ctx, uid, ("tank", "infantry", "gun"))
    if any((T.distance(ctx, uid, e) or 99.0) <= T.CONTACT_TOLERANCE for e in near):
        return True
    t = T.team(ctx, uid)
    if t.cls != "infantry":
        return False
    for b in T.group_members(ctx, t.group):
        if b != uid and T.team(ctx, b).cls == "infantry" and (T.distance(ctx, uid, b) or 99.0) <= T.CONTACT_TOLERANCE \
                and any((T.distance(ctx, b, e) or 99.0) <= T.CONTACT_TOLERANCE for e in near):
            return True
    return False


def assault_need(ctx: Any, t: T.Team) -> int | None:
    """p.57: the Assault rating (the Skill rating unless a special rule differs), +1 for a Small Infantry Team
    (a small base, not a Unit Leader or Formation Commander)."""
    own = T.need_value(t.rating("assault"))
    if own is None:
        row = (ctx.tables.get("skill") or {}).get(T.key(t.rating("skill"))) or {}
        own = T.need_value(row.get("assault")) or T.need_value(t.rating("skill"))
    if own is None:
        return None
    base = t.rec.get("base") or {}
    small = "small_team" in t.tags or (t.cls == "infantry" and str(base.get("shape", "")) == "small")
    return own + (1 if small and not (t.leader or t.commander) else 0)


def _kw(ctx: Any, uid: str, units: list[str], at: int | None = None) -> dict[str, Any]:
    where = ctx.state.table_pos.get(uid)
    kw: dict[str, Any] = {"units": [u for u in units if u], "position": list(where) if where else None}
    if at is not None:
        kw["event_index"] = at
    return kw


class Melee:
    """pp.55-59 for each assault of the Assault Step."""

    # ---- the assault's life ------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase != "assault":
            return
        kind = ev["type"]
        uid = ev.get("unit")
        if uid not in ctx.units:
            return
        tn = notes(ctx)
        if kind == "assault":
            self._declared(ctx, uid, tn)
        elif kind == "shoot" and (ctx.side_of(uid) != ctx.state.side or (tn.fight is not None and tn.fight.rounds
                                                                          and ctx.side_of(uid) != tn.fight.side)):
            self._defensive_fire(ctx, ev, uid, tn)
        elif kind == "assault_hit":
            self._hit(ctx, ev, uid, tn)
            if tn.fight is not None:
                tn.fight.fought = True
        elif kind == "motivation" and T.key(ev.get("test")) == "counterattack":
            if tn.fight is not None:
                tn.fight.fought = True
            self._test(ctx, uid, tn)
        elif kind == "counterattack":
            if tn.fight is not None:
                tn.fight.fought = True
            self._counterattack(ctx, uid, tn)
        elif kind == "break_off":
            if tn.fight is not None:
                tn.fight.fought = True
            self._break_off(ctx, uid, tn)
        elif kind == "move":
            self._move(ctx, ev, uid, tn)
        elif kind == "save" and uid in tn.melee_hits:
            self._save(ctx, ev, uid, tn)

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "assault":
            return
        tn = notes(ctx)
        if tn.fight is not None:
            self._settle(ctx, tn.fight, final=True)

    def _declared(self, ctx: Any, uid: str, tn: Any) -> None:
        g, side = T.team(ctx, uid).group, ctx.side_of(uid)
        f = tn.fight
        if f is not None and f.side == side and f.stage == "charge" and (g in f.groups or f.rounds > 0):
            if g not in f.groups:
                f.groups.append(g)
        else:
            if f is not None:
                self._settle(ctx, f, final=True)
            f = tn.fight = Fight(groups=[g], side=side, teams=[], index=ctx.index or 0)
        tn.fight_of[g] = f
        if uid not in f.teams:
            f.teams.append(uid)

    def _close_charge(self, ctx: Any, f: Fight) -> None:
        """Defensive Fire is over: the Defending Units are known, and five hits (eight against twelve Assaulting
        Teams) make the assaulting Unit Fall Back (p.56)."""
        if f.stage != "charge":
            return
        f.stage = "fight"
        for a in f.teams:
            f.contact.setdefault(a, in_contact(ctx, a))
        for a in self._assaulting(ctx, f):
            for e in T.enemies(ctx, a, ("tank", "infantry", "gun")):
                if (T.distance(ctx, a, e) or 99.0) <= T.team(ctx, a).m.rule("defensive_fire") + 1e-6:
                    f.defenders.add(T.team(ctx, e).group)
        if f.rounds:
            return  # p.58: no Defensive Fire against a Counterattack
        teams = [u for u in f.teams if u in ctx.units]
        need = 8 if len(teams) >= 12 else 5
        light = teams and all(T.team(ctx, u).armoured and int((T.team(ctx, u).armour or {}).get("top") or 0) in (1, 2)
                              for u in teams)
        if light:
            lost = [u for u in teams if T.destroyed(ctx, u) or T.marked(ctx, u, "bailed_out")]
            f.fell_back = len(lost) >= min(2, len(teams))
        else:
            f.fell_back = f.df_hits >= need
        if f.fell_back:
            for g in f.groups:
                T.pinned_units(ctx)[g] = f"{f.df_hits} Defensive Fire hits: it Fell Back (p.56)"
                f.fall_from.update({u: tuple(ctx.state.table_pos[u]) for u in T.group_members(ctx, g)})

    def _assaulting(self, ctx: Any, f: Fight) -> list[str]:
        """The Assaulting Teams alive: those declared or rolling this round, and its teams in Contact."""
        out = [u for u in f.teams if T.alive(ctx, u)]
        for g in f.groups:
            out += [u for u in T.group_members(ctx, g) if u not in out and in_contact(ctx, u)]
        return out

    def won(self, ctx: Any, f: Fight) -> bool:
        """p.57: every Defending Team the Assaulting Teams could Contact with a further 4"/10cm Move is Destroyed
        or Bailed Out (tanks never count against assaulting tanks; Units that Broke Off no longer defend)."""
        mine = self._assaulting(ctx, f)
        if not mine:
            return False
        for a in mine:
            ta = T.team(ctx, a)
            for e in T.enemies(ctx, a, ("tank", "infantry", "gun")):
                te = T.team(ctx, e)
                if te.group in f.breaking or T.marked(ctx, e, "bailed_out") or (ta.is_tank and te.is_tank):
                    continue
                if (T.distance(ctx, a, e) or 99.0) <= ta.m.rule("assault_over") + 1e-6:
                    return False
        return True

    # ---- Defensive Fire (pp.55-56) -------------------------------------------------------------------------------
    def _defensive_fire(self, ctx: Any, ev: dict[str, Any], uid: str, tn: Any) -> None:
        f = tn.fight
        t = T.team(ctx, uid)
        m = t.m
        kw = _kw(ctx, uid, [uid, ev.get("target")])
        name = ctx.name(uid)
        if f is None or f.stage == "over":
            ctx.error(ctx.rule("p.55"), f"{name} shoots in the Assault Step with no assault to answer; Defending "
                      "Teams shoot only in Defensive Fire, after an Assaulting Unit Charges into Contact", **kw)
            return
        if f.rounds:
            ctx.error(ctx.rule("p.58"), f"{name} shoots Defensive Fire against a Counterattack; there is no "
                      "Defensive Fire against a Counterattack", **kw)
            return
        if f.stage != "charge":
            ctx.error(ctx.rule("p.55"), f"{name} shoots Defensive Fire after the assault's hits were rolled; "
                      "Defensive Fire comes once, right after the Charge into Contact", **kw)
            return
        lim = m.rule("defensive_fire")
        contact = [a for a in self._assaulting(ctx, f) if in_contact(ctx, a)]
        near = min(((T.distance(ctx, uid, a) or 99.0, a) for a in contact), default=None)
        if near is None or near[0] > lim + 1e-6:
            far = f", {m.show(near[0])} from the nearest, {ctx.name(near[1])}" if near else ""
            ctx.error(ctx.rule("p.55"), f"{name} shoots Defensive Fire but is not within {m.show(lim)} of an "
                      f"Assaulting Team in Contact{far}; only those teams are Defending Teams", **kw)
        tgt = ev.get("target")
        if tgt in ctx.units:
            d = T.distance(ctx, uid, tgt)
            if tgt not in f.teams:
                ctx.error(ctx.rule("p.55"), f"{name} targets {ctx.name(tgt)} in Defensive Fire, which is not an "
                          "Assaulting Team; Defending Teams must target an Assaulting Team", **kw)
            elif d is not None and d > lim + 1e-6:
                ctx.error(ctx.rule("p.55"), f"{name} targets {ctx.name(tgt)} {m.show(d)} away in Defensive Fire; "
                          f"Defending Teams target an Assaulting Team within {m.show(lim)}", **kw)
            elif isinstance(ev.get("hits"), int):
                f.df_hits += ev["hits"]
        if t.is_tank:
            for a in contact:
                if T.team(ctx, a).cls == "infantry" and (T.distance(ctx, a, uid) or 99.0) <= T.CONTACT_TOLERANCE \
                        and not tn.moved(a) and T.team(ctx, a).group not in tn.orders and not tn.shots.get(a):
                    ctx.warning(ctx.rule("p.56"), f"{name} shoots Defensive Fire, but {ctx.name(a)} in Contact with "
                                "it did not move, take an order or shoot this turn: if it started its charge "
                                "Concealed by terrain, the tank cannot Defensive Fire (Sneaking up on Tanks)", **kw)
                    break

    # ---- the assault's hits and saves (p.57) -------------------------------------------------------------------
    def _hit(self, ctx: Any, ev: dict[str, Any], uid: str, tn: Any) -> None:
        f = tn.fight_of.get(T.team(ctx, uid).group) or tn.fight
        tgt = ev.get("target")
        kw = _kw(ctx, uid, [uid, tgt if tgt in ctx.units else None])
        name, t = ctx.name(uid), T.team(ctx, uid)
        if f is None or f.side != ctx.side_of(uid) or f.stage == "over":
            ctx.error(ctx.rule("p.57"), f"{name} rolls to hit in an assault its Unit is not making; only Assaulting "
                      "Teams roll to hit", **kw)
            return
        self._close_charge(ctx, f)
        if f.fell_back:
            ctx.error(ctx.rule("p.56"), f"{name} rolls to hit, but its Unit took {f.df_hits} Defensive Fire hits: "
                      "it is Pinned Down and Falls Back, and the assault is over", **kw)
            return
        if uid not in f.teams:
            f.teams.append(uid)
        if not in_contact(ctx, uid):
            ctx.error(ctx.rule("p.57"), f"{name} rolls to hit but is not in Contact with an enemy team; only Teams "
                      "in Contact roll", **kw)
        roll = ev.get("roll") if isinstance(ev.get("roll"), int) else (ev.get("dice") or [None])[0]
        need = assault_need(ctx, t)
        said = T.key(ev.get("result")) or ("hit" if tgt in ctx.units and roll is None else "")
        hit = roll >= need if isinstance(roll, int) and need is not None else said == "hit"
        if isinstance(roll, int) and need is not None and said in ("hit", "miss") and (said == "hit") != hit:
            ctx.error(ctx.rule("p.57"), f"{name} rolls {roll} to hit in the assault needing {need}+ (its Assault "
                      f"rating) and calls it a {said}", **kw)
        if not hit or tgt not in ctx.units:
            return
        target = T.team(ctx, tgt)
        if not in_contact(ctx, uid, tgt):
            d = T.distance(ctx, uid, tgt)
            ctx.error(ctx.rule("p.57"), f"{name}'s hit goes on {ctx.name(tgt)}"
                      + (f", {t.m.show(d)} away" if d is not None else "") + "; a hit goes on a team it is in "
                      "Contact with", **kw)
        if t.is_tank and target.is_tank:
            ctx.error(ctx.rule("p.57"), f"{name}'s hit goes on {ctx.name(tgt)}; a hit from a Tank cannot be assigned "
                      "to another Tank", **kw)
        tn.melee_hits.setdefault(tgt, []).append((uid, ev.get("weapon") or (None if not ev.get("improvised")
                                                                              else "improvised"), ctx.index or 0))
        g = target.group
        if not all(T.team(ctx, u).armoured for u in T.unit_teams(ctx, g)):
            T.pinned_units(ctx)[g] = f"hit in an Assault (event {ctx.index})"

    def _save(self, ctx: Any, ev: dict[str, Any], uid: str, tn: Any) -> None:
        by, weapon, _ = tn.melee_hits[uid][-1]
        if ev.get("by") in ctx.units:
            by = ev["by"]
        t = T.team(ctx, uid)
        kw = _kw(ctx, uid, [uid, by])
        result = T.key(ev.get("result"))
        if not t.armoured:
            if result != "destroyed":
                ctx.error(ctx.rule("p.57"), f"{ctx.name(uid)} rolls a save against {ctx.name(by)}'s assault hit"
                          + (f" ({result.replace('_', ' ')})" if result else "") + "; Infantry, Gun and Unarmoured "
                          "Tank Teams hit in an Assault get no save and are Destroyed", **kw)
            return
        armour = T.key(ev.get("armour")) or ("top" if weapon == "improvised" else "side")
        if armour == "front":
            ctx.error(ctx.rule("p.57"), f"{ctx.name(uid)} saves with its Front armour against {ctx.name(by)}'s "
                      "assault hit; it is hit on the Side armour (a normal weapon) or the Top armour (improvised "
                      "anti-tank weapons)", **kw)
            return
        rating = (t.armour or {}).get(armour)
        roll = ev.get("roll") if isinstance(ev.get("roll"), int) else (ev.get("dice") or [None])[0]
        fp_roll = ev.get("fp_roll") if isinstance(ev.get("fp_roll"), int) else \
            ((ev.get("dice") or [None, None]) + [None])[1]
        if armour == "top":
            ta = T.team(ctx, by)
            at = int(ta.rec.get("tank_assault") or IMPROVISED_AT)
            fp: int | None = IMPROVISED_FP
            what = f"Tank Assault {at}" if ta.rec.get("tank_assault") else "improvised anti-tank (AT 2, FP 1+)"
        else:
            w = T.team(ctx, by).weapon(weapon if weapon not in (None, "improvised") else None)
            if w is None or w.anti_tank is None:
                return
            at, fp, what = w.anti_tank, w.firepower, f"{w.name} (AT {w.anti_tank})"
        if not isinstance(roll, int) or rating is None:
            return
        total = roll + int(rating)
        expected = armour_result(total, at, fp, fp_roll)
        got = {"bounce": "bounced", "bailed": "bailed_out"}.get(result, result)
        if expected in (None, "bailed_or_destroyed") and got in ("bailed_out", "destroyed", ""):
            return
        if got and expected and got != expected:
            ctx.error(ctx.rule("p.57"), f"{ctx.name(uid)}'s save of {total} ({roll} + {armour} armour {rating}) "
                      f"against {ctx.name(by)}'s {what}" + (f" and Firepower roll {fp_roll}" if fp_roll else "")
                      + f" gives {expected.replace('_', ' ')}, not {got.replace('_', ' ')}", **kw)

    # ---- the outcome (pp.57-59) --------------------------------------------------------------------------------
    def _test(self, ctx: Any, uid: str, tn: Any) -> None:
        f = tn.fight
        kw = _kw(ctx, uid, [uid])
        g = T.team(ctx, uid).group
        if f is None or ctx.side_of(uid) == f.side:
            ctx.error(ctx.rule("p.57"), f"{ctx.name(uid)}'s Unit tests to Counterattack but is not defending against "
                      "an assault; the opponent of the Assaulting Unit tests", **kw)
            return
        self._close_charge(ctx, f)
        if f.fell_back:
            ctx.error(ctx.rule("p.56"), f"{ctx.name(uid)}'s Unit tests to Counterattack, but the assault is over: "
                      "the Assaulting Unit Fell Back from Defensive Fire", **kw)
        elif self.won(ctx, f):
            ctx.error(ctx.rule("p.57"), f"{ctx.name(uid)}'s Unit tests to Counterattack, but the Assaulting Unit has "
                      "won: no Defending Team it could reach with a further "
                      f"{T.team(ctx, uid).m.show(T.team(ctx, uid).m.rule('assault_over'))} is left in the fight, so "
                      "the Defending Units Break Off", **kw)
        f.defenders.add(g)

    def _counterattack(self, ctx: Any, uid: str, tn: Any) -> None:
        f = tn.fight
        t = T.team(ctx, uid)
        g = t.group
        kw = _kw(ctx, uid, [uid])
        name = ctx.name(uid)
        if f is None or ctx.side_of(uid) == f.side and not (f.rounds and g in f.groups):
            ctx.error(ctx.rule("p.58"), f"{name}'s Unit Counterattacks but is not defending against an assault",
                      **kw)
            return
        if ctx.side_of(uid) == f.side:
            return  # another Unit of the same Counterattack
        test = ctx.state.per_phase.get("fow_tests", {}).get(("counterattack", g))
        if test is None:
            ctx.error(ctx.rule("p.57"), f"{name}'s Unit Counterattacks without a Counterattack test", **kw)
        elif test[0] is False:
            ctx.error(ctx.rule("p.57"), f"{name}'s Unit failed its Counterattack test (event {test[1]}) and must "
                      "Break Off", **kw)
        members = T.group_members(ctx, g)
        if members and all(T.team(ctx, u).type == "transport" or "transport" in T.team(ctx, u).tags
                           or (T.team(ctx, u).is_tank and not T.team(ctx, u).armoured) for u in members):
            ctx.error(ctx.rule("p.59"), f"{name}'s Unit Counterattacks; Unarmoured Tank Teams and Transport Teams "
                      "must Break Off", **kw)
        old = list(f.groups)
        self._settle(ctx, f, final=False)
        f.rounds += 1
        f.groups, f.side, f.teams, f.stage = [g], ctx.side_of(uid), [], "charge"
        f.defenders, f.moved = set(old), {}
        tn.fight_of[g] = f

    def _break_off(self, ctx: Any, uid: str, tn: Any) -> None:
        f = tn.fight
        g = T.team(ctx, uid).group
        if f is None or ctx.side_of(uid) == f.side:
            ctx.error(ctx.rule("p.59"), f"{ctx.name(uid)}'s Unit Breaks Off but is not defending against an "
                      "assault", **_kw(ctx, uid, [uid]))
            return
        self._close_charge(ctx, f)
        f.breaking.setdefault(g, ctx.index or 0)
        T.pinned_units(ctx)[g] = f"it Broke Off from an assault (event {ctx.index})"

    def _move(self, ctx: Any, ev: dict[str, Any], uid: str, tn: Any) -> None:
        f = tn.fight
        if f is None:
            return
        src = ev.get("from_pos") or ctx.state.table_pos.get(uid)
        dst = ev.get("to_pos", ev.get("pos"))
        if src is None or dst is None:
            return
        length = path_length([list(src), *[list(p) for p in ev.get("via") or []], list(dst)])
        t = T.team(ctx, uid)
        m, g, name = t.m, t.group, ctx.name(uid)
        kw = {"units": [uid], "position": [float(dst[0]), float(dst[1])]}
        if g in f.breaking or (f.stage != "charge" and g in f.defenders and self._must_break(ctx, f, g)):
            f.breaking.setdefault(g, ctx.index or 0)
            f.moved[uid] = f.moved.get(uid, 0.0) + length
            speeds = t.speeds(ctx.tables) or {}
            tac = speeds.get("tactical")
            if tac is not None and f.moved[uid] > tac + 1e-6:
                ctx.error(ctx.rule("p.59"), f"{name} Breaks Off {m.show(f.moved[uid])}; teams Break Off at Tactical "
                          f"speed ({m.show(tac)})", **kw)
            return
        if g not in f.groups:
            return
        if f.stage == "charge" and f.df_hits and not f.rounds:
            self._close_charge(ctx, f)  # Defensive Fire has hit: this is the Fall Back (p.56), not the charge
        if f.stage == "charge" and f.rounds:
            f.moved[uid] = f.moved.get(uid, 0.0) + length
            lim = m.rule("cavalry_charge" if t.type == "cavalry" else "charge")
            if f.moved[uid] > lim + 1e-6:
                ctx.error(ctx.rule("p.58"), f"{name} charges {m.show(f.moved[uid])} in a Counterattack; "
                          f"Counterattacking Teams Charge into Contact up to {m.show(lim)}", **kw)
        elif f.stage != "charge" and not f.fell_back and (f.won or self.won(ctx, f) or self._all_broke(ctx, f)):
            self._settle(ctx, f, final=False)
            f.won, f.stage = True, "over"
            f.moved[uid] = f.moved.get(uid, 0.0) + length
            self._consolidate(ctx, uid, t, f.moved[uid], dst, kw)

    def _must_break(self, ctx: Any, f: Fight, g: str) -> bool:
        test = ctx.state.per_phase.get("fow_tests", {}).get(("counterattack", g))
        return (test is not None and test[0] is False) or self.won(ctx, f)

    def _all_broke(self, ctx: Any, f: Fight) -> bool:
        return bool(f.defenders) and all(g in f.breaking for g in f.defenders)

    def _consolidate(self, ctx: Any, uid: str, t: T.Team, moved: float, dst: list[float],
                     kw: dict[str, Any]) -> None:
        m = t.m
        if moved > m.rule("consolidate") + 1e-6:
            ctx.error(ctx.rule("p.59"), f"{ctx.name(uid)} Consolidates {m.show(moved)}; the victorious Unit may "
                      f"move up to {m.show(m.rule('consolidate'))}", **kw)
        lim = m.rule("proximity")
        for e in T.enemies(ctx, uid, ("tank", "infantry", "gun", "aircraft")):
            d = T.distance(ctx, uid, e, pa=T.Pose(dst[0], dst[1], ctx.state.facing.get(uid, 0.0)))
            if d is not None and d < lim - 1e-6:
                ctx.error(ctx.rule("p.59"), f"{ctx.name(uid)} Consolidates to ({dst[0]:.1f}, {dst[1]:.1f}), "
                          f"{m.show(d)} from {ctx.name(e)}; Consolidation may not bring a team within {m.show(lim)} "
                          "of an enemy Team", **(kw | {"units": [uid, e]}))
                return

    def _settle(self, ctx: Any, f: Fight, final: bool) -> None:
        """Measure where Falling Back and Breaking Off teams ended (pp.56, 59)."""
        self._close_charge(ctx, f)
        if f.fell_back and final:
            judge_fall_back(ctx, f)
        if not f.fought:
            if final:
                f.stage = "over"
            return
        if not f.fell_back and (f.won or self.won(ctx, f)):
            for g in f.defenders:
                f.breaking.setdefault(g, f.index)
        for g in list(f.defenders):
            if self._must_break(ctx, f, g):
                f.breaking.setdefault(g, f.index)
        mine = self._assaulting(ctx, f)
        for g, at in f.breaking.items():
            if g in f.settled:
                continue
            f.settled.add(g)
            for u in T.group_members(ctx, g):
                m = T.team(ctx, u).m
                lim = m.rule("break_off")
                near = min(((T.distance(ctx, u, a) or 99.0, a) for a in mine), default=None)
                if near is not None and near[0] <= lim + 1e-6:
                    ctx.error(ctx.rule("p.59"), f"{ctx.name(u)} ends its Break Off {m.show(near[0])} from "
                              f"{ctx.name(near[1])}; a team that cannot get further than {m.show(lim)} from all "
                              "Assaulting Teams surrenders and is Destroyed", **_kw(ctx, u, [u, near[1]], at))
        if final:
            f.stage = "over"

