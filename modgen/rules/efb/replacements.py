"""EFB replacement points (6.8, 6.10, 6.12/6.13) from the scenario's ``<side>_replacements`` special rule.

``params`` (all optional):

- ``per_turn``: renewable RP each friendly reinforcement phase (MK Soviet 1, GT German 2, GT Soviet 1);
- ``per_turn_after_orel``: the renewable RP once the Orel offensive event has happened (GT German 1);
- ``from_turn``: first turn with RP (MK German 2);
- ``per_hex`` + ``hexes`` + ``round``: RP per listed hex the side holds with a LOC to its friendly edges, rounded
  ``up`` or ``down`` (MK German: ½ per Minsk, Moldechno, Borisov, Krupki, round up), counted when the phase's
  first replacement is attempted;
- ``bonus_first_occupation``: map areas; +1 one-time RP at the first friendly reinforcement phase in which the
  side's units occupy a hex of that area (GT German: the three Soviet fortification lines);
- ``max_per_subcommand``: at most this many RP per sub-command (the formation right below the side's top
  formation) per turn (GT German: 1);
- ``accumulate``: renewable RP never accumulate (6.12/6.13); ``true`` is not supported and is reported.

One ``replacement`` event for a unit that is not already waiting to return is one attempt and spends one RP
(6.8: "one RP may be used to attempt to bring back one eliminated unit"). Renewable RP are spent first; one-time
RP are kept until used or lost at the end of the turn by the ``one_time_rp`` policy (GT 6.13 / MK 6.12).
"""

from __future__ import annotations

import math
from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb import loc


class Replacements:
    """RP available per friendly reinforcement phase versus replacement attempts logged."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": ("replacement",), "after": ("phase", "turn")}

    def __init__(self) -> None:
        self.banked: dict[str, int] = {}  # one-time RP not yet used, per side
        self.awarded: dict[str, set[str]] = {}  # bonus areas already paid, per side
        self.pending: set[str] = set()  # units whose attempt succeeded and that have not returned yet
        self.phase: dict[str, Any] | None = None  # {"side", "renewable", "one_time", "used", "per_sub"}

    @staticmethod
    def _rule(ctx: Any, side: str) -> dict[str, Any] | None:
        return next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == f"{side}_replacements"),
                    None)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "phase" and ev["phase"] == "reinforcement" and st.side:
            self.phase = self._open(ctx, st.side)
        elif ev["type"] == "turn" and ctx.policies.get("one_time_rp") == "same_turn":
            self.banked.clear()  # MK 6.12: single-use RP are lost at the end of the turn they are granted

    def phase_end(self, ctx: Any) -> None:
        self.phase = None  # renewable RP are not accumulated (6.13)

    def _open(self, ctx: Any, side: str) -> dict[str, Any] | None:
        rule = self._rule(ctx, side)
        if rule is None:
            return None
        p = rule.get("params") or {}
        st = ctx.state
        if p.get("accumulate"):
            ctx.could_not_check(ctx.rule("6.12"), f"{side} replacement points that accumulate")
        renewable = 0
        if st.turn >= int(p.get("from_turn") or 1):
            orel = any(str(e).startswith("orel") for e in st.notes.get("permanent_events", set()))
            per_turn = p.get("per_turn_after_orel") if orel and "per_turn_after_orel" in p else p.get("per_turn")
            renewable = int(per_turn or 0)
        for area in p.get("bonus_first_occupation") or []:
            done = self.awarded.setdefault(side, set())
            hexes = ctx.board.area(area) if ctx.board is not None else None
            if area in done or hexes is None:
                continue
            if any(loc.held(ctx, h, side) for h in hexes):
                done.add(area)
                self.banked[side] = self.banked.get(side, 0) + 1
        # RP per town held with a LOC are counted at the phase's first attempt (most phases have none, and a LOC
        # search is the costly part); reinforcements placed earlier in the phase may count
        lazy = bool(p.get("per_hex") and p.get("hexes") and st.turn >= int(p.get("from_turn") or 1))
        return {"side": side, "renewable": renewable, "used": 0, "per_sub": {}, "cap": p.get("max_per_subcommand"),
                "rule": rule, "per_hex": p if lazy else None}

    @staticmethod
    def _per_hex(ctx: Any, side: str, p: dict[str, Any]) -> int:
        edges = loc.edge_hexes(ctx, loc.friendly_edges(ctx, side))
        if edges is None:
            return 0
        n = sum(1 for h in p["hexes"] if loc.held(ctx, h, side) and loc.has_loc(ctx, h, side, edges))
        value = float(p["per_hex"]) * n
        return math.ceil(value - 1e-9) if p.get("round", "up") == "up" else math.floor(value + 1e-9)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "replacement":
            return
        uid = ev["unit"]
        if ev.get("hex"):
            ctx.state.notes.setdefault("replaced", {})[uid] = ctx.state.turn  # for MK 24.7 rail use (movement.py)
            _edge_check(ctx, uid, ev["hex"])
        if uid in self.pending:  # a successful attempt's unit coming back: no RP spent now
            self.pending.discard(uid)
            return
        roll = ev.get("roll")
        if isinstance(roll, int) and 1 <= roll <= 4 and not ev.get("hex"):
            self.pending.add(uid)
        side = ctx.side_of(uid) or ctx.state.side
        ph = self.phase
        if ph is None or ph["side"] != side:
            if self._rule(ctx, side) is None:
                ctx.could_not_check(ctx.rule("6.8"), f"the scenario gives {side} no replacement points rule")
            return  # outside the side's reinforcement phase: the sequence check reports it
        if ph["per_hex"] is not None:
            ph["renewable"] += self._per_hex(ctx, side, ph["per_hex"])
            ph["per_hex"] = None
        ph["used"] += 1
        nm = ctx.name(uid)
        banked = self.banked.get(side, 0)
        if ph["used"] > ph["renewable"] + banked:
            ctx.error(ctx.rule("6.8"), f"{nm} is replacement attempt number {ph['used']} this phase; {side} has "
                      f"{ph['renewable']} RP this turn" + (f" and {banked} one-time RP" if banked else ""),
                      units=[uid])
        elif ph["used"] > ph["renewable"]:
            self.banked[side] = banked - 1  # one-time RP are expended by being used
        cap = ph["cap"]
        if isinstance(cap, int):
            sub = _subcommand(ctx, uid)
            ph["per_sub"][sub] = ph["per_sub"].get(sub, 0) + 1
            if sub and ph["per_sub"][sub] > cap:
                ctx.error(ctx.rule("6.8"), f"{nm} is the replacement number {ph['per_sub'][sub]} for sub-command "
                          f"{sub} this turn; the scenario allows {cap}", units=[uid])


def _edge_check(ctx: Any, uid: str, h: str) -> None:
    """6.9 (and both scenarios): a returning replacement enters at a friendly map edge."""
    side = ctx.side_of(uid)
    areas = loc.friendly_edges(ctx, side or "")
    if not areas or ctx.board is None:
        return
    edges = loc.edge_hexes(ctx, areas)
    if edges is not None and h not in edges:
        ctx.error(ctx.rule("6.9"), f"{ctx.name(uid)} returns at {h}, which is not on a {side} friendly map edge "
                  f"({', '.join(areas)})", units=[uid], hexes=[h])


def _subcommand(ctx: Any, uid: str) -> str | None:
    """The formation right below the side's top formation in the unit's chain (GT: the SS division)."""
    chain = c._formation_chain(ctx, c.record(ctx, uid).get("formation"))
    return chain[-2] if len(chain) >= 2 else (chain[0] if chain else None)
