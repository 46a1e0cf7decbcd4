"""Moves as players make them: a unit dragged in several drops within a phase is one move (core policy
``merge_drops``, :mod:`modgen.systems.core`).

VASSAL logs each drop as its own move. A player often drags a counter in two or more drops (to count hexes, or
around a river); that is one move in rules terms. :func:`merge_drops` joins consecutive ``move`` events of one unit
when the second starts where the first ended and nothing that ends a move came between: another unit's move,
reinforcement, retreat or advance, an attack, a loss, a turn or a phase. Chat, dice, flips and markers do not end it.

The merged move keeps the first drop's ``from`` and the last drop's ``to``. When every drop went to a neighbouring
hex the hexes are the path itself (``path``: every hex entered, as the event schema defines it); otherwise the drop
points are kept as ``via`` (an extension the checkers ignore: with only the ends known they look for a legal path).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]

#: Events that end a unit's move (any other unit's move does too).
ENDS_A_MOVE = frozenset({"phase", "turn", "attack", "result", "loss", "retreat", "advance", "reinforcement",
                         "exit", "scenario_start", "game_end", "activate", "order"})


def merge_drops(events: list[Event], adjacent: Callable[[str, str], bool] | None = None) -> list[Event]:
    """*events* with consecutive drops of one unit joined into one move (a new list; the events are not changed).

    ``adjacent(a, b)`` says whether two hexes are neighbours (to write ``path``); None: always ``via``.
    """
    out: list[Event] = []
    open_move: int | None = None  # index in `out` of the move that a next drop of its unit would continue
    drops: dict[int, list[str]] = {}  # that move's hexes so far (from, drop, drop, …)
    for ev in events:
        kind = ev.get("type")
        if kind == "move" and "path" not in ev and isinstance(ev.get("from"), str) and isinstance(ev.get("to"), str):
            prev = out[open_move] if open_move is not None else None
            if prev is not None and prev.get("unit") == ev.get("unit") and prev.get("to") == ev["from"] \
                    and prev.get("mode") == ev.get("mode"):
                hexes = drops[open_move]  # type: ignore[index]
                hexes.append(ev["to"])
                merged = {**prev, "to": ev["to"]}
                for key in ("facing",):
                    if key in ev:
                        merged[key] = ev[key]
                merged.pop("via", None)
                merged.pop("path", None)
                if adjacent is not None and all(adjacent(a, b) for a, b in zip(hexes, hexes[1:], strict=False)):
                    merged["path"] = list(hexes)
                else:
                    merged["via"] = hexes[1:-1]
                out[open_move] = merged  # type: ignore[index]
                continue
            out.append(ev)
            open_move = len(out) - 1
            drops[open_move] = [ev["from"], ev["to"]]
            continue
        if kind == "move" or kind in ENDS_A_MOVE:
            open_move = None
        out.append(ev)
    return out
