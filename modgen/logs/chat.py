"""The chat declaration syntax players type in VASSAL to tell the rules checker what VASSAL cannot record.

VASSAL logs where pieces were dropped and what the dice said, but not *which* units attacked *what*, what the result
was, or which phase it is. Players type one line per declaration in the chat window::

    !attack 1203 1204 -> 1305 mobile support 1102 table crt
    !fire 0807 -> 1009
    !result D2
    !retreat 1305 1306 1407
    !phase movement german
    !turn 3
    !mode road
    !loss de.5pz.31.I 1
    !roll combat
    !vp soviet 2 Minsk captured
    !end

Tokens are separated by spaces. A *target* is a hex label or a unit id: any token containing a digit or a dot
(``1305``, ``A5``, ``de.5pz.31.I``), or any "double-quoted" text (a piece name with spaces). A bare lower-case word is
a keyword. :func:`parse` returns a :class:`Declaration` or raises :class:`ChatSyntaxError` with the column and what
was expected. Lines not starting with ``!`` are ordinary chat (:func:`parse` returns None).

A rule system adds its own verbs (``RuleSystem.chat_verbs()``; :func:`verbs_for` collects them): each is a function
that reads the rest of the line through a :class:`Parser` (so its errors name the column too) and returns the
canonical event, which :func:`parse` puts in ``Declaration.event``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from modgen.errors import DataError, ModgenError

VERBS = ("attack", "fire", "result", "retreat", "advance", "phase", "turn", "mode", "loss", "roll", "vp", "end")
MODES = ("normal", "road", "rail", "trail", "disengage", "strategic", "tactical", "dash")
_TARGET_RE = re.compile(r"[0-9.]")
_WORD_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


class ChatSyntaxError(ModgenError):
    """A ``!`` declaration that does not parse; ``column`` is 1-based within the chat text."""

    def __init__(self, text: str, column: int, message: str) -> None:
        self.text = text
        self.column = column
        self.detail = message
        shown = text if len(text) <= 200 else text[:200] + "…"  # a 200 MB chat line is not echoed whole
        super().__init__(f"column {column}: {message} in {shown!r}")


@dataclass
class Token:
    """A word of the declaration and where it starts (0-based)."""

    text: str
    pos: int
    quoted: bool = False

    @property
    def is_target(self) -> bool:
        return self.quoted or bool(_TARGET_RE.search(self.text))


@dataclass
class Declaration:
    """A parsed declaration. Target lists hold the raw tokens (hex labels, unit ids or quoted piece names)."""

    verb: str
    attackers: list[str] = field(default_factory=list)
    defenders: list[str] = field(default_factory=list)
    support: list[str] = field(default_factory=list)
    air: list[str] = field(default_factory=list)
    kind: str | None = None
    table: str | None = None
    id: str | None = None
    result: str | None = None
    unit: str | None = None
    path: list[str] = field(default_factory=list)
    phase: str | None = None
    side: str | None = None
    turn: int | None = None
    mode: str | None = None
    steps: int | None = None
    eliminated: bool = False
    purpose: str | None = None
    points: int | None = None
    reason: str | None = None
    event: dict[str, Any] | None = None  # a plugin verb's canonical event


def tokenize(text: str) -> list[Token]:
    """Split on spaces; "double quotes" group words. An unclosed quote is an error at its column."""
    toks: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '"':
            end = text.find('"', i + 1)
            if end < 0:
                raise ChatSyntaxError(text, i + 1, "unclosed quote")
            toks.append(Token(text[i + 1:end], i, quoted=True))
            i = end + 1
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        toks.append(Token(text[i:j], i))
        i = j
    return toks


class Parser:
    """Reads the tokens after the verb; every error it raises names the column. Plugin verbs use ``peek``,
    ``next``, ``targets``, ``word``, ``integer``, ``fail`` and ``done``."""

    def __init__(self, text: str, toks: list[Token]) -> None:
        self.text, self.toks, self.i = text, toks, 1

    def peek(self) -> Token | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def next(self, expected: str) -> Token:
        t = self.peek()
        if t is None:
            raise ChatSyntaxError(self.text, len(self.text) + 1, f"expected {expected}, got end of line")
        self.i += 1
        return t

    def fail(self, tok: Token, expected: str) -> ChatSyntaxError:
        got = tok.text if len(tok.text) <= 40 else tok.text[:40] + "…"  # a 5,000-digit token is not echoed whole
        return ChatSyntaxError(self.text, tok.pos + 1, f"expected {expected}, got {got!r}")

    def targets(self, what: str) -> list[str]:
        out = []
        while (t := self.peek()) is not None and t.is_target:
            out.append(t.text)
            self.i += 1
        if not out:
            t = self.peek()
            if t is None:
                raise ChatSyntaxError(self.text, len(self.text) + 1, f"expected {what}, got end of line")
            raise self.fail(t, what)
        return out

    def word(self, what: str) -> str:
        t = self.next(what)
        if t.quoted or not _WORD_RE.match(t.text):
            raise self.fail(t, what)
        return t.text

    def integer(self, what: str) -> int:
        t = self.next(what)
        # ASCII digits only, and few of them: a turn, steps or points, not a 5,000-digit number (int() refuses those)
        if not re.fullmatch(r"-?[0-9]{1,9}", t.text):
            raise self.fail(t, what)
        return int(t.text)

    def done(self) -> None:
        t = self.peek()
        if t is not None:
            raise self.fail(t, "end of line")


#: A plugin verb: reads the rest of the line from the parser and returns the canonical event.
VerbParser = Callable[[Parser], dict[str, Any]]


def verbs_for(system: Any) -> dict[str, VerbParser]:
    """The chat verbs ``system`` (a RuleSystem, or None) adds; a DataError if one is a core verb or misspelt."""
    verbs = dict(getattr(system, "chat_verbs", dict)() or {}) if system is not None else {}
    who = f"rule system {getattr(system, 'id', '') or type(system).__name__!r}"
    for name, fn in verbs.items():
        if not isinstance(name, str) or not _WORD_RE.match(name) or name != name.lower():
            raise DataError(f"{who}: chat verb {name!r} must be one lower-case word")
        if name in VERBS:
            raise DataError(f"{who} redefines the core chat verb !{name}; choose another name")
        if not callable(fn):
            raise DataError(f"{who}: chat verb !{name} has no parse function")
    return verbs


def parse(text: str, verbs: Mapping[str, VerbParser] | None = None) -> Declaration | None:
    """Parse one chat line; None if it is not a declaration (does not start with ``!``). ``verbs``: the rule
    system's own verbs (:func:`verbs_for`)."""
    stripped = text.lstrip()
    if not stripped.startswith("!"):
        return None
    toks = tokenize(text)
    verb = toks[0].text[1:].lower()
    extra = verbs or {}
    if verb not in VERBS and verb not in extra:
        known = ", ".join("!" + v for v in (*VERBS, *extra))
        raise ChatSyntaxError(text, toks[0].pos + 1, f"unknown declaration {toks[0].text!r}; expected one of {known}")
    p = Parser(text, toks)
    d = Declaration(verb)
    if verb not in VERBS:
        event = extra[verb](p)
        p.done()
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise ChatSyntaxError(text, toks[0].pos + 1, f"the !{verb} declaration gave no event")
        d.event = event
        return d
    if verb in ("attack", "fire"):
        d.attackers = p.targets("an attacking unit or hex")
        arrow = p.next("'->'")
        if arrow.text != "->":
            raise p.fail(arrow, "'->' or another attacking unit or hex")
        d.defenders = p.targets("a defending unit or hex")
        while (t := p.peek()) is not None:
            p.i += 1
            if t.quoted or not _WORD_RE.match(t.text):
                raise p.fail(t, "a keyword (support, air, table, id) or an attack kind")
            if t.text == "support":
                d.support += p.targets("a supporting unit or hex after 'support'")
            elif t.text == "air":
                d.air += p.targets("an air unit after 'air'")
            elif t.text == "table":
                d.table = p.word("a table name after 'table'")
            elif t.text == "id":
                d.id = p.next("an attack id after 'id'").text
            elif d.kind is None:
                d.kind = t.text
            else:
                raise p.fail(t, f"a keyword (support, air, table, id); the kind is already {d.kind!r}")
        if verb == "fire" and d.kind is None:
            d.kind = "fire"
    elif verb == "result":
        d.result = p.next("a result code (e.g. D2, EX)").text
        if (t := p.peek()) is not None:
            if t.text != "id":
                raise p.fail(t, "'id' or end of line")
            p.i += 1
            d.id = p.next("an attack id after 'id'").text
        p.done()
    elif verb in ("retreat", "advance"):
        first = p.next("a unit or hex")
        if not first.is_target:
            raise p.fail(first, "a unit or hex")
        d.unit = first.text
        d.path = p.targets("at least one hex of the path")
        p.done()
    elif verb == "phase":
        d.phase = p.word("a phase name")
        if p.peek() is not None:
            d.side = p.word("a side id")
        p.done()
    elif verb == "turn":
        d.turn = p.integer("a turn number")
        if d.turn < 1:
            raise ChatSyntaxError(text, toks[1].pos + 1, "expected a turn number of 1 or more")
        p.done()
    elif verb == "mode":
        t = p.next("a movement mode (" + ", ".join(MODES) + ")")
        if t.text not in MODES:
            raise p.fail(t, "a movement mode (" + ", ".join(MODES) + ")")
        d.mode = t.text
        p.done()
    elif verb == "loss":
        first = p.next("a unit or hex")
        if not first.is_target:
            raise p.fail(first, "a unit or hex")
        d.unit = first.text
        t = p.peek()
        if t is None:
            d.steps = 1
        elif t.text in ("elim", "eliminated"):
            d.eliminated = True
            p.i += 1
        else:
            d.steps = p.integer("a number of steps or 'elim'")
        p.done()
    elif verb == "roll":
        d.purpose = p.word("what the next roll is for (e.g. combat, events, recovery)")
        p.done()
    elif verb == "vp":
        d.side = p.word("a side id")
        d.points = p.integer("a number of victory points")
        rest = toks[p.i:]
        d.reason = text[rest[0].pos:].strip() if rest else None
    elif verb == "end":
        p.done()
    return d
