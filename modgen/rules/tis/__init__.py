"""The Taktyka i Strategia (WWII battles system; Arnhem 1944) rule-system plugin.

A game turn is a *stage*; Arnhem has three stages a day (1e, 2e, 3e). Counters print movement, artillery fire
range (AFR), FaR GUN/ARMOR factors and black/yellow stars; strength (SP per EP step) comes from scenario tables,
so units carry a ``steps`` track (docs/design.md). The reverse shows only the side [1.2].
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tableplugin import TablePlugin
from modgen.rules.tis import tables as tis_tables
from modgen.rules.tis.policies import POLICIES
from modgen.systems.base import Die, Family, Phase, not_checked

STAGES_PER_DAY = 3  # Arnhem scenario sheet: stages "1e, 2e, 3e"

_GROUND = ["movement"]
_REQUIRED: dict[str, list[str]] = {
    "infantry": _GROUND,
    "airborne": _GROUND,
    "mechanized": _GROUND,
    "motorized": _GROUND,
    "recon": _GROUND,
    "engineer": _GROUND,
    "hq": _GROUND,
    "armour": ["movement", "gun", "armor", "black_stars"],  # [15.1], [29.1.1]
    "artillery": ["movement", "afr"],  # field artillery prints its range in a red square [9.0]
    "at_artillery": ["movement", "gun", "armor"],  # [10.1]; fires at range [15.1.1]
    "aa_artillery": ["movement"],
    "at_team": ["gun"],  # PIAT / Panzerfaust teams fire at range [35.2]
    "air": [],  # air units show only strength and type [26.0]
}

# [3.3]: the eight phases of one player's half of a stage, in order. The counterattack phase is played by the
# non-phasing player [8.1.1]; the combat phase resolves those counterattacks, then the phasing player's attacks.
_PLAYER_PHASES = (
    ("air", "Air phase"),
    ("airborne", "Airborne assault phase"),
    ("barrage", "Artillery barrage phase"),
    ("naval", "Naval assault / beach landing phase"),
    ("movement", "Movement phase"),
    ("counterattack", "Counterattack phase"),
    ("combat", "Combat phase"),
    ("supply", "Supply phase"),
)


class TaktykaIStrategia(TablePlugin):
    """TiS plugin: table schema, required counter values, stage sequence, policies."""

    tables = tis_tables
    required = _REQUIRED
    # stage sequence and reinforcement schedule; no combat or movement checks yet
    checks_module = "modgen.rules.tis.checks"

    def phases(self, game: Any = None) -> list[Phase]:
        # Weather is rolled once a stage, at the start of the first air phase [45.1.2]; then each player's
        # eight phases, the initiative player first (policy phase_order, default player_blocks).
        return [Phase("weather", "Weather", per_side=False)] + [Phase(i, n) for i, n in _PLAYER_PHASES]

    def default_layout(self, unit: dict[str, Any]) -> str:
        if unit.get("kind") != "unit":
            return "tis-marker"
        return {"hq": "tis-hq", "artillery": "tis-artillery"}.get(unit.get("class", ""), "tis-unit")


def stage_labels(first_day: int, first_stage: int, last_day: int, last_stage: int, month: str = "IX") -> list[str]:
    """Stage-track labels such as ``"17 IX 2e"`` from (day, stage) to (day, stage) inclusive, three stages a day."""
    labels = []
    day, stage = first_day, first_stage
    while (day, stage) <= (last_day, last_stage):
        labels.append(f"{day} {month} {stage}e")
        day, stage = (day, stage + 1) if stage < STAGES_PER_DAY else (day + 1, 1)
    return labels


#: The module's dice buttons (the system's dice).
DICE = (Die("1d6"),)

#: Checked: the stage sequence and the reinforcement schedule. The rest of the digest's section 6 is not checked yet.
FAMILIES = (
    Family("sequence", rules=("3.1", "3.3")),
    Family("reinforcements", rules=("scenario",)),
    *not_checked("movement", "zoc", "stacking", "combat", "fire", "air", "supply", "command", "fortifications",
                 "events", "victory"),
)

plugin = TaktykaIStrategia(id="tis", name="Taktyka i Strategia", rule_prefix="TIS", policies=POLICIES, dice=DICE,
                           families=FAMILIES)
