"""Flames of War shooting (pp.26-39): who may shoot, weapon choice, range and minimum range from the nearest base
edge or hull, field of fire of Hull Mounted weapons and Gun Teams, dice against Halted/Moving/Pinned ROF, the
score to hit with its modifiers against the declared need and hits, and armour saves (Front or Side by geometry,
+1 over 16"/40cm, the result against Anti-tank and Firepower) and other saves.

``shoot`` events name the team, its ``target``, the ``weapon`` and the dice (``dice``, or the ``roll`` event that
follows: the module's dice-pool button); ``save`` events name the team hit, the shooter (``by``), the ``armour``
used and the dice (save die, then Firepower die).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.meeting import first_shooting_step
from modgen.rules.fow.night import is_night
from modgen.rules.fow.notes import Shot, notes, order_of

#: "fully in front" / "entirely in front" within this many inches of the line is a judgement call (warning).
FRONT_TOLERANCE = 0.25
_DECLARED_MODS = {"concealed": 1, "smoke": 1, "night": 1}


def _pos(ctx: Any, uid: str) -> list[float] | None:
    p = ctx.state.table_pos.get(uid)
    return list(p) if p else None


class Dice:
    """Holds a declaration until its dice arrive: in the event itself, or in the ``roll`` event right after it
    (VASSAL's dice button). Anything else first settles the declaration without dice."""

    kinds: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.pending: tuple[dict[str, Any], int] | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "roll" and self.pending is not None:
            held, at = self.pending
            self.pending = None
            self.check(ctx, held, list(ev.get("dice") or []), at)
            return
        self.flush(ctx)
        if ev["type"] in self.kinds:
            dice = ev.get("dice")
            if isinstance(dice, list) or not self.wants_dice(ev):
                self.check(ctx, ev, list(dice or []) if isinstance(dice, list) else None, ctx.index or 0)
            else:
                self.pending = (ev, ctx.index or 0)

    def phase_end(self, ctx: Any) -> None:
        self.flush(ctx)

    def finish(self, ctx: Any) -> None:
        self.flush(ctx)

    def flush(self, ctx: Any) -> None:
        if self.pending is not None:
            held, at = self.pending
            self.pending = None
            self.check(ctx, held, None, at)

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return True

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        raise NotImplementedError


class Shooting(Dice):
    """pp.26-35 for each ``shoot`` event."""

    kinds = ("shoot",)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid, tgt = ev.get("unit"), ev.get("target")
        if uid not in ctx.units or tgt not in ctx.units:
            return
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid, tgt], "position": _pos(ctx, uid)}
        t, target = T.team(ctx, uid), T.team(ctx, tgt)
        m, tn = t.m, notes(ctx)
        defensive = ctx.state.phase == "assault" and ctx.side_of(uid) != ctx.state.side
        if ctx.state.phase != "shooting" and not defensive:
            ctx.error(ctx.rule("p.26"), f"{ctx.name(uid)} shoots in the {ctx.state.phase or 'set-up'} step; teams "
                      "shoot in the Shooting Step (or in Defensive Fire)", **kw)
        self._may_shoot(ctx, uid, t, tn, kw)
        w = t.weapon(ev.get("weapon"))
        if w is None:
            if ev.get("weapon"):
                names = ", ".join(x.name for x in t.weapons()) or "none"
                ctx.error(ctx.rule("p.26"), f"{ctx.name(uid)} has no weapon {ev['weapon']!r} (its weapons: {names})",
                          **kw)
            else:
                ctx.could_not_check(ctx.rule("p.26"), f"{ctx.name(uid)} has no weapons in the game data")
            return
        self._weapon_choice(ctx, uid, t, w, tn, kw)
        d = T.distance(ctx, uid, tgt)
        if d is None:
            return
        if not (t.has_base and target.has_base):
            ctx.could_not_check(ctx.rule("p.28"), f"{ctx.name(uid if not t.has_base else tgt)} has no base size: "
                                "ranges are measured from its centre")
        if w.range is not None and d > w.range + 1e-6:
            ctx.error(ctx.rule("p.28"), f"{ctx.name(uid)} shoots its {w.name} at {ctx.name(tgt)} "
                      f"{m.show(d)} away (nearest edges); its range is {m.show(w.range)}", **kw)
        if w.min_range is not None and d < w.min_range - 1e-6:
            ctx.error(ctx.rule("p.67"), f"{ctx.name(uid)} shoots its {w.name} at {ctx.name(tgt)} only {m.show(d)} "
                      f"away; it cannot target teams closer than its Minimum Range {m.show(w.min_range)}", **kw)
        self._field_of_fire(ctx, uid, tgt, t, w, ev, kw)
        mode = "pinned" if T.pinned(ctx, uid) else (
            "moving" if self._moved(ctx, uid, t, tn) or order_of(ctx, t.group) == "dig_in" else "halted")
        if defensive and mode == "moving":
            mode = "halted"  # p.55: Defensive Fire is at Halted ROF (Moving if Pinned)
        meeting = mode == "halted" and not defensive and first_shooting_step(ctx)
        if meeting:
            mode = "moving"  # p.96: the first player's teams count as having moved in their first Shooting Step
        allowed = w.rof(mode)
        if dice is not None and len(dice) > allowed:
            why = {"pinned": "it is Pinned Down", "moving": "it moved this turn" if self._moved(ctx, uid, t, tn)
                   else "its Unit Dug In", "halted": "it is halted"}[mode]
            if meeting:
                why = "p.96 Meeting Engagement: the first player's teams count as having moved in their first " \
                      "Shooting Step"
            ctx.error(ctx.rule("p.26"), f"{ctx.name(uid)} rolls {len(dice)} dice with its {w.name}; its "
                      f"{mode.capitalize()} ROF is {allowed} ({why})", **kw)
        shot_mode = "unknown" if dice is None else ("halted" if len(dice) > w.rof("moving") else "moving")
        target_pos = ctx.state.table_pos.get(tgt)
        tn.shots.setdefault(uid, []).append(Shot(w.name, tgt, shot_mode, target_pos, at))
        self._to_hit(ctx, uid, tgt, t, target, w, d, mode, ev, dice, kw)

    def _moved(self, ctx: Any, uid: str, t: T.Team, tn: Any) -> bool:
        blitz = t.m.rule("blitz") if order_of(ctx, t.group) == "blitz" and tn.order_passed.get(t.group) else 0.0
        return tn.moved(uid, blitz)

    def _may_shoot(self, ctx: Any, uid: str, t: T.Team, tn: Any, kw: dict[str, Any]) -> None:
        """p.33 No Shooting; p.38 Bailed Out."""
        if tn.dash.get(uid):
            ctx.error(ctx.rule("p.33"), f"{ctx.name(uid)} moved at Dash speed this turn "
                      f"({t.m.show(tn.dash[uid])}) and cannot shoot", **kw)
        order = order_of(ctx, t.group)
        if order in ("follow_me", "cross_here"):
            ctx.error(ctx.rule("p.33"), f"{ctx.name(uid)}'s Unit used a {order.replace('_', ' ').title()} order "
                      "this turn, so it cannot shoot", **kw)
        if T.marked(ctx, uid, "bailed_out"):
            ctx.error(ctx.rule("p.38"), f"{ctx.name(uid)} is Bailed Out and cannot shoot until it Remounts", **kw)

    def _weapon_choice(self, ctx: Any, uid: str, t: T.Team, w: T.Weapon, tn: Any, kw: dict[str, Any]) -> None:
        """p.27: a Tank fires all its MGs or one other weapon; Infantry and Gun Teams fire one weapon."""
        step_shots = [s for s in tn.shots.get(uid, []) if s.mode != "defensive"]
        if ctx.state.phase != "shooting" or not step_shots:
            return
        fired = {s.weapon for s in step_shots}
        if t.is_tank:
            mgs = {x.name for x in t.weapons() if x.is_mg}
            if not w.is_mg or fired - mgs:
                ctx.error(ctx.rule("p.27"), f"{ctx.name(uid)} fires its {w.name} after its "
                          f"{', '.join(sorted(fired))} this step; a Tank fires all its machine-guns or one other "
                          "weapon", **kw)
        else:
            ctx.error(ctx.rule("p.27"), f"{ctx.name(uid)} fires its {w.name} after its {', '.join(sorted(fired))} "
                      f"this step; an {t.cls.capitalize()} Team fires one weapon", **kw)

    def _field_of_fire(self, ctx: Any, uid: str, tgt: str, t: T.Team, w: T.Weapon, ev: dict[str, Any],
                       kw: dict[str, Any]) -> None:
        """p.66: Hull Mounted weapons and Gun Teams target only teams fully in front."""
        if not (w.mount == "hull" or (t.cls == "gun" and w.mount != "turret")) or w.has("turntable"):
            return
        p = T.pose(ctx, uid)
        if p is None:
            return
        if ctx.policies.get("field_of_fire_check") == "after_rotation" and isinstance(ev.get("facing"), int | float):
            p = T.Pose(p.x, p.y, float(ev["facing"]))
        ahead = T.in_front(p, t.base, T.footprint(ctx, tgt))
        if ahead >= 0:
            return
        msg = (f"{ctx.name(tgt)} is not fully in front of {ctx.name(uid)} (facing {p.facing:.0f} degrees): part "
               f"of it is {t.m.show(-ahead)} behind the line across its front; "
               f"{'Hull Mounted weapons' if w.mount == 'hull' else 'Gun Teams'} only target teams fully in front")
        (ctx.warning if -ahead <= FRONT_TOLERANCE else ctx.error)(ctx.rule("p.66"), msg, **kw)

    def _to_hit(self, ctx: Any, uid: str, tgt: str, t: T.Team, target: T.Team, w: T.Weapon, d: float,
                mode: str, ev: dict[str, Any], dice: list[int] | None, kw: dict[str, Any]) -> None:
        """p.33 Score to Hit: the target's Is Hit On plus +1 for each modifier."""
        base = target.is_hit_on(ctx.tables)
        if base is None:
            ctx.could_not_check(ctx.rule("p.33"), f"{ctx.name(tgt)} has no Is Hit On or Skill rating")
            return
        m, tn = t.m, notes(ctx)
        mods: list[tuple[str, int]] = []
        if d > m.rule("long_range") + 1e-6:
            mods.append((f"range {m.show(d)} over {m.show(m.rule('long_range'))}", 1))
        if uid in tn.out_of_command or (order_of(ctx, t.group) == "blitz" and tn.order_passed.get(t.group) is False):
            mods.append(("moved Out of Command", 1))
        moving = mode != "halted"
        if moving and (w.halted == 1) and not w.is_mg:
            mods.append(("ROF 1 weapon moving (p.67)", 1))
        if moving and w.has("stabiliser"):
            mods.append(("Stabiliser moving (p.72)", 1))
        if moving and w.has("one_man_turret"):
            mods.append(("One-man Turret moving (p.67)", 1))
        if w.has("no_he") and target.cls in ("infantry", "gun"):
            mods.append(("No HE against Infantry or Gun (p.67)", 1))
        declared_mods = {T.key(x) for x in ev.get("mods") or []}
        if "concealed" in declared_mods:
            mods.append(("Concealed and Gone to Ground", 2) if "gone_to_ground" in declared_mods
                        else ("Concealed", 1))
        for name in ("smoke", "night"):
            if name in declared_mods:
                mods.append((name, _DECLARED_MODS[name]))
        if "night" not in declared_mods and is_night(ctx):
            mods.append(("shooting at Night (p.90)", 1))
        need = base + sum(n for _, n in mods)
        why = f"Is Hit On {base}+" + "".join(f", +{n} {label}" for label, n in mods)
        declared = T.need_value(ev.get("need"))
        if declared is not None and declared < need:
            ctx.error(ctx.rule("p.33"), f"{ctx.name(uid)} rolls to hit {ctx.name(tgt)} needing {declared}+; it "
                      f"needs {need}+ ({why})", **kw)
        hits = ev.get("hits")
        ctx.state.per_phase.setdefault("fow_need", {})[kw["event_index"]] = max(need, declared or 0)  # .rerolls
        if isinstance(hits, int) and dice is not None:
            score = max(need, declared or 0, 2)
            rolled = dice + [x for x in ev.get("rerolls") or [] if isinstance(x, int)]  # p.4: .rerolls checks them
            if score >= 9:
                possible = 0
            elif score >= 7:
                possible = sum(1 for x in rolled if x == 6)  # p.33: a 6 then a further roll
            else:
                possible = sum(1 for x in rolled if x >= score)
            if hits > possible:
                ctx.error(ctx.rule("p.33"), f"{ctx.name(uid)} claims {hits} hit(s) on {ctx.name(tgt)} with dice "
                          f"{dice} needing {score}+ ({why}); at most {possible} hit", **kw)


def armour_result(total: int, anti_tank: int, firepower: int | None, fp_roll: int | None) -> str | None:
    """p.36: a save total over the Anti-tank bounces; equal, a Firepower roll Bails Out (else no effect); under,
    it Destroys (else Bails Out). ``bailed_or_destroyed`` when the Firepower roll is not known, None if unknown."""
    if total > anti_tank:
        return "bounced"
    if fp_roll is None or firepower is None:
        return None if total == anti_tank else "bailed_or_destroyed"
    if total == anti_tank:
        return "bailed_out" if fp_roll >= firepower else "no_effect"
    return "destroyed" if fp_roll >= firepower else "bailed_out"


_RESULTS = {"bounce": "bounced", "bounced": "bounced", "no_effect": "no_effect", "saved": "saved",
            "bailed": "bailed_out", "bailed_out": "bailed_out", "destroyed": "destroyed"}


class SaveDice(Dice):
    """A check of ``save`` events: a save that names no ``roll`` takes its dice from the roll that follows."""

    kinds = ("save",)

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return not isinstance(ev.get("roll"), int)


class Saves(SaveDice):
    """pp.36-39 for each ``save`` event."""

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid = ev.get("unit")
        if uid not in ctx.units:
            return
        if ctx.state.phase == "assault" and uid in notes(ctx).melee_hits and \
                (not ev.get("by") or ev["by"] in {b for b, _, _ in notes(ctx).melee_hits[uid]}):
            return  # a hit scored in the assault itself: .melee checks it (p.57)
        art = ctx.state.per_player_turn.get("fow_artillery")
        if art is not None and any(uid in r.hits for r in art.ranging.values()) and (
                not ev.get("by") or not notes(ctx).shots.get(ev["by"])):
            return  # a hit by a Bombardment: .artillery checks it (p.48)
        roll = ev.get("roll") if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        if isinstance(ev.get("reroll"), int):  # p.66: the Breakthrough Gun re-roll decides (.saverolls)
            roll = ev["reroll"]
        fp_roll = ev.get("fp_roll") if isinstance(ev.get("fp_roll"), int) else \
            (dice[1] if dice and len(dice) > 1 else None)
        if isinstance(ev.get("fp_reroll"), int):  # p.76: a Bunker's re-rolled Firepower Test decides
            fp_roll = ev["fp_reroll"]
        by = ev.get("by") or self._last_shooter(ctx, uid)
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid] + ([by] if by else []),
                              "position": _pos(ctx, uid)}
        t = T.team(ctx, uid)
        shooter = T.team(ctx, by) if by in ctx.units else None
        shot = next((s for s in reversed(notes(ctx).shots.get(by, [])) if s.target == uid), None) if by else None
        w = shooter.weapon(ev.get("weapon") or (shot.weapon if shot else None)) if shooter else None
        d = T.distance(ctx, uid, by) if by in ctx.units else None
        result = _RESULTS.get(T.key(ev.get("result")))
        if t.armoured:
            self._armour(ctx, uid, by, t, w, d, roll, fp_roll, result, ev, kw)
            return
        if ctx.state.phase == "assault" and ev.get("cover"):
            ctx.error(ctx.rule("p.55"), f"{ctx.name(uid)} claims Bulletproof Cover against Defensive Fire; "
                      "Assaulting Teams are never in Bulletproof Cover from Defensive Fire", **kw)
            return
        if t.save is not None and roll is not None and result is not None:
            if roll >= t.save and result == "destroyed":
                ctx.error(ctx.rule("p.39"), f"{ctx.name(uid)} rolled {roll} against its {t.save}+ save and "
                          "survives; it is not Destroyed", **kw)
            elif roll < t.save and result == "saved" and not ev.get("cover"):
                ctx.error(ctx.rule("p.39"), f"{ctx.name(uid)} rolled {roll}, failing its {t.save}+ save; out of "
                          "Bulletproof Cover it is Destroyed", **kw)

    @staticmethod
    def _last_shooter(ctx: Any, uid: str) -> str | None:
        best = None
        for shooter, shots in notes(ctx).shots.items():
            for s in shots:
                if s.target == uid and (best is None or s.index > best[1]):
                    best = (shooter, s.index)
        return best[0] if best else None

    def _armour(self, ctx: Any, uid: str, by: str | None, t: T.Team, w: T.Weapon | None, d: float | None,
                roll: int | None, fp_roll: int | None, result: str | None, ev: dict[str, Any],
                kw: dict[str, Any]) -> None:
        """p.36: Front armour if the shooter is entirely in front of a line across the front of the hull (or
        turret) hit, else Side; save total = die + armour (+1 over 16"/40cm) against the Anti-tank rating."""
        m = t.m
        declared = T.key(ev.get("armour")) or None
        facing = declared
        p = T.pose(ctx, uid)
        hit = T.key(ev.get("hit")) or ("hull" if not t.turreted else "")
        if ctx.state.phase == "assault":
            if declared in ("front", "top"):
                ctx.error(ctx.rule("p.55"), f"{ctx.name(uid)} saves with its {declared.capitalize()} armour against "
                          f"Defensive Fire from {ctx.name(by) if by else 'a Defending Team'}; Defensive Fire hits "
                          "Side armour, even when the tank faces the shooter", **kw)
            facing = "side"
            if ev.get("cover"):
                ctx.error(ctx.rule("p.55"), f"{ctx.name(uid)} claims Bulletproof Cover against Defensive Fire; "
                          "Assaulting Teams are never in Bulletproof Cover from Defensive Fire", **kw)
        elif by and p is not None and declared in ("front", "side") and hit == "hull":
            ahead = T.in_front(p, t.base, T.footprint(ctx, by))
            expected = "front" if ahead >= 0 else "side"
            if expected != declared:
                where = (f"entirely in front of the line across its hull front (by {m.show(ahead)})" if ahead >= 0
                         else f"{m.show(-ahead)} behind the line across its hull front")
                msg = (f"{ctx.name(uid)} saves with its {declared.capitalize()} armour, but {ctx.name(by)} is "
                       f"{where}: it uses its {expected.capitalize()} armour")
                (ctx.warning if abs(ahead) <= FRONT_TOLERANCE else ctx.error)(ctx.rule("p.36"), msg, **kw)
                facing = expected
        elif declared == "top" and w is not None and not w.has("hits_top_armour") and ctx.state.phase == "shooting":
            ctx.error(ctx.rule("p.36"), f"{ctx.name(uid)} saves with its Top armour against {w.name}, which does "
                      "not Hit Top Armour; direct fire uses Front or Side", **kw)
        armour = (t.armour or {}).get(facing or "")
        if roll is None or armour is None or w is None or w.anti_tank is None or d is None:
            return
        bonus = 1 if d > m.rule("long_range") + 1e-6 else 0
        total = roll + int(armour) + bonus
        if isinstance(ev.get("total"), int) and ev["total"] != total:
            ctx.error(ctx.rule("p.36"), f"{ctx.name(uid)}'s save totals {ev['total']}, but {roll} + {facing} armour "
                      f"{armour}" + (f" + 1 (range {m.show(d)})" if bonus else "") + f" = {total}", **kw)
        at = w.anti_tank
        expected = armour_result(total, at, w.firepower, fp_roll)
        if result is None or expected is None:
            return
        if expected == "bailed_or_destroyed" and result in ("bailed_out", "destroyed"):
            return
        if result != expected:
            ctx.error(ctx.rule("p.36"), f"{ctx.name(uid)}'s save of {total} ({roll} + {facing} armour {armour}"
                      + (" + 1 over 16\"" if bonus else "") + f") against Anti-tank {at}"
                      + (f" and Firepower roll {fp_roll} against {w.firepower}+" if fp_roll is not None else "")
                      + f" gives {expected.replace('_', ' ')}, not {result.replace('_', ' ')}", **kw)
