"""Flames of War p.97 Strategic Withdrawal, for missions whose scenario ``special_rules`` has
``strategic_withdrawal`` (``sides``: the Defender; :mod:`.missions`).

"The Defender starts the game with no Delay Counters. At the start of each turn from turn two onwards, after
checking Victory Conditions, the Defender counts the number of Units (not counting their Attachments and any
Independent Teams) and Delay Counters that they have on table. If the total is six or more, they must Withdraw one
Unit (other than an Independent Team) and its Attachments and remove all Delay Counters. If they have less than six
Units and Delay Counters combined, they gain a Delay Counter, but do not Withdraw any Units." "WITHDRAWING UNITS
... all of the teams of that Unit (and its Attachments) are removed from the table. If a Withdrawing Unit is not in
Good Spirits, it will be treated as being Destroyed when working out Victory Points."

In the log a ``withdraw`` event (``unit``: a team of the Unit; chat ``!withdraw TEAM``) in the Defender's Starting
Step, then an ``exit`` for each of its teams. The Delay Counters are counted by the check itself: one for each
Starting Step from turn two without a Withdrawal, all removed by one.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T
from modgen.rules.fow.morale import good_spirits

#: p.97: six or more Units and Delay Counters on the table force a Withdrawal.
WITHDRAW_AT = 6


def independent(t: T.Team) -> bool:
    return t.type == "independent" or "independent" in t.tags


def counted_units(ctx: Any, side: str) -> list[str]:
    """The side's Units on the table that p.97 counts: not Attachments, not Independent Teams."""
    out = set()
    for u, rec in ctx.units.items():
        if rec.get("side") == side and rec.get("kind") in ("team", "unit") and T.alive(ctx, u):
            t = T.team(ctx, u)
            if not t.attached_to and not independent(t):
                out.add(t.group)
    return sorted(out)


def withdrawn(ctx: Any) -> dict[str, bool]:
    """Unit → was it In Good Spirits when it Withdrew (not: Destroyed for Victory Points)."""
    return ctx.state.notes.setdefault("fow_withdrawn", {})


class StrategicWithdrawal:
    """p.97: the Defender's Withdrawal or Delay Counter at the start of each turn from turn two."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "withdraw" or ev.get("unit") not in ctx.units:
            return
        uid = ev["unit"]
        side = ctx.side_of(uid)
        t = T.team(ctx, uid)
        kw: dict[str, Any] = {"units": [uid], "position": list(ctx.state.table_pos.get(uid) or []) or None}
        name = ctx.name(uid)
        if M.rule(ctx, side, "strategic_withdrawal") is None:
            ctx.error(ctx.rule("p.97"), f"{name}'s Unit Withdraws, but the mission gives {side} no Strategic "
                      "Withdrawal", **kw)
            return
        turn = int(getattr(ctx.state, "turn", 0) or 0)
        if ctx.state.phase != "starting" or ctx.state.side != side or turn < 2:
            ctx.error(ctx.rule("p.97"), f"{name}'s Unit Withdraws in the {ctx.state.phase or 'set-up'} step of "
                      f"turn {turn}" + ("" if ctx.state.side == side else " of the enemy's turn") + "; Units "
                      "Withdraw at the start of the Defender's turn, from turn two onwards", **kw)
        if independent(t):
            ctx.error(ctx.rule("p.97"), f"{name} is an Independent Team; it is never the Unit that Withdraws", **kw)
        done = ctx.state.per_phase.setdefault("fow_withdraw", [])
        if done:
            ctx.error(ctx.rule("p.97"), f"{name}'s Unit Withdraws after {ctx.name(done[0][0])}'s in the same "
                      "Starting Step; one Unit Withdraws at a time", **kw)
        done.append((uid, t.group, len(counted_units(ctx, side))))
        withdrawn(ctx)[t.group] = good_spirits(ctx, t.group)[0] if T.group_members(ctx, t.group) else True

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "starting":
            return
        side = ctx.state.side
        if M.rule(ctx, side, "strategic_withdrawal") is None or int(getattr(ctx.state, "turn", 0) or 0) < 2:
            return
        counters = ctx.state.notes.setdefault("fow_delay_counters", {})
        have = counters.get(side, 0)
        done = ctx.state.per_phase.get("fow_withdraw", [])
        units = done[0][2] if done else len(counted_units(ctx, side))
        total = units + have
        what = f"{units} Unit(s) and {have} Delay Counter(s) on the table"
        if total >= WITHDRAW_AT and not done:
            ctx.error(ctx.rule("p.97"), f"{side} has {what} at the start of turn {ctx.state.turn}, {total} in all, "
                      f"and Withdraws no Unit; with {WITHDRAW_AT} or more the Defender must Withdraw one Unit")
        elif total < WITHDRAW_AT and done:
            uid = done[0][0]
            ctx.error(ctx.rule("p.97"), f"{ctx.name(uid)}'s Unit Withdraws with {what}, {total} in all; below "
                      f"{WITHDRAW_AT} the Defender gains a Delay Counter instead", units=[uid])
        counters[side] = 0 if total >= WITHDRAW_AT else have + 1
        for uid, g, _ in done:
            groups = {g} | {T.team(ctx, u).group for u in ctx.units if T.team(ctx, u).attached_to == g}
            left = [u for x in sorted(groups) for u in T.group_members(ctx, x)]
            if left:
                names = ", ".join(ctx.name(u) for u in left)
                ctx.error(ctx.rule("p.97"), f"{ctx.name(uid)}'s Unit Withdraws but {names} stay on the table; all "
                          "the teams of a Withdrawing Unit and its Attachments are removed",
                          units=left, position=list(ctx.state.table_pos[left[0]]))
