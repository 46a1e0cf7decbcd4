"""The Conflict of Heroes (Storms of Steel) rule-system plugin.

Unit ``class`` is ``foot``, ``vehicle``, ``gun`` or ``airplane``; hit counters are ``kind: "hit"``. Fronts print
red/blue FP, fire cost, range, move cost and front/flank defence; backs are the ``spent`` side (Fig 28).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.base import Phase, RuleSystem
from modgen.rules.coh import tables
from modgen.rules.coh.policies import POLICIES
from modgen.rules.tablespec import per_face

_GROUND = ["fp_red", "fp_blue", "fire_cost", "range", "move_cost", "defense_front", "defense_flank"]
_REQUIRED: dict[str, list[str]] = {
    "foot": _GROUND,
    "vehicle": _GROUND,
    "gun": _GROUND,
    # 20.0: airplanes also print their impulses in the blue hexagon; they have no move cost.
    "airplane": ["fp_red", "fp_blue", "range", "defense_front", "defense_flank", "impulses"],
}


class ConflictOfHeroes(RuleSystem):
    """Conflict of Heroes plugin: table schema, required unit values, round structure, policies."""

    def rules_schema(self) -> dict[str, Any]:
        return tables.rules_schema()

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        if unit.get("kind") != "unit":
            return {}
        return per_face(unit, _REQUIRED.get(unit.get("class", ""), []))

    def phases(self, game: Any = None) -> list[Phase]:
        # Digest §5: a round is the pre-round sequence, an initiative roll, then alternating actions by both
        # players until consecutive passes end it. Actions alternate, so no phase belongs to one side.
        return [
            Phase("pre_round", "Pre-round sequence", per_side=False),
            Phase("initiative", "Initiative", per_side=False),
            Phase("actions", "Actions (alternating)", per_side=False),
            Phase("round_end", "Round end", per_side=False),
        ]

    def checkers(self, ctx: Any) -> list[Any]:
        """Round structure and length; see modgen.rules.coh.checks."""
        from modgen.rules.coh.checks import make_checkers

        return make_checkers(ctx)

    def default_layout(self, unit: dict[str, Any]) -> str:
        kind = unit.get("kind")
        if kind == "unit":
            return "coh-unit"
        if kind == "hit":
            return "coh-hit"
        return "coh-marker"


plugin = ConflictOfHeroes(id="coh", name="Conflict of Heroes", rule_prefix="CoH", policies=POLICIES)
