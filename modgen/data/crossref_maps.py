"""Cross-reference checks of maps (hex labels, adjacency, terrain kinds, table bounds) and scenarios
(units, hexes, areas, turns and sides they name)."""

from __future__ import annotations

import re
from typing import Any

from modgen import limits
from modgen.data.crossref import Checker, _items, _mean, _names, _str
from modgen.data.documents import Doc
from modgen.data.jsonio import pointer
from modgen.errors import DataError
from modgen.geometry.squaregrid import map_grid


class _Grid:
    """The labels and adjacency of one hex map, from :mod:`modgen.geometry.hexgrid` (imported lazily)."""

    def __init__(self, grid: Any) -> None:
        self.grid = grid
        self.labels = set(grid.labels())

    def adjacent(self, a: str, b: str) -> bool:
        return bool(self.grid.adjacent(a, b))

    def off_map(self, label: str, map_id: str | None) -> str:
        """The message for a label that is not a hex of this map: the grid's range and, when the label reads as a
        column and a row of the map written another way ('402' for '0402'), the well-formed label."""
        what = "cell" if self.grid.kind == "square" else "hex"
        return f"{what} {label!r} is not on map {map_id!r} ({self._range()}{self._nearest(label)})"

    def _parts(self, label: str) -> tuple[str, str] | None:
        return self.grid.numbering.parts(label)

    def _range(self) -> str:
        g = self.grid
        first, right, down = self._parts(g.label(0, 0)), self._parts(g.label(g.columns - 1, 0)), \
            self._parts(g.label(0, g.rows - 1))
        if first and right and down:
            return f"columns {first[0]}–{right[0]}, rows {first[1]}–{down[1]}"
        return f"hexes {g.label(0, 0)}–{g.label(g.columns - 1, g.rows - 1)}"

    def _nearest(self, label: str) -> str:
        by_number: dict[tuple[int, int], str] = {}
        for lab in self.labels:
            parts = self._parts(lab)
            if parts and parts[0].isdigit() and parts[1].isdigit():
                by_number.setdefault((int(parts[0]), int(parts[1])), lab)
        digits = label.replace(self.grid.numbering.sep or "\0", "") if label else ""
        if by_number and digits.isdigit():  # every split of the digits into a column and a row number
            for k in range(1, len(digits)):
                lab = by_number.get((int(digits[:k]), int(digits[k:])))
                if lab is not None:
                    return f"; did you mean {lab!r}?"
        return ""


def _make_grid(m: dict[str, Any]) -> tuple[_Grid | None, str | None]:
    """A grid for a hex or square map whose ``grid`` passed the schema's basic shape (else None: already reported), and
    why the geometry could not use a grid that had that shape."""
    g = m.get("grid")
    if not isinstance(g, dict) or (m.get("kind") != "square" and g.get("orientation") not in ("flat", "pointy")):
        return None, None
    for key in ("columns", "rows"):
        if not isinstance(g.get(key), int) or isinstance(g.get(key), bool) or not 1 <= g[key] <= 1000:
            return None, None
    if g["columns"] * g["rows"] > limits.get("map_hexes"):  # reported as an error by _check_hex_map
        return None, None
    if "numbering" in g and not isinstance(g["numbering"], dict):
        return None, None
    try:
        return _Grid(map_grid(m)), None
    except (DataError, ValueError, TypeError, KeyError) as exc:
        return None, str(exc)


def _hex(ck: Checker, doc: Doc, ptr: str, label: Any, grid: _Grid | None, map_id: str) -> bool:
    """Report ``label`` if it is not a hex of the map; True when it is (or cannot be checked)."""
    if not isinstance(label, str) or grid is None:
        return True
    if label not in grid.labels:
        ck.add(doc, ptr, grid.off_map(label, map_id))
        return False
    return True


def _inside(pt: Any, width: float, height: float) -> bool:
    return (isinstance(pt, list) and len(pt) == 2 and all(isinstance(c, int | float) for c in pt)
            and 0 <= pt[0] <= width and 0 <= pt[1] <= height)


def _check_hex_map(ck: Checker, doc: Doc, at: tuple[str | int, ...], m: dict[str, Any], map_id: str) -> None:
    g = m.get("grid") if isinstance(m.get("grid"), dict) else {}
    cols, rows = g.get("columns"), g.get("rows")
    if all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in (cols, rows)):
        try:  # the grid holds every hex, and `modgen map` would draw them all: refuse an absurd one up front
            limits.check("map_hexes", cols * rows, f"{cols:,} × {rows:,} hexes")
        except limits.LimitError as exc:
            ck.add(doc, pointer(*at, "grid"), str(exc))
    grid, why = _make_grid(m)
    ck.grids[map_id] = grid
    if why:
        ck.add(doc, pointer(*at, "grid"), f"hex labels and adjacency not checked: {why}", severity="warning")
    ck._terrain(doc, pointer(*at, "default_terrain"), m.get("default_terrain"), "hex")
    hexes = m.get("hexes")
    if isinstance(hexes, dict):
        for label, tid in hexes.items():
            ptr = pointer(*at, "hexes", label)
            if grid is not None and label not in grid.labels:
                ck.add(doc, ptr, grid.off_map(label, map_id), at_key=True)
            ck._terrain(doc, ptr, tid, "hex")
    for i, side in _items(m.get("hexsides")):
        ck._terrain(doc, pointer(*at, "hexsides", i, "type"), side.get("type"), "hexside")
        pair = side.get("hexes")
        if isinstance(pair, list) and len(pair) == 2:
            ok = [_hex(ck, doc, pointer(*at, "hexsides", i, "hexes", j), pair[j], grid, map_id) for j in (0, 1)]
            if all(ok) and grid is not None and all(isinstance(h, str) for h in pair) \
                    and not grid.adjacent(pair[0], pair[1]):
                ck.add(doc, pointer(*at, "hexsides", i, "hexes"),
                       f"hexes {pair[0]!r} and {pair[1]!r} are not adjacent, so they share no hexside")
        if "high" in side and side["high"] not in (pair or []):
            ck.add(doc, pointer(*at, "hexsides", i, "high"),
                   f"high {side['high']!r} is not one of the hexside's hexes {pair!r}; it names the hex above")
    for i, line in _items(m.get("lines")):
        ck._terrain(doc, pointer(*at, "lines", i, "type"), line.get("type"), "line")
        hexes_ = line.get("hexes")
        if not isinstance(hexes_, list):
            continue
        ok = [_hex(ck, doc, pointer(*at, "lines", i, "hexes", j), h, grid, map_id) for j, h in enumerate(hexes_)]
        for j in range(1, len(hexes_)):
            a, b = hexes_[j - 1], hexes_[j]
            if grid is not None and ok[j - 1] and ok[j] and isinstance(a, str) and isinstance(b, str) \
                    and not grid.adjacent(a, b):
                ck.add(doc, pointer(*at, "lines", i, "hexes", j),
                       f"hex {b!r} is not adjacent to the previous hex {a!r}; a line runs through adjacent hexes")
    _unbridged(ck, doc, at, m)
    for i, place in _items(m.get("places")):
        own = place.get("hexes") if isinstance(place.get("hexes"), list) else []
        for j, h in enumerate(own):
            _hex(ck, doc, pointer(*at, "places", i, "hexes", j), h, grid, map_id)
        if "label_hex" in place:
            lh = place["label_hex"]
            if _hex(ck, doc, pointer(*at, "places", i, "label_hex"), lh, grid, map_id) and isinstance(lh, str) \
                    and own and lh not in own:
                name = place.get("name") if isinstance(place.get("name"), str) else f"places/{i}"
                ck.add(doc, pointer(*at, "places", i, "label_hex"),
                       f"label hex {lh!r} is not one of place {name!r}'s hexes ({', '.join(map(str, own))}): "
                       f"the name would be printed away from the place")
    for i, obj in _items(m.get("objectives")):
        _hex(ck, doc, pointer(*at, "objectives", i, "hex"), obj.get("hex"), grid, map_id)
    areas: dict[str, dict[str, Any]] = {}
    for i, area in _items(m.get("areas")):
        aid = _str(area.get("id"))
        if aid is not None:
            if aid in areas:
                ck.add(doc, pointer(*at, "areas", i, "id"), f"duplicate area id {aid!r} on map {map_id!r}")
            areas.setdefault(aid, area)
        for key in ("hexes", "exclude"):
            if isinstance(area.get(key), list):
                for j, h in enumerate(area[key]):
                    _hex(ck, doc, pointer(*at, "areas", i, key, j), h, grid, map_id)
    ck.maps[map_id] = (doc, "square" if m.get("kind") == "square" else "hex", dict(m, _areas=areas))


_WATER = frozenset({"river", "rivers", "stream", "streams", "canal", "canals", "creek", "brook"})
_BRIDGE = frozenset({"bridge", "bridges", "pontoon"})
_ROAD_OR_RAIL = frozenset({"road", "roads", "highway", "rail", "rails", "railroad", "railroads", "railway",
                           "railways"})


def _words(tid: Any) -> set[str]:
    return set(re.split(r"[^a-z]+", tid.lower())) if isinstance(tid, str) else set()


def _unbridged(ck: Checker, doc: Doc, at: tuple[str | int, ...], m: dict[str, Any]) -> None:
    """Warn where a road or rail (by terrain id) crosses a river or stream hexside that carries no bridge hexside:
    the map shows a road running into the water, and the rules see a river crossing."""
    water: dict[frozenset[str], str] = {}
    bridged: set[frozenset[str]] = set()
    for _, side in _items(m.get("hexsides")):
        pair = side.get("hexes")
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(h, str) for h in pair):
            words = _words(side.get("type"))
            if words & _BRIDGE:
                bridged.add(frozenset(pair))
            elif words & _WATER:
                water.setdefault(frozenset(pair), side["type"])
    for i, line in _items(m.get("lines")):
        hexes = line.get("hexes")
        if not isinstance(hexes, list) or not _words(line.get("type")) & _ROAD_OR_RAIL:
            continue
        for j in range(1, len(hexes)):
            pair = frozenset((hexes[j - 1], hexes[j])) if all(isinstance(h, str) for h in hexes[j - 1:j + 1]) \
                else None
            if pair in water and pair not in bridged:
                ck.add(doc, pointer(*at, "lines", i, "hexes", j),
                       f"{line['type']} crosses the {water[pair]} hexside {hexes[j - 1]}/{hexes[j]} without a "
                       f"bridge: add a bridge hexside there (or the map shows the {line['type']} running into the "
                       f"water)", severity="warning")


def _check_table_map(ck: Checker, doc: Doc, at: tuple[str | int, ...], m: dict[str, Any], map_id: str) -> None:
    w, h = m.get("width_in"), m.get("height_in")
    sized = all(isinstance(v, int | float) and not isinstance(v, bool) and v > 0 for v in (w, h))
    for key in ("terrain", "zones"):
        seen: set[str] = set()
        for i, piece in _items(m.get(key)):
            if key == "terrain":
                ck._terrain(doc, pointer(*at, key, i, "type"), piece.get("type"), "area")
            else:
                zid = _str(piece.get("id"))
                if zid in seen:
                    ck.add(doc, pointer(*at, key, i, "id"), f"duplicate zone id {zid!r}")
                seen.add(zid or "")
            if sized and isinstance(piece.get("polygon"), list):
                for j, pt in enumerate(piece["polygon"]):
                    if isinstance(pt, list) and len(pt) == 2 and not _inside(pt, w, h):
                        ck.add(doc, pointer(*at, key, i, "polygon", j),
                               f"point {pt} is outside the {w}x{h} in table")
    for i, obj in _items(m.get("objectives")):
        pos = obj.get("pos")
        if sized and isinstance(pos, list) and len(pos) == 2 and not _inside(pos, w, h):
            ck.add(doc, pointer(*at, "objectives", i, "pos"), f"position {pos} is outside the {w}x{h} in table")
    ck.maps[map_id] = (doc, "table", dict(m, _areas={}, _size=(w, h) if sized else None))


def check_maps(ck: Checker) -> None:
    """Check every map of every map file."""
    for doc in ck.ws.maps:
        ck._game(doc)
        for i, m in _items(doc.value.get("maps")):
            map_id = _str(m.get("id"))
            if map_id is None:
                continue
            if map_id in ck.maps:
                ck.add(doc, pointer("maps", i, "id"),
                       f"duplicate map id {map_id!r} (also in {ck.maps[map_id][0].path})")
                continue
            if isinstance(m.get("image"), str):
                ck._check_file(doc, pointer("maps", i, "image"), m["image"], image=True)
            if m.get("kind") in ("hex", "square"):  # a square map has the hex map's fields, minus hexsides
                _check_hex_map(ck, doc, ("maps", i), m, map_id)
            elif m.get("kind") == "table":
                _check_table_map(ck, doc, ("maps", i), m, map_id)
            else:  # a kind the schema rejected: known by id, nothing else to check
                ck.maps[map_id] = (doc, "?", dict(m, _areas={}))


def _side(ck: Checker, doc: Doc, ptr: str, side: Any, allowed: set[str] | None = None, at_key: bool = False) -> None:
    if isinstance(side, str) and side not in ck.sides:
        ck.add(doc, ptr, f"{side!r} is not a side (sides: {_names(ck.sides)}{_mean(side, ck.sides, '; ')})",
               at_key=at_key)
    elif isinstance(side, str) and allowed is not None and side not in allowed:
        ck.add(doc, ptr, f"side {side!r} does not take part in this scenario (sides: {_names(allowed)})")


def _check_scenario(ck: Checker, doc: Doc) -> None:
    s = doc.value
    ck._game(doc)
    map_id = _str(s.get("map"))
    if map_id is None and ck.maps:
        map_id = next(iter(ck.maps))
    the_map = ck.maps.get(map_id) if map_id is not None else None
    if _str(s.get("map")) is not None and the_map is None and "map" not in ck.ws.incomplete:
        ck.add(doc, "/map", f"unknown map {map_id!r} (maps: {_names(ck.maps)}{_mean(map_id, ck.maps, '; ')})")
    kind = the_map[1] if the_map else None
    mdict = the_map[2] if the_map else {}
    grid = ck.grids.get(map_id) if kind in ("hex", "square") else None
    sides = s.get("sides")
    allowed = None
    if isinstance(sides, list):
        for j, side in enumerate(sides):
            _side(ck, doc, pointer("sides", j), side)
        allowed = {x for x in sides if isinstance(x, str)}
    for key in ("first_player", "deploys_first"):
        _side(ck, doc, pointer(key), s.get(key), allowed)
    turns = s.get("turns") if isinstance(s.get("turns"), dict) else {}
    count = turns.get("count") if isinstance(turns.get("count"), int) and not isinstance(turns.get("count"), bool) \
        else None
    labels = turns.get("labels")
    if count is not None and isinstance(labels, list) and len(labels) != count:
        ck.add(doc, "/turns/labels", f"{len(labels)} turn labels for {count} turns")
    placed: dict[str, int] = {}
    for i, entry in _items(s.get("setup")):
        uid = _str(entry.get("unit"))
        unit = _unit(ck, doc, pointer("setup", i, "unit"), uid)
        if uid is not None:
            if uid in placed:
                ck.add(doc, pointer("setup", i, "unit"),
                       f"unit {uid!r} is set up twice (first at /setup/{placed[uid]})")
            else:
                placed[uid] = i
        if "hex" in entry:
            if kind == "table":
                ck.add(doc, pointer("setup", i, "hex"), f"map {map_id!r} is a table: give \"pos\" in inches, not a hex")
            else:
                _hex_in(ck, doc, pointer("setup", i, "hex"), entry["hex"], grid, map_id)
        if "pos" in entry:
            if kind in ("hex", "square"):
                ck.add(doc, pointer("setup", i, "pos"), f"map {map_id!r} is a {kind} map: give \"hex\", not a position")
            elif kind == "table" and mdict.get("_size"):
                w, h = mdict["_size"]
                pos = entry["pos"]
                if isinstance(pos, list) and len(pos) == 2 and all(isinstance(c, int | float) for c in pos) \
                        and not (0 <= pos[0] <= w and 0 <= pos[1] <= h):
                    ck.add(doc, pointer("setup", i, "pos"), f"position {pos} is outside the {w}x{h} in table")
        face = _str(entry.get("face"))
        if face is not None and unit is not None and isinstance(unit.get("faces"), dict) and face not in unit["faces"]:
            ck.add(doc, pointer("setup", i, "face"),
                   f"unit {uid!r} has no face {face!r} (faces: {', '.join(unit['faces'])}"
                   f"{_mean(face, unit['faces'], '; ')})")
        if unit is not None and allowed is not None and isinstance(unit.get("side"), str) \
                and unit["side"] not in allowed:
            ck.add(doc, pointer("setup", i, "unit"), f"unit {uid!r} belongs to side {unit['side']!r}, "
                                                     f"which does not take part in this scenario")
    options = {o["id"] for _, o in _items(s.get("options")) if isinstance(o.get("id"), str)}
    strength = s.get("strength")
    if isinstance(strength, dict):
        for uid in strength:
            _unit(ck, doc, pointer("strength", uid), uid, at_key=True)
    arriving: dict[str, str] = {}
    groups: set[str] = set()
    for i, r in _items(s.get("reinforcements")):
        _turn(ck, doc, pointer("reinforcements", i, "turn"), r.get("turn"), count)
        _option(ck, doc, pointer("reinforcements", i, "option"), r.get("option"), options)
        if isinstance(r.get("group"), str):
            groups.add(r["group"])
        side = r.get("side")
        _side(ck, doc, pointer("reinforcements", i, "side"), side, allowed)
        for j, uid in enumerate(r.get("units") if isinstance(r.get("units"), list) else []):
            ptr = pointer("reinforcements", i, "units", j)
            unit = _unit(ck, doc, ptr, _str(uid))
            if not isinstance(uid, str):
                continue
            if uid in arriving:
                ck.add(doc, ptr, f"unit {uid!r} arrives twice (also at {arriving[uid]})")
            arriving.setdefault(uid, ptr)
            if unit is not None and isinstance(side, str) and isinstance(unit.get("side"), str) \
                    and unit["side"] != side:
                ck.add(doc, ptr, f"unit {uid!r} belongs to side {unit['side']!r}, not {side!r}")
        for key in ("area", "alternate_area"):
            _area(ck, doc, pointer("reinforcements", i, key), r.get(key), kind, mdict, map_id)
        for j, h in enumerate(r.get("hexes") if isinstance(r.get("hexes"), list) else []):
            _hex_in(ck, doc, pointer("reinforcements", i, "hexes", j), h, grid, map_id)
        if isinstance(r.get("roll"), dict):
            _roll(ck, doc, ("reinforcements", i, "roll"), r["roll"], (kind, mdict, map_id, allowed))
        pool = r.get("pool_draw").get("pool") if isinstance(r.get("pool_draw"), dict) else None
        boxes = {e["off_map"] for _, e in _items(s.get("setup")) if isinstance(e.get("off_map"), str)}
        if isinstance(pool, str) and pool not in boxes:
            ck.add(doc, pointer("reinforcements", i, "pool_draw", "pool"),
                   f"no unit is set up in an off-map box {pool!r} to draw from (boxes: {_names(boxes)})")
    for uid, ptr in arriving.items():
        entry = s["setup"][placed[uid]] if uid in placed else {}
        where = entry.get("hex", entry.get("pos"))
        if where is not None and "off_map" not in entry:  # hex and off_map both: the schema's error says it
            ck.add(doc, ptr, f"unit {uid!r} is set up on the map at {where!r} (/setup/{placed[uid]}) and also "
                             f"arrives as a reinforcement; set it up off the map (\"off_map\") or drop one entry")
    for i, opt in _items(s.get("options")):
        for j, move in _items(opt.get("reschedule")):
            at = ("options", i, "reschedule", j)
            group = _str(move.get("group"))
            if group is not None and group not in groups:
                ck.add(doc, pointer(*at, "group"),
                       f"no reinforcement entry has group {group!r} (groups: {_names(groups)}"
                       f"{_mean(group, groups, '; ')})")
            _turn(ck, doc, pointer(*at, "turn"), move.get("turn"), count)
            if isinstance(move.get("roll"), dict):
                _roll(ck, doc, (*at, "roll"), move["roll"], (kind, mdict, map_id, allowed))
            die = move["roll"].get("die") if isinstance(move.get("roll"), dict) else "1d6"
            lo, hi = _die_range(die)
            picked: dict[int, tuple[int, Any]] = {}
            for k, pick in _items(move.get("by_roll")):
                _turn(ck, doc, pointer(*at, "by_roll", k, "turn"), pick.get("turn"), count)
                for j, x in enumerate(pick.get("on") if isinstance(pick.get("on"), list) else []):
                    if not isinstance(x, int) or isinstance(x, bool):
                        continue
                    if lo is not None and not lo <= x <= hi:
                        ck.add(doc, pointer(*at, "by_roll", k, "on", j), f"{die} cannot roll {x} (results {lo}-{hi})")
                    elif x in picked:
                        ck.add(doc, pointer(*at, "by_roll", k, "on", j),
                               f"result {x} already picks turn {picked[x][1]} (by_roll/{picked[x][0]})")
                    picked.setdefault(x, (k, pick.get("turn")))
    edges = s.get("friendly_edges")
    if isinstance(edges, dict):
        for side, areas in edges.items():
            if side == "source":
                continue
            _side(ck, doc, pointer("friendly_edges", side), side, None, at_key=True)
            for j, area in enumerate(areas if isinstance(areas, list) else []):
                _area(ck, doc, pointer("friendly_edges", side, j), area, kind, mdict, map_id)
    known = set(ck.formations) | set(ck.units)
    if ck.ws.counters is not None:
        for i, cmd in _items(s.get("command")):
            for ptr, ref in [(pointer("command", i, "hq"), cmd.get("hq"))] + [
                    (pointer("command", i, "commands", j), x)
                    for j, x in enumerate(cmd.get("commands") if isinstance(cmd.get("commands"), list) else [])]:
                if isinstance(ref, str) and ref not in known:
                    ck.add(doc, ptr, f"{ref!r} is neither a formation nor a unit{_mean(ref, known)}")
    for key in ("special_rules", "options"):
        seen: set[str] = set()
        for i, rec in _items(s.get(key)):
            rid = _str(rec.get("id"))
            if rid in seen:
                ck.add(doc, pointer(key, i, "id"), f"duplicate id {rid!r} in {key}")
            seen.add(rid or "")


def _roll(ck: Checker, doc: Doc, at: tuple[str | int, ...], roll: dict[str, Any], where: tuple[Any, ...]) -> None:
    """A reinforcement roll: its results are possible on its dice; its conditions name sides and map areas."""
    kind, mdict, map_id, allowed = where
    die = roll.get("die")
    lo, hi = _die_range(die)
    rows = [(pointer(*at, "on"), roll.get("on"))] + [
        (pointer(*at, "by_area", k, "on"), row.get("on")) for k, row in _items(roll.get("by_area"))]
    for ptr, results in rows:
        for j, x in enumerate(results if isinstance(results, list) and lo is not None else []):
            if isinstance(x, int) and not lo <= x <= hi:
                ck.add(doc, f"{ptr}/{j}", f"{die} cannot roll {x} (results {lo}-{hi})")
    conds = [("requires", roll.get("requires"))] + [(f"by_area/{k}", row) for k, row in _items(roll.get("by_area"))]
    for sub, cond in conds:
        if isinstance(cond, dict):
            _side(ck, doc, f"{pointer(*at)}/{sub}/side", cond.get("side"))
            _area(ck, doc, f"{pointer(*at)}/{sub}/in_area", cond.get("in_area"), kind, mdict, map_id)


def _die_range(die: Any) -> tuple[int, int] | tuple[None, None]:
    """(lowest, highest) total of dice written like "2d6", or (None, None) when it is not written so."""
    n, _, faces = die.partition("d") if isinstance(die, str) else ("", "", "")
    if n.isdigit() and faces.isdigit() and int(n) > 0 and int(faces) > 0:
        return int(n), int(n) * int(faces)
    return None, None


def _turn(ck: Checker, doc: Doc, ptr: str, turn: Any, count: int | None) -> None:
    if count is not None and isinstance(turn, int) and not isinstance(turn, bool) and turn > count:
        ck.add(doc, ptr, f"turn {turn} is beyond the scenario's {count} turns")


def _option(ck: Checker, doc: Doc, ptr: str, option: Any, options: set[str]) -> None:
    if isinstance(option, str) and option not in options:
        ck.add(doc, ptr, f"unknown option {option!r} (the scenario's options: {_names(options)}"
               f"{_mean(option, options, '; ')})")


def _area(ck: Checker, doc: Doc, ptr: str, area: Any, kind: str | None, mdict: dict[str, Any],
          map_id: str | None) -> None:
    if isinstance(area, str) and kind in ("hex", "square") and area not in mdict.get("_areas", {}):
        ck.add(doc, ptr, f"unknown area {area!r} on map {map_id!r} (areas: {_names(mdict.get('_areas'))}"
               f"{_mean(area, mdict.get('_areas'), '; ')})")


def _hex_in(ck: Checker, doc: Doc, ptr: str, label: Any, grid: Any, map_id: str | None) -> None:
    if grid is not None and isinstance(label, str) and label not in grid.labels:
        ck.add(doc, ptr, grid.off_map(label, map_id))


def _unit(ck: Checker, doc: Doc, ptr: str, uid: str | None, at_key: bool = False) -> dict[str, Any] | None:
    if uid is None or ck.ws.counters is None:
        return None
    if uid not in ck.units:
        ck.add(doc, ptr, f"unknown unit {uid!r} (not in {ck.ws.counters.path}{_mean(uid, ck.units, '; ')})",
               at_key=at_key)
        return None
    return ck.units[uid]


def check_scenarios(ck: Checker) -> None:
    """Check every scenario; scenario ids must be unique across files."""
    ids: dict[str, str] = {}
    for doc in ck.ws.scenarios:
        sid = _str(doc.value.get("id"))
        if sid is not None:
            if sid in ids:
                ck.add(doc, "/id", f"duplicate scenario id {sid!r} (also in {ids[sid]})")
            ids.setdefault(sid, doc.path)
        _check_scenario(ck, doc)
