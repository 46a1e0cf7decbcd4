"""Movement cost on a hex board from a terrain effects chart, in exact MP (``fractions.Fraction``), and finding which
constraint stops a move. System-neutral: a plugin subclasses :class:`TecCosts` for its own exceptions.

TEC shape (``rules.tables.tec``, per terrain or hexside id): ``mp`` is a number, a fraction string ("1/3"),
``"prohibited"``/null, or ``{"armored": …, "other": …}``; ``along`` marks a line type that is a road/rail/trail;
``bridge`` a hexside that cancels river costs; ``river`` a river hexside.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import Any, TypeVar

LINE_MODES = ("road", "rail", "trail")
T = TypeVar("T")


def parse_mp(value: Any) -> Fraction | None:
    """A TEC ``mp`` cell as a Fraction; None for prohibited."""
    if value is None or value == "prohibited":
        return None
    if isinstance(value, str):
        return Fraction(value)
    return Fraction(value).limit_denominator(1000)


def fmt_mp(value: Fraction | None) -> str:
    """MP as players write them: 2, 1/3, 1 2/3; None is "not allowed"."""
    if value is None:
        return "not allowed"
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    return f"{whole} {rest}/{value.denominator}" if whole else f"{rest}/{value.denominator}"


def mp_cell(cell: Any, armored: bool) -> Fraction | None:
    """A cell that may differ by mobility (``{"armored": …, "other": …}``) as a Fraction for this unit."""
    if isinstance(cell, dict):
        cell = cell.get("armored" if armored else "other")
    return parse_mp(cell)


def scale_for(tec: Mapping[str, Any] | None) -> int:
    """An integer D such that every TEC cost and every halved or quartered allowance times D is whole (4 x the lcm
    of the TEC denominators and 3; a road at 1/3 gives 12): path searches then run exactly on integers."""
    dens = [3]
    for eff in (tec or {}).values():
        cells = (eff or {}).get("mp")
        for cell in (cells.values() if isinstance(cells, dict) else [cells]):
            value = parse_mp(cell) if cell is not None else None
            if value is not None:
                dens.append(value.denominator)
    return 4 * lcm(*dens)


class TecCosts:
    """MP to move between adjacent hexes of ``board`` for one mobility class, read from a TEC.

    Hooks a system overrides: :meth:`bridged` (is the hexside bridged), :meth:`line_open` (may a line be used
    between two hexes), :meth:`extra_entry` (MP added to enter a hex). Terrain the TEC lacks is recorded in
    ``unknown`` (``""`` when there is no TEC at all) and costs None.
    """

    RULE_DEFAULTS = {"road": Fraction(1, 3), "rail": Fraction(1), "trail": Fraction(1)}

    def __init__(self, tec: Mapping[str, Any] | None, board: Any, armored: bool = False) -> None:
        self.tec = tec
        self.board = board
        self.armored = armored
        self.unknown: list[str] = []

    # ---- hooks -------------------------------------------------------------------------------------------------
    def bridged(self, a: str, b: str) -> bool:
        return any(((self.tec or {}).get(s) or {}).get("bridge") for s in self.board.hexside(a, b))

    def line_open(self, a: str, b: str, kind: str) -> bool:
        return True

    def extra_entry(self, a: str, b: str) -> Fraction:
        return Fraction(0)

    # ---- costs -------------------------------------------------------------------------------------------------
    def line_kind(self, line_type: str) -> str:
        eff = (self.tec or {}).get(line_type) or {}
        return eff.get("along") or line_type

    def line_cost(self, line_type: str) -> Fraction | None:
        eff = (self.tec or {}).get(line_type) or {}
        if "mp" in eff:
            return mp_cell(eff["mp"], self.armored)
        return self.RULE_DEFAULTS.get(self.line_kind(line_type))

    def along(self, a: str, b: str, kind: str) -> Fraction | None:
        """Cost along a road/rail/trail from ``a`` into ``b`` (None if no usable such line links them)."""
        if not self.line_open(a, b, kind):
            return None
        costs = [self.line_cost(t) for t in self.board.lines(a, b) if self.line_kind(t) == kind]
        costs = [c for c in costs if c is not None]
        return min(costs) if costs else None

    def hex_entry(self, a: str, b: str) -> Fraction | None:
        """Normal movement: terrain of ``b`` plus hexside costs (a bridge cancels river costs)."""
        board = self.board
        terrain = board.terrain(b)
        if self.tec is None:
            if terrain == "clear" and not board.hexside(a, b):
                return Fraction(1) + self.extra_entry(a, b)
            self.unknown.append("")
            return None
        eff = self.tec.get(terrain)
        if eff is None or "mp" not in eff:
            if terrain != "clear":
                self.unknown.append(terrain)
                return None
            cost = Fraction(1)
        else:
            cost = mp_cell(eff["mp"], self.armored)
            if cost is None:
                return None
        sides = board.hexside(a, b)
        has_bridge = self.bridged(a, b) if sides else False
        for s in sides:
            seff = self.tec.get(s)
            if seff is None:
                self.unknown.append(s)
                return None
            if seff.get("bridge") or (has_bridge and seff.get("river")):
                continue
            if "mp" in seff:
                extra = mp_cell(seff["mp"], self.armored)
                if extra is None:
                    return None
                cost += extra
        return cost + self.extra_entry(a, b)

    def step(self, a: str, b: str, mode: str = "normal") -> Fraction | None:
        """MP from ``a`` into adjacent ``b`` in ``mode`` (normal or a line mode); None when not allowed."""
        return self.along(a, b, mode) if mode in LINE_MODES else self.hex_entry(a, b)

    def cheapest_step(self, mode: str, terrain_kinds: Mapping[str, str] | None = None) -> Fraction:
        """A lower bound of any one step's cost in ``mode`` (an admissible A* heuristic per hex of distance)."""
        if mode in LINE_MODES:
            costs = [self.line_cost(t) for t in (self.tec or {}) if self.line_kind(t) == mode]
            costs = [x for x in costs if x is not None] or [self.RULE_DEFAULTS[mode]]
            return min(costs)
        kinds = terrain_kinds or {}
        costs = [mp_cell(eff["mp"], self.armored) for t, eff in (self.tec or {}).items()
                 if "mp" in eff and kinds.get(t, "hex") == "hex" and not eff.get("along")]
        return min([x for x in costs if x is not None] + [Fraction(1)])


def binding_constraint(constraints: Sequence[str],
                       search: Callable[[frozenset[str]], T | None]) -> tuple[str, T] | None:
    """Which constraint stops a move: the first of ``constraints`` (in the order given, most specific first) that,
    relaxed alone, lets ``search(relaxed)`` find a path that fits; None when no single one does (then the
    allowance itself binds)."""
    for name in constraints:
        found = search(frozenset({name}))
        if found is not None:
            return name, found
    return None
