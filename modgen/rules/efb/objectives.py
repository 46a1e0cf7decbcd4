"""EFB objective, town and railroad victory points (23.3, 23.6, MK 24.5, GT 24.5), traced with a LOC (loc.py).

The scenario's ``victory.<side>`` may give:

- ``each_turn``: ``{"loc_to": area | [areas], "objectives": [{"hex", "vp"}]}``, scored at the end of each
  complete game turn (MK German towns);
- ``at_end``: ``{"loc_to": …, "objectives": [{"hex", "vp"}], "areas": [{"area", "vp_per_hex"}]}``, scored once at
  the end of the game (MK Soviet towns, GT objective and fortification hexes);
- ``railroad``: ``[{"area", "vp_by_turn": {"1": 10, …}}]``, scored for occupying any hex of the area during a
  turn; the ``railroad_vp`` policy says whether each area pays once (the first turn occupied) or every turn.

A hex scores when the side holds it (has a ground unit there) with a LOC to ``loc_to`` (default: the side's
friendly edges). As for elimination VP, the log is judged only when it records the award: the total of the side's
``vp`` events whose ``reason`` starts with "objective" (towns, objective hexes, fortification hexes), with
"railroad", or with "what if" (MK SR6: ``what_if_unit_received`` VP per enemy unit received from the reinforcement
entries of option ``what_if``) must equal what the positions and arrivals give.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb import loc

KINDS = ("objective", "railroad", "what if")  # vp reasons this check judges (after lower-casing, - and _ as space)


class Objectives:
    """Objective/town VP with a LOC at each turn end and at game end; railroad VP per turn occupied."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {
        "before": ("vp", "reinforcement", "turn", "game_end"),
        "after": ("move", "retreat", "advance", "reinforcement", "replacement", "turn", "phase"),
    }

    def __init__(self) -> None:
        self.expected: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))  # side -> kind -> vp
        self.logged: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.rail_turns: dict[tuple[str, str], set[int]] = defaultdict(set)  # (side, area) -> turns occupied
        self.scored_turns: set[int] = set()
        self.rail_seen: dict[str, tuple[int, int]] = {}  # side -> (turn, side_version) last looked at
        self.areas: dict[str, set[str]] = {}
        # side -> what each objective hex was judged worth, for messages: "1126 turn 1: 4 VP", "0108 end: 0 (no LOC)"
        self.detail: dict[str, list[str]] = defaultdict(list)
        self.done = False
        self.active: bool | None = None  # does the log record any of these VP? (decided on the first event)

    @staticmethod
    def _kind(ev: dict[str, Any]) -> str | None:
        reason = str(ev.get("reason") or "").lower().replace("-", " ").replace("_", " ")
        return next((k for k in KINDS if reason.startswith(k)), None)

    def _wanted(self, ctx: Any) -> bool:
        """Only a log that records such VP is judged, so a log without any skips the work (LOC searches)."""
        if self.active is None:
            self.active = any(e.get("type") == "vp" and self._kind(e) for e in ctx.by_index.values())
        return self.active

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if not self._wanted(ctx):
            return
        t = ev["type"]
        if t == "vp":
            kind = self._kind(ev)
            if kind:
                self.logged[ev["side"]][kind] += ev["points"]
        elif t == "reinforcement":
            self._what_if(ctx, ev["unit"])
        elif t == "turn" and ctx.state.turn >= 1:
            self._turn_end(ctx, ctx.state.turn)  # the previous turn is complete
        elif t == "game_end":
            self._game_end(ctx)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if self.active and ev["type"] in ("move", "retreat", "advance", "reinforcement", "replacement", "turn",
                                          "phase"):
            self._rail(ctx)

    def phase_end(self, ctx: Any) -> None:
        if self.active:
            self._rail(ctx)

    def finish(self, ctx: Any) -> None:
        if self._wanted(ctx):
            self._game_end(ctx)

    # ------------------------------------------------------------------------------------------------------
    def _victory(self, ctx: Any) -> dict[str, Any]:
        return ctx.scenario.get("victory") or {}

    def _rail(self, ctx: Any) -> None:
        st = ctx.state
        if ctx.board is None or not st.turn:
            return
        for side, spec in self._victory(ctx).items():
            if not isinstance(spec, dict) or not spec.get("railroad"):
                continue
            key = (st.turn, st.side_version[side])
            if self.rail_seen.get(side) == key:
                continue  # nothing of that side moved since the last look this turn
            self.rail_seen[side] = key
            mine = None
            for row in spec["railroad"]:
                turns = self.rail_turns[(side, row.get("area", ""))]
                if st.turn in turns:
                    continue
                if mine is None:
                    mine = {h for u, h in st.position.items() if h is not None and ctx.side_of(u) == side
                            and c.is_ground(ctx, u)}
                if mine & self._area(ctx, row.get("area", "")):
                    turns.add(st.turn)

    def _area(self, ctx: Any, area_id: str) -> set[str]:
        if area_id not in self.areas:
            self.areas[area_id] = ctx.board.area(area_id) or set()
        return self.areas[area_id]

    def _score(self, ctx: Any, side: str, spec: dict[str, Any], when: str = "") -> float:
        """VP the side's current positions are worth under one ``each_turn``/``at_end`` block; each objective hex
        held is noted in ``detail`` (with "no LOC" when held without one) for the messages."""
        edges = loc.edge_hexes(ctx, spec.get("loc_to") or loc.friendly_edges(ctx, side))
        if edges is None:
            return 0.0
        total = 0.0
        for obj in spec.get("objectives") or []:
            h = obj.get("hex")
            if not h or not loc.held(ctx, h, side):
                continue
            if loc.has_loc(ctx, h, side, edges):
                total += float(obj.get("vp") or 0)
                self.detail[side].append(f"{h} {when}: {float(obj.get('vp') or 0):g}")
            else:
                self.detail[side].append(f"{h} {when}: 0 (held without a line of communication, 23.6)")
        for row in spec.get("areas") or []:
            hexes = ctx.board.area(row.get("area", "")) or set()
            held = sorted(h for h in hexes if loc.held(ctx, h, side) and loc.has_loc(ctx, h, side, edges))
            total += len(held) * float(row.get("vp_per_hex") or 0)
            if held:
                self.detail[side].append(f"{row.get('area')} {when}: {', '.join(held)} × "
                                         f"{float(row.get('vp_per_hex') or 0):g}")
        return total

    def _explain(self, side: str, kind: str) -> str:
        """Which objective hexes (or railroad turns) the expected total counts, hex by hex."""
        if kind == "objective":
            lines = self.detail.get(side) or []
            return f" ({'; '.join(lines)})" if lines else " (no objective hex was held)"
        if kind == "railroad":
            spans = [f"{area}: turn(s) {', '.join(map(str, sorted(t)))}" for (s, area), t in self.rail_turns.items()
                     if s == side and t]
            return f" (railroad hexes occupied: {'; '.join(spans)})" if spans else " (no railroad hex was occupied)"
        return ""

    def _hexes(self, side: str, kind: str) -> list[str]:
        if kind != "objective":
            return []
        return list(dict.fromkeys(d.split(" ", 1)[0] for d in self.detail.get(side) or [] if d[:1].isdigit()))

    def _what_if(self, ctx: Any, uid: str) -> None:
        """MK 24.6 SR6: the other side scores ``victory.<side>.what_if_unit_received`` per unit received from the
        reinforcement entries of option ``what_if``."""
        for side, spec in self._victory(ctx).items():
            if not isinstance(spec, dict) or not spec.get("what_if_unit_received") or ctx.side_of(uid) == side:
                continue
            if any(uid in (e.get("units") or []) and e.get("option") == "what_if"
                   for e in ctx.scenario.get("reinforcements") or []):
                self.expected[side]["what if"] += float(spec["what_if_unit_received"])

    def _turn_end(self, ctx: Any, turn: int) -> None:
        if turn in self.scored_turns or ctx.board is None:
            return
        self.scored_turns.add(turn)
        for side, spec in self._victory(ctx).items():
            if isinstance(spec, dict) and isinstance(spec.get("each_turn"), dict):
                self.expected[side]["objective"] += self._score(ctx, side, spec["each_turn"], f"turn {turn}")

    def _game_end(self, ctx: Any) -> None:
        if self.done:
            return
        self.done = True
        st = ctx.state
        count = (ctx.scenario.get("turns") or {}).get("count")
        if st.turn and (st.phase == "interphase" or (isinstance(count, int) and st.turn >= count)):
            self._turn_end(ctx, st.turn)  # the last turn is complete
        once = ctx.policies.get("railroad_vp", "once") == "once"
        for side, spec in self._victory(ctx).items():
            if not isinstance(spec, dict):
                continue
            if isinstance(spec.get("at_end"), dict) and ctx.board is not None:
                self.expected[side]["objective"] += self._score(ctx, side, spec["at_end"], "game end")
            for row in spec.get("railroad") or []:
                turns = sorted(self.rail_turns.get((side, row.get("area", "")), ()))
                by_turn = {int(k): float(v) for k, v in (row.get("vp_by_turn") or {}).items()}
                paid = [by_turn.get(t, 0.0) for t in turns]
                self.expected[side]["railroad"] += (paid[0] if paid else 0.0) if once else sum(paid)
        for side in sorted(self.logged):
            for kind, got in sorted(self.logged[side].items()):
                want = self.expected[side][kind]
                if ctx.board is None:
                    ctx.could_not_check(ctx.rule("23.3"), "objective VP without a map")
                elif abs(got - want) > 1e-9:
                    what = {"objective": "objectives and towns", "railroad": "railroad hexes"}.get(
                        kind, '"What If" units the enemy received')
                    ctx.error(ctx.rule("23.3"), f"{side} scored {got:g} VP for {what}; the positions held "
                              f"(with a LOC where the scenario asks for one) are worth {want:g}"
                              f"{self._explain(side, kind)}", hexes=self._hexes(side, kind))
