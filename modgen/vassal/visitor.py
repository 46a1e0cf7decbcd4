"""What the reader reports: the :class:`Visitor` interface and its call context, the records it passes (stacks, dice
rolls, state changes), and :class:`Recorder`, which keeps every call as a plain dict (what ``modgen log`` prints).

Split from :mod:`modgen.vassal.reader` (which re-exports all of these), which decodes the file and makes the calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.vassal.pieces import Location, Piece


@dataclass
class Stack:
    """A VASSAL stack: position and member piece ids, bottom first."""

    id: str
    location: Location
    members: list[str] = field(default_factory=list)


@dataclass
class Context:
    """Where in the file a visitor call comes from."""

    step: int | None  # None while the saved state (begin_save … end_save) is read; then 1, 2, … per logged step
    offset: int  # character offset of the enclosing top-level command in the decoded savedGame text
    in_setup: bool = False
    undoing: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "offset": self.offset, "undo": self.undoing}


@dataclass
class DiceRoll:
    """A dice report parsed from chat."""

    n: int
    sides: int
    name: str
    results: list[int]
    side: str | None
    text: str


@dataclass
class StateChange:
    """One detected difference between a piece's old and new state."""

    kind: str  # "layer" | "prop" | "facing" | "mask"
    name: str
    old: Any
    new: Any


class Visitor:
    """Receives decoded events; every method is a no-op by default."""

    def begin(self, meta: dict[str, Any]) -> None:
        """Before anything else; ``meta`` has ``module`` (name from moduledata, if any) and the entries present."""

    def piece_added(self, piece: Piece, ctx: Context) -> None:
        """A piece was created (saved state or a later step)."""

    def piece_removed(self, piece: Piece, ctx: Context) -> None:
        """A piece was deleted."""

    def piece_moved(self, piece: Piece, old: Location, new: Location, ctx: Context) -> None:
        """A piece was dropped at ``new`` (VASSAL records the drop, not the path)."""

    def state_changed(self, piece: Piece, changes: list[StateChange], ctx: Context) -> None:
        """Layers (flips, steps), marker properties or the name of a piece changed."""

    def chat(self, text: str, player: str | None, ctx: Context) -> None:
        """A chat line (HTML entities decoded); ``player`` when it is a player's own line."""

    def dice(self, roll: DiceRoll, ctx: Context) -> None:
        """A dice report (the chat line is also passed to :meth:`chat`)."""

    def turn_changed(self, tracker: str, state: str, values: list[int], ctx: Context) -> None:
        """The turn tracker was set; ``values`` = each nested level's current value (turn, phase index, …)."""

    def property_changed(self, name: str, old: str | None, new: str, container: str, ctx: Context) -> None:
        """A global or mutable property changed."""

    def player(self, name: str, side: str, ctx: Context) -> None:
        """A player took a side."""

    def step(self, ctx: Context) -> None:
        """A logged step begins (one "step forward" in VASSAL)."""

    def undo(self, in_progress: bool, ctx: Context) -> None:
        """An undo bracket starts (True) or ends (False)."""

    def end_setup(self, ctx: Context) -> None:
        """The saved state is complete (``end_save``)."""

    def warning(self, message: str, ctx: Context) -> None:
        """Something was odd but decoding continued (unknown command, unknown piece id, …)."""

    def end(self) -> None:
        """After everything."""


class Recorder(Visitor):
    """Collects every visitor call as a plain dict (``modgen log`` without ``--game`` prints these)."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    # Each method builds its dict in one literal (a log has ~10^5 events): the key order is the output format.
    def _add(self, kind: str, ctx: Context | None, **fields: Any) -> None:
        ev: dict[str, Any] = {"event": kind}
        if ctx is not None:
            ev["step"] = ctx.step
            ev["offset"] = ctx.offset
            if ctx.undoing:
                ev["undo"] = True
        ev.update(fields)
        self.events.append(ev)

    @staticmethod
    def _head(kind: str, ctx: Context) -> dict[str, Any]:
        if ctx.undoing:
            return {"event": kind, "step": ctx.step, "offset": ctx.offset, "undo": True}
        return {"event": kind, "step": ctx.step, "offset": ctx.offset}

    @staticmethod
    def _piece(p: Piece) -> dict[str, Any]:
        d: dict[str, Any] = {"id": p.id, "name": p.name}
        unit = p.props.get("mg_unit")
        if unit:
            d["unit"] = unit
        if p.facing is not None:
            d["facing"] = p.facing
        return d

    def begin(self, meta: dict[str, Any]) -> None:
        self.events.append({"event": "begin", "module": meta.get("module"), "file": meta.get("file")})

    def piece_added(self, piece: Piece, ctx: Context) -> None:
        ev = self._head("add", ctx)
        ev["piece"], ev["at"], ev["layers"], ev["setup"] = (self._piece(piece), piece.location.to_dict(),
                                                            piece.layers, ctx.in_setup)
        self.events.append(ev)

    def piece_removed(self, piece: Piece, ctx: Context) -> None:
        ev = self._head("remove", ctx)
        ev["piece"], ev["at"] = self._piece(piece), piece.location.to_dict()
        self.events.append(ev)

    def piece_moved(self, piece: Piece, old: Location, new: Location, ctx: Context) -> None:
        # the commonest event: Location.to_dict and _piece written out here (no hex, no unit, no facing: the usual)
        fd = {"map": old.map, "x": old.x, "y": old.y} if old.hex is None else old.to_dict()
        td = {"map": new.map, "x": new.x, "y": new.y} if new.hex is None else new.to_dict()
        unit = piece.props.get("mg_unit")
        if unit or piece.facing is not None:
            pd = self._piece(piece)
        else:
            pd = {"id": piece.id, "name": piece.name}
        if ctx.undoing:
            self.events.append({"event": "move", "step": ctx.step, "offset": ctx.offset, "undo": True,
                                "piece": pd, "from": fd, "to": td})
        else:
            self.events.append({"event": "move", "step": ctx.step, "offset": ctx.offset, "piece": pd, "from": fd,
                                "to": td})

    def state_changed(self, piece: Piece, changes: list[StateChange], ctx: Context) -> None:
        ev = self._head("change", ctx)
        ev["piece"] = self._piece(piece)
        ev["changes"] = [{"kind": c.kind, "name": c.name, "old": c.old, "new": c.new} for c in changes]
        self.events.append(ev)

    def chat(self, text: str, player: str | None, ctx: Context) -> None:
        if ctx.undoing:
            self.events.append({"event": "chat", "step": ctx.step, "offset": ctx.offset, "undo": True, "text": text,
                                "player": player})
        else:
            self.events.append({"event": "chat", "step": ctx.step, "offset": ctx.offset, "text": text,
                                "player": player})

    def dice(self, roll: DiceRoll, ctx: Context) -> None:
        ev = self._head("dice", ctx)  # _add's dict without its keyword arguments (a dice report per few steps)
        ev["dice"], ev["name"], ev["results"], ev["side"] = f"{roll.n}d{roll.sides}", roll.name, roll.results, roll.side
        self.events.append(ev)

    def turn_changed(self, tracker: str, state: str, values: list[int], ctx: Context) -> None:
        self._add("turn", ctx, tracker=tracker, state=state, values=values)

    def property_changed(self, name: str, old: str | None, new: str, container: str, ctx: Context) -> None:
        ev = self._head("property", ctx)  # as dice: the die buttons set one with every roll
        ev["name"], ev["old"], ev["new"], ev["container"] = name, old, new, container
        self.events.append(ev)

    def player(self, name: str, side: str, ctx: Context) -> None:
        self._add("player", ctx, name=name, side=side)

    def step(self, ctx: Context) -> None:
        if ctx.undoing:
            self.events.append({"event": "step", "step": ctx.step, "offset": ctx.offset, "undo": True})
        else:
            self.events.append({"event": "step", "step": ctx.step, "offset": ctx.offset})

    def undo(self, in_progress: bool, ctx: Context) -> None:
        self._add("undo", ctx, start=in_progress)

    def end_setup(self, ctx: Context) -> None:
        self._add("end_setup", ctx)

    def warning(self, message: str, ctx: Context) -> None:
        self._add("warning", ctx, message=message)
