"""The map picture of findings: the scenario map with every finding numbered (the same numbers as the text and JSON
reports), its hexes ringed, its path drawn, an arrow from attackers to defender, the units where they stand at the
end of the log, and a legend. Hex maps and table maps (positions in inches). :class:`modgen.report.mapview.MapView`
gives the sidecar page the same geometry as pixel points, so the page draws what the PNG draws.

A finding is placed from, in order: its own ``hexes`` (or table ``positions``), the hex or table position its event
names, the positions of its units when its event happened (replayed from the log). Attack findings get arrows from
their ``attacker_hexes`` to their ``defender_hexes`` (table maps: ``attacker_positions``, ``defender_positions``)
when the finding carries them (the engine fills them), else from the attack event's attacking units to its
defending units as they stood then.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from modgen.data.model import Game
from modgen.draw import findingsdraw as fd
from modgen.logs.eventlog import loss_eliminates
from modgen.report.grouping import numbered, with_numbers  # noqa: F401  (with_numbers is part of this API)

Where = Any  # a hex label (str) or a table position (x, y) in inches

#: Legend rows drawn at most; the rest are counted in one line (the text report lists them all).
LEGEND_ROWS = 40
_UNIT_KEYS = ("unit", "attackers", "defenders", "support", "air", "units", "target")
#: Events whose ``unit`` acts on its ``target`` unit (table games: a shot, an assault, a bombardment's hit): their
#: findings get an arrow from the one to the other, like an attack's.
_TARGETED = ("shoot", "assault", "bombard", "assault_hit")


def _get(f: Any, key: str) -> Any:
    """A finding field from a Finding or its JSON dict (None when absent)."""
    return f.get(key) if isinstance(f, dict) else getattr(f, key, None)


# ---- replay ---------------------------------------------------------------------------------------------------
@dataclass
class Positions:
    """Where units stand at the end of the log, their faces, facing and markers (in the order put on), and (for
    the events findings point at) where the units an event names stood just before it."""

    where: dict[str, Where] = field(default_factory=dict)
    face: dict[str, str] = field(default_factory=dict)
    facing: dict[str, float] = field(default_factory=dict)
    markers: dict[str, list[str]] = field(default_factory=dict)
    at: dict[int, dict[str, Where]] = field(default_factory=dict)
    attack_of: dict[int, dict[str, Any]] = field(default_factory=dict)  # roll/result index -> its attack event


def _pos(v: Any) -> tuple[float, float] | None:
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v):
        return (float(v[0]), float(v[1]))
    return None


def _named(ev: dict[str, Any]) -> list[str]:
    """The unit ids an event names."""
    return [u for k in _UNIT_KEYS for u in ([ev[k]] if isinstance(ev.get(k), str) else ev.get(k) or [])
            if isinstance(u, str)]


def replay(events: Iterable[dict[str, Any]], wanted: dict[int, Iterable[str]] | Iterable[int] = ()) -> Positions:
    """Unit positions at the end of ``events`` (hex labels, or table positions when the log gives ``pos``), plus,
    for each event index in ``wanted``, where the units that event names (and, for a dict, the units given for that
    index) stood just before it. A ``roll`` or ``result`` event is read as part of the last ``attack``: its
    snapshot holds that attack's units and ``attack_of`` gives the attack event."""
    out = Positions()
    want = wanted if isinstance(wanted, dict) else {i: () for i in wanted}
    where = out.where
    attack: dict[str, Any] | None = None
    for n, ev in enumerate(events):
        i = ev.get("i", n)
        t = ev.get("type")
        if t == "attack":
            attack = ev
        elif t == "phase":
            attack = None
        if i in want:
            names = _named(ev) + list(want[i])
            if t in ("roll", "result") and attack is not None:
                out.attack_of[i] = attack
                names += _named(attack)
            out.at[i] = {u: where[u] for u in names if u in where}
        step(out, ev)
    return out


def step(out: Positions, ev: dict[str, Any]) -> None:
    """Apply one event to ``out``: where its unit stands, its face, facing and markers afterwards (what
    :func:`replay` does for each event; the sidecar's step slider replays a log with it one event at a time)."""
    where, face = out.where, out.face
    t = ev.get("type")
    uid = ev.get("unit")
    if not isinstance(uid, str):
        return
    if t in ("setup", "reinforcement", "replacement", "move", "retreat", "advance"):
        dest: Where = None
        path = ev.get("path")
        if t in ("retreat", "advance", "move") and isinstance(path, list) and path:
            dest = path[-1]
        elif t == "move":
            dest = ev.get("to")
        else:
            dest = ev.get("hex")
        p = _pos(ev.get("to_pos", ev.get("pos")))
        if p is not None:
            dest = p
        if isinstance(dest, (str, tuple)):
            where[uid] = dest
        elif t in ("setup", "move") and dest is None and p is None:
            where.pop(uid, None)  # set up off map, or moved off the map
        if isinstance(ev.get("facing"), (int, float)):
            out.facing[uid] = float(ev["facing"])
    elif (t == "loss" and loss_eliminates(ev)) or t == "exit":
        where.pop(uid, None)
    elif t == "facing" and isinstance(ev.get("facing"), (int, float)):
        out.facing[uid] = float(ev["facing"])  # a turn in place
    elif t == "marker" and isinstance(ev.get("marker"), str):
        on = out.markers.setdefault(uid, [])
        if ev.get("on") and ev["marker"] not in on:
            on.append(ev["marker"])
        elif not ev.get("on") and ev["marker"] in on:
            on.remove(ev["marker"])
    if t in ("setup", "flip", "reveal") and isinstance(ev.get("face"), str):
        face[uid] = ev["face"]
    elif t == "reveal":
        face[uid] = "front"


# ---- what each finding shows ----------------------------------------------------------------------------------
@dataclass
class Mark:
    """One finding as drawn: its number, severity, the places ringed, its path, and its arrows (from, to)."""

    number: int
    severity: str
    rule: str
    message: str
    spots: list[Where]
    path: list[Where]
    arrows: list[tuple[Where, Where]]


def _places(value: Any) -> list[Where]:
    """Hex labels or table positions from a finding field (a label, a position, or a list of either)."""
    if isinstance(value, str):
        return [value]
    if (p := _pos(value)) is not None:
        return [p]
    if isinstance(value, list):
        out: list[Where] = []
        for v in value:
            q = v if isinstance(v, str) else _pos(v)
            if q is not None:
                out.append(q)
        return out
    return []


def marks(findings: Sequence[Any], positions: Positions | None = None) -> list[Mark]:
    """The :class:`Mark` of every finding that has a place on the map (numbered as in :func:`numbered`)."""
    positions = positions or Positions()
    out = []
    for n, f in numbered(findings):
        index = _get(f, "event_index")
        ev = positions.attack_of.get(index) or _get(f, "event") or {}
        # units as they stood when the finding's event happened; end-of-log findings: where they stand at the end
        then = positions.at.get(index) if index is not None else None
        now = positions.where if then is None else then

        def where(u: str, now: dict[str, Where] = now) -> Where | None:
            return now.get(u)

        arrows: list[tuple[Where, Where]] = []
        att = _places(_get(f, "attacker_hexes") or _get(f, "attacker_positions"))
        dfd = _places(_get(f, "defender_hexes") or _get(f, "defender_positions"))
        if not (att and dfd) and ev.get("type") == "attack":
            att = [w for u in ev.get("attackers") or [] if (w := where(u)) is not None]
            dfd = [w for u in ev.get("defenders") or [] if (w := where(u)) is not None] or _places(ev.get("hex"))
        if not (att and dfd) and ev.get("type") in _TARGETED and isinstance(ev.get("target"), str):
            a, d = where(ev.get("unit", "")), where(ev["target"])
            att, dfd = ([a], [d]) if a is not None and d is not None else (att, dfd)
        att, dfd = list(dict.fromkeys(att)), list(dict.fromkeys(dfd))
        arrows = [(a, d) for a in att for d in dfd if a != d]
        spots = _places(list(_get(f, "hexes") or [])) or _places(_get(f, "positions")) \
            or _places(_get(f, "position"))  # a table finding's own place, in inches
        if not spots and dfd:
            spots = dfd
        if not spots:
            spots = _places(ev.get("to_pos", ev.get("pos"))) or _places(ev.get("hex") or ev.get("to"))
        if not spots:
            spots = list(dict.fromkeys(w for u in _get(f, "units") or [] if (w := where(u)) is not None))
        path = _places(list(_get(f, "path") or []))
        if not path and ev.get("type") == "move" and _pos(ev.get("from_pos")) and _pos(ev.get("to_pos")):
            path = _places([ev["from_pos"], *(ev.get("via") or []), ev["to_pos"]])  # a table move's path
        if spots or path or arrows:
            out.append(Mark(n, _get(f, "severity") or "", _get(f, "rule") or "", _get(f, "message") or "",
                            spots, path, arrows))
    return out


# ---- the board in pixels --------------------------------------------------------------------------------------
class Board:
    """Pixel geometry of one map at one scale: hex centres and shapes, or table inches."""

    def __init__(self, m: dict[str, Any], hex_px: float, px_per_inch: float) -> None:
        self.map = m
        self.hex_px, self.ppi = hex_px, px_per_inch
        self.grid = None
        if m.get("kind", "hex") == "hex":
            from modgen.geometry.hexgrid import Grid

            self.grid = Grid.from_map(m)

    @property
    def unit(self) -> float:
        """Pixels of one "cell": a hex, or 3 inches of table (about a team's footprint and spacing)."""
        return self.hex_px if self.grid is not None else self.ppi * 3

    def point(self, where: Where) -> tuple[float, float] | None:
        """Pixel centre of a hex label or of a table position (inches); None when it is not on this map or the ring
        of hexes just around it (a log may name any label, e.g. a 20-digit one, far beyond what Pillow can draw)."""
        if isinstance(where, str):
            if self.grid is None:
                return None
            try:
                col, row = self.grid.position(where)
            except (KeyError, ValueError, LookupError):
                return None
            if not (-1 <= col <= self.grid.columns and -1 <= row <= self.grid.rows):
                return None
            return self.grid.exact_center(col, row, self.hex_px)
        p = _pos(where)
        if p is None or self.grid is not None:
            return None
        return (p[0] * self.ppi, p[1] * self.ppi)

    def ring(self, where: Where) -> list[tuple[float, float]]:
        """The dashed ring of a spot: a hexagon just inside the hex, or (table) a hexagon 4 inches across."""
        p = self.point(where)
        if p is None:
            return []
        if self.grid is not None:
            return fd.hexagon(*p, self.hex_px / 3 ** 0.5 * 0.86, pointy=self.grid.sideways)
        return fd.hexagon(*p, self.ppi * 2.0, pointy=False)


def _render_base(game: Game, m: dict[str, Any], board: Board) -> Any:
    from modgen.draw.mapdraw import render_map

    if board.grid is not None:
        return render_map(game, m["id"], hex_px=board.hex_px).convert("RGB")
    return render_map(game, m["id"], px_per_inch=board.ppi).convert("RGB")


# ---- units where they stand ----------------------------------------------------------------------------------
@dataclass
class UnitSpot:
    """One unit as drawn: its pixel centre (stacks fanned out down-right), its size in pixels (a counter's side,
    or a table base's width and depth), its facing and face. The PNG and the sidecar page both place units from
    :func:`unit_spots`."""

    uid: str
    rec: dict[str, Any]
    x: float
    y: float
    w: float
    h: float
    facing: float
    face: str


def counter_px(board: Board) -> int:
    """The side of a counter drawn on a hex map: ~40 % of a hex."""
    return max(10, round(board.unit * 0.42))


def _base_px(rec: dict[str, Any], ppi: float) -> tuple[float, float]:
    """A team's base in pixels: ``base_in`` [width, depth] from the counter data, else 2" × 1.5"."""
    base = rec.get("base_in") if isinstance(rec.get("base_in"), list) and len(rec["base_in"]) == 2 else [2.0, 1.5]
    return float(base[0]) * ppi, float(base[1]) * ppi


def unit_spots(game: Game, board: Board, positions: Positions) -> list[UnitSpot]:
    """Every unit of ``positions.where`` that is on this board, placed: counters of one hex fanned out down-right
    by ~14 % of a counter (the stack stays centred on the hex); bases at one table spot 4 px apart."""
    recs = {u["id"]: u for u in game.units}
    stacks: dict[Where, list[str]] = defaultdict(list)
    for uid, w in positions.where.items():
        if uid in recs and board.point(w) is not None:
            stacks[w].append(uid)
    px = counter_px(board)
    step = max(2.0, px * 0.14)
    out = []
    for w, uids in stacks.items():
        cx, cy = board.point(w)  # type: ignore[misc]
        for k, uid in enumerate(uids):
            if board.grid is not None:
                shift = step * (len(uids) - 1) / 2
                x, y, bw, bh = cx - shift + k * step, cy - shift + k * step, float(px), float(px)
            else:
                x, y = cx + k * 4, cy + k * 4
                bw, bh = _base_px(recs[uid], board.ppi)
            out.append(UnitSpot(uid, recs[uid], x, y, bw, bh, positions.facing.get(uid, 0.0),
                                positions.face.get(uid, "front")))
    return out


def wanted_units(findings: Iterable[Any]) -> dict[int, list[str]]:
    """Event index -> the units of the findings at that event: whose positions :func:`replay` keeps for them."""
    wanted: dict[int, list[str]] = defaultdict(list)
    for f in findings:
        if (i := _get(f, "event_index")) is not None:
            wanted[i] += list(_get(f, "units") or [])
    return wanted


# ---- the picture ----------------------------------------------------------------------------------------------
def draw_units(img: Any, game: Game, board: Board, positions: Positions) -> int:
    """Draw every unit where it stands (:func:`unit_spots`): counters on a hex map; on a table, its base as a
    rectangle turned to its facing, labelled. Returns the number of units drawn."""
    from PIL import ImageDraw

    from modgen.draw.counters import render_face

    d = ImageDraw.Draw(img)
    spots = unit_spots(game, board, positions)
    px = counter_px(board)
    for sp in spots:
        if board.grid is not None:
            try:
                face = render_face(game, sp.rec, sp.face, px)
            except Exception:  # a face the renderer cannot draw still shows as a chip in its side's colour
                face = _chip_image(game, sp.rec, px)
            fd.paste_stack(img, [face], sp.x, sp.y, 0)
        else:
            _table_unit(d, game, sp, board.ppi)
    return len(spots)


def _chip_image(game: Game, rec: dict[str, Any], px: int) -> Any:
    from PIL import Image, ImageDraw

    from modgen.draw.counters import unit_colors

    c = unit_colors(game, rec)
    img = Image.new("RGB", (px, px), fd.WHITE)
    fd.chip(ImageDraw.Draw(img), (0, 0, px - 1, px - 1), _rgb(c.background), _short(rec), _rgb(c.text))
    return img


def _rgb(colour: Any) -> tuple[int, int, int]:
    from PIL import ImageColor

    try:
        return ImageColor.getrgb(str(colour))[:3]  # type: ignore[return-value]
    except ValueError:
        return (200, 200, 200)


def _short(rec: dict[str, Any]) -> str:
    return str(rec.get("designation") or rec.get("name") or rec.get("id"))[:12]


def _table_unit(d: Any, game: Game, sp: UnitSpot, ppi: float) -> None:
    """A team on the table: its base turned to its facing (degrees clockwise from north), filled in its side's
    colour, with its designation."""
    import math

    from modgen.draw.counters import unit_colors

    w, h = sp.w / 2, sp.h / 2
    a = math.radians(sp.facing)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = sp.x, sp.y
    poly = [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]
    c = unit_colors(game, sp.rec)
    box = (cx - w, cy - h, cx + w, cy + h)
    fd.chip(d, box, _rgb(c.background), _short(sp.rec), _rgb(c.text), polygon=poly)
    # the front edge, so facing reads at a glance
    d.line([poly[0], poly[1]], fill=fd.INK, width=max(2, round(ppi / 6)))


def render_findings(report: Any, game: Game, *, events: Sequence[dict[str, Any]] | None = None,
                    findings: Sequence[Any] | None = None, hex_px: float = 60, px_per_inch: float = 20,
                    units: bool = True, legend: bool = True) -> Any:
    """The picture as a Pillow image. ``events`` (the checked log) lets it place units and attacks; ``findings``
    (default: the report's) are numbered by their place in that list; only errors and warnings are marked."""
    scen = game.scenarios.get(_get(report, "scenario") or "") or {}
    m = game.map(scen.get("map"))
    board = Board(m, hex_px, px_per_inch)
    img = _render_base(game, m, board)
    all_findings = list(_get(report, "findings") or [])
    if findings is not None:  # a selection keeps the numbers the findings have in the whole report
        keep = {id(f) for f in findings}
        numbers = {n for n, f in numbered(all_findings) if id(f) in keep}
    positions = replay(events, wanted_units(all_findings)) if events is not None else Positions()
    if units:
        draw_units(img, game, board, positions)
    shown = [mk for mk in marks(all_findings, positions) if mk.severity in ("error", "warning")
             and (findings is None or mk.number in numbers)]
    _draw_marks(img, board, shown)
    if legend:
        img = _legend(img, board, report, game, shown, all_findings)
    return img


def _draw_marks(img: Any, board: Board, shown: list[Mark]) -> None:
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    u = board.unit
    width = max(2.0, u / 14)
    for mk in shown:  # paths first: rings, arrows and badges go on top
        pts = [p for w in mk.path if (p := board.point(w))]
        if len(pts) >= 2:
            fd.path_line(d, pts, fd.colour_of(mk.severity), width)
    for mk in shown:
        for w in mk.spots:
            ring = board.ring(w)
            if ring:
                fd.dashed_polygon(d, ring, fd.colour_of(mk.severity), round(width * 1.3), dash=u * 0.16)
    for mk in shown:
        for a, b in mk.arrows:
            pa, pb = board.point(a), board.point(b)
            if pa and pb:
                fd.arrow(d, pa, pb, fd.colour_of(mk.severity), width * 1.2, stop=u * 0.22)
    used: dict[tuple[float, float], int] = defaultdict(int)
    r = u * 0.17
    for mk in shown:
        anchor = next((p for w in mk.spots + mk.path[-1:] if (p := board.point(w))), None)
        if anchor is None:
            anchor = board.point(mk.arrows[0][1]) if mk.arrows else None
        if anchor is None:
            continue
        k = used[anchor]
        used[anchor] += 1
        x, y = anchor
        if k:  # a second finding at the same place: its badge goes round the first, clockwise from the top right
            import math

            ang = math.radians(-45 + 60 * (k - 1))
            x, y = x + 2.3 * r * math.cos(ang), y + 2.3 * r * math.sin(ang)
        fd.badge(d, x, y, r, mk.number, fd.colour_of(mk.severity))


def _legend(img: Any, board: Board, report: Any, game: Game, shown: list[Mark], all_findings: list[Any]) -> Any:
    rows = [(mk.number, mk.severity, mk.rule, mk.message) for mk in shown[:LEGEND_ROWS]]
    notes = []
    if len(shown) > LEGEND_ROWS:
        notes.append(f"… and {len(shown) - LEGEND_ROWS} more marked findings: see the text report for all of them")
    placed = {mk.number for mk in shown}
    elsewhere = [n for n, f in numbered(all_findings) if n not in placed and _get(f, "severity") in ("error",
                                                                                                      "warning")]
    if elsewhere:
        listed = ", ".join(f"#{n}" for n in elsewhere[:20]) + (" …" if len(elsewhere) > 20 else "")
        notes.append(f"Not on the map (no hex or position): {listed}")
    notes.append("Key: magenta = error, amber = warning; dashed hexagon = the finding's place, line = its path, "
                 "arrow = attackers → defender. Units stand where the log leaves them.")
    counts = {s: sum(1 for f in all_findings if _get(f, "severity") == s) for s in ("error", "warning")}
    scen = _get(report, "scenario")
    title = (f"{game.title}" + (f" / {scen}" if scen else "") +
             f": {counts['error']} error(s), {counts['warning']} warning(s)")
    unit = max(30.0, min(60.0, img.width / 30))
    return fd.with_legend(img, rows, unit, title=title, notes=notes)


def draw_findings(report: Any, game: Game, out: str | os.PathLike[str], *,
                  events: Sequence[dict[str, Any]] | None = None, findings: Sequence[Any] | None = None,
                  hex_px: float = 60, px_per_inch: float = 20) -> None:
    """Write the picture of :func:`render_findings` as a PNG at ``out`` (atomically: all or nothing)."""
    from modgen import atomic

    img = render_findings(report, game, events=events, findings=findings, hex_px=hex_px, px_per_inch=px_per_inch)
    with atomic.atomic_path(out) as tmp:
        img.save(tmp, format="PNG")
