"""Flames of War Artillery Bombardments (pp.45-49): who may bombard, the Spotting Team, Check Range, the Aiming
Point and Danger Close, Ranging In (three attempts, the worse Skill, +1 near terrain, at night or through smoke,
remaining attempts for another Artillery Unit), the 6"/15cm Template with its sides pointing back to the
bombarding Unit, the roll to hit each team under it (its Is Hit On, +1/+2 for the second/third attempt, re-roll
hits with one or two weapons, misses with five or more), automatic Pinning, saves (Top armour, the adjusted
Anti-tank and Firepower of p.49, re-rolled Infantry and Gun saves against a Repeat Bombardment) and Repeat
Bombardments on the Ranged In marker, which a move of the Artillery Unit removes.

Events: ``range_in`` (``unit`` the Spotting Team, ``target`` a team of the Artillery Unit, ``aim`` [x, y], the die
in ``roll`` or the next ``roll`` event, ``mods`` terrain/night/smoke, ``repeat``, ``unseen``) and ``bombard``
(``unit`` a team of the Artillery Unit, ``target`` a team under the Template, the dice (first roll, then the
re-roll), ``hits``, optional ``teams`` firing and ``need``); saves are ``save`` events ``by`` an artillery team.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from modgen.geometry.table import Footprint, Pose, corners, polygon_distance
from modgen.rules.fow import teams as T
from modgen.rules.fow.night import is_night
from modgen.rules.fow.notes import notes, order_of
from modgen.rules.fow.rockets import template_size
from modgen.rules.fow.shooting import Dice, SaveDice, armour_result

#: A team whose base is this close outside the Template is a judgement call (placing by hand), a warning.
TEMPLATE_TOLERANCE = 0.1
#: p.49 Bombardment Anti-tank and Firepower: the Arsenal value -> the adjusted value (used when the game's
#: ``rules.tables.bombardment_ratings`` does not give its own).
ADJUSTED_AT = {6: 3, 5: 3, 4: 3, 3: 2, 2: 1, 1: 0}
ADJUSTED_FP = {1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4}


@dataclass
class Ranging:
    """One Artillery Unit's Ranging In this turn."""

    spotter: str
    aim: tuple[float, float]
    attempt: int | None = None  # the attempt it Ranged In on (None: not yet)
    failed: bool = False  # all three attempts missed (p.47)
    repeat: bool = False
    unseen: bool = False  # a Repeat Bombardment's spotter cannot see the Aiming Point (p.49)
    index: int = 0
    firing: list[str] = field(default_factory=list)  # the teams firing (set at its first bombard)
    hits: dict[str, int] = field(default_factory=dict)  # team -> hits from this Bombardment


@dataclass
class ArtilleryNotes:
    """Per player turn: each spotter's attempts, each Artillery Unit's Ranging In, teams that may not shoot."""

    attempts: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)  # spotter -> [(unit, success)]
    ranging: dict[str, Ranging] = field(default_factory=dict)  # artillery unit -> its Ranging In
    busy: dict[str, str] = field(default_factory=dict)  # team -> why it may not Shoot or Assault this turn


def art_notes(ctx: Any) -> ArtilleryNotes:
    return ctx.state.per_player_turn.setdefault("fow_artillery", ArtilleryNotes())


def ranged_in_markers(ctx: Any) -> dict[str, tuple[float, float]]:
    """Artillery Unit -> its Ranged In marker on the table, for the whole game (p.49)."""
    return ctx.state.notes.setdefault("fow_ranged_in", {})


def artillery_weapon(t: T.Team) -> T.Weapon | None:
    """The team's Artillery weapon line (p.45: ROF '-' or 'Firing Bombardments'): ``kind: artillery`` or a note
    Artillery / Firing Bombardments."""
    return next((w for w in t.weapons() if w.kind == "artillery" or w.has("artillery")
                 or w.has("firing_bombardments")), None)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Degrees from ``a`` towards ``b`` in the table's convention (0 = up the table, y down)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360


def template(ctx: Any, aim: tuple[float, float], teams: list[str]) -> list[tuple[float, float]]:
    """p.46: the 6"/15cm square Template centred on the Aiming Point, its sides pointing to the bombarding Unit
    (towards the centre of its firing teams)."""
    width, depth, _ = template_size(T.measure(ctx), [artillery_weapon(T.team(ctx, u)) for u in teams])  # p.50
    pts = [ctx.state.table_pos[u] for u in teams if u in ctx.state.table_pos]
    facing = 0.0
    if pts:
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        if math.hypot(cx - aim[0], cy - aim[1]) > 1e-9:
            facing = bearing(aim, (cx, cy))
    return corners(Pose(aim[0], aim[1], facing), Footprint(width, depth))


def _need(value: Any) -> int | None:
    return T.need_value(value)


class Bombardment(Dice):
    """pp.45-49 for each ``range_in`` and ``bombard`` event; pp.45, 47 for the shots and assaults they forbid;
    p.49 for moves that remove a Ranged In marker."""

    kinds = ("range_in", "bombard")

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        if ev["type"] == "range_in":
            return not isinstance(ev.get("roll"), int) and not ev.get("repeat")
        return True

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is not None and ev.get("unit") in ctx.units:
            if ev["type"] == "move":
                g = T.team(ctx, ev["unit"]).group
                ranged_in_markers(ctx).pop(g, None)  # p.49 Moving Removes Ranged In Marker
            elif ev["type"] in ("shoot", "assault") and ev["unit"] in art_notes(ctx).busy:
                self.flush(ctx)
                what = "shoots" if ev["type"] == "shoot" else "assaults"
                ctx.error(ctx.rule("p.45" if "failed" not in art_notes(ctx).busy[ev["unit"]] else "p.47"),
                          f"{ctx.name(ev['unit'])} {what} after it {art_notes(ctx).busy[ev['unit']]} this turn; "
                          f"it cannot {'Shoot' if what == 'shoots' else 'Assault'} this turn",
                          units=[ev["unit"]] + ([ev["target"]] if ev.get("target") in ctx.units else []))
        super().before(ctx, ev)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid, tgt = ev.get("unit"), ev.get("target")
        if uid not in ctx.units or tgt not in ctx.units:
            return
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid, tgt]}
        if ctx.state.phase != "shooting":
            ctx.error(ctx.rule("p.45"), f"{ctx.name(uid)} {'spots' if ev['type'] == 'range_in' else 'bombards'} "
                      f"in the {ctx.state.phase or 'set-up'} step; Bombardments are fired in the Shooting Step",
                      **kw)
        if ev["type"] == "range_in":
            self._range_in(ctx, ev, dice, kw)
        else:
            self._bombard(ctx, ev, dice, kw)

    # ---- 1-5: Spotting Team, range, Aiming Point, Ranging In ----------------------------------------------
    def _range_in(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, kw: dict[str, Any]) -> None:
        spotter, battery = ev["unit"], ev["target"]
        s, b = T.team(ctx, spotter), T.team(ctx, battery)
        an, tn = art_notes(ctx), notes(ctx)
        aim_raw = ev.get("aim")
        if not (isinstance(aim_raw, list) and len(aim_raw) == 2):
            aim_raw = ranged_in_markers(ctx).get(b.group) if ev.get("repeat") else None
        if aim_raw is None and ev.get("repeat"):
            ctx.error(ctx.rule("p.49"), f"{ctx.name(battery)}'s Unit repeats a Bombardment but has no Ranged In "
                      "marker on the table (none placed, or its Unit moved since)", **kw)
            return
        if aim_raw is None:
            ctx.could_not_check(ctx.rule("p.46"), "a range_in event gives no Aiming Point (aim)")
            return
        aim = (float(aim_raw[0]), float(aim_raw[1]))
        kw["position"] = list(aim)
        if artillery_weapon(b) is None:
            ctx.error(ctx.rule("p.45"), f"{ctx.name(battery)} has no Artillery weapon (ROF '-' or a Firing "
                      "Bombardments line); only Artillery Units fire Bombardments", **kw)
            return
        # p.45 Pick Spotting Team: a firing team, a Formation HQ Team or an Observer; not moved, not dug in.
        if not ((s.group == b.group and artillery_weapon(s) is not None) or s.commander or "observer" in s.tags
                or s.type == "observer" or (s.rec.get("group") or {}).get("role") == "hq"):
            ctx.error(ctx.rule("p.45"), f"{ctx.name(spotter)} spots for {ctx.name(battery)}'s Unit; a Spotting Team "
                      "is one of the firing teams, a Formation HQ Team or an Observer", **kw)
        if tn.moved(spotter):
            ctx.error(ctx.rule("p.45"), f"{ctx.name(spotter)} moved this turn and cannot be a Spotting Team", **kw)
        if order_of(ctx, s.group) == "dig_in":
            ctx.error(ctx.rule("p.45"), f"{ctx.name(spotter)}'s Unit attempted to Dig In this turn; it cannot be a "
                      "Spotting Team", **kw)
        if T.marked(ctx, spotter, "bailed_out"):
            ctx.error(ctx.rule("p.38"), f"{ctx.name(spotter)} is Bailed Out and cannot spot", **kw)
        if any(x.mode != "defensive" for x in tn.shots.get(spotter, [])):
            ctx.error(ctx.rule("p.45"), f"{ctx.name(spotter)} shot this turn; a Spotting Team cannot Shoot", **kw)
        mine = an.attempts.setdefault(spotter, [])
        prev = an.ranging.get(b.group)
        if len(mine) >= 3:
            ctx.error(ctx.rule("p.47"), f"{ctx.name(spotter)} makes a fourth attempt to Range In this turn; a "
                      "Spotting Team makes at most three", **kw)
            return
        if prev is not None and (prev.attempt is not None or prev.failed):
            done = "already Ranged In" if prev.attempt is not None else "failed all three attempts"
            ctx.error(ctx.rule("p.47"), f"{ctx.name(spotter)} tries to Range In {ctx.name(battery)}'s Unit, which "
                      f"{done} this turn; remaining attempts Range In another Artillery Unit", **kw)
            return
        if prev is not None and prev.spotter != spotter:
            ctx.error(ctx.rule("p.47"), f"{ctx.name(spotter)} tries to Range In {ctx.name(battery)}'s Unit, which "
                      f"{ctx.name(prev.spotter)} is Ranging In this turn", **kw)
        if prev is not None and math.dist(prev.aim, aim) > 1e-6:
            ctx.error(ctx.rule("p.46"), f"{ctx.name(spotter)} moves the Aiming Point of {ctx.name(battery)}'s Unit "
                      "between attempts; the Ranged In marker stays where it was placed", **kw)
        firing = self._eligible(ctx, b.group, kw, report=False)
        if not ev.get("smoke_bombardment") and b.cls != "aircraft":  # p.51 Smoke; p.46 Aircraft: .airweapons
            self._danger_close(ctx, aim, firing or T.group_members(ctx, b.group), kw)
        self._in_range(ctx, aim, b.group, firing, kw)
        rng = prev or Ranging(spotter, aim, index=kw["event_index"])
        an.ranging[b.group] = rng
        if ev.get("repeat"):
            self._repeat(ctx, ev, rng, b, aim, mine, kw)
            return
        need, why = self._ranging_need(ctx, s, b, aim, ev)
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        if roll is None:
            mine.append((b.group, False))
            return
        success = roll >= need if need <= 6 else roll == 6  # p.4: 7+ is a 6 then a further roll
        said = T.key(ev.get("result"))
        if said in ("ranged_in", "success", "passed") and not success:
            ctx.error(ctx.rule("p.47"), f"{ctx.name(spotter)} claims to Range In {ctx.name(battery)}'s Unit with "
                      f"a {roll}; it needs {need}+ ({why})", **kw)
        elif said in ("missed", "failed"):
            success = False
        mine.append((b.group, success))
        tries = sum(1 for g, _ in mine if g == b.group)
        if success or said in ("ranged_in", "success", "passed"):
            rng.attempt = tries
            ranged_in_markers(ctx)[b.group] = aim
        elif len(mine) >= 3:
            rng.failed = True
            ranged_in_markers(ctx).pop(b.group, None)  # p.47: remove the Ranged In marker
            for u in T.group_members(ctx, b.group):
                if artillery_weapon(T.team(ctx, u)) is not None:
                    an.busy[u] = "failed all three attempts to Range In"
        an.busy.setdefault(spotter, "spotted for a Bombardment")

    def _repeat(self, ctx: Any, ev: dict[str, Any], rng: Ranging, b: T.Team, aim: tuple[float, float],
                mine: list[tuple[str, bool]], kw: dict[str, Any]) -> None:
        """p.49 Repeating Bombardments: on the current Ranged In marker, automatically on the first attempt."""
        marker = ranged_in_markers(ctx).get(b.group)
        if marker is None:
            ctx.error(ctx.rule("p.49"), f"{ctx.name(ev['target'])}'s Unit repeats a Bombardment but has no Ranged "
                      "In marker on the table (none placed, or its Unit moved since)", **kw)
        elif math.dist(marker, aim) > 0.05:
            ctx.error(ctx.rule("p.49"), f"{ctx.name(ev['target'])}'s Unit repeats a Bombardment at ({aim[0]:.1f}, "
                      f"{aim[1]:.1f}); its Ranged In marker is at ({marker[0]:.1f}, {marker[1]:.1f})", **kw)
        if mine:
            ctx.error(ctx.rule("p.49"), f"{ctx.name(ev['unit'])} has made Ranging attempts this turn; a Repeated "
                      "Bombardment Ranges In on the first attempt", **kw)
        mine.append((b.group, True))
        rng.attempt, rng.repeat, rng.unseen = 1, True, bool(ev.get("unseen"))
        art_notes(ctx).busy.setdefault(ev["unit"], "spotted for a Bombardment")

    def _ranging_need(self, ctx: Any, s: T.Team, b: T.Team, aim: tuple[float, float],
                      ev: dict[str, Any]) -> tuple[int, str]:
        """p.47: the worse of the two Skill (or Ranging) ratings, +1 near terrain, +1 at night, +1 through smoke."""
        def rate(t: T.Team) -> int:
            own = _need(t.rating("ranging"))
            if own is not None:
                return own
            row = (ctx.tables.get("skill") or {}).get(T.key(t.rating("skill"))) or {}
            return _need(row.get("ranging") or row.get("tactics")) or 4
        need = max(rate(s), rate(b))
        why = [f"Skill {need}+ (the worse of spotter and battery)"]
        mods = {T.key(m) for m in ev.get("mods") or []}
        tpl = template(ctx, aim, self._eligible(ctx, b.group, {}, report=False) or T.group_members(ctx, b.group))
        chart = ctx.tables.get("terrain") or {}
        covered = [a.get("name") or a.get("type", "") for a in ctx.table.terrain_areas
                   if chart.get(a.get("type", ""), {}).get("height") in ("short", "tall", "short_or_tall")
                   and polygon_distance(tpl, a["polygon"]) <= 0]
        if ev.get("smoke_bombardment"):
            covered = []  # p.51: no modifier for Ranging In near Terrain for a Smoke Bombardment
        if covered or ("terrain" in mods and not ev.get("smoke_bombardment")):
            need += 1
            why.append("+1 Template over " + (", ".join(covered) if covered else "Short or Tall terrain"))
        for name in ("night", "smoke"):
            if name in mods or (name == "night" and is_night(ctx)):  # p.47, p.90 Ranging In at Night
                need += 1
                why.append(f"+1 {name}")
        return need, ", ".join(why)

    def _eligible(self, ctx: Any, group: str, kw: dict[str, Any], report: bool = True,
                  declared: list[str] | None = None) -> list[str]:
        """p.45 Who Can Bombard: the Unit's Artillery teams that did not Move, fail a Blitz, Dig In, are not
        Pinned Down or Bailed Out, and did not Shoot."""
        tn, out = notes(ctx), []
        order = order_of(ctx, group)
        for u in T.group_members(ctx, group):
            t = T.team(ctx, u)
            if artillery_weapon(t) is None:
                continue
            blitz = t.m.rule("blitz") if order == "blitz" and tn.order_passed.get(group) else 0.0
            why = ("moved this turn" if tn.moved(u, blitz) else
                   "its Unit failed a Blitz Move order" if order == "blitz" and tn.order_passed.get(group) is False
                   else "its Unit attempted to Dig In" if order == "dig_in"
                   else "its Unit is Pinned Down" if T.pinned(ctx, u)
                   else "it is Bailed Out" if T.marked(ctx, u, "bailed_out")
                   else "it shot this turn" if any(s.mode != "defensive" for s in tn.shots.get(u, []))
                   else None)
            if why is None:
                out.append(u)
            elif report and (declared is None or u in declared):
                ctx.error(ctx.rule("p.38" if "Bailed" in why else "p.45"), f"{ctx.name(u)} fires in a Bombardment "
                          f"but {why}; it cannot fire a Bombardment", **(kw | {"units": [u]}))
        return out

    def _in_range(self, ctx: Any, aim: tuple[float, float], group: str, firing: list[str],
                  kw: dict[str, Any]) -> list[str]:
        """p.45 Check Range: weapons fire only at an Aiming Point within their range; out-of-range teams do not."""
        ok, far = [], []
        for u in firing:
            t, p = T.team(ctx, u), T.pose(ctx, u)
            w = artillery_weapon(t)
            if p is None or w is None or w.range is None:
                ok.append(u)
                continue
            d = polygon_distance(corners(p, t.base), [aim, aim, aim])
            if d <= w.range + 1e-6:
                ok.append(u)
            else:
                far.append(f"{ctx.name(u)} {t.m.show(d)} away (its {w.name} reaches {t.m.show(w.range)})")
        if firing and not ok:
            ctx.error(ctx.rule("p.45"), f"The Aiming Point ({aim[0]:.1f}, {aim[1]:.1f}) is out of range of every "
                      f"Artillery team of the Unit: {'; '.join(far)}", **kw)
        return ok

    def _danger_close(self, ctx: Any, aim: tuple[float, float], teams: list[str], kw: dict[str, Any]) -> None:
        """p.46 Danger Close: no Template within 4"/10cm of friendly Teams."""
        if not teams:
            return
        side, m = ctx.side_of(teams[0]), T.measure(ctx)
        tpl, limit = template(ctx, aim, teams), m.rule("danger_close")
        for u in T.friends(ctx, side):
            d = polygon_distance(tpl, T.footprint(ctx, u))
            if d < limit - 1e-6:
                ctx.error(ctx.rule("p.46"), f"The Template at ({aim[0]:.1f}, {aim[1]:.1f}) is {m.show(d)} from "
                          f"friendly {ctx.name(u)}; it may not be placed within {m.show(limit)} of friendly Teams "
                          "(Danger Close)", **(kw | {"units": kw["units"] + [u]}))
                return

    # ---- 6-8: roll to hit, pin ---------------------------------------------------------------------------------
    def _bombard(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, kw: dict[str, Any]) -> None:
        uid, tgt = ev["unit"], ev["target"]
        b, target = T.team(ctx, uid), T.team(ctx, tgt)
        an = art_notes(ctx)
        rng = an.ranging.get(b.group)
        if rng is None or rng.attempt is None:
            why = "failed all three attempts to Range In" if rng is not None and rng.failed else "has not Ranged In"
            ctx.error(ctx.rule("p.47"), f"{ctx.name(uid)}'s Unit bombards {ctx.name(tgt)} but {why} this turn",
                      **kw)
            return
        kw["position"] = list(rng.aim)
        if not rng.firing:
            declared = [u for u in ev.get("teams") or [] if u in ctx.units] or None
            ok = self._eligible(ctx, b.group, kw, declared=declared)
            if declared:
                ok = [u for u in declared if u in ok]
            rng.firing = self._in_range(ctx, rng.aim, b.group, ok, kw)
            if declared:
                for u in declared:
                    if u in ok and u not in rng.firing:
                        ctx.error(ctx.rule("p.45"), f"{ctx.name(u)} fires in the Bombardment but the Aiming Point "
                                  "is out of its range", **(kw | {"units": [u]}))
            if not rng.firing:
                if ok or declared or any(artillery_weapon(T.team(ctx, u)) is not None
                                         for u in T.group_members(ctx, b.group)):
                    return  # the teams that could not fire were named above
                ctx.error(ctx.rule("p.45"), f"{ctx.name(uid)}'s Unit has no Artillery team able to fire a "
                          "Bombardment this turn", **kw)
                return
            for u in rng.firing:
                an.busy.setdefault(u, "fired a Bombardment")
        tpl = template(ctx, rng.aim, rng.firing)
        d = polygon_distance(tpl, T.footprint(ctx, tgt))
        if d > 0:
            msg = (f"{ctx.name(tgt)} is {T.measure(ctx).show(d)} outside the Template at ({rng.aim[0]:.1f}, "
                   f"{rng.aim[1]:.1f}); only teams at least partly under it are rolled for")
            (ctx.warning if d <= TEMPLATE_TOLERANCE else ctx.error)(ctx.rule("p.48"), msg, **kw)
            if d > TEMPLATE_TOLERANCE:
                return
        if target.cls not in ("tank", "infantry", "gun"):
            return
        base = target.is_hit_on(ctx.tables)
        if base is None:
            ctx.could_not_check(ctx.rule("p.48"), f"{ctx.name(tgt)} has no Is Hit On or Skill rating")
            return
        penalty = 1 if rng.repeat and rng.unseen else {1: 0, 2: 1, 3: 2}.get(rng.attempt, 2)
        mods = {T.key(m) for m in ev.get("mods") or []}
        need = base + penalty + (1 if "smoke" in mods else 0)
        why = f"Is Hit On {base}+" + (f", +{penalty} Ranged In on attempt {rng.attempt}" if penalty and
                                      not rng.repeat else ", +1 the spotter cannot see the Aiming Point"
                                      if penalty else "") + (", +1 smoke" if "smoke" in mods else "")
        declared_need = T.need_value(ev.get("need"))
        if declared_need is not None and declared_need < need:
            ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment rolls to hit {ctx.name(tgt)} needing "
                      f"{declared_need}+; it needs {need}+ ({why})", **kw)
        weapons = len(rng.firing)
        planes = all(T.team(ctx, u).cls == "aircraft" for u in rng.firing)  # p.44: Bombs and Rockets no penalty
        reroll = "hits" if weapons <= 2 and not planes else ("misses" if weapons >= 5 else None)
        self._hits(ctx, ev, dice, need, why, weapons, reroll, kw)

    def _hits(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, need: int, why: str, weapons: int,
              reroll: str | None, kw: dict[str, Any]) -> None:
        uid, tgt = ev["unit"], ev["target"]
        rng = art_notes(ctx).ranging[T.team(ctx, uid).group]
        hits = ev.get("hits")
        if dice:
            if len(dice) > 2:
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment rolls {len(dice)} dice for "
                          f"{ctx.name(tgt)}; it rolls one die per team under the Template (and one re-roll)", **kw)
            first = dice[0] >= need if need <= 6 else False
            if len(dice) == 1 and reroll == "hits" and first:
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment hits {ctx.name(tgt)} with a {dice[0]} "
                          f"but has only {weapons} weapon(s) firing: the successful roll must be re-rolled", **kw)
            if len(dice) == 1 and reroll == "misses" and not first:
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment misses {ctx.name(tgt)} with a "
                          f"{dice[0]} but has {weapons} weapons firing: the failed roll must be re-rolled", **kw)
            if len(dice) == 2 and (reroll is None or (reroll == "hits") != first):
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment re-rolls a {'hit' if first else 'miss'}"
                          f" on {ctx.name(tgt)} with {weapons} weapon(s) firing; only "
                          + ("successful rolls (one or two weapons)" if reroll == "hits" else
                             "failed rolls (five or more weapons)" if reroll == "misses" else "no rolls (3 or 4)")
                          + " are re-rolled", **kw)
            final = first if len(dice) == 1 else (dice[1] >= need if need <= 6 else False)
            if isinstance(hits, int) and hits > int(final):
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s Bombardment claims {hits} hit(s) on "
                          f"{ctx.name(tgt)} with dice {dice} needing {need}+ ({why}); it hits {int(final)}", **kw)
            owed = len(dice) == 1 and ((reroll == "hits" and first) or (reroll == "misses" and not first))
            if not isinstance(hits, int) and not owed:
                hits = int(final)
        if isinstance(hits, int) and hits > 0:
            rng.hits[tgt] = rng.hits.get(tgt, 0) + hits
            t = T.team(ctx, tgt)
            if not t.armoured:  # p.49 Pin Down Target: Infantry, Gun and Unarmoured Tank Units
                T.pinned_units(ctx).setdefault(t.group, f"hit by an Artillery Bombardment (event {kw['event_index']})")


def bombardment_of(ctx: Any, uid: str, by: str | None) -> Ranging | None:
    """The Bombardment this turn that hit ``uid`` (fired by ``by``'s Unit when given)."""
    for g, rng in art_notes(ctx).ranging.items():
        if uid in rng.hits and (by is None or (by in ctx.units and T.team(ctx, by).group == g)):
            return rng
    return None


def bombardment_ratings(ctx: Any, rng: Ranging) -> tuple[int | None, int | None]:
    """p.49: the firing weapons' adjusted Anti-tank and Firepower; for mixed weapons the lowest AT and worst FP."""
    table = ctx.tables.get("bombardment_ratings") or {}
    at_map = {int(k): v for k, v in (table.get("anti_tank") or {}).items() if str(k).isdigit()} or ADJUSTED_AT
    fp_map = {T.need_value(k): T.need_value(v) for k, v in (table.get("firepower") or {}).items()} or ADJUSTED_FP
    ats, fps = [], []
    for u in rng.firing:
        w = artillery_weapon(T.team(ctx, u))
        if w is None:
            continue
        if w.anti_tank is not None:
            ats.append(w.anti_tank if w.has("adjusted") else at_map.get(w.anti_tank, w.anti_tank))
        if w.firepower is not None:
            fps.append(w.firepower if w.has("adjusted") else fp_map.get(w.firepower, w.firepower))
    return (min(ats) if ats else None), (max(fps) if fps else None)


class BombardmentSaves(SaveDice):
    """p.48 Roll Saves against a Bombardment: Armoured Tanks use Top armour against the adjusted Anti-tank and
    Firepower (p.49); Infantry and Gun Teams re-roll successful saves against a Repeat Bombardment (p.49)."""

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid = ev.get("unit")
        if uid not in ctx.units:
            return
        rng = bombardment_of(ctx, uid, ev.get("by"))
        if rng is None:
            return
        t = T.team(ctx, uid)
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid] + ([ev["by"]] if ev.get("by") else [])}
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        result = T.key(ev.get("result")) or None
        at_, fp = bombardment_ratings(ctx, rng)
        if t.armoured:
            declared = T.key(ev.get("armour")) or "top"
            if declared != "top":
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)} saves with its {declared.capitalize()} armour against "
                          "an Artillery Bombardment; Armoured Tank Teams use their Top armour", **kw)
            top = (t.armour or {}).get("top")
            if roll is None or top is None or at_ is None or result is None:
                return
            fp_roll = ev["fp_roll"] if isinstance(ev.get("fp_roll"), int) else \
                (dice[1] if dice and len(dice) > 1 else None)
            expected = armour_result(roll + int(top), at_, fp, fp_roll)
            result = {"bailed": "bailed_out", "bounce": "bounced"}.get(result, result)
            if expected not in (None, result) and not (expected == "bailed_or_destroyed"
                                                       and result in ("bailed_out", "destroyed")):
                ctx.error(ctx.rule("p.48"), f"{ctx.name(uid)}'s save of {roll + int(top)} ({roll} + Top armour "
                          f"{top}) against the Bombardment's Anti-tank {at_} (p.49 adjusted)"
                          + (f" and Firepower roll {fp_roll} against {fp}+" if fp_roll is not None else "")
                          + f" gives {str(expected).replace('_', ' ')}, not {result.replace('_', ' ')}", **kw)
            return
        if rng.repeat and t.cls in ("infantry", "gun") and result == "saved" and dice and t.save is not None:
            if dice[0] >= t.save and (len(dice) < 2 or dice[1] < t.save):
                ctx.error(ctx.rule("p.49"), f"{ctx.name(uid)} is saved by its {dice[0]}, but Infantry and Gun Teams "
                          "re-roll successful saves against a Repeat Bombardment"
                          + (f" (the re-roll {dice[1]} failed)" if len(dice) > 1 else ""), **kw)
