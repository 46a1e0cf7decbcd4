"""The Flames of War (4th edition) rule-system plugin.

Teams are ``kind: "team"`` counters whose ``class`` is the team type (p.6): ``tank``, ``infantry``, ``gun`` or
``aircraft``. Sequence of play, tables and policies follow the rulebook digest (shared/reference/rules/fow.md).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.base import Phase, RuleSystem
from modgen.rules.fow import tables
from modgen.rules.fow.policies import POLICIES
from modgen.rules.tablespec import per_face

#: Starting Step checklist, in the order p.16 gives it.
STARTING_STEP: tuple[str, ...] = (
    "remount", "rally", "unit_last_stand", "formation_last_stand", "check_victory",
    "reveal_ambushes", "reserves", "aircraft", "remove_smoke",
)

_RATINGS = ["skill", "motivation", "is_hit_on"]
_REQUIRED: dict[str, list[str]] = {
    # Armoured tanks print Front/Side/Top armour (p.26); unarmoured ones a save instead (p.39).
    "tank": ["armour_front", "armour_side", "armour_top", "movement", *_RATINGS],
    "tank_unarmoured": ["save", "movement", *_RATINGS],
    "infantry": ["save", "movement", *_RATINGS],
    "gun": ["save", "movement", *_RATINGS],
    "aircraft": ["save", "is_hit_on"],
}


class FlamesOfWar(RuleSystem):
    """Flames of War 4th ed. plugin: table schema, required team values, turn steps, policies."""

    def rules_schema(self) -> dict[str, Any]:
        return tables.rules_schema()

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        if unit.get("kind") not in ("team", "unit"):
            return {}
        cls = unit.get("class", "")
        if cls == "tank" and "unarmoured" in (unit.get("tags") or []):
            cls = "tank_unarmoured"
        return per_face(unit, _REQUIRED.get(cls, []))

    def phases(self, game: Any = None) -> list[Phase]:
        # p.16: each player's turn is Starting, Movement, Shooting, Assault; the Attacker goes first.
        return [
            Phase("starting", "Starting Step"),
            Phase("movement", "Movement Step"),
            Phase("shooting", "Shooting Step"),
            Phase("assault", "Assault Step"),
        ]

    def checkers(self, ctx: Any) -> list[Any]:
        """Step order (p.16) and deployment zones (p.97); see modgen.rules.fow.checks."""
        from modgen.rules.fow.checks import make_checkers

        return make_checkers(ctx)

    def default_layout(self, unit: dict[str, Any]) -> str:
        return "fow-team" if unit.get("kind") in ("team", "unit") else "fow-marker"


plugin = FlamesOfWar(id="fow", name="Flames of War", rule_prefix="FoW", policies=POLICIES)
