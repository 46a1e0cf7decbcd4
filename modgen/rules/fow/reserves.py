"""Flames of War p.96 Reserves, for missions whose scenario ``special_rules`` name them (an id containing
``reserves``; ``delayed`` in it for Delayed Reserves): "IMMEDIATE RESERVES At the start of your first turn roll a
die. On a roll of 5+ your first Unit arrives from the Reserve. It may be any Unit of your choice, but must arrive
now. At the start of your second turn roll two dice. ... adding one more die than the previous turn ... Each roll of
5+ brings another Unit on from your Reserves. If you rolled three or more dice to get Reserves in a turn, but failed
to score any rolls of 5+, you automatically receive one Unit from Reserve anyway." and "DELAYED RESERVES ... you do
not start rolling for your Reserves until turn three, and then get one die."

The roll is a ``reserves`` event (``side``, ``dice``) in the side's Starting Step (p.16 puts it after Victory and
Ambushes); a Unit arrives when its teams are set up on the table during play (``setup`` with ``pos``; a Transport
Brought Forward, p.23, is not an arrival). The dice are counted by game turn (``turn`` events). Where Reserves
enter (an edge, or within 16"/40cm of a corner) depends on the mission's map and is not checked.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.transport import is_transport

#: p.96: each die of 5+ brings a Unit.
ARRIVES_ON = 5
#: p.96: three or more dice without a 5+ still bring one Unit.
AUTO_DICE = 3


def reserve_rule(ctx: Any) -> str | None:
    """The mission's Reserves rule: ``delayed``, ``immediate``, or None when it has no Reserves."""
    for r in (getattr(ctx, "scenario", None) or {}).get("special_rules") or []:
        rid = str(r.get("id", "")) if isinstance(r, dict) else ""
        if "reserves" in rid:
            return "delayed" if "delayed" in rid else "immediate"
    return None


def dice_due(rule: str, turn: int) -> int:
    """How many Reserve dice a player rolls at the start of game turn ``turn`` (p.96)."""
    return max(0, turn - 2) if rule == "delayed" else max(0, turn)


class Reserves:
    """p.96: the Reserve dice each turn, and how many Units arrive."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        rule = reserve_rule(ctx)
        if rule is None:
            return
        if ev["type"] == "reserves":
            self._roll(ctx, ev, rule)
        elif ev["type"] == "setup" and ctx.state.phase is not None and ev.get("unit") in ctx.units \
                and isinstance(ev.get("pos"), list) and not is_transport(T.team(ctx, ev["unit"])):
            self._arrive(ctx, ev)

    def _roll(self, ctx: Any, ev: dict[str, Any], rule: str) -> None:
        side = ev.get("side") or ctx.state.side
        turn = int(getattr(ctx.state, "turn", 0) or 0)
        dice = [d for d in ev.get("dice") or [] if isinstance(d, int)]
        due = dice_due(rule, turn)
        label = "Delayed Reserves" if rule == "delayed" else "Reserves"
        if ctx.state.phase != "starting" or side != ctx.state.side:
            ctx.error(ctx.rule("p.96"), f"{side} rolls for {label} in the {ctx.state.phase or 'set-up'} step"
                      + ("" if side == ctx.state.side else " of the enemy's turn") + "; Reserves are rolled at the "
                      "start of the player's own turn (the Starting Step, p.16)")
        if len(dice) != due:
            ctx.error(ctx.rule("p.96"), f"{side} rolls {len(dice)} dice for {label} in turn {turn}; the rule gives "
                      f"{due} (" + ("one die from turn three, one more each turn" if rule == "delayed"
                                    else "one die in the first turn, one more each turn") + ")")
        earned = sum(1 for d in dice if d >= ARRIVES_ON)
        if earned == 0 and len(dice) >= AUTO_DICE:
            earned = 1
        ctx.state.per_player_turn["fow_reserves"] = {"earned": earned, "dice": dice, "index": ctx.index or 0,
                                                     "side": side, "arrived": []}

    def _arrive(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        group = T.team(ctx, uid).group
        seen = ctx.state.notes.setdefault("fow_units_on_table", set())
        roll = ctx.state.per_player_turn.get("fow_reserves")
        if group in seen or (roll is not None and group in roll["arrived"]):
            return
        pos = [float(ev["pos"][0]), float(ev["pos"][1])]
        if roll is None or roll["side"] != ctx.side_of(uid):
            ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)}'s Unit arrives from Reserve at ({pos[0]:.1f}, "
                      f"{pos[1]:.1f}) without a Reserves roll this turn", units=[uid], position=pos)
            return
        roll["arrived"].append(group)
        if len(roll["arrived"]) > roll["earned"]:
            ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)}'s Unit arrives from Reserve at ({pos[0]:.1f}, "
                      f"{pos[1]:.1f}), Unit {len(roll['arrived'])} this turn; the Reserves roll "
                      f"{', '.join(map(str, roll['dice'])) or 'of no dice'} (event {roll['index']}) brings "
                      f"{roll['earned']}", units=[uid], position=pos)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] in ("setup", "move") and ev.get("unit") in ctx.units and ctx.table is not None:
            roll = ctx.state.per_player_turn.get("fow_reserves")
            g = T.team(ctx, ev["unit"]).group
            if ctx.state.phase is None or roll is None or g not in roll["arrived"]:
                ctx.state.notes.setdefault("fow_units_on_table", set()).add(g)

    def phase_end(self, ctx: Any) -> None:
        """At the end of the Movement Step: every Unit the roll brought has arrived ("must arrive now"), while
        Units remain in Reserve."""
        if ctx.table is None or ctx.state.phase != "movement" or reserve_rule(ctx) is None:
            return
        roll = ctx.state.per_player_turn.get("fow_reserves")
        if roll is None or len(roll["arrived"]) >= roll["earned"]:
            return
        seen = ctx.state.notes.get("fow_units_on_table", set()) | set(roll["arrived"])
        waiting: dict[str, str] = {}  # unit -> a team of it, to name it
        for u, rec in ctx.units.items():
            if rec.get("kind") in ("team", "unit") and rec.get("side") == roll["side"] \
                    and not is_transport(T.team(ctx, u)) and not T.destroyed(ctx, u):
                g = T.team(ctx, u)
                if g.group not in seen and (g.leader or g.group not in waiting):
                    waiting[g.group] = u
        if waiting:
            ctx.error(ctx.rule("p.96"), f"{roll['side']}'s Reserves roll {', '.join(map(str, roll['dice']))} "
                      f"(event {roll['index']}) brings {roll['earned']} Unit(s) but {len(roll['arrived'])} arrived "
                      "by the end of the Movement Step, with "
                      f"{', '.join(ctx.name(u) + chr(39) + 's Unit' for u in waiting.values())} still in Reserve; "
                      "Units brought from Reserve must arrive now", units=list(waiting.values()))
