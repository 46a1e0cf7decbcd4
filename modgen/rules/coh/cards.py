"""Action cards in hand (Fig 29: "He plays an auto-rally action card"; 21.0: "Cards may not be traded between forces",
so each player, or force, holds his own cards).

A hand is hidden from the opponent, so a log records it only when the players declare their draws: a ``draw`` event
(chat ``!draw CARD [SIDE]``) puts a card in the drawing player's hand, and a card played (an ``order`` event naming
the card) takes it out. When a player's draws are in the log, each card he plays must be in his hand. A player with no
``draw`` in the log has his plays unchecked (the coverage note of the ``sequence`` family says so): how many cards are
dealt, and when, is in the core rules' pre-round sequence, which the fragment names but does not hold (Fig 30).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from modgen.rules.coh import common as C
from modgen.rules.coh import players


class Hands:
    """The cards each player drew and has not played yet."""

    def __init__(self) -> None:
        self.hand: dict[str, Counter[str]] = {}

    def _holder(self, ctx: Any, ev: dict[str, Any]) -> str | None:
        """Whose hand: the event's ``player`` (3-4 player games, 21.0), its ``side``, or the side (force) of the unit
        the card is played on."""
        fs = players.forces(ctx)
        units = [ev["unit"]] if ev.get("unit") and ctx.units.get(ev["unit"]) else []
        if fs is not None and (force := players.player_of(ctx, fs, ev, units)) is not None:
            return force
        return ev.get("side") or (ctx.side_of(units[0]) if units else None)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "order" or not ev.get("order"):
            return
        who, card = self._holder(ctx, ev), str(ev["order"])
        hand = self.hand.get(who or "")
        if hand is None:
            return  # this player's draws are not in the log
        if hand[card] < 1:
            held = ", ".join(sorted(c for c, n in hand.items() if n > 0)) or "no cards"
            ctx.error(ctx.rule("Fig 29"), f"the {C.side_name(ctx, who)} player plays the {card.replace('_', ' ')} "
                      f"card, which is not in his hand (he holds {held})",
                      **C.at(ctx, [ev["unit"]] if ev.get("unit") and ctx.units.get(ev["unit"]) else []))
            return
        hand[card] -= 1

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "draw":
            who = self._holder(ctx, ev)
            if who is not None:
                self.hand.setdefault(who, Counter())[str(ev["card"])] += 1
