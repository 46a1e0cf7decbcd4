"""The names the renderers know: NATO symbol types and size markers, terrain fill patterns, terrain symbols and
hexside/line styles.

They live in the data stage so ``modgen validate`` checks a counter's ``symbol`` and a terrain's ``pattern`` with
the very lists :mod:`modgen.draw.nato` and :mod:`modgen.draw.mapstyle` draw from (the data stage may not import
draw). Pure tables and lookups: nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterable

from modgen.errors import DataError

#: Size markers in the order of the echelon they stand for (2.7 in EFB; APP-6 in general).
SIZE_MARKERS: tuple[str, ...] = ("•", "••", "•••", "I", "II", "III", "X", "XX", "XXX", "XXXX", "battlegroup")

#: The elements a symbol box can draw (each has a drawer in modgen.draw.nato).
ELEMENTS: tuple[str, ...] = (
    "infantry", "armour", "motorized", "recon", "motorcycle", "cavalry", "artillery", "self_propelled", "rocket",
    "mortar", "anti_tank", "anti_aircraft", "assault_gun", "assault", "engineer", "airborne", "mountain",
    "machine_gun", "hq", "supply", "security", "garrison", "ground_attack", "medium_bomber",
)

#: Which elements a composite type expands to before drawing.
COMPOSITES: dict[str, tuple[str, ...]] = {
    "mechanized": ("armour", "infantry"),
    "tank_destroyer": ("armour", "anti_tank"),
    "assault_engineer": ("engineer", "assault"),
}

#: Other spellings accepted for a type (data written by hand uses both British and American forms).
ALIASES: dict[str, tuple[str, ...]] = {
    "armor": ("armour",),
    "tank": ("armour",),
    "mechanised": ("mechanized",),
    "panzergrenadier": ("mechanized",),
    "mech_infantry": ("mechanized",),
    "motorised": ("motorized",),
    "reconnaissance": ("recon",),
    "armoured_recon": ("armour", "recon"),
    "armored_recon": ("armour", "recon"),
    "fusilier": ("infantry", "recon"),
    "flak": ("anti_aircraft",),
    "aa": ("anti_aircraft",),
    "at": ("anti_tank",),
    "sp": ("self_propelled",),
    "sp_artillery": ("artillery", "self_propelled"),
    "rocket_artillery": ("artillery", "rocket"),
    "paratroop": ("airborne",),
    "parachute": ("airborne",),
    "pioneer": ("engineer",),
    "mg": ("machine_gun",),
    "headquarters": ("hq",),
    "ga": ("ground_attack",),
    "mb": ("medium_bomber",),
}

#: Every type name a counter may use in ``symbol.types`` (canonical names, composites and aliases).
SYMBOL_TYPES: frozenset[str] = frozenset(ELEMENTS) | frozenset(COMPOSITES) | frozenset(ALIASES)

#: Echelon words (as ``symbol.hq_level`` or rulebook digests spell them) and the marker each one prints.
ECHELONS: dict[str, str] = {
    "squad": "•", "team": "•", "section": "••", "platoon": "•••", "company": "I", "troop": "I", "battery": "I",
    "battalion": "II", "squadron": "II", "regiment": "III", "group": "III", "brigade": "X", "division": "XX",
    "corps": "XXX", "army": "XXXX", "front": "XXXX", "army_group": "XXXX",
}
BATTLEGROUP_WORDS: tuple[str, ...] = ("battlegroup", "bg", "task_force", "kampfgruppe", "kg")

#: Fill patterns of a hex (or table area) terrain's ``pattern``.
PATTERNS: tuple[str, ...] = ("trees", "marsh", "town", "city", "dots", "hatch", "hill", "rough")
#: Symbols a terrain's ``symbol`` draws in the hex.
TERRAIN_SYMBOLS: tuple[str, ...] = ("town", "city", "airfield", "fort", "star")
#: Drawing styles a hexside terrain's ``pattern`` may name (anything else would be drawn as a plain band).
HEXSIDE_STYLES: tuple[str, ...] = ("solid", "dashed", "stream_dashed", "bridge", "embankment")
#: Drawing styles a line terrain's ``pattern`` may name.
LINE_STYLES: tuple[str, ...] = ("solid", "dashed", "trail", "rail")


def type_key(raw: object) -> str:
    """A symbol type as looked up: lower case, '-' and ' ' as '_'."""
    return str(raw).strip().lower().replace("-", "_").replace(" ", "_")


def expand_type(raw: object) -> tuple[str, ...]:
    """The elements one type name stands for (aliases and composites expanded); DataError for an unknown type."""
    key = type_key(raw)
    if key in ALIASES:
        names: Iterable[str] = ALIASES[key]
    elif key in ELEMENTS or key in COMPOSITES:
        names = (key,)
    else:
        raise DataError(f"unknown symbol type {raw!r} (known: {', '.join(sorted({*ELEMENTS, *COMPOSITES}))})")
    return tuple(part for name in names for part in COMPOSITES.get(name, (name,)))


def normalize_size(size: object) -> str | None:
    """The canonical size marker for ``size`` (``"●●"``, ``"bg"``, echelon words such as ``"division"`` accepted),
    or None; DataError if unknown."""
    if size is None or size == "":
        return None
    s = str(size).strip().replace("●", "•").replace("·", "•")
    word = s.lower().replace(" ", "_").replace("-", "_")
    if word in BATTLEGROUP_WORDS:
        return "battlegroup"
    if word in ECHELONS:
        return ECHELONS[word]
    s = s.upper()
    if s in SIZE_MARKERS:
        return s
    raise DataError(f"unknown unit size {size!r} (known: {', '.join(SIZE_MARKERS)})")
