"""Which bands the holding map has, and which waiting unit goes in which: one definition for the module builder
(:mod:`.module`, :mod:`.holding`) and the log adapter (:mod:`.adapter`), so a point of the holding map always names
the same box in both.

Bands are, in this order: the scenarios' ``off_map`` set-up boxes (sorted by name), then one band per arrival of
units named in a scenario's ``reinforcements`` but not in its ``setup`` ("Turn 2 — Germans: entry_a",
"Turn 2 — German: 7pz (6 on 1d6)"), sorted by turn and name. A band's name is the box name VASSAL reports for any
point in it and the ``off_map`` value of the canonical ``setup`` event.

Pure Python (no Pillow): the adapter imports it when checking logs.
"""

from __future__ import annotations

from typing import Any


def _dicts(items: Any) -> list[dict[str, Any]]:
    return [x for x in items or [] if isinstance(x, dict)] if isinstance(items, list) else []


def _units(entry: dict[str, Any]) -> list[Any]:
    units = entry.get("units")
    return units if isinstance(units, list) else []  # unvalidated data: a string is not a list of ids


def _numbers(on: list[Any]) -> str:
    """Die results as printed: a run is ``4-6``, others are listed (``2, 4``)."""
    nums = sorted({n for n in on if isinstance(n, int)})
    if len(nums) > 1 and nums == list(range(nums[0], nums[-1] + 1)):
        return f"{nums[0]}-{nums[-1]}"
    return ", ".join(map(str, nums))


def arrival_name(entry: dict[str, Any], side_names: dict[str, str]) -> str:
    """The band name of one ``reinforcements`` entry: turn (and stage), side, entry area or group, die roll, option.

    Entries with the same turn, side, area and roll share a band.
    """
    turn = entry.get("turn")
    name = f"Turn {turn}"
    if entry.get("stage") is not None:
        name += f" {entry['stage']}"
    side = entry.get("side")
    if side:
        name += f" — {side_names.get(side, side)}"
    roll = entry.get("roll") if isinstance(entry.get("roll"), dict) else None
    what = (entry.get("group") if roll else None) or entry.get("area") or entry.get("group")
    if what:
        name += f": {what}"
    if roll and roll.get("on"):
        name += f" ({_numbers(roll['on'])} on {roll.get('die') or 'a die'})"
    if entry.get("option"):
        name += f" [option {entry['option']}]"
    return name


def _side_names(game: Any) -> dict[str, str]:
    return {s["id"]: s.get("name") or s["id"] for s in _dicts((game.manifest or {}).get("sides")) if "id" in s}


def waiting(game: Any, scenario: dict[str, Any]) -> list[tuple[str, str]]:
    """``(unit, band)`` for each unit of *scenario*'s ``reinforcements`` that its ``setup`` does not place, in the
    schedule's order; a unit named by several entries waits in the band of the earliest (by turn, then listed
    first)."""
    placed = {e.get("unit") for e in _dicts(scenario.get("setup"))}
    names = _side_names(game)
    out: list[tuple[str, str]] = []
    entries = _dicts(scenario.get("reinforcements"))
    earliest = sorted(entries, key=lambda e: e.get("turn") if isinstance(e.get("turn"), int) else 0)
    owner: dict[str, int] = {}
    for entry in earliest:
        for unit in _units(entry):
            if isinstance(unit, str):
                owner.setdefault(unit, id(entry))
    for entry in entries:
        band = arrival_name(entry, names)
        for unit in _units(entry):
            if isinstance(unit, str) and unit not in placed and owner.get(unit) == id(entry):
                placed.add(unit)
                out.append((unit, band))
    return out


def _turn_of(name: str) -> int:
    word = name.split(" ", 2)[1] if name.startswith("Turn ") else ""
    return int(word) if word.isdigit() else 0


def holding_boxes(game: Any) -> list[str]:
    """Every band of *game*'s holding map, top to bottom (empty: the module has no holding map)."""
    scenarios = [s for s in (game.scenarios or {}).values() if isinstance(s, dict)]
    boxes = sorted({e["off_map"] for sc in scenarios for e in _dicts(sc.get("setup"))
                    if isinstance(e.get("off_map"), str) and e["off_map"]})
    arrivals = {band for sc in scenarios for _u, band in waiting(game, sc)} - set(boxes)
    return boxes + sorted(arrivals, key=lambda n: (_turn_of(n), n))
