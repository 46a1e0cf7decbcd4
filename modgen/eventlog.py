"""The canonical event log: JSON Lines, one ``{"type": …}`` object per line (``schema/events.schema.json``).

Reading never raises on a single bad line half-way: :func:`read_events` collects every problem and raises one
:class:`~modgen.errors.LogFormatError` naming the file, line and field of the first few. :func:`write_events` writes
through :mod:`modgen.atomic`. Validation uses a fast structural check derived from the schema (required fields and
their JSON types per event type); :func:`validate_strict` runs the full JSON Schema.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any, BinaryIO

from modgen import atomic
from modgen.errors import LogFormatError
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


def event_problems(event: Any) -> list[str]:
    """Every structural problem of one event, as ``"/field: message"`` strings (empty when it is valid)."""
    if not isinstance(event, dict):
        return ["/: an event must be a JSON object"]
    etype = event.get("type")
    if not isinstance(etype, str):
        return ["/type: missing or not a string"]
    if etype.startswith("x-"):
        return []
    spec = event_types().get(etype)
    if spec is None:
        return [f"/type: unknown event type {etype!r} (known: {', '.join(sorted(event_types()))})"]
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


def parse_lines(text: str, filename: str = "<log>") -> list[Event]:
    """Parse JSON Lines text into events (blank lines and ``#`` comment lines skipped); LogFormatError on any problem.

    Each event gets ``i`` (its 0-based index) when it has none, and ``source`` ``{"file", "offset": line}``.
    """
    events: list[Event] = []
    errors: list[str] = []
    # split on "\n" only: str.splitlines would also break at U+2028 and friends, which JSON allows inside strings
    for lineno, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            event = json.loads(stripped)
        except json.JSONDecodeError as exc:
            errors.append(f"{filename}:{lineno}:{exc.colno}: invalid JSON: {exc.msg}")
            continue
        problems = event_problems(event)
        if problems:
            errors.extend(f"{filename}:{lineno}: {p}" for p in problems)
            continue
        event.setdefault("i", len(events))
        event.setdefault("source", {"file": filename, "offset": lineno})
        events.append(event)
    if errors:
        more = f" (and {len(errors) - 3} more problems)" if len(errors) > 3 else ""
        raise LogFormatError("; ".join(errors[:3]) + more)
    return events


def read_events(path: str | os.PathLike[str]) -> list[Event]:
    """Read and validate a canonical ``.jsonl`` log file."""
    name = os.fspath(path)
    try:
        data = open(name, "rb").read()
    except FileNotFoundError:
        raise LogFormatError(f"{name}: file not found") from None
    return parse_bytes(data, name)


def open_regular(path: str | os.PathLike[str], label: str) -> BinaryIO:
    """Open *path* for reading only if it is a regular file (open, then ``fstat`` the open file: no check-then-open
    race). A FIFO is opened non-blocking so that a writer-less FIFO cannot hang us; devices, FIFOs and directories
    are a LogFormatError naming *label*."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise LogFormatError(f"{label}: cannot open: file not found") from None
    except OSError as exc:
        raise LogFormatError(f"{label}: cannot open ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket")
            raise LogFormatError(f"{label}: is {kind}, not a regular file; logs are read from regular files only")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def parse_bytes(data: bytes, filename: str = "<log>") -> list[Event]:
    """Decode UTF-8 bytes and parse them as a canonical log."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogFormatError(f"{filename}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return parse_lines(text, filename)


def dumps(event: Event) -> str:
    """One event as a compact JSON line (no trailing newline); ``source`` is dropped, it describes another file."""
    return json.dumps({k: v for k, v in event.items() if k != "source"}, ensure_ascii=False, separators=(", ", ": "))


def iter_lines(events: Iterable[Event]) -> Iterator[str]:
    """Events as JSON Lines, each ending in a newline; raises LogFormatError on an invalid event."""
    for n, event in enumerate(events):
        problems = event_problems(event)
        if problems:
            raise LogFormatError(f"event {n}: {problems[0]}")
        yield dumps(event) + "\n"


def write_events(path: str | os.PathLike[str], events: Iterable[Event]) -> None:
    """Validate and atomically write events as JSON Lines."""
    atomic.write_text(path, "".join(iter_lines(events)))


def validate_strict(events: Iterable[Event]) -> list[str]:
    """Full JSON Schema validation; returns ``"event N: /pointer: message"`` strings."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(schema())
    out = []
    for n, event in enumerate(events):
        for err in validator.iter_errors(event):
            pointer = "/" + "/".join(str(p) for p in err.absolute_path)
            out.append(f"event {n}: {pointer}: {err.message}")
    return out
