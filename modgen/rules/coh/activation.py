"""Activations and points (20.0, 17.0, Fig 26-30): the 7-AP pool, what each action costs, CAPs, spent units,
alternating actions, passes and the end of the round, transport, hit counters that forbid an action, and the
bookkeeping of a destroyed unit (VP, CAP track).

An activated unit or group receives ``activation_ap`` AP (20.0: 7). Each action's cost is worked out from the data:
a move from the unit's open cost per hex and the terrain table (16.0 road congestion for wheeled vehicles), fire
from the printed cost (:func:`~modgen.rules.coh.fire.fire_cost`), a pivot 1 (Fig 27), a stall 1 (Fig 28), a load or
unload the carried unit's open move cost (17.0), a card its ``action_costs`` row. CAPs paid (``cap`` on the event, or
a ``cap`` event before it) count first; the rest comes from the acting unit's pool, and a unit that is not in an open
activation (never activated, or spent) may act only on CAPs or a card (Fig 27: the gun pivots for 1CAP; Fig 29: the
spent tank fires for 3CAPs).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules import pathfinding
from modgen.rules.coh import common as C
from modgen.rules.coh import players
from modgen.rules.coh.common import at as _at
from modgen.rules.coh.fire import fire_cost
from modgen.rules.state import Activation

_COST_RULE = {"move": "16.0", "attack": "15.5", "pivot": "Fig 27", "stall": "Fig 28", "unload": "17.0",
              "load": "17.0", "order": "Fig 29", "rally": "15.2", "smoke": "19.0", "occupy": "18.2", "leave": "18.2",
              "entrench": "18.1", "air_action": "20.0"}
#: actions whose cost is one ``action_costs`` row (19.0 engineer smoke 3, 18.2 occupy/leave +1, 18.1 hasty defense 7)
_TABLE_COST = {"smoke": "engineer_smoke", "occupy": "occupy_fortification", "leave": "leave_fortification_in_hex",
               "entrench": "hasty_defense"}


class Play:
    """One checker for the activation bookkeeping of a round."""

    def __init__(self) -> None:
        self.active: dict[str, Activation] = {}  # side -> its open activation
        self.spent: set[str] = set()
        self.caps: dict[str, int] = {}  # CAPs spent this round, per side
        self.destroyed: dict[str, int] = {}  # units lost so far, per side (each fills a CAP track space)
        self.cap_credit: dict[str, int] = {}
        self.card_free: set[str] = set()  # units a command action card lets act once
        self.last: tuple[str, str | None, int] | None = None  # (action, side, event index) of the last action
        self.over: int | None = None  # index of the pass that ended the round
        self.acted = False
        self.vp_due: list[tuple[str, str, int]] = []  # (side owed, unit lost, event index)
        self.vp_got: dict[str, float] = {}
        self.wire: tuple[str, str | None, str | None, int] | None = None  # (unit, hex, side, index) of a wire roll
        self.wire_lost: set[str] = set()  # units whose wire attempt forfeited their remaining APs (18.4)
        self.order: players.TurnOrder | None = None  # 3-4 player games: the round's player turns (21.0)

    def _new_round(self) -> None:
        """Activations, spent units, CAPs spent and passes belong to one round; destroyed units stay on the CAP
        track."""
        self.active, self.spent, self.caps, self.cap_credit, self.card_free = {}, set(), {}, {}, set()
        self.last, self.over, self.acted, self.wire, self.wire_lost = None, None, False, None, set()
        self.order = None

    # ---- helpers -----------------------------------------------------------------------------------------------
    def _key(self, ctx: Any, ev: dict[str, Any], units: list[str]) -> str | None:
        """Whose activation, CAPs and turn the event is: the side, or in a 3-4 player game the force (21.0: "Each
        player has his own track sheet and force to command")."""
        fs = players.forces(ctx)
        if fs is not None and (force := players.player_of(ctx, fs, ev, units)) is not None:
            return force
        return ev.get("side") or (ctx.side_of(units[0]) if units else None)

    def _turns(self, ctx: Any) -> players.TurnOrder | None:
        fs = players.forces(ctx)
        if fs is not None and self.order is None:
            self.order = players.TurnOrder(fs)
        return self.order

    def _pool(self, ctx: Any) -> int | None:
        n = ctx.tables.get("activation_ap")
        if not isinstance(n, int):
            ctx.could_not_check(ctx.rule("20.0"), "the game data has no activation_ap (APs per activation)")
            return None
        return n

    def _carried(self, ctx: Any) -> dict[str, str]:
        return ctx.state.notes.setdefault("coh_carried", {})

    def _close(self, ctx: Any, side: str | None) -> None:
        """End ``side``'s open activation: its units are spent."""
        act = self.active.pop(side or "", None)
        if act is not None:
            self.spent.update(act.units)

    def _activation_of(self, uid: str) -> Activation | None:
        return next((a for a in self.active.values() if uid in a.units), None)

    def _spend_caps(self, ctx: Any, side: str | None, n: int, why: str) -> None:
        if n <= 0 or side is None:
            return
        self.caps[side] = self.caps.get(side, 0) + n
        start = ((ctx.scenario.get("victory") or {}).get("starting_cap") or {}).get(side)
        if start is None:
            ctx.could_not_check(ctx.rule("21.3"), "the scenario gives no starting CAP level")
            return
        lost = self.destroyed.get(side, 0)
        if self.caps[side] > start - lost:
            ctx.error(ctx.rule("21.3"), f"the {C.side_name(ctx, side)} player spends {n} CAP for {why}, "
                      f"{self.caps[side]} this round, but has only {start - lost} (starting level {start}, "
                      f"{lost} space(s) filled by destroyed units, Fig 28)")

    # ---- the hooks ---------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in (*C.ACTIONS, "activate", "turn", "phase", "game_end"):
            self._vp_check(ctx)
        if t == "turn":
            self._round_end(ctx, "a new round begins")
            self._new_round()
            return
        if t == "phase" and ev.get("phase") == "round_end":
            self._round_end(ctx, "the round ends")
        elif t == "activate":
            self._activate(ctx, ev)
        elif t in C.ACTIONS:
            self._action(ctx, ev)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, carried = ev["type"], self._carried(ctx)
        if t == "setup" and ev.get("carried_by"):
            carried[ev["unit"]] = ev["carried_by"]
        elif t == "move":
            for u, v in carried.items():
                if v == ev["unit"]:
                    ctx.state.place(u, ctx.state.position.get(v))
        elif t == "unload":
            carried.pop(ev["unit"], None)
        elif t == "load":
            carried[ev["unit"]] = ev["vehicle"]
        elif t == "pivot" or (t == "leave" and ev.get("facing") is not None):  # 18.2: leaving, "may pivot freely"
            ctx.state.facing[ev["unit"]] = float(ev["facing"])
        elif t == "spent" or (t == "flip" and ev.get("face") == "spent"):
            for u in ev.get("units") or [ev.get("unit")]:
                act = self._activation_of(u)
                if act is not None:
                    self._close(ctx, next(s for s, a in self.active.items() if a is act))
                self.spent.add(u)
        elif t == "cap":
            side = self._key(ctx, ev, [ev["unit"]] if ev.get("unit") else [])
            if side is None and ev.get("purpose") == "roll":  # (a chat !cap N roll names no side: the roller's)
                side = self._roller(ctx)
            self._spend_caps(ctx, side, int(ev["cap"]), "a roll" if ev.get("purpose") == "roll" else "an action")
            if ev.get("purpose") != "roll" and side:
                self.cap_credit[side] = self.cap_credit.get(side, 0) + int(ev["cap"])
        elif t == "roll" and ev.get("purpose") == "wire" and ev.get("unit") and ctx.units.get(ev["unit"]):
            self.wire = (ev["unit"], ev.get("hex"), ev.get("side") or ctx.side_of(ev["unit"]), ctx.index or 0)
        if t == "roll" and (turns := self._turns(ctx)) is not None:
            turns.roll(ev)
        if t == "roll" and ev.get("cap"):
            side = self._key(ctx, ev, [ev["unit"]] if ev.get("unit") else []) or self._roller(ctx)
            self._spend_caps(ctx, side, int(ev["cap"]), "a roll")
        elif t == "loss" and ev.get("eliminated", True) and not ev.get("steps"):
            side, key = ctx.side_of(ev["unit"]), self._key(ctx, {}, [ev["unit"]])
            if side and key:
                self.destroyed[key] = self.destroyed.get(key, 0) + 1  # the next lower open CAP space (Fig 28)
                owed = C.other_side(ctx, side)
                if owed and (ctx.scenario.get("victory") or {}).get("kill_vp"):
                    self.vp_due.append((owed, ev["unit"], ctx.index or 0))
            carried.pop(ev["unit"], None)
            for u in [u for u, v in carried.items() if v == ev["unit"]]:
                # 17.1: "If a transporting vehicle is destroyed, any surviving unit is placed on the map facing the
                # same way the vehicle was facing when destroyed": no longer carried
                del carried[u]
                if (face := ctx.state.facing.get(ev["unit"])) is not None:
                    ctx.state.facing[u] = face
        elif t == "vp" and not ev.get("hex"):  # a VP for an objective hex is not a kill's (21.0)
            self.vp_got[ev["side"]] = self.vp_got.get(ev["side"], 0) + float(ev["points"])

    def finish(self, ctx: Any) -> None:
        self._vp_check(ctx)

    def _roller(self, ctx: Any) -> str | None:
        att = ctx.state.current_attack
        return self._key(ctx, {}, att.attackers[:1]) if att and att.attackers else None

    # ---- activation --------------------------------------------------------------------------------------------
    def _activate(self, ctx: Any, ev: dict[str, Any]) -> None:
        units = [u for u in ev.get("units") or [] if ctx.units.get(u)]
        if not units:
            return
        self._after_round(ctx, ev, f"{ctx.name(units[0])} is activated")
        side = self._key(ctx, ev, units)
        for u in units:
            if u in self.spent:
                ctx.error(ctx.rule("Fig 26-30"), f"{ctx.name(u)} is activated again, but it is spent this round; "
                          "a spent unit is not activated again until the next round (it may still act with CAPs "
                          "or cards)", **_at(ctx, [u]))
            elif self._activation_of(u) is not None and u not in (self.active.get(side or "") or Activation([])).units:
                ctx.error(ctx.rule("Fig 26-30"), f"{ctx.name(u)} is activated while it is already active",
                          **_at(ctx, [u]))
        self._close(ctx, side)  # activating another unit ends the side's previous activation (Fig 30)
        group = units + [u for u, v in self._carried(ctx).items() if v in units and u not in units]  # 17.0
        act = ctx.state.activate(group, group="+".join(group) if len(group) > 1 else None)
        self.active[side or ""] = act

    def _after_round(self, ctx: Any, ev: dict[str, Any], what: str) -> None:
        if self.over is not None:
            many = players.forces(ctx) is not None
            ctx.error(ctx.rule("21.0" if many else "Fig 30"), f"{what} after "
                      f"{'all but one player' if many else 'both players'} passed in a row (event {self.over}); the "
                      "round is over", **_at(ctx, [u for u in [ev.get("unit"), *(ev.get("units") or [])] if u]))

    def _round_end(self, ctx: Any, what: str) -> None:
        if self.acted and self.over is None:
            many = players.forces(ctx) is not None
            ctx.error(ctx.rule("21.0" if many else "Fig 30"), f"{what}, but "
                      f"{'not all but one player' if many else 'the players did not both'} pass in a row to end "
                      f"round {ctx.state.turn}")
        self.over = self.over if self.over is not None else (-1 if self.acted else None)

    # ---- actions -----------------------------------------------------------------------------------------------
    def _actor(self, ctx: Any, ev: dict[str, Any]) -> tuple[list[str], str | None]:
        t = ev["type"]
        if t == "attack":
            units = [u for u in ev.get("attackers") or [] if ctx.units.get(u)]
        elif t == "move":
            units = [ev["unit"], *[u for u in ev.get("stack") or [] if ctx.units.get(u)]]
        elif t == "stall":
            act = self.active.get(self._key(ctx, ev, [ev["unit"]] if ev.get("unit") else []) or "")
            units = [ev["unit"]] if ev.get("unit") else (act.units[:1] if act else [])
        elif t == "load":
            units = [ev["vehicle"]]
        elif t == "unload":
            units = [self._carried(ctx).get(ev["unit"], ev["unit"])]
        elif t == "pass":
            units = []
        else:
            units = [ev["unit"]] if ev.get("unit") else []
        return units, self._key(ctx, ev, units)

    def _card_trade(self, ctx: Any, ev: dict[str, Any], units: list[str]) -> bool:
        """21.0: "Cards may not be traded between forces": a card played by one force's player on another force's
        unit. True when reported."""
        fs = players.forces(ctx)
        player = ev.get("player") if fs is not None else None
        other = [u for u in units if fs is not None and player in fs.side and fs.unit.get(u, player) != player]
        if fs is None or not other:
            return False
        ctx.error(ctx.rule("21.0"), f"{player} plays the {str(ev.get('order', '')).replace('_', ' ')} card on "
                  f"{ctx.name(other[0])} of {fs.unit[other[0]]}; cards may not be traded between forces and each "
                  "player commands his own force", **_at(ctx, units))
        return True

    def _action(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "order" and ev.get("order") == "command_action":
            if ev.get("unit"):  # the card pays for the unit's next action, which is the action (Fig 29)
                self.card_free.add(ev["unit"])
                self._card_trade(ctx, ev, [ev["unit"]])
            return
        if ctx.state.notes.get("coh_air_impulse") == ctx.index:
            return  # 20.0: an airplane's impulses are one action, the air_action (modgen.rules.coh.air)
        units, side = self._actor(ctx, ev)
        self._wire_attempt(ctx, ev)
        self._after_round(ctx, ev, f"a {t}" + (f" by {ctx.name(units[0])}" if units else ""))
        turns = self._turns(ctx)
        if turns is not None and side not in turns.fs.side:
            ctx.could_not_check(ctx.rule("21.0"), f"the {t} names no player's force (a 'player' or a unit of a "
                                "force), so the order of player turns and the passes are not checked")
            turns.passed(None, True)
        elif turns is not None:
            fault = turns.turn(side, f"a {t}" + (f" by {ctx.name(units[0])}" if units else ""))
            if fault:
                ctx.error(ctx.rule("21.0"), fault, **_at(ctx, units))
            other = [u for u in units if turns.fs.unit.get(u, side) != side]
            if other and not (t == "order" and self._card_trade(ctx, ev, units)):
                ctx.error(ctx.rule("21.0"), f"{side} acts with {ctx.name(other[0])} of {turns.fs.unit[other[0]]}; "
                          "each player commands his own force", **_at(ctx, units))
            if turns.passed(side, t != "pass") and self.over is None:
                self.over = ctx.index or 0
        elif len(ctx.sides) == 2 and self.last is not None and side is not None and self.last[1] == side:
            ctx.error(ctx.rule("17.0"), f"the {C.side_name(ctx, side)} player takes a second action in a row "
                      f"(after event {self.last[2]}); the players alternate single actions, the opponent acting or "
                      "passing after each one", **_at(ctx, units))
        if t == "pass":
            if turns is None and self.last is not None and self.last[0] == "pass" and self.last[1] != side:
                self.over = ctx.index or 0
            self._close(ctx, side)
        else:
            self.acted = True
            self._restrictions(ctx, ev, units)
            if ctx.state.notes.get("coh_air_free") != ctx.index:  # 20.0: a spent plane exits for no APs
                self._pay(ctx, ev, units, side)
        self.last = (t, side, ctx.index or 0)

    def _wire_attempt(self, ctx: Any, ev: dict[str, Any]) -> None:
        """18.4: a foot unit announced a move into wire and rolled its penalty; unless this action is that move, the
        unit did not pay: "the unit loses all of its remaining APs. This attempt counts as an action." (18.4)"""
        pending, self.wire = self.wire, None
        if pending is None:
            return
        uid, h, side, idx = pending
        path = [*(ev.get("path") or []), ev.get("to")] if ev["type"] == "move" else []
        if ev.get("unit") == uid and (h is None or h in path):
            return
        act = self._activation_of(uid)
        if act is not None:
            self._close(ctx, next((s for s, a in self.active.items() if a is act), None))
        self.wire_lost.add(uid)
        self.last = ("wire", side, idx)

    def _restrictions(self, ctx: Any, ev: dict[str, Any], units: list[str]) -> None:
        t = ev["type"]
        for u in units:
            for marker, row in C.effects(ctx, u):
                if row.get("only_rally") and t not in ("rally", "order"):
                    ctx.error(ctx.rule("15.2"), f"{ctx.name(u)} takes a {t} action with a {row.get('name', marker)} "
                              f"hit counter: \"{row.get('text', '')}\"", **_at(ctx, [u]))
                elif t == "move" and row.get("can_move") is False:
                    ctx.error(ctx.rule("15.2"), f"{ctx.name(u)} moves with a {row.get('name', marker)} hit counter: "
                              f"\"{row.get('text', '')}\"", **_at(ctx, [u]))
        if t == "move" and ev["unit"] in self._carried(ctx):
            v = self._carried(ctx)[ev["unit"]]
            ctx.error(ctx.rule("17.0"), f"{ctx.name(ev['unit'])} moves on its own while carried by {ctx.name(v)}; it "
                      "must be unloaded first", **_at(ctx, [ev["unit"], v]))
        if t == "stall" and units and C.unit_class(ctx, units[0]) == "airplane":
            ctx.error(ctx.rule("20.0"), f"{ctx.name(units[0])} stalls; airplanes may not stall", **_at(ctx, units))
        if t == "unload" and ev["unit"] not in self._carried(ctx):
            ctx.error(ctx.rule("17.0"), f"{ctx.name(ev['unit'])} is unloaded but is not carried", units=[ev["unit"]])
        if t == "load":
            carried = self._carried(ctx)
            if any(v == ev["vehicle"] for v in carried.values()):
                ctx.error(ctx.rule("17.0"), f"{ctx.name(ev['vehicle'])} loads {ctx.name(ev['unit'])} but already "
                          "carries a unit; a vehicle transports one foot unit, one gun or one immobilized vehicle",
                          **_at(ctx, [ev["vehicle"], ev["unit"]]))
            self._tow(ctx, ev["vehicle"], ev["unit"])
            if ctx.state.position.get(ev["unit"]) != ctx.state.position.get(ev["vehicle"]):
                ctx.error(ctx.rule("17.0"), f"{ctx.name(ev['vehicle'])} loads {ctx.name(ev['unit'])} from another hex",
                          **_at(ctx, [ev["vehicle"], ev["unit"]]))

    def _tow(self, ctx: Any, vehicle: str, unit: str) -> None:
        """17.0: "All vehicles may transport one foot unit, pull one gun, or pull one immobilized vehicle (14.1)":
        the carrier is a vehicle; a vehicle is pulled only while an Immobilized-type hit counter (no move, other
        actions allowed) lies on it. How towing works beyond that is 14.1, which the fragment lacks."""
        kw = _at(ctx, [vehicle, unit])
        if C.unit_class(ctx, vehicle) != "vehicle":
            ctx.error(ctx.rule("17.0"), f"{ctx.name(vehicle)} loads {ctx.name(unit)}, but only vehicles transport or "
                      "pull units", **kw)
            return
        cls = C.unit_class(ctx, unit)
        if cls == "vehicle":
            if not any(r.get("can_move") is False and not r.get("only_rally") for _, r in C.effects(ctx, unit)):
                ctx.error(ctx.rule("17.0"), f"{ctx.name(vehicle)} pulls {ctx.name(unit)}, which is not immobilized; "
                          "a vehicle may pull one immobilized vehicle (14.1), not a vehicle that can move", **kw)
        elif cls not in ("foot", "gun"):
            ctx.error(ctx.rule("17.0"), f"{ctx.name(vehicle)} loads {ctx.name(unit)} ({cls or 'no class'}); a vehicle "
                      "transports one foot unit, pulls one gun or one immobilized vehicle", **kw)

    # ---- costs and payment -------------------------------------------------------------------------------------
    def _cost(self, ctx: Any, ev: dict[str, Any], units: list[str]) -> tuple[int | None, str]:
        t = ev["type"]
        if t in ("move", "attack"):
            free = bool(units) and units[0] in self.card_free
            costs = [self._move_cost(ctx, u, ev) if t == "move" else fire_cost(ctx, u, ev, free) for u in units]
            if any(c[0] is None for c in costs):
                bad = next(c for c in costs if c[0] is None)[1]
                if t == "attack":
                    ctx.could_not_check(ctx.rule("15.5"), "; ".join(bad))
                return None, ""
            return self._group(ctx, [(c[0] or 0, c[1] if isinstance(c[1], str) else ", ".join(c[1])) for c in costs])
        if t in ("pivot", "stall"):  # Fig 27 (1CAP), Fig 28 (1AP)
            n = ((ctx.tables.get("action_costs") or {}).get(t) or {}).get("ap", 1)
            return int(n), f"{t} {n}"
        if t in ("unload", "load"):
            n = C.values(ctx, ev["unit"]).get("move_cost")
            return (int(n), f"{ctx.name(ev['unit'])}'s open-terrain move cost {n}") if n is not None else (None, "")
        if t == "order":
            return self._card_cost(ctx, ev)
        if t == "air_action":  # the impulses are checked against it when the sequence ends (modgen.rules.coh.air)
            if "ap" not in ev:
                return None, ""
            return int(ev["ap"]) + int(ev.get("cap") or 0), "as declared for its impulses"
        if t in _TABLE_COST:
            n = ((ctx.tables.get("action_costs") or {}).get(_TABLE_COST[t]) or {}).get("ap")
            if not isinstance(n, int):
                ctx.could_not_check(ctx.rule(_COST_RULE[t]), f"the game data gives no AP cost for {_TABLE_COST[t]}")
                return None, ""
            return n, f"{t} {n}"
        row = (ctx.tables.get("action_costs") or {}).get("rally") or {}
        if row.get("ap") is None:
            ctx.could_not_check(ctx.rule("15.2"), "the AP cost of a rally (7.x) is not in the game data")
            return None, ""
        return int(row["ap"]), f"rally {row['ap']}"

    def _group(self, ctx: Any, costs: list[tuple[int, str]]) -> tuple[int, str]:
        """A group action's cost (9.11 is not in the fragment): the highest member's (``group_action_cost``
        policy ``highest``, as the 17.0 example's group fire for 2APs) or their sum."""
        if len(costs) == 1:
            return costs[0]
        if ctx.policies.get("group_action_cost", "highest") == "sum":
            return sum(c for c, _ in costs), "group: " + "; ".join(w for _, w in costs)
        best = max(costs, key=lambda c: c[0])
        return best[0], f"group, highest cost: {best[1]}"

    def _card_cost(self, ctx: Any, ev: dict[str, Any]) -> tuple[int | None, str]:
        name = ev.get("order", "")
        row = (ctx.tables.get("action_costs") or {}).get(f"{name}_card") or {}
        if not isinstance(row.get("ap"), int):
            ctx.could_not_check(ctx.rule("Fig 29"), f"the game data gives no AP cost for the {name} card")
            return None, ""
        return row["ap"], f"{name.replace('_', '-')} card {row['ap']}"

    def _move_cost(self, ctx: Any, uid: str, ev: dict[str, Any]) -> tuple[int | None, str]:
        if ctx.board is None:
            return None, ""
        start = ev.get("from") or ctx.state.position.get(uid)
        end = ev.get("to") or (ev.get("path") or [None])[-1]
        why: list[str] = []

        def step(a: str, b: str) -> Fraction | None:
            c, w = C.step_cost(ctx, uid, a, b)
            if c is None and w:
                why.append(w)
            return c

        path = ev.get("path")
        if path and len(path) > 1:
            total, _ = pathfinding.path_cost(list(path), step)
        elif start and end:
            found = pathfinding.cheapest_path(start, end, ctx.board.neighbours, step)
            total, path = (found if found else (None, None))
        else:
            return None, ""
        if total is None:
            if why:
                ctx.could_not_check(ctx.rule("16.0"), why[0])
            return None, ""
        hexes = " → ".join(path or [])
        return C.ap(total), f"{hexes}: {C.ap(total)}AP ({C.values(ctx, uid).get('move_cost')}AP per " \
            f"{C.values(ctx, uid).get('move_hexes') or 1} open hex(es) plus terrain)"

    def _pay(self, ctx: Any, ev: dict[str, Any], units: list[str], side: str | None) -> None:
        t = ev["type"]
        cost, how = self._cost(ctx, ev, units)
        cap = int(ev.get("cap") or 0)
        if cap:
            self._spend_caps(ctx, side, cap, f"a {t}")
        cap += self.cap_credit.pop(side or "", 0)
        free = t != "order" and bool(units) and units[0] in self.card_free
        if free:
            self.card_free.discard(units[0])
        if cost is None:
            return
        if free:
            cost = 0
        owed = max(0, cost - cap)
        if "ap" in ev and int(ev["ap"]) + cap != cost:
            rule = "15.2" if t == "attack" and "(15.2)" in how else _COST_RULE[t]  # the Suppressed surcharge
            ctx.error(ctx.rule(rule), f"{ctx.name(units[0]) if units else 'the player'} pays "
                      f"{ev['ap']}AP + {cap}CAP for a {t} that costs {cost} ({how})", **_at(ctx, units))
            owed = int(ev["ap"])
        if t == "stall":
            act = self.active.get(side or "")
        else:
            acts = {id(a): a for u in units if (a := self._activation_of(u)) is not None}
            act = next(iter(acts.values())) if len(acts) == 1 else None
            if units and any(self._activation_of(u) is not act for u in units):
                act = None
        if t == "unload" and act is not None and ev["unit"] in act.units and self._stays_fresh(ctx, act, cost, cap):
            act.units.remove(ev["unit"])
        if owed == 0:
            return
        if act is None:
            who = ctx.name(units[0]) if units else f"the {C.side_name(ctx, side)} player"
            state = "spent" if units and units[0] in self.spent else "not activated"
            rule = "Fig 28" if t == "stall" else "Fig 29"
            if units and units[0] in self.wire_lost and t != "stall":
                ctx.error(ctx.rule("18.4"), f"{who} pays {owed}AP for a {t} ({how}), but it loses all of its "
                          "remaining APs after its attempt to enter the wire (it may still act with CAPs or cards)",
                          **_at(ctx, units))
                return
            ctx.error(ctx.rule(rule), f"{who} ({state}) takes a {t} costing {cost} ({how}) with {cap} CAP; a unit "
                      "outside an open activation acts only with CAPs or a card" if t != "stall" else
                      f"the {C.side_name(ctx, side)} player stalls with no activated unit", **_at(ctx, units))
            return
        pool = self._pool(ctx)
        act.points += owed
        if pool is not None and act.points > pool:
            ctx.error(ctx.rule("20.0"), f"{', '.join(ctx.name(u) for u in act.units)} spend {act.points}AP in one "
                      f"activation with this {t} ({how}); an activation has {pool}AP (pay the rest with CAPs)",
                      **_at(ctx, act.units))
        if pool is not None and act.points >= pool:
            self._close(ctx, next((s for s, a in self.active.items() if a is act), None))

    @staticmethod
    def _stays_fresh(ctx: Any, act: Activation, cost: int, cap: int) -> bool:
        """17.0 Opel Ex: a gun unloaded "for 4CAPs" (Russian: "за 4 АР" as the truck's first action) "remains fresh
        and can still be activated later in the round"; Fig 26: one unloaded for APs after moving is spent with its
        vehicle. Which unload keeps it fresh is policy ``unload_payment``."""
        how = ctx.policies.get("unload_payment", "cap")
        by_caps, first = 0 < cost <= cap, act.points == 0
        return (by_caps and how in ("cap", "either")) or (first and how in ("first_action", "either"))

    # ---- victory points for a destroyed unit -------------------------------------------------------------------
    def _vp_check(self, ctx: Any) -> None:
        need = (ctx.scenario.get("victory") or {}).get("kill_vp")
        for owed, unit, idx in self.vp_due:
            if self.vp_got.get(owed, 0) >= need:
                self.vp_got[owed] -= need
                continue
            ctx.error(ctx.rule("Fig 28"), f"{ctx.name(unit)} was destroyed but the {C.side_name(ctx, owed)} player "
                      f"received no victory point for it ({need} VP per unit destroyed)", **_at(ctx, [unit]),
                      event_index=idx)
        self.vp_due = []
