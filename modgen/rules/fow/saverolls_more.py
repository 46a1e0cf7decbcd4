"""Flames of War save and Firepower re-rolls against Bombardments and in Assaults (see :mod:`.saverolls`).

Against a Bombardment: p.49 "Infantry and Gun Teams must re-roll successful Saves when hit by a Repeat Bombardment";
p.66 "Infantry, Gun, and Unarmoured Tank Teams (including when Passengers) re-roll successful Saves against
Breakthrough Gun Weapons" (an artillery weapon noted Breakthrough Gun or Bunker Buster; with mixed weapons, policy
``bombardment_breakthrough_mixed``); p.4 "You never get more than one re-roll per situation", so a Repeat Bombardment
by Breakthrough Guns still re-rolls once; p.76 "any weapon making a Firepower Test against [Bunkers] must re-roll any
successful Firepower Test", with the Bombardment's adjusted Firepower (p.49). No rule re-rolls an Armoured Tank's
save against a Bombardment.

In an Assault: p.57 Infantry, Gun and Unarmoured Tank Teams get no save and Armoured Tanks save with Side or Top
armour; no rule re-rolls those saves (p.4). A Firepower Test on a Bunker (a Turret Bunker is a Tank Team, p.76) is
re-rolled when successful: the weapon's Firepower (Side armour) or the improvised 1+ (Top armour, p.57).

Only saves logged with ``roll`` (and ``reroll``) are judged here; a Repeat Bombardment save logged as dice is
:class:`.artillery.BombardmentSaves`'.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.artillery import Ranging, artillery_weapon, bombardment_ratings
from modgen.rules.fow.notes import notes

BREAKTHROUGH = ("breakthrough_gun", "bunker_buster")
IMPROVISED_FP = 1  # p.57 improvised anti-tank weapons: Anti-tank 2, Firepower 1+


def breakthrough_bombardment(ctx: Any, rng: Ranging) -> bool:
    """Whether the Bombardment's weapons are Breakthrough Guns (p.66): all of them, or any (policy
    ``bombardment_breakthrough_mixed``)."""
    flags = [w is not None and any(w.has(n) for n in BREAKTHROUGH)
             for w in (artillery_weapon(T.team(ctx, u)) for u in rng.firing)]
    if not flags:
        return False
    return any(flags) if ctx.policies.get("bombardment_breakthrough_mixed") == "any" else all(flags)


def bombardment_save(ctx: Any, ev: dict[str, Any], t: T.Team, rng: Ranging, kw: dict[str, Any],
                     firepower: Any) -> None:
    """pp.49, 66, 4: the save re-roll owed (or not) against a Bombardment; p.76 the Bunker's Firepower re-roll."""
    name = ctx.name(ev["unit"])
    firepower(ctx, ev, t, bombardment_ratings(ctx, rng)[1], "Bombardment", kw)
    roll = ev.get("roll") if isinstance(ev.get("roll"), int) else None
    again = ev.get("reroll") if isinstance(ev.get("reroll"), int) else None
    if t.armoured:
        if again is not None:
            ctx.error(ctx.rule("p.4"), f"{name} re-rolls its Top armour save against the Bombardment; no rule "
                      "re-rolls an Armoured Tank Team's save against a Bombardment", **kw)
        return
    if roll is None or t.save is None or t.cls not in ("infantry", "gun", "tank"):
        return
    bg = breakthrough_bombardment(ctx, rng) and t.cls in ("infantry", "gun", "tank")
    repeat = rng.repeat and t.cls in ("infantry", "gun")
    why = " and ".join(([] if not repeat else ["a Repeat Bombardment (p.49)"])
                       + ([] if not bg else ["Breakthrough Gun weapons (p.66)"]))
    if again is not None and not why:
        ctx.error(ctx.rule("p.4"), f"{name} re-rolls its save against a Bombardment; only a Repeat Bombardment "
                  "(Infantry and Gun Teams, p.49) or Breakthrough Gun weapons (p.66) re-roll saves, and this is "
                  "neither", **kw)
    elif again is not None and roll < t.save:
        ctx.error(ctx.rule("p.49" if repeat else "p.66"), f"{name} re-rolls its failed save ({roll} against "
                  f"{t.save}+) against {why}; only successful Saves are re-rolled", **kw)
    elif why and again is None and roll >= t.save and T.key(ev.get("result")) == "saved":
        ctx.error(ctx.rule("p.49" if repeat else "p.66"), f"{name} saves on {roll} ({t.save}+) against {why} "
                  "without re-rolling it; a successful Save is re-rolled (once, p.4)", **kw)


def assault_save(ctx: Any, ev: dict[str, Any], t: T.Team, kw: dict[str, Any], firepower: Any) -> None:
    """p.57 and p.4: no save re-roll in an Assault; p.76 a Bunker's Firepower Test re-rolled when successful."""
    uid = ev["unit"]
    if isinstance(ev.get("reroll"), int):
        ctx.error(ctx.rule("p.4"), f"{ctx.name(uid)} re-rolls its save in an Assault; no rule re-rolls a save "
                  "against an assault hit (p.57)", **kw)
    hits = notes(ctx).melee_hits.get(uid) or []
    if not hits:
        return
    by, weapon, _ = hits[-1]
    by = ev["by"] if ev.get("by") in ctx.units else by
    armour = T.key(ev.get("armour")) or ("top" if weapon == "improvised" else "side")
    if armour == "top":
        fp: int | None = IMPROVISED_FP if not T.team(ctx, by).rec.get("tank_assault") else None
        what = "improvised anti-tank weapon"
    else:
        w = T.team(ctx, by).weapon(weapon if weapon not in (None, "improvised") else None)
        fp, what = (w.firepower, w.name) if w is not None else (None, "weapon")
    firepower(ctx, ev, t, fp, what, kw)
