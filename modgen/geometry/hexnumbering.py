"""VASSAL's grid-numbering arithmetic (RegularGridNumbering/HexGridNumbering names) and Java number semantics.

Split from :mod:`modgen.geometry.hexgrid`, which re-exports everything here; see that module for the full port.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from modgen.errors import DataError

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALPHABETIC_MATCH = "-?(?:" + "|".join(f"{c}+" for c in ALPHABET) + ")"


# --- Java arithmetic helpers -------------------------------------------------------------------------------------

def jround(v: float) -> int:
    """Java ``Math.round``: floor(v + 0.5) (not Python's banker's rounding)."""
    return math.floor(v + 0.5)


def f32(v: float) -> float:
    """Round a double to IEEE single precision, as Java ``float`` arithmetic does after each operation."""
    return struct.unpack("f", struct.pack("f", v))[0]


# --- numbering (RegularGridNumbering) ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Numbering:
    """VASSAL HexGridNumbering attributes (names in the map JSON are snake_case)."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 0
    v_off: int = 0
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = False

    def name(self, col: int, row: int) -> str:
        """``RegularGridNumbering.getName``: the label of (col, row) after descending, offsets and leading zeros."""
        row_name = name_of(row + self.v_off, self.v_type, self.v_leading)
        col_name = name_of(col + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def parts(self, label: str) -> tuple[str, str] | None:
        """(column name, row name) of a label, or None when it does not match (VASSAL's BadCoords)."""
        m = _label_re(self).fullmatch(label)
        return (m.group("c"), m.group("r")) if m else None

    def parse(self, label: str) -> tuple[int, int] | None:
        """``RegularGridNumbering.getLocation``'s parse: (col, row) before descending, or None when the label does
        not match (VASSAL's BadCoords)."""
        p = self.parts(label)
        if p is None:
            return None
        return parse_name(p[0], self.h_type) - self.h_off, parse_name(p[1], self.v_type) - self.v_off

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None, where: str = "grid.numbering") -> Numbering:
        """Build from the map JSON ``numbering`` object; unknown or mistyped fields raise DataError."""
        d = dict(d or {})
        kwargs: dict[str, Any] = {}
        types = {"first": str, "sep": str, "h_type": str, "v_type": str, "h_leading": int, "v_leading": int,
                 "h_off": int, "v_off": int, "h_descend": bool, "v_descend": bool, "stagger": bool}
        for key, value in d.items():
            if key not in types:
                raise DataError(f"{where}: unknown field {key!r}")
            want = types[key]
            if want is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise DataError(f"{where}.{key}: expected an integer, got {value!r}")
            if not isinstance(value, want):
                raise DataError(f"{where}.{key}: expected {want.__name__}, got {value!r}")
            kwargs[key] = value
        n = cls(**kwargs)
        if n.first not in ("H", "V"):
            raise DataError(f"{where}.first: must be 'H' or 'V', got {n.first!r}")
        for key in ("h_type", "v_type"):
            if getattr(n, key) not in ("N", "A"):
                raise DataError(f"{where}.{key}: must be 'N' or 'A', got {getattr(n, key)!r}")
        for key in ("h_leading", "v_leading"):
            if not 0 <= getattr(n, key) <= 9:
                raise DataError(f"{where}.{key}: must be 0..9, got {getattr(n, key)}")
        return n


def name_of(value: int, typ: str, leading: int) -> str:
    """``RegularGridNumbering.getName(int, char, int)``: 0→A … 25→Z, 26→AA, 27→BB; numbers padded with zeros."""
    s = "-" if value < 0 else ""
    value = abs(value)
    if typ == "A":
        while True:  # Java do/while
            s += ALPHABET[value % 26]
            value -= 26
            if value < 0:
                return s
    while leading > 0 and value < 10.0 ** leading:
        s += "0"
        leading -= 1
    return s + str(value)


def parse_name(name: str, typ: str) -> int:
    """``RegularGridNumbering.parseName``: inverse of :func:`name_of` for well-formed names."""
    if typ == "A":
        value, index, negative = 0, 0, False
        if name.startswith("-"):
            negative, index = True, 1
        while index < len(name) and name[index].isupper():
            value += 26 if index < len(name) - 1 else ALPHABET.index(name[index])
            index += 1
        return -value if negative else value
    return int(name)


def label_pattern(typ: str, leading: int) -> str:
    """``RegularGridNumbering.getMatchingPattern``: the regex one coordinate of a label must match."""
    return ALPHABETIC_MATCH if typ == "A" else "-?[0-9]{" + str(leading + 1) + ",}"


@lru_cache(maxsize=64)
def _label_re(n: Numbering) -> re.Pattern[str]:
    """The regex a whole label of numbering ``n`` matches (``getMatchingPattern`` of both coordinates)."""
    hp, vp = label_pattern(n.h_type, n.h_leading), label_pattern(n.v_type, n.v_leading)
    if n.first == "H":
        return re.compile(f"(?P<c>{hp}){re.escape(n.sep)}(?P<r>{vp})")
    return re.compile(f"(?P<r>{vp}){re.escape(n.sep)}(?P<c>{hp})")
