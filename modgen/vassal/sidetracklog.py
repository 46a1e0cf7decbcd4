"""A plugin's per-side tracks in a log (:mod:`.sidetracks`: CoH CAPs and APs): a player pressing a track's -1/+1
button logs a global-property change, which the plugin's :meth:`~modgen.systems.base.RuleSystem.track_event` turns
into its event (a lowered CAP count: a ``cap`` spend; any AP-track change: an ``ap`` event). A mixin of
:class:`~modgen.vassal.adapter.Adapter`: it uses the adapter's ``steps``, ``_emit``, ``_record``, ``game`` and
``scenario``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from modgen.vassal import reader as R
from modgen.vassal import sidetracks

Event = dict[str, Any]


class SideTrackEvents:
    """Track-property handling for the log adapter."""

    steps: list[list[Event]]
    game: Any
    scenario: str | None
    _emit: Callable[[Event, R.Context], None]
    _record: Callable[[str], dict[str, Any] | None]
    _tracks: dict[str, sidetracks.SideTrack] | None = None  # the track properties, by name (read on first use)

    def property_changed(self, name: str, old: str | None, new: str, container: str, ctx: R.Context) -> None:
        if self.game is None or not name.startswith("mg_"):
            return
        if self._tracks is None:
            self._tracks = sidetracks.by_name(self.game, self.scenario)
            self._marks: dict[str, tuple[int, int]] = {}  # property -> (step, index) after its last change
        st = self._tracks.get(name)
        if st is None:
            return
        since = self._since(self._marks.get(name, (0, 0)))
        self._marks[name] = (len(self.steps) - 1, len(self.steps[-1]))
        before, after = _int(old), _int(new)
        if ctx.in_setup or before is None or after is None or before == after:
            return  # the saved state restores the values; a text in a number property says nothing
        try:
            ev = self.game.rule_system().track_event(st.track, st.side, before, after, since, self._unit_side)
        except AttributeError:  # a plugin without track_event (an old or test plugin)
            return
        if ev is not None:
            self._emit(ev, ctx)  # (left after the mark: the next press sees it, e.g. a further CAP on the same roll)

    def _since(self, mark: tuple[int, int]) -> list[Event]:
        """The non-chat events decoded after *mark* (step, index), oldest first."""
        k, i = mark
        evs = [*self.steps[k][i:], *(e for s in self.steps[k + 1:] for e in s)] if k < len(self.steps) else []
        return [e for e in evs if e.get("type") != "chat"]

    def _unit_side(self, unit: str) -> str | None:
        rec = self._record(unit)
        return rec.get("side") if rec else None


def _int(text: str | None) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None
