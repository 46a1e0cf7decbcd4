"""Flames of War team data as the checks read it: weapons, base footprint, mobility, ratings, armour, unit
membership, and the game's measuring unit.

A team's characteristics come from the counter's structured fields (``weapons``, ``base``, ``mobility``,
``ratings``, ``armour``, ``save``, ``group``: schema/counters.schema.json), falling back to the printed face values
(``weapon``/``range``/``rof``…, ``armour_front``…, ``skill``…) and the ``formation``/``unit_leader`` tag for data
written before those fields existed. Positions are always inches (the table toolkit's unit); the game's measuring
unit (policy ``units``: inches or cm, p.4) picks which printed value of each "N"/Mcm pair applies.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from modgen.geometry.table import Footprint, Pose, base_distance, corners

CM_PER_INCH = 2.54

#: Distances the rules print as inch/cm pairs (p.4: the pairs are not exact conversions), by what they are for.
RULE_DISTANCES: dict[str, tuple[float, float]] = {
    "dash_ban": (8, 20),        # p.19: no Dash within 8"/20cm of an enemy Tank, Infantry or Gun Team
    "proximity": (2, 5),        # p.19: not within 2"/5cm of visible enemy teams in the Movement Step
    "long_range": (16, 40),     # p.33 (+1 to hit), p.36 (+1 save)
    "blitz": (4, 10),           # p.24 Blitz Move
    "follow_me": (4, 10),       # p.25 Follow Me
    "assault_move": (10, 25),   # p.52: no Assault after a Tactical move of more than 10"/25cm
    "pre_assault_target": (8, 20),  # p.52: shooting before assaulting targets a team within 8"/20cm
    "charge": (4, 10),          # p.53 Charge into Contact
    "cavalry_charge": (6, 15),  # p.53 Cavalry
    "min_range": (8, 20),       # p.67 Minimum Range 8"/20cm
    "commander": (6, 15),       # p.8 Command Leadership: the Commander within 6"/15cm re-rolls failed tests
    "assign": (6, 15),          # p.34 Assign Hits: within 6"/15cm of the target team
    "too_close": (4, 10),       # p.35 Too Close for Error
    "too_close_tank": (8, 20),  # p.35 ... or 8"/20cm if the selected teams are Tank Teams
    "defensive_fire": (8, 20),  # p.55 Defending Teams within 8"/20cm of an Assaulting Team
    "fall_back": (2, 5),        # p.56 Fall Back until more than 2"/5cm from the enemy
    "assault_over": (4, 10),    # p.57 Defending Teams that could be Contacted with a further 4"/10cm Move
    "break_off": (6, 15),       # p.59 Break Off to further than 6"/15cm from all Assaulting Teams
    "consolidate": (4, 10),     # p.59 Consolidate up to 4"/10cm, not within 2"/5cm of an enemy Team
    "hold": (4, 10),            # p.94 Holding an Objective: a team within 4"/10cm
    "ambush_enemy": (4, 10),    # p.95 Ambush: never placed within 4"/10cm of an enemy Tank, Infantry or Gun Team
    "ambush_seen": (16, 40),    # p.95 ... nor within 16"/40cm of one in Line of Sight unless Concealed by Terrain
    "template": (6, 15),        # p.46 Template Size: the Artillery Template is 6"/15cm square
    "danger_close": (4, 10),    # p.46 Danger Close: no Template within 4"/10cm of friendly Teams
    "bring_forward": (4, 10),   # p.23 Bring Transports Forward: within 4"/10cm of a Team from their Unit ...
    "bring_forward_enemy": (4, 10),   # ... never within 4"/10cm of any enemy Team ...
    "bring_forward_seen": (16, 40),   # ... nor within 16"/40cm of an enemy in Line of Sight unless Concealed
}
#: Bases within this many inches touch ("in Contact", p.53): the tolerance of placing a model by hand.
CONTACT_TOLERANCE = 0.1
#: A team whose base size the data does not give is measured from its centre (a point footprint).
POINT = Footprint(0.001, 0.001)


def key(text: Any) -> str:
    """``"Standard Tank"`` -> ``"standard_tank"`` (how rating names key the rules tables)."""
    return re.sub(r"[^a-z0-9]+", "_", str(text or "").strip().lower()).strip("_")


def need_value(need: Any) -> int | None:
    """``"3+"`` -> 3, ``"6"`` -> 6, ``3`` -> 3; ``"Auto"`` -> 1; None for none."""
    if isinstance(need, bool):
        return None
    if isinstance(need, int | float):
        return int(need)
    if isinstance(need, str):
        if need.strip().lower() == "auto":
            return 1
        m = re.fullmatch(r"\s*(\d+)\+?\s*", need)
        if m:
            return int(m.group(1))
    return None


class Measure:
    """The game's measuring unit: converts printed distances to inches and shows distances in the game's unit."""

    def __init__(self, unit: str = "inches") -> None:
        self.cm = unit == "cm"

    def inches(self, dist: Any) -> float | None:
        """A printed distance (``{"in": 32, "cm": 80}``, a number of inches, or None) in inches."""
        if dist is None or isinstance(dist, bool):
            return None
        if isinstance(dist, int | float):
            return float(dist)
        if isinstance(dist, dict):
            if self.cm and isinstance(dist.get("cm"), int | float):
                return float(dist["cm"]) / CM_PER_INCH
            if isinstance(dist.get("in"), int | float):
                return float(dist["in"])
        return None

    def rule(self, name: str) -> float:
        """A rule distance (:data:`RULE_DISTANCES`) in inches."""
        inch, cm = RULE_DISTANCES[name]
        return cm / CM_PER_INCH if self.cm else float(inch)

    def show(self, inches: float) -> str:
        """``12.3"`` or ``31.2cm``."""
        return f"{inches * CM_PER_INCH:.1f}cm" if self.cm else f'{inches:.1f}"'


@dataclass(frozen=True)
class Weapon:
    """One weapon, distances in inches of the game's unit."""

    name: str
    kind: str
    mount: str
    main: bool
    range: float | None
    min_range: float | None
    halted: int | None
    moving: int | None
    pinned: int | None
    anti_tank: int | None
    firepower: int | None
    notes: frozenset[str]

    def has(self, note: str) -> bool:
        return key(note) in self.notes

    @property
    def is_mg(self) -> bool:
        return self.kind == "vehicle_mg"

    def rof(self, mode: str) -> int:
        """Dice for ``mode`` ``halted``, ``moving`` or ``pinned`` (p.26; p.66 Full ROF When Moving, Awkward Layout,
        Bunker Buster; p.67 ROF 1 Weapons; Stabiliser p.72; vehicle MGs p.33)."""
        halted = self.halted or 0
        if mode == "halted":
            return halted
        if self.is_mg and self.moving is None:
            return halted  # p.33: a vehicle MG's Moving ROF is its Halted ROF
        if self.has("awkward_layout") or self.has("bunker_buster"):
            return 0
        if mode == "pinned":
            if self.pinned is not None:
                return self.pinned
            if self.has("full_rof_when_moving"):
                return 1
        if self.moving is not None:
            return self.moving
        if self.has("full_rof_when_moving") or self.has("stabiliser"):
            return halted
        return 1 if halted == 1 else halted // 2


def _weapon(data: dict[str, Any], m: Measure) -> Weapon:
    rof = data.get("rof") if isinstance(data.get("rof"), dict) else {"halted": data.get("rof")}
    notes = frozenset(key(n) for n in data.get("notes") or [])
    min_range = m.inches(data.get("min_range"))
    if min_range is None and "minimum_range" in notes:
        min_range = m.rule("min_range")
    return Weapon(name=str(data.get("name", "")), kind=str(data.get("kind", "gun")),
                  mount=str(data.get("mount", "turret")), main=bool(data.get("main", False)),
                  range=m.inches(data.get("range")), min_range=min_range,
                  halted=rof.get("halted"), moving=rof.get("moving"), pinned=rof.get("pinned"),
                  anti_tank=data.get("anti_tank"), firepower=need_value(data.get("firepower")), notes=notes)


class Team:
    """A counter read as a Flames of War team."""

    def __init__(self, uid: str, rec: dict[str, Any], values: dict[str, Any], m: Measure) -> None:
        self.id = uid
        self.rec = rec
        self.values = values
        self.m = m
        self.cls = str(rec.get("class", ""))
        tags = {key(t) for t in rec.get("tags") or []}
        self.tags = tags
        group = rec.get("group") or {}
        self.group = str(group.get("id") or rec.get("formation") or uid)
        self.leader = bool(group.get("leader", "unit_leader" in tags))
        self.commander = bool(group.get("commander", "formation_commander" in tags))
        self.attached_to = str(group.get("attached_to") or "")  # p.7: a Transport Attachment's core Unit
        self.type = key(group.get("type") or "")

    # ---- what it is ----------------------------------------------------------------------------------------
    @property
    def is_tank(self) -> bool:
        return self.cls == "tank"

    @property
    def armour(self) -> dict[str, int | None] | None:
        a = self.rec.get("armour")
        if isinstance(a, dict):
            return {"front": a.get("front"), "side": a.get("side"), "top": a.get("top")}
        v = self.values
        if self.is_tank and isinstance(v.get("armour_front"), int | float):
            return {"front": v.get("armour_front"), "side": v.get("armour_side"), "top": v.get("armour_top")}
        return None

    @property
    def armoured(self) -> bool:
        """An Armoured Tank Team (p.6): a tank with armour ratings and not tagged unarmoured."""
        return self.is_tank and self.armour is not None and "unarmoured" not in self.tags

    @property
    def save(self) -> int | None:
        return need_value(self.rec.get("save", self.values.get("save")))

    @property
    def turreted(self) -> bool:
        return "turreted" in self.tags

    # ---- where it is -----------------------------------------------------------------------------------------
    @property
    def has_base(self) -> bool:
        return isinstance(self.rec.get("base"), dict)

    @property
    def base(self) -> Footprint:
        """Its footprint (:data:`POINT` when the data gives no size)."""
        try:
            return Footprint.from_data(self.rec["base"])
        except (KeyError, TypeError, ValueError):
            return POINT

    # ---- ratings -----------------------------------------------------------------------------------------
    def rating(self, name: str) -> Any:
        r = self.rec.get("ratings") or {}
        return r.get(name, self.values.get(name))

    def is_hit_on(self, tables: dict[str, Any]) -> int | None:
        """The score needed to hit it (p.11: from its Skill)."""
        direct = need_value(self.rating("is_hit_on"))
        if direct is not None:
            return direct
        row = (tables.get("skill") or {}).get(key(self.rating("skill")))
        return need_value((row or {}).get("is_hit_on"))

    # ---- movement ----------------------------------------------------------------------------------------
    def speeds(self, tables: dict[str, Any]) -> dict[str, float | None] | None:
        """Tactical and Dash speeds in inches (p.18): the counter's own speeds over its Mobility table row."""
        mob = self.rec.get("mobility") or {}
        rating = key(mob.get("rating") or self.values.get("mobility"))
        row = (tables.get("movement") or {}).get(rating) if rating else None
        out: dict[str, float | None] = {}
        for name in ("tactical", "terrain_dash", "cross_country_dash", "road_dash"):
            if name in mob:
                out[name] = self.m.inches(mob[name])
            elif isinstance(row, dict):
                cm = (row.get("cm") or {}).get(name)
                out[name] = self.m.inches({"in": row.get(name), "cm": cm} if row.get(name) is not None else None)
            else:
                return None
        return out

    # ---- weapons -----------------------------------------------------------------------------------------
    def weapons(self) -> list[Weapon]:
        data = self.rec.get("weapons")
        if isinstance(data, list) and data:
            return [_weapon(w, self.m) for w in data if isinstance(w, dict)]
        v = self.values
        if v.get("weapon"):
            return [_weapon({"name": v["weapon"], "main": True, "range": v.get("range"), "rof": v.get("rof"),
                             "anti_tank": v.get("anti_tank"), "firepower": v.get("firepower")}, self.m)]
        return []

    def weapon(self, name: str | None) -> Weapon | None:
        """The named weapon (case-insensitive), or the main weapon when no name is given."""
        ws = self.weapons()
        if name:
            return next((w for w in ws if w.name.lower() == str(name).lower()), None)
        return next((w for w in ws if w.main), ws[0] if ws else None)


def team(ctx: Any, uid: str) -> Team:
    """The team ``uid`` in the replay ``ctx``: its Unit Leader and Formation Commander roles as the log has passed
    them on (p.40, :mod:`.succession`), else as the data gives them."""
    t = Team(uid, ctx.units.get(uid) or {}, ctx.values(uid), measure(ctx))
    roles = ctx.state.notes.get("fow_roles")
    if roles and uid in roles:
        t.leader = roles[uid].get("leader", t.leader)
        t.commander = roles[uid].get("commander", t.commander)
    return t


def measure(ctx: Any) -> Measure:
    return Measure(str(ctx.policies.get("units", "inches")))


def pose(ctx: Any, uid: str) -> Pose | None:
    """Where the team stands now (None if the log never placed it on the table)."""
    p = ctx.state.table_pos.get(uid)
    if p is None:
        return None
    return Pose(p[0], p[1], ctx.state.facing.get(uid, 0.0))


def distance(ctx: Any, a: str, b: str, pa: Pose | None = None, pb: Pose | None = None) -> float | None:
    """Edge-to-edge distance between two teams (p.28: nearest base edge or hull), inches."""
    pa = pa or pose(ctx, a)
    pb = pb or pose(ctx, b)
    if pa is None or pb is None:
        return None
    return base_distance(pa, team(ctx, a).base, pb, team(ctx, b).base)


def in_front(viewer: Pose, base: Footprint, other: list[tuple[float, float]]) -> float:
    """How far the points ``other`` lie in front of the line across the front of ``viewer``'s base: the smallest
    signed distance (positive: every point is in front of the line, p.36 "entirely in front"; p.66 "fully in
    front")."""
    f = math.radians(viewer.facing)
    fx, fy = math.sin(f), -math.cos(f)
    return min((x - viewer.x) * fx + (y - viewer.y) * fy for x, y in other) - base.depth / 2


def footprint(ctx: Any, uid: str, p: Pose | None = None) -> list[tuple[float, float]]:
    """The four corners of the team's base (its centre when no base size is known)."""
    p = p or pose(ctx, uid)
    return corners(p, team(ctx, uid).base) if p is not None else []


def alive(ctx: Any, uid: str) -> bool:
    st = ctx.state
    return uid in st.table_pos and uid not in st.eliminated and uid not in st.exited \
        and "destroyed" not in st.markers.get(uid, ())


def group_members(ctx: Any, group: str) -> list[str]:
    """Teams of the unit ``group`` on the table now."""
    return [u for u in ctx.units if u in ctx.state.table_pos and alive(ctx, u)
            and team(ctx, u).group == group and (ctx.units[u].get("kind") in ("team", "unit"))]


def leader_of(ctx: Any, group: str) -> str | None:
    """The unit's leader on the table (the ``group.leader`` team, else a ``unit_leader`` tag)."""
    return next((u for u in group_members(ctx, group) if team(ctx, u).leader), None)


def enemies(ctx: Any, uid: str, classes: tuple[str, ...] = ("tank", "infantry", "gun")) -> list[str]:
    """Enemy teams of ``classes`` on the table."""
    side = ctx.side_of(uid)
    return [u for u, rec in ctx.units.items() if rec.get("side") not in (None, side) and alive(ctx, u)
            and rec.get("class") in classes and rec.get("kind") in ("team", "unit")]


def friends(ctx: Any, side: str | None, but: tuple[str, ...] = ()) -> list[str]:
    """Teams (and units) of ``side`` still on the table, ``but`` those named: the friendly Teams a distance rule
    keeps other things away from (snipers, aircraft targets, Danger Close templates)."""
    return [u for u, rec in ctx.units.items() if u not in but and rec.get("side") == side
            and rec.get("kind") in ("team", "unit") and alive(ctx, u)]


def marked(ctx: Any, uid: str, *names: str) -> bool:
    """Does the team carry one of the markers ``names`` (e.g. bailed_out)?"""
    on = {key(m) for m in ctx.state.markers.get(uid, ())}
    return any(key(n) in on for n in names)


def pinned(ctx: Any, uid: str) -> bool:
    """Pinned Down is a Unit state (p.41): the unit took enough hits (:mod:`.morale` keeps the record), or a
    pinned_down marker is on any team of its unit."""
    g = team(ctx, uid).group
    if g in pinned_units(ctx):
        return True
    return any(marked(ctx, u, "pinned_down", "pinned") for u in group_members(ctx, g)) or marked(ctx, uid, "pinned")


def pinned_units(ctx: Any) -> dict[str, str]:
    """Units Pinned Down now (unit id -> why), for the whole game: set by hits (p.41), cleared by a Rally."""
    return ctx.state.notes.setdefault("fow_pinned", {})


def unit_teams(ctx: Any, group: str) -> list[str]:
    """Every team of the unit ``group`` in the game data, on the table or not."""
    return [u for u, rec in ctx.units.items() if rec.get("kind") in ("team", "unit") and team(ctx, u).group == group]


def destroyed(ctx: Any, uid: str) -> bool:
    """Destroyed: eliminated (a ``loss`` event) or marked destroyed."""
    return uid in ctx.state.eliminated or marked(ctx, uid, "destroyed")
