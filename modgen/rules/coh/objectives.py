"""Objective hexes in three- and four-player games (21.0): "Victory conditions are awarded to the player that moves
onto the hex first".

The scenario's ``multiplayer`` special rule lists them in ``params.objectives`` (a list of hexes, or hex -> VP). A
unit moves onto an objective when a ``move`` enters it (its end hex, or a hex of its ``path`` after the start: a
reading, the rule does not say whether passing through counts); setting up on it is not moving onto it. A ``vp``
event with ``hex`` awards that objective to its ``player`` (a force id; a ``side`` naming a force also does).
Checked: the award goes to the force whose unit moved onto the hex first, only after some unit did, once, and for
the listed VP. When it is due is the firefight's victory conditions, not in the fragment: the rule's ``params.award``
says it: ``on_entry`` (the VP is logged before the next action after the move onto the hex), ``game_end`` (at the end
of the game: after its ``game_end`` event, or every objective entered must be awarded by the end of the log); absent,
any time after the first entry (the documented default).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.coh import common as C
from modgen.rules.coh import players


def _params(ctx: Any) -> dict[str, Any]:
    rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "multiplayer"), None)
    return (rule or {}).get("params") or {}


def objectives(ctx: Any) -> dict[str, Any]:
    """Objective hex -> its VP (None when the scenario lists only the hex)."""
    listed = _params(ctx).get("objectives") or []
    return dict(listed) if isinstance(listed, dict) else {str(h): None for h in listed}


_DUE = {"on_entry": "before the next action after the move onto it", "game_end": "at the end of the game"}


class Objectives:
    """Who moved onto each objective hex first, and the VP awards for them (21.0)."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[str, str, int]] = {}  # hex -> (force, unit, event index)
        self.awarded: dict[str, tuple[str, int]] = {}  # hex -> (force, event index)
        self.late: set[str] = set()  # objectives reported as not awarded in time
        self.ended = False  # the game_end event has come

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "game_end":
            self.ended = True
        if t in (*C.ACTIONS, "activate", "turn", "phase", "game_end") and _params(ctx).get("award") == "on_entry":
            self._due(ctx, ctx.index or 0)
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

    def finish(self, ctx: Any) -> None:
        if _params(ctx).get("award") in _DUE:
            self._due(ctx, None)

    def _due(self, ctx: Any, now: int | None) -> None:
        """Objectives moved onto (before event ``now``; None: by the end of the log) whose VP was never awarded."""
        how = _params(ctx).get("award")
        for h, (force, uid, idx) in self.first.items():
            if h in self.awarded or h in self.late or (now is not None and idx >= now):
                continue
            self.late.add(h)
            ctx.error(ctx.rule("21.0"), f"{ctx.name(uid)} of {force} moved onto the objective {h} first (event {idx}), "
                      f"but its VP was not awarded {_DUE[str(how)]} (the firefight's award rule)", units=[uid],
                      hexes=[h], event_index=idx)

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
        if _params(ctx).get("award") == "game_end" and not self.ended and first is not None:
            ctx.error(ctx.rule("21.0"), f"the objective {h} is awarded to {force} before the end of the game; the "
                      "firefight awards objectives at the end of the game", **kw)
        want = table.get(h)
        if want is not None and ev.get("points") is not None and float(ev["points"]) != float(want):
            ctx.error(ctx.rule("21.0"), f"the objective {h} is worth {want} VP (the firefight's objectives), but "
                      f"{force} receives {ev['points']}", **kw)
        self.awarded.setdefault(h, (force, ctx.index or 0))
