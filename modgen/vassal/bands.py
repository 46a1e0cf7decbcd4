"""Which boxes the holding map ("Off-map and reinforcements") has, how big they are and where they lie, and which
waiting unit goes in which: one definition for the module builder (:mod:`.module`, :mod:`.holding`) and the log
adapter (:mod:`.adapter`), so a point of the holding map always names the same box in both.

Boxes are, in this order: one "Eliminated" box per side, one "Replacements" box per side when the rule system
replaces eliminated units (``RuleSystem.replacements``), the scenarios' ``off_map`` set-up boxes that hold units
other than scheduled reinforcements (sorted by id), then one box per arrival of the scenarios' ``reinforcements``
(sorted by turn and id). A unit of the schedule waits in its arrival's box, also when the set-up puts it in an
``off_map`` box (it keeps the set-up's face there), unless that box is a pool a ``pool_draw`` draws from.

Each box has a stable ``id`` (the ``off_map`` value of the canonical ``setup`` event: the set-up's box id, or for an
arrival ``"Turn 2 — Germans: entry_a"`` as earlier modules named the band) and a ``title`` with names from the data
("Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (6 on 1d6)"), which the board prints and VASSAL
reports as the location.

Pure Python (no Pillow): the adapter imports it when checking logs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from modgen.vassal.scale import HOLDING_TITLE_PX, holding_cell

BOX_COLUMNS = 8  # at most this many counters a row in one box
BOARD_COLUMNS = 14  # boxes are packed in shelves about this many counter slots wide
GAP = 8  # pixels between boxes and around the board
TITLE_CHAR_PX = 9  # a title character's width at the title font (DejaVu Sans Bold 15 px averages about 8.5)
TITLE_LINE_PX = 18  # each further line of a long title
MAX_TITLE_LINES = 3
LOSS_SLOTS = 8  # slots of an Eliminated or Replacements box (more units stack)


@dataclass(frozen=True)
class Band:
    """One box of the holding map."""

    id: str  # the canonical ``off_map`` value
    title: str  # the printed title and VASSAL's location name
    kind: str  # "eliminated" | "replacements" | "box" (an off_map set-up box) | "arrival"
    side: str | None = None
    units: int = 0  # the most units any scenario puts in it at the start


@dataclass(frozen=True)
class Placed:
    """A box and its rectangle on the holding board (pixels)."""

    band: Band
    x: int
    y: int
    width: int
    height: int
    columns: int
    title_lines: int = 1

    @property
    def title_px(self) -> int:
        """Height of the title strip."""
        return HOLDING_TITLE_PX + (self.title_lines - 1) * TITLE_LINE_PX

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def slots(self, cell: int) -> list[tuple[int, int]]:
        """Slot centres, row by row."""
        rows = (self.height - self.title_px) // cell
        return [(self.x + c * cell + cell // 2, self.y + self.title_px + r * cell + cell // 2)
                for r in range(rows) for c in range(self.columns)]


def _dicts(items: Any) -> list[dict[str, Any]]:
    return [x for x in items or [] if isinstance(x, dict)] if isinstance(items, list) else []


def _units(entry: dict[str, Any]) -> list[Any]:
    units = entry.get("units")
    return units if isinstance(units, list) else []  # unvalidated data: a string is not a list of ids


def _numbers(on: list[Any], dash: str = "-") -> str:
    """Die results as printed: a run is ``4-6``, others are listed (``2, 4``)."""
    nums = sorted({n for n in on if isinstance(n, int)})
    if len(nums) > 1 and nums == list(range(nums[0], nums[-1] + 1)):
        return f"{nums[0]}{dash}{nums[-1]}"
    return ", ".join(map(str, nums))


def arrival_name(entry: dict[str, Any], side_names: dict[str, str]) -> str:
    """The stable id of one ``reinforcements`` entry's box: turn (and stage), side, entry area or group, die roll,
    option, all as the data spells them. Entries with the same turn, side, area and roll share a box."""
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


class Names:
    """Names the data gives to sides, formations, units, map areas, options and turns (ids where it gives none)."""

    def __init__(self, game: Any) -> None:
        man = getattr(game, "manifest", None) or {}
        self.sides = {s["id"]: s.get("name") or s["id"] for s in _dicts(man.get("sides")) if "id" in s}
        self.formations = {f["id"]: f.get("name") or f["id"] for f in _dicts(man.get("formations")) if "id" in f}
        units = getattr(game, "units", None)
        self.units = {u["id"]: u for u in _dicts(units) if isinstance(u.get("id"), str)}
        self.areas: dict[str, str] = {}
        for m in _dicts(getattr(game, "maps", None)):
            for a in _dicts(m.get("areas")):
                if isinstance(a.get("id"), str) and isinstance(a.get("name"), str):
                    self.areas.setdefault(a["id"], a["name"])

    def group(self, entry: dict[str, Any]) -> str | None:
        """The group's name: its formation's name when all its units belong to one, the unit's name for a group of
        one, else the formations' names joined, else the group id."""
        units = [self.units.get(u) or {} for u in _units(entry) if isinstance(u, str)]
        forms = list(dict.fromkeys(u.get("formation") for u in units if u.get("formation") in self.formations))
        group = entry.get("group")
        if group in self.formations:
            return self.formations[group]
        if len(units) == 1 and (units[0].get("name") or units[0].get("designation")):
            return str(units[0].get("name") or units[0].get("designation"))
        if forms and len(forms) == len({u.get("formation") for u in units}):
            return " + ".join(self.formations[f] for f in forms)
        return str(group) if group else None


def arrival_title(entry: dict[str, Any], names: Names, labels: list[Any] | None = None,
                  groups: list[str] | None = None) -> str:
    """What the box of one ``reinforcements`` entry is called on the board and in VASSAL's reports:
    ``Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (6 on 1d6)``; *groups* names the groups of all
    entries that share the box (default: this entry's)."""
    turn = entry.get("turn")
    title = f"Turn {turn}"
    if entry.get("stage") is not None:
        title += f" {entry['stage']}"
    if isinstance(turn, int) and labels and 0 < turn <= len(labels) and isinstance(labels[turn - 1], str):
        title += f" ({labels[turn - 1]})"
    side = entry.get("side")
    if side:
        title += f" — {names.sides.get(side, side)}"
    area = entry.get("area")
    # entries sharing a box may name the same formation twice ("1st British Airborne Division" in two lifts)
    group = " + ".join(dict.fromkeys(groups)) if groups else names.group(entry)
    what = [x for x in (group, names.areas.get(area, area) if isinstance(area, str) else None) if x]
    if what:
        title += ": " + ", ".join(what)
    roll = entry.get("roll") if isinstance(entry.get("roll"), dict) else None
    if roll and roll.get("on"):
        title += f" ({_numbers(roll['on'], '–')} on {roll.get('die') or 'a die'})"
    if entry.get("option"):
        title += f" [option: {entry['option']}]"
    return title


def _option_names(game: Any) -> dict[str, str]:
    return {o["id"]: o.get("name") or o["id"] for sc in (getattr(game, "scenarios", None) or {}).values()
            if isinstance(sc, dict) for o in _dicts(sc.get("options")) if isinstance(o.get("id"), str)}


def _pools(scenario: dict[str, Any]) -> set[str]:
    return {e["pool_draw"]["pool"] for e in _dicts(scenario.get("reinforcements"))
            if isinstance(e.get("pool_draw"), dict) and isinstance(e["pool_draw"].get("pool"), str)}


def _schedule(game: Any, scenario: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """``(unit, entry)`` for each unit of the schedule, once, with its earliest entry (by turn, then listed first)."""
    entries = _dicts(scenario.get("reinforcements"))
    earliest = sorted(entries, key=lambda e: e.get("turn") if isinstance(e.get("turn"), int) else 0)
    owner: dict[str, int] = {}
    for entry in earliest:
        for unit in _units(entry):
            if isinstance(unit, str):
                owner.setdefault(unit, id(entry))
    return [(u, e) for e in entries for u in _units(e) if isinstance(u, str) and owner.get(u) == id(e)]


def waiting(game: Any, scenario: dict[str, Any]) -> list[tuple[str, str]]:
    """``(unit, box id)`` for each unit of *scenario*'s ``reinforcements`` that waits in its arrival's box: one the
    ``setup`` does not place on a map, nor in a pool a ``pool_draw`` draws from; in the schedule's order."""
    setup = _dicts(scenario.get("setup"))
    pools = _pools(scenario)
    placed = {e.get("unit") for e in setup if not e.get("off_map") or e.get("off_map") in pools}
    names = Names(game).sides
    out: list[tuple[str, str]] = []
    for unit, entry in _schedule(game, scenario):
        if unit not in placed:
            placed.add(unit)
            out.append((unit, arrival_name(entry, names)))
    return out


def _turn_of(name: str) -> int:
    word = name.split(" ", 2)[1] if name.startswith("Turn ") else ""
    return int(word) if word.isdigit() else 0


def _replacements(game: Any) -> bool:
    try:
        return bool(getattr(game.rule_system(), "replacements", False))
    except Exception:  # noqa: BLE001 -- unvalidated data (an unknown system): the adapter still reads positions
        return False


def holding_boxes(game: Any) -> list[Band]:
    """Every box of *game*'s holding map, in order (empty: the game has no sides and nothing off the map)."""
    scenarios = [s for s in (getattr(game, "scenarios", None) or {}).values() if isinstance(s, dict)]
    names = Names(game)
    options = _option_names(game)
    counts: dict[str, int] = {}
    arrivals: dict[str, tuple[dict[str, Any], list[Any] | None, list[str]]] = {}  # id -> entry, labels, groups
    for sc in scenarios:
        mine: dict[str, int] = {}
        waits = dict(waiting(game, sc))
        for e in _dicts(sc.get("setup")):
            box = e.get("off_map")
            if isinstance(box, str) and box and e.get("unit") not in waits:
                mine[box] = mine.get(box, 0) + 1
        labels = (sc.get("turns") or {}).get("labels") if isinstance(sc.get("turns"), dict) else None
        for unit, entry in _schedule(game, sc):
            if unit in waits:
                bid = arrival_name(entry, names.sides)
                mine[bid] = mine.get(bid, 0) + 1
                first = arrivals.setdefault(bid, (entry, labels if isinstance(labels, list) else None, []))
                group = names.group(entry)
                if group and group not in first[2]:
                    first[2].append(group)
        for box, n in mine.items():
            counts[box] = max(counts.get(box, 0), n)
    out: list[Band] = []
    for sid, sname in names.sides.items():
        out.append(Band(f"eliminated:{sid}", f"Eliminated — {sname}", "eliminated", sid, LOSS_SLOTS))
        if _replacements(game):
            out.append(Band(f"replacements:{sid}", f"Replacements — {sname}", "replacements", sid, LOSS_SLOTS))
    for box in sorted(set(counts) - set(arrivals)):
        out.append(Band(box, box if " " in box else box.replace("_", " ").capitalize(), "box", None, counts[box]))
    for bid in sorted(arrivals, key=lambda n: (_turn_of(n), n)):
        entry, labels, groups = arrivals[bid]
        title = arrival_title(entry, names, labels, groups)
        if entry.get("option"):
            title = title.replace(f"[option: {entry['option']}]",
                                  f"[option: {options.get(entry['option'], entry['option'])}]")
        side = entry.get("side") if isinstance(entry.get("side"), str) else None
        out.append(Band(bid, title, "arrival", side, counts[bid]))
    seen: dict[str, int] = {}
    for i, band in enumerate(out):  # VASSAL names a point after its zone: two boxes may not share a title
        seen[band.title] = seen.get(band.title, 0) + 1
        if seen[band.title] > 1:
            out[i] = Band(band.id, f"{band.title} ({seen[band.title]})", band.kind, band.side, band.units)
    return out


def layout(boxes: list[Band], counter_px: int) -> tuple[list[Placed], int, int]:
    """Where each box lies: sized to its units (at most ``BOX_COLUMNS`` a row) and its title, packed left to
    right in shelves about ``BOARD_COLUMNS`` slots wide; returns the boxes and the board's width and height."""
    cell = holding_cell(counter_px)
    shelf_w = BOARD_COLUMNS * cell
    placed: list[Placed] = []
    x = y = GAP
    shelf_h = 0
    board_w = 0
    for band in boxes:
        # about twice as wide as high: boxes pack into shelves with little waste
        cols = max(1, min(BOX_COLUMNS, band.units, math.ceil(math.sqrt(2 * band.units))))
        rows = max(1, math.ceil(band.units / cols))
        title_w = len(band.title) * TITLE_CHAR_PX + 12
        width = max(cols * cell, min(title_w, 4 * cell))
        lines = min(MAX_TITLE_LINES, math.ceil(title_w / width))  # a long title wraps
        height = HOLDING_TITLE_PX + (lines - 1) * TITLE_LINE_PX + rows * cell
        if x > GAP and x + width > shelf_w + GAP:
            x, y, shelf_h = GAP, y + shelf_h + GAP, 0
        placed.append(Placed(band, x, y, width, height, cols, lines))
        x += width + GAP
        shelf_h = max(shelf_h, height)
        board_w = max(board_w, x)
    return placed, max(board_w, 2 * GAP), y + shelf_h + GAP


def box_at(placed: list[Placed], x: int, y: int) -> Band | None:
    """The box a board point lies in (None: between boxes)."""
    return next((p.band for p in placed if p.contains(x, y)), None)


def legacy_boxes(game: Any) -> list[str]:
    """The bands of the equal-height holding map of modules before boxes were sized (map ``holding``), so their
    logs still decode: the set-up's ``off_map`` boxes by name, then the arrivals of units not in the set-up."""
    scenarios = [s for s in (getattr(game, "scenarios", None) or {}).values() if isinstance(s, dict)]
    boxes = sorted({e["off_map"] for sc in scenarios for e in _dicts(sc.get("setup"))
                    if isinstance(e.get("off_map"), str) and e["off_map"]})
    sides = Names(game).sides
    arrivals = set()
    for sc in scenarios:
        placed = {e.get("unit") for e in _dicts(sc.get("setup"))}
        arrivals |= {arrival_name(e, sides) for u, e in _schedule(game, sc) if u not in placed}
    return boxes + sorted(arrivals - set(boxes), key=lambda n: (_turn_of(n), n))
