"""The game data model: a manifest (games/<game>.json) and the counters, maps and scenarios it references.

This module loads the files into a :class:`Game` with lookup helpers; it does not validate them
(see :mod:`modgen.data.validate`). Documents stay plain dicts shaped as the schemas in ``schema/`` describe.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen.data import jsonio
from modgen.errors import DataError
from modgen.systems.base import RuleSystem
from modgen.systems.registry import get_system


def read_json(path: Path) -> Any:
    """Parse a JSON file; a DataError naming the file (with line and column for syntax errors) if it cannot.

    The stdlib parser does the work (it is fast); only a file it rejects, or one with NaN/Infinity that strict
    JSON forbids, is re-parsed by :mod:`modgen.data.jsonio` to say exactly where the fault is, as `modgen validate`
    does.
    """
    try:
        data = Path(path).read_bytes()
        return json.loads(data.decode("utf-8"), parse_constant=_reject_constant)
    except (OSError, UnicodeDecodeError, ValueError):
        # raises the precise DataError; or parses what the stdlib refuses but JSON allows (a leading BOM)
        return jsonio.load(path).value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _object(doc: Any, path: Path, what: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise DataError(f"{path}:1:1: /: the {what} must be a JSON object")
    return doc


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
            known = ", ".join(self.scenarios)
            raise DataError(f"{self.path}: no scenario {scenario_id!r} (scenarios: {known})") from None

    def side(self, side_id: str) -> dict[str, Any]:
        """The manifest's side record with ``side_id`` (KeyError if none)."""
        for side in self.manifest.get("sides", []):
            if side.get("id") == side_id:
                return side
        raise KeyError(side_id)

    def formation(self, formation_id: str) -> dict[str, Any]:
        """The manifest's formation record with ``formation_id`` (KeyError if none)."""
        for f in self.manifest.get("formations", []):
            if f.get("id") == formation_id:
                return f
        raise KeyError(formation_id)

    @property
    def terrain(self) -> dict[str, dict[str, Any]]:
        """The manifest's terrain types by id."""
        return dict(self.manifest.get("terrain") or {})

    def rule_system(self) -> RuleSystem:
        """The plugin of the manifest's rule system (a DataError names the installed ones if it is not installed)."""
        return get_system(self.system_id)

    def resolve(self, relative: str) -> Path:
        """A path named in the manifest, resolved against the manifest's folder."""
        return (self.path.parent / relative).resolve()

    def input_files(self) -> list[Path]:
        """Every file the workspace consists of: the manifest, its counters, map and scenario files, and the files
        those name (rules PDF, map images, counter artwork), whether or not they exist. An output must be none of them.

        Read-only and tolerant of unvalidated data: a reference that is not a string is skipped.
        """
        found = list(self.files.values()) or [self.path]
        refs = self.manifest.get("files")
        if isinstance(refs, dict) and isinstance(refs.get("rules_pdf"), str):
            found.append(self.resolve(refs["rules_pdf"]))
        map_files = [p for name, p in self.files.items() if name.startswith("maps[")]
        for map_file, doc in zip(map_files, self.maps_docs, strict=False):
            maps = doc.get("maps")
            for m in maps if isinstance(maps, list) else []:
                if isinstance(m, dict) and isinstance(m.get("image"), str):
                    found.append(Path(map_file).parent / m["image"])
        art_base = Path(self.files.get("counters", self.path)).parent  # artwork is relative to the counters file
        units = self.counters_doc.get("counters")
        for u in units if isinstance(units, list) else []:
            if not isinstance(u, dict):
                continue
            faces = u.get("faces")
            images = [u.get("image"), *(f.get("image") for f in (faces.values() if isinstance(faces, dict) else ())
                                        if isinstance(f, dict))]
            found.extend(art_base / i for i in images if isinstance(i, str))
        return found


def load_game(manifest_path: str | Path) -> Game:
    """Load a manifest and every file it references. Raises DataError on missing or malformed files.

    Loading does not validate: :func:`modgen.data.validate.load_valid_game` validates first.
    """
    path = Path(manifest_path)
    manifest = _object(read_json(path), path, "manifest")
    game = Game(path=path, manifest=manifest, files={"manifest": path})
    refs = manifest.get("files") or {}
    if not isinstance(refs, dict):
        raise DataError(f"{path}: /files: expected an object with the paths of counters, maps and scenarios")
    if refs.get("counters"):
        p = game.resolve(refs["counters"])
        game.counters_doc = _object(read_json(p), p, "counters file")
        game.files["counters"] = p
    for i, rel in enumerate(refs.get("maps") or []):
        p = game.resolve(rel)
        game.maps_docs.append(_object(read_json(p), p, "map file"))
        game.files[f"maps[{i}]"] = p
    for i, rel in enumerate(refs.get("scenarios") or []):
        p = game.resolve(rel)
        doc = _object(read_json(p), p, "scenario")
        game.scenarios[doc.get("id", p.stem)] = doc
        game.files[f"scenarios[{i}]"] = p
    return game
