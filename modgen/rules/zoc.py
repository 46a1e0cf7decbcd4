"""Zones of control on a hex board, with per-system parameters: which units exert one, into which neighbours it
extends (hexside terrain may stop it), how far it reaches, and which units make a hex enemy-occupied.

The rule system supplies those as callbacks (:class:`ZocRules`); this module knows no rulebook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ZocRules:
    """One system's zone-of-control parameters.

    ``exerts(unit)``: the unit projects a zone (e.g. EFB 10.2: combat-effective ground units);
    ``crosses(a, b)``: a zone extends from hex ``a`` into adjacent ``b`` (e.g. not across a major river);
    ``occupies(unit)``: the unit makes its hex enemy-occupied for movement (e.g. ground units, not aircraft);
    ``reach``: how many hexes the zone extends (1 in most hex wargames).
    """

    exerts: Callable[[str], bool]
    crosses: Callable[[str, str], bool] = lambda a, b: True
    occupies: Callable[[str], bool] = lambda u: True
    reach: int = 1


def zone(board: Any, h: str, rules: ZocRules) -> set[str]:
    """Hexes covered by a zone projected from hex ``h`` (``h`` itself excluded), spreading ``rules.reach`` steps
    through neighbours it may cross into."""
    if rules.reach == 1:  # the common case, on every enemy-map rebuild
        return {b for b in board.neighbours(h) if rules.crosses(h, b)}
    out: set[str] = set()
    frontier = [h]
    for _ in range(rules.reach):
        nxt = []
        for a in frontier:
            for b in board.neighbours(a):
                if b != h and b not in out and rules.crosses(a, b):
                    out.add(b)
                    nxt.append(b)
        frontier = nxt
    return out


def enemy_hexes(board: Any, positions: Iterable[tuple[str, str | None]], is_enemy: Callable[[str], bool],
                rules: ZocRules, zone_of: Callable[[str], set[str]] | None = None) -> tuple[set[str], set[str]]:
    """(hexes holding enemy units that occupy, hexes in an enemy zone) for units at ``positions`` (unit, hex).
    ``zone_of(h)``, when given, stands for ``zone(board, h, rules)`` (e.g. remembered between calls)."""
    occupied: set[str] = set()
    covered: set[str] = set()
    for u, h in positions:
        if h is None or not is_enemy(u) or not rules.occupies(u):
            continue
        occupied.add(h)
        if rules.exerts(u):
            covered |= zone_of(h) if zone_of is not None else zone(board, h, rules)
    return occupied, covered


def sources(board: Any, h: str, units_in: Callable[[str], Iterable[str]], is_enemy: Callable[[str], bool],
            rules: ZocRules) -> list[str]:
    """Enemy units whose zone covers hex ``h`` (nearest first, then in board order)."""
    out: list[str] = []
    seen = {h}
    frontier = [h]
    for _ in range(rules.reach):
        nxt = []
        for a in frontier:
            for n in board.neighbours(a):
                if n in seen:
                    continue
                seen.add(n)
                nxt.append(n)
                for u in units_in(n):
                    if u in out or not (is_enemy(u) and rules.occupies(u) and rules.exerts(u)):
                        continue
                    if (rules.crosses(n, h) if rules.reach == 1 else h in zone(board, n, rules)):
                        out.append(u)
        frontier = nxt
    return out
