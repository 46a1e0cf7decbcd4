"""The turn tracker in a log as players press it: ``TURN`` commands become ``turn``/``phase`` events with the right
side (:mod:`.tracker` decodes the phase list the builder wrote), a Next pressed by mistake and put right with Prev
leaves no trace, and a ``!phase <phase> <side>`` declaration names the first player when the scenario leaves it to a
roll. A mixin of :class:`~modgen.vassal.adapter.Adapter`: it uses the adapter's ``steps``, ``_emit``, ``game``,
``scenario`` and the tracker fields the adapter initialises (``turn``, ``phase_idx``, ``current_phase``, ``mode``,
``first_player``, ``unsided``, ``last_press``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from modgen.vassal import reader as R
from modgen.vassal import tracker
from modgen.vassal.tracker import turn_number

Event = dict[str, Any]


class TrackerEvents:
    """Turn-tracker handling for the log adapter."""

    steps: list[list[Event]]
    game: Any
    scenario: str | None
    turn: int | None
    phase_idx: int | None
    current_phase: tuple[str, str | None] | None
    mode: str | None
    first_player: str | None
    unsided: list[tuple[Event, int]]
    last_press: tuple[tuple[Any, ...], list[Event], tuple[int, int]] | None
    _phases: list[Any] | None
    _emit: Callable[[Event, R.Context], None]

    def turn_changed(self, tracker: str, state: str, values: list[int], ctx: R.Context) -> None:
        if not values:
            return
        turn = turn_number(state, values[0])  # a list level's index, or an older counter's number
        now = (turn, values[-1] if len(values) > 1 else self.phase_idx)
        if self._pressed_back(now):
            return
        before = (self.turn, self.phase_idx, self.current_phase, self.mode)
        emitted: list[Event] = []
        if turn != self.turn and turn >= 1:
            self.turn = turn
            emitted.append({"type": "turn", "turn": turn})
            self._emit(emitted[-1], ctx)
        if len(values) > 1 and values[-1] != self.phase_idx:
            self.phase_idx = values[-1]
            decoded = self._tracker_phase(values[-1])
            trk = self._tracker()
            # a seat not resolved yet: both seats' entries read (phase, None), yet they are different phases
            unsided = decoded is not None and decoded[1] is None and trk is not None \
                and trk.entries[values[-1]].seat is not None
            ev = self._phase(*decoded, ctx, again=unsided) if decoded is not None else None
            if ev is not None:
                emitted.append(ev)
                if unsided:
                    self.unsided.append((ev, values[-1]))
        if emitted and ctx.step is not None:
            self.last_press = (before, emitted, (len(self.steps) - 1, len(self.steps[-1])))

    def _pressed_back(self, now: tuple[int, int | None]) -> bool:
        """A tracker press back to where the previous press came from, with nothing but chat between: a mis-click
        put right (Next, then Prev). The first press's turn/phase events are taken back; True when that is so."""
        press, self.last_press = self.last_press, None
        if press is None or (press[0][0], press[0][1]) != now:
            return False
        k, i = press[2]
        if any(e.get("type") != "chat" for e in [*self.steps[k][i:], *(e for s in self.steps[k + 1:] for e in s)]):
            return False
        for ev in press[1]:
            for evs in self.steps:
                if any(e is ev for e in evs):
                    evs[:] = [e for e in evs if e is not ev]
        self.unsided = [(e, n) for e, n in self.unsided if all(e is not ev for ev in press[1])]
        self.turn, self.phase_idx, self.current_phase, self.mode = press[0]
        return True

    def _phase(self, phase: str, side: str | None, ctx: R.Context, again: bool = False) -> Event | None:
        """A phase change (from the turn tracker or a !phase line); the same phase twice in a row is said once
        (``again``: said anyway). Returns the phase event (None when not said again)."""
        self.mode = None
        if (phase, side) == self.current_phase and not again:
            return None
        self.current_phase = (phase, side)
        ev: Event = {"type": "phase", "phase": phase}
        if side:
            ev["side"] = side
        self._emit(ev, ctx)
        return ev

    def _learn_first(self, phase: str, side: str) -> None:
        """A ``!phase <phase> <side>`` line while the tracker shows a per-side entry whose seat the scenario leaves
        to a roll (FoW: the roll-off winner goes first) says who the first player is: every tracker phase said so
        far, and all later ones, get their side."""
        trk = self._tracker()
        if trk is None or self.phase_idx is None or self._scenario_first() or self.first_player:
            return
        first = trk.first_from(self.phase_idx, phase, side)
        if first is None:
            return
        self.first_player = first
        for ev, index in self.unsided:
            decoded = trk.decode(index, first)
            if decoded and decoded[1]:
                ev["side"] = decoded[1]
        self.unsided = []
        if self.current_phase == (phase, None):
            self.current_phase = (phase, side)

    def _tracker(self) -> tracker.Tracker | None:
        """The turn tracker our module for this game has (:mod:`modgen.vassal.tracker`, the builder's definition)."""
        if self._phases is None and self.game is not None:
            try:
                self._phases = [tracker.tracker_for(self.game, self.scenario)]
            except Exception:  # noqa: BLE001 - a plugin problem must not stop log decoding
                self._phases = []
        return self._phases[0] if self._phases else None

    def _tracker_phase(self, index: int) -> tuple[str, str | None] | None:
        """(phase id, side id or None) of phase-list entry *index*; the scenario's first player resolves seats."""
        trk = self._tracker()
        if trk is None:
            return None
        return trk.decode(index, self._scenario_first() or self.first_player)

    def _scenario_first(self) -> str | None:
        """The first player the scenario the log is read against names (None: a roll decides, or no scenario)."""
        if self.scenario and self.game is not None:
            return (self.game.scenarios.get(self.scenario) or {}).get("first_player")
        return None
