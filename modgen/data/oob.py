"""Orders of battle and set-ups in spreadsheets: export counters/<game>.json or a scenario's set-up to a table, import
a table and merge it into the JSON by id (docs/spreadsheets.md).

Merging keeps everything the sheet does not mention: fields without a column, empty cells, counters (or set-up
entries) without a row, the file's other keys. The merged document is checked against the JSON Schema before it is
written (atomically); the result says what was added and changed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from modgen import atomic
from modgen.data.documents import schema
from modgen.data.model import read_json
from modgen.data.sheetmap import (
    MISSING,
    Fields,
    changed_paths,
    dumps,
    flatten,
    format_cell,
    merge,
    parse_cell,
    quoted,
    set_path,
)
from modgen.data.sheets import Cell, read_table
from modgen.errors import DataError, clip


def counter_fields() -> Fields:
    """The fields of one counter record (schema/counters.schema.json, ``$defs/counter``)."""
    sch = schema("counters")
    return Fields(sch["$defs"]["counter"], sch["$defs"], "counter")


def setup_fields() -> Fields:
    """The fields of one set-up entry (schema/scenario.schema.json, ``setup`` items)."""
    sch = schema("scenario")
    return Fields(sch["properties"]["setup"]["items"], sch.get("$defs", {}), "set-up entry")


@dataclass
class Mapping:
    """A mapping file: ``{"columns": {"Header": "dotted.path" | null}, "defaults": {"dotted.path": value}}``.
    A null column is ignored; defaults fill fields no cell sets (e.g. the side of a one-side sheet)."""

    columns: dict[str, str | None] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    source: str = "the mapping"  # the file, for messages

    @classmethod
    def load(cls, path: str | Path | None) -> Mapping:
        if path is None:
            return cls()
        doc = read_json(Path(path))
        if not isinstance(doc, dict) or set(doc) - {"$comment", "columns", "defaults"}:
            raise DataError(f"{path}: a mapping file is an object with \"columns\" and \"defaults\" "
                            "(docs/spreadsheets.md)")
        columns, defaults = doc.get("columns", {}), doc.get("defaults", {})
        if not isinstance(columns, dict) or not all(isinstance(v, str | None) for v in columns.values()):
            raise DataError(f"{path}: \"columns\" maps each header to a field path (text) or null")
        if not isinstance(defaults, dict):
            raise DataError(f"{path}: \"defaults\" maps field paths to values")
        return cls(columns, defaults, str(path))

    def header(self, path: str) -> str:
        """The header to write for ``path`` (the mapping's name for it, else the path itself)."""
        for name, target in self.columns.items():
            if target == path:
                return name
        return path


# --- sheet -> partial records ----------------------------------------------------------------------------------

def read_rows(sheet: str | Path, fields: Fields, key: str, mapping: Mapping | None = None,
              sheet_name: str | None = None) -> list[tuple[int, dict[str, Any]]]:
    """(row number, partial record) for every non-empty row of ``sheet``; every record has ``key``."""
    return rows_to_records(read_table(sheet, sheet_name), fields, key, mapping or Mapping(), str(sheet))


def rows_to_records(rows: list[list[Cell]], fields: Fields, key: str, mapping: Mapping,
                    source: str) -> list[tuple[int, dict[str, Any]]]:
    """The records of a table whose first row is the header (see :func:`read_rows`)."""
    if not rows:
        raise DataError(f"{source}: the sheet is empty (the first row names the columns)")
    columns: list[tuple[int, str, str, dict[str, Any]]] = []
    seen: dict[str, str] = {}
    for i, cell in enumerate(rows[0]):
        name = "" if cell is None else str(cell).strip()
        if not name or name.startswith("#"):
            continue  # unnamed and "#comment" columns are the designer's own notes
        path = mapping.columns.get(name, name)
        if path is None:
            continue
        try:
            node = fields.at(path)
        except DataError as exc:
            raise DataError(f"{source}: {exc}") from None
        if path in seen:
            raise DataError(f"{source}: columns {quoted(seen[path])} and {quoted(name)} both set {quoted(path)}")
        seen[path] = name
        columns.append((i, name, path, node))
    if not any(path == key for _, _, path, _ in columns) and key not in mapping.defaults:
        raise DataError(f"{source}: no {key!r} column (the header row names each column's field; "
                        "docs/spreadsheets.md)")
    for path in mapping.defaults:  # a default's path is a field like a column's (and its depth is the schema's)
        try:
            fields.at(path, "default")
        except DataError as exc:
            raise DataError(f"{mapping.source}: {exc}") from None
    out: list[tuple[int, dict[str, Any]]] = []
    for number, row in enumerate(rows[1:], start=2):
        if all(c is None or (isinstance(c, str) and not c.strip()) for c in row):
            continue
        record: dict[str, Any] = {}
        for path, value in mapping.defaults.items():
            set_path(record, path, value)
        for i, name, path, node in columns:
            try:
                value = parse_cell(row[i] if i < len(row) else None, fields, node)
            except ValueError as exc:
                raise DataError(f"{source}: row {number}, column {quoted(name)}: {exc}") from None
            if value is not MISSING:
                set_path(record, path, value)
        if key not in record:
            raise DataError(f"{source}: row {number}: the {key!r} cell is empty")
        if not isinstance(record[key], str):  # a JSON cell: rows are matched to records by this text
            raise DataError(f"{source}: row {number}: the {key!r} cell must be text, not "
                            f"{type(record[key]).__name__ if record[key] is not None else 'null'}")
        out.append((number, record))
    return out


# --- records -> sheet -----------------------------------------------------------------------------------------

def records_to_rows(records: list[dict[str, Any]], fields: Fields, mapping: Mapping | None = None) -> list[list[Cell]]:
    """A table (header first) holding every field of every record; :func:`rows_to_records` reads it back as the
    same records."""
    mapping = mapping or Mapping()
    flat = [flatten(r) for r in records]
    paths = consensus_order([list(f) for f in flat])
    nodes = {}
    for path in paths:
        try:
            nodes[path] = fields.at(path)
        except DataError:
            nodes[path] = {}  # a field the schema does not know (validate reports it): written as it is
    rows: list[list[Cell]] = [[mapping.header(p) for p in paths]]
    for f in flat:
        rows.append([format_cell(f[p], fields, nodes[p]) if p in f else None for p in paths])
    return rows


def consensus_order(orders: list[list[str]]) -> list[str]:
    """Every name of ``orders`` in one order that keeps each list's own order where the lists agree (a topological
    sort, ties by first appearance): a new record imported from the columns then has its fields, and so its printed
    values and its VASSAL properties, in the order the original had."""
    first: dict[str, int] = {}
    after: dict[str, set[str]] = {}
    before_count: dict[str, int] = {}
    for order in orders:
        for name in order:
            first.setdefault(name, len(first))
            after.setdefault(name, set())
            before_count.setdefault(name, 0)
        for a, b in zip(order, order[1:], strict=False):
            if b not in after[a]:
                after[a].add(b)
                before_count[b] += 1
    out: list[str] = []
    left = set(first)
    while left:
        ready = [n for n in left if before_count[n] == 0]
        name = min(ready or left, key=first.__getitem__)  # a cycle (lists disagree): the earliest name goes first
        out.append(name)
        left.discard(name)
        for b in after[name]:
            before_count[b] -= 1
    return out


# --- merge ----------------------------------------------------------------------------------------------------

@dataclass
class MergeResult:
    """What an import did to one file."""

    file: str
    added: list[str] = field(default_factory=list)
    changed: dict[str, list[str]] = field(default_factory=dict)
    unchanged: int = 0
    kept: list[str] = field(default_factory=list)  # records with no row, left as they were
    removed: list[str] = field(default_factory=list)  # records with no row, removed by --prune
    written: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "added": self.added, "changed": self.changed, "unchanged": self.unchanged,
                "kept": self.kept, "removed": self.removed, "written": self.written}

    def summary(self) -> str:
        fields_changed = sum(len(v) for v in self.changed.values())
        parts = [f"{len(self.added)} added", f"{len(self.changed)} changed ({fields_changed} fields)",
                 f"{self.unchanged} unchanged"]
        if self.kept:
            parts.append(f"{len(self.kept)} not in the sheet, kept")
        if self.removed:
            parts.append(f"{len(self.removed)} not in the sheet, removed")
        verb = "updated" if self.written else "would update" if self.added or self.changed or self.removed \
            else "no change to"
        return f"{verb} {self.file}: " + ", ".join(parts)

    def details(self, limit: int = 20) -> list[str]:
        """One line per added, changed or removed record; at most ``limit`` lines (--json lists them all)."""
        lines = [f"  + {k}" for k in self.added] + [f"  ~ {k}: {', '.join(v)}" for k, v in self.changed.items()] + \
            [f"  - {k}" for k in self.removed]
        if len(lines) > limit:
            lines = [*lines[:limit - 1], f"  … and {len(lines) - limit + 1} more (--json lists them all)"]
        return lines


def merge_records(old: list[dict[str, Any]], rows: list[tuple[int, dict[str, Any]]], key: str, label: Any,
                  prune: bool, result: MergeResult, source: str) -> list[dict[str, Any]]:
    """``old`` records with each row merged into the record of the same key (``label`` names a record, see
    :func:`labels`, and matches rows to records); records without a row are kept (or dropped with ``prune``), new
    ones appended."""
    old_names = labels(old, label)
    index: dict[Any, int] = {}
    for i, name in enumerate(old_names):
        index.setdefault(name, i)
    out = list(old)
    matched: set[int] = set()
    new_names: set[str] = set()
    for (number, row), name in zip(rows, labels([row for _, row in rows], label), strict=True):
        if name in index:
            i = index[name]
            if i in matched:
                raise DataError(f"{source}: row {number}: {clip(str(name), 60)} has two rows in the sheet")
            matched.add(i)
            new = merge(old[i], row)
            diff = changed_paths(old[i], new)
            if diff:
                result.changed[str(name)] = diff
            else:
                result.unchanged += 1
            out[i] = new
        elif str(name) in new_names:
            raise DataError(f"{source}: row {number}: {clip(str(name), 60)} has two rows in the sheet")
        else:
            new_names.add(str(name))
            out.append(row)
            result.added.append(str(name))
    missing = [i for i in range(len(old)) if i not in matched]
    names = [str(old_names[i]) for i in missing]
    if prune:
        result.removed = names
        out = [r for i, r in enumerate(out) if i not in set(missing)]
    else:
        result.kept = names
    return out


def labels(records: list[dict[str, Any]], label: Any) -> list[Any]:
    """The name of every record: ``label(record, seen)``, where ``seen`` counts the keys of the records before it
    (one pass: a set-up of 100,000 entries is named in linear time)."""
    seen: dict[Any, int] = {}
    return [label(rec, seen) for rec in records]


def _counter_label(rec: dict[str, Any], seen: dict[Any, int]) -> Any:
    return rec.get("id")


def _setup_label(rec: dict[str, Any], seen: dict[Any, int]) -> Any:
    """A set-up entry is its unit, numbered when the unit has several entries (``unit#2``)."""
    unit = rec.get("unit")
    n = seen.get(unit, 0) if isinstance(unit, str) else 0
    if isinstance(unit, str):
        seen[unit] = n + 1
    return unit if n == 0 else f"{unit}#{n + 1}"


def _check(doc: dict[str, Any], kind: str, list_key: str, label: Any, target: Path) -> None:
    """Refuse a merged document the schema rejects, naming the record and the field."""
    err = best_match(Draft202012Validator(schema(kind)).iter_errors(doc))
    if err is None:
        return
    path = list(err.absolute_path)
    where = ""
    if len(path) >= 2 and path[0] == list_key and isinstance(path[1], int):
        records = doc[list_key]
        where = f" {clip(str(labels(records[:path[1] + 1], label)[-1]), 60)}:"
        path = path[2:]
    field_path = clip(".".join(str(p) for p in path), 60)
    message = err.message.replace(repr(err.instance), clip(repr(err.instance), 60))  # it quotes the value whole
    message = clip(message, 200)
    raise DataError(f"{target}:{where} {field_path + ': ' if field_path else ''}{message} (nothing written)")


def _write(target: Path, doc: dict[str, Any]) -> None:
    atomic.write_text(target, dumps(doc) + "\n")


# --- the workspace files -------------------------------------------------------------------------------------

def _manifest(manifest: Path) -> dict[str, Any]:
    doc = read_json(manifest)
    if not isinstance(doc, dict):
        raise DataError(f"{manifest}: a manifest is a JSON object")
    return doc


def counters_path(manifest: Path) -> Path:
    """The counters file the manifest names (``files.counters``)."""
    rel = (_manifest(manifest).get("files") or {}).get("counters")
    if not isinstance(rel, str):
        raise DataError(f"{manifest}: the manifest names no counters file (files.counters)")
    return manifest.parent / rel


def scenario_path(manifest: Path, scenario: str) -> Path:
    """The scenario file of the manifest whose id (or file name) is ``scenario``."""
    rels = (_manifest(manifest).get("files") or {}).get("scenarios") or []
    ids = []
    for rel in rels:
        path = manifest.parent / rel
        doc = read_json(path) if path.is_file() else {}
        sid = doc.get("id") if isinstance(doc, dict) else None
        ids.append(str(sid or path.stem))
        if scenario in (sid, path.stem, str(rel)):
            return path
    from modgen.data.documents import did_you_mean

    raise DataError(f"{manifest}: no scenario {quoted(scenario)} (scenarios: {', '.join(ids) or 'none'})"
                    f"{did_you_mean(scenario, ids)}")


def export_counters(manifest: Path, mapping: Mapping | None = None) -> list[list[Cell]]:
    """The table of every counter of the game."""
    doc = read_json(counters_path(manifest))
    return records_to_rows(list(doc.get("counters") or []), counter_fields(), mapping)


def export_setup(manifest: Path, scenario: str, mapping: Mapping | None = None) -> list[list[Cell]]:
    """The table of a scenario's set-up (one row per entry: unit, hex, face, …)."""
    doc = read_json(scenario_path(manifest, scenario))
    return records_to_rows(list(doc.get("setup") or []), setup_fields(), mapping)


def import_counters(manifest: Path, sheet: str | Path, mapping: Mapping | None = None, sheet_name: str | None = None,
                    prune: bool = False, dry_run: bool = False) -> MergeResult:
    """Merge a counters sheet into the game's counters file (created if missing); see the module docstring."""
    target = counters_path(manifest)
    rows = read_rows(sheet, counter_fields(), "id", mapping, sheet_name)
    if target.exists():
        doc = read_json(target)
        if not isinstance(doc, dict) or not isinstance(doc.get("counters", []), list):
            raise DataError(f"{target}: not a counters file (an object with a \"counters\" list)")
    else:
        doc = {"$schema": "../schema/counters.schema.json", "game": _manifest(manifest).get("id"), "counters": []}
    result = MergeResult(os.path.normpath(target))
    merged = merge_records(list(doc.get("counters") or []), rows, "id", _counter_label, prune, result, str(sheet))
    new_doc = {**doc, "counters": merged}
    _check(new_doc, "counters", "counters", _counter_label, target)
    if not dry_run and (result.added or result.changed or result.removed or not target.exists()):
        _write(target, new_doc)
        result.written = True
    return result


def import_setup(manifest: Path, scenario: str, sheet: str | Path, mapping: Mapping | None = None,
                 sheet_name: str | None = None, prune: bool = False, dry_run: bool = False) -> MergeResult:
    """Merge a set-up sheet into a scenario's ``setup``: the n-th row of a unit updates its n-th entry."""
    target = scenario_path(manifest, scenario)
    rows = read_rows(sheet, setup_fields(), "unit", mapping, sheet_name)
    doc = read_json(target)
    if not isinstance(doc, dict) or not isinstance(doc.get("setup", []), list):
        raise DataError(f"{target}: not a scenario file (an object with a \"setup\" list)")
    result = MergeResult(os.path.normpath(target))
    merged = merge_records(list(doc.get("setup") or []), rows, "unit", _setup_label, prune, result, str(sheet))
    new_doc = {**doc, "setup": merged}
    _check(new_doc, "scenario", "setup", _setup_label, target)
    if not dry_run and (result.added or result.changed or result.removed):
        _write(target, new_doc)
        result.written = True
    return result


def as_json(result: MergeResult) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False, indent=1)
