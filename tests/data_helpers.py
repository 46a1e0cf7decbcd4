"""Helpers for the bundled-data tests (games tis/coh/fow): schema validation and rulebook quotes.

Validation here is independent of ``modgen validate``: it checks each document against ``schema/*.schema.json`` and
the manifest's ``rules`` against the plugin's ``rules_schema()``, and every unit face against the plugin's required
values. Rulebook quotes are copied from the seed texts; ``seed_text`` lets a test confirm a quote is verbatim.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

from modgen.data.model import Game, load_game
from modgen.systems.core import with_core_policies

REPO = Path(__file__).resolve().parent.parent
# The rulebook texts sit in shared/ beside the checkout (CI lays a copy there); /work/shared is the workplace's copy.
SEEDS = next((p for p in (REPO.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()),
             REPO.parent / "shared" / "seeds")


def _registry() -> tuple[dict[str, Any], Registry]:
    schemas, reg = {}, Registry()
    for kind in ("game", "counters", "map", "scenario"):
        s = json.loads((REPO / "schema" / f"{kind}.schema.json").read_text(encoding="utf-8"))
        schemas[kind] = s
        reg = reg.with_resource(s["$id"], Resource.from_contents(s))
    return schemas, reg


def schema_errors(manifest: Path) -> list[str]:
    """Every schema, rules-schema and required-value problem of a game, as readable lines (empty = valid)."""
    schemas, reg = _registry()
    game = load_game(manifest)
    errors: list[str] = []

    def check(kind: str, doc: Any, where: str) -> None:
        for e in jsonschema.Draft202012Validator(schemas[kind], registry=reg).iter_errors(doc):
            errors.append(f"{where}: /{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")

    check("game", game.manifest, "manifest")
    check("counters", game.counters_doc, "counters")
    for i, doc in enumerate(game.maps_docs):
        check("map", doc, f"maps[{i}]")
    for sid, doc in game.scenarios.items():
        check("scenario", doc, f"scenario {sid}")
    plugin = game.rule_system()
    rules_schema = with_core_policies(plugin.rules_schema())  # as `modgen validate` checks it
    for e in jsonschema.Draft202012Validator(rules_schema).iter_errors(game.manifest.get("rules", {})):
        errors.append(f"rules: /{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
    for u in game.units:
        for face, names in plugin.required_values(u).items():
            values = (u.get("faces", {}).get(face) or {}).get("values") or {}
            missing = [n for n in names if n not in values]
            if missing:
                errors.append(f"counter {u['id']} face {face}: missing {missing}")
    return errors


def game(name: str) -> Game:
    return load_game(REPO / "games" / f"{name}.json")


def seed_text(prefix: str) -> str | None:
    """The seed rulebook text whose file name starts with ``prefix`` (e.g. "004"), whitespace-normalised; None if
    the shared seeds are not on this machine."""
    files = sorted(SEEDS.glob(f"{prefix}_*.txt")) if SEEDS.is_dir() else []
    if not files:
        return None
    return norm(files[0].read_text(encoding="utf-8"))


def norm(text: str) -> str:
    """Collapse whitespace and unify typographic quotes so quotes compare to the extracted text."""
    text = text.replace("\u201d", '"').replace("\u201c", '"').replace("\u2019", "'")
    return re.sub(r"\s+", " ", text).strip()


def modgen_validate(manifest: Path) -> list[str]:
    """Errors ``modgen validate`` reports for a game (schema, cross-references, hex labels), as text."""
    from modgen.data.validate import is_valid, validate_game

    issues = validate_game(manifest)
    return [] if is_valid(issues) else [str(i) for i in issues if getattr(i, "severity", "error") == "error"]
