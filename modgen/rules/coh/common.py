"""Shared Conflict of Heroes helpers: unit kinds, hit-counter effects, arcs, movement and fire arithmetic.

Every number comes from the manifest (``rules.tables``) or the counters; where a value the check needs is missing the
caller reports could-not-check. Facing is in degrees (``GameState.facing``); hex bearings come from
:mod:`modgen.geometry.hexline` and arcs from :mod:`modgen.geometry.arcs`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from modgen.geometry import arcs, hexline

#: Movement colour -> the terrain table's column (16.0: red = foot, blue = tracked, green = wheeled).
MOVE_COLUMN = {"red": "move_foot", "blue": "move_tracked", "green": "move_wheeled"}
ACTIONS = ("move", "attack", "pivot", "stall", "unload", "load", "order", "rally", "pass", "smoke", "occupy", "leave",
           "entrench", "air_action")
#: attack kinds and attacker tags of artillery and mortar fire (indirect: 15.4, 18.2, 18.5, 18.6)
INDIRECT = ("artillery", "mortar", "oba", "indirect")


def values(ctx: Any, uid: str) -> dict[str, Any]:
    """Printed values of the unit's front (the spent back prints the same in this game's data)."""
    faces = (ctx.units.get(uid) or {}).get("faces") or {}
    return ((faces.get("front") or {}).get("values")) or ctx.values(uid)


def at(ctx: Any, units: list[str]) -> dict[str, Any]:
    """``units`` and the hexes they stand in, the keywords of a finding."""
    return {"units": units, "hexes": [h for u in units if (h := ctx.state.position.get(u))]}


def tags(ctx: Any, uid: str) -> set[str]:
    return set((ctx.units.get(uid) or {}).get("tags") or [])


def unit_class(ctx: Any, uid: str) -> str:
    return (ctx.units.get(uid) or {}).get("class") or ""


def is_truck(ctx: Any, uid: str) -> bool:
    return "truck" in tags(ctx, uid) or values(ctx, uid).get("move_colour") == "green"


def is_indirect(ctx: Any, ev: dict[str, Any], uid: str | None) -> bool:
    """Artillery or mortar fire: declared by the attack's ``kind`` or the attacker's tags."""
    return ev.get("kind") in INDIRECT or bool(uid and tags(ctx, uid) & set(INDIRECT))


def side_name(ctx: Any, side: str | None) -> str:
    return (ctx.sides.get(side or "") or {}).get("name") or side or "a player"


def other_side(ctx: Any, side: str | None) -> str | None:
    return next((s for s in ctx.sides if s != side), None)


def hit_table(ctx: Any) -> dict[str, Any]:
    return {k: v for k, v in (ctx.tables.get("hit_counters") or {}).items() if k != "source" and isinstance(v, dict)}


def is_hit_counter(ctx: Any, marker: str) -> bool:
    """A hit counter: a ``kind: "hit"`` counter of the game, or a row of the hit-counter table."""
    return (ctx.units.get(marker) or {}).get("kind") == "hit" or marker in hit_table(ctx)


def hits_on(ctx: Any, uid: str) -> list[str]:
    """The hit counters lying on the unit (a hit counter dropped on a unit is a marker on it)."""
    return sorted(m for m in ctx.state.markers.get(uid, ()) if is_hit_counter(ctx, m))


def effects(ctx: Any, uid: str) -> list[tuple[str, dict[str, Any]]]:
    """(counter id, effect row) of every hit counter on the unit that the hit table describes."""
    table = hit_table(ctx)
    return [(m, table[m]) for m in hits_on(ctx, uid) if m in table]


def _no_effect(row: dict[str, Any]) -> bool:
    """A vehicle hit counter that changes nothing (15.2 Light Damage: "not affected in any way, just psychological")."""
    return (row.get("applies_to") == "vehicle" and not row.get("destroyed") and row.get("can_move") is not False
            and row.get("can_fire") is not False and not row.get("only_rally") and not row.get("fire_cost_delta")
            and not row.get("fp_delta") and not row.get("fp_disabled")
            and not any((row.get("dr_delta") or {}).values()))


def rally_number(ctx: Any, marker: str) -> int | None:
    """The counter's rally number (15.2); Suppressed follows the ``suppressed_rally`` policy (EN 8, RU 9); Light
    Damage, which prints none, rallies on Suppressed's under policy ``light_damage_removal`` ``rally_as_suppressed``."""
    table = hit_table(ctx)
    row = table.get(marker) or {}
    if row.get("rally") is None:
        if _no_effect(row) and ctx.policies.get("light_damage_removal", "never") == "rally_as_suppressed":
            suppressed = next((m for m, r in table.items() if r.get("fire_cost_delta") and r.get("fp_delta")), None)
            return rally_number(ctx, suppressed) if suppressed else None
        return None
    if row.get("fire_cost_delta") and row.get("fp_delta"):  # the Suppressed row
        return int(ctx.policies.get("suppressed_rally", row["rally"]))
    return int(row["rally"])


def facing(ctx: Any, uid: str) -> float | None:
    return ctx.state.facing.get(uid)


def bearing(ctx: Any, a: str, b: str) -> float:
    return hexline.bearing(ctx.board.grid, a, b)


def in_front(ctx: Any, uid: str, toward: str) -> bool | None:
    """Is hex ``toward`` in the unit's front arc (``front_arc`` policy, 120 degrees: 15.5 designer's note)? None
    when the unit's facing or hex is unknown."""
    here, face = ctx.state.position.get(uid), facing(ctx, uid)
    if here is None or face is None or ctx.board is None:
        return None
    if here == toward:
        return True
    return arcs.in_arc(face, bearing(ctx, here, toward), float(ctx.policies.get("front_arc", 120)))


def terrain_row(ctx: Any, h: str) -> dict[str, Any] | None:
    terrain = ctx.tables.get("terrain") or {}
    row = terrain.get(ctx.board.terrain(h)) if ctx.board is not None else None
    return row if isinstance(row, dict) else None


def step_cost(ctx: Any, uid: str, a: str, b: str) -> tuple[Fraction | None, str]:
    """AP to move ``uid`` from ``a`` into neighbouring ``b``: its open cost per hex plus the terrain's extra for its
    movement colour (16.0), plus road congestion for wheeled vehicles (16.0). ``(None, why)`` when the terrain
    table has no value."""
    v = values(ctx, uid)
    cost, hexes = v.get("move_cost"), v.get("move_hexes") or 1
    if cost is None:
        return None, f"{ctx.name(uid)} prints no move cost"
    colour = v.get("move_colour") or "red"
    row = terrain_row(ctx, b)
    if row is None:
        return None, f"the terrain table has no row for {ctx.board.terrain(b)!r}"
    extra = row.get(MOVE_COLUMN.get(colour, "move_foot"))
    if extra is None:
        return None, f"the terrain table gives no {colour}-movement cost for {ctx.board.terrain(b)!r}"
    total = Fraction(cost) / Fraction(hexes) + Fraction(extra)
    if colour == "green" and ctx.board.on_line(b, "road"):
        others = [u for u in ctx.state.units_in(b) if u != uid and unit_class(ctx, u) == "vehicle"]
        total += len(others)  # 16.0: +1AP per vehicle already in the road hex
    return total + hindrance_extra(ctx, uid, b), ""


# ---- fortifications and hindrances (18.0-18.6) -------------------------------------------------------------------
def fort_table(ctx: Any) -> dict[str, dict[str, Any]]:
    """The ``fortifications`` table: counter id -> type and printed values (18.0-18.5)."""
    return {k: v for k, v in (ctx.tables.get("fortifications") or {}).items() if k != "source" and isinstance(v, dict)}


def forts_in(ctx: Any, h: str, kind: str | None = None) -> list[str]:
    """Fortification and hindrance counters lying in hex ``h`` (of type ``kind`` when given)."""
    table = fort_table(ctx)
    return sorted(m for m in ctx.state.hex_markers.get(h, ()) if m in table
                  and (kind is None or table[m].get("type") == kind))


def is_at_ditch(ctx: Any, h: str) -> bool:
    """An anti-tank ditch hex (18.3): drawn on a map overlay (the terrain row's ``at_ditch``) or a counter."""
    row = terrain_row(ctx, h) or {}
    return bool(row.get("at_ditch")) or bool(forts_in(ctx, h, "at_ditch"))


def move_colour(ctx: Any, uid: str) -> str:
    """Red (foot), blue (tracked) or green (wheeled) movement (16.0)."""
    return values(ctx, uid).get("move_colour") or "red"


def hindrance_extra(ctx: Any, uid: str, h: str) -> int:
    """Extra AP to enter ``h`` for hindrances: infantry into an AT ditch +2 (18.3), a tracked unit into wire +2
    (18.4), a foot unit into wire the 1D6 it rolled when it announced the move (18.4, ``coh_wire_roll``)."""
    extra, colour = 0, move_colour(ctx, uid)
    if is_at_ditch(ctx, h) and unit_class(ctx, uid) == "foot":
        extra += _table_ap(ctx, "enter_at_ditch_infantry", 2)
    if forts_in(ctx, h, "wire"):
        if colour == "blue":
            extra += _table_ap(ctx, "enter_wire_tracked", 2)
        elif colour == "red":
            rolled = (ctx.state.notes.get("coh_wire_roll") or {}).get(uid)
            extra += int(rolled[1]) if rolled and rolled[0] in (h, None) else 0
    return extra


def _table_ap(ctx: Any, key: str, default: int) -> int:
    """An ``action_costs`` row written as an extra ("+2"), else the rulebook's number."""
    ap = ((ctx.tables.get("action_costs") or {}).get(key) or {}).get("ap")
    try:
        return int(str(ap).lstrip("+"))
    except ValueError:
        return default


def is_smoke(marker: str) -> bool:
    """A smoke marker (19.0 engineer smoke; any marker id ``smoke`` or ending ``.smoke``)."""
    return marker == "smoke" or marker.endswith(".smoke")


def smoke_in(ctx: Any, h: str) -> bool:
    return any(is_smoke(m) for m in ctx.state.hex_markers.get(h, ()))


def ap(value: Fraction) -> int:
    """Whole AP paid for one action (a tracked vehicle's 2 hexes per 1AP: 1 or 2 hexes cost 1AP, 3 cost 2AP)."""
    return math.ceil(value)


# ---- fire arithmetic ---------------------------------------------------------------------------------------------
def dr_side(ctx: Any, target: str, attacker_hex: str | None, close: bool) -> str | None:
    """``front`` or ``flank``: close combat always uses the flank DR (Fig 28); otherwise the attacker's hex in the
    target's front arc. None when a facing is unknown."""
    if close:
        return "flank"
    if attacker_hex is None:
        return None
    front = in_front(ctx, target, attacker_hex)
    return None if front is None else ("front" if front else "flank")


def dr_colour(ctx: Any, target: str, side: str, attacker: str, close: bool, indirect: bool = False) -> str:
    """The colour of the DR the attack meets (15.1); an open-topped flank "changes from blue to red when attacked by
    artillery or mortar fire and in CC by foot units" (15.4)."""
    marks = ctx.marks(target, f"defense_{side}")
    colour = "blue" if "blue" in marks else "red"
    if side == "flank" and "open_top" in tags(ctx, target) and (
            indirect or (close and unit_class(ctx, attacker) == "foot")):
        colour = "red"
    return colour


def modifier(ctx: Any, key: str, field: str = "fp") -> int | None:
    row = (ctx.tables.get("fire_modifiers") or {}).get(key)
    if not isinstance(row, dict) or row.get(field) is None:
        return None
    value = row[field]
    return value if isinstance(value, int) else None


def hits_from(av: int, dv: int, policies: dict[str, Any]) -> int:
    """0, 1 or 2 hits: a hit when AV >= DV (``hit_comparison``, every example of the fragment); two hits when AV
    reaches DV + 4 (``two_hit_threshold``; Fig 28: 17 against 10)."""
    hit = av >= dv if policies.get("hit_comparison", "ge") == "ge" else av > dv
    if not hit:
        return 0
    two = av >= dv + 4 if policies.get("two_hit_threshold", "ge_dv_plus_4") == "ge_dv_plus_4" else av > dv + 4
    return 2 if two else 1
