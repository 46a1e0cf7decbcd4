"""Validate a game workspace: JSON syntax, the JSON Schemas, the plugin's rules schema, and cross-references.

``validate_game(path)`` returns *every* problem it finds as :class:`Issue` records, each printable as
``file:line:column: /json/pointer: message``. It never raises for bad data; only a bug would.
The cross-reference checks live in :mod:`modgen.data.crossref`.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from modgen import inputs
from modgen.data.jsonio import JSONLimitError, JSONSyntaxError, Located, escape_token, load, printable
from modgen.data.schemacheck import Check, compile_schema

if TYPE_CHECKING:  # jsonschema is imported where a schema is checked: a command whose data is known valid
    # (modgen.data.validcache) starts without it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
from modgen.errors import DataError
from modgen.limits import LimitError
from modgen.resources import schema_path

KINDS = ("game", "counters", "map", "scenario")


@dataclass(frozen=True)
class Issue:
    """One problem, located in a file. ``pointer`` is None for problems without one (JSON syntax errors)."""

    file: str
    line: int
    column: int
    pointer: str | None
    message: str
    severity: str = "error"  # "error" or "warning"; warnings do not make the data invalid

    def __post_init__(self) -> None:
        # messages and pointers quote the data; a control character or lone surrogate there must still print
        object.__setattr__(self, "message", printable(self.message))
        if self.pointer:
            object.__setattr__(self, "pointer", printable(self.pointer))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}:"
        ptr = "" if self.pointer is None else f" {self.pointer or '/'}:"
        tag = " warning:" if self.severity == "warning" else ""
        return f"{where}{ptr}{tag} {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column, "pointer": self.pointer,
                "message": self.message, "severity": self.severity}


@dataclass
class Doc:
    """A loaded document of a workspace: its kind, the path as shown to the user, and its parsed content."""

    kind: str
    path: str
    located: Located

    @property
    def value(self) -> Any:
        return self.located.value


@dataclass
class Report:
    """Collects issues per file; prints them file by file in load order, each file's issues by position."""

    issues: list[Issue] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # load order: manifest, counters, maps, scenarios

    def add(self, doc: Doc | None, ptr: str, message: str, *, at_key: bool = False, severity: str = "error",
            file: str | None = None, at: str | None = None) -> None:
        """Add an issue at ``ptr``; its position is that of the value there (of the key with ``at_key``), or of
        the key at pointer ``at`` when given (an unknown property is reported at its object, located at its key)."""
        if doc is None:
            self.issues.append(Issue(file or "?", 1, 1, ptr, message, severity))
            return
        if at is not None:
            line, col = doc.located.key_position(at)
        else:
            line, col = doc.located.key_position(ptr) if at_key else doc.located.position(ptr)
        self.issues.append(Issue(doc.path, line, col, ptr, message, severity))

    def sorted(self) -> list[Issue]:
        order: dict[str, int] = {f: i for i, f in enumerate(dict.fromkeys(self.files))}
        for issue in self.issues:
            order.setdefault(issue.file, len(order))
        unique = list(dict.fromkeys(self.issues))
        return sorted(unique, key=lambda i: (order[i.file], i.line, i.column, i.pointer or "", i.message))


# --- schemas -----------------------------------------------------------------------------------------------

@cache
def schema(kind: str) -> dict[str, Any]:
    """The bundled JSON Schema for a file kind (``game``, ``counters``, ``map``, ``scenario``)."""
    path = schema_path(kind)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # a broken installation, not bad user data
        raise DataError(f"cannot read modgen's schema {path}: {exc}") from None


@cache
def _validator(kind: str) -> Draft202012Validator:
    # local $refs inlined: the same validation, 2-3x faster than resolving each $ref (schema is not recursive)
    from jsonschema import Draft202012Validator

    raw = schema(kind)
    return Draft202012Validator(_inline(raw, raw.get("$defs", {}), 0))


# Compiled yes/no checks by validator (schemas are compiled once; jsonschema then runs only for invalid data).
_QUICK: dict[int, tuple[Draft202012Validator, Check | None]] = {}


def _quick(validator: Draft202012Validator) -> Check | None:
    entry = _QUICK.get(id(validator))
    if entry is None or entry[0] is not validator:
        entry = _QUICK[id(validator)] = (validator, compile_schema(validator.schema))
    return entry[1]


@cache
def _rules_validator(text: str) -> tuple[Draft202012Validator | None, str | None]:
    """A plugin's rules schema (as canonical JSON text) checked and compiled once: (validator, None), or
    (None, the schema error's message)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    rules_schema = json.loads(text)
    if compile_schema(rules_schema, strict=True) is None:  # a well-formed schema of known keywords needs no check
        try:
            Draft202012Validator.check_schema(rules_schema)
        except SchemaError as exc:
            return None, exc.message
    return Draft202012Validator(rules_schema), None


def _inline(node: Any, defs: dict[str, Any], depth: int) -> Any:
    """``node`` with every ``{"$ref": "#/$defs/x", …}`` replaced by the definition of ``x`` (kept as ``x-ref`` for
    messages; the definition's own description is kept, the referring property's is documentation only)."""
    if depth > 50:
        raise ValueError("recursive $ref in a modgen schema")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            out = dict(_inline(defs[ref[8:]], defs, depth + 1), **{"x-ref": ref[8:]})
            out.update({k: _inline(v, defs, depth + 1) for k, v in node.items() if k not in ("$ref", "description")})
            return out
        return {k: _inline(v, defs, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs, depth + 1) for v in node]
    return node


_TYPE_NAMES = {"object": "an object", "array": "an array", "string": "a string", "integer": "an integer",
               "number": "a number", "boolean": "true or false", "null": "null"}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _short(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pattern_words(sub: dict[str, Any]) -> str:
    """What a pattern means, from the schema's description ("A colour as #rrggbb." -> "a colour as #rrggbb")."""
    text = sub.get("description") or f"text matching {sub.get('pattern')}"
    return text[0].lower() + text[1:].rstrip(".")


def _expectation(sub: dict[str, Any]) -> str:
    """A few words saying what a (sub)schema accepts."""
    if "const" in sub:
        return _short(sub["const"])
    if "enum" in sub:
        return "one of " + ", ".join(_short(v) for v in sub["enum"])
    for key in ("oneOf", "anyOf"):
        if key in sub:
            return " or ".join(_expectation(s) for s in sub[key])
    target = sub.get("x-ref") or (sub["$ref"].rsplit("/", 1)[-1] if isinstance(sub.get("$ref"), str) else None)
    if target:
        return {"id": "an id", "color": "a colour #rrggbb", "length": "a length like \"16mm\" or \"5/8in\"",
                "source": "a source object", "label": "a hex label", "point": "[x, y]"}.get(target, f"a {target}")
    if "pattern" in sub and "description" in sub:
        return _pattern_words(sub)
    t = sub.get("type")
    if isinstance(t, list):
        return " or ".join(_TYPE_NAMES.get(x, x) for x in t)
    if isinstance(t, str):
        return _TYPE_NAMES.get(t, t)
    return "a valid value"


def did_you_mean(name: str, allowed: list[str] | set[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``allowed`` to a misspelt ``name``; else the allowed names
    (when few enough to read), else nothing."""
    names = sorted(allowed)
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if not close:  # also catch case slips and run-together words ("Movement", "labelhex")
        close = [n for n in names if n.lower() == name.lower() or n.replace("_", "") == name.lower()][:1]
    if close:
        return f" (did you mean '{close[0]}'?)"
    if names and len(names) <= 12:
        return f" (allowed: {', '.join(names)})"
    return ""


def _unknown_properties(err: ValidationError, ptr: str) -> list[tuple[str, str, str]]:
    """One (pointer of the object, message, pointer of the key) per property an additionalProperties: false or
    unevaluatedProperties: false schema rejects."""
    sch, inst = err.schema, err.instance
    if not isinstance(inst, dict):
        return []
    allowed = set(sch.get("properties") or {})
    for key in ("allOf", "anyOf", "oneOf"):  # properties that composed branches describe (unevaluatedProperties)
        for branch in sch.get(key) or []:
            allowed |= set((branch.get("properties") or {}) if isinstance(branch, dict) else ())
            then = branch.get("then") if isinstance(branch, dict) else None
            allowed |= set((then or {}).get("properties") or {})
    if err.validator == "unevaluatedProperties":
        # jsonschema names the unevaluated ones in its message: "… ('a', 'b' were unexpected)"
        extra = [k for k in inst if f"'{k}'" in err.message] or [k for k in inst if k not in allowed]
    else:
        extra = [k for k in inst if k not in allowed and not _pattern_match(sch, k)]
    return [(ptr, f"unknown property '{k}'{did_you_mean(k, allowed)}", f"{ptr}/{escape_token(k)}") for k in extra]


def _pattern_match(sch: dict[str, Any], key: str) -> bool:
    return any(re.search(p, key) for p in (sch.get("patternProperties") or {}))


def _message(err: ValidationError) -> tuple[str, str, bool]:
    """(pointer, readable message, whether to point at the key rather than the value) for a schema error."""
    ptr = "".join("/" + escape_token(str(p)) for p in err.absolute_path)
    v, sch, inst = err.validator, err.schema, err.instance
    value = err.validator_value
    if "propertyNames" in err.absolute_schema_path:  # jsonschema reports a bad key at its object; point at the key
        want = _pattern_words(sch) if "pattern" in sch else _expectation(sch)
        return f"{ptr}/{escape_token(str(inst))}", f"invalid name {_short(inst)}: expected {want}", True
    if v == "type":
        want = value if isinstance(value, list) else [value]
        return ptr, f"expected {' or '.join(_TYPE_NAMES.get(t, t) for t in want)}, got {_json_type(inst)}", False
    if v == "required":
        missing = [r for r in value if isinstance(inst, dict) and r not in inst]
        names = ", ".join(f'"{m}"' for m in missing)
        return ptr, f"missing required propert{'ies' if len(missing) > 1 else 'y'} {names}", False
    if v == "enum":
        return ptr, f"expected one of {', '.join(_short(x) for x in value)}; got {_short(inst)}", False
    if v == "const":
        return ptr, f"expected {_short(value)}; got {_short(inst)}", False
    if v == "pattern":
        return ptr, f"{_short(inst)} is not {_pattern_words(sch)}", False
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        op = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}[v]
        return ptr, f"expected a number {op} {value}, got {_short(inst)}", False
    if v in ("minItems", "maxItems"):
        word = "at least" if v == "minItems" else "at most"
        return ptr, f"expected {word} {value} item{'s' if value != 1 else ''}, got {len(inst)}", False
    if v in ("minLength",):
        return ptr, "expected a non-empty string" if value == 1 else f"expected at least {value} characters", False
    if v == "maxLength":
        return ptr, f"expected at most {value} characters, got {len(inst):,}", False
    if v == "minProperties":
        return ptr, f"expected at least {value} entr{'ies' if value != 1 else 'y'}, got none", False
    if v in ("oneOf", "anyOf"):
        branches = value
        if all(set(b) == {"required"} for b in branches):
            names = ", ".join(f'"{r}"' for b in branches for r in b["required"])
            present = [r for b in branches for r in b["required"] if isinstance(inst, dict) and r in inst]
            if v == "oneOf" and len(present) > 1:
                return ptr, f"give only one of {names} (found {', '.join(present)})", False
            return ptr, f"expected {'exactly' if v == 'oneOf' else 'at least'} one of {names}", False
        return ptr, f"expected {_expectation(sch)}, got {_json_type(inst)} {_short(inst)}", False
    # jsonschema's own message quotes the whole value: never echo more than a line of the user's input
    return ptr, err.message if len(err.message) <= 200 else err.message[:199] + "…", False


def schema_issues(doc: Doc, kind: str, report: Report) -> None:
    """Validate ``doc`` against the bundled schema for ``kind``, adding readable issues to ``report``."""
    check_against(_validator(kind), doc, "", report)


def check_against(validator: Draft202012Validator, doc: Doc, prefix: str, report: Report,
                  skip: frozenset[str] = frozenset()) -> None:
    """Validate the value at ``prefix`` of ``doc`` with ``validator`` (used for the plugin's rules schema too);
    errors at pointers in ``skip`` (already reported better) are left out."""
    value = doc.value
    for token in [t for t in prefix.split("/")[1:]]:
        value = value[token.replace("~1", "/").replace("~0", "~")]
    quick = _quick(validator)
    if quick is not None and quick(value):
        return  # valid: jsonschema would find nothing (tests/test_schemacheck.py holds the two to the same answers)
    for err in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
        if err.validator in ("additionalProperties", "unevaluatedProperties") and err.validator_value is False:
            ptr = "".join("/" + escape_token(str(p)) for p in err.absolute_path)
            for obj_ptr, message, key_ptr in _unknown_properties(err, ptr):
                if prefix + key_ptr not in skip:
                    report.add(doc, prefix + obj_ptr, message, at=prefix + key_ptr)
            continue
        ptr, message, at_key = _message(err)
        if prefix + ptr not in skip:
            report.add(doc, prefix + ptr, message, at_key=at_key)


# --- loading -----------------------------------------------------------------------------------------------

def display_path(base: str, relative: str) -> str:
    """``relative`` resolved against the folder of ``base``, normalised for display (``games/../x`` -> ``x``)."""
    return os.path.normpath(os.path.join(os.path.dirname(base), relative))


def confined_path(manifest: str, base: str, relative: str) -> str:
    """:func:`display_path` of a path written in the data file ``base`` of the game whose manifest is ``manifest``,
    after checking it stays inside the workspace (:func:`modgen.inputs.confine`; OutsideWorkspace if not)."""
    inputs.confine(inputs.workspace_of(manifest), os.path.dirname(base) or ".", relative)
    return display_path(base, relative)


def load_doc(kind: str, path: str, report: Report, referrer: Doc | None = None, ref_ptr: str = "") -> Doc | None:
    """Load one JSON file; on failure add an issue (at the referring pointer for a missing file) and return None."""
    report.files.append(path)
    try:
        located = load(path)
    except JSONLimitError as exc:
        report.issues.append(Issue(path, exc.line, exc.column, None, exc.reason))
        return None
    except JSONSyntaxError as exc:
        report.issues.append(Issue(path, exc.line, exc.column, None, f"invalid JSON: {exc.reason}"))
        return None
    except (DataError, LimitError) as exc:
        message = str(exc).removeprefix(f"{path}: ").removeprefix(f"{path}")
        if referrer is not None:
            report.add(referrer, ref_ptr, f"{message.lstrip(': ')}: {path}")
        else:
            report.issues.append(Issue(path, 1, 1, None, message.lstrip(": ")))
        return None
    doc = Doc(kind, path, located)
    for ptr, offset in located.duplicate_keys:
        line, col = located.line_col(offset)
        report.issues.append(Issue(path, line, col, ptr, "duplicate key (the later value silently wins)"))
    for ptr, offset, message in located.bad_strings:
        line, col = located.line_col(offset)
        report.issues.append(Issue(path, line, col, ptr, message))
    if not isinstance(located.value, dict):
        report.add(doc, "", f"expected a JSON object at the top level, got {_json_type(located.value)}")
        return None
    return doc


@dataclass
class Workspace:
    """Every document of a game as loaded for validation (any of them may be missing if it failed to load)."""

    manifest: Doc | None
    counters: Doc | None = None
    maps: list[Doc] = field(default_factory=list)
    scenarios: list[Doc] = field(default_factory=list)
    incomplete: set[str] = field(default_factory=set)  # kinds with a file that failed to load ("map", …)


def _ref(manifest: Doc, ptr: str, rel: str, report: Report) -> str | None:
    """The display path of the file ``rel`` named at ``ptr`` of the manifest, or None (reported there) if it
    leaves the workspace."""
    try:
        return confined_path(manifest.path, manifest.path, rel)
    except inputs.OutsideWorkspace as exc:
        report.add(manifest, ptr, str(exc))
        return None


def load_workspace(manifest_path: str | Path, report: Report) -> Workspace:
    """Load a manifest and every file it names, reporting files that are missing, not JSON, or outside the
    workspace (:func:`modgen.inputs.confine`: files named in the data may not leave the manifest's workspace)."""
    path = str(manifest_path)
    manifest = load_doc("game", path, report)
    ws = Workspace(manifest)
    if manifest is None:
        return ws
    files = manifest.value.get("files")
    if not isinstance(files, dict):
        return ws
    counters = files.get("counters")
    if isinstance(counters, str) and counters:
        shown = _ref(manifest, "/files/counters", counters, report)
        ws.counters = None if shown is None else load_doc("counters", shown, report, manifest, "/files/counters")
        if ws.counters is None:
            ws.incomplete.add("counters")
    for key, kind, target in (("maps", "map", ws.maps), ("scenarios", "scenario", ws.scenarios)):
        refs = files.get(key)
        if not isinstance(refs, list):
            continue
        for i, rel in enumerate(refs):
            if isinstance(rel, str) and rel:
                shown = _ref(manifest, f"/files/{key}/{i}", rel, report)
                doc = None if shown is None else load_doc(kind, shown, report, manifest, f"/files/{key}/{i}")
                if doc is not None:
                    target.append(doc)
                else:
                    ws.incomplete.add(kind)
    return ws


def rules_schema_issues(doc: Doc, rules_schema: dict[str, Any], system_id: str, report: Report,
                        skip: frozenset[str] = frozenset()) -> None:
    """Validate the manifest's ``rules`` object against the plugin's ``rules_schema()``."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        validator, problem = _rules_validator(json.dumps(rules_schema, sort_keys=True))
    except (TypeError, ValueError):  # not JSON-shaped at all: let jsonschema say what is wrong, as before
        validator, problem = None, None
        try:
            Draft202012Validator.check_schema(rules_schema)
        except SchemaError as exc:
            problem = exc.message
        validator = Draft202012Validator(rules_schema) if problem is None else None
    if validator is None:
        report.add(doc, "/system", f"the {system_id!r} plugin's rules schema is itself invalid: {problem}")
        return
    if "rules" not in doc.value:
        if not validator.is_valid({}):
            report.add(doc, "", f"missing required property \"rules\" (the {system_id!r} system needs rule tables)")
        return
    check_against(validator, doc, "/rules", report, skip)
