"""TiS artillery fire that is not support: the barrage [9.7] and single-handed fire [9.6], with what all artillery
fire shares: range [9.2.1], once a stage [9.2.1]-[9.2.2], field artillery in an enemy ZoC [9.2.4], night [13.1.4],
[13.1.8], and the half MP after a barrage [9.2.5] (read by :func:`.movement.allowance`).

In the log an artillery fire is an ``attack`` whose ``kind`` is ``barrage`` (the barrage phase) or ``fire``
(single-handed, the combat phase), ``attackers`` the firing artillery and ``defenders`` the target units.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

FIRE_KINDS = ("barrage", "fire", "bombardment")
BARRAGE_UNITS, BARRAGE_SP = 3, 11  # [9.7.2]
SINGLE_SP = 7  # [9.6.2]
OBJECT_SP = 3  # [9.6.5]
NIGHT_FIRING_TERRAIN = ("fort", "fortified_line")  # [13.1.8]


def fires(ctx: Any, uid: str, targets: list[str], range_rule: str = "9.2.1") -> None:
    """Checks every artillery fire shares: in range of a target [9.2.1], [9.3.3]; once a stage [9.2.1]; field
    artillery in an enemy ZoC only stacked with a friendly line unit [9.2.4]; at night only from a fort or fortified
    line when entrenched [13.1.8]."""
    st, board = ctx.state, ctx.board
    h = st.position.get(uid)
    nm = ctx.name(uid)
    afr = ctx.values(uid).get("afr")
    if h and isinstance(afr, int) and targets and not any(
            st.position.get(d) and board.distance(h, st.position[d]) <= afr for d in targets):
        ctx.error(ctx.rule(range_rule), f"{nm} at {h} fires at {c.names(ctx, targets)}, beyond its fire range of {afr} "
                  "hexes", units=[uid, *targets], hexes=[h])
    fired: set[str] = st.per_stage.setdefault("tis_fired", set())
    if uid in fired:
        ctx.error(ctx.rule("9.2.1"), f"{nm} fires a second time this stage; artillery fires once a stage [9.2.2]",
                  units=[uid])
    fired.add(uid)
    if c.out_of_supply(ctx, uid):
        ctx.error(ctx.rule("32.2.2"), f"{nm} fires while out of supply; artillery without supplies cannot fire",
                  units=[uid], hexes=[h] if h else [])
    if h and c.unit_class(ctx, uid) == "artillery":
        zmap = c.zoc_map(ctx, ctx.side_of(uid))
        line = [u for u in st.units_in(h) if u != uid and ctx.side_of(u) == ctx.side_of(uid) and c.is_line(ctx, u)]
        if zmap.get(h) and not line:
            ctx.error(ctx.rule("9.2.4"), f"{nm} at {h} is in the ZoC of {c.names(ctx, sorted(zmap[h]))} with no "
                      "friendly line unit in its hex; it may not fire and fights directly instead",
                      units=[uid], hexes=[h])
        if c.is_night(ctx) and not ("entrenched" in st.markers.get(uid, set())
                                    and board.terrain(h) in NIGHT_FIRING_TERRAIN):
            ctx.error(ctx.rule("13.1.8"), f"{nm} fires at night from {h} ({board.terrain(h)}); at night only "
                      "artillery entrenched in a fort or fortified line fires", units=[uid], hexes=[h])


class ArtilleryFire:
    """[9.6.1], [9.6.2], [9.7], [9.7.2], [13.1.4], [8.2.5] and the shared artillery checks of :func:`fires`."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "attack" or ev.get("kind") not in FIRE_KINDS or ctx.board is None:
            return
        st = ctx.state
        guns = [u for u in ev.get("attackers") or [] if isinstance(u, str)]
        targets = [u for u in ev.get("defenders") or [] if isinstance(u, str)]
        if not guns:
            return
        barrage = ev.get("kind") == "barrage" or st.phase == "barrage"
        names = c.names(ctx, guns)
        not_art = [u for u in guns if c.unit_class(ctx, u) != "artillery"]
        if not_art:
            ctx.error(ctx.rule("9.1.2"), f"{c.names(ctx, not_art)} fire as artillery but are not field artillery "
                      "(no fire range)", units=not_art)
        sp = sum(c.strength(ctx, u) or 0 for u in guns)
        if barrage:
            if st.phase != "barrage":
                ctx.error(ctx.rule("9.7"), f"a barrage by {names} in the {st.phase} phase; a barrage is fired in the "
                          "artillery barrage phase", units=guns)
            if len(guns) < BARRAGE_UNITS or sp < BARRAGE_SP:
                ctx.error(ctx.rule("9.7.2"), f"a barrage by {len(guns)} artillery units of {sp} SP ({names}); a "
                          f"barrage needs at least {BARRAGE_UNITS} units and {BARRAGE_SP} SP together", units=guns)
            for u in guns:
                if "self_propelled" not in c.symbol_types(ctx, u):
                    st.notes.setdefault("tis_barraged", {})[u] = st.turn  # [9.2.5]
        else:
            if st.phase != "combat":
                ctx.error(ctx.rule("9.6.1"), f"single-handed fire by {names} in the {st.phase} phase; artillery "
                          "fires single-handed in its combat phase", units=guns)
            obj = ev.get("hex") if not targets else None  # [9.6.5] fire at an object [22.1]
            if obj and sp < OBJECT_SP:
                ctx.error(ctx.rule("9.6.5"), f"single-handed fire by {names} at the object at {obj} with {sp} SP; "
                          f"fire at an object needs at least {OBJECT_SP} SP", units=guns, hexes=[obj])
            elif not obj and sp < SINGLE_SP:
                ctx.error(ctx.rule("9.6.2"), f"single-handed fire by {names} with {sp} SP; single-handed fire at "
                          f"enemy units needs at least {SINGLE_SP} SP", units=guns)
            for u in guns if obj else []:
                h, afr = st.position.get(u), ctx.values(u).get("afr")
                if h and isinstance(afr, int) and ctx.board.distance(h, obj) > afr:
                    ctx.error(ctx.rule("9.2.1"), f"{ctx.name(u)} at {h} fires at the object at {obj}, beyond its "
                              f"fire range of {afr} hexes", units=[u], hexes=[h, obj])
            if c.is_night(ctx):
                ctx.error(ctx.rule("13.1.4"), f"single-handed fire by {names} in a night stage, where it is "
                          "forbidden (policy night_stage)", units=guns)
            counter = [d for d in targets if d in st.per_player_turn.get("counterattackers", set())]
            if counter:
                ctx.error(ctx.rule("8.2.5"), f"single-handed fire at {c.names(ctx, counter)}, which counterattacked; "
                          "counterattacking units cannot be fired at single-handed", units=[*guns, *counter])
        for u in guns:
            fires(ctx, u, targets)


def barraged(ctx: Any, uid: str) -> bool:
    """[9.2.5]: motorized or non-motorized artillery that fired a barrage moves at half MP in the nearest
    movement phase, the one after the barrage phase of the same stage (self-propelled artillery at full MP)."""
    return (ctx.state.notes.get("tis_barraged") or {}).get(uid) == ctx.state.turn
