"""Cheapest legal path between two hexes, in exact MP (``fractions.Fraction``: road hexes cost 1/3; callers may
scale costs to integers, e.g. in twelfths, which is exact and much faster).

Rule systems supply the costs and restrictions as callbacks, so this module knows no rules:
``step(a, b)`` is the MP to move from ``a`` into adjacent ``b`` (None when not allowed), and ``may_leave(h)`` says
whether a path may continue out of ``h`` (False e.g. for a hex in an enemy zone of control, where a move must end).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from fractions import Fraction

StepCost = Callable[[str, str], "Fraction | None"]


def cheapest_path(
    start: str,
    goal: str,
    neighbours: Callable[[str], Iterable[str]],
    step: StepCost,
    may_leave: Callable[[str], bool] = lambda h: True,
    limit: Fraction | None = None,
    heuristic: Callable[[str], Fraction] | None = None,
) -> tuple[Fraction, list[str]] | None:
    """(cost, path including both ends) of the cheapest path, or None if no path costs at most ``limit``.

    A* over hexes (Dijkstra when ``heuristic`` is None); ``heuristic(h)`` must never exceed the true remaining
    cost (e.g. hex distance x the cheapest possible step). Ties are broken by fewer hexes, then by label order,
    so the answer is reproducible.
    """
    h0 = heuristic or (lambda _h: 0)
    if start == goal:
        return 0, [start]
    best: dict[str, tuple[Fraction, int]] = {start: (0, 0)}
    prev: dict[str, str] = {}
    heap: list[tuple[Fraction, Fraction, int, str]] = [(h0(start), 0, 0, start)]
    while heap:
        _, neg_cost, steps, h = heapq.heappop(heap)
        cost = -neg_cost
        if best.get(h, (None, None)) != (cost, steps):
            continue
        if h == goal:
            path = [h]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return cost, path[::-1]
        if h != start and not may_leave(h):
            continue
        for n in sorted(neighbours(h)):
            c = step(h, n)
            if c is None:
                continue
            nc = cost + c
            est = nc + h0(n)
            if limit is not None and est > limit:
                continue
            key = (nc, steps + 1)
            old = best.get(n)
            if old is None or key < old:
                best[n] = key
                prev[n] = h
                # among equal estimates expand the deepest node first (fewer expansions on open ground)
                heapq.heappush(heap, (est, -nc, steps + 1, n))
    return None


def path_cost(path: list[str], step: StepCost) -> tuple[Fraction | None, list[tuple[str, str, Fraction | None]]]:
    """Total MP of a given path and each leg ``(from, to, cost)``; total None if any leg is not allowed."""
    legs = []
    total: Fraction | None = Fraction(0)
    for a, b in zip(path, path[1:], strict=False):
        c = step(a, b)
        legs.append((a, b, c))
        total = None if (total is None or c is None) else total + c
    return total, legs
