"""The one table of input limits: what modgen refuses to read or allocate, why, and how to raise each limit.

Every limit has a name, a default, a unit and a reason. A breach is one :class:`LimitError` line that names the input,
the limit and its override. Overrides come from the environment (``MODGEN_LIMIT_<NAME>=<value>``, e.g.
``MODGEN_LIMIT_FILE_MB=2048``) or from the CLI's global ``--limit NAME=VALUE`` option, which calls :func:`override`.

This module is part of the base layer: it imports only :mod:`modgen.errors`, and every stage may import it.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from modgen.errors import ModgenError, clip


class Limit(NamedTuple):
    """One limit: ``name`` (lower-case, as typed after ``--limit``), its default, unit and the reason it exists.

    A NamedTuple rather than a frozen dataclass: every command imports this module, and building a frozen
    dataclass compiles six methods at import (~0.8 ms of each start-up)."""

    name: str
    default: int
    unit: str
    reason: str

    @property
    def env(self) -> str:
        """The environment variable that overrides this limit."""
        return f"MODGEN_LIMIT_{self.name.upper()}"


class LimitError(ModgenError):
    """An input exceeded a limit (exit 1). The message names the input, the limit and how to raise it."""


#: Every limit, in the order README's table lists them. Add a row here (and to README/docs) for a new one.
LIMITS: dict[str, Limit] = {
    lim.name: lim
    for lim in (
        Limit("file_mb", 256, "MiB", "largest JSON data file, canonical log or save read into memory"),
        Limit("json_depth", 200, "levels", "deepest nesting of JSON arrays/objects (recursion and stack use)"),
        Limit("int_digits", 100, "digits", "longest integer literal in JSON (big-integer arithmetic is quadratic)"),
        Limit("string_mb", 16, "MiB", "longest single JSON string (titles and names are short)"),
        Limit("json_values", 1_000_000, "values", "values in one JSON data file (each is kept with its position)"),
        Limit("image_mpx", 100, "megapixels", "largest image decoded or allocated (artwork, maps, sheets)"),
        Limit("counter_copies", 100_000, "counters", "total counters printed on sheets (count × copies)"),
        Limit("print_mpx", 1_000, "megapixels",
              "all pages of one raster print together (previews; vector PDFs hold none)"),
        Limit("print_pages", 10_000, "pages",
              "pages of one tiled map print (a 16 mm-hex map fits on ~10 Letter pages; each page is kept until saved)"),
        Limit("map_hexes", 250_000, "hexes", "largest hex map (columns × rows)"),
        Limit("log_decoded_mb", 512, "MiB", "decoded size of one VASSAL save/log (zip bombs, XZ bombs)"),
        Limit("log_events", 1_000_000, "events",
              "events in one log (canonical or decoded from VASSAL; a long campaign has tens of thousands)"),
        Limit("findings", 10_000, "findings",
              "findings in one check report (each costs ~1 KB, ~4.5 KB in JSON); past it checking stops and the "
              "report names the last event checked"),
    )
}

_overrides: dict[str, int] = {}


def get(name: str) -> int:
    """The limit in force: a ``--limit`` override, else ``MODGEN_LIMIT_<NAME>``, else the default."""
    lim = LIMITS[name]
    if name in _overrides:
        return _overrides[name]
    raw = os.environ.get(lim.env)
    return _positive(raw, lim, f"{lim.env}={clip(raw)!r}") if raw is not None else lim.default


def _positive(raw: str, lim: Limit, said: str) -> int:
    """``raw`` as a positive whole number, else a usage error (exit 2) quoting what the user ``said``."""
    try:
        value = int(raw)
    except ValueError:
        raise ModgenError(f"{said}: expected a whole number of {lim.unit}", exit_code=2) from None
    if value <= 0:
        raise ModgenError(f"{said}: expected a positive number of {lim.unit}", exit_code=2)
    return value


def override(spec: str) -> None:
    """Apply ``NAME=VALUE`` (the CLI's ``--limit``); a usage error (exit 2) names what is wrong."""
    name, sep, raw = spec.partition("=")
    name = name.strip().lower()
    if not sep or name not in LIMITS:
        known = ", ".join(LIMITS)
        raise ModgenError(f"--limit {clip(spec)!r}: expected NAME=VALUE with NAME one of {known}", exit_code=2)
    _overrides[name] = _positive(raw, LIMITS[name], f"--limit {clip(spec)!r}")


def overrides() -> dict[str, int]:
    """The ``--limit`` overrides in force (a copy): what a worker process started with spawn must apply again."""
    return dict(_overrides)


def reset_overrides() -> None:
    """Forget ``--limit`` overrides (tests, and each CLI run in one process)."""
    _overrides.clear()


def breach(name: str, what: str, actual: object | None = None) -> LimitError:
    """The error for input ``what`` (a path, or "path: /pointer") exceeding limit ``name``; raise it.

    >>> raise breach("file_mb", "big.json", "300 MiB")  # doctest: +SKIP
    """
    lim = LIMITS[name]
    got = f" ({actual})" if actual is not None else ""
    return LimitError(
        f"{what}: exceeds the {lim.name} limit of {get(name):,} {lim.unit}{got}; "
        f"raise it with --limit {lim.name}=N or {lim.env}=N if the input is genuine"
    )


def check(name: str, value: int, what: str, shown: str | None = None) -> None:
    """Raise :func:`breach` if ``value`` exceeds limit ``name``."""
    if value > get(name):
        raise breach(name, what, shown if shown is not None else f"{value:,} {LIMITS[name].unit}")
