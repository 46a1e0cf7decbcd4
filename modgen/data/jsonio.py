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
import math
import re
import sys
from array import array
from pathlib import Path
from typing import Any

from modgen import inputs, limits
from modgen.errors import DataError
from modgen.limits import LimitError

#: The default nesting limit (the ``json_depth`` limit in force applies; see :mod:`modgen.limits`).
MAX_DEPTH = limits.LIMITS["json_depth"].default

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
# Characters that may stand in a string as they are: one char-class repeat, which the regex engine runs in linear
# time and constant memory (the old alternation ``(?:[^"\\]|\\.)*`` kept a backtracking frame per character).
_PLAIN = re.compile(r'[^"\\\x00-\x1f]*')
_WORD = re.compile(r"[A-Za-z_]\w*")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_LITERALS = {"true": True, "false": False, "null": None}
_scanstring = json.decoder.scanstring  # the C scanner: linear, decodes escapes and pairs surrogates

#: Characters game data may not contain: C0/C1 controls but tab, newline and CR; DEL; lone surrogates; and the
#: Unicode noncharacters (U+FDD0..U+FDEF and the last two code points of every plane). XML (VASSAL's buildFile)
#: cannot hold most of them, text shaping chokes on them, and none is ever meant in a title or a name.
BAD_CHARS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
    + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(17)) + "]")


def describe_char(ch: str) -> str:
    """Words for a character :data:`BAD_CHARS` matches, e.g. ``"NUL (U+0000)"``."""
    code = ord(ch)
    if code == 0:
        return "NUL (U+0000)"
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate U+{code:04X} (half of a \\u escape pair)"
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"the control character U+{code:04X}"
    return f"the Unicode noncharacter U+{code:04X}"


def printable(text: str) -> str:
    """``text`` with every character of :data:`BAD_CHARS` written as a ``\\uXXXX`` escape, so a message quoting
    hostile data can always be printed (a lone surrogate cannot even be encoded as UTF-8)."""
    return BAD_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def short(token: str, limit: int = 40) -> str:
    """``token`` quoted for a message, cut to ``limit`` characters (a 5,000-digit number is not echoed whole)."""
    return repr(token if len(token) <= limit else token[:limit] + "…")


def escape_token(token: str) -> str:
    """Escape one reference token for a JSON pointer (RFC 6901: ``~`` -> ``~0``, ``/`` -> ``~1``)."""
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    """Build a JSON pointer from reference tokens: ``pointer("counters", 3, "id") == "/counters/3/id"``."""
    if not tokens:
        return ""
    strs = [t if isinstance(t, str) else str(t) for t in tokens]
    body = "/".join(strs)
    if "~" in body or body.count("/") != len(strs) - 1:  # a token to escape (rare): token by token
        return "".join("/" + escape_token(t) for t in strs)
    return "/" + body  # cross-reference checks build one per value checked, errors or not


class JSONSyntaxError(DataError):
    """A file is not valid JSON. ``line``/``column`` (1-based) locate the fault."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: invalid JSON: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.reason = message


class JSONLimitError(JSONSyntaxError, LimitError):
    """A JSON text past one of the limits (``json_depth``, ``int_digits``, ``string_mb``, ``json_values``), at
    ``line``/``column``: the message is the limit's (it names the limit and its override), ``reason`` the same
    without the location."""

    def __init__(self, path: str, line: int, column: int, name: str, shown: str) -> None:
        reason = str(limits.breach(name, "", shown)).removeprefix(": ")
        DataError.__init__(self, f"{path}:{line}:{column}: {reason}")
        self.path, self.line, self.column, self.reason, self.limit = path, line, column, reason, name


class JSONContentError(DataError):
    """Valid JSON holding a string game data may not contain (see :data:`BAD_CHARS`), at ``line``/``column``."""

    def __init__(self, path: str, line: int, column: int, ptr: str, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {printable(ptr) or '/'}: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.pointer = ptr
        self.reason = message


class Located:
    """A parsed JSON document with the position of every value and key, by JSON pointer.

    ``bad_strings`` lists (pointer, offset, message) for every string (or key) with a character game data may not
    hold; :func:`loads` records them, :func:`load_checked` raises on the first, ``modgen validate`` reports them all.

    A document the standard ``json`` module parsed cleanly (the usual case) keeps its text and finds positions only
    when one is asked for — an error to report — by parsing the text once more with the position-keeping parser.
    """

    def __init__(self, value: Any, path: str = "<string>", value_offsets: dict[str, int] | None = None,
                 key_offsets: dict[str, int] | None = None, duplicate_keys: list[tuple[str, int]] | None = None,
                 _line_starts: Any = None, bad_strings: list[tuple[str, int, str]] | None = None,
                 text: str | None = None) -> None:
        self.value = value
        self.path = path
        self.duplicate_keys = duplicate_keys if duplicate_keys is not None else []
        self.bad_strings = bad_strings if bad_strings is not None else []
        self._values = value_offsets
        self._keys = key_offsets
        self._starts = _line_starts
        self._text = text
        if value_offsets is None and text is None:
            self._values, self._keys, self._starts = {}, {}, array("q", [0])

    def __repr__(self) -> str:
        return f"Located(path={self.path!r}, value={self.value!r})"

    def _locate(self) -> None:
        """Positions on demand: parse the kept text again with the position-keeping parser (the same limits)."""
        parser = _Parser(self._text or "", self.path)
        parser.parse()
        self._values, self._keys, self._starts, self._text = parser.values, parser.keys, parser.line_starts, None

    @property
    def value_offsets(self) -> dict[str, int]:
        if self._values is None:
            self._locate()
        assert self._values is not None
        return self._values

    @property
    def key_offsets(self) -> dict[str, int]:
        if self._keys is None:
            self._locate()
        assert self._keys is not None
        return self._keys

    @property
    def _line_starts(self) -> Any:
        if self._starts is None:
            self._locate()
        return self._starts

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        starts = self._line_starts
        i = bisect.bisect_right(starts, offset) - 1
        return i + 1, offset - starts[i] + 1

    def position(self, ptr: str) -> tuple[int, int]:
        """Where the value at ``ptr`` starts; for a pointer that does not exist (a missing property),
        the position of its nearest existing ancestor."""
        offsets = self.value_offsets
        while True:
            if ptr in offsets:
                return self.line_col(offsets[ptr])
            if not ptr:
                return 1, 1
            ptr = ptr[: ptr.rfind("/")]

    def key_position(self, ptr: str) -> tuple[int, int]:
        """Where the key of the member at ``ptr`` starts (falls back to :meth:`position`)."""
        if ptr in self.key_offsets:
            return self.line_col(self.key_offsets[ptr])
        return self.position(ptr)

    def check_content(self) -> None:
        """Raise :class:`JSONContentError` for the first string with a forbidden character, if any."""
        if self.bad_strings:
            ptr, offset, message = min(self.bad_strings, key=lambda b: b[1])
            raise JSONContentError(self.path, *self.line_col(offset), ptr, message)


class _Parser:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.values: dict[str, int] = {}
        self.keys: dict[str, int] = {}
        self.duplicates: list[tuple[str, int]] = []
        self.bad: list[tuple[str, int, str]] = []
        # 8 bytes a line (a list of ints would cost 36): a file of newlines must not cost more than a few times its size
        self.line_starts = array("q", [0])
        self.line_starts.extend(m.end() for m in re.finditer("\n", text))
        self.max_depth = limits.get("json_depth")
        self.max_digits = limits.get("int_digits")
        self.max_chars = limits.get("string_mb") * (1 << 20)
        self.max_values = limits.get("json_values")
        self.first = 0  # offset of the top-level value: an error there must not quote the file (it may not be JSON)

    def line_col(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.line_starts, offset) - 1
        return i + 1, offset - self.line_starts[i] + 1

    def fail(self, offset: int, message: str) -> JSONSyntaxError:
        return JSONSyntaxError(self.path, *self.line_col(offset), message)

    def over(self, offset: int, name: str, shown: str) -> JSONLimitError:
        """The error for limit ``name`` exceeded at ``offset``."""
        return JSONLimitError(self.path, *self.line_col(offset), name, shown)

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
        self.first = i
        try:
            value, i = self.value(i, "", 0)
        except RecursionError:  # only if json_depth was raised far beyond what the interpreter's stack allows
            raise self.over(self.first, "json_depth", "too deep for the parser's stack") from None
        i = self.ws(i)
        if i < len(self.text):
            raise self.fail(i, f"unexpected {self.describe(i)} after the JSON value (extra data)")
        return value

    def value(self, i: int, ptr: str, depth: int) -> tuple[Any, int]:
        text = self.text
        if i >= len(text):
            raise self.fail(i, "unexpected end of file; expected a value")
        if len(self.values) >= self.max_values:
            raise self.over(i, "json_values", f"more than {self.max_values:,} values")
        self.values[ptr] = i
        c = text[i]
        if c == "{":
            return self.obj(i, ptr, depth + 1)
        if c == "[":
            return self.arr(i, ptr, depth + 1)
        if c == '"':
            return self.string(i, ptr)
        m = _NUMBER.match(text, i)
        if m:
            return self.number(i, m)
        for word, val in _LITERALS.items():
            if text.startswith(word, i):
                return val, i + len(word)
        if i == self.first:  # not JSON at all (a text file, /etc/passwd): say so without quoting it
            raise self.fail(i, "this is not a JSON file (a JSON document starts with '{' or '[')")
        if text.startswith(("NaN", "Infinity", "-Infinity"), i):
            raise self.fail(i, "NaN and Infinity are not JSON numbers (game data needs finite numbers)")
        word = _WORD.match(text, i)
        if word:
            hint = "JSON spells them true, false, null" if word.group() in ("True", "False", "None") else \
                "strings need double quotes"
            raise self.fail(i, f"unexpected word {short(word.group())}; expected a value ({hint})")
        if c == "'":
            raise self.fail(i, "strings need double quotes, not single quotes")
        if c in "]}":
            raise self.fail(i, f"unexpected {c!r}; expected a value")
        raise self.fail(i, f"unexpected {self.describe(i)}; expected a value")

    def number(self, i: int, m: re.Match[str]) -> tuple[int | float, int]:
        text, s, end = self.text, m.group(), m.end()
        if end < len(text) and (text[end].isalnum() or text[end] in "._"):
            raise self.fail(end, f"invalid number {short(text[i:end + 1])}")
        digits = len(s) - (s[0] == "-")
        if s.isdigit() or (s[0] == "-" and s[1:].isdigit()):
            if digits > self.max_digits:  # int() of a huge literal is quadratic, and Python refuses > 4300 digits
                raise self.over(i, "int_digits", f"an integer of {digits:,} digits")
            python_cap = sys.get_int_max_str_digits()
            if python_cap and digits > python_cap:  # int_digits raised past what Python converts (or prints)
                raise self.fail(i, f"an integer of {digits:,} digits is longer than Python converts ({python_cap:,})")
            return int(s), end
        mantissa = s.split("e")[0].split("E")[0]
        if len(mantissa.split(".")[0].lstrip("-")) > self.max_digits:
            raise self.over(i, "int_digits", f"a number of {digits:,} digits")
        value = float(s)
        if not math.isfinite(value):
            raise self.fail(i, f"number {short(s)} is out of range (it overflows to infinity)")
        return value, end

    def string(self, i: int, ptr: str) -> tuple[str, int]:
        text = self.text
        j = _PLAIN.match(text, i + 1).end()
        if j - i - 1 > self.max_chars:
            raise self.over(i, "string_mb", f"a string of {j - i - 1:,} characters and more")
        if j < len(text) and text[j] == '"':  # no escapes: the text between the quotes is the value (fast)
            value = text[i + 1: j]
            end = j + 1
        else:
            try:
                value, end = _scanstring(text, i + 1, True)
            except ValueError:
                raise self.fault(i) from None
            if end - i > self.max_chars:
                raise self.over(i, "string_mb", f"a string of {end - i:,} characters")
        bad = BAD_CHARS.search(value)
        if bad is not None:
            self.bad.append((ptr, self.raw_offset(i, end, value, bad.start()), f"the string contains "
                             f"{describe_char(bad.group())}; game data may not contain it (remove it)"))
        return value, end

    def raw_offset(self, start: int, end: int, value: str, index: int) -> int:
        """Where the ``index``-th character of the string ``value`` (written at ``start``..``end``) is in the text."""
        if end - start - 2 == len(value):  # no escapes: one text character per value character
            return start + 1 + index
        ch = value[index]
        raw = self.text.find(ch, start + 1, end)
        if raw >= 0:
            return raw
        short_escape = {"\b": "\\b", "\f": "\\f"}.get(ch)
        raw = self.text.find(short_escape, start + 1, end) if short_escape else -1
        if raw >= 0:
            return raw
        m = re.compile(rf"\\u(?i:{ord(ch):04x})").search(self.text, start + 1, end)
        return m.start() if m else start

    def fault(self, i: int) -> JSONSyntaxError:
        """The precise error for a string starting at ``i`` that the scanner refused."""
        j = i + 1
        text = self.text
        while j < len(text):
            j = _PLAIN.match(text, j).end()
            if j >= len(text):
                break
            ch = text[j]
            if ch == '"':
                return self.fail(i, "invalid string")
            if ch == "\\":
                if text[j + 1: j + 2] == "u":
                    if not _HEX4.match(text, j + 2):
                        return self.fail(j, "invalid \\u escape (needs four hex digits)")
                    j += 6
                    continue
                if j + 1 >= len(text) or text[j + 1] not in '"\\/bfnrt':
                    return self.fail(j, f"invalid escape {text[j:j + 2]!r} in string")
                j += 2
                continue
            if ch == "\n":
                return self.fail(i, "unterminated string (a string cannot span lines)")
            return self.fail(j, f"control character U+{ord(ch):04X} in string (escape it)")
        return self.fail(i, "unterminated string")

    def obj(self, i: int, ptr: str, depth: int) -> tuple[dict[str, Any], int]:
        if depth > self.max_depth:
            raise self.over(i, "json_depth", f"nested more than {self.max_depth} levels deep")
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
            n_bad = len(self.bad)
            key, i = self.string(i, ptr)
            member = ptr + "/" + (escape_token(key) if "~" in key or "/" in key else key)
            if len(self.bad) > n_bad:  # a bad key: report it at the member it names
                self.bad[-1] = (member, *self.bad[-1][1:])
            if key in result:
                self.duplicates.append((member, key_at))
                # the later value wins (as in json.loads); forget the positions inside the earlier one
                for stale in [k for k in self.values if k.startswith(member + "/")]:
                    del self.values[stale]
            self.keys[member] = key_at
            i = self.ws(i)
            if not text.startswith(":", i):
                raise self.fail(i, f"expected ':' after key {short(key)}, got {self.describe(i)}")
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
            raise self.fail(i, f"expected ',' or '}}' after the value of {short(key)}, got {self.describe(i)}")

    def arr(self, i: int, ptr: str, depth: int) -> tuple[list[Any], int]:
        if depth > self.max_depth:
            raise self.over(i, "json_depth", f"nested more than {self.max_depth} levels deep")
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
    """Parse JSON text; raises :class:`JSONSyntaxError` (with line and column) if it is not valid JSON, and
    :class:`JSONLimitError` (a JSONSyntaxError and a LimitError) past a limit (``json_depth``, ``int_digits``,
    ``string_mb``, ``json_values``). Non-finite numbers (``1e999``) are syntax errors; strings with characters game
    data may not hold are recorded in ``bad_strings`` (see :func:`load_checked`)."""
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark some editors write; harmless, skip it
        text = " " + text[1:]  # keep columns as the editor shows them
    value = _fast(text)
    if value is not _SLOW:
        return Located(value=value, path=path, text=text)
    parser = _Parser(text, path)
    value = parser.parse()
    return Located(value=value, path=path, value_offsets=parser.values, key_offsets=parser.keys,
                   duplicate_keys=parser.duplicates, _line_starts=parser.line_starts, bad_strings=parser.bad)


_SLOW = object()  # "let the position-keeping parser decide": anything unusual, and every error


class _Unusual(Exception):
    pass


def _no_constant(name: str) -> Any:
    raise _Unusual(name)  # NaN, Infinity: the careful parser words the error


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) != len(pairs):
        raise _Unusual("duplicate key")  # recorded with its position by the careful parser
    return d


# for the number scan: every digit a "0", e/E an "e", a sign a "+", any other byte a space (UTF-8 never puts an ASCII
# byte inside a multi-byte character, so the marks of a run of digits are exactly a run of "0"s)
_MARKS = bytes(ord("0") if chr(b).isdigit() and b < 128 else ord("e") if chr(b) in "eE" else ord("+") if chr(b) in "+-"
               else ord(" ") for b in range(256))
_ASCII = bytes(range(128))


def _marks(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass").translate(_MARKS)


def long_number(text: str, digits: int) -> bool:
    """True if *text* holds a run of more than *digits* digits (at most 300 are looked for) or an exponent of three
    digits: what ``[0-9]{n}`` and ``[eE][+-]?[0-9]{3}`` searches find, by C-level byte operations (a regular
    expression search takes milliseconds on a big file)."""
    marks = _marks(text)
    return b"0" * min(digits + 1, 300) in marks or b"e000" in marks or b"e+000" in marks


def raw_bad_char(text: str) -> bool:
    """True if *text*, which the strict ``json`` module parsed (so it holds no raw control character but tab, line
    feed and carriage return), holds a character :data:`BAD_CHARS` matches: DEL, or a non-ASCII one, searched for
    among the non-ASCII characters only."""
    if "\x7f" in text:
        return True
    if text.isascii():
        return False
    rest = text.encode("utf-8", "surrogatepass").translate(None, _ASCII).decode("utf-8", "surrogatepass")
    return BAD_CHARS.search(rest) is not None


def _depth_ok(value: Any, max_depth: int) -> bool:
    """No array or object nested deeper than *max_depth* (the top level is 1), looking at containers only."""
    todo: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, (dict, list)) else []
    while todo:
        node, depth = todo.pop()
        if depth > max_depth:
            return False
        items = node.values() if isinstance(node, dict) else node
        todo.extend((v, depth + 1) for v in items if isinstance(v, (dict, list)))
    return True


_DECODER = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=_pairs)
# escapes that decode to characters game data may not hold (\b, \f, and any \u)
_RISKY_ESCAPES = ("\\u", "\\b", "\\f")


def _fast(text: str) -> Any:
    """The value of *text* by the standard ``json`` module (C speed), or ``_SLOW`` when the careful parser must
    look: a syntax error, a duplicate key, NaN or an infinite number, a limit reached, or a forbidden character.
    Only clean documents take this path, so every error keeps its exact message and position."""
    max_values, max_depth = limits.get("json_values"), limits.get("json_depth")
    # cheap upper bounds first: never let json build a structure past a limit before we could count it
    containers = text.count("[") + text.count("{")
    if containers + text.count(",") + 1 > max_values or len(text) > limits.get("string_mb") * (1 << 20):
        return _SLOW
    try:
        value = _DECODER.decode(text)
    except (ValueError, RecursionError, _Unusual):
        return _SLOW
    # json (strict) refused raw control characters, so plain ASCII text can only hold DEL; anything else is searched
    raw_bad = raw_bad_char(text)
    check_strings = raw_bad or any(e in text for e in _RISKY_ESCAPES)
    digits = limits.get("int_digits")
    big = 10 ** digits
    # a number past int_digits, or one that overflows to infinity, needs a long run of digits or a 3-digit exponent
    check_numbers = long_number(text, digits)
    deep = containers > max_depth
    if not (check_strings or check_numbers or deep):
        return value  # the usual data file: nothing to look at
    if not (check_strings or check_numbers):
        return value if _depth_ok(value, max_depth) else _SLOW
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:  # one look at every value: the limits and content rules the careful parser applies
        node, depth = todo.pop()
        if isinstance(node, dict):
            if deep and depth > max_depth:
                return _SLOW
            if check_strings and any(BAD_CHARS.search(k) for k in node):
                return _SLOW
            todo.extend((v, depth + 1) for v in node.values() if isinstance(v, (dict, list, str, float, int)))
        elif isinstance(node, list):
            if deep and depth > max_depth:
                return _SLOW
            todo.extend((v, depth + 1) for v in node if isinstance(v, (dict, list, str, float, int)))
        elif isinstance(node, str):
            if check_strings and BAD_CHARS.search(node):
                return _SLOW
        elif isinstance(node, float):
            # (a finite float whose integer part has more than int_digits digits is past the limit too)
            if not math.isfinite(node) or not -big < node < big:
                return _SLOW
        elif isinstance(node, int) and not isinstance(node, bool) and not -big < node < big:
            return _SLOW
    return value


def load(path: str | Path) -> Located:
    """Read and parse a JSON file. Missing files, anything but a regular file, files over the ``file_mb`` limit,
    non-UTF-8 bytes and syntax errors raise a DataError/LimitError naming the file (and line:column where there is
    one). Forbidden characters in strings are recorded, not raised (see :func:`load_checked`)."""
    name = str(path)
    data = inputs.read_regular(path, name, noun="JSON file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1: exc.start].decode("utf-8", "replace")) + 1
        raise JSONSyntaxError(name, line, col, f"not UTF-8 text (byte 0x{data[exc.start]:02x})") from None
    del data  # the text is all we need; a large file is not held twice
    return loads(text, name)


def load_checked(path: str | Path) -> Located:
    """:func:`load`, also raising :class:`JSONContentError` for a string with a forbidden character."""
    located = load(path)
    located.check_content()
    return located
