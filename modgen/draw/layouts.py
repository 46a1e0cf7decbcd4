"""Counter layouts: finding, merging and checking the JSON templates that place things on a counter face.

A layout is data (``schema/layout.schema.json``). Built-in layouts live in ``modgen/assets/layouts/*.json``; a
manifest may add its own under ``counter_layouts`` and a layout may ``extends`` another (built-in or the
manifest's), replacing top-level keys and, inside ``faces`` and ``field_styles``, single entries.

Which layout a counter uses: its ``layout`` field; else the rule-system plugin's ``default_layout(unit)``; if that
is ``generic`` (or there is no plugin), the first that exists of ``<system>-<class>``, ``<system>-<kind>``,
``<system>-unit``, ``generic``.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from modgen.errors import DataError
from modgen.resources import ASSETS_DIR, schema_path
from modgen.systems.registry import get_system

LAYOUTS_DIR = ASSETS_DIR / "layouts"


@lru_cache(maxsize=1)
def builtin_layouts() -> dict[str, dict[str, Any]]:
    """Every built-in layout by name (as stored, before ``extends`` is applied)."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(LAYOUTS_DIR.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        found[doc.get("name", path.stem)] = doc
    return found


@lru_cache(maxsize=1)
def _validator():  # -> jsonschema validator for one layout
    import jsonschema

    schema = json.loads(schema_path("layout").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def check_layout(name: str, layout: dict[str, Any], where: str = "") -> None:
    """Raise DataError listing every schema error of ``layout`` (``where`` names the file for the message)."""
    errors = sorted(_validator().iter_errors(layout), key=lambda e: list(e.absolute_path))
    if errors:
        msgs = "; ".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
        raise DataError(f"{where or 'layout'}: counter layout {name!r} is invalid: {msgs}")


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if key in ("faces", "field_styles", "mark_styles", "tag_marks") and isinstance(value, dict):
            merged = dict(out.get(key) or {})
            merged.update(copy.deepcopy(value))
            out[key] = merged
        elif key != "extends":
            out[key] = copy.deepcopy(value)
    return out


def _resolve(name: str, own: dict[str, Any], seen: tuple[str, ...], where: str) -> dict[str, Any]:
    if name in seen:
        raise DataError(f"{where}: counter layout {name!r} extends itself ({' -> '.join((*seen, name))})")
    if name in own:
        raw = own[name]
    elif name in builtin_layouts():
        raw = builtin_layouts()[name]
    else:
        known = ", ".join(sorted(set(own) | set(builtin_layouts())))
        raise DataError(f"{where}: unknown counter layout {name!r} (known: {known})")
    if not isinstance(raw, dict):
        raise DataError(f"{where}: counter layout {name!r} must be a JSON object")
    parent = raw.get("extends")
    if parent:
        # A manifest layout may extend a built-in of the same name; look it up among the built-ins then.
        if parent == name:
            base = _resolve(parent, {}, (), where)
        else:
            base = _resolve(parent, own, (*seen, name), where)
        merged = _merge(base, raw)
    else:
        merged = copy.deepcopy(raw)
    merged["name"] = name
    return merged


@lru_cache(maxsize=256)
def _resolve_cached(name: str, own_json: str, where: str) -> str:
    own = json.loads(own_json)
    layout = _resolve(name, own, (), where)
    check_layout(name, layout, where)
    return json.dumps(layout)


def get_layout(name: str, manifest_layouts: dict[str, Any] | None = None, where: str = "") -> dict[str, Any]:
    """The layout ``name`` with ``extends`` applied and checked against the schema (a fresh dict each call)."""
    own_json = json.dumps(manifest_layouts or {}, sort_keys=True)
    return json.loads(_resolve_cached(name, own_json, where))


def shared_layout(name: str, manifest_layouts: dict[str, Any] | None = None, where: str = "") -> dict[str, Any]:
    """:func:`get_layout`'s layout, one object for the same arguments, for readers that never change it (planning
    a face reads its layout; parsing a fresh copy for each face cost a quarter of the planning)."""
    return _parsed(name, json.dumps(manifest_layouts or {}, sort_keys=True), where)


@lru_cache(maxsize=256)
def _parsed(name: str, own_json: str, where: str) -> dict[str, Any]:
    return json.loads(_resolve_cached(name, own_json, where))


def _plugin_layout(system_id: str, unit: dict[str, Any]) -> str:
    try:
        name = get_system(system_id).default_layout(unit)
    except Exception:  # no plugin installed yet, or one that fails to load: fall back to names
        return "generic"
    return name or "generic"


def layout_name(system_id: str, unit: dict[str, Any], manifest_layouts: dict[str, Any] | None = None) -> str:
    """Name of the layout a counter uses (see the module docstring for the order)."""
    if unit.get("layout"):
        return str(unit["layout"])
    known = set(builtin_layouts()) | set(manifest_layouts or {})
    name = _plugin_layout(system_id, unit)
    if name != "generic" and name in known:
        return name
    candidates = [f"{system_id}-{unit.get('class')}", f"{system_id}-{unit.get('kind')}"]
    if unit.get("kind") in ("marker", "hit"):
        candidates.append("generic-marker")
    candidates.append(f"{system_id}-unit")
    for candidate in candidates:
        if candidate in known:
            return candidate
    return "generic"
