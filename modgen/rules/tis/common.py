"""Shared TiS helpers: unit classes as the rules see them [2.0], current strength from the EP track [3.6], the
movement class that picks a Terrain Effect column, and zones of control [6.1] as parameters of the shared toolkit
(:mod:`modgen.rules.zoc`)."""

from __future__ import annotations

from typing import Any

from modgen.rules.zoc import ZocRules, zone

#: [2.0]: not line units: HQs, field artillery, pontoon-bridge columns, transport columns. AT teams add no SP
#: [35.2]; air units are not on the ground.
NOT_LINE = {"hq", "artillery", "pontoon", "transport", "at_team", "air"}
#: Terrain Effect chart columns.
MOVE_CLASSES = ("infantry", "armoured", "motorized", "cavalry", "artillery")


def symbol_types(ctx: Any, uid: str) -> set[str]:
    return set(((ctx.units.get(uid) or {}).get("symbol") or {}).get("types") or [])


def unit_class(ctx: Any, uid: str) -> str:
    return (ctx.units.get(uid) or {}).get("class", "")


def tags(ctx: Any, uid: str) -> set[str]:
    return set((ctx.units.get(uid) or {}).get("tags") or [])


def is_armoured(ctx: Any, uid: str) -> bool:
    """[2.0]: tank, armored car or SP-gun icon that is not artillery or AA (the ``armour`` class, or a recon unit
    with the armour symbol)."""
    return unit_class(ctx, uid) == "armour" or (unit_class(ctx, uid) == "recon" and "armour" in symbol_types(ctx, uid))


def is_armour_or_mech(ctx: Any, uid: str) -> bool:
    return is_armoured(ctx, uid) or unit_class(ctx, uid) == "mechanized"


def is_line(ctx: Any, uid: str) -> bool:
    """[2.0]: a unit that takes part in direct combat and has SP, other than HQs, field artillery, pontoon and
    transport columns."""
    return unit_class(ctx, uid) not in NOT_LINE


def is_ground(ctx: Any, uid: str) -> bool:
    return unit_class(ctx, uid) != "air"


def move_class(ctx: Any, uid: str) -> str:
    """The Terrain Effect column a unit moves by: armoured/mechanized [2.0]; motorized (truck icon, HQs [14.1.3]
    except airborne HQs, which move as infantry); artillery (gun alone; motorized and self-propelled guns move as
    motorized and armoured [9.0]); infantry otherwise (paratroops, engineers, AT teams)."""
    cls, types, tg = unit_class(ctx, uid), symbol_types(ctx, uid), tags(ctx, uid)
    if cls == "hq":
        return "infantry" if "airborne_hq" in tg else "motorized"
    if is_armour_or_mech(ctx, uid) or "self_propelled" in types:
        return "armoured"
    if "motorized" in types or cls == "motorized" or (cls == "recon" and "airborne" in types):
        return "motorized"
    if cls in ("artillery", "at_artillery", "aa_artillery"):
        return "artillery"
    if cls == "cavalry":
        return "cavalry"
    return "infantry"


def track(ctx: Any, uid: str) -> list[int] | None:
    """The unit's SP per EP grid [3.6.1]: the scenario's strength table, else the counter's step track."""
    for t in ((((ctx.scenario or {}).get("strength") or {}).get(uid) or {}).get("track"),
              ((ctx.units.get(uid) or {}).get("steps") or {}).get("track")):
        if isinstance(t, list) and t:
            return t
    return None


def strength(ctx: Any, uid: str) -> int | None:
    """Current SP [3.6.2]: the grid after the EP lost so far (``loss.steps``), 0 once every EP is gone; None when
    the data has no strength track for the unit."""
    t = track(ctx, uid)
    if t is None:
        return None
    st = ctx.state
    lost = st.max_steps.get(uid, len(t)) - st.steps.get(uid, st.max_steps.get(uid, len(t)))
    return int(t[lost]) if 0 <= lost < len(t) else 0


def ep_left(ctx: Any, uid: str) -> int:
    st = ctx.state
    return st.steps.get(uid, st.max_steps.get(uid, 1))


def is_enemy(ctx: Any, side: str | None):  # noqa: ANN201 - a predicate
    return lambda u: ctx.side_of(u) not in (None, side)


def terrain_row(ctx: Any, terrain: str) -> dict[str, Any] | None:
    row = (ctx.tables.get("terrain") or {}).get(terrain)
    return row if isinstance(row, dict) else None


def inaccessible(ctx: Any, h: str, mclass: str) -> bool:
    """Whether the hex's terrain is forbidden to a movement class (a null or 'prohibited' chart cell)."""
    row = terrain_row(ctx, ctx.board.terrain(h))
    if row is None or mclass not in (row.get("movement") or {}):
        return False
    return (row.get("movement") or {}).get(mclass) in (None, "prohibited")


def _zoc_rules(ctx: Any, armoured: bool) -> ZocRules:
    board = ctx.board

    def crosses(a: str, b: str) -> bool:
        # [6.1.3]: not across a big river (or into lake/sea); [6.2.5]: across small rivers it does extend
        if any(s == "big_river" for s in board.hexside(a, b)):
            return False
        if "scarp" in board.hexside(a, b) and board.higher(a, b) == b:
            return False  # [6.1.2] no ZoC up a scarp (the map's ``high`` says which side is above)
        if board.terrain(b) in ("lake", "sea"):
            return False
        return not (armoured and inaccessible(ctx, b, "armoured"))  # [6.1.5]

    return ZocRules(exerts=lambda u: has_zoc(ctx, u), crosses=crosses, occupies=lambda u: is_ground(ctx, u))


#: per_phase: units whose ZoC an attack from march's Bx result lifted [16.2.7] (written by :mod:`.march`)
DISORGANIZED = "tis_disorganized"


def has_zoc(ctx: Any, uid: str, lifted: bool = True) -> bool:
    """[6.1.1] line units only; [6.1.4] not at strength 1 (or less); [9.2.3], [14.1.1] no field artillery, HQs;
    [16.2.7] none while an attack from march's Bx result has lifted it (unless ``lifted`` is False)."""
    if not is_line(ctx, uid) or not is_ground(ctx, uid):
        return False
    if lifted and uid in (ctx.state.per_phase.get(DISORGANIZED) or {}):
        return False
    sp = strength(ctx, uid)
    return sp is None or sp > 1


def zone_of(ctx: Any, uid: str, lifted: bool = True) -> set[str]:
    """The hexes in the unit's ZoC where it stands now (empty if it has none; ``lifted``: see :func:`has_zoc`)."""
    h = ctx.state.position.get(uid)
    if h is None or not has_zoc(ctx, uid, lifted):
        return set()
    return zone(ctx.board, h, _zoc_rules(ctx, is_armour_or_mech(ctx, uid)))


def zoc_map(ctx: Any, side: str | None) -> dict[str, set[str]]:
    """Hex -> the enemy units (of ``side``) whose ZoC covers it, for the current positions."""
    out: dict[str, set[str]] = {}
    enemy = is_enemy(ctx, side)
    for u, h in ctx.state.position.items():
        if h is None or not enemy(u):
            continue
        for z in zone_of(ctx, u):
            out.setdefault(z, set()).add(u)
    return out


def enemies_in(ctx: Any, h: str, side: str | None) -> list[str]:
    enemy = is_enemy(ctx, side)
    return [u for u in ctx.state.units_in(h) if enemy(u) and is_ground(ctx, u)]


def names(ctx: Any, uids: Any) -> str:
    return ", ".join(ctx.name(u) for u in uids)


def corps_of(ctx: Any, uid: str) -> str | None:
    """The top of the unit's formation chain (``parent`` links): the corps for [7.1.10]."""
    f = (ctx.units.get(uid) or {}).get("formation")
    seen = set()
    while f and f not in seen:
        seen.add(f)
        parent = (ctx.formations.get(f) or {}).get("parent")
        if not parent:
            return f
        f = parent
    return f


def side_key(a: str, b: str) -> str:
    return "-".join(sorted((a, b)))


def bridge_state(ctx: Any, a: str, b: str) -> str | None:
    """'blown' or 'built' once a ``bridge`` event changed the hexside [23], else None (as the map prints it)."""
    return (ctx.state.notes.get("tis_bridges") or {}).get(side_key(a, b))


def river(ctx: Any, a: str, b: str) -> str | None:
    """The river on the hexside between adjacent ``a`` and ``b`` that is not bridged: 'big_river', 'small_river'
    or None (a bridge hexside cancels the river [7.6.5]; a blown bridge no longer does, a built one does [23])."""
    sides = ctx.board.hexside(a, b)
    state = bridge_state(ctx, a, b)
    if state == "built" or ("bridge" in sides and state != "blown"):
        return None
    return next((s for s in ("big_river", "small_river") if s in sides), None)


def forbidden(ctx: Any, a: str, b: str, mclass: str) -> bool:
    """[4.3.3]: ``b`` is terrain the class may not enter, and no road links ``a`` and ``b``."""
    return inaccessible(ctx, b, mclass) and "road" not in {t.split(":")[0] for t in ctx.board.lines(a, b)}


def stage_of_day(ctx: Any) -> int | None:
    """1, 2 or 3 (the 1e/2e/3e of the stage track) for the current stage: from the scenario's stage label, else
    counted from stage 1 as 1e."""
    t = ctx.state.turn
    if not t:
        return None
    labels = list(((ctx.scenario or {}).get("turns") or {}).get("labels") or [])
    if 0 < t <= len(labels) and labels[t - 1].endswith("e") and labels[t - 1][-2:-1].isdigit():
        return int(labels[t - 1][-2])
    per_day = ctx.tables.get("stages_per_day") or 3
    return (t - 1) % int(per_day) + 1


def night_stage(ctx: Any) -> bool:
    """Whether the current stage is a night stage [13]: the stage of the day that policy ``night_stage`` names."""
    night = ctx.policies.get("night_stage")
    return night is not None and stage_of_day(ctx) == int(night)


def is_night(ctx: Any) -> bool:
    """Whether units move and fight as at night: a night stage, or bad weather [45.2.5] ("During bad weather all
    units fight and move analogously to night stages")."""
    return night_stage(ctx) or str(ctx.state.weather or "").strip().lower() in ("bad", "storm")


OUT_OF_SUPPLY = "out_of_supply"  # the marker the supply phase puts on a unit without a supply line [32.2.4]


def out_of_supply(ctx: Any, uid: str) -> bool:
    """The unit carries the out-of-supply marker [32.2] (placed or removed in its side's supply phase)."""
    return OUT_OF_SUPPLY in ctx.state.markers.get(uid, set())


def in_formation(ctx: Any, uid: str, formation: str) -> bool:
    """The unit belongs to ``formation`` or to a formation under it (``parent`` links)."""
    f = (ctx.units.get(uid) or {}).get("formation")
    seen: set[str] = set()
    while f and f not in seen:
        if f == formation:
            return True
        seen.add(f)
        f = (ctx.formations.get(f) or {}).get("parent")
    return False


def object_state(ctx: Any, h: str) -> dict[str, Any]:
    """The objects [22] recorded on a hex by ``object_destroyed``/``object_damaged`` markers: type -> 'destroyed'
    or 'damaged'."""
    return ctx.state.notes.setdefault("tis_objects", {}).setdefault(h, {})


def combat_modifier(ctx: Any, terrain: str) -> int | None:
    """The Terrain Effect chart's combat modifier of a terrain (hills: policy ``hills_combat_modifier``); None when
    the chart has no row for it (clear without a row is 0)."""
    if terrain == "hills":
        return int(ctx.policies.get("hills_combat_modifier", -1))
    row = terrain_row(ctx, terrain)
    if row is None:
        return 0 if terrain == "clear" else None
    v = row.get("combat")
    return v if isinstance(v, int) else 0
