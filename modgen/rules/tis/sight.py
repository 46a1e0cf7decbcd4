"""TiS visibility [3.5] on the shared hex toolkit (:func:`modgen.geometry.hexline.line_of_sight`).

The book: at most 2 hexes [3.5.1]; an adjacent hex is always visible unless it is above a scarp [3.5.2]; "if on both
fields between hexes there are cities, forts, hills, mountains or forests, those hexes are not visible to each other"
[3.5.3]; units in a city, woods, fortified line or fort are visible only from adjacent hexes, except to recon units
[3.5.4]; identified units stay visible to the end of the identifying side's next combat phase [3.5.5]; at night only
adjacent hexes [3.5.6].

What blocks [3.5.3] is the designer's terrain data: each Terrain Effect row's ``blocks_los``. A line between hexes 2
apart runs through one hex, or along the hexside between two ("both fields"): two fields block only when both do
(``along_side="both"``); whether the single hex of a straight line blocks alone is policy ``visibility_one_hex``
(default ``blocks``). A game whose terrain table sets ``blocks_los`` on no row says nothing about sight: the verdict is
then unknown. Which side of a scarp hexside is "above" is the map's ``high`` on the hexside: the
hex above is not visible from below, the hex below is from above; without ``high`` the verdict is a judgement
(unknown).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.geometry import hexline
from modgen.rules.tis import common as c

RANGE = 2  # [3.5.1]
#: [3.5.4]: terrain whose units are visible only from adjacent hexes (the book's list, as TiS terrain ids).
HIDING = ("city", "woods", "fortified_line", "fort")


@dataclass
class Seen:
    """``clear`` True/False, or None when the data cannot tell; ``why`` a sentence; ``rule`` the point that decides."""

    clear: bool | None
    why: str = ""
    rule: str = "3.5.3"


def has_los_data(ctx: Any) -> bool:
    """Whether the game's terrain table says what blocks sight (some row sets ``blocks_los``)."""
    table = ctx.tables.get("terrain") or {}
    return any(isinstance(r, dict) and "blocks_los" in r for r in table.values())


def blocks(ctx: Any, h: str) -> bool:
    """[3.5.3]: the hex's terrain blocks sight (its Terrain Effect row's ``blocks_los``)."""
    row = c.terrain_row(ctx, ctx.board.terrain(h))
    return bool(row and row.get("blocks_los"))


def visible(ctx: Any, here: str, there: str, recon: bool = False, hidden_target: bool = True) -> Seen:
    """Whether a unit at ``here`` sees ``there`` [3.5]. ``recon``: the viewer is a recon unit (it sees into
    [3.5.4] terrain); ``hidden_target``: apply [3.5.4] (there are units on ``there``)."""
    if here == there:
        return Seen(True)
    board = ctx.board
    d = board.distance(here, there)
    if d == 1:
        if "scarp" in (board.hexside(here, there) or ()) and board.higher(here, there) is not None:
            if board.higher(here, there) == there:
                return Seen(False, f"{there} is above the scarp between {here} and {there}: an adjacent hex above "
                            "a scarp is not visible", "3.5.2")
            return Seen(True)
        if "scarp" in (board.hexside(here, there) or ()):
            return Seen(None, f"a scarp lies between {here} and {there}; the map data does not say which hex is "
                        "above it (an adjacent hex above a scarp is not visible)", "3.5.2")
        return Seen(True)
    if c.is_night(ctx):
        return Seen(False, f"{there} is {d} hexes from {here}; at night only adjacent hexes are visible", "3.5.6")
    if d > RANGE:
        return Seen(False, f"{there} is {d} hexes from {here}; visibility reaches 2 hexes", "3.5.1")
    terrain = board.terrain(there)
    if hidden_target and not recon and terrain in HIDING:
        return Seen(False, f"units in {terrain} at {there} are visible only from adjacent hexes ({here} is {d} "
                    "away)", "3.5.4")
    if not has_los_data(ctx):
        return Seen(None, "the terrain table's blocks_los (what blocks sight [3.5.3])")
    readings = hexline.lines(board.grid, here, there)
    if len(readings) == 1 and ctx.policies.get("visibility_one_hex", "blocks") == "clear":
        return Seen(True)
    seen = hexline.line_of_sight(board.grid, here, there, blocks_hex=lambda h: blocks(ctx, h), along_side="both")
    if seen.clear:
        return Seen(True)
    between = sorted({h for p in readings for h in p[1:-1]})
    what = ", ".join(f"{h} ({board.terrain(h)})" for h in between)
    return Seen(False, f"{what} between {here} and {there} block{'s' if len(between) == 1 else ''} sight", "3.5.3")


def identified(ctx: Any, side: str | None, uid: str) -> bool:
    """[3.5.5]: ``uid`` was identified by ``side`` (an ``identify`` event with ``identified`` true) and is still
    visible to it (until the end of that side's next combat phase)."""
    return uid in (ctx.state.notes.get("tis_identified") or {}).get(side or "", set())
