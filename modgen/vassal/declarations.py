"""Chat declarations in a log (``!attack 1203 -> 1305``, ``!retreat …``, a plugin's own verbs) become canonical events
(:mod:`modgen.logs.chat` parses them; this resolves their hexes and piece names to units and absorbs the drags a
retreat or advance was made with). A mixin of :class:`~modgen.vassal.adapter.Adapter`: it uses the adapter's
``steps``, ``where``, ``names``, ``pending``, ``eliminated``, ``game`` and helpers (``_emit``, ``_warn``,
``_record``, ``_units_at``, ``_side_of``, ``_phase``, ``_learn_first``).
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.hexgrid import Grid
from modgen.geometry.squaregrid import SquareGrid, map_grid
from modgen.logs import chat as chatsyntax
from modgen.vassal import reader as R

Event = dict[str, Any]


class Declarations:
    """Chat-declaration handling for the log adapter."""

    game: Any
    steps: list[list[Event]]
    step_undone: list[bool]
    where: dict[str, tuple[str | None, str | None]]
    names: dict[str, str]
    pending: dict[str, tuple[str, list[str]]]
    eliminated: set[str]
    _grids: list[Grid | SquareGrid] | None
    _chat_verbs: dict[str, Any] | None

    def _is_hex(self, token: str) -> bool:
        if self.game is None:
            return token.isdigit()
        if self._grids is None:
            self._grids = [map_grid(m) for m in self.game.maps
                           if m.get("kind", "hex") in ("hex", "square") and "grid" in m]
        return any(g.is_label(token) for g in self._grids)

    def _resolve(self, tokens: list[str], ctx: R.Context, what: str) -> tuple[list[str], list[str]]:
        """Declaration tokens → (unit ids, hexes named). A hex stands for the units in it."""
        units: list[str] = []
        hexes: list[str] = []
        for tok in tokens:
            if self._record(tok) is not None:
                units.append(tok)
            elif self._is_hex(tok):
                hexes.append(tok)
                found = self._units_at(tok)
                units += [u for u in found if u not in units]
            else:
                named = [u for pid, (u, _) in self.where.items() if self.names.get(pid) == tok and u]
                if named:
                    units += named
                else:
                    units.append(tok)
                    if self.game is not None:
                        self._warn(f"{what} {tok!r} is neither a unit id nor a hex of {self.game.id}", ctx)
        return units, hexes

    def _adjacent(self, a: str, b: str) -> bool:
        """Whether hexes *a* and *b* are neighbours on one of the game's hex maps."""
        self._is_hex(a)  # builds self._grids
        return any(g.is_label(a) and g.is_label(b) and g.adjacent(a, b) for g in self._grids or [])

    def chat(self, text: str, player: str | None, ctx: R.Context) -> None:
        if player is None:
            return  # VASSAL's own reports (moves, dice, turns) are represented by their own events
        side = self._side_of(player)
        before = len(self.steps[-1])
        try:
            decl = chatsyntax.parse(text, self._verbs())
        except chatsyntax.ChatSyntaxError as exc:
            self._warn(f"chat declaration by {player}: {exc}", ctx)
            self._emit({"type": "chat", "text": text, "note": f"not understood: {exc.detail}"}, ctx)
            decl = None
        else:
            if decl is None:
                self._emit({"type": "chat", "text": text}, ctx)
            else:
                self._declaration(decl, ctx)
        if side:
            for ev in self.steps[-1][before:]:
                ev.setdefault("side", side)

    def _verbs(self) -> dict[str, Any]:
        """The chat verbs the game's rule system adds to the core ones."""
        if self._chat_verbs is None:
            self._chat_verbs = chatsyntax.verbs_for(self.game.rule_system()) if self.game is not None else {}
        return self._chat_verbs

    def _declaration(self, d: chatsyntax.Declaration, ctx: R.Context) -> None:
        v = d.verb
        if d.event is not None:  # a plugin verb: its event, with unit tokens (hexes, piece names) resolved
            ev = dict(d.event)
            if isinstance(ev.get("unit"), str):
                units, _ = self._resolve([ev["unit"]], ctx, "unit")
                ev["unit"] = units[0] if len(units) == 1 else ev["unit"]
            if isinstance(ev.get("units"), list):
                ev["units"] = self._resolve([str(u) for u in ev["units"]], ctx, "unit")[0]
            for key, what in (("attackers", "attacker"), ("defenders", "defender")):  # a plugin's own attack form
                if isinstance(ev.get(key), list):
                    ev[key], hexes = self._resolve([str(u) for u in ev[key]], ctx, what)
                    if key == "defenders" and hexes and not ev.get("hex"):
                        ev["hex"] = hexes[0]
            self._emit(ev, ctx)
            return
        if v in ("attack", "fire"):
            att, _ = self._resolve(d.attackers, ctx, "attacker")
            dfn, hexes = self._resolve(d.defenders, ctx, "defender")
            ev: Event = {"type": "attack", "attackers": att, "defenders": dfn}
            if hexes:
                ev["hex"] = hexes[0]
            for key, toks in (("support", d.support), ("air", d.air)):
                if toks:
                    ev[key] = self._resolve(toks, ctx, key)[0]
            for key in ("table", "kind", "id"):
                if getattr(d, key):
                    ev[key] = getattr(d, key)
            self._emit(ev, ctx)
        elif v == "result":
            ev = {"type": "result", "result": d.result}
            if d.id:
                ev["attack"] = d.id
            self._emit(ev, ctx)
        elif v in ("retreat", "advance"):
            token = d.unit or ""
            if self._absorb_drops(v, token, d.path):
                return
            units, hexes = self._resolve([token], ctx, "unit")
            if len(units) != 1:
                self._warn(f"!{v} {token}: expected exactly one unit there, found {len(units)}", ctx)
                if not units:
                    return
            unit = units[0]
            current = next((h for (u, h) in self.where.values() if u == unit), None)
            if current == d.path[-1]:
                self._emit({"type": v, "unit": unit, "path": ([hexes[0]] if hexes else []) + d.path}, ctx)
            else:
                self.pending[unit] = (v, d.path)
        elif v == "phase":
            if d.side:
                self._learn_first(d.phase or "", d.side)
            self._phase(d.phase or "", d.side, ctx)
        elif v == "turn":
            if d.turn != self.turn:  # the turn tracker may already have said so
                self.turn = d.turn
                self._emit({"type": "turn", "turn": d.turn}, ctx)
        elif v == "mode":
            self.mode = d.mode
        elif v == "loss":
            units, _ = self._resolve([d.unit or ""], ctx, "unit")
            for u in units:
                ev = {"type": "loss", "unit": u}
                if d.eliminated:
                    ev["eliminated"] = True
                    self.eliminated.add(u)
                else:
                    ev["steps"] = d.steps or 1
                self._emit(ev, ctx)
        elif v == "roll":
            self.purpose = d.purpose
        elif v == "vp":
            ev = {"type": "vp", "side": d.side, "points": d.points}
            if d.reason:
                ev["reason"] = d.reason
            self._emit(ev, ctx)
        elif v == "end":
            self._emit({"type": "game_end"}, ctx)

    def _absorb_drops(self, verb: str, token: str, path: list[str]) -> bool:
        """Turn already-logged drops into one retreat/advance: the latest move to the path's end, plus earlier drops
        of the same unit on the declared path (hex-by-hex dragging), within the last few steps. *token* must name
        the unit or the hex it started from. Returns False when no such drop is logged (yet)."""
        recent = [k for k in range(max(0, len(self.steps) - 8), len(self.steps)) if not self.step_undone[k]]
        moves = [(k, i, e) for k in recent for i, e in enumerate(self.steps[k]) if e.get("type") == "move"]
        last = next(((k, i, e) for k, i, e in reversed(moves) if e.get("to") == path[-1]), None)
        if last is None:
            return False
        unit = last[2]["unit"]
        chain = [last]
        for k, i, e in reversed(moves[:moves.index(last)]):
            if e["unit"] == unit and e.get("to") == chain[-1][2].get("from") and e.get("to") in path:
                chain.append((k, i, e))
        start = chain[-1][2].get("from")
        if token not in (unit, start, last[2].get("from")):
            return False
        k, i, e = last
        self.steps[k][i] = {**{key: x for key, x in e.items() if key not in ("from", "to", "mode")},
                            "type": verb, "path": ([start] if start else []) + path}
        for k, i, _ in sorted(chain[1:], reverse=True):
            del self.steps[k][i]
        return True

