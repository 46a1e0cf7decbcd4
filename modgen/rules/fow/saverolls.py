"""Flames of War save and Firepower re-rolls: p.76 Bunkers re-roll successful Firepower Tests against them; p.66
"BREAKTHROUGH GUN ... Infantry, Gun, and Unarmoured Tank Teams (including when
Passengers) re-roll successful Saves against Breakthrough Gun Weapons"; "Bunker Buster weapons are Breakthrough
Guns". p.4 "You never get more than one re-roll per situation", and only a rule re-rolls.

In the log a ``save`` carries ``roll`` (the first die) and ``reroll`` (its re-roll; chat ``!save … roll 5 reroll
2``); the save's outcome is the re-roll's (:mod:`.shooting` reads it). A weapon is a Breakthrough Gun by its notes
(``Breakthrough Gun`` or ``Bunker Buster``). A Firepower Test's re-roll is ``fp_reroll`` (chat ``fpreroll N``), which
decides the test; a Bunker is tagged ``bunker`` (or ``nest``, ``pillbox``, ``turret_bunker``). Saves and Firepower
Tests against Bombardments and in Assaults: :mod:`.saverolls_more`.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.artillery import bombardment_of
from modgen.rules.fow.notes import notes
from modgen.rules.fow.saverolls_more import assault_save, bombardment_save
from modgen.rules.fow.shooting import SaveDice, Saves

BREAKTHROUGH = ("breakthrough_gun", "bunker_buster")


class SaveRerolls(SaveDice):
    """p.66 Breakthrough Gun: a successful save of an Infantry, Gun or Unarmoured Tank Team is re-rolled; p.4 no
    other save re-roll."""

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid = ev.get("unit")
        if uid not in ctx.units:
            return
        t = T.team(ctx, uid)
        where = ctx.state.table_pos.get(uid)
        base: dict[str, Any] = {"event_index": at, "event": ev, "position": list(where) if where else None}
        if ctx.state.phase == "assault":
            assault_save(ctx, ev, t, base | {"units": [uid]}, self._firepower)
            return
        rng = bombardment_of(ctx, uid, ev.get("by"))
        if rng is not None:
            fired = [u for u in rng.firing if u in ctx.units][:1]
            bombardment_save(ctx, ev, t, rng, base | {"units": [uid, *fired]}, self._firepower)
            return
        by = ev.get("by") or Saves._last_shooter(ctx, uid)
        shot = next((s for s in reversed(notes(ctx).shots.get(by, [])) if s.target == uid), None) if by else None
        w = T.team(ctx, by).weapon(ev.get("weapon") or (shot.weapon if shot else None)) if by in ctx.units else None
        if w is None:
            return
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        again = ev.get("reroll") if isinstance(ev.get("reroll"), int) else None
        result = T.key(ev.get("result"))
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid, by], "position": list(where) if where
                              else None}
        name, bg = ctx.name(uid), any(w.has(n) for n in BREAKTHROUGH)
        self._firepower(ctx, ev, t, w.firepower, w.name, kw, dice)
        if t.armoured or t.cls not in ("infantry", "gun", "tank") or t.save is None:
            return
        if again is not None and not bg:
            ctx.error(ctx.rule("p.4"), f"{name} re-rolls its save against {ctx.name(by)}'s {w.name}; only a rule "
                      "re-rolls a save (Breakthrough Gun, p.66), and this weapon has none", **kw)
        elif again is not None and roll is not None and roll < t.save:
            ctx.error(ctx.rule("p.66"), f"{name} re-rolls its failed save ({roll} against {t.save}+); a "
                      "Breakthrough Gun makes it re-roll only successful Saves", **kw)
        elif bg and again is None and roll is not None and roll >= t.save and result == "saved":
            ctx.error(ctx.rule("p.66"), f"{name} saves on {roll} against {ctx.name(by)}'s {w.name}, a Breakthrough "
                      "Gun; Infantry, Gun and Unarmoured Tank Teams re-roll successful Saves against it", **kw)

    @staticmethod
    def _firepower(ctx: Any, ev: dict[str, Any], t: T.Team, firepower: int | None, what: str, kw: dict[str, Any],
                   dice: list[int] | None = None) -> None:
        """p.76 "Bunkers are tough, so any weapon making a Firepower Test against them must re-roll any successful
        Firepower Test"; p.4 no other Firepower Test is re-rolled. ``firepower`` is the weapon's (a Bombardment's
        adjusted one, p.49), ``what`` names it."""
        name = ctx.name(ev["unit"])
        first = ev["fp_roll"] if isinstance(ev.get("fp_roll"), int) else (dice[1] if dice and len(dice) > 1 else None)
        again = ev.get("fp_reroll") if isinstance(ev.get("fp_reroll"), int) else None
        bunker = is_bunker(t)
        if again is not None and not bunker:
            ctx.error(ctx.rule("p.4"), f"{name}'s Firepower Test against the {what} is re-rolled; only a test "
                      "against a Bunker is (p.76)", **kw)
            return
        if not bunker or first is None or firepower is None:
            return
        if again is not None and first < firepower:
            ctx.error(ctx.rule("p.76"), f"the failed Firepower Test ({first} against {firepower}+) on {name} is "
                      "re-rolled; a Bunker makes only successful tests re-roll", **kw)
        elif again is None and first >= firepower and T.key(ev.get("result")) in ("destroyed", "bailed_out"):
            ctx.error(ctx.rule("p.76"), f"the {what}'s Firepower Test on {name} passes with {first} "
                      f"({firepower}+) and is not re-rolled; Bunkers are tough: a successful Firepower Test "
                      f"against them is re-rolled", **kw)


def is_bunker(t: T.Team) -> bool:
    """A Bunker (p.76): Nest, Pillbox or Turret (tag ``bunker``, ``nest``, ``pillbox`` or ``turret_bunker``)."""
    return bool({"bunker", "nest", "pillbox", "turret_bunker"} & set(t.tags)) or t.type in ("nest", "pillbox")
