"""Spreadsheet columns <-> fields of a JSON record, typed by the JSON Schema (docs/spreadsheets.md).

A column header is a field's dotted path inside the record: ``id``, ``symbol.types``, ``source.rule``,
``faces.front.values.attack``. The schema says what a cell holds: a number where the field is a number, a list where
it is an array (items separated by ``;``), text otherwise; ``null`` where null is allowed; a cell that starts with
``[``, ``{`` or ``"`` is read as JSON (lists of objects, text that looks like a number). Writing picks, for every
value, the plain form when reading it back gives the same value, else the JSON form, so export then import is
lossless.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from modgen import limits
from modgen.data import jsonio
from modgen.data.documents import did_you_mean
from modgen.errors import DataError

MISSING = object()  # an empty cell: the field is left as it is
_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")


class Fields:
    """The fields of one record kind, from the schema of that record (``root``) and the schema's ``$defs``."""

    def __init__(self, root: dict[str, Any], defs: dict[str, Any], what: str) -> None:
        self.root, self.defs, self.what = root, defs, what

    def resolve(self, node: Any) -> dict[str, Any]:
        """``node`` with a local ``$ref`` replaced by its definition (its own keys win)."""
        if not isinstance(node, dict):
            return {}
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return {**self.resolve(self.defs.get(ref.rsplit("/", 1)[1], {})), **{k: v for k, v in node.items()
                                                                               if k != "$ref"}}
        return node

    def _branches(self, node: dict[str, Any]) -> list[dict[str, Any]]:
        node = self.resolve(node)
        out = [node]
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in node.get(key, []) or []:
                out.extend(self._branches(sub))
        return out

    def child(self, node: dict[str, Any] | None, key: str) -> dict[str, Any] | None:
        """The schema of property ``key`` of an object schema; ``{}`` (anything) under free-form objects; None if
        the schema has no such property."""
        if node is None:
            return None
        for branch in self._branches(node):
            props = branch.get("properties") or {}
            if key in props:
                return self.resolve(props[key])
            for pattern, sub in (branch.get("patternProperties") or {}).items():
                if re.search(pattern, key):
                    return self.resolve(sub)
            extra = branch.get("additionalProperties")
            if isinstance(extra, dict):
                return self.resolve(extra)
            if branch.get("type") == "object" and "properties" not in branch and extra is None:
                return {}  # free-form object (the "x" extension point)
        return None

    def at(self, path: str, what: str = "column") -> dict[str, Any]:
        """The schema of the field at dotted ``path``; a DataError naming the ``what`` (the column, or a mapping's
        default) if there is none. Names in the message are cut (a header can be megabytes long)."""
        node: dict[str, Any] | None = self.root
        for i, key in enumerate(path.split(".")):
            if not key:
                raise DataError(f"{what} {quoted(path)}: an empty name between dots")
            nxt = self.child(node, key)
            if nxt is None:
                known = sorted(self.names(node))
                prefix = ".".join(path.split(".")[:i])
                hint = did_you_mean(key, known)
                where = f" of {quoted(prefix)}" if prefix else ""
                raise DataError(f"{what} {quoted(path)}: {quoted(key)} is not a field{where} of a {self.what}{hint}")
            node = nxt
        return node or {}

    def names(self, node: dict[str, Any] | None) -> set[str]:
        return {k for b in self._branches(node or {}) for k in (b.get("properties") or {})}

    def types(self, node: dict[str, Any]) -> set[str] | None:
        """JSON types the schema allows (``integer`` implies a whole number); None when it allows anything."""
        found: set[str] = set()
        for branch in self._branches(node):
            kind = branch.get("type")
            if isinstance(kind, str):
                found.add(kind)
            elif isinstance(kind, list):
                found.update(kind)
            for value in [*(branch.get("enum") or []), *([branch["const"]] if "const" in branch else [])]:
                found.add(_json_type(value))
            if "$ref" in branch or "properties" in branch:
                found.add("object")
        return found or None

    def items(self, node: dict[str, Any]) -> dict[str, Any]:
        for branch in self._branches(node):
            if isinstance(branch.get("items"), dict):
                return self.resolve(branch["items"])
        return {}


def quoted(text: str) -> str:
    """``text`` (a header, a field path, an id) quoted for a message, cut to 60 characters."""
    return jsonio.short(text, 60)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "string")


def parse_cell(cell: Any, fields: Fields, node: dict[str, Any]) -> Any:
    """The JSON value of one cell for a field of schema ``node``; MISSING for an empty cell. ValueError if the text
    cannot be that field's type (the message says what was expected), or if the value is one game data may not hold
    (what :mod:`modgen.data.jsonio` refuses when the file is read back: NaN and infinities, integers past
    ``int_digits``, strings past ``string_mb`` or with a forbidden character, JSON nested past ``json_depth``)."""
    if cell is None or (isinstance(cell, str) and not cell.strip()):
        return MISSING
    types = fields.types(node)
    if isinstance(cell, bool):
        return cell
    if isinstance(cell, int | float):  # a typed cell of xlsx/ods
        if isinstance(cell, float) and not math.isfinite(cell):
            raise ValueError(f"{cell} is not a finite number (game data needs finite numbers)")
        if types is None or types & {"integer", "number"}:
            if isinstance(cell, int) or (cell.is_integer() and "number" not in (types or ())):
                return _whole(str(int(cell)))
            return cell
        cell = str(int(cell)) if isinstance(cell, float) and cell.is_integer() else str(cell)
    _text_ok(cell)
    text = cell.strip()
    if text[0] in '[{"':
        try:
            return _json_cell(text)
        except _NotJSON as exc:
            if text[0] != '"' or types is None or "string" not in types:
                raise ValueError(f"{jsonio.short(text)} starts like JSON but is not valid JSON ({exc})") from None
    if text == "null" and (types is None or "null" in types):
        return None
    if types is not None and "array" in types and not (types & {"string", "number", "integer"}):
        item = fields.items(node)
        parts = [p for p in (p.strip() for p in text.split(";")) if p]
        values = [parse_cell(p, fields, item) for p in parts]
        return values
    if types is None or types & {"integer", "number"}:
        if _INT.match(text):
            return _whole(text)
        if (types is None or "number" in types) and _FLOAT.match(text):
            number = float(text)
            if not math.isfinite(number):
                raise ValueError(f"{jsonio.short(text)} is out of range (it overflows to infinity)")
            return number
    if types is not None and "boolean" in types and text.lower() in ("true", "false"):
        return text.lower() == "true"
    if types is None or "string" in types:
        return cell if cell.strip() == cell else text
    wanted = " or ".join(sorted(t for t in types if t != "null"))
    raise ValueError(f"{text[:40]!r} is not {'an' if wanted[:1] in 'aeiou' else 'a'} {wanted}")


class _NotJSON(ValueError):
    """A cell that starts like JSON is not valid JSON (the reason is the message)."""


def _json_cell(text: str) -> Any:
    """The JSON value of a cell, read by the same careful parser as the data files (:func:`jsonio.loads`), so a
    cell holds nothing the written file could not be read back with; ValueError (a LimitError's words for a limit)
    if it may not, :class:`_NotJSON` if it is no JSON at all."""
    try:
        located = jsonio.loads(text, "cell")
        located.check_content()
    except jsonio.JSONLimitError as exc:
        raise ValueError(f"the JSON {jsonio.short(text)} {exc.reason}") from None
    except jsonio.JSONContentError as exc:
        raise ValueError(f"the JSON {jsonio.short(text)}: {jsonio.printable(exc.pointer) or '/'}: {exc.reason}") \
            from None
    except jsonio.JSONSyntaxError as exc:
        if "NaN" in exc.reason or "out of range" in exc.reason:  # valid text to Python, but not game data
            raise ValueError(f"the JSON {jsonio.short(text)}: {exc.reason}") from None
        raise _NotJSON(f"{exc.reason}, line {exc.line}, column {exc.column}") from None
    return located.value


def _whole(text: str) -> int:
    """The integer ``text``, unless it has more digits than the ``int_digits`` limit (the data file holding it would
    be refused when read back, and converting thousands of digits is quadratic)."""
    digits = len(text.lstrip("+-"))
    if digits > limits.get("int_digits"):
        raise ValueError(str(limits.breach("int_digits", jsonio.short(text), f"{digits:,} digits")))
    return int(text)


def _text_ok(text: str) -> None:
    """A ValueError unless game data may hold ``text``: at most ``string_mb``, no forbidden character."""
    if len(text) > limits.get("string_mb") * (1 << 20):
        raise ValueError(str(limits.breach("string_mb", "the cell", f"{len(text):,} characters")))
    bad = jsonio.BAD_CHARS.search(text)
    if bad:
        raise ValueError(f"the text contains {jsonio.describe_char(bad.group())}; game data may not contain it")


def format_cell(value: Any, fields: Fields, node: dict[str, Any]) -> str | int | float | bool:
    """A cell for ``value`` that :func:`parse_cell` reads back as the same value (plain text when it can)."""
    if isinstance(value, list) and all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in value):
        plain: Any = "; ".join(str(v) for v in value)
    elif isinstance(value, dict | list) or value is None:
        plain = json.dumps(value, ensure_ascii=False)
    else:
        plain = value
    for candidate in (plain, json.dumps(value, ensure_ascii=False)):
        try:
            back = parse_cell(candidate, fields, node)
            if back is not MISSING and value_equal(back, value):
                return candidate
        except ValueError:
            continue
    return json.dumps(value, ensure_ascii=False)


def value_equal(a: Any, b: Any) -> bool:
    """JSON equality that tells 1 from 1.0 from true (a round trip must keep the type)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def flatten(record: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``record``'s leaves by dotted path. An object whose keys contain a dot, or an empty one, stays one leaf."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value and not any("." in k for k in value):
            out.update(flatten(value, path + "."))
        else:
            out[path] = value
    return out


def set_path(record: dict[str, Any], path: str, value: Any) -> None:
    """Put ``value`` at dotted ``path`` in ``record``, creating the objects on the way."""
    keys = path.split(".")
    node = record
    for key in keys[:-1]:
        nxt = node.get(key)
        if not isinstance(nxt, dict):
            nxt = node[key] = {}
        node = nxt
    node[keys[-1]] = value


def merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``old`` with ``new``'s fields put in: objects merge key by key (old keys and their order stay), any other
    value replaces the old one."""
    out = dict(old)
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def changed_paths(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Dotted paths whose value differs between two records (added, changed or removed)."""
    a, b = flatten(old), flatten(new)
    return [p for p in dict.fromkeys([*a, *b]) if p not in a or p not in b or not value_equal(a[p], b[p])]


def dumps(value: Any, indent: int = 0, width: int = 120) -> str:
    """JSON laid out like the bundled data: a value on one line when it fits in ``width``, else one item a line."""
    one = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or (indent >= 4 and indent + len(one) <= width):
        return one
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        body = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps(v, indent + 2, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(body) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + dumps(v, indent + 2, width) for v in value) + "\n" + " " * indent + "]"
