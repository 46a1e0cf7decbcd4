"""Flames of War assaults (pp.52-53): who can assault, a tank never assaulting a tank, the Unit assaulting once,
shooting before assaulting, and the charge: up to 4"/10cm (Cavalry 6"/15cm) into Contact.

``assault`` events name the assaulting team and its ``target``; the charge is the team's ``move`` in the Assault
Step (before or after the declaration). Distance and contact are settled at the end of the Assault Step.
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import path_length
from modgen.rules.fow import teams as T
from modgen.rules.fow.notes import notes, order_of


class Assault:
    """p.52 Who Can Assault, p.53 Charge into Contact."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase != "assault":
            return
        if ev["type"] == "move" and ev.get("unit") in ctx.units and ctx.side_of(ev["unit"]) == ctx.state.side:
            src = ev.get("from_pos") or ctx.state.table_pos.get(ev["unit"])
            dst = ev.get("to_pos", ev.get("pos"))
            if src is not None and dst is not None:
                tn = notes(ctx)
                f = tn.fight_of.get(T.team(ctx, ev["unit"]).group)
                if f is not None and (f.stage != "charge" or f.rounds):
                    return  # Fall Back, Break Off or Consolidation (.melee), not the charge
                pts = [list(src), *[list(p) for p in ev.get("via") or []], list(dst)]
                tn.charge[ev["unit"]] = tn.charge.get(ev["unit"], 0.0) + path_length(pts)
        elif ev["type"] == "assault":
            self._declare(ctx, ev)

    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, tgt = ev.get("unit"), ev.get("target")
        if uid not in ctx.units or tgt not in ctx.units:
            return
        t, target, tn = T.team(ctx, uid), T.team(ctx, tgt), notes(ctx)
        m = t.m
        where = ctx.state.table_pos.get(uid)
        kw: dict[str, Any] = {"units": [uid, tgt], "position": list(where) if where else None}
        name = ctx.name(uid)
        if t.is_tank and target.is_tank:
            ctx.error(ctx.rule("p.53"), f"{name} assaults {ctx.name(tgt)}; Tank Teams cannot Assault other Tank "
                      "Teams", **kw)
        if ctx.side_of(uid) != ctx.state.side:
            return  # p.58: a Counterattack's charge (even Pinned Down); .melee checks it
        if not (t.armoured or t.cls == "infantry") or t.type in ("heavy_weapon", "transport", "independent") \
                or "independent" in t.tags or "transport" in t.tags:
            what = t.type.replace("_", " ") or ("Unarmoured Tank" if t.is_tank else t.cls.capitalize())
            ctx.error(ctx.rule("p.52"), f"{name} is a {what} Team; only Armoured Tank and Infantry Teams (not Heavy "
                      "Weapons, Independent or Transport Teams) can Assault", **kw)
        if T.pinned(ctx, uid):
            ctx.error(ctx.rule("p.52"), f"{name}'s Unit is Pinned Down and cannot Assault", **kw)
        if T.marked(ctx, uid, "bailed_out"):
            ctx.error(ctx.rule("p.38"), f"{name} is Bailed Out and cannot Assault", **kw)
        if tn.dash.get(uid):
            ctx.error(ctx.rule("p.52"), f"{name} moved at Dash speed this turn ({m.show(tn.dash[uid])}) and cannot "
                      "Assault", **kw)
        if tn.tactical.get(uid, 0.0) > m.rule("assault_move") + 1e-6:
            ctx.error(ctx.rule("p.52"), f"{name} moved {m.show(tn.tactical[uid])} at Tactical speed this turn; a "
                      f"team that moved more than {m.show(m.rule('assault_move'))} cannot Assault", **kw)
        order = order_of(ctx, t.group)
        if order not in (None, "follow_me"):
            ctx.error(ctx.rule("p.52"), f"{name}'s Unit used a {order.replace('_', ' ').title()} order; only "
                      "Follow Me allows an Assault", **kw)
        for s in tn.shots.get(uid, []):
            if s.mode == "halted":
                ctx.error(ctx.rule("p.52"), f"{name} shot its {s.weapon} at its Halted ROF (event {s.index}) and "
                          "cannot Assault", **kw)
            elif s.target_pos is not None and tgt in ctx.state.table_pos:
                d = T.distance(ctx, s.target, tgt, T.Pose(*s.target_pos, ctx.state.facing.get(s.target, 0.0)))
                if d is not None and d > m.rule("pre_assault_target") + 1e-6:
                    ctx.error(ctx.rule("p.52"), f"{name} shot at {ctx.name(s.target)}, {m.show(d)} from "
                              f"{ctx.name(tgt)} it assaults; shooting before assaulting must target a team within "
                              f"{m.show(m.rule('pre_assault_target'))} of the team it contacts", **kw)
        others = [g for g in tn.assault_units if g != t.group]
        last = tn.assault_units[-1] if tn.assault_units else None
        combined = ctx.state.per_phase.get("fow_joint", {}).get(t.group) == last  # p.52 Leading from the Front
        if t.group in tn.assault_units and last != t.group and not combined:
            ctx.error(ctx.rule("p.52"), f"{name}'s Unit already Assaulted this turn (before {others[-1]})", **kw)
        tn.assault_units.append(t.group)
        tn.assaulters[uid] = (tgt, ctx.index or 0)

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "assault":
            return
        tn = notes(ctx)
        for uid, (tgt, at) in tn.assaulters.items():
            t = T.team(ctx, uid)
            m = t.m
            cav = t.type == "cavalry"
            limit = m.rule("cavalry_charge" if cav else "charge")
            moved = tn.charge.get(uid, 0.0)
            where = ctx.state.table_pos.get(uid)
            kw: dict[str, Any] = {"units": [uid, tgt], "position": list(where) if where else None,
                                  "event_index": at}
            if moved > limit + 1e-6:
                ctx.error(ctx.rule("p.53"), f"{ctx.name(uid)} charges {m.show(moved)}; Assaulting Teams move up to "
                          f"{m.show(limit)} into Contact", **kw)
            f = tn.fight_of.get(t.group)
            if f is not None and f.contact.get(uid):
                continue  # in Contact when the charge ended (.melee); it may have moved on since
            d = T.distance(ctx, uid, tgt)
            if d is None or d <= T.CONTACT_TOLERANCE:
                continue
            buddy = [u for u in tn.assaulters if u != uid and T.team(ctx, u).cls == "infantry"
                     and (T.distance(ctx, u, uid) or 99) <= T.CONTACT_TOLERANCE]
            if t.cls == "infantry" and buddy:
                continue  # p.53: in Contact through an Infantry Team of its Unit that is in Contact
            ctx.warning(ctx.rule("p.53"), f"{ctx.name(uid)} ends its charge {m.show(d)} from {ctx.name(tgt)}, not "
                        "in Contact; teams that cannot Contact an enemy cannot Assault", **kw)
