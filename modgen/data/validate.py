"""Validate a game workspace: JSON syntax, the JSON Schemas, the plugin's rules schema, and cross-references.

``validate_game(path)`` returns *every* problem it finds as :class:`~modgen.data.documents.Issue` records, each
printable as ``file:line:column: /json/pointer: message``. It never raises for bad data; only a bug would.
``load_valid_game(path)`` is :func:`~modgen.data.model.load_game` for data that must be valid first.
"""

from __future__ import annotations

from pathlib import Path

from modgen.data.crossref import Checker
from modgen.data.crossref_maps import check_maps, check_scenarios
from modgen.data.documents import Doc, Issue, Report, Workspace, load_workspace, schema_issues
from modgen.data.model import Game, load_game
from modgen.errors import DataError


def validate_game(path: str | Path, files: list[str] | None = None) -> list[Issue]:
    """Validate a manifest and every file it references; return all issues (empty list: the data is valid).

    ``files``, when given, receives the path of every file the result depends on (the JSON documents read and the
    files they name), for :mod:`modgen.data.validcache`."""
    report = Report()
    ws = load_workspace(path, report)
    docs = [doc for doc in [ws.manifest, ws.counters, *ws.maps, *ws.scenarios] if doc is not None]
    for doc in docs:
        schema_issues(doc, doc.kind, report)
        _schema_ref(doc, report)
    named: list[Path] = []
    if ws.manifest is not None:
        named = check_references(ws, report)
    if files is not None:
        files.extend([str(path), *(str(d.path) for d in docs), *(str(p) for p in named)])
    return report.sorted()


def check_references(ws: Workspace, report: Report) -> list[Path]:
    """Run every cross-reference check on a loaded workspace (manifest present); returns the files the data names."""
    checker = Checker(ws, report)
    checker.check_manifest()
    checker.check_counters()
    check_maps(checker)
    check_scenarios(checker)
    return checker.files_named


def is_valid(issues: list[Issue]) -> bool:
    """True when no issue is an error (warnings allowed)."""
    return not any(i.severity == "error" for i in issues)


def load_valid_game(manifest_path: str | Path) -> Game:
    """Validate the workspace, then load it; a DataError lists the first errors (``modgen validate`` shows them all)."""
    path = Path(manifest_path)
    errors = [i for i in validate_game(path) if i.severity == "error"]
    if errors:
        shown = "; ".join(str(e) for e in errors[:3])
        more = f" (and {len(errors) - 3} more; run modgen validate {path})" if len(errors) > 3 else ""
        raise DataError(f"{path}: invalid game data: {shown}{more}")
    return load_game(path)


def _schema_ref(doc: Doc, report: Report) -> None:
    """Warn when a file's ``"$schema"`` is missing or names another kind's schema (editors then cannot help)."""
    ref = doc.value.get("$schema")
    want = f"{doc.kind}.schema.json"
    if ref is None:
        report.add(doc, "", f"no \"$schema\": add \"$schema\": \".../schema/{want}\" so editors validate this file",
                   severity="warning")
    elif isinstance(ref, str) and ref.rsplit("/", 1)[-1] != want:
        report.add(doc, "/$schema", f"this is a {doc.kind} file; its \"$schema\" should name {want}",
                   severity="warning")
