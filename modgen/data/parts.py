"""Which part of a game an issue is about, so each command refuses only the errors in what it reads.

The parts are ``manifest`` (sides, formations, files: every command needs them), ``counters`` (the counters file
and the manifest's counter layouts), ``maps`` (the map files and the manifest's terrain), ``scenarios`` and ``rules``
(the manifest's rule tables and policies). ``sheet`` and ``counters`` need manifest and counters; ``map`` needs
manifest and maps; ``build`` and ``check`` need everything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from modgen import inputs
from modgen.data.documents import Issue, display_path

PARTS: tuple[str, ...] = ("manifest", "counters", "maps", "scenarios", "rules")

#: Top-level keys of the manifest that belong to another part than the manifest itself.
_MANIFEST_KEYS: dict[str, str] = {"terrain": "maps", "counter_layouts": "counters", "rules": "rules"}


def _files(manifest: Path) -> dict[str, str]:
    """Displayed path (as issues name files) -> part, for the files the manifest names (none if unreadable)."""
    try:
        value = json.loads(inputs.read_regular(manifest, str(manifest), noun="JSON file"))
    except Exception:  # an unreadable manifest: validate reported it, and every issue is then the manifest's
        return {}
    files = value.get("files") if isinstance(value, dict) else None
    if not isinstance(files, dict):
        return {}
    out: dict[str, str] = {}
    refs: list[tuple[str, object]] = [("counters", files.get("counters"))]
    refs += [(key, rel) for key in ("maps", "scenarios") for rel in (files.get(key) or [])
             if isinstance(files.get(key), list)]
    for part, rel in refs:
        if isinstance(rel, str) and rel:
            out[display_path(str(manifest), rel)] = part
    return out


def part_of(issue: Issue, files: dict[str, str]) -> str:
    """The part ``issue`` is about (see the module docstring)."""
    if issue.file in files:
        return files[issue.file]
    if issue.pointer:
        top = issue.pointer.split("/")[1] if issue.pointer.count("/") else ""
        if top in _MANIFEST_KEYS:
            return _MANIFEST_KEYS[top]
        if top == "files" and issue.pointer.count("/") >= 2:  # a counters/maps/scenarios file that cannot be read
            kind = issue.pointer.split("/")[2]
            return "rules" if kind == "rules_pdf" else kind if kind in PARTS else "manifest"
    return "manifest"


def split_issues(manifest: str | Path, issues: Iterable[Issue],
                 needs: Iterable[str]) -> tuple[list[Issue], list[Issue]]:
    """(errors in the parts ``needs`` names or in the manifest, errors in other parts) of ``issues``."""
    files = _files(Path(manifest))
    wanted = {"manifest", *needs}
    mine, others = [], []
    for issue in issues:
        if issue.severity != "error":
            continue
        (mine if part_of(issue, files) in wanted else others).append(issue)
    return mine, others
