"""The AP track a player keeps on his track sheet, read against the checker's own account (20.0, Fig 27-29).

20.0: an activated unit "receives 7APs"; the figures count what is left of that pool ("moves up ... and has 5APs
left", Fig 27; "paying 1AP of the remaining 2APs of the AT gun's AP pool", Fig 28; "has 0APs left", Fig 29). The
module keeps that count as one AP track per side (:mod:`modgen.rules.coh.tracks`); each change of it is an ``ap``
event giving the value the track now shows. The checker works every activation's APs out from the actions' costs
(:class:`~modgen.rules.coh.activation.Play`) and compares them with the track once the activation is over, so it
does not matter whether a player moves the track before or after the action it pays for:

* the track's **reading** for an activation is the last value set from its activation on; a value set after it ended
  (the side activated another unit, passed, its pool ran out, or the round ended) still counts for it until the
  track is reset to the pool (``activation_ap``: 7) or the side's next activation pays for an action;
* a reset to the pool after the activation has acted (the player readies the track for the next unit before
  activating it) closes the reading: it and any values after it belong to the next activation, unless the same
  activation acts again (then the reset was a reading of it);
* a raise short of the pool (the ``+1`` button pressed towards the reset, or a mis-press put right) waits: the
  track going on to the pool makes it a step of the reset; otherwise it is a reading when the side's activation
  next changes (pays, ends, begins) or the round ends;
* the comparison is made at the first of: a reset, the side's next activation paying for an action, a second
  activation ending, the round's end (``round_end`` phase, a new ``turn``), the end of the log.

Policy ``ap_track`` (default ``warn``): the track is the player's bookkeeping, and the rulebook does not make a
wrong count itself an illegal act, so a mismatch is a warning (``error``: an error; ``off``: not compared). An
activation during which the side never set its track gets no finding: keeping the track is optional. In a 3-4
player game (21.0: "Each player has his own track sheet") a side's track does not say which player's activation it
counts, so the track is not compared (could-not-check).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.rules.coh import common as C
from modgen.rules.coh import players
from modgen.rules.state import Activation


@dataclass
class _Account:
    """One activation and what the side's AP track showed for it."""

    act: Activation
    spent: int = 0  # the activation's APs when last seen
    acted: bool = False  # it has paid APs for an action
    reading: int | None = None  # the track's value for it
    at: int | None = None  # event index of that value
    frozen: bool = False  # reset to the pool after acting: later values belong to the next activation
    where: dict[str, str] | None = None  # the units' hexes when the activation ended (a unit may die before)


class ApTrack:
    """Compares each side's AP-track readings with the APs :class:`Play` charged its activations."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.cur: dict[str, _Account] = {}  # side -> its open activation's account
        self.pending: dict[str, _Account] = {}  # side -> an ended activation, compared at the next trigger
        self.carry: dict[str, tuple[int, int]] = {}  # side -> (value, event index) set for the next activation
        self.shown: dict[str, int] = {}  # side -> the value its track shows (it starts at the pool)
        self.raised: dict[str, tuple[int, int]] = {}  # side -> a raise not yet known to be a reset's step

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        mode = ctx.policies.get("ap_track", "warn")
        if mode == "off":
            return
        t = ev["type"]
        if players.forces(ctx) is not None:
            if t == "ap":
                ctx.could_not_check(ctx.rule("21.0"), "the AP track is kept per side, but in a 3-4 player game "
                                    "each player has his own track sheet (21.0): the AP track is not compared")
            return
        pool = ctx.tables.get("activation_ap")
        if not isinstance(pool, int):
            return  # (Play reports the missing pool)
        self._sync(ctx, pool)
        if t == "ap" and ev.get("side"):
            self._reading(ctx, pool, str(ev["side"]), int(ev["ap"]))
        elif t in ("turn", "game_end") or (t == "phase" and ev.get("phase") == "round_end"):
            self._close_round(ctx, pool)

    def finish(self, ctx: Any) -> None:
        pool = ctx.tables.get("activation_ap")
        if ctx.policies.get("ap_track", "warn") == "off" or not isinstance(pool, int):
            return
        self._close_round(ctx, pool)

    def _close_round(self, ctx: Any, pool: int) -> None:
        """The round is over (or the log): settle raised tracks, end open activations, compare what is pending."""
        for side in list(self.raised):
            self._settle(ctx, pool, side)
        for side in list(self.cur):
            self._end(ctx, pool, side)
        for side in list(self.pending):
            self._compare(ctx, pool, self.pending.pop(side))

    # ---- following Play's activations ------------------------------------------------------------------------
    def _sync(self, ctx: Any, pool: int) -> None:
        """Note payments, ended activations and new ones from Play's state after the event."""
        active: dict[str, Activation] = self.play.active
        for side in list(self.cur):
            acct = self.cur[side]
            if side in self.raised and (acct.act.points != acct.spent or active.get(side) is not acct.act):
                self._settle(ctx, pool, side)
            if acct.act.points != acct.spent:
                acct.spent = acct.act.points
                acct.acted = True
                if side in self.pending:  # the next activation pays: the ended one's reading is complete
                    self._compare(ctx, pool, self.pending.pop(side))
                if acct.frozen:  # the reset was a reading of this activation after all
                    acct.frozen = False
                    if side in self.carry:
                        acct.reading, acct.at = self.carry.pop(side)
            if active.get(side) is not acct.act:
                self._end(ctx, pool, side)
        for side, act in active.items():
            if side and side not in self.cur:
                if side in self.raised:
                    self._settle(ctx, pool, side)
                acct = self.cur[side] = _Account(act, act.points)
                if side in self.carry:
                    acct.reading, acct.at = self.carry.pop(side)

    def _end(self, ctx: Any, pool: int, side: str) -> None:
        acct = self.cur.pop(side)
        acct.where = {u: h for u in acct.act.units if (h := ctx.state.position.get(u))}
        if side in self.pending:
            self._compare(ctx, pool, self.pending.pop(side))
        if acct.frozen:
            self._compare(ctx, pool, acct)
        else:
            self.pending[side] = acct

    def _settle(self, ctx: Any, pool: int, side: str) -> None:
        """A raise the track never went on from to the pool was a correction: a reading like any other."""
        value, at = self.raised.pop(side)
        self._reading(ctx, pool, side, value, at, settled=True)

    def _reading(self, ctx: Any, pool: int, side: str, value: int, at: int | None = None,
                 settled: bool = False) -> None:
        at = ctx.index or 0 if at is None else at
        acct, ended = self.cur.get(side), self.pending.get(side)
        if not settled:
            before, self.shown[side] = self.shown.get(side, pool), value
            self.raised.pop(side, None)
            if before < value < pool:  # (a step of a reset by +1 presses, or a correction: known later)
                self.raised[side] = (value, at)
                return
        if value == pool:  # a reset: whatever ended is complete; the value is the next activation's
            if ended is not None:
                self._compare(ctx, pool, self.pending.pop(side))
            if acct is not None and acct.acted:
                acct.frozen = True
                self.carry[side] = (value, at)
            elif acct is not None:
                acct.reading, acct.at = value, at
            else:
                self.carry[side] = (value, at)
            return
        if ended is not None and (acct is None or (not acct.acted and acct.reading is None)):
            ended.reading, ended.at = value, at  # a late move of the track for the activation that ended
        elif acct is not None and not acct.frozen:
            acct.reading, acct.at = value, at
        else:
            self.carry[side] = (value, at)

    def _compare(self, ctx: Any, pool: int, acct: _Account) -> None:
        if acct.reading is None:
            return  # the side did not keep its AP track for this activation (optional bookkeeping)
        spent = acct.act.points
        left = max(0, pool - spent)
        units = [u for u in acct.act.units if ctx.units.get(u)]
        if acct.reading == left or (acct.reading == 0 and any(u in self.play.wire_lost for u in units)):
            return  # (18.4: a failed wire attempt forfeits the rest of the pool)
        side = ctx.side_of(units[0]) if units else None
        where = acct.where if acct.where is not None else {u: h for u in units if (h := ctx.state.position.get(u))}
        who = ", ".join(f"{ctx.name(u)}" + (f" at {where[u]}" if u in where else "") for u in units)
        text = (f"the {C.side_name(ctx, side)} AP track shows {acct.reading} but {who} spent {spent} of {pool}: "
                f"{left} left (20.0: an activated unit receives {pool}APs; the track counts what is left, Fig 27-29)")
        report = ctx.error if ctx.policies.get("ap_track", "warn") == "error" else ctx.warning
        report(ctx.rule("20.0"), text, units=units, hexes=sorted(set(where.values())), event_index=acct.at)
