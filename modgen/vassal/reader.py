"""Read VASSAL saved games and logs (.vsav/.vlog) into a piece/stack model and a stream of visitor calls.

Visitor style, like python-chess's ``pgn``: :func:`read` decodes the file and calls :class:`Visitor` methods in game
order — pieces added/removed/moved, state changes (layers/flips, marker properties), chat lines, dice reports,
turn-tracker and global-property changes, log steps and undo brackets, and warnings. Subclass :class:`Visitor` and
override what you need; :class:`Recorder` collects everything as plain dicts (what ``modgen log`` prints).

Pieces tie back to our data through their Marker properties (``mg_unit``, ``mg_game``, …; docs/design.md); pieces of
any other module still decode, named by their BasicPiece name. With a :class:`Locator` (built from a game), positions
also carry the hex label VASSAL would show (``modgen.geometry.hexgrid``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from modgen.errors import LogFormatError
from modgen.vassal import commands as C
from modgen.vassal import flatlog as F
from modgen.vassal.archive import Limits, current, events_breach, read_source
from modgen.vassal.flatlog import Top, flatten
from modgen.vassal.obfuscation import deobfuscate
from modgen.vassal.pieces import Location, Piece, Template, _int, _template, decode_piece, decode_state, state_fields
from modgen.vassal.visitor import Context, DiceRoll, Recorder, Stack, StateChange, Visitor

__all__ = ["Context", "DiceRoll", "GameState", "Location", "Piece", "Recorder", "Stack", "StateChange", "Visitor",
           "decode_piece", "load_text", "parse_dice", "read", "read_text"]

# Our DiceButton reportFormat (docs/design.md) and VASSAL's default "** $name$ = $result$ *** <$PlayerName$>".
DICE_RE = re.compile(r"rolled (\d+)d(\d+) \[(.*?)\]: (.*?)(?: \*+)?\s*$")
DEFAULT_DICE_RE = re.compile(r"^\*+ (.+?) = ([0-9, ]+?) \*+\s*(?:<(.*)>)?\s*$")
SIDE_RE = re.compile(r"^\*+ (.+?) rolled ")
PLAYER_CHAT_RE = re.compile(r"^<([^>]*)> - (.*)$", re.S)




Locator = Callable[[str | None, int, int], "str | None"]


def _stack_state(state: str) -> tuple[str | None, int, int, list[str]]:
    """A Stack's state: map, x, y and its members (bottom first)."""
    # nothing escaped or quoted (every stack VASSAL writes): the plain split C._split would do, in C
    toks = state.split(";") if "\\" not in state and "'" not in state else C._split(state, ";")
    if len(toks) < 3:
        return None, 0, 0, []
    members = toks[3:]
    # the usual stack: ids, then one "@@…" token (which is not a member), no empty token: no Python-level filter
    if members and members[-1][:2] == "@@" and state.count("@@") == 1 and "" not in members:
        members.pop()
    else:
        members = [t for t in toks[3:] if t and t[:2] != "@@"]
    m, x, y = toks[0], toks[1], toks[2]
    # plain digits (the usual position; at most 9 cannot leave a Java int) need no _int
    return (None if m == "null" else m, int(x) if len(x) < 10 and x.isascii() and x.isdigit() else _int(x),
            int(y) if len(y) < 10 and y.isascii() and y.isdigit() else _int(y), members)


def parse_dice(text: str) -> DiceRoll | None:
    """A DiceRoll if *text* is a dice report in our format or VASSAL's default format."""
    m = DICE_RE.search(text)
    if m:
        results = [int(v) for v in re.findall(r"-?\d+", m.group(4))]
        side_m = SIDE_RE.match(text)
        return DiceRoll(int(m.group(1)), int(m.group(2)), m.group(3), results,
                        side_m.group(1) if side_m else None, text)
    m = DEFAULT_DICE_RE.match(text)
    if m:
        results = [int(v) for v in re.findall(r"\d+", m.group(2))]
        dm = re.match(r"^(\d*)d(\d+)$", m.group(1).strip())
        n = int(dm.group(1) or 1) if dm else len(results)
        sides = int(dm.group(2)) if dm else 0
        return DiceRoll(n, sides, m.group(1), results, None, text)
    return None


# The entities chat lines hold: VASSAL escapes a player's < > & " (``&lt;Alice&gt; - …``), our modules' move reports
# write ``&rarr;``. "&amp;" last, so that the "&" it gives is not read again (html.unescape reads the text once).
_ENTITIES = (("&rarr;", "\u2192"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&amp;", "&"))


def _unescape(text: str) -> str:
    """``html.unescape(text)``: when every "&" starts one of the usual entities, each is one of the matches
    html.unescape would make (no "&" inside one) and decodes the same anywhere, so a replace in C does the same."""
    amps = text.count("&")
    if amps == text.count("&rarr;"):  # a move report: the commonest
        return text.replace("&rarr;", "\u2192")
    for entity, _ in _ENTITIES:
        amps -= text.count(entity)
    if amps:
        # imported here: the usual chat needs no more, and html (with its entity table) costs a start-up 1.4 ms
        import html

        return html.unescape(text)
    for entity, char in _ENTITIES:
        if entity in text:
            text = text.replace(entity, char)
    return text


class GameState:
    """The piece/stack model, updated command by command; reports what changed to a visitor."""

    def __init__(self, visitor: Visitor, locator: Locator | None = None) -> None:
        self.v = visitor
        self.locator = locator
        self.pieces: dict[str, Piece] = {}
        self.stacks: dict[str, Stack] = {}
        self.properties: dict[str, str] = {}
        self.turn: dict[str, str] = {}
        # pieces a stack listed before they were added (seen in real 3.2 saves): attached when they arrive
        self.awaited: dict[str, str] = {}
        self.templates: dict[str, Template] = {}  # each piece type of this file, parsed once
        # one Location per place (never mutated; a log revisits a few hundred places, and the locator is costly)
        self._places: dict[tuple[str | None, int, int], Location] = {}

    def _loc(self, map_: str | None, x: int, y: int) -> Location:
        key = (map_, x, y)
        loc = self._places.get(key)
        if loc is None:
            hexlabel = self.locator(map_, x, y) if (self.locator and map_ is not None) else None
            loc = self._places[key] = Location(map_, x, y, hexlabel)
        return loc

    # -- commands --
    def add(self, cmd: C.AddPiece, ctx: Context) -> None:
        self.add_piece(cmd.id, cmd.type, cmd.state, ctx)

    def remove(self, cmd: C.RemovePiece, ctx: Context) -> None:
        self.remove_piece(cmd.id, ctx)

    def move(self, cmd: C.MovePiece, ctx: Context) -> None:
        self.move_piece(cmd.id, cmd.new_map, cmd.new_x, cmd.new_y, cmd.new_under, ctx)

    def change(self, cmd: C.ChangePiece, ctx: Context) -> None:
        self.change_piece(cmd.id, cmd.new_state, ctx)

    def chat(self, cmd: C.Chat, ctx: Context) -> None:
        self.chat_line(cmd.message, ctx)

    # The same from the fields (the fast path, modgen.vassal.flatlog, builds no command objects).
    def add_piece(self, pid: str | None, type_: str, state: str, ctx: Context) -> None:
        """An AddPiece: a piece, a Stack (``type_ == "stack"``) or a deck (ignored)."""
        if pid is None:
            self.v.warning("a piece without an id was added; ignored", ctx)
            return
        if type_ == "stack":
            map_, x, y, members = _stack_state(state)
            loc = self._places.get((map_, x, y)) or self._loc(map_, x, y)
            self.stacks[pid] = Stack(pid, loc, members)
            pieces = self.pieces
            for m in members:
                p = pieces.get(m)
                if p is None:
                    self.awaited[m] = pid
                    continue
                p.stack = pid
                p.location = loc
            return
        if type_.startswith("deck;"):
            return  # a card deck: a container, not a piece
        piece, _ = decode_state(pid, type_, state, lambda m: self.v.warning(m, ctx), self.templates)
        piece.location = self._loc(piece.location.map, piece.location.x, piece.location.y)
        waiting = self.stacks.get(self.awaited.pop(pid, "")) if self.awaited else None
        if waiting is not None and pid in waiting.members:
            piece.stack, piece.location = waiting.id, waiting.location
        self.pieces[pid] = piece
        self.v.piece_added(piece, ctx)

    def remove_piece(self, pid: str, ctx: Context) -> None:
        """A RemovePiece."""
        if pid in self.stacks:
            del self.stacks[pid]
            return
        piece = self.pieces.pop(pid, None)
        if piece is None:
            self.v.warning(f"removal of unknown piece {pid}", ctx)
            return
        self._leave_stack(piece)
        self.v.piece_removed(piece, ctx)

    def _leave_stack(self, piece: Piece) -> None:
        st = self.stacks.get(piece.stack or "")
        if st and piece.id in st.members:
            st.members.remove(piece.id)
        piece.stack = None

    def move_piece(self, pid: str | None, new_map: str | None, new_x: int, new_y: int, new_under: str | None,
                   ctx: Context) -> None:
        """A MovePiece (the drop; its old position is what the model already has)."""
        if pid is None:
            return
        new = self._places.get((new_map, new_x, new_y)) or self._loc(new_map, new_x, new_y)
        st = self.stacks.get(pid)
        if st is not None:
            st.location = new
            for m in list(st.members):
                p = self.pieces.get(m)
                if p is not None:
                    old = p.location
                    p.location = new
                    self.v.piece_moved(p, old, new, ctx)
            return
        piece = self.pieces.get(pid)
        if piece is None:
            self.v.warning(f"move of unknown piece {pid}", ctx)
            return
        old = piece.location
        if piece.stack is not None:
            self._leave_stack(piece)
        piece.location = new
        under = self.pieces.get(new_under or "")
        if under is not None and under.stack in self.stacks:
            st = self.stacks[under.stack]
            at = st.members.index(under.id) + 1 if under.id in st.members else len(st.members)
            st.members.insert(at, piece.id)
            piece.stack = st.id
            piece.beneath = tuple(st.members[:at])
        elif under is not None:
            piece.beneath = (under.id,)
        else:
            piece.beneath = ()
        self.v.piece_moved(piece, old, new, ctx)

    def change_piece(self, pid: str, new_state: str, ctx: Context) -> None:
        """A ChangePiece: the new state of a stack (members, position) or of a piece."""
        st = self.stacks.get(pid)
        if st is not None:
            map_, x, y, members = _stack_state(new_state)
            st.location = self._loc(map_, x, y)
            st.members = members
            for m in members:
                p = self.pieces.get(m)
                if p is not None:
                    p.stack = st.id
                    p.location = st.location
            return
        piece = self.pieces.get(pid)
        if piece is None:
            self.v.warning(f"change of unknown piece {pid}", ctx)
            return
        tpl = self.templates.get(piece.type) or _template(piece.type, self.templates)
        # the name is not compared: a state change keeps the name the piece was added with
        _, props, layers, facing, masked, pos, has_pos = state_fields(tpl, pid, new_state,
                                                                      lambda m: self.v.warning(m, ctx), False)
        old_layers, old_props = piece.layers, piece.props
        changes = [StateChange("layer", k, old_layers.get(k), v) for k, v in layers.items()
                   if old_layers.get(k) != v]
        changes += [StateChange("prop", k, old_props.get(k), v) for k, v in props.items()
                    if old_props.get(k) != v]
        if facing != piece.facing:
            changes.append(StateChange("facing", "Facing", piece.facing, facing))
        if masked != piece.masked:
            changes.append(StateChange("mask", "Mask", piece.masked, masked))
        piece.state, piece.layers, piece.props, piece.facing, piece.masked = new_state, layers, props, facing, masked
        npos = (None, 0, 0) if pos is None else pos
        old = piece.location
        if has_pos and piece.stack is None and npos != (old.map, old.x, old.y):
            piece.location = self._loc(*npos)
            self.v.piece_moved(piece, old, piece.location, ctx)
        if changes:
            self.v.state_changed(piece, changes, ctx)

    def chat_line(self, message: str, ctx: Context) -> None:
        """A chat line (and the dice report it may be)."""
        text = _unescape(message) if "&" in message else message
        # the cheap tests first: a player's line starts with '<', a dice report says "rolled " or " = "
        m = PLAYER_CHAT_RE.match(text) if text[:1] == "<" else None
        self.v.chat(m.group(2) if m else text, m.group(1) if m else None, ctx)
        if text[:1] == "*" and ("rolled " in text or " = " in text):
            roll = parse_dice(text)
            if roll is not None:
                self.v.dice(roll, ctx)


def read_text(text: str, visitor: Visitor, *, locator: Locator | None = None,
              meta: dict[str, Any] | None = None, limits: Limits | None = None) -> GameState:
    """Decode a savedGame command text and drive *visitor*; returns the final piece/stack model.

    More than ``limits.max_events`` commands (default: the ``log_events`` limit) is a LimitError before any is built.
    A damaged command is a LogFormatError; in the usual ``begin_save`` text it is raised when the reading reaches it,
    after the visitor calls for the commands before it (the steps are parsed as they are read).
    """
    with C.no_cycle_collection():
        return _read_text(text, visitor, locator, meta, limits)


def _read_text(text: str, visitor: Visitor, locator: Locator | None, meta: dict[str, Any] | None,
               limits: Limits | None) -> GameState:
    label = (meta or {}).get("file") or "savedGame"
    cap = current(limits).max_events
    # every command but the first is preceded by one ESC, however deeply nested: count before building anything
    if text.count(C.ESC) >= cap:
        raise events_breach(f"{label}: savedGame", cap)
    try:
        tops = flatten(text)  # the usual begin_save text: flat steps, no command tree (modgen.vassal.flatlog)
        tree = C.decode(text) if tops is None else None
    except LogFormatError as exc:
        raise LogFormatError(f"{label}: {exc}") from None
    state = GameState(visitor, locator)
    if tops is not None:
        return _read_flat(_labelled(tops, label), "UNDO\t" not in text, visitor, state, meta)
    assert tree is not None
    visitor.begin(meta or {})
    # The saved state and the logged steps are all children of the top-level begin_save: visit them one by one.
    flat = isinstance(tree, (C.BeginSave, C.NullCommand))
    top = [tree, *tree.children] if flat else [tree]
    tree_children = tree.children
    if flat:
        tree.children = []
    step = 0
    in_setup = undoing = False
    # VASSAL before 3.7 logs an undo as the bare inverse commands (BasicLogger.undo); spot those steps when the file
    # has no UNDO brackets, so undone actions are reported as undone either way.
    spot_undo = "UNDO\t" not in text
    standing: list[list[C.Command]] = []
    try:
        for node in top:
            ctx = Context(None if step == 0 else step, max(node.offset, 0), in_setup, undoing)
            inverse = False
            if isinstance(node, C.Log):
                step += 1
                ctx.step = step
                visitor.step(ctx)
                if spot_undo:
                    inverse = _spot_undo(ctx, visitor, standing, C.state_changes(node), C.is_undo_of)
            _run(node, state, ctx)
            if inverse:
                ctx.undoing = False
                visitor.undo(False, ctx)
            in_setup, undoing = ctx.in_setup, ctx.undoing
    finally:
        tree.children = tree_children
    for pid, sid in state.awaited.items():
        visitor.warning(f"stack {sid} lists piece {pid}, which is never added", Context(None, 0))
    visitor.end()
    return state


def _spot_undo(ctx: Context, visitor: Visitor, standing: list[Any], changes: Any,
               is_undo_of: Callable[[Any, Any], bool]) -> bool:
    """Whether the logged step with these state ``changes`` undoes the last step still standing (VASSAL's Undo logs
    the inverse commands): if so it is taken off ``standing`` and the visitor told the undo begins; otherwise a step
    that changes anything stands."""
    inverse = bool(standing) and is_undo_of(changes, standing[-1])
    if inverse:
        standing.pop()
        ctx.undoing = True
        visitor.undo(True, ctx)
    elif changes:
        standing.append(changes)
    return inverse


def _labelled(tops: Iterable[Top], label: str) -> Iterator[Top]:
    """*tops*, a format error in them named after the file (as the tree path names it; not errors of the visitor)."""
    try:
        yield from tops
    except LogFormatError as exc:
        raise LogFormatError(f"{label}: {exc}") from None


def _read_flat(tops: Iterable[Top], spot_undo: bool, visitor: Visitor, state: GameState,
               meta: dict[str, Any] | None) -> GameState:
    """:func:`_read_text` over :func:`flatlog.flatten`'s steps: the same visitor calls, no command objects."""
    visitor.begin(meta or {})
    add, remove, move = state.add_piece, state.remove_piece, state.move_piece
    change, chat, handlers = state.change_piece, state.chat_line, _HANDLERS
    # the leaf codes as locals: ~10^5 comparisons below
    CHAT, MOVE, ADD, CHANGE, REMOVE = F.CHAT, F.MOVE, F.ADD, F.CHANGE, F.REMOVE  # noqa: N806
    is_undo_of = F.is_undo_of
    step = 0
    in_setup = undoing = False
    standing: list[list[tuple[Any, ...]]] = []
    for offset, is_log, ops in tops:
        inverse = False
        if is_log:
            step += 1
            ctx = Context(step, offset, in_setup, undoing)
            visitor.step(ctx)
            if spot_undo:
                inverse = _spot_undo(ctx, visitor, standing, [op for op in ops if op[0] <= CHANGE], is_undo_of)
        else:
            ctx = Context(None if step == 0 else step, offset, in_setup, undoing)
        for op in ops:
            code = op[0]
            if code == CHAT:
                chat(op[1], ctx)
            elif code == MOVE:
                move(op[1], op[2], op[3], op[4], op[5], ctx)
            elif code == ADD:
                add(op[1], op[2], op[3], ctx)
            elif code == CHANGE:
                change(op[1], op[2], ctx)
            elif code == REMOVE:
                remove(op[1], ctx)
            else:
                cmd = op[1]
                handlers[type(cmd)](state, cmd, ctx)
        if inverse:
            ctx.undoing = False
            visitor.undo(False, ctx)
        in_setup, undoing = ctx.in_setup, ctx.undoing
    for pid, sid in state.awaited.items():
        visitor.warning(f"stack {sid} lists piece {pid}, which is never added", Context(None, 0))
    visitor.end()
    return state


def _run(node: C.Command, state: GameState, ctx: Context) -> None:
    handlers = _HANDLERS
    # pre-order, as Command.walk (a Log runs its logged command, then its children), without a generator per node
    todo = [node]
    while todo:
        cmd = todo.pop()
        kind = type(cmd)
        while kind is C.Log:  # a logged step: its command now, its children after
            if cmd.children:
                todo.extend(reversed(cmd.children))
            cmd = cmd.logged  # type: ignore[attr-defined]
            kind = type(cmd)
        if cmd.children:
            todo.extend(reversed(cmd.children))
        handler = handlers.get(kind)
        if handler is not None:
            handler(state, cmd, ctx)


def _begin_save(state: GameState, cmd: C.Command, ctx: Context) -> None:
    ctx.in_setup = True


def _end_save(state: GameState, cmd: C.Command, ctx: Context) -> None:
    ctx.in_setup = False
    state.v.end_setup(ctx)


def _undo(state: GameState, cmd: C.Undo, ctx: Context) -> None:
    ctx.undoing = cmd.in_progress
    state.v.undo(cmd.in_progress, ctx)


def _turn(state: GameState, cmd: C.Turn, ctx: Context) -> None:
    state.turn[cmd.tracker] = cmd.state
    state.v.turn_changed(cmd.tracker, cmd.state, cmd.values(), ctx)


def _global(state: GameState, cmd: C.GlobalProperty, ctx: Context) -> None:
    old = state.properties.get(cmd.name)
    state.properties[cmd.name] = cmd.value
    state.v.property_changed(cmd.name, old, cmd.value, cmd.container, ctx)


def _mutable(state: GameState, cmd: C.MutableProperty, ctx: Context) -> None:
    state.properties[cmd.name] = cmd.new
    state.v.property_changed(cmd.name, cmd.old, cmd.new, cmd.container, ctx)


def _unknown(state: GameState, cmd: C.Unknown, ctx: Context) -> None:
    state.v.warning(f"offset {ctx.offset}: unknown command {cmd.text[:40]!r}; skipped", ctx)


# What each command does to the model and the visitor (exact types: the command classes are not subclassed);
# Log, NullCommand, SetupStackDone, Other and the rest have no handler.
_HANDLERS: dict[type, Callable[..., None]] = {
    C.AddPiece: GameState.add,
    C.RemovePiece: GameState.remove,
    C.MovePiece: GameState.move,
    C.ChangePiece: GameState.change,
    C.Chat: GameState.chat,
    C.BeginSave: _begin_save,
    C.EndSave: _end_save,
    C.Undo: _undo,
    C.Turn: _turn,
    C.GlobalProperty: _global,
    C.MutableProperty: _mutable,
    C.Player: lambda state, cmd, ctx: state.v.player(cmd.name, cmd.side, ctx),
    C.Unknown: _unknown,
}


def load_text(source: str | Path | bytes, *, name: str | None = None,
              limits: Limits | None = None) -> tuple[str, dict[str, Any]]:
    """The savedGame command text of a .vsav/.vlog (zip) or of a bare savedGame entry, plus file metadata.

    Every decoding stage (zip inflate, XZ, ``!VCSK``) stops at ``limits.max_decoded`` bytes (default: the
    ``log_decoded_mb`` limit in force); a path must be a regular file.
    """
    limits = current(limits)
    raw, meta = read_source(source, name=name, limits=limits)
    return deobfuscate(raw, name=f"{meta['file']}: savedGame", max_decoded=limits.max_decoded), meta


def read(source: str | Path | bytes, visitor: Visitor, *, locator: Locator | None = None,
         name: str | None = None, limits: Limits | None = None) -> GameState:
    """Read a .vsav/.vlog (or a bare savedGame text) and drive *visitor*; returns the final model.

    ``limits`` (default: the limits table in force) caps the decoded size at every codec and the number of commands.
    """
    limits = current(limits)
    text, meta = load_text(source, name=name, limits=limits)
    return read_text(text, visitor, locator=locator, meta=meta, limits=limits)
