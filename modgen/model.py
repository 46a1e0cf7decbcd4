"""The game data model: a manifest (games/<game>.json) and the counters, maps and scenarios it references.

This module loads the files into a :class:`Game` with lookup helpers; it does not validate them
(see :mod:`modgen.validate`). Documents stay plain dicts shaped as the schemas in ``schema/`` describe.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen.errors import DataError


def read_json(path: Path) -> Any:
    """Parse a JSON file; a DataError with file, line and column on syntax errors."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None


@dataclass
class Game:
    """A loaded game workspace. Relative paths in the manifest are resolved against the manifest's folder."""

    path: Path
    manifest: dict[str, Any]
    counters_doc: dict[str, Any] = field(default_factory=dict)
    maps_docs: list[dict[str, Any]] = field(default_factory=list)
    scenarios: dict[str, dict[str, Any]] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)  # document name -> path it came from

    @property
    def id(self) -> str:
        return self.manifest["id"]

    @property
    def title(self) -> str:
        return self.manifest.get("title", self.id)

    @property
    def system_id(self) -> str:
        return self.manifest["system"]

    @property
    def units(self) -> list[dict[str, Any]]:
        """Every counter record (units and markers) in file order."""
        return list(self.counters_doc.get("counters", []))

    def unit(self, unit_id: str) -> dict[str, Any]:
        for u in self.units:
            if u["id"] == unit_id:
                return u
        raise KeyError(unit_id)

    @property
    def maps(self) -> list[dict[str, Any]]:
        """Every map (hex or table) across the map files, in order."""
        return [m for doc in self.maps_docs for m in doc.get("maps", [])]

    def map(self, map_id: str | None = None) -> dict[str, Any]:
        """The map with ``map_id``, or the first map when ``map_id`` is None."""
        maps = self.maps
        if not maps:
            raise DataError(f"{self.path}: the game has no maps")
        if map_id is None:
            return maps[0]
        for m in maps:
            if m["id"] == map_id:
                return m
        raise DataError(f"{self.path}: no map {map_id!r} (maps: {', '.join(m['id'] for m in maps)})")

    def scenario(self, scenario_id: str | None = None) -> dict[str, Any]:
        if not self.scenarios:
            raise DataError(f"{self.path}: the game has no scenarios")
        if scenario_id is None:
            return next(iter(self.scenarios.values()))
        try:
            return self.scenarios[scenario_id]
        except KeyError:
            raise DataError(f"{self.path}: no scenario {scenario_id!r} (scenarios: {', '.join(self.scenarios)})") from None

    def rule_system(self):  # -> RuleSystem (import kept local: plugins import the model)
        from modgen.rules.registry import get_system

        return get_system(self.system_id)

    def resolve(self, relative: str) -> Path:
        """A path named in the manifest, resolved against the manifest's folder."""
        return (self.path.parent / relative).resolve()


def load_game(manifest_path: str | Path) -> Game:
    """Load a manifest and every file it references. Raises DataError on missing or malformed files."""
    path = Path(manifest_path)
    manifest = read_json(path)
    if not isinstance(manifest, dict):
        raise DataError(f"{path}:1:1: /: the manifest must be a JSON object")
    game = Game(path=path, manifest=manifest, files={"manifest": path})
    refs = manifest.get("files") or {}
    if refs.get("counters"):
        p = game.resolve(refs["counters"])
        game.counters_doc = read_json(p)
        game.files["counters"] = p
    for i, rel in enumerate(refs.get("maps") or []):
        p = game.resolve(rel)
        game.maps_docs.append(read_json(p))
        game.files[f"maps[{i}]"] = p
    for i, rel in enumerate(refs.get("scenarios") or []):
        p = game.resolve(rel)
        doc = read_json(p)
        game.scenarios[doc.get("id", p.stem) if isinstance(doc, dict) else p.stem] = doc
        game.files[f"scenarios[{i}]"] = p
    return game
