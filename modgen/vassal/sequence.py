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
    out: list[str] = []
    n = len(value)
    start = 0
    while True:
        if start == n:
            out.append("")
            return out
        pieces: list[str] = []
        pos = start
        finished = True
        while True:
            # str.find scans in C; same decisions as scanning char by char (multi-MB logs decode ~10x faster)
            i = value.find(delimiter, pos)
            if i < 0:
                break
            if i > 0 and value[i - 1] == "\\":
                # escaped delimiter: drop the backslash, keep the delimiter as text
                pieces.append(value[start : i - 1])
                start = i
                pos = i + 1
            else:
                pieces.append(value[start:i])
                start = i + 1
                finished = False
                break
        if finished:
            pieces.append(value[start:])
        token = "".join(pieces)
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        out.append(token)
        if finished:
            return out


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
    """
    result: list[str] = []
    rest = nested
    while True:
        tokens = decode(rest, TAB)
        result.append(tokens[0])
        if len(tokens) < 2:
            return result
        rest = tokens[1]
