"""Objective hexes in three- and four-player games (21.0): "Victory conditions are awarded to the player that moves
onto the hex first".

The scenario's ``multiplayer`` special rule lists them in ``params.objectives`` (a list of hexes, or hex -> VP). A
unit moves onto an objective when a ``move`` enters it (its end hex, or a hex of its ``path`` after the start: a
reading, the rule does not say whether passing through counts); setting up on it is not moving onto it. A ``vp``
event with ``hex`` awards that objective to its ``player`` (a force id; a ``side`` naming a force also does).
Checked: the award goes to the force whose unit moved onto the hex first, only after some unit did, once, and for
the listed VP. Not checked: when an award is due (the firefight's victory conditions are not in the fragment).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.coh import players


def objectives(ctx: Any) -> dict[str, Any]:
    """Objective hex -> its VP (None when the scenario lists only the hex)."""
    rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "multiplayer"), None)
    listed = ((rule or {}).get("params") or {}).get("objectives") or []
    return dict(listed) if isinstance(listed, dict) else {str(h): None for h in listed}


class Objectives:
    """Who moved onto each objective hex first, and the VP awards for them (21.0)."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[str, str, int]] = {}  # hex -> (force, unit, event index)
        self.awarded: dict[str, tuple[str, int]] = {}  # hex -> (force, event index)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t not in ("move", "vp"):
            return
        fs = players.forces(ctx)
        table = objectives(ctx) if fs is not None else {}
        if not table:
            return
        if t == "move":
            self._moved(ctx, fs, table, ev)
        elif ev.get("hex") in table:
            self._award(ctx, fs, table, ev)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        return None

    def _moved(self, ctx: Any, fs: players.Forces, table: dict[str, Any], ev: dict[str, Any]) -> None:
        uid = ev.get("unit") or ""
        path = list(ev.get("path") or [ev.get("from"), ev.get("to")])
        force = fs.unit.get(uid)
        for h in path[1:]:
            if h in table and h not in self.first and force:
                self.first[h] = (force, uid, ctx.index or 0)

    def _award(self, ctx: Any, fs: players.Forces, table: dict[str, Any], ev: dict[str, Any]) -> None:
        h = ev["hex"]
        force = next((ev[k] for k in ("player", "side") if ev.get(k) in fs.side), None)
        if force is None:
            ctx.could_not_check(ctx.rule("21.0"), f"a VP for the objective {h} names no player's force, so whether "
                                "it went to the player that moved onto the hex first cannot be told")
            return
        first = self.first.get(h)
        kw = {"hexes": [h]}
        if h in self.awarded:
            ctx.error(ctx.rule("21.0"), f"the objective {h} is awarded to {force} after it went to "
                      f"{self.awarded[h][0]} (event {self.awarded[h][1]}); it goes once, to the player that moves "
                      "onto the hex first", **kw)
        elif first is None:
            ctx.error(ctx.rule("21.0"), f"the objective {h} is awarded to {force}, but no unit has moved onto it; "
                      "it goes to the player that moves onto the hex first", **kw)
        elif first[0] != force:
            ctx.error(ctx.rule("21.0"), f"the objective {h} is awarded to {force}, but {ctx.name(first[1])} of "
                      f"{first[0]} moved onto it first (event {first[2]}); victory conditions are awarded to the "
                      "player that moves onto the hex first", units=[first[1]], hexes=[h])
        want = table.get(h)
        if want is not None and ev.get("points") is not None and float(ev["points"]) != float(want):
            ctx.error(ctx.rule("21.0"), f"the objective {h} is worth {want} VP (the firefight's objectives), but "
                      f"{force} receives {ev['points']}", **kw)
        self.awarded.setdefault(h, (force, ctx.index or 0))
