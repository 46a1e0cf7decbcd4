"""The small interface every rule-system plugin implements.

A plugin is an object registered in the ``modgen.rules`` entry-point group. The core never asks "which system am
I"; it asks the plugin small questions: what the manifest's ``rules`` section must contain, which values a counter
face needs, what the phase sequence is, which named policies exist, and (for the rules engine) which checks to run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen.systems.core import core_policy_values
from modgen.systems.policy import Policy  # defined beside the core policies, which every plugin has

#: The shared vocabulary of rule families, id -> how reports name it. Plugins declare which of these their game has
#: and which they check (:class:`Family`); reports list them as checked, could not check or not implemented.
FAMILIES: dict[str, str] = {
    "sequence": "sequence of play",
    "setup": "set-up",
    "movement": "movement",
    "zoc": "zones of control",
    "stacking": "stacking",
    "combat": "combat",
    "fire": "ranged fire",
    "artillery": "artillery bombardments",
    "line_of_sight": "line of sight",
    "command": "command",
    "activation": "activations",
    "supply": "supply",
    "morale": "morale and recovery",
    "air": "air",
    "fortifications": "fortifications",
    "events": "events and weather",
    "reinforcements": "reinforcements",
    "replacements": "replacements",
    "victory": "victory",
}

#: What a VASSAL piece of a counter kind is in rules terms (:meth:`RuleSystem.counter_role`): a unit that moves, a
#: marker lying in a hex, or a marker attached to the unit it is dropped on.
COUNTER_ROLES = ("unit", "marker", "attached")


@dataclass(frozen=True)
class Phase:
    """One step of the sequence of play. ``per_side`` phases run once for each player in turn order."""

    id: str
    name: str
    per_side: bool = True


@dataclass(frozen=True)
class Die:
    """A dice button the system's module offers: ``count`` dice of ``sides`` sides (``prompt``: ask how many)."""

    name: str
    count: int = 1
    sides: int = 6
    prompt: bool = False


@dataclass(frozen=True)
class Chore:
    """A phase chore the rules name that one Global Key Command in the module does (:meth:`RuleSystem.chores`).

    ``action``: ``remove`` deletes the pieces, ``front`` turns them to their first face. ``counters``: the counter
    ids acted on (empty: every ``kind: "unit"`` counter); ``selected``: only the pieces the player has selected (the
    rule leaves some to a roll or a choice); ``phase``: the phase id it belongs to; ``rule``: the rule number as the
    book prints it (without the plugin's prefix); ``note``: what the player still decides, for the button's tooltip.
    """

    name: str
    phase: str
    rule: str
    action: str
    counters: tuple[str, ...] = ()
    selected: bool = False
    note: str = ""


CHORE_ACTIONS = ("remove", "front")


@dataclass(frozen=True)
class UnitMarker:
    """A marker counter a unit's VASSAL piece places on its own stack with one command
    (:meth:`RuleSystem.unit_markers`), as hand-made modules do with VASSAL's Place Marker trait.

    ``counter``: the marker's counter id (a marker the game's counters lack is not offered); ``command``: the menu
    text; ``rule``: the rule number that puts the marker on a unit (without the plugin's prefix); ``under``: the
    marker goes under the unit (a fortification the unit sits in) rather than on top of it."""

    counter: str
    command: str
    rule: str = ""
    under: bool = False


@dataclass(frozen=True)
class Track:
    """A number each side keeps during play that the module shows and the log adapter reads
    (:meth:`RuleSystem.tracks`): the VASSAL module has one global property per side with -1/+1 toolbar buttons.

    ``id``: a short name (the property is ``mg_<id>_<side>``); ``label``: how the buttons name it; ``start``,
    ``minimum``, ``maximum``: per side id (a side missing from ``start`` gets no property); ``rule``: the rule
    number that keeps the count (without the plugin's prefix)."""

    id: str
    label: str
    start: dict[str, int]
    minimum: int = 0
    maximum: dict[str, int] = field(default_factory=dict)
    rule: str = ""


@dataclass(frozen=True)
class Family:
    """One rule family of a system (``id`` from :data:`FAMILIES`). ``implemented``: the plugin checks it;
    ``tables``: the manifest's ``rules.tables`` it needs (a missing one makes the family "could not check");
    ``rules``: rule numbers (without the plugin's prefix; ``"8"`` also covers ``"8.3"``) whose could-not-check
    findings belong to this family; ``note``: what is left out, for the report."""

    id: str
    implemented: bool = True
    tables: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    note: str = ""

    @property
    def label(self) -> str:
        return FAMILIES.get(self.id, self.id)


def not_checked(*ids: str) -> tuple[Family, ...]:
    """Families the game has but the plugin does not check yet."""
    return tuple(Family(i, implemented=False) for i in ids)


@dataclass
class RuleSystem:
    """Base class for rule-system plugins; subclasses override the hooks they need."""

    id: str = ""
    name: str = ""
    rule_prefix: str = ""  # how findings cite rules, e.g. "EFB" -> "EFB 10.5"
    policies: tuple[Policy, ...] = field(default_factory=tuple)
    dice: tuple[Die, ...] = field(default_factory=tuple)  # the module's dice buttons
    #: the game's rule families, checked or not (reports list them; an empty tuple reports "none declared")
    families: tuple[Family, ...] = field(default_factory=tuple)
    #: the rules return eliminated units to play (replacements): the VASSAL module gets a Replacements box per side
    replacements: bool = False

    def rules_schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) for the manifest's ``rules`` object (tables and policies)."""
        return {"type": "object"}

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        """Values each face of ``unit`` must print, by face name, e.g. ``{"front": ["attack", "movement"]}``."""
        return {}

    def phases(self, game: Any) -> list[Phase]:
        """The sequence of play within one game turn."""
        return []

    def phases_used(self, game: Any, scenario: dict[str, Any] | None = None) -> list[Phase]:
        """The phases a scenario plays (the module's turn tracker lists these): :meth:`phases` without those the
        scenario's ``omit_phases`` names. A plugin may also leave out phases the game's data has no use for."""
        omit = set((scenario or {}).get("omit_phases") or ())
        return [p for p in self.phases(game) if p.id not in omit]

    def chores(self, game: Any) -> list[Chore]:
        """The phase chores the rules name that a module button can do (remove markers, unflip spent units)."""
        return []

    def default_layout(self, unit: dict[str, Any]) -> str:
        """Name of the built-in counter layout for a unit of this system (e.g. ``efb-maneuver``)."""
        return "generic"

    def template_dir(self) -> Path | None:
        """The folder ``modgen new --system ID`` copies (``games/__GAME__.json``, …), or None if the system has none.

        By default: a ``template/`` folder beside the module that defines the plugin's class, if there is one."""
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        folder = Path(where).parent / "template" if where else None
        return folder if folder is not None and folder.is_dir() else None

    def checkers(self, ctx: Any) -> list[Any]:
        """Rule checks for the engine (:mod:`modgen.rules.engine`): objects with optional ``before(ctx, event)``,
        ``after(ctx, event)``, ``phase_end(ctx)`` and ``finish(ctx)`` methods. ``ctx`` is the engine's
        :class:`~modgen.rules.engine.Context`. The default (no checks) makes the engine report only data problems."""
        return []

    def policy_values(self, manifest: dict[str, Any]) -> dict[str, Any]:
        """Every policy's value, the core's (:mod:`modgen.systems.core`, e.g. ``merge_drops``) and the plugin's:
        the manifest's ``rules.policies`` choice, else the documented default."""
        chosen = (manifest.get("rules") or {}).get("policies") or {}
        return {**core_policy_values(manifest), **{p.name: chosen.get(p.name, p.default) for p in self.policies}}

    # ---- vocabulary: what the plugin adds to the log format, the chat syntax and the VASSAL reader -------------
    def event_kinds(self) -> dict[str, dict[str, Any]]:
        """Event types this system adds to the canonical log: name -> JSON Schema of the event (an object schema
        with ``properties`` and ``required``, like the ``$defs`` of ``schema/events.schema.json``). They are merged
        into the core schema when a log of this system is read; a core type cannot be redefined."""
        return {}

    def chat_verbs(self) -> dict[str, Any]:
        """Chat declarations this system adds: verb (without ``!``) -> a function taking a
        :class:`modgen.logs.chat.Parser` (positioned after the verb) and returning the canonical event (a dict with
        ``type``). Raise errors through the parser (``p.fail(token, "what was expected")``) so they name the
        column. ``unit``/``units`` values are resolved from hex labels or piece names like core targets."""
        return {}

    def counter_role(self, counter: dict[str, Any]) -> str:
        """What a VASSAL piece of this counter is (one of :data:`COUNTER_ROLES`): by default ``marker`` for
        ``kind: "marker"`` counters and ``unit`` for everything else."""
        return "marker" if counter.get("kind") == "marker" else "unit"

    def cup(self, counter: dict[str, Any]) -> str | None:
        """The name of the cup this counter is drawn from at random (a VASSAL Deck on the holding map, shuffled,
        cards drawn one at a time), or None (the default): the counter is set up where the scenario says."""
        return None

    def unit_markers(self, counter: dict[str, Any]) -> tuple[UnitMarker, ...]:
        """The markers the rules put on a unit of this counter (a Suppressed marker, a hit counter): its VASSAL piece
        gets one "place marker" command each, which puts the game's marker counter on the unit's stack. None by
        default."""
        return ()

    def marker_name(self, counter: dict[str, Any]) -> str:
        """The name a ``marker`` event gives the marker counter ``counter`` when a VASSAL log places it (the name
        the checks read). The counter's id by default."""
        return str(counter.get("id", ""))

    def tracks(self, game: Any, scenario: dict[str, Any] | None = None) -> tuple[Track, ...]:
        """The numbers each side tracks during play (:class:`Track`; CAPs, the activation's APs), with their start
        and limits from *scenario* (None: the game's). None by default."""
        return ()

    def track_event(self, track: Track, side: str, old: int, new: int, since: list[dict[str, Any]],
                    side_of: Callable[[str], str | None]) -> dict[str, Any] | None:
        """The canonical event a player's change of *track* for *side* from *old* to *new* in a VASSAL log stands
        for (None: no event, the checker keeps that count itself). ``since``: the events decoded since this track
        and side last changed (chat left out), oldest first; ``side_of``: a unit id's side. None by default."""
        return None

    def masked_face(self, counter: dict[str, Any]) -> str | None:
        """The face of ``counter`` that stays hidden from the players until revealed (an untried side): the VASSAL
        module masks such a piece (Obscurable) with that face's image. None (the default): never masked."""
        return None
