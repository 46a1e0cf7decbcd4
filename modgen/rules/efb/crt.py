"""EFB combat arithmetic: differential (11.2, 11.4, 12.2, 20.2), column shifts (11.12-11.16, 15.3, 16, 22.2),
and CRT lookup. The tables come from the game data (the rulebooks print none)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.efb import common as c

TABLE_NAMES = {"mobile": "Mobile CRT", "assault": "Assault CRT", "ranged": "Ranged CRT"}


@dataclass
class Calc:
    """How a combat was computed, for messages."""

    attack: int = 0
    defense: int = 0
    shifts: list[tuple[int, str]] = field(default_factory=list)

    @property
    def differential(self) -> int:
        return self.attack - self.defense

    @property
    def net_shift(self) -> int:
        return sum(s for s, _ in self.shifts)

    def explain(self) -> str:
        parts = [f"differential {self.attack} - {self.defense} = {self.differential:+d}"]
        if self.shifts:
            parts.append("shifts " + ", ".join(f"{s:+d} {why}" for s, why in self.shifts))
        return "; ".join(parts)


def strength(ctx: Any, uid: str, key: str) -> int:
    v = ctx.values(uid).get(key)
    return int(v) if isinstance(v, int | float) else 0


def bracketed(ctx: Any, uid: str, key: str) -> bool:
    return "bracketed" in ctx.marks(uid, key)


def defender_hexes(ctx: Any, defenders: list[str]) -> list[str]:
    return sorted({h for u in defenders if (h := ctx.state.position.get(u)) is not None})


def terrain_shift(ctx: Any, attackers: list[str], defenders: list[str], hexside_ok: bool) -> tuple[int, str] | None:
    """The single best terrain shift for the defender (11.15, 11.16): hex terrain, or a hexside all attackers cross."""
    tec = ctx.tables.get("tec") or {}
    best: tuple[int, str] | None = None
    for h in defender_hexes(ctx, defenders):
        t = ctx.board.terrain(h)
        s = (tec.get(t) or {}).get("shift")
        if isinstance(s, int) and s != 0 and (best is None or s < best[0]):
            best = (s, f"{t} at {h}")
        if not hexside_ok:
            continue
        sides_per_attacker = []
        for a in attackers:
            ah = ctx.state.position.get(a)
            if ah is None or not ctx.board.adjacent(ah, h):
                sides_per_attacker.append(set())
                continue
            sides_per_attacker.append(set(ctx.board.hexside(ah, h)))
        common = set.intersection(*sides_per_attacker) if sides_per_attacker else set()
        for side in common:
            s = (tec.get(side) or {}).get("shift")
            if isinstance(s, int) and s != 0 and (best is None or s < best[0]):
                best = (s, f"{side} hexside")
    return best


def adjacent_calc(ctx: Any, attack: Any) -> Calc:
    """Differential and shifts of an adjacent (Mobile/Assault) combat, from the state at declaration."""
    ev = attack.event
    calc = Calc()
    attackers = [a for a in attack.attackers if c.klass(ctx, a) != "air"]
    defenders = attack.defenders
    support = list(ev.get("support") or [])
    air = list(ev.get("air") or []) + [a for a in attack.attackers if c.klass(ctx, a) == "air"]  # 17.5
    supply = bool(ev.get("supply"))
    for a in attackers:
        calc.attack += strength(ctx, a, "barrage" if c.klass(ctx, a) == "artillery" else "attack")
    for s in support:
        calc.attack += strength(ctx, s, "barrage") * (2 if supply else 1)
    calc.attack += len(air)
    calc.defense = sum(strength(ctx, d, "defense") for d in defenders)
    att_armor = any(c.is_armored(ctx, a) for a in attackers)
    def_armor = any(c.is_armored(ctx, d) for d in defenders)
    # attacker (right) shifts
    if def_armor and any(bracketed(ctx, a, "attack") and c.in_command(ctx, a) and not c.suppressed(ctx, a)
                         for a in attackers):
        calc.shifts.append((1, "anti-tank (16.2)"))
    tec = ctx.tables.get("tec") or {}
    if any((tec.get(ctx.board.terrain(h)) or {}).get("engineer_bonus") for h in defender_hexes(ctx, defenders)) and \
            any("engineer" in c.types(ctx, a) and c.in_command(ctx, a) and not c.suppressed(ctx, a) for a in attackers):
        calc.shifts.append((1, "engineer (22.2)"))
    if any(c.suppressed(ctx, d) for d in defenders):
        calc.shifts.append((2, "suppressed defender (15.3)"))
    # defender (left) shifts
    at = 0
    if att_armor:
        ooc_ok = ctx.policies.get("ooc_defensive_at", "allowed") == "allowed"
        def ok(u: str) -> bool:
            return not c.suppressed(ctx, u) and (ooc_ok or c.in_command(ctx, u))
        if any(bracketed(ctx, d, "defense") and ok(d) for d in defenders):
            at -= 2
        near = set()
        for h in defender_hexes(ctx, defenders):
            for n in ctx.board.neighbours(h):
                near.update(u for u in ctx.state.units_in(n) if u not in defenders
                            and ctx.side_of(u) == ctx.side_of(defenders[0]) and c.is_ground(ctx, u))
        if any(bracketed(ctx, u, "defense") and ok(u) for u in near):
            at -= 2
        cap = int(ctx.policies.get("at_defender_cap", 2))
        at = max(at, -cap)
    if at:
        calc.shifts.append((at, "anti-tank (16.3)"))
    if any(c.suppressed(ctx, a) for a in attackers):
        calc.shifts.append((-2, "suppressed attacker (15.3)"))
    t = terrain_shift(ctx, attackers, defenders, hexside_ok=True)
    if t:
        calc.shifts.append((t[0], f"terrain: {t[1]} (11.15)"))
    _marker_shifts(ctx, defenders, calc)
    return calc


def _marker_shifts(ctx: Any, defenders: list[str], calc: Calc) -> None:
    """Optional rules, in play when their markers are: entrenchment -2 (26.2), rubble in an urban hex -1 (27.2)."""
    tec = ctx.tables.get("tec") or {}
    hexes = defender_hexes(ctx, defenders)
    if any("entrenchment" in ctx.state.hex_markers.get(h, ()) for h in hexes):
        calc.shifts.append((-2, "entrenchment (26.2)"))
    if any("rubble" in ctx.state.hex_markers.get(h, ()) and (tec.get(ctx.board.terrain(h)) or {}).get(
            "mobile_forbidden") for h in hexes):
        calc.shifts.append((-1, "rubble (27.2)"))


def ranged_calc(ctx: Any, firers: list[str], air: list[str], target: str, supply: bool, fpf: bool = False) -> Calc:
    """Bombardment/FPF against one unit (12.8, 12.9, 12.17): barrage (+air) minus defense; only hex terrain shifts.
    FPF uses each firer's FPF strength instead of its barrage (12.2(3), 12.12); supply doubles only bombardment
    strength (20.2)."""
    calc = Calc()
    if fpf:
        calc.attack = sum(strength(ctx, f, "fpf") for f in firers) + len(air)
    else:
        calc.attack = sum(strength(ctx, f, "barrage") * (2 if supply else 1) for f in firers) + len(air)
    calc.defense = strength(ctx, target, "defense")
    cap = ctx.tables.get("ranged_max_differential", 16)
    if calc.differential > cap:
        calc.attack = calc.defense + cap
    t = terrain_shift(ctx, firers, [target], hexside_ok=False)
    if t:
        calc.shifts.append((t[0], f"terrain: {t[1]} (12.17)"))
    return calc


def lookup(ctx: Any, table: str, calc: Calc, die: int) -> tuple[str, str] | None:
    """(result, column label) or None when the table is missing (reported once) or the roll is off the table."""
    crt = (ctx.tables.get("crt") or {}).get(table)
    if not crt or not crt.get("columns"):
        ctx.could_not_check(ctx.rule("11.2"), f"the game data has no {TABLE_NAMES.get(table, table)}")
        return None
    cols = crt["columns"]
    diff = calc.differential
    idx = None
    for i, col in enumerate(cols):
        lo, hi = col.get("min"), col.get("max")
        if (lo is None or diff >= lo) and (hi is None or diff <= hi):
            idx = i
            break
    if idx is None:
        idx = 0 if cols[0].get("min") is not None and diff < cols[0]["min"] else len(cols) - 1
    idx += calc.net_shift
    if not 0 <= idx < len(cols):
        if ctx.policies.get("crt_edge", "clamp") == "error":
            ctx.warning(ctx.rule("11.2"), f"the shifted column falls off the {TABLE_NAMES.get(table, table)}")
        idx = min(max(idx, 0), len(cols) - 1)
    if not 1 <= die <= 6:
        return None
    return cols[idx]["results"][die - 1], cols[idx]["label"]
