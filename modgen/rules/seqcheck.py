"""A sequence-of-play check any plugin can use: phase order within a turn, turn numbering and game length.

The expected order comes from the plugin's ``phases()``: phases with ``per_side=False`` once, each run of
``per_side`` phases for every side, the first player first. The first player is the scenario's ``first_player``;
when the scenario leaves it to a roll (FoW Meeting Engagements), the side of the log's first per-side phase.
Phases in which nothing happened may be missing from a log; going back is what is reported.
"""

from __future__ import annotations

from typing import Any


def expected_sequence(ctx: Any, first: str | None, interleaved: bool = False) -> list[tuple[str, str | None]]:
    """One turn's (phase, phasing side) in order. ``interleaved``: each per-side phase for both sides in turn."""
    sides = list(ctx.sides)
    if first in sides:
        sides.remove(first)
        sides.insert(0, first)
    phases = ctx.plugin.phases(ctx.game)
    out: list[tuple[str, str | None]] = []
    i = 0
    while i < len(phases):
        if not phases[i].per_side:
            out.append((phases[i].id, None))
            i += 1
            continue
        j = i
        while j < len(phases) and phases[j].per_side:
            j += 1
        run = [p.id for p in phases[i:j]]
        out += [(p, s) for p in run for s in sides] if interleaved else [(p, s) for s in sides for p in run]
        i = j
    return out


class Sequence:
    """Phase order, turn order and game length; ``phase_rule``/``turn_rule`` are the rule numbers cited."""

    def __init__(self, phase_rule: str, turn_rule: str, turn_word: str = "turn", interleaved: bool = False,
                 check_length: bool = True) -> None:
        self.phase_rule, self.turn_rule, self.turn_word = phase_rule, turn_rule, turn_word
        self.interleaved, self.check_length = interleaved, check_length
        self.seq: list[tuple[str, str | None]] | None = None
        self.pos: int | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "turn":
            self._turn(ctx, ev["turn"])
        elif ev["type"] == "phase":
            self._phase(ctx, ev)

    def _turn(self, ctx: Any, n: int) -> None:
        turns = ctx.scenario.get("turns") or {}
        count, word = turns.get("count"), self.turn_word
        if self.check_length and isinstance(count, int) and n > count:
            labels = turns.get("labels") or []
            last = f" ({labels[-1]})" if len(labels) == count else ""
            ctx.error(ctx.rule(self.turn_rule),
                      f"{word} {n} is played, but the scenario ends after {word} {count}{last}")
        if ctx.state.turn and n != ctx.state.turn + 1:
            ctx.error(ctx.rule(self.turn_rule), f"{word} {n} follows {word} {ctx.state.turn}")
        self.pos = -1

    def _phase(self, ctx: Any, ev: dict[str, Any]) -> None:
        key = (ev["phase"], ev.get("side"))
        if self.seq is None:
            first = ctx.scenario.get("first_player") or (key[1] if key[1] in ctx.sides else None)
            if first is None and any(p.per_side for p in ctx.plugin.phases(ctx.game)):
                if key[0] not in {p.id for p in ctx.plugin.phases(ctx.game)}:
                    self._unknown(ctx, key[0], [p.id for p in ctx.plugin.phases(ctx.game)])
                return  # the first player is not known until a per-side phase names it
            self.seq = expected_sequence(ctx, first, self.interleaved)
        seq = self.seq
        if key[0] not in {p for p, _ in seq}:
            self._unknown(ctx, key[0], [p for p, _ in seq])
            return
        if self.pos is None:
            return  # the log starts mid-turn
        nxt = [i for i in range(self.pos + 1, len(seq)) if seq[i][0] == key[0] and seq[i][1] in (None, key[1])]
        if not nxt:
            who = f"the {key[1]} " if key[1] else "the "
            ctx.error(ctx.rule(self.phase_rule), f"{who}{key[0]} phase is out of order in {self.turn_word} "
                      f"{ctx.state.turn}")
            return
        self.pos = nxt[0]

    def _unknown(self, ctx: Any, phase: str, known: list[str]) -> None:
        names = ", ".join(dict.fromkeys(known))
        ctx.error(ctx.rule(self.phase_rule), f"unknown phase {phase!r} (phases: {names})")
