"""The module's turn tracker, defined once: what the builder writes and what the log adapter decodes.

VASSAL's turn tracker in our modules is a counter (the turn, from 1) with one list level under it: the phases of a
turn in the order the Next button steps through them. That list is computed here from the plugin's
:meth:`~modgen.systems.base.RuleSystem.phases` and the game's sides, and nowhere else:

* a phase with ``per_side=False`` is one entry, played by nobody in particular (side ``None``);
* each run of consecutive ``per_side`` phases is one *player turn* per side: the first player's whole run, then
  the second player's (EFB 4.3: events, first player A-F, second player A-F, interphase; TiS [3.3]: the
  initiative player's eight phases, then the other player's). A plugin whose policy ``phase_order`` is
  ``interleaved`` gets each phase of the run for every side in turn instead;
* sides play in *seats*: seat 0 is the first player. The first player is the scenarios' ``first_player`` when
  they all name the same one; otherwise (a roll decides, or scenarios differ) the entries say "First player",
  "Second player", and the adapter resolves a seat to a side with the scenario it reads the log against, or, when
  the scenario leaves it to a roll (FoW), with the first ``!phase <phase> <side>`` declaration typed while the
  tracker shows a per-side entry (:meth:`Tracker.first_from`).

An entry's index in that list is what a logged ``TURN`` command carries, so :meth:`Tracker.decode` is the exact
inverse of :meth:`Tracker.levels`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.errors import DataError

SEAT_NAMES = ("First player", "Second player", "Third player", "Fourth player")
LEVEL_NAME = "Phase"  # the list level's name: its global property is mg_phase


@dataclass(frozen=True)
class Entry:
    """One entry of the phase list: the phase, and the seat (0 = first player) that plays it, None for both."""

    phase: str
    name: str
    seat: int | None
    label: str


@dataclass(frozen=True)
class Tracker:
    """The phase list of the module's turn tracker, and the sides in seat order as far as the module knows."""

    entries: tuple[Entry, ...]
    sides: tuple[str, ...]  # side ids as the manifest lists them
    first: str | None  # the first player the module was built for (None: decided per scenario or by a roll)

    def levels(self) -> list[tuple[str, list[str]]]:
        """The nested list levels for the builder (``ModuleSpec.turn_levels``); none when there are no phases."""
        return [(LEVEL_NAME, [e.label for e in self.entries])] if self.entries else []

    def seat_order(self, first: str | None = None) -> list[str | None]:
        """Side ids by seat: *first* (else the module's first player) in seat 0; None where not known."""
        first = first or self.first
        if first not in self.sides:
            return [None] * len(self.sides)
        return [first, *[s for s in self.sides if s != first]]

    def side_of(self, entry: Entry, first: str | None = None) -> str | None:
        """The side id that plays *entry* (None: both sides, or the first player is not known)."""
        if entry.seat is None:
            return None
        order = self.seat_order(first)
        return order[entry.seat] if entry.seat < len(order) else None

    def decode(self, index: int, first: str | None = None) -> tuple[str, str | None] | None:
        """(phase id, side id or None) for a logged phase-list index; None for an index the list does not have."""
        if not 0 <= index < len(self.entries):
            return None
        entry = self.entries[index]
        return entry.phase, self.side_of(entry, first)

    def first_from(self, index: int, phase: str, side: str) -> str | None:
        """The first player implied when *side* says it plays *phase* while the tracker shows entry *index* (a
        ``!phase movement us`` line after a roll-off): None when the entry is another phase, is played by both
        sides, or more than two sides leave the other seats open."""
        if not 0 <= index < len(self.entries) or side not in self.sides:
            return None
        entry = self.entries[index]
        if entry.phase != phase or entry.seat is None:
            return None
        if entry.seat == 0:
            return side
        others = [s for s in self.sides if s != side]
        return others[0] if len(self.sides) == 2 else None

    def sequence(self, first: str | None = None) -> list[tuple[str, str | None]]:
        """One turn's (phase id, side id or None) in the order the Next button steps through them."""
        return [(e.phase, self.side_of(e, first)) for e in self.entries]


def first_player(game: Any) -> str | None:
    """The first player every scenario of *game* names, or None when they differ or leave it to a roll."""
    firsts = {sc.get("first_player") for sc in game.scenarios.values()}
    return firsts.pop() if len(firsts) == 1 else None


def interleaved(game: Any) -> bool:
    """Whether the plugin's ``phase_order`` policy says per-side phases alternate sides phase by phase."""
    try:
        values = game.rule_system().policy_values(game.manifest)
    except (DataError, AttributeError):
        return False
    return values.get("phase_order") == "interleaved"


def tracker_for(game: Any) -> Tracker:
    """The turn tracker of the module built from *game* (no phases when the plugin gives none or is unknown)."""
    try:
        phases = list(game.rule_system().phases(game))
    except DataError:
        phases = []
    manifest_sides = [s for s in game.manifest.get("sides") or [] if isinstance(s, dict) and "id" in s]
    sides = tuple(str(s["id"]) for s in manifest_sides)
    names = {str(s["id"]): str(s.get("name", s["id"])) for s in manifest_sides}
    first = first_player(game)
    first = first if first in sides else None
    if first is not None:
        labels = [names[first], *[names[s] for s in sides if s != first]]
    else:
        labels = [SEAT_NAMES[k] if k < len(SEAT_NAMES) else f"Player {k + 1}" for k in range(len(sides))]
    mixed = interleaved(game)
    entries: list[Entry] = []
    i = 0
    while i < len(phases):
        if not phases[i].per_side or not sides:
            entries.append(Entry(phases[i].id, phases[i].name, None, phases[i].name))
            i += 1
            continue
        j = i
        while j < len(phases) and phases[j].per_side:
            j += 1
        run = phases[i:j]
        pairs = [(p, s) for p in run for s in range(len(sides))] if mixed else \
            [(p, s) for s in range(len(sides)) for p in run]
        entries += [Entry(p.id, p.name, s, f"{labels[s]} {p.name}") for p, s in pairs]
        i = j
    return Tracker(tuple(entries), sides, first)
