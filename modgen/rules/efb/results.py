"""EFB combat results applied: losses (13.1, 13.3, 12.18), retreats (13.4-13.6, 10.7), advances (13.7-13.9, 22.1,
22.2), reveal of a 0-defense untried unit (21.4). Rule numbers follow Minsk '44 (GT numbers 13.x one lower)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb.combat import kind_of
from modgen.rules.efb.stacking import limit_for

ATTACKER_ADVANCE = {"D1", "D2", "D3", "D4", "DA", "DE", "EX", "AX"}
DEFENDER_ADVANCE = {"A1", "A2", "AA", "AE"}


@dataclass
class Pending:
    """One resolved combat and what was applied after its result."""

    attack: Any
    result: str
    index: int
    start: dict[str, str | None]  # unit -> hex when the result was announced
    losses: list[str] = field(default_factory=list)
    retreats: dict[str, list[str]] = field(default_factory=dict)  # unit -> hexes entered (start excluded)
    advances: dict[str, list[str]] = field(default_factory=dict)
    off_map: set[str] = field(default_factory=set)  # forced off the map by the retreat: eliminated (8.11)


def _retreat_need(code: str) -> tuple[int, int, int, int]:
    """(defender losses, defender retreat, attacker losses, attacker retreat) for an adjacent result (13.1);
    -1 = all units."""
    m = re.fullmatch(r"D([1-4])", code)
    if m:
        return 0, int(m.group(1)), 0, 0
    m = re.fullmatch(r"A([12])", code)
    if m:
        return 0, 0, 0, int(m.group(1))
    return {"DA": (1, 2, 0, 0), "AA": (0, 0, 1, 2), "DE": (-1, 0, 0, 0), "AE": (0, 0, -1, 0), "EX": (1, 0, 1, 0),
            "AX": (0, 1, 1, 0), "BR": (0, 1, 0, 1)}.get(code, (0, 0, 0, 0))


class Results:
    """Collects loss/retreat/advance events after each result and checks them when the next combat or phase starts."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {
        "before": (
            "attack", "phase", "turn", "game_end", "move", "result", "loss", "retreat", "advance", "exit", "roll",
        ),
        "after": ("exit",),
    }

    def __init__(self) -> None:
        self.pending: Pending | None = None
        self.ranged: list[tuple[str, str, int | None, bool, str | None]] = []

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("attack", "phase", "turn", "game_end", "move"):
            self._close(ctx)
        if t == "result" and ctx.state.current_attack is not None:
            att = ctx.state.current_attack
            if kind_of(att.event) == "adjacent":
                self._close(ctx)
                units = att.attackers + att.defenders
                self.pending = Pending(att, ev["result"], ctx.index or 0,
                                       {u: ctx.state.position.get(u) for u in units})
            else:
                self._ranged_result(ctx, att, ev)
        elif t == "loss":
            self._loss(ctx, ev)
        elif t == "retreat":
            self._retreat(ctx, ev)
        elif t == "advance":
            self._advance(ctx, ev)
        elif t == "exit" and ev.get("cause") == "retreat":
            self._retreat_off(ctx, ev)
        elif t == "exit" and ev.get("cause") == "advance":
            ctx.error(ctx.rule("8.11"), f"{ctx.name(ev['unit'])} advances off the map; no unit may exit the map by an "
                      "advance after combat (advances follow the enemy's retreat route, 13.8)", units=[ev["unit"]],
                      hexes=[h for h in [ev.get("hex") or ctx.state.position.get(ev["unit"])] if h])
        elif t == "roll" and ev.get("purpose") == "river" and ev.get("unit"):
            due = ctx.state.notes.get("river_roll_due", {}).pop(ev["unit"], None)
            if due is not None and ev["dice"][0] <= 3:
                ctx.state.notes.setdefault("must_die", {})[ev["unit"]] = (
                    ctx.index, "13.5", f"rolled {ev['dice'][0]} crossing a river in retreat (1-3: eliminated)")

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "exit" and ev.get("cause") == "retreat":
            # 8.11: "units forced to retreat off the map are eliminated" (not exited: no exit VP, may be replaced)
            ctx.state.exited.discard(ev["unit"])
            ctx.state.eliminated.add(ev["unit"])

    def phase_end(self, ctx: Any) -> None:
        self._close(ctx)
        must = ctx.state.notes.pop("must_die", {})
        for u, (idx, rule, why) in must.items():
            if ctx.state.position.get(u) is not None:
                ctx.error(ctx.rule(rule), f"{ctx.name(u)} {why} and must be eliminated, but stays on the map",
                          units=[u], event_index=idx)

    def finish(self, ctx: Any) -> None:
        self._close(ctx)

    # ------------------------------------------------------------------------------------------------------
    def _entered(self, ctx: Any, uid: str, path: list[str]) -> list[str]:
        here = ctx.state.position.get(uid)
        return path[1:] if path and path[0] == here else list(path)

    def _retreat_off(self, ctx: Any, ev: dict[str, Any]) -> None:
        """8.11, 13.5: a unit forced to retreat off the map is eliminated. It must owe a retreat (an adjacent
        result that retreats its side, or a ranged D1) and leave from a map-edge hex."""
        uid, st = ev["unit"], ctx.state
        nm = ctx.name(uid)
        h = ev.get("hex") or st.position.get(uid)
        p = self.pending
        owes = False
        if p is not None and uid in p.attack.attackers + p.attack.defenders:
            _, dr, _, ar = _retreat_need(p.result)
            owes = bool(dr if uid in p.attack.defenders else ar)
        owes = owes or any(t == uid and code == "D1" for t, code, *_ in self.ranged)
        if not owes:
            ctx.error(ctx.rule("13.4"), f"{nm} retreats off the map, but no combat result makes it retreat",
                      units=[uid], hexes=[h] if h else [])
        if h and ctx.board is not None:
            edges = set().union(*(ctx.board.edge_hexes(e) for e in ("north", "south", "east", "west")))
            if h not in edges:
                ctx.error(ctx.rule("13.5"), f"{nm} retreats off the map from {h}, which is not a map-edge hex",
                          units=[uid], hexes=[h])
        if p is not None:
            p.off_map.add(uid)
        st.notes.setdefault("must_die", {}).pop(uid, None)
        st.notes.setdefault("retreated_off", set()).add(uid)
        st.notes.setdefault("elim_in_cmd", {})[uid] = c.in_command(ctx, uid) if ctx.board else True

    def _loss(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        if uid in ctx.state.notes.get("retreated_off", set()) and ctx.state.position.get(uid) is None:
            return  # the retreat off the map already eliminated it (8.11); the loss only repeats that
        if ctx.state.position.get(uid) is None and uid not in ctx.state.off_map:
            ctx.error("LOG", f"{ctx.name(uid)} is eliminated but is not on the map", units=[uid])
        ctx.state.notes.setdefault("must_die", {}).pop(uid, None)
        if self.pending is not None:
            self.pending.losses.append(uid)
        ctx.state.notes.setdefault("elim_in_cmd", {})[uid] = c.in_command(ctx, uid) if ctx.board else True

    def _retreat(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, st = ev["unit"], ctx.state
        nm = ctx.name(uid)
        start = st.position.get(uid)
        entered = self._entered(ctx, uid, ev["path"])
        if self.pending is not None:
            self.pending.retreats[uid] = entered
        if ctx.board is None or start is None:
            return
        p = self.pending
        adjacent = p is not None and uid in p.attack.attackers + p.attack.defenders
        if ctx.values(uid).get("movement") == 0:
            why = "is eliminated instead of retreating" if adjacent or not self.ranged else \
                "is never retreated by a bombardment result; it is suppressed instead (DS)"
            ctx.error(ctx.rule("13.6"), f"{nm} has movement 0 and {why}", units=[uid])
        path = [start] + entered
        if len(set(path)) != len(path):
            ctx.error(ctx.rule("13.5"), f"{nm}'s retreat enters a hex twice: {'→'.join(path)}", units=[uid], path=path)
        side = ctx.side_of(uid)
        for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
            if not ctx.board.adjacent(a, b):
                ctx.error(ctx.rule("13.4"), f"{nm}'s retreat jumps from {a} to {b}", units=[uid], path=path)
                return
            blocked = c.hex_enemies(ctx, b, side) or (c.in_ezoc(ctx, b, side) and b != path[0])
            if blocked:
                st.notes.setdefault("retreat_doom", {})[uid] = (b, ctx.index)
                if i + 1 < len(entered):
                    ctx.error(ctx.rule("13.5"), f"{nm} retreats into {b}, an enemy-occupied hex or enemy ZOC, and "
                              "should have been eliminated there", units=[uid], hexes=[b], path=path)
                return
            costs = c.Costs(ctx, uid)
            if costs.step(a, b) is None and not costs.unknown:
                ctx.error(ctx.rule("13.5"), f"{nm} retreats {a}→{b} into or across terrain prohibited to it; a unit "
                          "that cannot retreat is eliminated instead", units=[uid], hexes=[a, b], path=path)
                return
            tec = ctx.tables.get("tec") or {}
            sides = ctx.board.hexside(a, b)
            river = any((tec.get(s) or {}).get("river") in ("major", "minor") for s in sides)
            if river and not c.bridged(ctx, a, b):
                st.notes.setdefault("river_roll_due", {})[uid] = (a, b, ctx.index)
        self._vacant_first(ctx, uid, path, p if adjacent else None)

    @staticmethod
    def _vacant_first(ctx: Any, uid: str, path: list[str], p: Pending | None) -> None:
        """13.5: "Where possible, retreating units must retreat into and through vacant hexes. If no other route is
        available, retreating units may move through occupied friendly hexes." A route that enters a hex holding
        friendly units is an error when a route of the required length through vacant hexes existed (not into an
        enemy unit or EZOC, nor across prohibited terrain; a river crossing is a route, with its roll). Units of the
        same combat (or bombarded hex) retreating together do not make a hex occupied for each other."""
        side = ctx.side_of(uid)
        if p is None:  # ranged D1 (13.2): the units of one bombarded hex retreat together too
            att = ctx.state.current_attack
            need, together = 1, {uid, *(att.defenders if att is not None else ())}
        else:
            _, dr, _, ar = _retreat_need(p.result)
            mine = p.attack.defenders if uid in p.attack.defenders else p.attack.attackers
            need, together = (dr if mine is p.attack.defenders else ar), set(mine)

        def held(h: str) -> list[str]:
            return [x for x in ctx.state.units_in(h) if x not in together and ctx.side_of(x) == side]

        crowded = [h for h in path[1:need + 1] if held(h)]
        if not need or not crowded:
            return
        costs = c.Costs(ctx, uid)

        def vacant_route(route: list[str]) -> list[str] | None:
            if len(route) == need + 1:
                return route
            here = route[-1]
            for n in ctx.board.neighbours(here):
                if n in route or held(n) or c.hex_enemies(ctx, n, side) or c.in_ezoc(ctx, n, side):
                    continue
                if costs.step(here, n) is None:
                    continue
                found = vacant_route(route + [n])
                if found:
                    return found
            return None

        other = vacant_route([path[0]])
        if other:
            ctx.error(ctx.rule("13.5"), f"{ctx.name(uid)} retreats through {', '.join(crowded)}, occupied by friendly "
                      f"units, although the vacant route {'→'.join(other)} was open (retreats use vacant hexes where "
                      "possible)", units=[uid], hexes=crowded, path=path)

    def _advance(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        if self.pending is None:
            ctx.error(ctx.rule("13.7"), f"{ctx.name(uid)} advances, but no combat result allows an advance",
                      units=[uid])
            return
        self.pending.advances[uid] = self._entered(ctx, uid, ev["path"])
        self._check_advance(ctx, self.pending, uid, [ctx.state.position.get(uid)] + self.pending.advances[uid])

    def _check_advance(self, ctx: Any, p: Pending, uid: str, path: list[str | None]) -> None:
        nm, att = ctx.name(uid), p.attack
        res = p.result
        winners = att.attackers if res in ATTACKER_ADVANCE else att.defenders if res in DEFENDER_ADVANCE else []
        losers = att.defenders if winners is att.attackers else att.attackers
        if not winners:
            ctx.error(ctx.rule("13.7"), f"{nm} advances after {res}, which allows no advance", units=[uid])
            return
        if res == "EX" and any(ctx.state.position.get(d) is not None for d in att.defenders):
            ctx.error(ctx.rule("13.1"), f"{nm} advances after EX although defenders remain", units=[uid])
        if uid not in winners:
            ctx.error(ctx.rule("13.8"), f"{nm} did not take part in the combat on the winning side and may not "
                      "advance", units=[uid])
            return
        if c.klass(ctx, uid) == "artillery":
            ctx.error(ctx.rule("13.7"), f"{nm} is artillery; artillery never advances after combat", units=[uid])
        if c.suppressed(ctx, uid):
            ctx.error(ctx.rule("15.3"), f"{nm} is suppressed and may not advance", units=[uid])
        if ctx.values(uid).get("movement") == 0:
            ctx.error(ctx.rule("13.6"), f"{nm} has movement 0 and may not advance", units=[uid])
        if ctx.board is None:
            return
        routes = self._routes(ctx, p, losers)
        steps = [h for h in path[1:] if h]
        if not routes:
            ctx.error(ctx.rule("13.8"), f"{nm} advances, but no enemy hex of the combat was vacated", units=[uid],
                      path=path)
            return
        # 13.8: any of the beaten units' retreat routes will do; report against the closest one only if none fits
        free = c.nationality(ctx, uid) == "german" and c.is_armored(ctx, uid)  # 22.1
        problems = [pr for trail in routes if (pr := self._route_problem(ctx, nm, path[0], steps, trail, free))]
        if len(problems) == len(routes):
            rank, why, where = min(problems, key=lambda pr: pr[0])
            many = f" (none of the {len(routes)} retreat routes fits)" if len(routes) > 1 else ""
            ctx.error(ctx.rule("13.8"), why + many, units=[uid], hexes=where, path=path)
            if rank <= 1:
                return
        self._river_crossings(ctx, p, uid, winners, path)

    @staticmethod
    def _river_crossings(ctx: Any, p: Pending, uid: str, winners: list[str], path: list[str | None]) -> None:
        """13.7, 22.2(3): no advance across a major river without a bridge; "normally, you may not advance after
        combat across a minor or major river hexside. However, if an engineer unit is part of the attack, then any
        unit in that attack may do so. This applies only to an attacker, not to the defender." Policy
        advance_minor_river: engineer = 22.2(3) as printed; allowed = 13.7 alone (minor rivers never block)."""
        nm, tec = ctx.name(uid), ctx.tables.get("tec") or {}
        assault_crossing = ctx.policies.get("advance_minor_river") == "engineer"
        attacker = winners is p.attack.attackers
        engineer = attacker and any("engineer" in c.types(ctx, a) for a in p.attack.attackers)
        why = "no engineer took part in the attack" if attacker else "a defender never makes an assault crossing"
        for a, b in zip(path, path[1:], strict=False):
            if not a or not b or not ctx.board.adjacent(a, b) or c.bridged(ctx, a, b):
                continue
            kinds = {(tec.get(s) or {}).get("river") for s in ctx.board.hexside(a, b)}
            if "major" in kinds and not (assault_crossing and engineer):
                extra = f" ({why}, 22.2(3))" if assault_crossing else ""
                ctx.error(ctx.rule("13.7"), f"{nm} advances across a major river ({a}→{b}) without a bridge{extra}",
                          units=[uid], hexes=[a, b], path=path)
            elif "minor" in kinds and assault_crossing and not engineer:
                ctx.error(ctx.rule("22.2"), f"{nm} advances across a minor river ({a}→{b}) without a bridge ({why}, "
                          "22.2(3))",
                          units=[uid], hexes=[a, b], path=path)

    @staticmethod
    def _routes(ctx: Any, p: Pending, losers: list[str]) -> list[list[str]]:
        """Every retreat route the beaten units left (13.8): the hex a unit vacated, then the hexes it retreated
        through, ending where it was eliminated or before the first hex holding a unit of its side."""
        routes: list[list[str]] = []
        for u in losers:
            s = p.start.get(u)
            if s is None:
                continue
            if u in p.retreats:
                trail = [s] + p.retreats[u]
            elif ctx.state.position.get(u) is None:
                trail = [s]  # eliminated in place: the victors may advance into its hex
            else:
                continue  # still there: it vacated nothing
            side = ctx.side_of(u)
            cut = next((i for i, h in enumerate(trail) if any(ctx.side_of(x) == side for x in ctx.state.units_in(h))),
                       None)
            trail = trail[:cut] if cut is not None else trail
            if trail and trail not in routes:
                routes.append(trail)
        return routes

    @staticmethod
    def _route_problem(ctx: Any, nm: str, here: str | None, steps: list[str], trail: list[str], free: bool
                       ) -> tuple[int, str, list[str]] | None:
        """Why the advance ``steps`` does not follow ``trail`` (None when it does); the first item ranks the
        problem (lower = the unit cannot use this route at all)."""
        route = "→".join(trail)
        if here is not None and ctx.board is not None and not ctx.board.adjacent(here, trail[0]):
            return 0, f"{nm} at {here} was not adjacent to the retreated unit's hex {trail[0]}", [here, trail[0]]
        if steps and steps[0] != trail[0]:
            return 1, f"{nm} must advance into the vacated hex {trail[0]} first, not {steps[0]}", [trail[0]]
        if len(steps) > len(trail):
            return 2, f"{nm} advances {len(steps)} hexes; the enemy retreat route {route} allows {len(trail)}", []
        if not free and steps != trail[: len(steps)]:
            return 2, f"{nm} leaves the enemy's retreat route ({route})", []
        return None

    def _ranged_result(self, ctx: Any, att: Any, ev: dict[str, Any]) -> None:
        """Remember a ranged result (13.2) with the target's state, to compare with what was applied."""
        n = len(att.results)
        target = ev.get("unit") or (att.defenders[n] if n < len(att.defenders) else None)
        if target is None:
            return
        st = ctx.state
        self.ranged.append((target, ev["result"], ctx.index, c.suppressed(ctx, target), st.position.get(target)))

    def _close_ranged(self, ctx: Any) -> None:
        """13.2: DS suppresses, DT suppresses or (already suppressed) eliminates, DE eliminates, D1 retreats one hex
        (a 0-MF target gets DS instead, 13.6)."""
        pending, self.ranged = self.ranged, []
        st = ctx.state
        for target, code, idx, was_supp, start in pending:
            nm = ctx.name(target)
            gone = st.position.get(target) is None
            supp = c.suppressed(ctx, target)
            zero_mf = ctx.values(target).get("movement") == 0
            want = None
            if code == "DE" or (code == "DT" and was_supp):
                want = None if gone else "eliminated"
            elif code == "DS" or (code == "DT" and not was_supp) or (code == "D1" and zero_mf):
                want = None if (supp or gone) else "suppressed"
            elif code == "D1":
                moved = st.position.get(target) not in (None, start)
                want = None if (gone or moved) else "retreated one hex"
            if want:
                ctx.error(ctx.rule("13.2"), f"ranged result {code} against {nm}: it should have been {want}",
                          units=[target], event_index=idx)

    def _close(self, ctx: Any) -> None:
        notes = ctx.state.notes
        if self.pending is None and not self.ranged and "river_roll_due" not in notes and "retreat_doom" not in notes:
            return  # nothing open (every move and phase asks): the steps below would find nothing
        self._close_ranged(ctx)
        p, self.pending = self.pending, None
        for u, (a, b, idx) in ctx.state.notes.pop("river_roll_due", {}).items():
            if ctx.state.position.get(u) is not None:
                ctx.error(ctx.rule("13.5"), f"{ctx.name(u)} retreated across a river ({a}→{b}) without a bridge and "
                          "no river roll was logged (1-3: eliminated)", units=[u], hexes=[a, b], event_index=idx)
        doom = ctx.state.notes.pop("retreat_doom", {})
        for u, (h, idx) in doom.items():
            if ctx.state.position.get(u) is not None:
                ctx.error(ctx.rule("13.5"), f"{ctx.name(u)} retreated into {h} (enemy unit or enemy ZOC) and must be "
                          "eliminated there", units=[u], hexes=[h], event_index=idx)
        if p is None:
            return
        dl, dr, al, ar = _retreat_need(p.result)
        expected = getattr(p.attack, "data", {}).get("expected")
        if p.result == "EX" and expected == "BR":
            dl, dr, al, ar = 1, 0, 1, 0
        self._side(ctx, p, p.attack.defenders, dl, dr, "defender")
        self._side(ctx, p, p.attack.attackers, al, ar, "attacker")

    def _side(self, ctx: Any, p: Pending, units: list[str], losses: int, retreat: int, who: str) -> None:
        lost = [u for u in units if u in p.losses]
        rule = ctx.rule("13.1")
        kw = {"event_index": p.index}
        if losses == -1:
            alive = [u for u in units if u not in lost]
            if alive:
                ctx.error(rule, f"{p.result}: every {who} is eliminated, but {c.names(ctx, alive)} survived",
                          units=alive, **kw)
            return
        if losses and len(lost) < min(losses, len(units)):
            ctx.error(rule, f"{p.result}: the {who} must lose {losses} unit(s); {len(lost)} lost", units=units, **kw)
        if not retreat:
            return
        for u in units:
            if u in lost or u in p.losses or u in p.off_map:
                continue
            if c.klass(ctx, u) == "artillery" and u not in p.attack.attackers + p.attack.defenders:
                continue
            entered = p.retreats.get(u)
            if entered is None:
                if ctx.values(u).get("movement") == 0:
                    ctx.error(ctx.rule("13.6"), f"{p.result}: {ctx.name(u)} has movement 0 and must be eliminated "
                              "instead of retreating", units=[u], **kw)
                else:
                    ctx.error(rule, f"{p.result}: {ctx.name(u)} must retreat {retreat} hex(es) but did not retreat",
                              units=[u], **kw)
            elif len(entered) < retreat:
                ctx.error(ctx.rule("13.4"), f"{p.result}: {ctx.name(u)} retreats {len(entered)} hex(es) of the "
                          f"{retreat} required", units=[u], path=[p.start.get(u) or ""] + entered, **kw)
            else:
                if len(entered) > retreat:
                    stop = entered[retreat - 1]
                    lim = limit_for(ctx, u)
                    friends = [x for x in ctx.state.units_in(stop) if ctx.side_of(x) == ctx.side_of(u) and x != u]
                    if lim is None or len(friends) + 1 <= lim:
                        ctx.error(ctx.rule("13.4"), f"{p.result}: {ctx.name(u)} retreats {len(entered)} hexes; "
                                  f"exactly {retreat} are required (more only to avoid overstacking)", units=[u],
                                  path=[p.start.get(u) or ""] + entered, **kw)
                        continue
                self._distance(ctx, p, u, entered, retreat)

    @staticmethod
    def _distance(ctx: Any, p: Pending, u: str, entered: list[str], retreat: int) -> None:
        """13.5: "retreating units must end the indicated number of hexes away from their previous combat position
        (or more if the last hex is over-stacked)" - counted as hex distance, not steps."""
        start, end = p.start.get(u), entered[-1]
        if ctx.board is None or start is None or ctx.state.position.get(u) != end:
            return  # eliminated on the way (or moved since): the route ended where it died
        away = ctx.board.distance(start, end)
        if away < retreat:
            ctx.error(ctx.rule("13.5"), f"{p.result}: {ctx.name(u)}'s retreat {'→'.join([start, *entered])} ends "
                      f"{away} hex(es) from its combat position {start}; it must end {retreat} hexes away",
                      units=[u], hexes=[start, end], path=[start, *entered], event_index=p.index)
