"""Flames of War Snipers (p.43) and Flame-throwers (p.42): who they pin, where a Sniper may fire from, and Tank
Flame-throwers in assaults ("cannot Charge into Contact and must Break Off", Soviet ones excepted) and Remounting
(Fuel Tanks: +1, not with a Fuel Trailer, through :func:`flame_tank` in :mod:`.morale`).

p.43 "Any platoon hit by a Sniper Team is automatically Pinned Down" and "A Sniper team may not fire if there are
any friendly Teams within 4"/10cm"; p.42 "Infantry, Gun and Unarmoured Tank Units hit by a Flamethrower are
automatically Pinned Down"; p.41 "Armoured Tank Teams, Passenger Teams mounted in an Armoured Transport, and Aircraft
cannot be Pinned Down". A Sniper is a team tagged ``sniper`` (or firing a weapon noted Sniper); a Flame-thrower is a
weapon of ``kind`` ``flame_thrower`` or noted Flame-thrower. The Unit hit is the target's when the ``shoot`` event
scores ``hits``, and the Unit of each team an ``assign`` event gives the hits to; the pin then counts everywhere
Pinned Down does (Pinned ROF, movement, no Assault, Rally).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.notes import notes

#: p.43: no friendly Team within 4"/10cm of a firing Sniper.
SNIPER_HIDE = (4, 10)


def _kind(ctx: Any, uid: str, weapon: str | None) -> str | None:
    """``sniper``, ``flame_thrower`` or None for a shot by ``uid`` with ``weapon``."""
    t = T.team(ctx, uid)
    w = t.weapon(weapon)
    if "sniper" in t.tags or (w is not None and w.has("sniper")):
        return "sniper"
    if w is not None and (w.kind == "flame_thrower" or w.has("flame_thrower")):
        return "flame_thrower"
    return None


def flame_tank(t: T.Team) -> bool:
    """A Tank Team with a Flame-thrower (p.42)."""
    return t.is_tank and any(w.kind == "flame_thrower" or w.has("flame_thrower") for w in t.weapons())


def _soviet(ctx: Any, t: T.Team) -> bool:
    return "soviet" in t.tags or "soviet" in T.key((ctx.units.get(t.id) or {}).get("side"))


def _pin(ctx: Any, by: str, kind: str, hit: str, at: int) -> None:
    t = T.team(ctx, hit)
    if t.armoured or t.cls == "aircraft":
        return  # p.41: Armoured Tank Teams and Aircraft cannot be Pinned Down
    label = "a Sniper" if kind == "sniper" else "a Flame-thrower"
    T.pinned_units(ctx).setdefault(t.group, f"hit by {label}, {ctx.name(by)} (event {at}, "
                                   f"{'p.43' if kind == 'sniper' else 'p.42'})")


class SpecialFire:
    """p.43 the Sniper's hide; pp.42-43 automatic Pinned Down."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        if ctx.table is not None and ev["type"] in ("assault", "counterattack") and uid in ctx.units:
            self._flame_tanks(ctx, ev)
        if ctx.table is None or ev["type"] != "shoot" or uid not in ctx.units or \
                _kind(ctx, uid, ev.get("weapon")) != "sniper":
            return
        m = T.measure(ctx)
        lim = SNIPER_HIDE[1] / T.CM_PER_INCH if m.cm else float(SNIPER_HIDE[0])
        side = ctx.side_of(uid)
        for f in T.friends(ctx, side, but=(uid,)):
            d = T.distance(ctx, uid, f)
            if d is not None and d < lim - 1e-6:
                where = ctx.state.table_pos.get(uid)
                ctx.error(ctx.rule("p.43"), f"{ctx.name(uid)} fires with friendly {ctx.name(f)} {m.show(d)} away; a "
                          f"Sniper team may not fire if there are any friendly Teams within {m.show(lim)}",
                          units=[uid, f], position=list(where) if where else None, event=ev)
                return

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        if ctx.table is None or uid not in ctx.units or ev.get("target") not in ctx.units:
            return
        if ev["type"] == "shoot" and isinstance(ev.get("hits"), int) and ev["hits"] > 0:
            kind = _kind(ctx, uid, ev.get("weapon"))
            if kind:
                _pin(ctx, uid, kind, ev["target"], ctx.index or 0)
        elif ev["type"] == "assign":
            shots = notes(ctx).shots.get(uid) or []
            kind = _kind(ctx, uid, shots[-1].weapon if shots else None)
            if kind:
                _pin(ctx, uid, kind, ev["target"], ctx.index or 0)

    @staticmethod
    def _flame_tanks(ctx: Any, ev: dict[str, Any]) -> None:
        """p.42 "Tank Teams with Flame-throwers cannot Charge into Contact and must Break Off. As an exception,
        Soviet Flame-thrower Tank Teams may Charge into Contact and may Counterattack"."""
        uid = ev["unit"]
        t = T.team(ctx, uid)
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"units": [uid], "position": list(where) if where else None, "event": ev}
        if ev["type"] == "assault" and flame_tank(t) and not _soviet(ctx, t):
            ctx.error(ctx.rule("p.42"), f"{ctx.name(uid)} is a Tank Team with a Flame-thrower and charges into "
                      "Contact; Tank Flame-throwers cannot Charge into Contact (Soviet ones excepted)", **kw)
        elif ev["type"] == "counterattack":
            teams = T.group_members(ctx, t.group)
            if teams and all(flame_tank(T.team(ctx, u)) and not _soviet(ctx, T.team(ctx, u)) for u in teams):
                ctx.error(ctx.rule("p.42"), f"{ctx.name(uid)}'s Unit of Tank Flame-throwers Counterattacks; Tank "
                          "Teams with Flame-throwers must Break Off (Soviet ones excepted)", **kw)
