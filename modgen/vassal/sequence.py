"""VASSAL's SequenceEncoder/Decoder, ported exactly (VASSAL 3.6/3.7 ``VASSAL/tools/SequenceEncoder.java``).

VASSAL flattens structured data (piece traits, commands) into strings by joining tokens with a one-character
delimiter. The rules, as the 3.6.0 engine's bytecode and ``tools/SequenceEncoder.java`` implement them:

* encode: every occurrence of the delimiter inside a token gets a backslash in front; backslashes themselves are
  not escaped; ``None``/``""`` write nothing; a token that starts with ``\\`` or starts *and* ends with ``'`` is
  wrapped in single quotes;
* decode: a delimiter immediately preceded by ``\\`` is literal (that one backslash is dropped); a token longer
  than one character that starts and ends with ``'`` loses the quotes; an input that ends with the delimiter has
  a trailing empty token.

Known VASSAL quirk, kept on purpose: a token that *ends* with a backslash (and does not start with one) makes the
following delimiter look escaped, so it does not round-trip. :func:`round_trips` says whether a token list does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

TAB = "\t"
ESC = "\x1b"  # GameModule.COMMAND_SEPARATOR (KeyEvent.VK_ESCAPE)


def _check_delimiter(delimiter: str) -> None:
    if len(delimiter) != 1:
        raise ValueError(f"a SequenceEncoder delimiter is one character, got {delimiter!r}")


def encode_token(token: str | None, delimiter: str) -> str:
    """One token as ``SequenceEncoder.append(String)`` writes it (without the preceding delimiter)."""
    if not token:
        return ""
    escaped = token.replace(delimiter, "\\" + delimiter)
    if token[0] == "\\" or (token[0] == "'" and token[-1] == "'"):
        return "'" + escaped + "'"
    return escaped


def encode(tokens: Iterable[str | None | int | bool | float], delimiter: str) -> str:
    """Join ``tokens`` as ``new SequenceEncoder(delimiter).append(t)...getValue()`` does.

    Non-string tokens go out as Java's ``String.valueOf`` would write them (``True`` -> ``true``). An empty
    sequence gives ``""`` (VASSAL gives ``null``, which every caller writes as an empty string).
    """
    _check_delimiter(delimiter)
    return delimiter.join(encode_token(_java_str(t), delimiter) for t in tokens)


def _java_str(value: str | None | int | bool | float) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def decode(value: str | None, delimiter: str) -> list[str]:
    """Split ``value`` into tokens as repeated ``SequenceEncoder.Decoder.nextToken()`` calls would.

    ``None`` gives no tokens; ``""`` gives one empty token; ``"a;"`` gives ``["a", ""]``.
    """
    _check_delimiter(delimiter)
    if value is None:
        return []
    # The Decoder splits at every delimiter not preceded by a backslash and drops that one backslash from each
    # escaped delimiter: split at every delimiter (in C), then join back the pieces a backslash ends.
    escaped = "\\" + delimiter
    if delimiter == "\\":  # a backslash delimiter escapes itself: the regex form says what that means
        out = [t.replace(escaped, delimiter) for t in _splitter(delimiter).split(value)]
    else:
        out = value.split(delimiter)
        if escaped in value:
            out = _rejoin(out, delimiter)
    if "'" in value:
        out = [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in out]
    return out


def _rejoin(parts: list[str], delimiter: str) -> list[str]:
    """*parts* (a split at every delimiter) with each delimiter that followed a backslash put back, minus that
    backslash. One pass; a token of many escaped delimiters is joined once (no quadratic concatenation)."""
    out: list[str] = []
    buf: list[str] = []
    last = len(parts) - 1
    for i, p in enumerate(parts):
        if i < last and p.endswith("\\"):
            buf.append(p[:-1])
            continue
        if buf:
            buf.append(p)
            p = delimiter.join(buf)
            buf = []
        out.append(p)
    return out


_SPLITTERS: dict[str, re.Pattern[str]] = {}


def _splitter(delimiter: str) -> re.Pattern[str]:
    """A regex that splits at *delimiter* where no backslash precedes it (compiled once per delimiter)."""
    pat = _SPLITTERS.get(delimiter)
    if pat is None:
        pat = _SPLITTERS[delimiter] = re.compile(r"(?<!\\)" + re.escape(delimiter))
    return pat


def round_trips(tokens: Sequence[str], delimiter: str) -> bool:
    """Whether VASSAL's decoder gives ``tokens`` back from their encoding (see the module docstring's quirk)."""
    return decode(encode(tokens, delimiter), delimiter) == [t or "" for t in tokens] if tokens else True


def join_traits(parts: Sequence[str]) -> str:
    """Nest trait strings (outermost first, BasicPiece last) as ``Decorator.getType()``/``getState()`` do."""
    if not parts:
        raise ValueError("a piece has at least one trait (its BasicPiece)")
    acc = parts[-1]
    for part in reversed(parts[:-1]):
        acc = encode([part, acc], TAB)
    return acc


def split_traits(nested: str) -> list[str]:
    """Inverse of :func:`join_traits`: a piece's TYPE or STATE string -> one string per trait, outermost first.

    Like ``BasicCommandEncoder.createPiece``: ``Decoder(type, TAB)``, first token = this trait, second token =
    the inner piece (decoded once more, recursively); tokens past the second are ignored, as VASSAL does.

    One pass over the tabs instead of re-decoding the rest at every level: nesting level *k* escapes a tab with *k*
    backslashes, so a tab after exactly *k* backslashes is the delimiter between trait *k* and the rest, and a tab
    after more keeps, inside trait *k*, the backslashes the *k* + 1 decodes would not have dropped.
    """
    if "\t" not in nested:
        return decode(nested, TAB)[:1]
    if "'" in nested:  # a quoted token changes the text between levels: decode level by level
        return _split_traits_levels(nested)
    # The usual string: one tab per level, the k-th after exactly k backslashes (no trait holds a tab of its own).
    # Then the traits are the text between those tabs, nothing to unescape: two scans in C.
    # one regex pass: the text between the tab runs, and the runs themselves (every odd item)
    parts = _TAB_RUN_KEPT.split(nested)
    found = parts[1::2]
    if len(found) < len(_LEVEL_TABS) and found == _LEVEL_TABS[:len(found)]:
        return parts[0::2]
    runs = [(m.end() - 1, m.end() - 1 - m.start()) for m in _TAB_RUN.finditer(nested)]
    result: list[str] = []
    start, end, level, i, n = 0, len(nested), 0, 0, len(runs)
    while True:
        # the first tab at this level: inside the region every tab has at least `level` backslashes
        while i < n and runs[i][0] < end and runs[i][1] != level:
            i += 1
        if i == n or runs[i][0] >= end:
            result.append(_unescape_tabs(nested[start:end], level + 1))
            return result
        pos = runs[i][0]
        result.append(_unescape_tabs(nested[start:pos - level], level + 1))
        # the rest ends at the next tab of this level (tokens past the second are ignored)
        j = i + 1
        while j < n and runs[j][0] < end and runs[j][1] != level:
            j += 1
        if j < n and runs[j][0] < end:
            end = runs[j][0] - level
        start, level, i = pos + 1, level + 1, i + 1


_TAB_RUN = re.compile(r"\\*\t")
_TAB_RUN_KEPT = re.compile(r"(\\*\t)")
_LEVEL_TABS = ["\\" * k + "\t" for k in range(256)]  # the tab that ends trait k of a nesting, k = 0, 1, …
_UNESCAPES: dict[int, re.Pattern[str]] = {}


def _unescape_tabs(text: str, drops: int) -> str:
    """*text* with *drops* backslashes taken from before each of its tabs (one per decode it went through)."""
    if "\t" not in text:
        return text
    pat = _UNESCAPES.get(drops)
    if pat is None:
        pat = _UNESCAPES[drops] = re.compile(r"\\{" + str(drops) + r"}\t")
    return pat.sub("\t", text)


def _split_traits_levels(nested: str) -> list[str]:
    result: list[str] = []
    rest = nested
    while True:
        tokens = decode(rest, TAB)
        result.append(tokens[0])
        if len(tokens) < 2:
            return result
        rest = tokens[1]
