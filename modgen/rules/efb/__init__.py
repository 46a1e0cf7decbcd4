"""The East Front Battles rule-system plugin (Guards Tank: Prochorovka 1943, Minsk '44).

Checks live in topic modules (movement, stacking, command, combat, ranged, results, scenario); this module holds
the plugin object the ``modgen.rules`` entry point names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.efb.checks import make_checkers
from modgen.rules.efb.policies import POLICIES
from modgen.rules.efb.schema import rules_schema as _rules_schema
from modgen.rules.efb.vocab import CHAT_VERBS, EVENT_KINDS
from modgen.systems.base import Chore, Die, Family, Phase, Policy, RuleSystem, UnitMarker

# 4.3 sequence of play: Events, then each player turn A-F, then the Game Turn Interphase.
PHASES: tuple[Phase, ...] = (
    Phase("events", "Events Phase", per_side=False),
    Phase("reinforcement", "Reinforcement Phase"),
    Phase("movement", "Movement Phase"),
    Phase("fpf", "Final Protective Fire Phase"),
    Phase("combat1", "First Wave Combat Phase"),
    Phase("combat2", "Second Wave Combat Phase"),
    Phase("recovery", "Recovery Phase"),
    Phase("interphase", "Game Turn Interphase", per_side=False),
)

PHASE_ALIASES = {
    "event": "events", "reinforcements": "reinforcement", "move": "movement", "final_protective_fire": "fpf",
    "combat": "combat1", "first_wave": "combat1", "1st_wave": "combat1", "combat_1": "combat1",
    "second_wave": "combat2", "2nd_wave": "combat2", "combat_2": "combat2", "recover": "recovery",
    "game_turn_interphase": "interphase",
}

# What the checks cover (docs/rules.md maps the digest's 47 items to them). Rule numbers tie could-not-check
# findings to their family; tables are the manifest's rules.tables a family cannot do without.
FAMILIES: tuple[Family, ...] = (
    Family("sequence", rules=("4", "24.4")),
    Family("events", rules=("5", "24.8")),
    Family("reinforcements", rules=("6.2", "6.3", "6.4", "6.5", "24.7")),
    Family("replacements", rules=("6.8", "6.9", "6.10", "6.11", "6.12", "6.13")),
    Family("command", rules=("7",)),
    Family("movement", tables=("tec",), rules=("8", "22.2", "24.6")),
    Family("stacking", tables=("stacking",), rules=("9",)),
    Family("zoc", rules=("10",)),
    Family("combat", tables=("crt", "tec"), rules=("11", "13", "14", "15.3", "16", "21")),
    Family("fire", rules=("12", "22.4", "25")),
    Family("morale", rules=("15.4",)),
    Family("air", rules=("6.6", "17")),
    Family("supply", rules=("20",)),
    Family("fortifications", rules=("26",)),
    Family("victory", rules=("23", "24.5")),
)

_REQUIRED = {
    "maneuver": ["attack", "defense", "movement"],
    "artillery": ["barrage", "fpf", "range", "defense", "movement"],
    "hq": ["movement", "command_radius"],
    "supply": ["movement", "supply_radius"],
    "air": [],
}

_LAYOUTS = {
    "maneuver": "efb-maneuver",
    "artillery": "efb-artillery",
    "hq": "efb-hq",
    "supply": "efb-supply",
    "air": "efb-air",
}


@dataclass
class EFBSystem(RuleSystem):
    """East Front Battles."""

    id: str = "efb"
    name: str = "East Front Battles"
    rule_prefix: str = "EFB"
    policies: tuple[Policy, ...] = field(default_factory=lambda: POLICIES)
    dice: tuple[Die, ...] = (Die("1d6"),)  # one d6 for combat, reinforcement and event rolls
    families: tuple[Family, ...] = FAMILIES
    replacements: bool = True  # eliminated units may be replaced and return (6.8-6.13)
    # other names players (and chat declarations) use for the phases
    phase_aliases: dict[str, str] = field(default_factory=lambda: dict(PHASE_ALIASES))

    def masked_face(self, counter: dict[str, Any]) -> str | None:
        """An untried/unproven unit is deployed "?" side up and neither player may examine its hidden side until
        its first combat (21.1-21.3): the face of kind ``untried`` is the mask."""
        for name, face in (counter.get("faces") or {}).items():
            if isinstance(face, dict) and face.get("kind") == "untried":
                return str(name)
        return None

    def rules_schema(self) -> dict[str, Any]:
        """Schema for the manifest ``rules``: TEC, CRTs, stacking, fire control, air limits, policies."""
        return _rules_schema([{"name": p.name, "choices": p.choices, "doc": p.doc} for p in self.policies])

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        """Printed values per face: only faces of kind ``values`` need them (untried/blank backs print none)."""
        if unit.get("kind", "unit") != "unit":
            return {}
        needed = _REQUIRED.get(unit.get("class", ""), [])
        faces = unit.get("faces") or {}
        return {name: list(needed) for name, face in faces.items() if face.get("kind") == "values"} or (
            {"front": list(needed)} if needed else {})

    def phases(self, game: Any = None) -> list[Phase]:
        """Events, reinforcement, movement, FPF, first wave, second wave, recovery, interphase (4.3)."""
        return list(PHASES)

    def chores(self, game: Any = None) -> list[Chore]:
        """15.4: in its recovery phase a side's in-command suppressed units recover; an OOC unit rolls (1-3 stays
        suppressed), so the button removes the Suppressed markers of the stacks the player has selected."""
        return [Chore("Remove Suppressed markers (selected)", "recovery", "15.4", "remove", ("marker.suppressed",),
                      selected=True, note="select the recovering units' stacks: in command they recover, out of "
                      "command only on 4-6 (15.4)")]

    def marker_name(self, counter: dict[str, Any]) -> str:
        """A marker counter ``marker.X`` placed in VASSAL is the marker ``X`` the checks read (suppressed, ooc)."""
        return str(counter.get("id", "")).removeprefix("marker.")

    def unit_markers(self, counter: dict[str, Any]) -> tuple[UnitMarker, ...]:
        """Ground units take a Suppressed marker (15.2: "mark it with a Suppressed marker") and an Out of command
        marker (7.1); air units are neither."""
        if counter.get("kind", "unit") != "unit" or counter.get("class") == "air":
            return ()
        return (UnitMarker("marker.suppressed", "Place Suppressed marker", "15.2"),
                UnitMarker("marker.ooc", "Place Out of command marker", "7.1"))

    def default_layout(self, unit: dict[str, Any]) -> str:
        """``efb-<class>`` for units, ``efb-marker`` for markers."""
        if unit.get("kind", "unit") != "unit":
            return "efb-marker"
        return _LAYOUTS.get(unit.get("class", ""), "efb-maneuver")

    def event_kinds(self) -> dict[str, dict[str, Any]]:
        """EFB events the core vocabulary lacks (vocab.py)."""
        return dict(EVENT_KINDS)

    def chat_verbs(self) -> dict[str, Any]:
        """EFB chat declarations (docs/logs.md): ``!assign``…"""
        return dict(CHAT_VERBS)

    def checkers(self, ctx: Any) -> list[Any]:
        """The EFB checks, one object per topic module."""
        return make_checkers(ctx)


plugin = EFBSystem()
