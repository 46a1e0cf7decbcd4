"""Fire and close combat (15.1-15.6, 16.0-16.1, 17.0-17.1, Fig 28-30): who may fire at what, at which cost, and the
hit arithmetic recomputed from the declared roll.

AV = FP of the colour of the target's DR (15.1) + range or close-combat modifier + hit-counter FP changes + 2d6 +
CAPs on the roll (Fig 29); DV = front or flank DR (flank in close combat, Fig 28) + hit-counter DR changes + the
hex's terrain DM + vehicle cover (15.6) + the APC shield (16.1). A hit when AV >= DV; two hits, or a hit on a unit
that already has one, destroy it (Fig 28, Fig 30).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
class Open:
    index: int
    attackers: list[str]
    targets: list[Target]
    hexes: list[str] = field(default_factory=list)  # where attackers and targets stood


class Fire:
    """Legality of each attack, then its outcome against the arithmetic at the next action."""

    def __init__(self) -> None:
        self.open: Open | None = None

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
        targets = []
        for d in defenders:
            tgt = self._target(ctx, ev, attackers, d, close) if legal else None
            if tgt is not None:
                targets.append(tgt)
        where = [h for u in attackers + defenders if (h := ctx.state.position.get(u))]
        self.open = Open(ctx.index or 0, attackers, targets, list(dict.fromkeys(where)))

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
        if rng is not None and dist > int(rng) and not close:
            ok = self._long_range(ctx, uid, dist, int(rng), here, to) and ok
        if not close and "turret" not in C.tags(ctx, uid) and C.in_front(ctx, uid, to) is False:
            ctx.error(ctx.rule("15.5"), f"{name} fires from {here} at {to}, outside its front arc; only turreted "
                      "vehicles fire outside their arc, other units must pivot first as a separate action",
                      units=[uid], hexes=[here, to])
            ok = False
        return ok

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
        side = "flank" if d in carried else C.dr_side(ctx, d, ahex, close)  # 17.1: carried units use flank DR
        if side is None:
            ctx.could_not_check(ctx.rule("15.1"), "a unit's facing or hex is not in the log, so front or flank "
                                "DR cannot be told")
            return None
        colour = C.dr_colour(ctx, d, side, att, close)
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
            ctx.could_not_check(ctx.rule("9.11"), "group fire FP (9.11) is not in the rulebook fragment")
            return None
        av, why_av = self._av(ctx, att, colour, close, ahex, ctx.state.position.get(d))
        dv, why_dv = self._dv(ctx, d, side, carried)
        if av is None or dv is None:
            return None
        return Target(d, av, dv, f"{why_av} against DV {dv} ({why_dv})", bool(C.hits_on(ctx, d)))

    def _av(self, ctx: Any, att: str, colour: str, close: bool, ahex: str | None,
            dhex: str | None) -> tuple[int | None, str]:
        v = C.values(ctx, att)
        fp = v.get(f"fp_{colour}")
        if fp is None:
            return None, ""
        av, parts = int(fp), [f"{colour} FP {fp}"]
        for marker, row in C.effects(ctx, att):
            delta = (row.get("fp_delta") or {}).get(colour)
            if delta:
                av += int(delta)
                parts.append(f"{delta:+d} {row.get('name', marker)}")
        if close:
            key = "truck" if C.is_truck(ctx, att) else "close_combat"
            if C.unit_class(ctx, att) == "gun":
                ctx.could_not_check(ctx.rule("Fig 28"), "the close-combat modifier of guns is not in the fragment")
                return None, ""
            mod = C.modifier(ctx, key)
            if mod is None:
                ctx.could_not_check(ctx.rule("Fig 28"), f"the game data has no fire_modifiers.{key} FP")
                return None, ""
            av += mod
            parts.append(f"{mod:+d} close combat")
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

    # ---- what followed -----------------------------------------------------------------------------------------
    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        op, t = self.open, ev["type"]
        if op is None:
            return
        if t == "roll" and ev.get("purpose", "combat") == "combat":
            tgt = next((g for g in op.targets if g.unit == ev.get("unit")), None) or next(
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
        op, self.open = self.open, None
        if op is None:
            return
        for g in op.targets:
            if g.total is None or g.av is None or g.dv is None:
                continue
            self._outcome(ctx, op, g)

    def _outcome(self, ctx: Any, op: Open, g: Target) -> None:
        av = g.av + g.total + g.cap
        hits = C.hits_from(av, g.dv, ctx.policies)
        roll = f"roll {g.total}" + (f" + {g.cap} CAP" if g.cap else "")
        how = f"{g.why}; {roll} = AV {av}"
        names, who = f"{', '.join(ctx.name(a) for a in op.attackers)}", ctx.name(g.unit)
        kw = {"units": [*op.attackers, g.unit], "hexes": op.hexes, "event_index": op.index}
        drawn_destroyed = any((C.hit_table(ctx).get(m) or {}).get("destroyed") for m in g.placed)
        if hits == 0:
            if g.placed or g.destroyed:
                what = "it was destroyed" if g.destroyed else f"a hit counter ({', '.join(g.placed)}) was placed"
                ctx.error(ctx.rule("Fig 29"), f"{names} misses {who} ({how}), but {what}", **kw)
            self._declared(ctx, g, "miss", names, who, how, kw)
            return
        destroyed = hits >= 2 or g.hit_before
        if destroyed and not g.destroyed:
            rule, why = ("Fig 28", f"{hits} hits") if hits >= 2 else ("Fig 30", "a second hit")
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

    def _declared(self, ctx: Any, g: Target, want: str, names: str, who: str, how: str, kw: dict) -> None:
        said = g.declared
        if said is None:
            return
        said = {"2 hits": "destroyed", "kill": "destroyed", "killed": "destroyed", "1 hit": "hit"}.get(said, said)
        if said != want:
            ctx.error(ctx.rule("Fig 29"), f"the log says {names}'s attack on {who} is a {g.declared}, but it is a "
                      f"{want} ({how})", **kw)
