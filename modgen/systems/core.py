"""Policies of the core, the same for every rule system (see docs/rules.md "Core policies").

A plugin's :class:`~modgen.systems.base.Policy` objects settle ambiguities in its rulebook; these settle how the core
reads what players do, whatever the game. Their values come from the manifest's ``rules.policies`` like a plugin's.
"""

from __future__ import annotations

from typing import Any

from modgen.systems.base import Policy

MERGE_DROPS = Policy(
    "merge_drops",
    default=True,
    choices=(True, False),
    doc="Consecutive drops of one unit in one phase, with no other unit moved (and no attack, loss, retreat, "
    "advance, turn or phase) between, are one move through those waypoints: players drag a counter in several "
    "drops. False: every drop is a move of its own.",
    rule="core",
)

CORE_POLICIES: tuple[Policy, ...] = (MERGE_DROPS,)


def core_policy_values(manifest: dict[str, Any] | None) -> dict[str, Any]:
    """Every core policy's value: the manifest's ``rules.policies`` choice, else the documented default."""
    rules = (manifest or {}).get("rules")
    chosen = (rules.get("policies") if isinstance(rules, dict) else None) or {}
    if not isinstance(chosen, dict):
        chosen = {}
    return {p.name: chosen[p.name] if chosen.get(p.name) in p.choices else p.default for p in CORE_POLICIES}
