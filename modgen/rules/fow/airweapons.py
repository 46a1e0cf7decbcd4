"""Flames of War aircraft weapons, bombs and Air Observation Posts (p.44, p.46, p.49, p.50).

p.44 "CHOOSING WEAPONS ... You can only shoot one type of weapon during a turn and your must declare what that
weapon is for all the Aircraft in the Unit before you roll for Aircraft arrival" (the ``aircraft`` roll's
``weapon``); "MGs, Cannons, and Rockets have a range of 8"/20cm. Bombs have of a range of 6"/15cm" (used when the
weapon's data gives no range); "BOMBS AND ROCKETS ... they suffer no penalty for having only 1 or 2 weapons firing
(:mod:`.artillery`). Only Teams from the Aircraft Unit can Spot for their bombardment"; p.46 "Aircraft may not place
an Artillery Template within 8"/20cm of friendly Teams, but do not restrict the placement of their own Template";
p.49 "Since Aircraft must move every turn, they will always remove their Ranged In marker between Bombardments" (no
Repeat); p.50 an Air Observation Post (tag ``aop``) "automatically arrives in your Starting Step" (no arrival roll,
:mod:`.aircraft`) and "must be within 16"/40cm of the Aiming Point" when it spots.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import corners, polygon_distance
from modgen.rules.fow import teams as T
from modgen.rules.fow.artillery import artillery_weapon, template

#: Distances in (inches, cm): p.44 weapon ranges, p.46 aircraft Danger Close, p.50 AOP to the Aiming Point.
GUN_RANGE, BOMB_RANGE, DANGER_CLOSE, AOP_REACH = (8, 20), (6, 15), (8, 20), (16, 40)


def _inch(m: T.Measure, pair: tuple[int, int]) -> float:
    return pair[1] / T.CM_PER_INCH if m.cm else float(pair[0])


def is_aircraft(ctx: Any, uid: str) -> bool:
    return (ctx.units.get(uid) or {}).get("class") == "aircraft"


def is_aop(t: T.Team) -> bool:
    return "aop" in t.tags or "air_observation_post" in t.tags


def _is_bomb(w: T.Weapon) -> bool:
    return w.kind == "bombs" or w.has("bombs") or "bomb" in w.name.lower()


class AircraftWeapons:
    """p.44 one declared weapon type per turn; p.44 ranges; p.44, p.46, p.49, p.50 aircraft bombardments."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        kind, uid = ev["type"], ev.get("unit")
        if kind == "aircraft":
            self._declare(ctx, ev)
        elif kind == "shoot" and uid in ctx.units and is_aircraft(ctx, uid):
            t = T.team(ctx, uid)
            w = t.weapon(ev.get("weapon"))
            if w is not None:
                self._one_type(ctx, uid, w, ev)
                self._range(ctx, uid, t, w, ev)
        elif kind in ("range_in", "bombard") and uid in ctx.units and ev.get("target") in ctx.units:
            battery = ev["target"] if kind == "range_in" else uid
            if is_aircraft(ctx, battery):
                w = artillery_weapon(T.team(ctx, battery))
                if w is not None:
                    self._one_type(ctx, battery, w, ev)
                if kind == "range_in":
                    self._air_range_in(ctx, ev)
            if kind == "range_in" and is_aop(T.team(ctx, uid)):
                self._aop(ctx, ev)

    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        """p.44: the weapon declared before the arrival roll, when the side's Aircraft have a choice."""
        side = ev.get("side") or ctx.state.side
        declared = ev.get("weapon")
        ctx.state.per_player_turn["fow_air_weapon"] = T.key(declared) if declared else None
        planes = [u for u, rec in ctx.units.items() if rec.get("side") == side and rec.get("class") == "aircraft"
                  and not is_aop(T.team(ctx, u))]
        names = sorted({w.name for u in planes for w in T.team(ctx, u).weapons()})
        if declared is None and len(names) > 1:
            ctx.error(ctx.rule("p.44"), f"{side} rolls for Aircraft without declaring a weapon; its Aircraft can "
                      f"shoot {', '.join(names)} and the one weapon type for the turn is declared before the "
                      "arrival roll")
        elif declared is not None and names and T.key(declared) not in {T.key(n) for n in names}:
            ctx.error(ctx.rule("p.44"), f"{side} declares {declared!r} for its Aircraft, which have "
                      f"{', '.join(names)}")

    def _one_type(self, ctx: Any, uid: str, w: T.Weapon, ev: dict[str, Any]) -> None:
        """p.44: the Aircraft Unit shoots one type of weapon in a turn, the one declared."""
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"units": [uid], "position": list(where) if where else None, "event": ev}
        declared = ctx.state.per_player_turn.get("fow_air_weapon")
        if declared and T.key(w.name) != declared:
            ctx.error(ctx.rule("p.44"), f"{ctx.name(uid)} fires its {w.name}; its Unit declared "
                      f"{declared.replace('_', ' ')} before the arrival roll and shoots only that this turn", **kw)
            return
        used = ctx.state.per_player_turn.setdefault("fow_air_used", {})
        g = T.team(ctx, uid).group
        first = used.setdefault(g, (w.name, uid))
        if T.key(first[0]) != T.key(w.name):
            ctx.error(ctx.rule("p.44"), f"{ctx.name(uid)} fires its {w.name} after {ctx.name(first[1])} fired "
                      f"{first[0]} this turn; an Aircraft Unit shoots one type of weapon in a turn", **kw)

    def _range(self, ctx: Any, uid: str, t: T.Team, w: T.Weapon, ev: dict[str, Any]) -> None:
        """p.44 weapon ranges, when the data gives none (measured from the aircraft model)."""
        tgt = ev.get("target")
        if w.range is not None or tgt not in ctx.units:
            return
        d = T.distance(ctx, uid, tgt)
        reach = _inch(t.m, BOMB_RANGE if _is_bomb(w) else GUN_RANGE)
        if d is not None and d > reach + 1e-6:
            where = ctx.state.table_pos.get(uid)
            ctx.error(ctx.rule("p.44"), f"{ctx.name(uid)} shoots its {w.name} at {ctx.name(tgt)} {t.m.show(d)} "
                      f"away; Aircraft {'Bombs reach' if _is_bomb(w) else 'MGs, Cannons and Rockets reach'} "
                      f"{t.m.show(reach)}", units=[uid, tgt], position=list(where) if where else None, event=ev)

    def _air_range_in(self, ctx: Any, ev: dict[str, Any]) -> None:
        """p.44 only the Aircraft Unit spots; p.46 Danger Close 8"/20cm, own aircraft ignored; p.49 no Repeat."""
        spotter, battery = ev["unit"], ev["target"]
        s, b = T.team(ctx, spotter), T.team(ctx, battery)
        aim = ev.get("aim")
        kw: dict[str, Any] = {"units": [spotter, battery], "event": ev,
                              "position": list(aim) if isinstance(aim, list) else None}
        if s.group != b.group:
            ctx.error(ctx.rule("p.44"), f"{ctx.name(spotter)} spots for {ctx.name(battery)}'s Aircraft Unit; only "
                      "Teams from the Aircraft Unit can Spot for its bombardment", **kw)
        if ev.get("repeat"):
            ctx.error(ctx.rule("p.49"), f"{ctx.name(battery)}'s Aircraft Unit repeats a Bombardment; Aircraft move "
                      "every turn, so they always remove their Ranged In marker", **kw)
        if not (isinstance(aim, list) and len(aim) == 2):
            return
        planes = [u for u in T.group_members(ctx, b.group) if is_aircraft(ctx, u)]
        tpl = template(ctx, (float(aim[0]), float(aim[1])), planes)
        m = T.measure(ctx)
        lim = _inch(m, DANGER_CLOSE)
        side = ctx.side_of(battery)
        for u in T.friends(ctx, side):
            if is_aircraft(ctx, u):
                continue
            d = polygon_distance(tpl, T.footprint(ctx, u))
            if d < lim - 1e-6:
                ctx.error(ctx.rule("p.46"), f"{ctx.name(battery)}'s Aircraft place their Template at ({aim[0]:.1f}, "
                          f"{aim[1]:.1f}), {m.show(d)} from friendly {ctx.name(u)}; Aircraft may not place it "
                          f"within {m.show(lim)} of friendly Teams", **(kw | {"units": [battery, u]}))
                return

    def _aop(self, ctx: Any, ev: dict[str, Any]) -> None:
        """p.50: the AOP model within 16"/40cm of the Aiming Point."""
        uid, aim = ev["unit"], ev.get("aim")
        p = T.pose(ctx, uid)
        if p is None or not (isinstance(aim, list) and len(aim) == 2):
            return
        t = T.team(ctx, uid)
        pt = (float(aim[0]), float(aim[1]))
        d = polygon_distance(corners(p, t.base), [pt, pt, pt])
        lim = _inch(t.m, AOP_REACH)
        if d > lim + 1e-6:
            ctx.error(ctx.rule("p.50"), f"{ctx.name(uid)} spots for an Aiming Point at ({pt[0]:.1f}, {pt[1]:.1f}) "
                      f"{t.m.show(d)} away; an Air Observation Post must be within {t.m.show(lim)} of the Aiming "
                      "Point", units=[uid], position=list(pt), event=ev)
