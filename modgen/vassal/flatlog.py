"""A savedGame text as a flat stream of steps of small tuples, in execution order: the reader's fast path.

:func:`modgen.vassal.commands.decode` builds a tree of Command objects (one dataclass per leaf, ~10^5 per log) that
the reader then walks once and drops. For the usual text — a ``begin_save`` sequence whose children are the saved
state and the logged steps — :func:`flatten` walks the same grammar with the same splits (``commands._split``, the
same order and the same errors) but writes each leaf the reader acts on as a tuple ``(handler, fields…)`` and drops
the leaves it ignores (``null``, notes, board pickers…) at once. Rare leaves (turn tracker, properties, players,
unknown text) are still decoded by :func:`commands.decode_leaf` and passed on as ``(OBJECT, command)``.

Each top-level command becomes a :class:`Top`: its offset, whether its head is a ``LOG`` step, and its leaves. The
tops are made as the reader takes them (a generator: each step's tuples are freed before the next is parsed, so a
log's ~10^5 leaves never all exist at once), which also means a damaged step raises only when the reader reaches it,
after the visitor calls for the steps before it. Anything else (a text that does not start with ``begin_save``)
returns None and the reader takes the tree path.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from modgen.errors import LogFormatError
from modgen.vassal import commands as C

ESC = C.ESC
MAX_DEPTH = C.MAX_DEPTH
# Leaf codes (the first field of each tuple): piece commands first, so ``code <= CHANGE`` tells a piece command.
ADD, REMOVE, MOVE, CHANGE, CHAT, OBJECT = range(6)


#: One top-level command: where it starts in the text, whether it is a logged step, its leaves in order (a plain
#: tuple: a log has ~10^4 of them).
Top = tuple[int, bool, list[tuple[Any, ...]]]


def flatten(text: str) -> Iterator[Top] | None:
    """The top-level commands of a ``begin_save`` text one by one, or None for any other shape (use the command tree).

    The steps are parsed as they are taken (a log's leaves are never all held at once); a damaged step raises the
    LogFormatError :func:`commands.decode` would, with the same wording, when the iteration reaches it."""
    if ESC not in text:
        return None
    toks, raw, offsets = C.top_tokens(text)
    if len(toks) < 2 or toks[0] != "begin_save":
        return None
    return _tops(toks, raw, offsets)


def _tops(toks: list[str], raw: bool, offsets: list[int]) -> Iterator[Top]:
    """:func:`flatten`'s steps from the top-level tokens (*raw*: still escaped) and where they start."""
    yield 0, False, [(OBJECT, C.BeginSave())]
    index = 0
    try:
        for index in range(1, len(toks)):
            tok = toks[index]
            ops: list[tuple[Any, ...]] = []
            # The usual logged step: LOG, then leaves at one level, nothing quoted or nested deeper: one C split,
            # then the leaves (what _node would do to each, the usual kinds inline). Raw, the leaves are split at
            # ``\\␛`` and a deeper nesting would show as ``\\\\␛``.
            if tok[:4] == "LOG\t" and "'" not in tok:
                if not raw:
                    if "\\\x1b" not in tok:
                        _leaves(tok[4:].split(ESC), ops)
                        yield offsets[index], True, ops
                        continue
                elif "\\\\\x1b" not in tok:
                    _leaves(tok[4:].split("\\\x1b"), ops)
                    yield offsets[index], True, ops
                    continue
            if raw and "\\\x1b" in tok:
                tok = tok.replace("\\\x1b", ESC)  # the Decoder's unescape of this token
            is_log = _node(tok, 1, ops)
            yield offsets[index], is_log, ops
    except LogFormatError as exc:
        raise LogFormatError(f"command {index} at offset {offsets[index]}: {exc}") from None


def _leaves(leaves: list[str], ops: list[tuple[Any, ...]]) -> None:
    """The leaves of a ``LOG`` step split at its ESCs, none quoted: moves, chat lines and stacks without a backslash
    inline, the rest as :func:`_node` does, at the depths ``commands._node(step, 1)`` gives them: a lone leaf inside
    the LOG at depth 2; of several, the first inside the LOG at depth 3, the others at depth 2, or 3 inside their
    own ``LOG``."""
    append = ops.append
    first = True
    for leaf in leaves:
        if first:
            # one leaf: _node("LOG\tA", 1) takes it at 2; several: _decode splits, _node("LOG\tA", 2) takes it at 3
            depth, first = 3 if len(leaves) > 1 else 2, False
        elif leaf[:4] == "LOG\t":  # a sub-step: _node takes its LOG off
            leaf, depth = leaf[4:], 3
        else:
            depth = 2
        c = leaf[:2]
        if c == "M/" and "\\" not in leaf:
            f = leaf[2:].split("/")
            if len(f) >= 9:
                nx, ny, ox, oy = C._coords(f, leaf)  # the error _leaf would raise, if one is not an int
                f0, f1, f4, f5, f8 = f[0], f[1], f[4], f[5], f[8]
                append((MOVE, None if f0 == "null" else f0, None if f1 == "null" else f1, nx, ny,
                        None if f4 == "null" else f4, None if f5 == "null" else f5, ox, oy,
                        None if f8 == "null" else f8))
                continue
        elif c == "CH" and leaf[:4] == "CHAT":
            append((CHAT, leaf[4:]))
            continue
        elif c == "+/" and "\\" not in leaf:
            f = leaf[2:].split("/")
            n = len(f)
            f0 = f[0]
            append((ADD, None if f0 == "null" else f0, f[1] if n > 1 else "", f[2] if n > 2 else ""))
            continue
        _leaf(leaf, depth, ops)


def _decode(text: str, depth: int, ops: list[tuple[Any, ...]]) -> bool:
    """``commands.decode(text, depth)`` written into *ops*; True if its head is a Log."""
    if depth > MAX_DEPTH:
        raise LogFormatError(f"commands nested more than {MAX_DEPTH} levels deep; not a VASSAL save/log")
    if ESC not in text and not (len(text) > 1 and text[0] == "'" and text[-1] == "'"):
        return _leaf(text, depth, ops)
    toks = C._split(text, ESC)
    if len(toks) == 1 and toks[0] == text:
        return _leaf(text, depth, ops)
    # the head's own sub-commands run before the ones appended here (Command.walk): pre-order is just this order
    is_log = _node(toks[0], depth + 1, ops)
    for tok in toks[1:]:
        _node(tok, depth + 1, ops)
    return is_log


def _node(tok: str, depth: int, ops: list[tuple[Any, ...]]) -> bool:
    """``commands._node``: a leaf, a ``LOG`` around a leaf, or a nested sequence."""
    if depth >= MAX_DEPTH or ESC in tok or tok[:1] == "'":
        return _decode(tok, depth, ops)
    if tok[:4] == "LOG\t":
        inner = tok[4:]
        if ESC not in inner and inner[:1] != "'":
            _leaf(inner, depth + 1, ops)
            return True
    return _leaf(tok, depth, ops)


def _leaf(leaf: str, depth: int, ops: list[tuple[Any, ...]]) -> bool:
    """``commands.decode_leaf`` for the leaves the reader handles; True for a ``LOG`` leaf."""
    if leaf == "" or leaf == "null":
        return False
    c0 = leaf[0]
    if c0 == "L" and leaf.startswith("LOG\t"):
        _decode(leaf[4:], depth + 1, ops)
        return True
    if c0 == "+" and leaf.startswith("+/"):
        toks = C._split(leaf[2:], "/")
        n = len(toks)
        ops.append((ADD, C._null(toks[0]), toks[1] if n > 1 else "", toks[2] if n > 2 else ""))
        return False
    if c0 == "-" and leaf.startswith("-/"):
        ops.append((REMOVE, leaf[2:]))
        return False
    if c0 == "D" and leaf.startswith("D/"):
        toks = C._split(leaf[2:], "/")
        if len(toks) < 2:
            raise LogFormatError(f"change command without a state: {leaf[:80]!r}")
        ops.append((CHANGE, toks[0], toks[1], toks[2] if len(toks) > 2 else None))
        return False
    if c0 == "M" and leaf.startswith("M/"):
        toks = C._split(leaf[2:], "/")
        if len(toks) < 9:
            raise LogFormatError(f"move command with {len(toks)} of 10 fields: {leaf[:80]!r}")
        n = C._null
        ops.append((MOVE, n(toks[0]), n(toks[1]), C._int(toks[2], "x", leaf), C._int(toks[3], "y", leaf),
                    n(toks[4]), n(toks[5]), C._int(toks[6], "x", leaf), C._int(toks[7], "y", leaf), n(toks[8])))
        return False
    if c0 == "C" and leaf.startswith("CHAT"):
        ops.append((CHAT, leaf[4:]))
        return False
    cmd = C.decode_leaf(leaf, depth)
    if type(cmd) in _KEPT:
        ops.append((OBJECT, cmd))
    return False


# The other commands the reader acts on (the rest — players leaving, board pickers, notes… — do nothing there).
_KEPT = frozenset({C.Undo, C.BeginSave, C.EndSave, C.Turn, C.GlobalProperty, C.MutableProperty, C.Player,
                   C.Unknown})


def _inverts(d: tuple[Any, ...], c: tuple[Any, ...]) -> bool:
    """``commands._inverts`` on leaf tuples: *d* is VASSAL's undo of *c*."""
    code = c[0]
    if code == ADD:
        return d[0] == REMOVE and d[1] == c[1]
    if code == REMOVE:
        return d[0] == ADD and d[1] == c[1]
    if code == MOVE:
        # (MOVE, id, new_map, new_x, new_y, new_under, old_map, old_x, old_y, old_under)
        return (d[0] == MOVE and d[1] == c[1] and d[2:6] == (c[6], c[7], c[8], c[9])
                and (d[6], d[7], d[8]) == c[2:5])
    if code == CHANGE:
        return d[0] == CHANGE and d[1] == c[1] and c[3] is not None and d[2] == c[3] and d[3] == c[2]
    return False


def is_undo_of(step: list[tuple[Any, ...]], earlier: list[tuple[Any, ...]]) -> bool:
    """``commands.is_undo_of`` on the piece leaves of two steps."""
    if not step or len(step) != len(earlier):
        return False
    if not any(c[0] == MOVE or (c[0] == ADD and c[2] == "stack") for c in earlier):
        return False
    return all(_inverts(d, c) for d, c in zip(step, reversed(earlier), strict=True))
