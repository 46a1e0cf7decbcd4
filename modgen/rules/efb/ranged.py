"""EFB ranged combat, artillery and air: eligibility (12.1-12.14, 7.7, 15.3), FPF (12.12-12.14, 17.10), fire
control (22.4), air limits (17.2-17.11), supply (20.1-20.4) and bombardment resolution (12.8, 12.9, 12.17)."""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb import crt, zonemaps
from modgen.rules.efb.combat import RANGED_KINDS, kind_of, table_of
from modgen.rules.pathfinding import cheapest_path


def _fire_control_rulebook(nat: str, year: int | None) -> tuple[int, int] | None:
    """22.4 as printed: (FPF & close support, bombardment)."""
    if nat == "german":
        return 4, 4
    if nat == "axis_allied":
        return 2, 2
    if nat == "soviet" and year is not None:
        return (1, 1) if year <= 1942 else (1, 2) if year == 1943 else (2, 3)
    return None


def _air_per_hex_rulebook(nat: str, year: int | None) -> tuple[bool, int | None]:
    """17.9 as printed: (known, limit or None for any number)."""
    if nat == "german":
        return True, None
    if nat == "axis_allied":
        return True, 2
    if nat == "soviet" and year is not None:
        return True, {1941: 1, 1942: 2, 1943: 3}.get(year, 4 if year >= 1944 else 1)
    return False, None


class Ranged:
    """Checks of bombardment, close support, FPF and air use."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": ("attack", "air_draw", "airstrike", "air_withdraw", "result"), "after": ("turn", "phase")}

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "turn":
            st.notes["air_used_in"] = {}  # air may fly once per game turn (17.2); missions of the last turn end
        if ev["type"] == "phase" and ev.get("side") and ev.get("side") != st.notes.get("player_turn"):
            # a new player turn: each artillery unit may fire once in it (12.1), FPF counting in the enemy's turn
            st.notes["player_turn"] = ev.get("side")
            st.fired.clear()

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "attack":
            kind = kind_of(ev)
            if kind in RANGED_KINDS and kind != "lr_at":  # LR anti-tank fire (25) is checked in optional.py
                self._ranged(ctx, ev, kind)
            # air in an adjacent attack adds its points as close support (17.5)
            self._air(ctx, ev, "close_support" if kind == "adjacent" else kind)
            self._supply(ctx, ev)
            if kind == "adjacent" and ev.get("support"):
                self._ranged(ctx, ev, "close_support")
        elif ev["type"] == "air_draw":
            side = ev.get("side") or (ctx.side_of(ev["units"][0]) if ev["units"] else ctx.state.side)
            ctx.state.notes.setdefault("air_available", {}).setdefault(side, set()).update(ev["units"])
        elif ev["type"] == "airstrike":
            self._air(ctx, {"air": ev["units"], "hex": ev.get("hex"), "attackers": []}, "bombardment")
        elif ev["type"] == "air_withdraw":
            self._withdraw(ctx, ev["units"])
        elif ev["type"] == "result" and ctx.state.current_attack is not None:
            att = ctx.state.current_attack
            if kind_of(att.event) in ("bombardment", "fpf"):
                self._result(ctx, att, ev)

    # ------------------------------------------------------------------------------------------------------
    def _firers(self, ctx: Any, ev: dict[str, Any], kind: str) -> list[str]:
        if kind == "close_support":
            return list(ev.get("support") or [])
        return [u for u in ev.get("attackers") or [] if c.klass(ctx, u) != "air"]

    def _target_hexes(self, ctx: Any, ev: dict[str, Any]) -> list[str]:
        if ev.get("hex"):
            return [ev["hex"]]
        return crt.defender_hexes(ctx, list(ev.get("defenders") or []))

    def _ranged(self, ctx: Any, ev: dict[str, Any], kind: str) -> None:
        st = ctx.state
        firers = self._firers(ctx, ev, kind)
        targets = self._target_hexes(ctx, ev)
        if kind in ("bombardment", "fpf") and len(targets) > 1:
            ctx.error(ctx.rule("12.6"), f"a {kind} targets one hex only; this one targets {', '.join(targets)}",
                      units=firers, hexes=targets)
        for f in firers:
            nm = ctx.name(f)
            if c.klass(ctx, f) != "artillery":
                ctx.error(ctx.rule("12.1"), f"{nm} is not artillery and cannot make ranged fire", units=[f])
                continue
            if f in st.fired:
                ctx.error(ctx.rule("12.1"), f"{nm} fires a second time this player turn", units=[f])
            st.fired[f] = ctx.index or 0
            if c.suppressed(ctx, f):
                ctx.error(ctx.rule("15.3"), f"{nm} is suppressed and may not make ranged fire", units=[f])
            elif not c.in_command(ctx, f):
                c.ooc_error(ctx, [f], ctx.rule("7.7"), f"{nm} is out of command ({c.ooc_reason(ctx, f)}) and may not "
                            "make ranged fire", units=[f])
            if ctx.board is None:
                continue
            fh = st.position.get(f)
            if fh is None:
                continue
            adj_enemy = [u for n in ctx.board.neighbours(fh) for u in c.hex_enemies(ctx, n, ctx.side_of(f))]
            if adj_enemy:
                ctx.error(ctx.rule("12.11" if kind != "fpf" else "12.14"), f"{nm} at {fh} is adjacent to enemy units "
                          f"({c.names(ctx, adj_enemy)}) and may not fire ranged", units=[f], hexes=[fh])
            rng = ctx.values(f).get("range")
            if rng in ("U", "u", None) or not targets:
                continue
            if isinstance(rng, int | float):
                dist = min(ctx.board.distance(fh, t) for t in targets)
                if dist > rng:
                    ctx.error(ctx.rule("12.3"), f"{nm} at {fh} has range {rng} but the target is {dist} hexes away",
                              units=[f], hexes=[fh] + targets)
        if kind == "fpf":
            self._fpf_target(ctx, ev, firers, targets)
        self._fire_control(ctx, firers, kind)

    def _fpf_target(self, ctx: Any, ev: dict[str, Any], firers: list[str], targets: list[str]) -> None:
        if ctx.board is None or not firers:
            return
        side = ctx.side_of(firers[0])
        for t in targets:
            friends = [u for n in ctx.board.neighbours(t) for u in ctx.state.units_in(n)
                       if ctx.side_of(u) == side and c.is_ground(ctx, u)]
            if not friends:
                ctx.error(ctx.rule("12.13"), f"FPF target {t} is not adjacent to a friendly unit", units=firers,
                          hexes=[t])

    def _fire_control(self, ctx: Any, firers: list[str], kind: str) -> None:
        if not firers:
            return
        nat = c.nationality(ctx, firers[0])
        row = c.year_row(ctx, "fire_control", nat)
        if row is not None:
            limits = (row["fpf_close_support"], row["bombardment"])
        else:
            limits = _fire_control_rulebook(nat, c.year(ctx))
        if limits is None:
            ctx.could_not_check(ctx.rule("22.4"), f"no fire-control limit for nationality {nat!r}")
            return
        lim = limits[1] if kind == "bombardment" else limits[0]
        if len(firers) > lim:
            ctx.error(ctx.rule("22.4"), f"{len(firers)} artillery units in one {kind.replace('_', ' ')}; fire "
                      f"control allows {lim} ({nat}, {c.year(ctx)})", units=firers)

    def _drawn(self, ctx: Any, a: str) -> None:
        """6.6, 17.2: an air unit flies only from the Available box, which it enters by an ``air_draw`` (or the
        scenario's ``<side>_air`` ``params.start.air_available``) and leaves by flying. Judged only for a side
        whose log records its draws."""
        side = ctx.side_of(a)
        avail = ctx.state.notes.setdefault("air_available", {})
        if side not in avail:
            start = ((next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == f"{side}_air"),
                           None) or {}).get("params") or {}).get("start") or {}
            if "air_available" not in start:
                return
            avail[side] = set(start["air_available"])
        if a not in avail[side]:
            ctx.error(ctx.rule("6.6"), f"{ctx.name(a)} flies but was not drawn into the Available box",
                      units=[a])
        avail[side].discard(a)  # after the mission it goes to the Used box, then back to the pool

    def _air(self, ctx: Any, ev: dict[str, Any], kind: str) -> None:
        air = list(ev.get("air") or []) + [u for u in ev.get("attackers") or [] if c.klass(ctx, u) == "air"]
        if not air:
            return
        st = ctx.state
        if st.weather == "fog":
            ctx.error(ctx.rule("24.10"), "air units are used in fog; no airstrikes can be used this turn", units=air)
        used_in = st.notes.setdefault("air_used_in", {})  # air unit -> (phase, side) of its mission this turn
        withdrawn = st.notes.get("air_withdrawn") or {}
        for a in air:
            if st.phase == "combat1" and withdrawn.get(a) == (st.turn, st.side):
                ctx.error(ctx.rule("14.4"), f"{ctx.name(a)} was withdrawn from the first wave to attack in the "
                          "second and may not attack in the first wave", units=[a])
            if a in st.air_used and st.phase == "combat2" and used_in.get(a) == ("combat1", st.side):
                ctx.error(ctx.rule("14.4"), f"{ctx.name(a)} attacked in the first wave and may not attack in the "
                          "second wave (air is withdrawn from the first wave to attack in the second)", units=[a])
            elif a in st.air_used:
                ctx.error(ctx.rule("17.11"), f"{ctx.name(a)} flies a second time this game turn", units=[a])
            else:
                self._drawn(ctx, a)
            st.air_used.add(a)
            used_in.setdefault(a, (st.phase, st.side))
            air_type = (c.record(ctx, a).get("air_type") or "").upper() or \
                ("MB" if "medium_bomber" in c.types(ctx, a) else "GA" if "ground_attack" in c.types(ctx, a) else "")
            if air_type == "MB" and kind != "bombardment":
                ctx.error(ctx.rule("17.3"), f"{ctx.name(a)} is a medium bomber and may only bombard, not {kind}",
                          units=[a])
            if kind == "fpf":
                nat = c.nationality(ctx, a)
                first = (ctx.tables.get("air_fpf") or {}).get(nat, 1943)
                y = c.year(ctx)
                if y is not None and y < first:
                    ctx.error(ctx.rule("17.10"), f"air FPF is not allowed before {first}", units=[a])
        if kind == "close_support":
            ooc = [u for u in ev.get("attackers") or [] if c.is_ground(ctx, u) and not c.in_command(ctx, u)]
            if ooc:
                c.ooc_error(ctx, ooc, ctx.rule("7.10"), "air may not close-support out-of-command units (" + "; ".join(
                    f"{ctx.name(u)}: {c.ooc_reason(ctx, u)}" for u in ooc) + ")", units=air + ooc)
        nat = c.nationality(ctx, air[0])
        row = c.year_row(ctx, "air_per_hex", nat)
        known, lim = (True, row["limit"]) if row is not None else _air_per_hex_rulebook(nat, c.year(ctx))
        if not known:
            ctx.could_not_check(ctx.rule("17.9"), f"no airstrikes-per-hex limit for nationality {nat!r}")
        elif lim is not None and len(air) > lim:
            ctx.error(ctx.rule("17.9"), f"{len(air)} air units attack one hex; the limit is {lim}", units=air)

    def _withdraw(self, ctx: Any, units: list[str]) -> None:
        """14.4: the phasing player withdraws air from the first wave to attack in the second; air that already
        attacked in the first wave stays used (sequence.py checks the phase)."""
        st = ctx.state
        used_in = st.notes.get("air_used_in") or {}
        for a in units:
            if not ctx.unit(a):
                continue
            if c.klass(ctx, a) != "air":
                ctx.error(ctx.rule("14.4"), f"{ctx.name(a)} is withdrawn from the first wave, but it is not an air "
                          "unit", units=[a])
            elif ctx.side_of(a) != st.side:
                ctx.error(ctx.rule("14.4"), f"{ctx.name(a)} is withdrawn from the first wave, but it is not the "
                          "phasing player's", units=[a])
            elif a in st.air_used:
                where = used_in.get(a, (None, None))[0]
                ctx.error(ctx.rule("14.4"), f"{ctx.name(a)} already attacked "
                          f"{'in this first wave' if where == 'combat1' else 'this game turn'} and cannot be "
                          "withdrawn for the second wave", units=[a])
            else:
                st.notes.setdefault("air_withdrawn", {})[a] = (st.turn, st.side)

    def _supply(self, ctx: Any, ev: dict[str, Any]) -> None:
        s = ev.get("supply")
        if not s:
            return
        used = ctx.state.notes.setdefault("supply_used", {})
        if s in used:
            ctx.error(ctx.rule("20.1"), f"supply unit {ctx.name(s)} is used a second time", units=[s])
        used[s] = ctx.index
        if c.klass(ctx, s) != "supply":
            ctx.error(ctx.rule("20.1"), f"{ctx.name(s)} is not a supply unit", units=[s])
            return
        self._supply_formation(ctx, ev, s)
        self._supply_radius(ctx, ev, s)

    @staticmethod
    def _supply_formation(ctx: Any, ev: dict[str, Any], s: str) -> None:
        """Scenario limit on who a side's supply serves: special rule ``<side>_supply_<…>_only`` with
        ``params.formation`` (GT 24.7: Soviet supply only for 6th Guards Army ranged units)."""
        side = ctx.side_of(s)
        rule = next((r for r in ctx.scenario.get("special_rules") or [] if str(r.get("id", "")).startswith(
            f"{side}_supply_") and str(r.get("id")).endswith("_only") and (r.get("params") or {}).get("formation")),
            None)
        if rule is None:
            return
        form = rule["params"]["formation"]
        for f in list(ev.get("support") or []) + list(ev.get("attackers") or []):
            if c.klass(ctx, f) == "artillery" and form not in c._formation_chain(ctx, c.record(ctx, f).get(
                    "formation")):
                ctx.error(ctx.rule("20.2"), f"{ctx.name(s)} supplies {ctx.name(f)}, but the scenario lets {side} "
                          f"supply serve only {form} ranged units", units=[s, f])

    def _supply_radius(self, ctx: Any, ev: dict[str, Any], s: str) -> None:
        """20.3: the radius is traced in MP from the supply unit to each artillery unit it doubles, not through enemy
        units, and not out of an enemy ZOC once entered."""
        from fractions import Fraction

        st = ctx.state
        sh = st.position.get(s)
        radius = ctx.values(s).get("supply_radius")
        if ctx.board is None or sh is None or not isinstance(radius, int | float):
            return
        side = ctx.side_of(s)
        occupied, zoc = zonemaps.enemy_map(ctx, side)
        costs = c.Costs(ctx, s)
        board = ctx.board
        firers = [u for u in list(ev.get("support") or []) + list(ev.get("attackers") or [])
                  if c.klass(ctx, u) == "artillery"]
        for f in firers:
            fh = st.position.get(f)
            if fh is None:
                continue
            found = cheapest_path(sh, fh, board.neighbours,
                                  lambda a, b: None if b in occupied else costs.step(a, b, "normal"),
                                  lambda h: h not in zoc, Fraction(radius).limit_denominator(100))
            if found is None and not costs.unknown:
                ctx.error(ctx.rule("20.3"), f"{ctx.name(f)} at {fh} is not within the {radius} MP supply radius of "
                          f"{ctx.name(s)} at {sh}", units=[f, s], hexes=[fh, sh])

    def _result(self, ctx: Any, att: Any, ev: dict[str, Any]) -> None:
        """12.9: each target unit is resolved separately: the n-th result goes with the n-th roll and defender."""
        n = len(att.results)
        if n >= len(att.rolls) or n >= len(att.defenders) or not att.rolls[n]:
            return
        target = ev.get("unit") or att.defenders[n]
        firers = self._firers(ctx, att.event, kind_of(att.event))
        air = [u for u in list(att.event.get("air") or []) + att.attackers if c.klass(ctx, u) == "air"]
        fpf = kind_of(att.event) == "fpf"
        calc = crt.ranged_calc(ctx, firers, air, target, bool(att.event.get("supply")), fpf=fpf)
        found = crt.lookup(ctx, table_of(att.event) or "ranged", calc, att.rolls[n][0])
        if found is None:
            return
        expected, label = found
        att.data.setdefault("expected", {})[target] = expected
        if ev["result"] != expected:
            what = "FPF strength" if fpf else "bombardment strength"
            ctx.error(ctx.rule("12.12" if fpf else "12.8"), f"the Ranged CRT gives {expected} against "
                      f"{ctx.name(target)}, not {ev['result']} ({what}): {calc.explain()}; column {label}, "
                      f"die {att.rolls[n][0]}",
                      units=firers + [target])
