"""The expected shape of a value, written as a short JSON sketch from its JSON Schema, for messages about a value of
the wrong type: ``"stacking": {"max_units": 2}`` is told ``expected an array, got an object; expected shape:
[{"nationality": <string>, "limit": <integer>}, …]`` rather than only the type.

A schema's own ``examples`` win; otherwise the sketch is built from its type, required properties and items.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from modgen.data.documents import Doc, Report

_MAX = 200  # characters of a sketch; longer ones are cut with "…"
_PLACEHOLDER = {"string": "<string>", "integer": "<integer>", "number": "<number>", "boolean": "<true|false>",
                "null": "null"}


def _resolve(node: Any, root: dict[str, Any]) -> Any:
    """``node`` with a local ``$ref`` ("#/$defs/x") followed."""
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/") and seen < 8:
        target: Any = root
        for token in node["$ref"][2:].split("/"):
            target = target.get(token.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        node, seen = target, seen + 1
    return node


def schema_at(schema: dict[str, Any], ptr: str) -> Any:
    """The subschema describing the value at instance pointer ``ptr`` (None when the schema does not say)."""
    node: Any = _resolve(schema, schema)
    for token in [t.replace("~1", "/").replace("~0", "~") for t in ptr.split("/")[1:]]:
        if not isinstance(node, dict):
            return None
        if token in (node.get("properties") or {}):
            node = node["properties"][token]
        elif isinstance(node.get("items"), dict) and token.isdigit():
            node = node["items"]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return None
        node = _resolve(node, schema)
    return node


def sketch(node: Any, root: dict[str, Any], depth: int = 0) -> str:
    """A JSON-like sketch of what ``node`` accepts: its first example, or its shape with placeholders."""
    node = _resolve(node, root)
    if not isinstance(node, dict):
        return "…"
    if isinstance(node.get("examples"), list) and node["examples"]:
        return json.dumps(node["examples"][0], ensure_ascii=False)
    if isinstance(node.get("enum"), list) and node["enum"]:
        return json.dumps(node["enum"][0], ensure_ascii=False)
    for key in ("oneOf", "anyOf"):  # the first branch that is not null
        branches = [b for b in node.get(key) or [] if _resolve(b, root) != {"type": "null"}]
        if branches and "type" not in node:
            return sketch(branches[0], root, depth)
    kind = node.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if depth > 3 and ("array" in kinds or "object" in kinds):
        return "[…]" if "array" in kinds else "{…}"
    if "array" in kinds:
        return f"[{sketch(node.get('items'), root, depth + 1)}, …]"
    if "object" in kinds or "properties" in node:
        props = node.get("properties") or {}
        keys = [k for k in node.get("required") or [] if k in props] or list(props)[:2]
        parts = [f"{json.dumps(k)}: {sketch(props[k], root, depth + 1)}" for k in keys]
        if not parts and isinstance(node.get("additionalProperties"), dict):
            parts = [f"\"<name>\": {sketch(node['additionalProperties'], root, depth + 1)}"]
        return "{" + ", ".join(parts) + (", …}" if len(props) > len(keys) else "}")
    for t in kinds:
        if t in _PLACEHOLDER:
            return _PLACEHOLDER[t]
    return "…"


def explain_shapes(report: Report, doc: Doc, schema: dict[str, Any], prefix: str) -> None:
    """Add the expected shape to every "expected an array/object, got …" issue under ``prefix`` of ``doc`` that
    ``schema`` (the schema of the value at ``prefix``) describes."""
    for k, issue in enumerate(report.issues):
        if issue.file != doc.path or not issue.pointer or not issue.pointer.startswith(prefix + "/") \
                or not issue.message.startswith(("expected an array, got", "expected an object, got")) \
                or "expected shape" in issue.message:
            continue
        node = schema_at(schema, issue.pointer[len(prefix):])
        if node is None:
            continue
        shape = sketch(node, schema)
        if not shape.strip("[]{}…, "):  # a table the schema says nothing more about: no shape to show
            continue
        shape = shape if len(shape) <= _MAX else shape[: _MAX - 1] + "…"
        report.issues[k] = dataclasses.replace(issue, message=f"{issue.message}; expected shape: {shape}")
