"""The game data model: a manifest (games/<game>.json) and the counters, maps and scenarios it references.

This module loads the files into a :class:`Game` with lookup helpers; it does not validate them
(see :mod:`modgen.data.validate`). Documents stay plain dicts shaped as the schemas in ``schema/`` describe.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen import inputs, limits
from modgen.data import jsonio
from modgen.errors import DataError
from modgen.systems.base import RuleSystem
from modgen.systems.registry import get_system


def read_json(path: Path) -> Any:
    """Parse a JSON file; a DataError naming the file (with line and column for syntax errors) if it cannot.

    Only a regular file within the ``file_mb`` limit is read (:func:`modgen.inputs.read_regular`). The stdlib
    parser does the work (it is fast); a file it rejects, or one that breaks a rule strict JSON or game data adds
    (NaN, 1e999, a 5,000-digit integer, deep nesting, a control character, noncharacter or lone surrogate in a
    string, too many values), is re-parsed by :mod:`modgen.data.jsonio` to say exactly where the fault is, as
    `modgen validate` does.
    """
    name = str(path)
    data = inputs.read_regular(path, name, noun="JSON file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return jsonio.load_checked(path).value
    del data
    try:
        if text.count(",") + text.count("[") + text.count("{") + 1 > limits.get("json_values"):
            raise ValueError("maybe too many values")  # an upper bound; jsonio counts them exactly
        digits = limits.get("int_digits")  # read once: the hooks run for every number of the file
        value = json.loads(text, parse_constant=_reject_constant, parse_int=lambda t: _int(t, digits),
                           parse_float=lambda t: _float(t, digits))
        if not (_clean_text(text) and _shallow(value)) and not _plain(value):
            raise ValueError("needs a closer look")
        return value
    except (ValueError, RecursionError):
        # raises the precise error; or parses what the stdlib refuses but JSON allows (a leading BOM)
        located = jsonio.loads(text, name)
        located.check_content()
        return located.value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _int(token: str, digits: int) -> int:
    if len(token) > digits:
        raise ValueError("too many digits")
    return int(token)


def _float(token: str, digits: int) -> float:
    value = float(token)
    if value in (math.inf, -math.inf) or len(token.split(".")[0].split("e")[0].split("E")[0]) > digits:
        raise ValueError("out of range")
    return value


_STRING_MADE_BAD = ("\\u", "\\b", "\\f")  # the only escapes whose character BAD_CHARS can match


def _clean_text(text: str) -> bool:
    """True when no string parsed from ``text`` can hold a forbidden character or be too long: the raw text has
    none, no escape can make one, and the text is shorter than the longest string allowed. A fast, sufficient
    test (a C-level scan of the text instead of one regex search per string); when it fails, :func:`_plain` decides."""
    if len(text) > limits.get("string_mb") * (1 << 20) or any(e in text for e in _STRING_MADE_BAD):
        return False
    return not jsonio.raw_bad_char(text)  # json.loads refused raw control characters already


def _shallow(value: Any) -> bool:
    """True if ``value`` is not nested deeper than the ``json_depth`` limit: :func:`_plain`'s depth test, walking
    only the containers."""
    if not isinstance(value, dict | list):
        return True
    max_depth = limits.get("json_depth")
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if depth + 1 > max_depth:
            return False
        for child in node.values() if isinstance(node, dict) else node:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
    return True


def _plain(value: Any) -> bool:
    """True if no string (or key) in ``value`` holds a forbidden character or is too long, and it is not nested
    deeper than the ``json_depth`` limit (an iterative walk: it cannot overflow the stack)."""
    max_depth, max_chars = limits.get("json_depth"), limits.get("string_mb") * (1 << 20)
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            if len(node) > max_chars or jsonio.BAD_CHARS.search(node):
                return False
        elif isinstance(node, dict | list):
            if depth + 1 > max_depth:
                return False
            if isinstance(node, dict):
                stack.extend((k, depth) for k in node)
                stack.extend((v, depth + 1) for v in node.values())
            else:
                stack.extend((v, depth + 1) for v in node)
    return True


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
            shown = jsonio.short(str(scenario_id), 60)  # from the command line or a log: may be megabytes
            raise DataError(f"{self.path}: no scenario {shown} (scenarios: {known})") from None

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

    @property
    def workspace(self) -> Path:
        """The workspace root: the folder holding ``games/`` (see :func:`modgen.inputs.workspace_of`)."""
        return inputs.workspace_of(self.path)

    def resolve(self, relative: str, base: Path | None = None) -> Path:
        """A path named in the data, resolved against ``base`` (default: the manifest's folder); an
        OutsideWorkspace DataError if it leaves the workspace (absolute, ``..``, or a symlink pointing out)."""
        try:
            return inputs.confine(self.workspace, base if base is not None else self.path.parent, relative)
        except inputs.OutsideWorkspace as exc:
            raise inputs.OutsideWorkspace(f"{self.path}: {exc}") from None

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
            sym, named = u.get("symbol"), u.get("images")
            images += [sym.get("image")] if isinstance(sym, dict) else []
            images += list(named.values()) if isinstance(named, dict) else []
            found.extend(art_base / i for i in images if isinstance(i, str))
        return found


def load_game(manifest_path: str | Path, skip: Collection[str] = ()) -> Game:
    """Load a manifest and every file it references. Raises DataError on missing or malformed files.

    ``skip`` names parts not to read ("counters", "maps", "scenarios"): a command that does not need them does not
    fail on them (``modgen sheet`` on a game whose map file is broken). Loading does not validate:
    :func:`modgen.data.validate.load_valid_game` validates first.
    """
    path = Path(manifest_path)
    manifest = _object(read_json(path), path, "manifest")
    game = Game(path=path, manifest=manifest, files={"manifest": path})
    refs = manifest.get("files") or {}
    if not isinstance(refs, dict):
        raise DataError(f"{path}: /files: expected an object with the paths of counters, maps and scenarios")
    if refs.get("counters") and "counters" not in skip:
        p = game.resolve(refs["counters"])
        game.counters_doc = _object(read_json(p), p, "counters file")
        game.files["counters"] = p
    for i, rel in enumerate(refs.get("maps") or [] if "maps" not in skip else []):
        p = game.resolve(rel)
        game.maps_docs.append(_object(read_json(p), p, "map file"))
        game.files[f"maps[{i}]"] = p
    for i, rel in enumerate(refs.get("scenarios") or [] if "scenarios" not in skip else []):
        p = game.resolve(rel)
        doc = _object(read_json(p), p, "scenario")
        game.scenarios[doc.get("id", p.stem)] = doc
        game.files[f"scenarios[{i}]"] = p
    return game
