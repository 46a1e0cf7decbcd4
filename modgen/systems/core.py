"""Policies of the core, the same for every rule system (see docs/rules.md "Core policies").

A plugin's :class:`~modgen.systems.base.Policy` objects settle ambiguities in its rulebook; these settle how the core
reads what players do, whatever the game. Their values come from the manifest's ``rules.policies`` like a plugin's:
every plugin's ``policy_values`` includes them, and validation accepts them in every game (:func:`with_core_policies`
merges them into the plugin's rules schema), so no plugin declares them.
"""

from __future__ import annotations

from typing import Any

from modgen.systems.policy import Policy

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


def core_policies_schema() -> dict[str, dict[str, Any]]:
    """JSON Schema properties of the core policies: name -> ``{"enum", "description"}``."""
    return {p.name: {"enum": list(p.choices), "description": p.doc} for p in CORE_POLICIES}


def with_core_policies(rules_schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of a plugin's ``rules_schema()`` whose ``policies`` object also accepts the core policies (a plugin's
    policy of the same name wins). A schema without a ``policies`` property gets one holding the core policies; a
    ``policies`` given by ``$ref`` or other composition is left as it is."""
    if not isinstance(rules_schema, dict):
        return rules_schema
    props = rules_schema.get("properties")
    props = dict(props) if isinstance(props, dict) else {}
    pol = props.get("policies")
    if pol is None:
        props["policies"] = {"type": "object", "description": "Policy choices (core policies: docs/rules.md).",
                             "properties": core_policies_schema()}
    elif isinstance(pol, dict) and (isinstance(pol.get("properties"), dict) or "additionalProperties" in pol):
        props["policies"] = {**pol, "properties": {**core_policies_schema(), **(pol.get("properties") or {})}}
    else:
        return rules_schema
    return {**rules_schema, "properties": props}
