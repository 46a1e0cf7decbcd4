"""Flames of War p.51 Smoke Bombardments: "Some Artillery units can fire a Smoke Bombardment instead of a normal
Artillery Bombardment. Each such Artillery Unit may do this once per game. Smoke Bombardments must be fired at the
beginning of the Shooting Step before all other fire. Use the normal Artillery rules to Range In, except that there
is no modifier for Ranging In near Terrain and no Danger Close restriction [:mod:`.artillery` leaves both out]. If
the Bombardment is successfully Ranged In, place a Smoke Screen on the Aiming Point. The Bombardment has no other
effect. If the Unit fails to Range In, they may attempt to fire a Smoke Bombardment again later in the game." and
"place a line of 2"/5cm Smoke Markers ... that is 4"/10cm long for each weapon firing ... The line starts at the
Aiming Point".

A Smoke Bombardment is a ``range_in`` with ``smoke_bombardment: true`` (chat ``smokescreen``), optionally
``screen_to`` [x, y], the far end of the line. The Unit needs a weapon noted "Smoke Bombardment" (p.67).
"""

from __future__ import annotations

import math
from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.artillery import Bombardment, art_notes

#: p.51: the Smoke Screen is 4"/10cm long for each weapon firing.
PER_WEAPON = (4, 10)


def _pos(where: Any) -> list[float] | None:
    return [float(where[0]), float(where[1])] if isinstance(where, list | tuple) and len(where) == 2 else None


class SmokeBombardment:
    """p.51 for each Smoke Bombardment: a Smoke Bombardment weapon, once per game, before all other fire, no hits,
    and the length of the Smoke Screen."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase != "shooting" or ev["type"] not in ("shoot", "range_in", "bombard"):
            return
        uid = ev.get("unit")
        if uid not in ctx.units or ctx.side_of(uid) != ctx.state.side:
            return
        step = ctx.state.per_phase.setdefault("fow_smoke", {"first_fire": None, "groups": {}})
        if ev["type"] == "range_in" and ev.get("smoke_bombardment") and ev.get("target") in ctx.units:
            self._smoke(ctx, ev, step)
            return
        group = T.team(ctx, uid).group
        if ev["type"] == "bombard" and group in step["groups"]:
            ctx.error(ctx.rule("p.51"), f"{ctx.name(uid)} rolls to hit with a Bombardment after its Unit fired a "
                      f"Smoke Bombardment (event {step['groups'][group]}) this Step; a Smoke Bombardment places a "
                      "Smoke Screen and has no other effect", units=[uid], position=_pos(ctx.state.table_pos.get(uid)))
        if step["first_fire"] is None:
            step["first_fire"] = (ctx.index or 0, uid)

    def _smoke(self, ctx: Any, ev: dict[str, Any], step: dict[str, Any]) -> None:
        spotter, battery = ev["unit"], ev["target"]
        b = T.team(ctx, battery)
        group, m = b.group, b.m
        aim = _pos(ev.get("aim"))
        kw: dict[str, Any] = {"units": [spotter, battery], "position": aim}
        first = group not in step["groups"]
        step["groups"].setdefault(group, ctx.index or 0)
        if not first:
            return  # one verdict per Unit and Step (its later attempts share it)
        if not any(w.has("smoke_bombardment") for w in b.weapons()):
            ctx.error(ctx.rule("p.51"), f"{ctx.name(battery)}'s Unit fires a Smoke Bombardment but has no weapon "
                      "with Smoke Bombardment", **kw)
        done = ctx.state.notes.setdefault("fow_smoke_done", {})
        if group in done:
            ctx.error(ctx.rule("p.51"), f"{ctx.name(battery)}'s Unit fires a Smoke Bombardment again; it fired one "
                      f"(event {done[group]}), and each Artillery Unit may do so once per game", **kw)
        if step["first_fire"] is not None:
            at, who = step["first_fire"]
            ctx.error(ctx.rule("p.51"), f"{ctx.name(battery)}'s Unit fires a Smoke Bombardment after "
                      f"{ctx.name(who)} fired (event {at}); Smoke Bombardments are fired at the beginning of the "
                      "Shooting Step before all other fire", **(kw | {"units": [spotter, battery, who]}))
        end = _pos(ev.get("screen_to"))
        if aim is not None and end is not None:
            firing = Bombardment()._eligible(ctx, group, {}, report=False)
            guns = sum(1 for u in firing if any(w.has("smoke_bombardment") for w in T.team(ctx, u).weapons()))
            per = PER_WEAPON[1] / T.CM_PER_INCH if m.cm else float(PER_WEAPON[0])
            length = math.dist(aim, end)
            if length > guns * per + 1e-6:
                ctx.error(ctx.rule("p.51"), f"{ctx.name(battery)}'s Unit lays a Smoke Screen {m.show(length)} long "
                          f"from ({aim[0]:.1f}, {aim[1]:.1f}) to ({end[0]:.1f}, {end[1]:.1f}); {guns} weapon(s) "
                          f"firing make {m.show(guns * per)} ({m.show(per)} each)", **kw)

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "shooting":
            return
        step = ctx.state.per_phase.get("fow_smoke") or {}
        done = ctx.state.notes.setdefault("fow_smoke_done", {})
        for group, at in (step.get("groups") or {}).items():
            rng = art_notes(ctx).ranging.get(group)
            if rng is not None and rng.attempt is not None:
                done.setdefault(group, at)  # Ranged In: the Unit's one Smoke Bombardment is spent
