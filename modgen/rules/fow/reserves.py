"""Flames of War p.96 Reserves, for missions whose scenario ``special_rules`` name them (an id containing
``reserves``; its words pick Delayed, Deep, Scattered and Flanking; ``sides`` who uses it; :mod:`.missions`):
"IMMEDIATE RESERVES At the start of your first turn roll a die. On a roll of 5+ your first Unit arrives from the
Reserve. It may be any Unit of your choice, but must arrive now. At the start of your second turn roll two dice. ...
adding one more die than the previous turn ... Each roll of 5+ brings another Unit on from your Reserves. If you
rolled three or more dice to get Reserves in a turn, but failed to score any rolls of 5+, you automatically receive
one Unit from Reserve anyway." and "DELAYED RESERVES ... you do not start rolling for your Reserves until turn
three, and then get one die." "When a Unit arrives from Reserves, it and its Attachments move onto the table from
the table edge specified in the mission. The entire Unit must be In Command at the end of its Movement in the turn
it arrives from Reserves. ... A Unit may not use Movement Orders until it has moved on to the table." "SCATTERED
RESERVES When each Unit arrives from Scattered Reserve, the owning player rolls a die to determine which table edge
or corner it will arrive from using the mission map as reference. ... on a corner, it must enter the table within
16"/40cm of the corner."

The roll is a ``reserves`` event (``side``, ``dice``) in the side's Starting Step (p.16 puts it after Victory and
Ambushes); a Unit arrives when its teams are set up on the table during play (``setup`` with ``pos``: where the team
enters; a Transport Brought Forward, p.23, and a Unit revealed from Ambush, p.95, are not arrivals). The dice are
counted by game turn (``turn`` events). Where a Unit enters: the rule's ``params.entry`` zones, or for Scattered
Reserves the zone ``params.scatter`` gives for the ``scatter`` event's die (the die-to-edge numbering is on the
mission maps, so it is the designer's data); without them the entry point is reported as not checked.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import point_in_polygon
from modgen.rules.fow import missions as M
from modgen.rules.fow import teams as T
from modgen.rules.fow.ambush import held_in_ambush
from modgen.rules.fow.movement import out_of_command
from modgen.rules.fow.transport import is_transport

#: p.96: each die of 5+ brings a Unit.
ARRIVES_ON = 5
#: p.96: three or more dice without a 5+ still bring one Unit.
AUTO_DICE = 3


def reserve_rule(ctx: Any, side: str | None = None) -> str | None:
    """The side's Reserves rule: ``delayed``, ``immediate``, or None when it has no Reserves."""
    r = M.reserves(ctx, side)
    if r is None:
        return None
    return "delayed" if "delayed" in r["kinds"] else "immediate"


def dice_due(rule: str, turn: int) -> int:
    """How many Reserve dice a player rolls at the start of game turn ``turn`` (p.96)."""
    return max(0, turn - 2) if rule == "delayed" else max(0, turn)


class Reserves:
    """p.96: the Reserve dice each turn, how many Units arrive, where they enter, and that they arrive In Command
    and issue no orders before they are on the table."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        if ev["type"] == "reserves":
            rule = reserve_rule(ctx, ev.get("side") or ctx.state.side)
            if rule is not None:
                self._roll(ctx, ev, rule)
        elif ev["type"] == "scatter" and ev.get("unit") in ctx.units:
            ctx.state.per_player_turn.setdefault("fow_scatter", {})[T.team(ctx, ev["unit"]).group] = ev
        elif ev["type"] == "order" and ev.get("unit") in ctx.units and ctx.state.phase is not None \
                and ev["unit"] not in ctx.state.table_pos and reserve_rule(ctx, ctx.side_of(ev["unit"])):
            ctx.error(ctx.rule("p.96"), f"{ctx.name(ev['unit'])} issues a Movement Order while its Unit is still "
                      "off the table; a Unit may not use Movement Orders until it has moved on to the table",
                      units=[ev["unit"]])
        elif ev["type"] == "setup" and ctx.state.phase is not None and ev.get("unit") in ctx.units \
                and isinstance(ev.get("pos"), list) and not is_transport(T.team(ctx, ev["unit"])) \
                and not held_in_ambush(ctx, ev["unit"]) and reserve_rule(ctx, ctx.side_of(ev["unit"])) \
                and ctx.units[ev["unit"]].get("class") != "aircraft":  # placed after an Aircraft roll (.airreserve)
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
        pos = [float(ev["pos"][0]), float(ev["pos"][1])]
        seen = ctx.state.notes.setdefault("fow_units_on_table", set())
        roll = ctx.state.per_player_turn.get("fow_reserves")
        if group in seen:
            return
        core = T.team(ctx, uid).attached_to
        if core:  # p.96: an Attachment comes on with its core Unit, by the same edge; not a Unit of the roll
            self._entry(ctx, uid, core, pos)
            ctx.state.per_player_turn.setdefault("fow_attached_arrivals", {})[group] = uid
            return
        self._entry(ctx, uid, group, pos)
        if roll is not None and group in roll["arrived"]:
            return
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

    def _entry(self, ctx: Any, uid: str, group: str, pos: list[float]) -> None:
        """The team enters inside one of the mission's entry zones (an edge, or 16"/40cm around a corner)."""
        side = ctx.side_of(uid)
        r = M.reserves(ctx, side) or {"kinds": set(), "params": {}}
        zids = list(r["params"].get("entry") or [])
        if "scattered" in r["kinds"]:
            sc = ctx.state.per_player_turn.get("fow_scatter", {}).get(group)
            table = r["params"].get("scatter") or {}
            if sc is None:
                ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)}'s Unit arrives from Scattered Reserve at "
                          f"({pos[0]:.1f}, {pos[1]:.1f}) without a die for its table edge or corner",
                          units=[uid], position=pos)
                return
            z = table.get(str(sc.get("roll")))
            if z is None:
                ctx.could_not_check(ctx.rule("p.96"), f"the mission gives no Scattered Reserves edge for a "
                                    f"{sc.get('roll')} (params.scatter)")
                return
            zids = [z]
        if not zids:
            ctx.could_not_check(ctx.rule("p.96"), f"the mission gives {side} no Reserves entry zone (params.entry)")
            return
        zones = [z for zid in zids if (z := M.zone(ctx, zid)) is not None]
        if not zones:
            ctx.could_not_check(ctx.rule("p.96"), f"the table has none of the entry zones {', '.join(zids)}")
            return
        if not any(point_in_polygon(pos, z["polygon"]) for z in zones):
            ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)} enters from Reserve at ({pos[0]:.1f}, {pos[1]:.1f}), "
                      f"outside {' or '.join(z.get('name', z['id']) for z in zones)}, where the mission's Reserves "
                      "arrive", units=[uid], position=pos)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] in ("setup", "move") and ev.get("unit") in ctx.units and ctx.table is not None:
            roll = ctx.state.per_player_turn.get("fow_reserves")
            g = T.team(ctx, ev["unit"]).group
            came = ctx.state.per_player_turn.get("fow_attached_arrivals", {})
            if ctx.state.phase is None or roll is None or (g not in roll["arrived"] and g not in came):
                ctx.state.notes.setdefault("fow_units_on_table", set()).add(g)

    def phase_end(self, ctx: Any) -> None:
        """At the end of the Movement Step: every Unit the roll brought has arrived ("must arrive now"), while
        Units remain in Reserve, and every team of an arriving Unit is In Command."""
        if ctx.table is None or ctx.state.phase != "movement" or reserve_rule(ctx, ctx.state.side) is None:
            return
        roll = ctx.state.per_player_turn.get("fow_reserves")
        if roll is None:
            return
        self._in_command(ctx, roll)
        if len(roll["arrived"]) >= roll["earned"]:
            return
        seen = ctx.state.notes.get("fow_units_on_table", set()) | set(roll["arrived"])
        waiting: dict[str, str] = {}  # unit -> a team of it, to name it
        air_held = ctx.state.notes.get("fow_air_reserve", {})
        air_came = ctx.state.notes.get("fow_air_arrived", set())
        for u, rec in ctx.units.items():
            if rec.get("kind") in ("team", "unit") and rec.get("side") == roll["side"] \
                    and not is_transport(T.team(ctx, u)) and not T.destroyed(ctx, u) \
                    and ctx.state.off_map.get(u) != "ambush" \
                    and not T.team(ctx, u).attached_to:  # p.95 Ambush counts as on the table; Attachments: .attachments
                g = T.team(ctx, u)
                if rec.get("class") == "aircraft" and (g.group not in air_held or g.group in air_came):
                    continue  # p.44: an Aircraft Unit is in Reserve only when held there (.airreserve)
                if g.group not in seen and (g.leader or g.group not in waiting):
                    waiting[g.group] = u
        if waiting:
            ctx.error(ctx.rule("p.96"), f"{roll['side']}'s Reserves roll {', '.join(map(str, roll['dice']))} "
                      f"(event {roll['index']}) brings {roll['earned']} Unit(s) but {len(roll['arrived'])} arrived "
                      "by the end of the Movement Step, with "
                      f"{', '.join(ctx.name(u) + chr(39) + 's Unit' for u in waiting.values())} still in Reserve; "
                      "Units brought from Reserve must arrive now", units=list(waiting.values()))

    def _in_command(self, ctx: Any, roll: dict[str, Any]) -> None:
        m = T.measure(ctx)
        for g in roll["arrived"]:
            for u, leader, d, limit in out_of_command(ctx, g):
                ctx.error(ctx.rule("p.96"), f"{ctx.name(u)} ends the Movement Step its Unit arrived from Reserve "
                          f"{m.show(d)} from its Unit Leader {ctx.name(leader)}; the entire Unit must be In "
                          f"Command (within {m.show(limit)}) at the end of its arrival move", units=[u, leader],
                          position=list(ctx.state.table_pos[u]))
