"""Flames of War re-rolls (p.4 "RE-ROLLS ... You never get more than one re-roll per situation"; p.33 "If you are
re-rolling a die requiring a 7 or 8, treat both the initial roll (needing a 6) and the further roll as a single
roll").

Shooting: a ``shoot`` event's ``rerolls`` are the dice re-rolled after its ``dice``. Only a rule re-rolls failed
rolls To Hit: Sniper (p.43 "A Sniper may re-roll any failed Roll to Hit"), Tiger Ace (p.71: a Formation Commander
"shooting their main gun"), Semi-indirect Fire (p.72) and Cat Killers (p.73: "did not move in the Movement Step
... targeting a Team more than 16"/40cm away"), Volley Fire (p.73: did not move, "main weapon ... within
16"/40cm", not in Defensive Fire). Each missed die is re-rolled at most once: no more re-rolls than misses.

Motivation tests: the Commander's re-roll (p.8, checked by :mod:`.morale`) is the one re-roll; a second re-roll is
only a Komissar's (p.73 "If the Motivation Test has already been re-rolled by the Formation Commander, a Komissar
may attempt another re-roll as an exception to normal re-rolls rule"), for Last Stand, Rally and Counterattack
tests, with the Unit Leader within 6"/15cm of the Komissar Team (tag ``komissar`` in the Unit, or an Independent
``battalion_komissar``).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.morale import need as test_need
from modgen.rules.fow.notes import notes
from modgen.rules.fow.shooting import Dice

#: p.73: the Komissar's tests, and its distance to the Unit Leader (inches, cm).
KOMISSAR_TESTS = ("last_stand", "rally", "counterattack")
KOMISSAR_RANGE = (6, 15)

#: Re-roll rules for failed rolls To Hit: rule id -> (page, "main" if only the main weapon, range condition).
SHOOTING_REROLLS: dict[str, tuple[str, bool, str | None]] = {
    "sniper": ("p.43", False, None),
    "tiger_ace": ("p.71", True, None),
    "semi_indirect_fire": ("p.72", False, "over"),
    "cat_killers": ("p.73", False, "over"),
    "volley_fire": ("p.73", True, "within"),
}


def reroll_rules(t: T.Team, w: T.Weapon | None) -> list[str]:
    """The team's re-roll rules for shooting (team tags or weapon notes)."""
    return [r for r in SHOOTING_REROLLS if r in t.tags or (w is not None and w.has(r))]


def misses_at_most(dice: list[int], need: int) -> int:
    """How many of ``dice`` can have missed a ``need`` (7 and 8: a 6 then a further roll, p.33)."""
    if need >= 7:
        return len(dice)
    return sum(1 for d in dice if d < max(need, 2))


class Rerolls(Dice):
    """p.4 re-roll limits for ``shoot`` and ``motivation`` events."""

    kinds = ("shoot", "motivation")

    def wants_dice(self, ev: dict[str, Any]) -> bool:
        return ev["type"] == "shoot" or not isinstance(ev.get("roll"), int)

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid = ev.get("unit")
        if uid not in ctx.units:
            return
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid],
                              "position": list(where) if where else None}
        if ev["type"] == "shoot":
            self._shoot(ctx, ev, dice, kw)
        else:
            self._motivation(ctx, ev, dice, kw)

    def _shoot(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, kw: dict[str, Any]) -> None:
        again = [d for d in ev.get("rerolls") or [] if isinstance(d, int)]
        if not again:
            return
        uid, tgt = ev["unit"], ev.get("target")
        t = T.team(ctx, uid)
        w = t.weapon(ev.get("weapon"))
        name = ctx.name(uid)
        have = reroll_rules(t, w)
        if not have:
            ctx.error(ctx.rule("p.4"), f"{name} re-rolls {len(again)} dice to hit; it has no rule that re-rolls "
                      "failed rolls To Hit (Sniper p.43, Tiger Ace p.71, Semi-indirect Fire p.72, Volley Fire and "
                      "Cat Killers p.73)", **kw)
            return
        if dice is not None:
            need = ctx.state.per_phase.get("fow_need", {}).get(kw["event_index"]) or T.need_value(ev.get("need"))
            if need is not None:
                most = misses_at_most(dice, need)
                if len(again) > most:
                    ctx.error(ctx.rule("p.4"), f"{name} re-rolls {len(again)} dice after rolling {dice} needing "
                              f"{need}+; only its {most} miss(es) may be re-rolled, each once (never more than one "
                              "re-roll per die)", **kw)
        why = [self._condition(ctx, r, t, w, uid, tgt) for r in have]
        if all(why):
            page = SHOOTING_REROLLS[have[0]][0]
            ctx.error(ctx.rule(page), f"{name} re-rolls misses, but " + "; ".join(w_ for w_ in why if w_), **kw)

    @staticmethod
    def _condition(ctx: Any, rule: str, t: T.Team, w: T.Weapon | None, uid: str, tgt: str | None) -> str | None:
        """Why ``rule`` does not let this shot re-roll (None: it does)."""
        _, main_only, rng = SHOOTING_REROLLS[rule]
        label = rule.replace("_", " ").title()
        if rule == "tiger_ace" and not t.commander:
            return f"Tiger Ace re-rolls only for a Formation Commander (p.71), and {ctx.name(uid)} is not one"
        if main_only and w is not None and not w.main and len(t.weapons()) > 1:
            return f"{label} re-rolls only with the main weapon, not its {w.name}"
        if rule == "volley_fire" and ctx.state.phase == "assault":
            return "Volley Fire does not apply in Defensive Fire (p.73)"
        if rule in ("volley_fire", "semi_indirect_fire", "cat_killers"):
            if notes(ctx).moved(uid):
                return f"{label} needs a team that did not move in the Movement Step, and {ctx.name(uid)} moved"
        if rng is not None and tgt in ctx.units:
            d = T.distance(ctx, uid, tgt)
            far = t.m.rule("long_range")
            if d is not None and rng == "over" and d <= far + 1e-6:
                return f"{label} re-rolls only at targets more than {t.m.show(far)} away ({ctx.name(tgt)} is " \
                       f"{t.m.show(d)})"
            if d is not None and rng == "within" and d > far + 1e-6:
                return f"{label} re-rolls only at targets within {t.m.show(far)} ({ctx.name(tgt)} is {t.m.show(d)})"
        return None

    def _motivation(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, kw: dict[str, Any]) -> None:
        rolls = list(dice or []) if dice is not None else ([ev["roll"]] if isinstance(ev.get("roll"), int) else [])
        if isinstance(ev.get("reroll"), int):
            rolls.append(ev["reroll"])
        if len(rolls) < 3:
            return
        uid, test = ev["unit"], T.key(ev.get("test"))
        name, t = ctx.name(uid), T.team(ctx, uid)
        if len(rolls) > 3 or test not in KOMISSAR_TESTS:
            ctx.error(ctx.rule("p.4"), f"{name} rolls {', then '.join(map(str, rolls))} on one "
                      f"{test.replace('_', ' ')} test; never more than one re-roll per situation"
                      + (" (a Komissar adds one more only to Last Stand, Rally and Counterattack tests, p.73)"
                         if len(rolls) == 3 else ""), **kw)
            return
        score = test_need(ctx, t, test)
        if score is not None and rolls[1] >= score:
            ctx.error(ctx.rule("p.4"), f"{name} re-rolls its {test.replace('_', ' ')} test again after the re-roll "
                      f"{rolls[1]} passed ({score}+); only a failed test is re-rolled", **kw)
            return
        leader = T.leader_of(ctx, t.group) or uid
        lim = KOMISSAR_RANGE[1] / T.CM_PER_INCH if t.m.cm else float(KOMISSAR_RANGE[0])
        best: tuple[float, str] | None = None
        for k in ctx.units:
            kt = T.team(ctx, k)
            own = "komissar" in kt.tags and kt.group == t.group
            if not T.alive(ctx, k) or ctx.side_of(k) != ctx.side_of(uid) or \
                    not (own or "battalion_komissar" in kt.tags):
                continue
            d = T.distance(ctx, k, leader)
            if d is not None and (best is None or d < best[0]):
                best = (d, k)
        if best is None:
            ctx.error(ctx.rule("p.4"), f"{name} re-rolls its {test.replace('_', ' ')} test a second time "
                      f"({', then '.join(map(str, rolls))}); never more than one re-roll per situation, except a "
                      "Komissar's (p.73), and its Unit has none", **kw)
        elif best[0] > lim + 1e-6:
            ctx.error(ctx.rule("p.73"), f"{name}'s second re-roll is a Komissar's, but {ctx.name(best[1])} is "
                      f"{t.m.show(best[0])} from the Unit Leader {ctx.name(leader)}; it must be within "
                      f"{t.m.show(lim)}", **(kw | {"units": [uid, best[1]]}))
