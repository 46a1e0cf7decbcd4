"""Fire and close combat (15.1-15.6, 16.0-16.1, 17.0-17.1, Fig 28-30): who may fire at what, at which cost, and the
hit arithmetic recomputed from the declared roll.

AV = FP of the colour of the target's DR (15.1) + range or close-combat modifier + hit-counter FP changes + 2d6 +
CAPs on the roll (Fig 29); DV = front or flank DR (flank in close combat, Fig 28) + hit-counter DR changes + the
hex's terrain DM + vehicle cover (15.6) + the APC shield (16.1). A hit when AV >= DV; two hits, or a hit on a unit
that already has one, destroy it (Fig 28, Fig 30).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from modgen.geometry import hexline
from modgen.rules.coh import air, bombs, forts, sight
from modgen.rules.coh import common as C

CLOSE = ("close_combat", "cc")
_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")


def is_close(ctx: Any, ev: dict[str, Any]) -> bool:
    """Close combat: declared so, or the attacker stands in the target's hex (Fig 28-29)."""
    if ev.get("kind") in CLOSE:
        return True
    att, dfn = (ev.get("attackers") or [None])[0], (ev.get("defenders") or [None])[0]
    pos = ctx.state.position
    return att is not None and dfn is not None and pos.get(att) is not None and pos.get(att) == pos.get(dfn)


def target_hex(ctx: Any, ev: dict[str, Any]) -> str | None:
    if ev.get("hex"):
        return ev["hex"]
    return next((ctx.state.position.get(d) for d in ev.get("defenders") or [] if ctx.state.position.get(d)), None)


def fire_cost(ctx: Any, uid: str, ev: dict[str, Any], free_arc: bool = False) -> tuple[int | None, list[str]]:
    """(AP cost, how it is made up) of ``uid`` firing in ``ev``: the printed cost (15.5; close combat too, Fig 29),
    +1 per hit counter that says so (Suppressed, 15.2), +1 for a turreted vehicle firing outside its front arc
    except as an opportunity action or with a command action card (15.5)."""
    base = C.values(ctx, uid).get("fire_cost")
    if base is None:
        return None, [f"{ctx.name(uid)} prints no AP cost to fire"]
    cost, parts = int(base), [f"fire cost {base}"]
    for marker, row in C.effects(ctx, uid):
        if row.get("fire_cost_delta"):
            cost += int(row["fire_cost_delta"])
            parts.append(f"+{row['fire_cost_delta']} {row.get('name', marker)} (15.2)")
    to = target_hex(ctx, ev)
    if ("turret" in C.tags(ctx, uid) and to and not is_close(ctx, ev) and not ev.get("opportunity")
            and not free_arc and C.in_front(ctx, uid, to) is False):
        cost += 1
        parts.append("+1 turret out of arc (15.5)")
    return cost, parts


@dataclass
class Target:
    """One target of an attack, rolled separately (15.1)."""

    unit: str
    av: int | None  # before the dice
    dv: int | None
    why: str  # how AV and DV are made up
    hit_before: bool
    total: int | None = None  # 2d6 + CAPs once rolled
    cap: int = 0
    placed: list[str] = field(default_factory=list)
    destroyed: bool = False
    declared: str | None = None


@dataclass
class FortTarget:
    """A fortification or hindrance attacked (18.6), rolled first unless the roll names another unit."""

    marker: str
    hex: str
    av: int
    dv: int
    why: str
    index: int
    removed: bool = False
    rolls: int = 1  # bombs dropped on it, each rolled separately (20.4)
    totals: list[int] = field(default_factory=list)


@dataclass
class Open:
    index: int
    attackers: list[str]
    targets: list[Target]
    hexes: list[str] = field(default_factory=list)  # where attackers and targets stood


class Fire:
    """Legality of each attack, then its outcome against the arithmetic at the next action."""

    def __init__(self) -> None:
        self.open: Open | None = None
        self.fort: FortTarget | None = None

    # ---- declaration -------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in _BOUNDARY:
            self._settle(ctx)
        if t == "attack" and ctx.board is not None:
            self._declare(ctx, ev)

    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        attackers = [u for u in ev.get("attackers") or [] if ctx.units.get(u)]
        defenders = [u for u in ev.get("defenders") or [] if ctx.units.get(u)]
        close, to = is_close(ctx, ev), target_hex(ctx, ev)
        legal = all([self._may_fire(ctx, u, ev, close, to) for u in attackers])
        if not close:
            self._whole_load(ctx, attackers, defenders)
        legal = bombs.declare(ctx, ev, attackers) and legal
        n = bombs.count(ev)
        if ev.get("cluster") and n:  # 20.4: A-P cluster bombs become a red mine, they do not attack
            legal = False
        targets = []
        for d in defenders:
            tgt = self._target(ctx, ev, attackers, d, close) if legal else None
            if tgt is not None:
                # 20.4 Ex: "each attacks the target separately"
                targets += [tgt] + [replace(tgt, placed=[]) for _ in range(n - 1)]
        if ev.get("fortification") and attackers and to and legal:
            self.fort = self._fort_target(ctx, ev, attackers[0], to, close)
            if self.fort is not None and n > 1:
                self.fort.rolls = n
        where = [h for u in attackers + defenders if (h := ctx.state.position.get(u))]
        self.open = Open(ctx.index or 0, attackers, targets, list(dict.fromkeys(where)))

    def _whole_load(self, ctx: Any, attackers: list[str], defenders: list[str]) -> None:
        """17.1: "Incoming fire is resolved simultaneously against a vehicle and the flank DRs of any transported
        units. Attacks are rolled individually for each unit" (16.1 for APCs): fire at a transporting vehicle or at a
        unit it carries must attack both."""
        carried = ctx.state.notes.get("coh_carried", {})
        vehicles = {carried.get(d, d) for d in defenders if d in carried or d in carried.values()}
        for v in sorted(vehicles):
            load = [v, *(u for u, x in carried.items() if x == v)]
            if missing := [u for u in load if u not in defenders]:
                ctx.error(ctx.rule("17.1"), f"the fire at {', '.join(ctx.name(u) for u in load if u in defenders)} "
                          f"leaves out {', '.join(ctx.name(u) for u in missing)}; fire at a transporting vehicle is "
                          "resolved simultaneously against the vehicle and every unit it carries, each rolled for "
                          "individually", units=[*attackers, *load],
                          hexes=[h for h in (ctx.state.position.get(v),) if h])

    def _may_fire(self, ctx: Any, uid: str, ev: dict[str, Any], close: bool, to: str | None) -> bool:
        here, name, ok = ctx.state.position.get(uid), ctx.name(uid), True
        carried = ctx.state.notes.get("coh_carried", {})
        if uid in carried:
            ctx.error(ctx.rule("17.0"), f"{name} fires while carried by {ctx.name(carried[uid])}; a transported "
                      "unit may not fire and must unload first", units=[uid, carried[uid]])
            ok = False
        for marker, row in C.effects(ctx, uid):
            if row.get("only_rally") or row.get("can_fire") is False:
                ctx.error(ctx.rule("15.2"), f"{name} fires with a {row.get('name', marker)} hit counter: "
                          f"\"{row.get('text', '')}\"", units=[uid], hexes=[h for h in (here,) if h])
                ok = False
        if here is None or to is None:
            return ok
        dist = ctx.board.distance(here, to)
        rng = C.values(ctx, uid).get("range")
        if C.is_truck(ctx, uid) and not close and ctx.policies.get("truck_fp_modifier") == "close_combat_modifier":
            rng = 0
        if air.is_plane(ctx, uid) and not close:
            ok = air.range_ok(ctx, uid, dist, here, to) and ok
        elif rng is not None and dist > int(rng) and not close:
            ok = self._long_range(ctx, uid, dist, int(rng), here, to) and ok
        at_plane = any(air.is_plane(ctx, d) for d in ev.get("defenders") or [])
        if not close and not self._sees(ctx, uid, here, to, at_plane):
            ok = False
        if (not close and "turret" not in C.tags(ctx, uid) and not forts.fires_any_direction(ctx, uid)
                and C.in_front(ctx, uid, to) is False):
            ctx.error(ctx.rule("15.5"), f"{name} fires from {here} at {to}, outside its front arc; only turreted "
                      "vehicles fire outside their arc, other units must pivot first as a separate action",
                      units=[uid], hexes=[here, to])
            ok = False
        return ok

    def _sees(self, ctx: Any, uid: str, here: str, to: str, at_plane: bool = False) -> bool:
        """Line of sight from the firer's hex to the target hex (:mod:`modgen.rules.coh.sight`); fire at an airplane
        is traced as the plane's own sight to the firer (20.3: it is above every ground obstacle)."""
        try:
            seen = sight.air_sight(ctx, to, here) if at_plane else sight.sight(ctx, uid, here, to)
        except LookupError as exc:
            ctx.could_not_check(ctx.rule("11.0"), str(exc))
            return True
        if not seen.clear:
            rule = seen.rule
            note = "" if rule != "11.0" else " (section 11 is not in the rulebook fragment: heights and obstacles " \
                "are the game's terrain table, policy los_model)"
            ctx.error(ctx.rule(rule), f"{ctx.name(uid)} fires from {here} at {to} without line of sight: "
                      f"{seen.why}{note}", units=[uid], hexes=[h for h in (here, to, seen.hex) if h])
        return seen.clear

    def _long_range(self, ctx: Any, uid: str, dist: int, rng: int, here: str, to: str) -> bool:
        rule = ctx.rule("15.3" if C.unit_class(ctx, uid) == "vehicle" else "7.6")
        if rng == 0:
            ctx.error(ctx.rule("16.0"), f"{ctx.name(uid)} fires from {here} at {to} ({dist} hexes) with a range of "
                      "0; it may only attack in close combat", units=[uid], hexes=[here, to])
            return False
        bands = ctx.tables.get("range_effects") or {}
        factor = (bands.get("long") or {}).get("max_factor")
        if factor is None:
            ctx.could_not_check(rule, "the game data has no range_effects table (7.6 long range is not in the "
                                "rulebook fragment)")
            return True
        if dist > rng * factor:
            ctx.error(rule, f"{ctx.name(uid)} fires from {here} at {to}, {dist} hexes away; its range is {rng}, "
                      f"so long range reaches {rng * factor} hexes", units=[uid], hexes=[here, to])
            return False
        return True

    def _target(self, ctx: Any, ev: dict[str, Any], attackers: list[str], d: str, close: bool) -> Target | None:
        carried = ctx.state.notes.get("coh_carried", {})
        att = attackers[0] if attackers else None
        if att is None:
            return None
        ahex = ctx.state.position.get(att)
        indirect = C.is_indirect(ctx, ev, att)
        # 17.1: carried units use flank DR; 18.6: artillery/mortar fire meets the flank DR "as normal"
        side = "flank" if d in carried or indirect else C.dr_side(ctx, d, ahex, close)
        fixed = d in carried or indirect or close  # the flank DR whoever fires
        if not fixed and len({C.dr_side(ctx, d, ctx.state.position.get(u), close) for u in attackers}) > 1:
            ctx.could_not_check(ctx.rule("9.11"), f"the group fires at {ctx.name(d)} from both its front and its "
                                "flank; which DR a group fire meets (9.11) is not in the rulebook fragment")
            return None
        if side is None:
            ctx.could_not_check(ctx.rule("15.1"), "a unit's facing or hex is not in the log, so front or flank "
                                "DR cannot be told")
            return None
        colour = C.dr_colour(ctx, d, side, att, close, indirect)
        declared = ev.get("fp_colour")
        if declared and declared != colour:
            ctx.error(ctx.rule("15.1"), f"{ctx.name(att)} uses its {declared} FP against {ctx.name(d)}, whose "
                      f"{side} DR is {colour}; each target is attacked with the FP of its DR colour",
                      units=[att, d])
        for marker, row in C.effects(ctx, att):
            if colour in (row.get("fp_disabled") or []):
                ctx.error(ctx.rule("15.2"), f"{ctx.name(att)} attacks {ctx.name(d)} with its {colour} FP, which "
                          f"its {row.get('name', marker)} hit counter disables", units=[att, d])
                return None
        if len(attackers) > 1:
            best = self._group_av(ctx, attackers, d, colour, close)
            if best is None:
                return None
            att, av, why_av = best
            ahex = ctx.state.position.get(att)
        else:
            av, why_av = self._av(ctx, att, colour, close, ahex, ctx.state.position.get(d), d, bool(bombs.count(ev)))
        dv, why_dv = self._dv(ctx, d, side, carried)
        if dv is not None and air.is_plane(ctx, d):
            up = air.dr_change(ctx, d, att)
            if up is None:
                return None
            dv, why_dv = dv + up[0], ", ".join([why_dv, *up[1]])
        if dv is not None:
            extra = self._cover(ctx, d, ahex, close, colour, indirect)
            if extra is None:
                return None
            dv, why_dv = dv + extra[0], ", ".join([why_dv, *extra[1]])
        if av is None or dv is None:
            return None
        return Target(d, av, dv, f"{why_av} against DV {dv} ({why_dv})", bool(C.hits_on(ctx, d)))

    def _group_av(self, ctx: Any, attackers: list[str], d: str, colour: str,
                  close: bool) -> tuple[str, int | None, str] | None:
        """Group fire (9.11, missing from the fragment): the best member's AV (its own FP of the target's DR colour
        and range or close-combat modifier) plus ``fire_modifiers.group_fire`` FP per other member; the table value
        is the designer's (could-not-check without it)."""
        per = C.modifier(ctx, "group_fire")
        if per is None:
            ctx.could_not_check(ctx.rule("9.11"), "the game data has no fire_modifiers.group_fire FP (group fire, "
                                "9.11, is not in the rulebook fragment)")
            return None
        dhex = ctx.state.position.get(d)
        own = [(u, *self._av(ctx, u, colour, close, ctx.state.position.get(u), dhex, d)) for u in attackers]
        if any(av is None for _, av, _ in own):
            return None
        u, av, why = max(own, key=lambda o: o[1] or 0)
        extra = per * (len(attackers) - 1)
        return u, (av or 0) + extra, f"{why} (best of the group, {ctx.name(u)}) {extra:+d} group fire " \
            f"({len(attackers) - 1} more)"

    def _av(self, ctx: Any, att: str, colour: str, close: bool, ahex: str | None,
            dhex: str | None, target: str | None = None, bomb: bool = False) -> tuple[int | None, str]:
        v = C.values(ctx, att)
        fp = bombs.fp(ctx, att, colour) if bomb else v.get(f"fp_{colour}")
        if fp is None:
            if bomb:
                ctx.could_not_check(ctx.rule("20.4"), f"{ctx.name(att)} prints no bomb FP (bomb_fp)")
            return None, ""
        av, parts = int(fp), [f"{colour} {'bomb ' if bomb else ''}FP {fp}"]
        for marker, row in C.effects(ctx, att):
            delta = (row.get("fp_delta") or {}).get(colour)
            if delta:
                av += int(delta)
                parts.append(f"{delta:+d} {row.get('name', marker)}")
        if close:
            gun = C.unit_class(ctx, att) == "gun"
            # 16.0 "Trucks have a -2FP": their close-combat modifier, or (policy truck_fp_modifier printed_fp) the FP
            # the counter prints, which then takes the vehicles' close-combat modifier
            truck = C.is_truck(ctx, att) and ctx.policies.get("truck_fp_modifier") == "close_combat_modifier"
            key = "truck" if truck else ("close_combat_gun" if gun else "close_combat")
            mod = C.modifier(ctx, key)
            if mod is None:
                why = " (Fig 28-29 give +4 only for tanks and rifle squads; a gun's is in the core rules the " \
                    "fragment lacks)" if gun else ""
                ctx.could_not_check(ctx.rule("Fig 28"), f"the game data has no fire_modifiers.{key} FP{why}")
                return None, ""
            av += mod
            parts.append(f"{mod:+d} close combat")
        elif ahex and dhex and air.is_plane(ctx, att):
            change = air.fp_change(ctx, att, target or "", ctx.board.distance(ahex, dhex))
            if change is None:
                return None, ""
            av += change[0]
            parts += change[1]
        elif ahex and dhex and ctx.board.distance(ahex, dhex) <= 1:
            mod = C.modifier(ctx, "short_range")
            if mod is None:
                ctx.could_not_check(ctx.rule("Fig 30"), "the game data has no fire_modifiers.short_range FP")
                return None, ""
            av += mod
            parts.append(f"{mod:+d} short range")
        elif ahex and dhex:
            band = self._band(ctx, att, ctx.board.distance(ahex, dhex))
            if band is None:
                return None, ""
            if band[0]:
                av += band[0]
                parts.append(f"{band[0]:+d} {band[1]}")
        return av, "AV " + " ".join(parts)

    def _band(self, ctx: Any, att: str, dist: int) -> tuple[int, str] | None:
        bands = ctx.tables.get("range_effects") or {}
        rng = C.values(ctx, att).get("range") or 0
        name = "long" if dist > rng else "normal"
        fp = (bands.get(name) or {}).get("fp")
        if fp is None:
            ctx.could_not_check(ctx.rule("7.6"), f"the game data gives no FP change at {name} range (7.6 is not in "
                                "the rulebook fragment)")
            return None
        return int(fp), f"{name} range"

    def _dv(self, ctx: Any, d: str, side: str, carried: dict[str, str]) -> tuple[int | None, str]:
        dr = C.values(ctx, d).get(f"defense_{side}")
        if dr is None:
            return None, ""
        dv, parts = int(dr), [f"{side} DR {dr}"]
        for marker, row in C.effects(ctx, d):
            delta = (row.get("dr_delta") or {}).get(side)
            if delta:
                dv += int(delta)
                parts.append(f"{delta:+d} {row.get('name', marker)}")
        here = ctx.state.position.get(d)
        row = C.terrain_row(ctx, here) if here else None
        if row is None or row.get("dm") is None:
            ctx.could_not_check(ctx.rule("15.1"), "the terrain table gives no DM for the target's hex")
            return None, ""
        if row["dm"]:
            dv += int(row["dm"])
            parts.append(f"{row['dm']:+d} {ctx.board.terrain(here)}")
        if d in carried and "apc" in C.tags(ctx, carried[d]):
            mod = C.modifier(ctx, "apc_transport", "dm") or 0
            dv += mod
            parts.append(f"+{mod} APC shield (16.1)")
        elif C.unit_class(ctx, d) == "foot" and d not in carried:
            cover = [u for u in ctx.state.units_in(here or "") if C.unit_class(ctx, u) == "vehicle"
                     and (ctx.policies.get("vehicle_cover") == "any_vehicle" or ctx.side_of(u) == ctx.side_of(d))]
            if cover:
                mod = (C.modifier(ctx, "vehicle_cover", "dm") or 0) * len(cover)
                dv += mod
                parts.append(f"+{mod} vehicle cover (15.6)")
        return dv, ", ".join(parts)

    def _fort_target(self, ctx: Any, ev: dict[str, Any], att: str, to: str, close: bool) -> FortTarget | None:
        """18.6: a fortification or hindrance printing a red 15DR is destroyed by an attack reaching it plus the
        hex's terrain DM (smoke too); mines only by artillery/mortar or a foot unit's close combat (18.5)."""
        m = ev["fortification"]
        row = C.fort_table(ctx).get(m)
        kw = {"units": [att], "hexes": [to]}
        if row is None or m not in ctx.state.hex_markers.get(to, ()):
            ctx.error(ctx.rule("18.6"), f"{ctx.name(att)} attacks a {m} in {to}, but there is none there", **kw)
            return None
        if not isinstance(row.get("destroy_dr"), int):
            ctx.error(ctx.rule("18.6"), f"{ctx.name(att)} attacks the {row.get('name', m)} in {to}, which prints no "
                      "red 15DR and cannot be destroyed", **kw)
            return None
        if row.get("type") == "mine" and not C.is_indirect(ctx, ev, att) and not (
                close and C.unit_class(ctx, att) == "foot"):
            ctx.error(ctx.rule("18.5"), f"{ctx.name(att)} fires at the mine in {to}; land mines are cleared only by "
                      "artillery/mortar fire or a foot unit's close combat attack", **kw)
            return None
        av, why = self._av(ctx, att, "red", close, ctx.state.position.get(att), to, bomb=bool(bombs.count(ev)))
        terrain = C.terrain_row(ctx, to) or {}
        if av is None or terrain.get("dm") is None:
            return None
        dv, parts = int(row["destroy_dr"]) + int(terrain["dm"]), [f"red DR {row['destroy_dr']}"]
        if terrain["dm"]:
            parts.append(f"{int(terrain['dm']):+d} {ctx.board.terrain(to)}")
        if C.smoke_in(ctx, to) and C.modifier(ctx, "engineer_smoke", "dm"):
            dv += C.modifier(ctx, "engineer_smoke", "dm") or 0
            parts.append("smoke")
        return FortTarget(m, to, av, dv, f"{why} against DV {dv} ({', '.join(parts)})", ctx.index or 0)

    def _settle_fort(self, ctx: Any) -> None:
        f, self.fort = self.fort, None
        if f is None or not f.totals:
            return
        hit = any(C.hits_from(f.av + t, f.dv, ctx.policies) > 0 for t in f.totals)
        name = (C.fort_table(ctx).get(f.marker) or {}).get("name", f.marker)
        how = f"{f.why}; " + ", ".join(f"roll {t} = AV {f.av + t}" for t in f.totals)
        if hit and not f.removed:
            ctx.error(ctx.rule("18.6"), f"the attack on the {name} in {f.hex} hits ({how}), so it is removed from "
                      "the game, but it stays", hexes=[f.hex], event_index=f.index)
        elif not hit and f.removed:
            ctx.error(ctx.rule("18.6"), f"the {name} in {f.hex} is removed, but the attack on it missed ({how})",
                      hexes=[f.hex], event_index=f.index)

    def _cover(self, ctx: Any, d: str, ahex: str | None, close: bool, colour: str,
               indirect: bool) -> tuple[int, list[str]] | None:
        """Smoke (+DM in the target's hex, 19.0; also along the line with policy ``smoke_dm``) and the
        fortifications the target occupies (:func:`modgen.rules.coh.forts.fort_dm`)."""
        here = ctx.state.position.get(d)
        dm, parts = 0, []
        smoky = bool(here) and C.smoke_in(ctx, here)
        if not smoky and here and ahex and ctx.policies.get("smoke_dm", "target_hex") == "target_or_line":
            smoky = any(C.smoke_in(ctx, h) for h in hexline.lines(ctx.board.grid, ahex, here)[0][1:-1])
        if smoky:
            mod = C.modifier(ctx, "engineer_smoke", "dm")
            if mod is None:
                ctx.could_not_check(ctx.rule("19.0"), "the game data has no fire_modifiers.engineer_smoke DM")
                return None
            dm += mod
            parts.append(f"+{mod} smoke (19.0)")
        fort = forts.fort_dm(ctx, d, ahex, close, colour, indirect)
        if fort is None:
            return None
        return dm + fort[0], parts + fort[1]

    # ---- what followed -----------------------------------------------------------------------------------------
    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        op, t, f = self.open, ev["type"], self.fort
        if f is not None:
            if (t == "roll" and len(f.totals) < f.rolls and ev.get("purpose", "combat") == "combat"
                    and ev.get("unit") in (None, f.marker)):
                f.totals.append(sum(int(x) for x in ev.get("dice") or []) + int(ev.get("cap") or 0))
                return
            if t == "marker" and ev.get("hex") == f.hex and ev.get("marker") == f.marker and not ev.get("on"):
                f.removed = True
        if op is None:
            return
        if t == "roll" and ev.get("purpose", "combat") == "combat":
            named = [g for g in op.targets if g.unit == ev.get("unit")]
            tgt = next((g for g in named if g.total is None), None) or next(iter(named), None) or next(
                (g for g in op.targets if g.total is None), None)
            if tgt is not None:
                tgt.total = sum(int(x) for x in ev.get("dice") or [])
                tgt.cap = int(ev.get("cap") or 0)
        elif t == "cap" and ev.get("purpose") == "roll":
            tgt = next((g for g in reversed(op.targets) if g.total is not None), None)
            if tgt is not None:
                tgt.cap += int(ev.get("cap") or 0)
        elif t == "marker" and ev.get("on") and ev.get("unit") and C.is_hit_counter(ctx, ev["marker"]):
            for g in op.targets:
                if g.unit == ev["unit"]:
                    g.placed.append(ev["marker"])
        elif t == "loss" and ev.get("eliminated", True) and not ev.get("steps"):
            for g in op.targets:
                if g.unit == ev["unit"]:
                    g.destroyed = True
        elif t == "result":
            tgt = next((g for g in op.targets if g.unit == ev.get("unit")), None) or (
                op.targets[0] if len(op.targets) == 1 else None)
            if tgt is not None:
                tgt.declared = str(ev["result"]).lower()

    def finish(self, ctx: Any) -> None:
        self._settle(ctx)

    def _settle(self, ctx: Any) -> None:
        self._settle_fort(ctx)
        op, self.open = self.open, None
        if op is None:
            return
        per_unit: dict[str, list[Target]] = {}
        for g in op.targets:
            if g.total is not None and g.av is not None and g.dv is not None:
                per_unit.setdefault(g.unit, []).append(g)
        for group in per_unit.values():
            self._outcome(ctx, op, group)

    def _outcome(self, ctx: Any, op: Open, group: list[Target]) -> None:
        """The unit's hits from its rolls (one roll, or one per bomb, 20.4) against what the log did to it."""
        g, how, hits, top = group[0], [], 0, 0
        for b in group:
            av = (b.av or 0) + (b.total or 0) + b.cap
            one = C.hits_from(av, b.dv or 0, ctx.policies)
            hits, top = hits + one, max(top, one)
            roll = f"roll {b.total}" + (f" + {b.cap} CAP" if b.cap else "")
            how.append(f"{roll} = AV {av}" + (f" ({one} hit{'s' * (one != 1)})" if len(group) > 1 else ""))
        how = f"{g.why}; " + ("; ".join(f"bomb {i + 1}: {h}" for i, h in enumerate(how)) if len(group) > 1
                              else how[0])
        names, who = f"{', '.join(ctx.name(a) for a in op.attackers)}", ctx.name(g.unit)
        kw = {"units": [*op.attackers, g.unit], "hexes": op.hexes, "event_index": op.index}
        drawn_destroyed = any((C.hit_table(ctx).get(m) or {}).get("destroyed") for m in g.placed)
        if air.is_plane(ctx, g.unit) and hits:
            self._plane_hit(ctx, g, hits, names, who, how, kw)
            return
        if hits == 0:
            if g.placed or g.destroyed:
                what = "it was destroyed" if g.destroyed else f"a hit counter ({', '.join(g.placed)}) was placed"
                ctx.error(ctx.rule("Fig 29"), f"{names} misses {who} ({how}), but {what}", **kw)
            self._declared(ctx, g, "miss", names, who, how, kw)
            return
        destroyed = hits >= 2 or g.hit_before
        if destroyed and not g.destroyed:
            rule, why = ("Fig 28", f"{hits} hits") if top >= 2 else ("Fig 30", "a second hit")
            if len(group) > 1 and top < 2:  # 20.4 Ex: each bomb "attacks the target separately"
                rule, why = "20.4", "a second hit with its bombs, each attacking separately"
            ctx.error(ctx.rule(rule), f"{names} scores {why} on {who} ({how}), which destroys it, but it was not "
                      "removed", **kw)
        elif not destroyed and g.destroyed and not drawn_destroyed:
            ctx.error(ctx.rule("Fig 30"), f"{who} was removed after one hit ({how}); one hit on a unit without a "
                      "hit counter places a hit counter, a second hit destroys it", **kw)
        elif not destroyed and not g.placed and not g.destroyed:
            ctx.error(ctx.rule("Fig 29"), f"{names} hits {who} ({how}), but no hit counter was placed on it", **kw)
        for m in g.placed:
            row = C.hit_table(ctx).get(m) or {}
            want = "vehicle" if C.unit_class(ctx, g.unit) == "vehicle" else "foot"
            if row.get("applies_to") and row["applies_to"] != want:
                ctx.error(ctx.rule("15.2"), f"{who} is a {want} unit but drew the {row['applies_to']} hit counter "
                          f"{row.get('name', m)}", **kw)
            if row.get("destroyed") and not g.destroyed:
                ctx.error(ctx.rule("15.2"), f"{who} drew the Destroyed hit counter but was not removed: "
                          "\"Immediately remove the affected unit from the map.\"", **kw)
        self._declared(ctx, g, "destroyed" if destroyed else "hit", names, who, how, kw)

    def _plane_hit(self, ctx: Any, g: Target, hits: int, names: str, who: str, how: str, kw: dict) -> None:
        """20.0: "Airplanes do not receive hit markers ... A second hit destroys the airplane." """
        taken = air.air_hits(ctx)
        before = taken.get(g.unit, 0)
        taken[g.unit] = before + hits
        if g.placed:
            ctx.error(ctx.rule("20.0"), f"{names} hits {who} ({how}) and a hit counter ({', '.join(g.placed)}) is "
                      "placed on it; airplanes do not receive hit markers", **kw)
        if before + hits >= 2 and not g.destroyed:
            ctx.error(ctx.rule("20.0"), f"{names} scores {'a second hit' if before else f'{hits} hits'} on {who} "
                      f"({how}), which destroys the airplane, but it was not removed", **kw)
        elif before + hits < 2 and g.destroyed:
            ctx.error(ctx.rule("20.0"), f"{who} was removed after its first hit ({how}); a hit plane may no longer "
                      "attack and must fly off, a second hit destroys it", **kw)
        self._declared(ctx, g, "destroyed" if before + hits >= 2 else "hit", names, who, how, kw)

    def _declared(self, ctx: Any, g: Target, want: str, names: str, who: str, how: str, kw: dict) -> None:
        said = g.declared
        if said is None:
            return
        said = {"2 hits": "destroyed", "kill": "destroyed", "killed": "destroyed", "1 hit": "hit"}.get(said, said)
        if said != want:
            ctx.error(ctx.rule("Fig 29"), f"the log says {names}'s attack on {who} is a {g.declared}, but it is a "
                      f"{want} ({how})", **kw)
