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

The turn level above it is a list too: one entry per turn of the scenario (``turns.count``), shown as
:func:`turn_label` ("Turn 2 (28 Jun)", "Round 3", "Turn 7"); a log's turn number is that list's index + 1 (modules
built before carried the number itself in a counter level, which :func:`turn_number` still reads). Scenarios share
one tracker when they play the same phases and each one's turn labels begin the longest one's (Guards Tank's short
scenario is the first 9 days of the long one); otherwise each group gets its own tracker, named after its scenario.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from modgen.errors import DataError

SEAT_NAMES = ("First player", "Second player", "Third player", "Fourth player")
LEVEL_NAME = "Phase"  # the list level's name: its global property is mg_phase
TURN_LEVEL = "Turn"  # the turn level's name: its global property is mg_turn


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
    turns: tuple[str, ...] = ()  # one label per turn (:func:`turn_label`); empty: open-ended (no scenario)
    scenarios: tuple[str, ...] = ()  # the scenario ids this tracker is for
    name: str = TURN_LEVEL  # the TurnTracker's name (its toolbar button)

    def levels(self) -> list[tuple[str, list[str]]]:
        """The nested list levels for the builder (``ModuleSpec.turn_levels``), turns first then phases; the turn
        level only when the scenarios give a length, the phase level only when there are phases."""
        out = [(TURN_LEVEL, list(self.turns))] if self.turns else []
        return out + ([(LEVEL_NAME, [e.label for e in self.entries])] if self.entries else [])

    def shown(self, turn: int, index: int) -> str:
        """What VASSAL's tracker shows at *turn* (from 1) and phase-list *index*: "Turn 2 (28 Jun) German Movement"."""
        head = self.turns[turn - 1] if 1 <= turn <= len(self.turns) else f"Turn {turn}"
        return f"{head} {self.entries[index].label}" if self.entries else head

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


def turn_label(n: int, label: str | None) -> str:
    """How the tracker names turn *n*: "Turn n", "Turn n (label)", or the label alone when it already says the
    number ("Round 3")."""
    if not label:
        return f"Turn {n}"
    if re.fullmatch(rf"[^\d]*\b{n}", label.strip()):
        return label.strip()
    return f"Turn {n} ({label.strip()})"


def scenario_turns(scenario: dict[str, Any]) -> list[str]:
    """The tracker's turn labels for one scenario: ``turns.count`` of them, from ``turns.labels`` where given."""
    turns = scenario.get("turns") or {}
    count = turns.get("count") if isinstance(turns.get("count"), int) else 0
    labels = [str(x) for x in turns.get("labels") or []]
    return [turn_label(n, labels[n - 1] if n <= len(labels) else None) for n in range(1, count + 1)]


def turn_number(state: str, value: int) -> int:
    """The turn a logged tracker state shows, from its top level's *value*: a list level (our modules) holds the
    index (turn = index + 1); a counter level (modules built before turn lists) holds the number. The two tell
    apart by their third field: a counter writes its loop flag (``true``/``false``), a list its first index."""
    top = state.split("|", 2)[1] if state.count("|") >= 1 else ""
    fields = top.split(";")
    return value if len(fields) > 2 and fields[2] in ("true", "false") else value + 1


def _phases(game: Any, scenario: dict[str, Any] | None) -> list[Any]:
    try:
        return list(game.rule_system().phases_used(game, scenario))
    except AttributeError:  # a plugin without phases_used (an old or test plugin): every phase
        return list(game.rule_system().phases(game))
    except DataError:
        return []


def trackers_for(game: Any) -> list[Tracker]:
    """The module's turn trackers: one per group of scenarios that play the same phases and whose turn labels are
    prefixes of the longest one's (that one's labels are shown); one open-ended tracker when there is no scenario."""
    groups: list[tuple[list[Any], list[str], list[str]]] = []  # (phases, turns, scenario ids)
    for sid, scen in (getattr(game, "scenarios", None) or {}).items():
        phases, turns = _phases(game, scen), scenario_turns(scen)
        for g in groups:
            short, long_ = sorted((g[1], turns), key=len)
            if [p.id for p in g[0]] == [p.id for p in phases] and long_[:len(short)] == short:
                g[1][:] = long_
                g[2].append(sid)
                break
        else:
            groups.append((phases, turns, [sid]))
    if not groups:
        return [_tracker(game, _phases(game, None), [], [])]
    out = []
    for phases, turns, sids in groups:
        trk = _tracker(game, phases, turns, sids)
        if len(groups) > 1:
            title = game.scenarios[sids[0]].get("title") or sids[0]
            trk = Tracker(trk.entries, trk.sides, trk.first, trk.turns, trk.scenarios, f"{TURN_LEVEL} ({title})")
        out.append(trk)
    return out


def tracker_for(game: Any, scenario: str | None = None) -> Tracker:
    """The turn tracker for *scenario* (default: the module's first tracker)."""
    trackers = trackers_for(game)
    return next((t for t in trackers if scenario in t.scenarios), trackers[0])


def _tracker(game: Any, phases: list[Any], turns: list[str], sids: list[str]) -> Tracker:
    """One tracker: the phase list (see the module docstring) and the turn labels, for scenarios *sids*."""
    manifest_sides = [s for s in game.manifest.get("sides") or [] if isinstance(s, dict) and "id" in s]
    sides = tuple(str(s["id"]) for s in manifest_sides)
    names = {str(s["id"]): str(s.get("name", s["id"])) for s in manifest_sides}
    firsts = {(game.scenarios.get(sid) or {}).get("first_player") for sid in sids} if sids else \
        {first_player(game)}
    first = firsts.pop() if len(firsts) == 1 else None
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
    return Tracker(tuple(entries), sides, first, tuple(turns), tuple(sids))
