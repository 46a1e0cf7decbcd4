"""EFB stacking (9.1-9.5): at the end of every phase no hex holds more of a side's ground units than its limit."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from modgen.rules.efb import common as c


def _rulebook_limit(nat: str, year: int | None) -> int | None:
    """9.2-9.4 as printed: German 3, Axis allies 2, Soviet 1 (1941-42) or 2 (1943-44)."""
    if nat == "german":
        return 3
    if nat == "axis_allied":
        return 2
    if nat == "soviet":
        if year is None:
            return None
        return 1 if year <= 1942 else 2
    return None


def limit_for(ctx: Any, uid: str) -> int | None:
    """Stacking limit for a unit: the ``stacking`` table row, else the printed rule, else None (unknown). The game
    data alone decide it, so it is looked up once per unit and check."""
    cache = ctx.__dict__.setdefault("_efb_stack_limit", {})
    if uid not in cache:
        cache[uid] = _limit_for(ctx, uid)
    return cache[uid]


def _limit_for(ctx: Any, uid: str) -> int | None:
    nat = c.nationality(ctx, uid)
    row = c.year_row(ctx, "stacking", nat)
    if row is not None:
        return int(row["limit"])
    return _rulebook_limit(nat, c.year(ctx))


def free_tags(ctx: Any, uid: str) -> set[str]:
    """Tags that stack free for the unit's nationality (the ``stacking`` table row); cached per unit and check."""
    cache = ctx.__dict__.setdefault("_efb_free_tags", {})
    if uid not in cache:
        row = c.year_row(ctx, "stacking", c.nationality(ctx, uid)) or {}
        cache[uid] = frozenset(row.get("free_tags") or [])
    return set(cache[uid])


class Stacking:
    """Check every hex at each phase end."""

    def __init__(self) -> None:
        self.checked: dict[str | None, int] | None = None  # the side versions at the last check
        self.last: dict[str, list[str]] = {}  # the stacks at the last check

    def phase_end(self, ctx: Any) -> None:
        if ctx.board is None:
            return
        versions = ctx.state.side_version
        if versions == self.checked:
            return  # nothing moved since the last phase end: the stacks are the ones already checked
        self.checked = dict(versions)
        last, self.last = self.last, ctx.state.stacks()
        for h, units in self.last.items():
            if last.get(h) == units:
                continue  # the same stack as at the last check: judged then (a finding stays reported once)
            by_side: dict[str | None, list[str]] = defaultdict(list)
            for u in units:
                if c.is_ground(ctx, u):
                    by_side[ctx.side_of(u)].append(u)
            for _side, group in by_side.items():
                self._check_hex(ctx, h, group)

    def _check_hex(self, ctx: Any, h: str, group: list[str]) -> None:
        lim = limit_for(ctx, group[0])
        if lim is None:
            ctx.could_not_check(ctx.rule("9.1"), f"no stacking limit for nationality {c.nationality(ctx, group[0])!r}")
            return
        seen = ctx.state.notes.setdefault("overstack_reported", set())
        key = (h, frozenset(group))
        if key in seen:
            return  # the same stack was reported at the end of an earlier phase
        free = free_tags(ctx, group[0])
        free_units = [u for u in group if free & c.tags(ctx, u)] if free else []
        counted = [u for u in group if u not in free_units]
        where = f"at the end of the {ctx.state.phase} phase"
        if len(counted) > lim:
            seen.add(key)
            ctx.error(ctx.rule("9.1"), f"{h} holds {len(counted)} units ({c.names(ctx, counted)}) {where}; the "
                      f"stacking limit is {lim}", units=counted, hexes=[h])
        if len(free_units) > 1:
            seen.add(key)
            ctx.error(ctx.rule("9.1"), f"{h} holds {len(free_units)} free-stacking units ({c.names(ctx, free_units)}) "
                      f"{where}; at most 1 per hex", units=free_units, hexes=[h])
