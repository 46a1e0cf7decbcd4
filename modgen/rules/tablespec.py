"""Small JSON Schema builders shared by the rule-system plugins' ``rules_schema()``.

Each plugin describes its own tables; these helpers only keep the common pieces (the provenance record, the
policies object built from the plugin's :class:`~modgen.systems.base.Policy` list) identical across systems.
"""

from __future__ import annotations

from typing import Any

from modgen.systems.base import Policy

SOURCE: dict[str, Any] = {
    "type": "object",
    "description": "Where the numbers come from (see docs/design.md, Provenance).",
    "properties": {
        "rule": {"type": "string", "description": "Rulebook section, page or table the values come from."},
        "values": {
            "enum": ["rulebook", "illustrative"],
            "description": "'rulebook' if printed in the rules; 'illustrative' if filled in by modgen's authors.",
        },
        "note": {"type": "string", "description": "Free-text remark about the values."},
    },
    "required": ["rule", "values"],
    "additionalProperties": False,
}

NUMBER_OR_NULL: dict[str, Any] = {
    "type": ["number", "null"], "description": "A number, or null where the rulebook prints none."}


ROW_SOURCES: dict[str, Any] = {
    "type": "object",
    "description": "Provenance per row label where rows differ (e.g. a truncated chart: some rows printed, the rest "
                   "illustrative); rows not listed take the table's source.",
    "additionalProperties": SOURCE,
}

#: the one free-form place in ``rules``: data a game carries for its own tools that no table here describes
EXTENSION: dict[str, Any] = {
    "type": "object",
    "description": "Free-form extension point: anything here is kept and ignored by modgen's checks (use it for "
                   "data no table describes, instead of adding unknown keys elsewhere, which are errors).",
}


def policies_schema(policies: tuple[Policy, ...]) -> dict[str, Any]:
    """Schema of ``rules.policies``: each policy name may take one of its documented choices."""
    props = {
        p.name: {"enum": list(p.choices), "description": f"{p.doc} Default: {p.default!r}. ({p.rule})"}
        for p in policies
    }
    return {
        "type": "object",
        "description": "Named choices where the rulebook is ambiguous; omitted ones take the plugin default.",
        "properties": props,
        "additionalProperties": False,
    }


def table(description: str, properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """An object-valued table that must say where its numbers come from."""
    return {
        "type": "object",
        "description": description,
        "properties": {"source": SOURCE, "row_sources": ROW_SOURCES, **properties},
        "required": ["source", *(required or [])],
        "additionalProperties": False,
    }


def keyed(description: str, value_schema: dict[str, Any]) -> dict[str, Any]:
    """A table keyed by id (terrain id, mobility rating, …) whose entries share one schema."""
    return {
        "type": "object",
        "description": description,
        "properties": {"source": SOURCE},
        "additionalProperties": value_schema,
        "required": ["source"],
    }


def rules_object(system_name: str, tables: dict[str, Any], policies: tuple[Policy, ...]) -> dict[str, Any]:
    """The whole ``rules`` object schema: ``tables`` (system specific) and ``policies``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "description": f"{system_name}: rule tables and policy choices for this game.",
        "properties": {
            "tables": {
                "type": "object",
                "description": f"{system_name} tables; every table carries a source.",
                "properties": {**tables, "x": EXTENSION},
                "additionalProperties": False,
            },
            "policies": policies_schema(policies),
        },
        "additionalProperties": False,
    }


def per_face(unit: dict[str, Any], needed: list[str]) -> dict[str, list[str]]:
    """``needed`` for every face that prints values (kind ``values``, or a ``spent`` face that carries values);
    ``front`` alone when the unit has no such face yet."""
    if not needed:
        return {}
    faces = unit.get("faces") or {}
    named = {n: list(needed) for n, f in faces.items()
             if isinstance(f, dict) and (f.get("kind") == "values" or (f.get("kind") == "spent" and "values" in f))}
    return named or {"front": list(needed)}
