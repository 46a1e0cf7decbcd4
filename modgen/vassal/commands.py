"""VASSAL's recursive command grammar: parse a ``savedGame`` text into a command tree, and encode a tree back.

A VASSAL command is a leaf string (``+/id/type/state``, ``CHAT…``, ``LOG\\t…``) plus appended sub-commands. On the
wire a command with sub-commands is a SequenceEncoder list on ESC (``\\x1b``): the head's own string first, then each
sub-command encoded the same way, so nested levels are re-escaped (``\\␛``, ``\\\\␛``, …) — ``GameModule.encode`` /
``GameModule.decode`` in VASSAL. Executing a command runs the head, then the sub-commands in order (pre-order); the
reader walks the tree that way. ``LOG\\t`` wraps a logged command whose sub-commands became sibling ``LOG\\t`` children
(``BasicLogger.LogCommand``), and ``UNDO\\ttrue`` … ``UNDO\\tfalse`` bracket an undo.

Leaf formats follow VASSAL's encoders (``BasicCommandEncoder``, ``Chatter``, ``PlayerRoster``, ``BoardPicker``,
``TurnTracker``, ``GlobalProperty``, ``ChangePropertyCommandEncoder``, ``SetupStack``, ``GameState``); see
the VASSAL format reference §4.3-4.4. Unknown leaves are kept verbatim as :class:`Unknown` so nothing is lost.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import accumulate

from modgen.errors import LogFormatError
from modgen.vassal import sequence as _seq

ESC = "\x1b"
# Deeper nesting than this is not something VASSAL writes (saves nest 2-3 levels); refuse instead of recursing.
MAX_DEPTH = 64


def _split(text: str, delim: str) -> list[str]:
    """SequenceEncoder.Decoder tokens of *text* (VASSAL semantics, incl. the trailing empty token)."""
    if delim not in text:  # most leaves: one token (unquoted as the Decoder does); skips a Python-level scan
        return [text[1:-1]] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else [text]
    if "\\" not in text and "'" not in text:  # nothing escaped or quoted: a plain split (C speed)
        return text.split(delim)
    return _seq.decode(text, delim)


def _join(tokens: list[str | None], delim: str) -> str:
    """SequenceEncoder over *tokens* (None/"" give empty tokens)."""
    return _seq.encode(tokens, delim)


def _null(s: str | None) -> str | None:
    """VASSAL's unwrapNull: the string "null" stands for a missing id or map."""
    return None if s == "null" else s


def _wrap(s: str | None) -> str:
    return "null" if s is None else s


@dataclass
class Command:
    """Base of every command: ``children`` are the appended sub-commands, run after this one."""

    children: list[Command] = field(default_factory=list, kw_only=True)
    # Character offset of the token in the decoded savedGame text (top-level tokens; -1 when not known).
    offset: int = field(default=-1, kw_only=True, compare=False)

    def leaf(self) -> str | None:
        """This command's own string, without sub-commands (None: VASSAL has no encoder for it)."""
        raise NotImplementedError

    def walk(self) -> Iterator[Command]:
        """This command, then every sub-command, in execution (pre-)order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class NullCommand(Command):
    """The empty command (``""``); VASSAL uses it as a container, e.g. for all AddPiece commands of a save."""

    def leaf(self) -> str:
        return ""


@dataclass
class AddPiece(Command):
    """``+/id/type/state``: create a piece (or a Stack when ``type == "stack"``, a Deck for ``deck;…``)."""

    id: str | None
    type: str
    state: str

    @property
    def is_stack(self) -> bool:
        return self.type == "stack"

    def leaf(self) -> str:
        return "+/" + _join([_wrap(self.id), self.type, self.state], "/")


@dataclass
class RemovePiece(Command):
    """``-/id``: delete a piece."""

    id: str

    def leaf(self) -> str:
        return "-/" + self.id


@dataclass
class ChangePiece(Command):
    """``D/id/newState[/oldState]``: set the full nested state of a piece or stack."""

    id: str
    new_state: str
    old_state: str | None = None

    def leaf(self) -> str:
        toks = [self.id, self.new_state] + ([self.old_state] if self.old_state is not None else [])
        return "D/" + _join(toks, "/")


@dataclass
class MovePiece(Command):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/player``: a drop (not a path)."""

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player: str | None = None

    def leaf(self) -> str:
        toks = [_wrap(self.id), _wrap(self.new_map), str(self.new_x), str(self.new_y), _wrap(self.new_under),
                _wrap(self.old_map), str(self.old_x), str(self.old_y), _wrap(self.old_under), self.player]
        return "M/" + _join(toks, "/")


@dataclass
class Chat(Command):
    """``CHAT<message>``: a line in the chat window (HTML-escaped as VASSAL shows it)."""

    message: str

    def leaf(self) -> str:
        return "CHAT" + self.message


@dataclass
class Log(Command):
    """``LOG\\t<command>``: one logged step (its sub-steps are ``Log`` children)."""

    logged: Command

    def leaf(self) -> str:
        return "LOG\t" + (encode(self.logged) or "")

    def walk(self) -> Iterator[Command]:
        yield self
        yield from self.logged.walk()
        for child in self.children:
            yield from child.walk()


@dataclass
class Undo(Command):
    """``UNDO\\ttrue`` starts an undo, ``UNDO\\tfalse`` ends it."""

    in_progress: bool

    def leaf(self) -> str:
        return "UNDO\t" + ("true" if self.in_progress else "false")


@dataclass
class BeginSave(Command):
    """``begin_save``: a saved game's state follows (its other parts are this command's children)."""

    def leaf(self) -> str:
        return "begin_save"


@dataclass
class EndSave(Command):
    """``end_save``: the saved state is complete."""

    def leaf(self) -> str:
        return "end_save"


@dataclass
class Player(Command):
    """``PLAYER\\tid\\tname\\tside``: a seat in the player roster."""

    id: str
    name: str
    side: str

    def leaf(self) -> str:
        return "PLAYER\t" + _join([self.id, self.name, self.side], "\t")


@dataclass
class PlayerRemove(Command):
    """``PYREMOVE\\tid``."""

    id: str

    def leaf(self) -> str:
        return "PYREMOVE\t" + _join([self.id], "\t")


@dataclass
class BoardPicker(Command):
    """``<map>BoardPicker\\t<board>[/rev]\\t<x>\\t<y>…``: which boards sit where on a map."""

    map: str
    boards: list[tuple[str, bool, int, int]]  # (board name, reversed, column, row)

    def leaf(self) -> str:
        toks: list[str | None] = [self.map + "BoardPicker"]
        for name, rev, x, y in self.boards:
            toks += [_join([name, "rev"], "/") if rev else _join([name], "/"), str(x), str(y)]
        return _join(toks, "\t")


@dataclass
class SetupStackDone(Command):
    """``SETUP_STACK\\t``: not a new game, don't re-run the module's at-start stacks."""

    def leaf(self) -> str:
        return "SETUP_STACK\t"


@dataclass
class Turn(Command):
    """``TURN<trackerId>\\t<state>``: the turn tracker moved (state ``current|level;…``)."""

    tracker: str
    state: str

    def leaf(self) -> str:
        return _join(["TURN" + self.tracker, self.state], "\t")

    def values(self) -> list[int]:
        """The current value of each nested level, outermost first, following each level's current sub-level.

        Counter and List levels both write ``current;currentSubLevel;x;y`` then their sub-levels' states
        (``CounterTurnLevel``/``ListTurnLevel.getState``): a counter's value is the number shown, a list's the index.
        """
        parts = _split(self.state, "|")
        if len(parts) < 2:
            return []
        top = _small(parts[0] or "0")
        level = parts[1 + top] if top is not None and 0 <= 1 + top < len(parts) else parts[1]
        out: list[int] = []
        while level and len(out) < MAX_DEPTH:
            toks = _split(level, ";")
            value, sub = _small(toks[0]), _small(toks[1]) if len(toks) > 1 else 0
            if value is None:
                break
            out.append(value)
            if sub is None:
                break
            level = toks[4 + sub] if 0 <= 4 + sub < len(toks) else ""
        return out


def _small(tok: str) -> int | None:
    """A Java int, or None (garbage, or 60 digits that no list index or turn number can be)."""
    try:
        value = int(tok) if len(tok) <= 12 else None
    except ValueError:
        return None
    return value if value is not None and -(2**31) <= value < 2**31 else None


@dataclass
class GlobalProperty(Command):
    """``GlobalProperty\\t;name;value;container``: a module/map/zone global property was set."""

    name: str
    value: str
    container: str

    def leaf(self) -> str:
        return _join(["GlobalProperty\t", self.name, self.value, self.container], ";")


@dataclass
class MutableProperty(Command):
    """``MutableProperty\\tname\\told\\tnew\\tcontainer``: a mutable property changed (e.g. a die button's result)."""

    name: str
    old: str
    new: str
    container: str

    def leaf(self) -> str:
        return "MutableProperty\t" + _join([self.name, self.old, self.new, self.container], "\t")


@dataclass
class Other(Command):
    """A known VASSAL command this project does not interpret (notes, decks, plugins, …), kept verbatim."""

    prefix: str
    text: str

    def leaf(self) -> str:
        return self.text


@dataclass
class Unknown(Command):
    """A leaf no known encoder recognises (another module's custom command, or garbage), kept verbatim."""

    text: str

    def leaf(self) -> str:
        return self.text


# Known prefixes we keep as Other (from `git grep COMMAND_PREFIX` in VASSAL; CHECK is the 2.9 version check).
OTHER_PREFIXES = ("NOTES\t", "PNOTES\t", "PNOTE\t", "SNOTE\t", "UNMASK\t", "SGKC", "DECK\t", "SPP\t", "AUDIO\t",
                  "PLAY\t", "EXT\t", "PLUGIN\t", "SEMAIL\t", "FLARE", "CLOCKCONTROL", "CLOCK", "DECKREPOS",
                  "LOCKSPOTAB", "GlobalTranslatable\t", "INVITE\t", "PRIV_CHAT", "SYNC", "CHECK\t", "LOS\t")


def _int(tok: str, what: str, leaf: str) -> int:
    """A coordinate of a move: a Java int, as VASSAL writes it (not 5,000 digits, which would only cost time)."""
    try:
        value = int(tok) if len(tok) <= 12 else None
    except ValueError:
        value = None
    if value is None or not -(2**31) <= value < 2**31:
        raise LogFormatError(f"bad {what} {tok[:40]!r} in move command {leaf[:80]!r}")
    return value


def _coords(toks: list[str], leaf: str) -> tuple[int, int, int, int]:
    """A move's new x, y and old x, y (fields 2, 3, 6, 7 of *toks*): :func:`_int` of each, in that order."""
    a, b, c, d = toks[2], toks[3], toks[6], toks[7]
    if len(a) <= 12 and len(b) <= 12 and len(c) <= 12 and len(d) <= 12:  # the usual move: four ints at once
        try:
            nx, ny, ox, oy = int(a), int(b), int(c), int(d)
        except ValueError:
            pass
        else:
            lo, hi = -(2**31), 2**31  # a Java int each
            if lo <= nx < hi and lo <= ny < hi and lo <= ox < hi and lo <= oy < hi:
                return nx, ny, ox, oy
    return _int(a, "x", leaf), _int(b, "y", leaf), _int(c, "x", leaf), _int(d, "y", leaf)


def decode_leaf(leaf: str, depth: int = 0) -> Command:
    """One leaf string → a Command (no ESC splitting at this level; ``LOG\\t`` decodes its payload recursively)."""
    if leaf == "" or leaf == "null":
        # GameModule.encode concatenates sub-commands with +: a NullCommand (encoded as Java null) is written as the
        # text "null"; every PieceMover drop writes some. VASSAL decodes it to nothing.
        return NullCommand()
    c0 = leaf[0]
    # the commonest leaves first (a drop: the move, the new stack, the report line), split in C when nothing in them
    # is escaped or quoted (what _split does then)
    if c0 == "M" and leaf[:2] == "M/":
        toks = leaf[2:].split("/") if "\\" not in leaf and "'" not in leaf else _split(leaf[2:], "/")
        if len(toks) < 9:
            raise LogFormatError(f"move command with {len(toks)} of 10 fields: {leaf[:80]!r}")
        nx, ny, ox, oy = _coords(toks, leaf)
        f0, f1, f4, f5, f8 = toks[0], toks[1], toks[4], toks[5], toks[8]
        return MovePiece(None if f0 == "null" else f0, None if f1 == "null" else f1, nx, ny,
                         None if f4 == "null" else f4, None if f5 == "null" else f5, ox, oy,
                         None if f8 == "null" else f8, toks[9] if len(toks) > 9 else None)
    if c0 == "L" and leaf[:4] == "LOG\t":
        return Log(_decode(leaf[4:], depth + 1))
    if c0 == "+" and leaf[:2] == "+/":
        toks = leaf[2:].split("/") if "\\" not in leaf and "'" not in leaf else _split(leaf[2:], "/")
        n, f0 = len(toks), toks[0]
        return AddPiece(None if f0 == "null" else f0, toks[1] if n > 1 else "", toks[2] if n > 2 else "")
    if c0 == "C" and leaf[:4] == "CHAT":
        return Chat(leaf[4:])
    if c0 == "-" and leaf[:2] == "-/":
        return RemovePiece(leaf[2:])
    if c0 == "D" and leaf[:2] == "D/":
        toks = _split(leaf[2:], "/")
        if len(toks) < 2:
            raise LogFormatError(f"change command without a state: {leaf[:80]!r}")
        return ChangePiece(toks[0], toks[1], toks[2] if len(toks) > 2 else None)
    if leaf.startswith("UNDO\t"):
        return Undo(leaf[5:] == "true")
    if leaf == "begin_save":
        return BeginSave()
    if leaf == "end_save":
        return EndSave()
    if leaf.startswith("PLAYER\t"):
        toks = _split(leaf[7:], "\t") + ["", ""]
        return Player(toks[0], toks[1], toks[2])
    if leaf.startswith("PYREMOVE\t"):
        return PlayerRemove(_split(leaf[9:], "\t")[0])
    if leaf.startswith("SETUP_STACK\t"):
        return SetupStackDone()
    if leaf.startswith("GlobalProperty\t"):
        toks = _split(leaf, ";") + ["", "", ""]
        return GlobalProperty(toks[1], toks[2], toks[3])
    if leaf.startswith("MutableProperty\t"):
        toks = _split(leaf[16:], "\t") + ["", "", "", ""]
        return MutableProperty(toks[0], toks[1], toks[2], toks[3])
    for prefix in OTHER_PREFIXES:
        if leaf.startswith(prefix):
            return Other(prefix, leaf)
    if leaf.startswith("TURN"):
        toks = _split(leaf, "\t")
        return Turn(toks[0][4:], toks[1] if len(toks) > 1 else "")
    head, tab, _ = leaf.partition("\t")
    if head.endswith("BoardPicker") and (tab or head != "BoardPicker"):
        return _board_picker(leaf)
    return Unknown(leaf)


def _board_picker(leaf: str) -> Command:
    toks = _split(leaf, "\t")
    boards = []
    rest = toks[1:]
    if rest == [""]:
        rest = []
    for i in range(0, len(rest) - 2, 3):
        name_toks = _split(rest[i], "/")
        try:
            x, y = int(rest[i + 1]), int(rest[i + 2])
        except ValueError:
            return Unknown(leaf)
        boards.append((name_toks[0], len(name_toks) > 1 and name_toks[1] == "rev", x, y))
    return BoardPicker(toks[0][: -len("BoardPicker")], boards)


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while a log is decoded (~10^5 objects kept: it would walk them all again
    every few hundred allocations, half of the decoding time), then restore it, also on an error. Nothing the decoder
    or the reader builds is cyclic, and what they keep is bounded by the ``log_events`` and ``log_decoded_mb`` limits.
    At the end the live objects (these and any other young ones) go straight to the oldest generation (``gc.freeze``
    + ``gc.unfreeze``: two list moves), not walked once more by the next young collection; a cycle among them is
    freed by the next full collection."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        gc.enable()


def decode(text: str, depth: int = 0) -> Command:
    """Decode a command string exactly as ``GameModule.decode``: split on ESC; a single token is a leaf."""
    if depth == 0 and ESC in text:  # a whole savedGame: ~10^5 objects, none cyclic (see no_cycle_collection)
        with no_cycle_collection():
            return _decode(text, 0)
    return _decode(text, depth)


def _decode(text: str, depth: int) -> Command:
    """:func:`decode` (the collector left as it is)."""
    if depth > MAX_DEPTH:
        raise LogFormatError(f"commands nested more than {MAX_DEPTH} levels deep; not a VASSAL save/log")
    if ESC not in text and not (len(text) > 1 and text[0] == "'" and text[-1] == "'"):
        return decode_leaf(text, depth)  # most commands: a leaf (same as one token equal to the text)
    if not depth:
        return _decode_top(text)
    toks = _split(text, ESC)
    if len(toks) == 1 and toks[0] == text:
        return decode_leaf(text, depth)
    # nested: no offsets to keep, and errors are worded at the top level
    head = _node(toks[0], depth + 1)
    head.children.extend([_node(tok, depth + 1) for tok in toks[1:]])
    return head


def _decode_top(text: str) -> Command:
    """``_decode(text, 0)`` of a text with an ESC or quoted: the head, each other top-level command its child."""
    toks, raw, offsets = top_tokens(text)
    if len(toks) == 1 and not raw and toks[0] == text:
        return decode_leaf(text, 0)
    nodes: list[Command] = []
    index = 0
    try:
        for index, tok in enumerate(toks):
            # The usual logged step (LOG, leaves at one level, nothing quoted or nested deeper, which would show as
            # ``\\\\␛``): one split at ``\\␛``, each leaf as _node takes it (the first at depth 3, the others at 2
            # or, in their own LOG, 3).
            if raw and tok[:4] == "LOG\t" and "\\\x1b" in tok and "'" not in tok and "\\\\\x1b" not in tok:
                leaves = tok.split("\\\x1b")
                sub = Log(decode_leaf(leaves[0][4:], 3))
                sub.children = [Log(decode_leaf(leaf[4:], 3)) if leaf[:4] == "LOG\t" else decode_leaf(leaf, 2)
                                for leaf in leaves[1:]]
            else:
                sub = _node(tok.replace("\\\x1b", ESC) if raw and "\\\x1b" in tok else tok, 1)  # unescaped
            sub.offset = offsets[index]
            nodes.append(sub)
    except LogFormatError as exc:
        # say which top-level command (and where in the decoded text) so the file can be looked at
        raise LogFormatError(f"command {index} at offset {offsets[index]}: {exc}") from None
    nodes[0].children.extend(nodes[1:])
    return nodes[0]


# An ESC that no backslash precedes: the literal ESC first, so the regex engine scans for it at C speed
_TOP_SPLIT = re.compile("\x1b(?<!\\\\\x1b)")


def top_tokens(text: str) -> tuple[list[str], bool, list[int]]:
    """The top-level (ESC-separated) tokens of a command text, whether they are *raw*, and where each starts.

    Raw tokens are still escaped (a backslash before each ESC of a sub-command): when no token starts with ``'``,
    the Decoder's tokens are the text between the ESCs no backslash escapes (one regex split in C), unescaped by the
    caller only where it needs to. Otherwise the tokens are the Decoder's own."""
    if text[:1] == "'" or "\x1b'" in text:
        toks = _split(text, ESC)
        return toks, False, _offsets(toks)
    toks = _TOP_SPLIT.split(text)
    # a raw token is as long as the text it came from
    return toks, True, [0, *accumulate(len(p) + 1 for p in toks[:-1])]


def _node(tok: str, depth: int) -> Command:
    """``decode(tok, depth)``, with the two usual shapes done inline: a leaf, and a ``LOG\\t`` around a leaf."""
    if depth >= MAX_DEPTH or ESC in tok or tok[:1] == "'":
        return _decode(tok, depth)
    if tok[:4] == "LOG\t":
        inner = tok[4:]
        if ESC not in inner and inner[:1] != "'":
            return Log(decode_leaf(inner, depth + 1))
    return decode_leaf(tok, depth)


def _offsets(tokens: list[str]) -> list[int]:
    """Where each top-level token starts in the original text (one escape backslash per nested ESC)."""
    out, pos = [], 0
    for tok in tokens:
        out.append(pos)
        pos += len(tok) + tok.count(ESC) + 1
    return out


def encode(cmd: Command) -> str | None:
    """Encode exactly as ``GameModule.encode``: the leaf, then each sub-command as an ESC-separated sequence."""
    s = cmd.leaf()
    if cmd.children:
        parts: list[str | None] = [s]
        for child in cmd.children:
            sub = encode(child)
            if sub is not None:
                parts.append(sub)
        s = _join(parts, ESC)
    return s


def saved_game(pieces: list[AddPiece], state: list[Command] | None = None) -> BeginSave:
    """The tree VASSAL's ``GameState.getRestoreCommand`` writes: ``begin_save``, the pieces, other state, ``end_save``.

    *pieces* are AddPiece commands (pieces first, then their stacks); *state* the components' restore commands
    (players, ``<map>BoardPicker``, ``SETUP_STACK``, turn tracker, …). Encode it with :func:`encode`.
    """
    container = NullCommand(children=list(pieces))
    # VASSAL's version-check ConditionalCommand has no encoder and writes an empty token; keep the same shape.
    return BeginSave(children=[NullCommand(), container, *(state or []), EndSave()])


def state_changes(node: Command) -> list[Command]:
    """The piece commands of a step, in execution order (what an undo has to invert)."""
    return [c for c in node.walk() if isinstance(c, (AddPiece, RemovePiece, MovePiece, ChangePiece))]


def _inverts(d: Command, c: Command) -> bool:
    """True if *d* is ``c.getUndoCommand()`` as VASSAL builds it (AddPiece<->RemovePiece, swapped move/change)."""
    if isinstance(c, AddPiece):
        return isinstance(d, RemovePiece) and d.id == c.id
    if isinstance(c, RemovePiece):
        return isinstance(d, AddPiece) and d.id == c.id
    if isinstance(c, MovePiece):
        return (isinstance(d, MovePiece) and d.id == c.id
                and (d.new_map, d.new_x, d.new_y, d.new_under) == (c.old_map, c.old_x, c.old_y, c.old_under)
                and (d.old_map, d.old_x, d.old_y) == (c.new_map, c.new_x, c.new_y))
    if isinstance(c, ChangePiece):
        return (isinstance(d, ChangePiece) and d.id == c.id and c.old_state is not None
                and d.new_state == c.old_state and d.old_state == c.new_state)
    return False


def is_undo_of(step: list[Command], earlier: list[Command]) -> bool:
    """Whether *step* is VASSAL's undo of *earlier*: its inverse commands in reverse order. Only drops count (a step
    with a MovePiece, or a new Stack as every drop on an empty spot makes): a flip then a flip back, or a piece added
    then deleted by hand (no stack removal), stay real actions."""
    if not step or len(step) != len(earlier):
        return False
    if not any(isinstance(c, MovePiece) or (isinstance(c, AddPiece) and c.is_stack) for c in earlier):
        return False
    return all(_inverts(d, c) for d, c in zip(step, reversed(earlier), strict=True))
