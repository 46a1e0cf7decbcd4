"""Decode a VASSAL piece from its type and state strings: name, Marker properties, Layer levels, facing, position.

A log repeats a few thousand piece types over tens of thousands of commands, so each distinct type string is parsed
once into a :class:`Template` (which trait is a Marker, a Layer, a rotator, the BasicPiece; their property names,
level names and the piece's name); every command after that splits only its state string.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from modgen.vassal import commands as C
from modgen.vassal.sequence import split_traits


@dataclass
class Location:
    """Where a piece is: map name (None = off every map), map pixel, and hex label when a locator knows the map."""

    map: str | None
    x: int
    y: int
    hex: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"map": self.map, "x": self.x, "y": self.y}
        if self.hex is not None:
            d["hex"] = self.hex
        return d


@dataclass
class Piece:
    """A game piece as decoded from its type and state strings."""

    id: str
    type: str
    state: str
    name: str = ""
    props: dict[str, str] = field(default_factory=dict)  # Marker trait properties (mg_unit, mg_game, …)
    layers: dict[str, int] = field(default_factory=dict)  # Embellishment name -> level (+n active, -n inactive)
    layer_sizes: dict[str, int] = field(default_factory=dict)  # Embellishment name -> number of levels
    facing: float | None = None  # Can-rotate trait: degrees clockwise from the top of the map (None: no rotator)
    location: Location = field(default_factory=lambda: Location(None, 0, 0))
    stack: str | None = None
    masked: str | None = None  # Obscurable (Mask): who masked it (a side or player id), None when shown to all
    beneath: tuple[str, ...] = ()  # the pieces under it in its stack when it was last moved, bottom first

    @property
    def unit(self) -> str | None:
        """Our unit id (Marker property ``mg_unit``), or None for pieces of other modules."""
        return self.props.get("mg_unit") or None

    @property
    def label(self) -> str:
        """How to name the piece to a person: unit id, else the piece's name, else its id."""
        return self.unit or self.name or self.id


def _int(s: str) -> int:
    """A Java int as VASSAL parses it; anything else (garbage, 5,000 digits) is 0, as a broken position is."""
    if len(s) > 12:  # longer than any 32-bit int: never hand a huge number to the hex-grid arithmetic
        return 0
    try:
        value = int(s)
    except ValueError:
        return 0
    return value if -(2**31) <= value < 2**31 else 0


MARK, LAYER, ROTATE, BASIC, MASK = range(5)


@dataclass(frozen=True)
class Template:
    """What a piece type says, parsed once: ``traits`` = (index in the type, kind, what that kind needs), and
    ``sizes`` = each Layer's number of levels (the same for every piece of the type)."""

    traits: tuple[tuple[int, int, Any], ...]
    sizes: dict[str, int] = field(default_factory=dict, compare=False)


def template(type_: str) -> Template:
    """The :class:`Template` of a piece type string (callers keep one per distinct type: logs repeat them)."""
    out: list[tuple[int, int, Any]] = []
    sizes: dict[str, int] = {}
    for i, t in enumerate(split_traits(type_)):
        if t.startswith("mark;"):
            out.append((i, MARK, tuple(C._split(t[5:], ","))))
        elif t.startswith("emb2;"):
            f = C._split(t[5:], ";")
            data = (f[18] if len(f) > 18 else "", C._split(f[16], ",") if len(f) > 16 else [])
            out.append((i, LAYER, data))
            sizes[data[0]] = len(data[1])
        elif t.startswith("rotate;"):
            out.append((i, ROTATE, C._split(t[7:], ";")))
        elif t.startswith("obs;"):
            out.append((i, MASK, None))
        elif t.startswith("piece;"):
            f = C._split(t[6:], ";")
            out.append((i, BASIC, f[3] if len(f) > 3 else ""))
    return Template(tuple(out), sizes)


def _template(type_: str, templates: dict[str, Template] | None) -> Template:
    if templates is None:
        return template(type_)
    tpl = templates.get(type_)
    if tpl is None:
        tpl = templates[type_] = template(type_)
    return tpl


#: What a state string says about a piece of a known type (:func:`state_fields`): name, Marker properties, Layer
#: levels, facing, mask owner, BasicPiece position (None: its state has no ``map;x;y``), whether the innermost state
#: carries a position.
Fields = tuple[str, dict[str, str], dict[str, int], "float | None", "str | None",
               "tuple[str | None, int, int] | None", bool]


def state_fields(tpl: Template, pid: str, state: str, warn: Callable[[str], None] | None = None,
                 named: bool = True) -> Fields:
    """The parts of a piece a state string sets, without building a :class:`Piece` (a state change only compares
    them); ``named=False`` skips the displayed name (a state change keeps the piece's name)."""
    states = split_traits(state)
    n = len(states)
    level_names: list[tuple[list[str], int]] = []
    props: dict[str, str] = {}
    layers: dict[str, int] = {}
    name = ""
    facing: float | None = None
    masked: str | None = None
    pos: tuple[str | None, int, int] | None = None
    inner: list[str] | None = None
    for i, kind, data in tpl.traits:
        s = states[i] if i < n else ""
        if kind == MARK:
            values = C._split(s, ",")
            nv = len(values)
            for k, key in enumerate(data):
                if key:
                    props[key] = values[k] if k < nv else ""
        elif kind == LAYER:
            level = _int(s)
            layers[data[0]] = level
            if named:
                level_names.append((data[1], level))
        elif kind == ROTATE:
            if facing is not None:  # the outermost rotator with a usable angle decides the facing
                continue
            facing = _facing(data, s)
            if facing is None and warn is not None and _infinite(s):
                warn(f"piece {pid}: rotation {s[:40]!r} is not a finite angle; facing ignored")
        elif kind == MASK:
            # the mask hides the piece from players, not from the log: its type and state still say what it is
            masked = (C._null(C._split(s, ";")[0]) or None) if s else None
        else:
            name = data
            b = C._split(s, ";")
            if i == n - 1:  # the innermost state (the BasicPiece is the innermost trait): has_pos below needs it
                inner = b
            if len(b) >= 3:
                pos = (C._null(b[0]), _int(b[1]), _int(b[2]))
    # The name VASSAL shows (Embellishment.getName), innermost layer first: an active level's name replaces the
    # name, or with a '+' ("+ (reduced)", "Elite +") adds to it.
    for names, value in reversed(level_names):
        cname = names[value - 1] if 0 < value <= len(names) else ""
        if cname:
            toks = C._split(cname, "+")
            if len(toks) > 1:
                name = name + toks[1] if toks[0] == "" else toks[0] + name
            else:
                name = toks[0]
    if inner is None:
        last = states[-1]
        inner = C._split(last, ";") if last.count(";") >= 2 else []
    has_pos = len(inner) >= 3
    return name, props, layers, facing, masked, pos, has_pos


def decode_state(pid: str, type_: str, state: str, warn: Callable[[str], None] | None = None,
                 templates: dict[str, Template] | None = None) -> tuple[Piece, bool]:
    """The piece, and whether its innermost state carries a position (``map;x;y``: a BasicPiece state).

    ``templates`` caches the parsed types; a reader keeps one per file (not process-wide: a long-running service
    must not hold on to a hostile log's types after the request)."""
    tpl = _template(type_, templates)
    name, props, layers, facing, masked, pos, has_pos = state_fields(tpl, pid, state, warn)
    loc = Location(None, 0, 0) if pos is None else Location(pos[0], pos[1], pos[2])
    return Piece(pid, type_, state, name, props, layers, dict(tpl.sizes), facing, loc, None, masked), has_pos


def decode_piece(pid: str, type_: str, state: str, warn: Callable[[str], None] | None = None) -> Piece:
    """Decode a piece's name (as VASSAL shows it), Marker properties, Layer levels and BasicPiece position.
    ``warn`` hears about parts that cannot be used (a rotation of NaN or infinity)."""
    return decode_state(pid, type_, state, warn)[0]


def _facing(fields: list[str], state: str) -> float | None:
    """FreeRotator state -> degrees clockwise from up. VASSAL counts the other way: a free rotator (nAngles 1) keeps
    its angle counter-clockwise, a stepped one the index i of validAngles[i] = -i * 360 / n (FreeRotator)."""
    try:
        n = int(fields[0]) if len(fields[0]) <= 9 else 0  # a rotator has a handful of angles, not 10**5000
        value = float(state) if state else 0.0
    except (ValueError, IndexError):
        return None
    if not math.isfinite(value):  # "NaN", "Infinity", "1e999": no angle (the caller warns)
        return None
    if n == 1:
        deg = -value % 360
    elif n > 1:
        deg = (int(value) % n) * 360.0 / n
    else:
        return None
    return round(deg, 3) % 360


def _infinite(s: str) -> bool:
    """True for the float spellings of NaN and infinity (``NaN``, ``-Infinity``, ``1e999``)."""
    try:
        return not math.isfinite(float(s))
    except ValueError:
        return False
