"""Scenario set-ups as VASSAL saved games (.vsav) for ``PredefinedSetup`` entries.

A set-up is what VASSAL's ``GameState.getRestoreCommand`` writes: ``begin_save``, every piece as an AddPiece with
its prototypes *expanded* (``PieceCloner``), the stacks that hold them, each map's ``BoardPicker`` command, then
``end_save`` (format reference §4.3, checklist §8.4). The command text is built with :mod:`modgen.vassal.commands`
and obfuscated with :mod:`modgen.vassal.obfuscation`; the zip holds ``savedGame``, ``savedata`` and ``moduledata``.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass

from modgen.vassal import commands, cups, obfuscation
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr
from modgen.vassal.buildfile import zip_date_time

#: Piece ids in a set-up: VASSAL uses currentTimeMillis-like numbers; fixed ones keep builds reproducible.
ID_BASE = 1_700_000_000_000


@dataclass
class Placement:
    """One piece to place: its expanded traits (types/states, outermost first), where, and its palette gpid."""

    types: list[str]
    states: list[str]
    map_id: str
    x: int
    y: int
    gpid: str


def expand_prototypes(types: Sequence[str], states: Sequence[str],
                      prototypes: dict[str, tuple[list[str], list[str]]]) -> tuple[list[str], list[str]]:
    """Replace each ``prototype;Name`` trait by the prototype's traits (minus its placeholder BasicPiece).

    Mirrors ``PieceCloner.clonePiece``: recursive, in place, order kept. Unknown prototypes are dropped, as VASSAL
    drops a UsePrototype whose prototype is missing.
    """
    out_t: list[str] = []
    out_s: list[str] = []
    for t, s in zip(types, states, strict=True):
        if tr.trait_kind(t) == "prototype":
            name = t[len("prototype;"):]
            if name in prototypes:
                pt, ps = prototypes[name]
                et, es = expand_prototypes(pt[:-1], ps[:-1], prototypes)
                out_t += et
                out_s += es
            continue
        out_t.append(t)
        out_s.append(s)
    return out_t, out_s


def with_position(states: Sequence[str], map_id: str | None, x: int, y: int, gpid: str) -> list[str]:
    """The states with the BasicPiece (last) state moved to ``map_id`` at ``(x, y)``, keeping its properties."""
    basic = se.decode(states[-1], ";")
    props = basic[5:] if len(basic) > 5 else []
    new = [("null" if map_id is None else map_id), str(x), str(y), gpid, str(len(props) // 2), *props]
    return [*states[:-1], se.encode(new, ";")]


def saved_game_text(placements: Sequence[Placement], map_ids: Sequence[str],
                    decks: Sequence[cups.DeckSpec] = ()) -> str:
    """The decoded ``savedGame`` text placing ``placements`` (pieces on one point share a stack; the cards of a
    deck in ``decks`` lie in that Deck, at its point)."""
    pieces: list[commands.AddPiece] = []
    stacks: dict[tuple[str, int, int], list[str]] = {}
    in_deck = {i for d in decks for i in d.cards}
    for i, p in enumerate(placements):
        pid = str(ID_BASE + i)
        states = with_position(p.states, p.map_id, p.x, p.y, p.gpid)
        pieces.append(commands.AddPiece(id=pid, type=se.join_traits(p.types), state=se.join_traits(states)))
        if i not in in_deck:
            stacks.setdefault((p.map_id, p.x, p.y), []).append(pid)
    stack_cmds = []
    for j, ((map_id, x, y), ids) in enumerate(stacks.items()):
        state = se.encode([map_id, str(x), str(y), *ids, "@@-1"], ";")
        stack_cmds.append(commands.AddPiece(id=str(ID_BASE + len(placements) + j), type="stack", state=state))
    for k, d in enumerate(decks):
        ids = [str(ID_BASE + i) for i in d.cards]
        stack_cmds.append(commands.AddPiece(id=str(ID_BASE + len(placements) + len(stacks) + k),
                                            type=cups.deck_type(d), state=cups.deck_state(d, ids)))
    boards = [commands.BoardPicker(map=m, boards=[(m, False, 0, 0)]) for m in map_ids]
    # a deck's DrawPile would start an empty Deck over the saved one unless the game is marked not new (every
    # SetupStack shares one NewGameIndicator: SetupStack.setup), as VASSAL's own saves are
    done: list[commands.Command] = [commands.SetupStackDone()] if decks else []
    tree = commands.saved_game([*pieces, *stack_cmds], [*boards, *done])
    text = commands.encode(tree)
    assert text is not None
    return text


def vsav_bytes(text: str, savedata: bytes, moduledata: bytes) -> bytes:
    """A .vsav archive: obfuscated ``savedGame`` + ``savedata`` + ``moduledata``."""
    buf = io.BytesIO()
    stamp = zip_date_time()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in (("savedGame", obfuscation.obfuscate(text)), ("savedata", savedata),
                           ("moduledata", moduledata)):
            z.writestr(zipfile.ZipInfo(name, stamp), data, zipfile.ZIP_DEFLATED)
    return buf.getvalue()
