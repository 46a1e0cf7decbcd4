"""Flames of War Foxholes that come without digging: p.93 "START IN FOXHOLES AND GONE TO GROUND All Infantry and Gun
Teams start the game in Foxholes, giving them Concealment and Bulletproof Cover"; p.95 "ALREADY THERE ... Infantry
and Gun Units are in Foxholes when they are placed on the table from Ambush"; p.24 they keep them "until they Move".

The team keeps its Foxholes until its next ``move``; a ``foxholes`` (or ``dug_in``) marker says the same for teams
that Dug In (p.24). What Foxholes change here: Bulletproof Cover against a Bombardment (p.48, :mod:`.preplanned`).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.ambush import held_in_ambush

_KEY = "fow_foxholes"


def in_foxholes(ctx: Any, uid: str) -> bool:
    """Is the team in Foxholes now (started or was placed from Ambush in them and has not moved, or marked)?"""
    return uid in ctx.state.notes.get(_KEY, set()) or T.marked(ctx, uid, "foxholes", "dug_in", "entrenched")


class Foxholes:
    """Keeps which Infantry and Gun Teams are in Foxholes (p.93 at the start, p.95 from Ambush, p.24 until they
    move)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        if ctx.table is None or uid not in ctx.units:
            return
        held = ctx.state.notes.setdefault(_KEY, set())
        if ev["type"] == "move":
            held.discard(uid)
        elif ev["type"] == "setup" and isinstance(ev.get("pos"), list) and \
                T.team(ctx, uid).cls in ("infantry", "gun") and \
                (ctx.state.phase is None or held_in_ambush(ctx, uid)):
            held.add(uid)
        elif ev["type"] in ("exit", "loss"):
            held.discard(uid)
