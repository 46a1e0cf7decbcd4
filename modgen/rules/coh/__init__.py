"""The Conflict of Heroes (Storms of Steel) rule-system plugin.

Unit ``class`` is ``foot``, ``vehicle``, ``gun`` or ``airplane``; hit counters are ``kind: "hit"``. Fronts print
red/blue FP, fire cost, range, move cost and front/flank defence; backs are the ``spent`` side (Fig 28).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.coh import tables as coh_tables
from modgen.rules.coh.policies import POLICIES
from modgen.rules.tableplugin import TablePlugin
from modgen.systems.base import Die, Family, Phase, not_checked

_GROUND = ["fp_red", "fp_blue", "fire_cost", "range", "move_cost", "defense_front", "defense_flank"]
_REQUIRED: dict[str, list[str]] = {
    "foot": _GROUND,
    "vehicle": _GROUND,
    "gun": _GROUND,
    # 20.0: airplanes also print their impulses in the blue hexagon; they have no move cost.
    "airplane": ["fp_red", "fp_blue", "range", "defense_front", "defense_flank", "impulses"],
}


class ConflictOfHeroes(TablePlugin):
    """Conflict of Heroes plugin: table schema, required unit values, round structure, policies."""

    tables = coh_tables
    required = _REQUIRED
    checks_module = "modgen.rules.coh.checks"  # round structure and length

    def phases(self, game: Any = None) -> list[Phase]:
        # Digest §5: a round is the pre-round sequence, an initiative roll, then alternating actions by both
        # players until consecutive passes end it. Actions alternate, so no phase belongs to one side.
        return [
            Phase("pre_round", "Pre-round sequence", per_side=False),
            Phase("initiative", "Initiative", per_side=False),
            Phase("actions", "Actions (alternating)", per_side=False),
            Phase("round_end", "Round end", per_side=False),
        ]

    def counter_role(self, counter: dict[str, Any]) -> str:
        """Hit counters are drawn onto the unit they hit (15.2): a marker attached to that unit, never a unit."""
        if counter.get("kind") == "hit":
            return "attached"
        return super().counter_role(counter)

    def default_layout(self, unit: dict[str, Any]) -> str:
        kind = unit.get("kind")
        if kind == "unit":
            return "coh-unit"
        if kind == "hit":
            return "coh-hit"
        return "coh-marker"


#: The module's dice buttons (the system's dice).
DICE = (Die("2d6", 2, 6),)

#: Checked: the round structure and the firefight's length. Activations, AP costs, fire and hits are not yet.
FAMILIES = (
    Family("sequence", rules=("21.0", "firefight")),
    *not_checked("activation", "movement", "fire", "combat", "morale", "reinforcements", "victory"),
)

plugin = ConflictOfHeroes(id="coh", name="Conflict of Heroes", rule_prefix="CoH", policies=POLICIES, dice=DICE,
                          families=FAMILIES)
