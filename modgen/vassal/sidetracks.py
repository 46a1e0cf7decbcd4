"""The plugin's per-side tracks (:meth:`~modgen.systems.base.RuleSystem.tracks`: CoH CAPs and APs) as the module's
global properties, defined once: what the builder writes and what the log adapter decodes.

Each track and side is one numeric module-level ``GlobalProperty`` named ``mg_<track>_<side>`` (:func:`prop_name`)
with the track's start as its initial value and its limits as min/max, and two toolbar buttons under it
(``ChangePropertyButton``, increment -1 / +1) that report the change in chat. VASSAL logs a press as
``MutableProperty\\t<name>\\t<old>\\t<new>\\tModule`` (``ChangePropertyCommandEncoder``, container ``Module``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.errors import DataError
from modgen.systems.base import Track


@dataclass(frozen=True)
class SideTrack:
    """One global property: a track of one side, with the values the module starts it at and keeps it within."""

    track: Track
    side: str
    side_name: str
    start: int
    minimum: int
    maximum: int | None

    @property
    def name(self) -> str:
        return prop_name(self.track.id, self.side)

    @property
    def label(self) -> str:
        return f"{self.side_name} {self.track.label}"


def prop_name(track: str, side: str) -> str:
    """The global property of *track* for *side*."""
    return f"mg_{track}_{side}"


def side_tracks(game: Any, scenario: str | None = None) -> list[SideTrack]:
    """The module's track properties for *scenario* (None: the whole module, every scenario's limits), in side
    order then track order; none for a game without a rule system that declares tracks."""
    try:
        system = game.rule_system()
        scen = (game.scenarios or {}).get(scenario) if scenario else None
        tracks = tuple(system.tracks(game, scen))
    except (DataError, AttributeError):
        return []
    sides = [s for s in game.manifest.get("sides") or [] if isinstance(s, dict) and "id" in s]
    out = []
    for s in sides:
        sid = str(s["id"])
        for t in tracks:
            if sid in t.start:
                out.append(SideTrack(t, sid, str(s.get("name", sid)), t.start[sid], t.minimum, t.maximum.get(sid)))
    return out


def by_name(game: Any, scenario: str | None = None) -> dict[str, SideTrack]:
    """The track properties by property name (what a logged change names)."""
    return {st.name: st for st in side_tracks(game, scenario)}
