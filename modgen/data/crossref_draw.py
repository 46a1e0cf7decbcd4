"""Cross-reference checks of the names only the renderers read: a counter's NATO symbol types and size (HQ level),
a terrain's fill pattern, symbol or line style, and counter layouts that extend each other in a circle.

The lists come from :mod:`modgen.data.drawables`, the same ones :mod:`modgen.draw` draws from, so data that
passes here does not fail later in ``counters``, ``sheet``, ``build`` or ``map`` with a message naming no file.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import Any

from modgen.data import drawables
from modgen.data.documents import Doc
from modgen.data.jsonio import pointer
from modgen.errors import DataError

#: add(doc, pointer, message): how a check reports (Checker.add).
Add = Callable[[Doc, str, str], None]


def did_you_mean(name: str, known: Iterable[str], cutoff: float = 0.6) -> str:
    """``"; did you mean 'x'?"`` for the closest of ``known`` to ``name``, or ""."""
    close = difflib.get_close_matches(name, sorted(set(known)), 1, cutoff)
    return f"; did you mean {close[0]!r}?" if close else ""


def check_symbol(add: Add, doc: Doc, at: tuple[str | int, ...], symbol: Any) -> None:
    """A counter's ``symbol``: every type a known element, composite or alias; the ``hq_level`` a size marker or
    an echelon word (the size itself is an enum of the schema)."""
    if not isinstance(symbol, dict):
        return
    types = symbol.get("types")
    for j, raw in enumerate(types if isinstance(types, list) else []):
        if not isinstance(raw, str):
            continue
        try:
            drawables.expand_type(raw)
        except DataError:
            known, key = sorted({*drawables.ELEMENTS, *drawables.COMPOSITES}), drawables.type_key(raw)
            add(doc, pointer(*at, "symbol", "types", j),
                f"unknown symbol type {raw!r} (known: {', '.join(known)}"
                f"{did_you_mean(key, known) or did_you_mean(key, drawables.SYMBOL_TYPES)})")
    level = symbol.get("hq_level")
    if isinstance(level, str):
        try:
            drawables.normalize_size(level)
        except DataError:
            words = [*drawables.ECHELONS, *drawables.BATTLEGROUP_WORDS]
            add(doc, pointer(*at, "symbol", "hq_level"),
                f"unknown HQ level {level!r} (size markers: {', '.join(drawables.SIZE_MARKERS)}; echelons: "
                f"{', '.join(drawables.ECHELONS)}{did_you_mean(level.lower(), [*words, *drawables.SIZE_MARKERS])})")


#: The names a terrain's ``pattern`` may take, by the terrain's kind.
_STYLES: dict[str, tuple[str, ...]] = {
    "hex": drawables.PATTERNS, "area": drawables.PATTERNS,
    "hexside": drawables.HEXSIDE_STYLES, "line": drawables.LINE_STYLES,
}


def check_terrain_styles(add: Add, doc: Doc, terrain: Any) -> None:
    """The manifest's ``terrain``: a ``pattern`` the renderer draws for the terrain's kind (a misspelt one would be
    drawn as a plain fill or band, silently) and a ``symbol`` it knows."""
    if not isinstance(terrain, dict):
        return
    for tid, t in terrain.items():
        if not isinstance(t, dict):
            continue
        kind, pattern, symbol = t.get("kind"), t.get("pattern"), t.get("symbol")
        allowed = _STYLES.get(kind) if isinstance(kind, str) else None
        if isinstance(pattern, str) and allowed is not None and pattern not in allowed:
            what = "fill pattern" if kind in ("hex", "area") else f"{kind} style"
            add(doc, pointer("terrain", tid, "pattern"),
                f"unknown {what} {pattern!r} for {kind} terrain {tid!r} (known: {', '.join(allowed)}"
                f"{did_you_mean(pattern, allowed)})")
        if isinstance(symbol, str) and symbol not in drawables.TERRAIN_SYMBOLS:
            add(doc, pointer("terrain", tid, "symbol"),
                f"unknown terrain symbol {symbol!r} (known: {', '.join(drawables.TERRAIN_SYMBOLS)}"
                f"{did_you_mean(symbol, drawables.TERRAIN_SYMBOLS)})")


def check_layout_cycles(add: Add, doc: Doc, layouts: Any) -> None:
    """The manifest's own counter layouts must not extend each other in a circle (a layout extending a built-in of
    its own name is allowed: it extends the built-in)."""
    if not isinstance(layouts, dict):
        return
    reported: set[str] = set()
    for start in layouts:
        seen: list[str] = []
        name: str | None = start
        while isinstance(name, str) and name in layouts and name not in seen:
            seen.append(name)
            raw = layouts[name]
            parent = raw.get("extends") if isinstance(raw, dict) else None
            name = parent if parent != name else None  # extending one's own name means the built-in
        if isinstance(name, str) and name in seen and not reported.intersection(seen[seen.index(name):]):
            cycle = seen[seen.index(name):]
            reported.update(cycle)
            add(doc, pointer("counter_layouts", cycle[0], "extends"),
                f"counter layouts extend each other in a circle: {' -> '.join([*cycle, cycle[0]])}")
