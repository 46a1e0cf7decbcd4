"""TiS firing at range (FaR) [15]: who may fire and at whom [15.1]-[15.2], the four windows a stage [15.2.1], the
number of shots [15.3.3], the GUN/ARMOR limit [15.3.4] and when the losses are taken [15.3.7].

In the log a FaR is a ``far`` event (``unit`` fires at ``target`` in the ``exterior`` or ``interior`` zone;
``declared`` when the target's owner chose to take part [15.2.8]), then one ``roll`` purpose ``far`` (2d6) per shot,
then ``loss`` events (``reason`` ``far``, or none, as a chat ``!loss`` logs them). An *exchange* is a run of
``far`` events, their rolls and their losses; any other event ends it. A ``far`` whose firer and target
both took no part in the exchange so far starts a new one.

The FaR table's results, the [15.5] modifiers and the morale roll [15.4] are :mod:`.far_results`; visibility [15.2.6]
is :mod:`.visibility`. Not checked: the zone radii (IZoF/EZoF are printed on counters but the rulebook never says how
they are measured), "a unit that ended its movement" [15.2.3].
"""

from __future__ import annotations

import math
from typing import Any

from modgen.rules.movement import fmt_mp
from modgen.rules.tis import common as c
from modgen.rules.tis.movement import FAR_MP_KEY, allowance

ZONES = ("exterior", "interior")
#: [15.2.8], [15.2.9]: terrain counted as "open" unless the game data lists its own (``rules.tables.open_terrain``):
#: the book does not define the word; the Terrain Effect chart's clear terrain.
OPEN = ("clear",)


def open_terrain(ctx: Any) -> tuple[str, ...]:
    """The terrain ids [15.2.8]-[15.2.9] count as open: the designer's ``open_terrain`` table, else :data:`OPEN`."""
    listed = ctx.tables.get("open_terrain")
    return tuple(listed) if isinstance(listed, list) and listed else OPEN
#: [15.2.8]: units that may not be fired at when stacked with another line unit off open terrain.
SHELTERED = ("artillery", "aa_artillery", "pontoon", "transport")
FORT_TERRAIN = ("fort", "fortified_line")  # [15.2.7]
MIN_DIFFERENCE = -3  # [15.3.4]
FAR_MP = 2  # [15.1.6]
AT_TEAM_POWER = {"germans": 1}  # [15.3.3] d): +1 for Germans, 0 for Allies


def window(ctx: Any, side: str | None) -> str | None:
    """[15.2.1]: the window a FaR by a unit of ``side`` falls in. The phase's side is the phasing player A; the
    counterattack phase of A's half is B's own counterattack phase [8.1.1]."""
    st = ctx.state
    own = side == st.side
    return {"movement": "a" if own else "c", "counterattack": "a" if own else "c",
            "combat": "b" if own else "d"}.get(st.phase or "")


def own_phase(ctx: Any, side: str | None) -> bool:
    """[15.1.5] 'own' phases: the movement and combat phases of one's own half, the counterattack phase of the
    enemy's half (where one counterattacks)."""
    st = ctx.state
    return (side == st.side) == (st.phase in ("movement", "combat"))


def max_shots(ctx: Any, uid: str) -> int | None:
    """[15.3.3]: armoured units one shot a started 3 SP, field and AA artillery one, AT artillery one an SP, AT
    teams one; None for a unit the rule does not list."""
    cls, sp = c.unit_class(ctx, uid), c.strength(ctx, uid)
    if cls in ("artillery", "aa_artillery", "at_team"):
        return 1
    if sp is None:
        return None
    if c.is_armoured(ctx, uid):
        return max(1, math.ceil(sp / 3))
    if cls == "at_artillery":
        return max(1, sp)
    return None


def difference(ctx: Any, uid: str, target: str) -> int | None:
    """[15.3.4], [15.3.5] a): GUN of the firer less ARMOR of the target, GUN -2 at night [15.5.2]; an AT team's
    power is +1 (Germans) or 0 (Allies) whatever the target's armour [15.3.3] d). Terrain [15.5.1] only lowers it
    further and is not counted here."""
    if c.unit_class(ctx, uid) == "at_team":
        return AT_TEAM_POWER.get(ctx.side_of(uid) or "", 0)
    gun, armor = ctx.values(uid).get("gun"), ctx.values(target).get("armor")
    if not isinstance(gun, int) or not isinstance(armor, int):
        return None
    return gun - armor - (2 if c.is_night(ctx) else 0)


class FireAtRange:
    """[15.1.1]-[15.1.2], [15.1.4]-[15.1.6], [15.2.1], [15.2.4]-[15.2.5], [15.2.7]-[15.2.9], [15.3.3]-[15.3.4],
    [15.3.7]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ctx.board is None:
            return
        ex = st.per_phase.get("tis_far_exchange")
        kind = ev["type"]
        if kind == "far":
            self._far(ctx, ev)
        elif kind == "roll" and ev.get("purpose") == "far":
            if ex is None or ex.get("shooter") is None:
                ctx.error(ctx.rule("15.3.5"), "a FaR roll with no FaR declared before it", hexes=[])
                return
            self._shot(ctx, ex)
        elif kind == "loss" and ex is not None and ev.get("reason") in (None, "far"):
            ex["losses"] = True  # a chat "!loss" carries no reason: inside an exchange it is a FaR loss
        elif kind == "far_morale" or (kind == "roll" and ev.get("purpose") == "far_morale") or (
                kind == "loss" and ev.get("reason") == "far_morale"):
            pass  # the morale roll after FaR losses and its extra EP [15.4] belong to the exchange (far_results)
        else:
            st.per_phase.pop("tis_far_exchange", None)
            if kind == "move" and ev.get("unit") in st.per_phase.get("tis_far_static", set()):
                u = ev["unit"]
                ctx.error(ctx.rule("15.1.5"), f"{ctx.name(u)} moves after firing at range in this phase; a unit "
                          "that is not armoured or mechanized fires at range only if it does not move in the phase",
                          units=[u], hexes=[h for h in [st.position.get(u)] if h])

    def _shot(self, ctx: Any, ex: dict[str, Any]) -> None:
        uid = ex["shooter"]
        if ex.get("losses"):
            ctx.error(ctx.rule("15.3.7"), f"{ctx.name(uid)} fires at range after FaR losses were taken; losses are "
                      "taken only when every unit in the exchange has finished shooting", units=[uid])
        n = ex["shots"][uid] = ex["shots"].get(uid, 0) + 1
        most = max_shots(ctx, uid)
        if most is not None and n > most:
            ctx.error(ctx.rule("15.3.3"), f"{ctx.name(uid)} ({c.unit_class(ctx, uid)}, {c.strength(ctx, uid)} SP) "
                      f"fires shot {n} at range; it has {most} shot{'s' if most > 1 else ''}", units=[uid])

    def _far(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        uid, tgt, zone = ev.get("unit"), ev.get("target"), ev.get("zone", "exterior")
        if not isinstance(uid, str) or not isinstance(tgt, str) or not ctx.unit(uid) or not ctx.unit(tgt):
            return
        side = ctx.side_of(uid)
        h, th = st.position.get(uid), st.position.get(tgt)
        nm, tn = ctx.name(uid), ctx.name(tgt)
        at = f"{nm} at {h} fires at range ({zone} zone) at {tn} at {th}"
        both = {"units": [uid, tgt], "hexes": [x for x in (h, th) if x]}
        ex = st.per_phase.get("tis_far_exchange")
        if ex is None or (ex.get("losses") and not ({uid, tgt} & ex["units"])):
            ex = st.per_phase["tis_far_exchange"] = {"units": set(), "shots": {}, "losses": False,
                                                     "id": st.per_stage.get("tis_far_n", 0) + 1}
            st.per_stage["tis_far_n"] = ex["id"]
        elif ex.get("losses"):
            ctx.error(ctx.rule("15.3.7"), f"{at} after FaR losses were taken; losses are taken only when every unit "
                      "in the exchange has finished shooting", **both)
            ex["losses"] = False  # one finding for this late fire, not one more for each of its shots
        ex["units"] |= {uid, tgt}
        ex["shooter"] = uid
        if not isinstance(ctx.values(uid).get("gun"), int):
            ctx.error(ctx.rule("15.1.1"), f"{at}; only a unit with a GUN factor fires at range", **both)
        if c.unit_class(ctx, uid) != "at_team" and not isinstance(ctx.values(tgt).get("armor"), int):
            ctx.error(ctx.rule("15.1.2"), f"{at}; only units with an ARMOUR factor are targets of FaR", **both)
        w = window(ctx, side)
        if w is None:
            ctx.error(ctx.rule("15.2.1"), f"{at} in the {st.phase} phase; FaR happens in the movement, counterattack "
                      "and combat phases", **both)
            return
        self._zone(ctx, ev, uid, tgt, zone, at, both)
        used: dict[str, dict[str, int]] = st.per_stage.setdefault("tis_far_windows", {})
        mine = used.setdefault(uid, {})
        if mine.get(w, ex["id"]) != ex["id"]:
            ctx.error(ctx.rule("15.2.1"), f"{at}; it already fired at range in window {w}) of [15.2.1] this stage "
                      "(once in each window, and no FaR after having fired even if attacked [15.2.2])", **both)
        mine[w] = ex["id"]
        self._firer(ctx, uid, h, side, zone, at, both)
        self._target(ctx, ev, tgt, th, at, both)
        d = difference(ctx, uid, tgt)
        # policy far_limit_terrain=after_terrain judges the limit after the [15.5] modifiers (far_results.py)
        if d is not None and d < MIN_DIFFERENCE:
            ctx.error(ctx.rule("15.3.4"), f"{at}: GUN less ARMOR is {d:+d}"
                      f"{' (GUN -2 at night [15.5.2])' if c.is_night(ctx) else ''}; FaR is forbidden below "
                      f"{MIN_DIFFERENCE:+d}", **both)

    def _zone(self, ctx: Any, ev: dict[str, Any], uid: str, tgt: str, zone: str, at: str, both: dict) -> None:
        st = ctx.state
        if zone == "exterior" and st.phase == "combat":
            ctx.error(ctx.rule("15.1.4"), f"{at} in the combat phase; the exterior zone fires in the movement and "
                      "counterattack phases, the combat phase's FaR is in the interior zone inside a battle", **both)
        if st.phase == "counterattack":
            if zone != "exterior":
                ctx.error(ctx.rule("15.2.4"), f"{at} in the counterattack phase; FaR there is in the exterior zone "
                          "only", **both)
            st.per_phase.setdefault("tis_far_counter", []).append((uid, tgt, at))

    def _firer(self, ctx: Any, uid: str, h: str | None, side: str | None, zone: str, at: str, both: dict) -> None:
        st = ctx.state
        cls = c.unit_class(ctx, uid)
        if cls == "at_team" and side == st.side:
            ctx.error(ctx.rule("15.3.3"), f"{at}; AT teams fire only in defence", **both)
        if own_phase(ctx, side) and not c.is_armour_or_mech(ctx, uid):
            if st.phase == "counterattack":
                ctx.error(ctx.rule("15.1.5"), f"{at} in its own counterattack phase; only armoured and mechanized "
                          "units fire at range then", **both)
            elif uid in (st.per_phase.get("tis_walks") or {}):
                ctx.error(ctx.rule("15.1.5"), f"{at} after moving in this phase; a unit that is not armoured or "
                          "mechanized fires at range only if it does not move in the phase", **both)
            st.per_phase.setdefault("tis_far_static", set()).add(uid)
        if st.phase == "movement" and side == st.side:
            mp, _ = allowance(ctx, uid)  # net of the FaR MP spent before in this phase
            walk = (st.per_phase.get("tis_walks") or {}).get(uid)
            left = None if mp is None else mp - (walk.spent if walk else 0)
            if left is not None and left < FAR_MP:
                ctx.error(ctx.rule("15.1.6"), f"{at} with {fmt_mp(left)} MP left; FaR in one's own movement phase "
                          f"costs {FAR_MP} MP", **both)
            spent = st.per_phase.setdefault(FAR_MP_KEY, {})
            spent[uid] = spent.get(uid, 0) + FAR_MP
        if zone == "exterior" and h:
            zmap = c.zoc_map(ctx, side)
            armed = sorted(u for u in zmap.get(h, set()) if c.is_armoured(ctx, u)
                           or c.unit_class(ctx, u) == "at_artillery")
            if armed:
                ctx.error(ctx.rule("15.2.5"), f"{at} from the ZoC of {c.names(ctx, armed)}; no exterior-zone fire "
                          "from an enemy armoured or AT artillery unit's ZoC", **both)
        if cls == "artillery" and h and not ("entrenched" in st.markers.get(uid, set())
                                             or ctx.board.terrain(h) in FORT_TERRAIN):
            ctx.error(ctx.rule("15.2.7"), f"{at}; field artillery fires at range only when entrenched, in a fort or "
                      "on a fortified line", **both)

    def _target(self, ctx: Any, ev: dict[str, Any], tgt: str, th: str | None, at: str, both: dict) -> None:
        if not th:
            return
        st = ctx.state
        night = c.is_night(ctx)
        covered = night or ctx.board.terrain(th) not in open_terrain(ctx)
        where = "at night" if night else f"on {ctx.board.terrain(th)}"
        cls = c.unit_class(ctx, tgt)
        if cls in SHELTERED and covered and not ev.get("declared"):
            line = [u for u in st.units_in(th) if u != tgt and ctx.side_of(u) == ctx.side_of(tgt) and
                    c.is_line(ctx, u)]
            if line:
                ctx.error(ctx.rule("15.2.8"), f"{at}; {ctx.name(tgt)} is stacked with {c.names(ctx, line)} {where} "
                          "and cannot be fired at unless its owner declares it takes part", **both)
        if cls == "mechanized" and covered:
            ctx.error(ctx.rule("15.2.9"), f"{at}; mechanized infantry {where} cannot be fired at", **both)

    def phase_end(self, ctx: Any) -> None:
        """[15.2.4]: in the counterattack phase only counterattacking units fire, or are fired at."""
        st = ctx.state
        made = st.per_player_turn.get("counterattackers", set())
        for uid, tgt, at in st.per_phase.get("tis_far_counter", []):
            if uid not in made and tgt not in made:
                ctx.error(ctx.rule("15.2.4"), f"{at} in the counterattack phase, but neither unit counterattacked; "
                          "FaR then is by or against counterattacking units only", units=[uid, tgt])
