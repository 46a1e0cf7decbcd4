"""The canonical event log: JSON Lines, one ``{"type": …}`` object per line (``schema/events.schema.json``).

Reading never raises on a single bad line half-way: :func:`read_events` collects every problem and raises one
:class:`~modgen.errors.LogFormatError` naming the file, line and field of the first few. :func:`write_events` writes
through :mod:`modgen.atomic`. Validation uses a fast structural check derived from the schema (required fields and
their JSON types per event type); :func:`validate_strict` runs the full JSON Schema.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from modgen import atomic, inputs, limits
from modgen.data.schemacheck import compile_schema
from modgen.errors import DataError, LogFormatError
from modgen.resources import schema_path

Event = dict[str, Any]

_JSON_TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
    "null": type(None),
}


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The canonical event JSON Schema."""
    return json.loads(schema_path("events").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def event_types() -> dict[str, dict[str, Any]]:
    """Known event types -> their schema (``properties``, ``required``)."""
    return dict(schema()["$defs"])


def _type_ok(value: Any, spec: dict[str, Any]) -> bool:
    kinds = spec.get("type")
    if "enum" in spec:
        return value in spec["enum"]
    if kinds is None:
        return True
    if isinstance(kinds, str):
        kinds = [kinds]
    for k in kinds:
        py = _JSON_TYPES[k]
        if isinstance(value, bool) and k in ("integer", "number"):
            continue  # JSON booleans are not numbers
        if isinstance(value, py):
            return True
    return False


def _finite(value: Any) -> bool:
    """False for NaN and infinities, which Python's json module reads (``NaN``, ``Infinity``) but JSON does not have."""
    return not isinstance(value, float) or math.isfinite(value)


_MERGED: dict[int, tuple[Any, dict[str, dict[str, Any]]]] = {}  # id(system) -> (system, core + its kinds)


def types_for(system: Any = None) -> dict[str, dict[str, Any]]:
    """Known event types for a log of ``system`` (a :class:`~modgen.systems.base.RuleSystem`, or None for the core
    only): the core schema's types plus the ones the plugin declares in ``event_kinds()``. A plugin type that
    redefines a core type, or whose schema is not a valid JSON Schema object, is a DataError naming the plugin."""
    if system is None:
        return event_types()
    hit = _MERGED.get(id(system))
    if hit is not None and hit[0] is system:
        return hit[1]
    kinds = dict(getattr(system, "event_kinds", dict)() or {})
    who = f"rule system {getattr(system, 'id', '') or type(system).__name__!r}"
    clash = sorted(set(kinds) & set(event_types()))
    if clash:
        raise DataError(f"{who} redefines the core event type(s) {', '.join(clash)}; choose other names")
    for name, spec in kinds.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("properties", {}), dict):
            raise DataError(f"{who}: event type {name!r} needs a JSON Schema object with 'properties'")
        if compile_schema(spec, strict=True) is not None:
            continue  # well-formed, known keywords only: jsonschema's meta-schema check would pass (schemacheck)
        from jsonschema import Draft202012Validator, SchemaError

        try:
            Draft202012Validator.check_schema(spec)
        except SchemaError as exc:
            raise DataError(f"{who}: event type {name!r} has an invalid schema: {exc.message}") from None
    merged = {**event_types(), **kinds}
    _MERGED[id(system)] = (system, merged)
    return merged


def schema_for(system: Any = None) -> dict[str, Any]:
    """The event JSON Schema for a log of ``system``: the core schema with the plugin's types merged in."""
    core = schema()
    extra = {k: v for k, v in types_for(system).items() if k not in core["$defs"]}
    if not extra:
        return core
    merged = json.loads(json.dumps(core))
    merged["$defs"].update(extra)
    merged["properties"]["type"]["anyOf"][0]["enum"] += sorted(extra)
    merged["allOf"] += [{"if": {"properties": {"type": {"const": k}}, "required": ["type"]},
                         "then": {"$ref": f"#/$defs/{k}"}} for k in sorted(extra)]
    return merged


def event_problems(event: Any, types: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """Every structural problem of one event, as ``"/field: message"`` strings (empty when it is valid).
    ``types``: the known event types (:func:`types_for` a rule system; default: the core's)."""
    if not isinstance(event, dict):
        return ["/: an event must be a JSON object"]
    etype = event.get("type")
    if not isinstance(etype, str):
        return ["/type: missing or not a string"]
    if etype.startswith("x-"):
        return []
    types = event_types() if types is None else types
    spec = types.get(etype)
    if spec is None:
        return [f"/type: unknown event type {etype!r} (known: {', '.join(sorted(types))})"]
    problems = []
    for name in spec.get("required", []):
        if name not in event:
            problems.append(f"/{name}: {etype} event needs {name!r}")
    for name, pspec in spec.get("properties", {}).items():
        if name in event and not _type_ok(event[name], pspec):
            want = pspec.get("enum") or pspec.get("type")
            problems.append(f"/{name}: {event[name]!r} is not {want}")
            continue
        if name in event and not _finite(event[name]):
            problems.append(f"/{name}: {event[name]!r} is not a finite number")
            continue
        if name in event and isinstance(event[name], list):
            lo, hi = pspec.get("minItems"), pspec.get("maxItems")
            if lo is not None and len(event[name]) < lo:
                problems.append(f"/{name}: needs at least {lo} item(s)")
            if hi is not None and len(event[name]) > hi:
                problems.append(f"/{name}: takes at most {hi} item(s)")
        items = pspec.get("items")
        if items and name in event:
            for j, item in enumerate(event[name]):
                if not _type_ok(item, items):
                    problems.append(f"/{name}/{j}: {item!r} is not {items.get('type')}")
                elif not _finite(item):
                    problems.append(f"/{name}/{j}: {item!r} is not a finite number")
    return problems


def move_positions(event: Event) -> tuple[list[float] | None, list[float] | None, float | None]:
    """``(from_pos, to_pos, facing)`` of a table move (inches, degrees); ``pos`` is read as an alias of ``to_pos``.
    Each is None when the event does not give it (hex moves give none)."""
    to = event.get("to_pos", event.get("pos"))
    return event.get("from_pos"), to, event.get("facing")


def loss_eliminates(event: Event) -> bool:
    """Whether a ``loss`` event removes its unit: ``eliminated`` when given, else when it names no ``steps`` (a loss
    of steps leaves the unit on the map; its elimination is explicit in the log)."""
    return bool(event.get("eliminated", not event.get("steps")))


class _Refused(ValueError):
    """A JSON value modgen will not hold (a huge integer, a non-finite number); the message says which."""


class _Decoder:
    """``json.loads`` for the lines of one log, refusing what would cost time or memory: integers longer than the
    ``int_digits`` limit, and nesting deeper than the ``json_depth`` limit (checked before parsing, so 100,000 ``[``
    cost no recursion). It notes whether a line held ``NaN``, an infinity or a number that overflows (``1e999``), so
    only those lines are searched for the field to name (:func:`_nonfinite`). Limits are read once per log."""

    def __init__(self) -> None:
        self.max_depth = limits.get("json_depth")
        self.max_digits = limits.get("int_digits")
        self.odd = False
        self._shared: dict[str, str] = {}
        self._json = json.JSONDecoder(parse_int=self._int, parse_float=self._float, parse_constant=self._constant)

    def __call__(self, line: str) -> Any:
        if line.count("[") + line.count("{") > self.max_depth and _depth(line) > self.max_depth:
            raise limits.breach("json_depth", "line", f"nested more than {self.max_depth} levels")
        self.odd = False
        value = self._json.decode(line)
        if isinstance(value, dict):
            # json makes fresh key strings on every line: share them (and short values such as "chat") across the
            # log, a third less memory per event in a long log; the table is bounded against hostile unique keys
            share = self._shared if len(self._shared) < 4096 else {}
            value = {share.setdefault(k, k): (share.setdefault(v, v) if type(v) is str and len(v) < 24 else v)
                     for k, v in value.items()}
        return value

    def _int(self, text: str) -> int:
        digits = len(text) - text.startswith("-")
        if digits > self.max_digits:
            raise limits.breach("int_digits", "line", f"an integer of {digits:,} digits")
        try:
            return int(text)
        except ValueError as exc:  # past Python's own int_max_str_digits when int_digits was raised that far
            raise _Refused(f"integer of {digits:,} digits: {exc}") from None

    def _float(self, text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            self.odd = True
        return value

    def _constant(self, text: str) -> float:
        self.odd = True
        return float(text)


def _depth(line: str) -> int:
    """Deepest array/object nesting of a JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for ch in re.sub(r'"(?:[^"\\]|\\.)*"', "", line):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _nonfinite(value: Any, pointer: str = "") -> str | None:
    """``"/pointer: x is not a finite number"`` for the first NaN or infinity anywhere in *value*, else None.
    (The json module reads ``NaN``/``Infinity`` and turns ``1e999`` into infinity; events must stay finite.)"""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{pointer or '/'}: {value!r} is not a finite number"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _nonfinite(item, f"{pointer}/{key}")
        if found:
            return found
    return None


def _parse(lines: Iterable[tuple[int, str]], filename: str, max_events: int | None, system: Any) -> list[Event]:
    """The events of numbered lines; problems are collected (the first three shown) and raised as one error."""
    types = types_for(system)
    cap = max_events if max_events is not None else limits.get("log_events")
    loads = _Decoder()
    events: list[Event] = []
    errors: list[str] = []
    n_errors = 0
    for lineno, line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(events) + n_errors >= cap:
            lim = limits.LIMITS["log_events"]
            raise limits.LimitError(
                f"{filename}:{lineno}: more than {cap:,} events, the {lim.name} limit; raise it with "
                f"--limit {lim.name}=N or {lim.env}=N if the log is genuine")
        try:
            event = loads(stripped)
        except json.JSONDecodeError as exc:
            problems = [f":{exc.colno}: invalid JSON: {exc.msg}"]
        except limits.LimitError as exc:
            raise limits.LimitError(f"{filename}:{lineno}: {str(exc).removeprefix('line: ')}") from None
        except (_Refused, RecursionError) as exc:
            problems = [f": {exc if isinstance(exc, _Refused) else 'nested too deeply'}"]
        else:
            problems = [f": {p}" for p in event_problems(event, types)]
            if not problems and loads.odd and (bad := _nonfinite(event)):
                problems = [f": {bad}"]
        if problems:
            n_errors += 1
            if len(errors) < 3:
                errors.extend(f"{filename}:{lineno}{p}" for p in problems[:3 - len(errors)])
            continue
        event.setdefault("i", len(events))
        event.setdefault("source", {"file": filename, "offset": lineno})
        events.append(event)
    if errors:
        more = f" (and {n_errors - 1} more line(s) with problems)" if n_errors > 1 else ""
        raise LogFormatError("; ".join(errors) + more)
    return events


def parse_lines(text: str, filename: str = "<log>", system: Any = None, *,
                max_events: int | None = None) -> list[Event]:
    """Parse JSON Lines text into events (blank lines and ``#`` comment lines skipped); LogFormatError on any problem.

    ``system``: the game's rule system, whose own event types are then valid too.
    Each event gets ``i`` (its 0-based index) when it has none, and ``source`` ``{"file", "offset": line}``. More than
    ``max_events`` events (default: the ``log_events`` limit) is a LimitError naming the line.
    """
    # split on "\n" only: str.splitlines would also break at U+2028 and friends, which JSON allows inside strings
    return _parse(enumerate(text.split("\n"), start=1), filename, max_events, system)


def _decoded_lines(lines: Iterable[bytes], filename: str) -> Iterator[tuple[int, str]]:
    """Numbered UTF-8 lines of a byte stream (a BOM at the start is dropped); an invalid byte names its offset."""
    offset = 0
    for lineno, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"{filename}: not UTF-8 text ({exc.reason} at byte {offset + exc.start})") from None
        offset += len(raw)
        yield lineno, text


def read_events(path: str | os.PathLike[str], system: Any = None, *, max_events: int | None = None) -> list[Event]:
    """Read and validate a canonical ``.jsonl`` log file of ``system`` (see :func:`parse_lines`), line by line
    (never the whole file at once).

    The file must be a regular file no larger than the ``file_mb`` limit; ``max_events`` caps the events (default:
    the ``log_events`` limit).
    """
    name = os.fspath(path)
    with inputs.open_regular(name, name, noun="log file", error=LogFormatError) as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > limits.get("file_mb") * 1024 * 1024:
            raise limits.breach("file_mb", name, f"{size / (1024 * 1024):.1f} MiB")
        return _parse(_decoded_lines(fh, name), name, max_events, system)


def parse_bytes(data: bytes, filename: str = "<log>", system: Any = None, *,
                max_events: int | None = None) -> list[Event]:
    """Decode UTF-8 bytes and parse them as a canonical log (line by line; ``system`` and ``max_events`` as
    :func:`read_events`)."""
    return _parse(_decoded_lines(io.BytesIO(data), filename), filename, max_events, system)


def dumps(event: Event) -> str:
    """One event as a compact JSON line (no trailing newline); ``source`` is dropped, it describes another file.
    A NaN or infinity anywhere is a LogFormatError (JSON has neither)."""
    try:
        return json.dumps({k: v for k, v in event.items() if k != "source"}, ensure_ascii=False,
                          separators=(", ", ": "), allow_nan=False)
    except ValueError:
        raise LogFormatError(f"event {event.get('i', '?')}: {_nonfinite(event) or 'a number is not finite'}") from None


def iter_lines(events: Iterable[Event], system: Any = None) -> Iterator[str]:
    """Events as JSON Lines, each ending in a newline; raises LogFormatError on an invalid event."""
    types = types_for(system)
    for n, event in enumerate(events):
        problems = event_problems(event, types)
        if problems:
            raise LogFormatError(f"event {n}: {problems[0]}")
        yield dumps(event) + "\n"


def write_events(path: str | os.PathLike[str], events: Iterable[Event], system: Any = None) -> None:
    """Validate and atomically write events as JSON Lines."""
    atomic.write_text(path, "".join(iter_lines(events, system)))


def validate_strict(events: Iterable[Event], system: Any = None) -> list[str]:
    """Full JSON Schema validation (with ``system``'s event types); returns ``"event N: /pointer: message"``."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(schema_for(system))
    out = []
    for n, event in enumerate(events):
        for err in validator.iter_errors(event):
            pointer = "/" + "/".join(str(p) for p in err.absolute_path)
            out.append(f"event {n}: {pointer}: {err.message}")
    return out
