"""JSON parsing that remembers where every value and key is, so errors can say ``file:line:column``.

The standard library's ``json`` gives positions only for syntax errors. Validation errors must point at the
offending value too, so this module has a small recursive-descent parser (strict RFC 8259 JSON, no NaN, no
comments, no trailing commas) that records the character offset of every value and every object key by its
JSON pointer. Lines and columns are 1-based; columns count characters (code points), as editors show them.
We wrote our own rather than depend on a library because none of the well-kept ones (json, orjson, simplejson)
exposes value positions, and the grammar is small.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen.errors import DataError

MAX_DEPTH = 200  # deeper nesting is certainly a mistake in game data, and would exhaust Python's stack

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')
_LITERALS = {"true": True, "false": False, "null": None}


def escape_token(token: str) -> str:
    """Escape one reference token for a JSON pointer (RFC 6901: ``~`` -> ``~0``, ``/`` -> ``~1``)."""
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    """Build a JSON pointer from reference tokens: ``pointer("counters", 3, "id") == "/counters/3/id"``."""
    return "".join("/" + escape_token(str(t)) for t in tokens)


class JSONSyntaxError(DataError):
    """A file is not valid JSON. ``line``/``column`` (1-based) locate the fault."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: invalid JSON: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.reason = message


@dataclass
class Located:
    """A parsed JSON document with the position of every value and key, by JSON pointer."""

    value: Any
    path: str = "<string>"
    value_offsets: dict[str, int] = field(default_factory=dict)
    key_offsets: dict[str, int] = field(default_factory=dict)
    duplicate_keys: list[tuple[str, int]] = field(default_factory=list)  # (pointer of the repeated key, offset)
    _line_starts: list[int] = field(default_factory=lambda: [0], repr=False)

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        i = bisect.bisect_right(self._line_starts, offset) - 1
        return i + 1, offset - self._line_starts[i] + 1

    def position(self, ptr: str) -> tuple[int, int]:
        """Where the value at ``ptr`` starts; for a pointer that does not exist (a missing property),
        the position of its nearest existing ancestor."""
        while True:
            if ptr in self.value_offsets:
                return self.line_col(self.value_offsets[ptr])
            if not ptr:
                return 1, 1
            ptr = ptr[: ptr.rfind("/")]

    def key_position(self, ptr: str) -> tuple[int, int]:
        """Where the key of the member at ``ptr`` starts (falls back to :meth:`position`)."""
        if ptr in self.key_offsets:
            return self.line_col(self.key_offsets[ptr])
        return self.position(ptr)


class _Parser:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.values: dict[str, int] = {}
        self.keys: dict[str, int] = {}
        self.duplicates: list[tuple[str, int]] = []
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def fail(self, offset: int, message: str) -> JSONSyntaxError:
        i = bisect.bisect_right(self.line_starts, offset) - 1
        return JSONSyntaxError(self.path, i + 1, offset - self.line_starts[i] + 1, message)

    def ws(self, i: int) -> int:
        return _WS.match(self.text, i).end()

    def describe(self, i: int) -> str:
        if i >= len(self.text):
            return "end of file"
        return repr(self.text[i])

    def parse(self) -> Any:
        i = self.ws(0)
        if i >= len(self.text):
            raise self.fail(i, "the file is empty; expected a JSON value")
        value, i = self.value(i, "", 0)
        i = self.ws(i)
        if i < len(self.text):
            raise self.fail(i, f"unexpected {self.describe(i)} after the JSON value (extra data)")
        return value

    def value(self, i: int, ptr: str, depth: int) -> tuple[Any, int]:
        text = self.text
        if i >= len(text):
            raise self.fail(i, "unexpected end of file; expected a value")
        self.values[ptr] = i
        c = text[i]
        if c == "{":
            return self.obj(i, ptr, depth + 1)
        if c == "[":
            return self.arr(i, ptr, depth + 1)
        if c == '"':
            return self.string(i)
        m = _NUMBER.match(text, i)
        if m:
            s = m.group()
            end = m.end()
            if end < len(text) and (text[end].isalnum() or text[end] in "._"):
                raise self.fail(end, f"invalid number {text[i:end + 1]!r}")
            return (int(s) if s.isdigit() or (s[0] == "-" and s[1:].isdigit()) else float(s)), end
        for word, val in _LITERALS.items():
            if text.startswith(word, i):
                return val, i + len(word)
        word = re.match(r"[A-Za-z_]\w*", text[i:])
        if word:
            hint = "JSON spells them true, false, null" if word.group() in ("True", "False", "None") else \
                "strings need double quotes"
            raise self.fail(i, f"unexpected word {word.group()!r}; expected a value ({hint})")
        if c == "'":
            raise self.fail(i, "strings need double quotes, not single quotes")
        if c in "]}":
            raise self.fail(i, f"unexpected {c!r}; expected a value")
        raise self.fail(i, f"unexpected {self.describe(i)}; expected a value")

    def string(self, i: int) -> tuple[str, int]:
        m = _STRING.match(self.text, i)
        if m:
            raw = m.group()
            if "\\" not in raw:  # no escapes: the text between the quotes is the value (the common case, fast)
                return raw[1:-1], m.end()
            try:
                return json.loads(raw), m.end()
            except ValueError:  # a lone surrogate escape json refuses; cannot happen with strict=True, kept safe
                raise self.fail(i, "invalid string") from None
        # find the fault for a precise position
        j = i + 1
        text = self.text
        while j < len(text):
            ch = text[j]
            if ch == '"':
                break
            if ch == "\\":
                if text[j + 1: j + 2] == "u":
                    if not re.match(r"[0-9a-fA-F]{4}", text[j + 2: j + 6]):
                        raise self.fail(j, "invalid \\u escape (needs four hex digits)")
                    j += 6
                    continue
                if j + 1 >= len(text) or text[j + 1] not in '"\\/bfnrt':
                    raise self.fail(j, f"invalid escape {text[j:j + 2]!r} in string")
                j += 2
                continue
            if ch == "\n":
                raise self.fail(i, "unterminated string (a string cannot span lines)")
            if ord(ch) < 0x20:
                raise self.fail(j, f"control character U+{ord(ch):04X} in string (escape it)")
            j += 1
        raise self.fail(i, "unterminated string")

    def obj(self, i: int, ptr: str, depth: int) -> tuple[dict[str, Any], int]:
        if depth > MAX_DEPTH:
            raise self.fail(i, f"nested more than {MAX_DEPTH} levels deep")
        text = self.text
        result: dict[str, Any] = {}
        i = self.ws(i + 1)
        if text.startswith("}", i):
            return result, i + 1
        while True:
            if i >= len(text):
                raise self.fail(i, "unexpected end of file inside an object; expected a key or '}'")
            if text[i] != '"':
                if text[i] == "}":
                    raise self.fail(i, "trailing comma before '}'")
                raise self.fail(i, f"expected a key in double quotes, got {self.describe(i)}")
            key_at = i
            key, i = self.string(i)
            member = ptr + "/" + (escape_token(key) if "~" in key or "/" in key else key)
            if key in result:
                self.duplicates.append((member, key_at))
                # the later value wins (as in json.loads); forget the positions inside the earlier one
                for stale in [k for k in self.values if k.startswith(member + "/")]:
                    del self.values[stale]
            self.keys[member] = key_at
            i = self.ws(i)
            if not text.startswith(":", i):
                raise self.fail(i, f"expected ':' after key {key!r}, got {self.describe(i)}")
            i = self.ws(i + 1)
            result[key], i = self.value(i, member, depth)
            i = self.ws(i)
            if text.startswith(",", i):
                i = self.ws(i + 1)
                continue
            if text.startswith("}", i):
                return result, i + 1
            if i >= len(text):
                raise self.fail(i, "unexpected end of file; expected ',' or '}' (unclosed object)")
            raise self.fail(i, f"expected ',' or '}}' after the value of {key!r}, got {self.describe(i)}")

    def arr(self, i: int, ptr: str, depth: int) -> tuple[list[Any], int]:
        if depth > MAX_DEPTH:
            raise self.fail(i, f"nested more than {MAX_DEPTH} levels deep")
        text = self.text
        result: list[Any] = []
        i = self.ws(i + 1)
        if text.startswith("]", i):
            return result, i + 1
        while True:
            if text.startswith("]", i):
                raise self.fail(i, "trailing comma before ']'")
            item, i = self.value(i, f"{ptr}/{len(result)}", depth)
            result.append(item)
            i = self.ws(i)
            if text.startswith(",", i):
                i = self.ws(i + 1)
                continue
            if text.startswith("]", i):
                return result, i + 1
            if i >= len(text):
                raise self.fail(i, "unexpected end of file; expected ',' or ']' (unclosed array)")
            raise self.fail(i, f"expected ',' or ']' after an array item, got {self.describe(i)}")


def loads(text: str, path: str = "<string>") -> Located:
    """Parse JSON text; raises :class:`JSONSyntaxError` (with line and column) if it is not valid JSON."""
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark some editors write; harmless, skip it
        text = " " + text[1:]  # keep columns as the editor shows them
    parser = _Parser(text, path)
    value = parser.parse()
    return Located(value=value, path=path, value_offsets=parser.values, key_offsets=parser.keys,
                   duplicate_keys=parser.duplicates, _line_starts=parser.line_starts)


def load(path: str | Path) -> Located:
    """Read and parse a JSON file. Missing files, directories, non-UTF-8 bytes and syntax errors raise
    DataError naming the file (and line:column where there is one)."""
    name = str(path)
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{name}: file not found") from None
    except IsADirectoryError:
        raise DataError(f"{name}: is a directory, not a JSON file") from None
    except PermissionError:
        raise DataError(f"{name}: permission denied") from None
    except OSError as exc:
        if p.is_dir():
            raise DataError(f"{name}: is a directory, not a JSON file") from None
        raise DataError(f"{name}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1: exc.start].decode("utf-8", "replace")) + 1
        raise JSONSyntaxError(name, line, col, f"not UTF-8 text (byte 0x{data[exc.start]:02x})") from None
    return loads(text, name)
