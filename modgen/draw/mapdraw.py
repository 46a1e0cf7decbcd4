"""Map rendering (Pillow): hex and square-grid maps for VASSAL boards and print (the square grid's own parts are
:mod:`modgen.draw.squaredraw`'s); free-form tables are :mod:`modgen.draw.maptable`'s.

``render_map(game, map_id=None, hex_px=100, **options) -> PIL.Image`` is a function of data plus options.

For hex maps the image is exactly the board size of :meth:`modgen.geometry.hexgrid.Grid.layout` (unless ``legend=True``,
which appends a legend strip *below* the board, with the scale bar when the margin has no room for it; a VASSAL
board with it puts its grid in a zone of exactly the grid's size, as VASSAL's descending numbering counts from that
size). Hex centres are :meth:`Grid.center_px`, so VASSAL's grid from ``vassal_params`` lines up.

Drawing order: terrain fill and patterns, area outlines, grid, hexside features (rivers, streams, embankments),
line features (trails, roads, rails), bridges, objectives, place names, hex numbers, border, title, compass.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from modgen.draw import squaredraw
from modgen.draw.mapart import (
    Placement,
    Stroke,
    legend_scale_bar,
    margin_placement,
    place_names,
    place_numbers,
    scale_bar,
    terrain_art,
    text_box,
)
from modgen.draw.mapstyle import (
    AREA_COLORS,
    BACKGROUND,
    GRID_COLOR,
    PATTERNS,
    SYMBOLS,
    TEXT_COLOR,
    Color,
    NearPoints,
    Point,
    check_options,
    dashed,
    draw_legend,
    draw_pattern,
    draw_symbol,
    legend_height,
    offset_polyline,
    outline,
    parse_color,
    round_line,
    shade,
    star,
    with_legend,
)
from modgen.draw.maptable import TABLE_OPTIONS, render_table  # noqa: F401  (render_table is part of this API)
from modgen.draw.printing import check_image_size, font, new_image, paper_size, parse_length, write_tiled_pdf
from modgen.draw.svg import SvgDraw
from modgen.draw.vector import RasterDraw
from modgen.errors import DataError
from modgen.geometry.hexgrid import Grid, area_hexes
from modgen.geometry.squaregrid import map_grid

HEX_OPTIONS = {"numbers": True, "grid": True, "border": True, "compass": True, "title": True, "legend": False,
               "areas": True, "objectives": True, "places": True, "antialias": 1}


def render_map(game: Any, map_id: str | None = None, hex_px: float | None = None, *,
               rows: tuple[int, int] | None = None, **options: Any) -> Image.Image:
    """Render one map of ``game`` (a :class:`modgen.data.model.Game`); the first map when ``map_id`` is None.

    ``hex_px``: pixels between adjacent hex centres (default 100). For a table map it is the scale in pixels per
    table inch (default 20) unless the ``px_per_inch`` option is given.

    Hex-map options (default): numbers (True), grid (True), border (True), compass (True), title (True),
    legend (False), areas (True: edge areas as margin bands; "all": also other areas as outlines; False),
    objectives (True), places (True), antialias (1: draw k = 2..4 times larger and downsample; k² memory).
    Table-map options: px_per_inch (20), inch_grid (True), zones (True), objectives (True), legend (False), title.

    ``rows`` (y0, y1), hex and square maps: only image rows y0 <= y < y1 are wanted, exactly as in the whole image;
    the rest is left incomplete (:mod:`modgen.draw.boards` draws a big board in bands this way, one per core).
    """
    m = game.map(map_id)
    terrain = game.manifest.get("terrain") or {}
    if m.get("kind", "hex") == "table":
        if hex_px is not None and "px_per_inch" not in options:
            options = {**options, "px_per_inch": hex_px}
        return render_table(m, terrain, **options)
    return render_hex_map(m, terrain, 100 if hex_px is None else hex_px, rows=rows, **options)


# --- hex maps ------------------------------------------------------------------------------------------------------

class _Ctx:
    """Per-render state: the map, its grid and pixel helpers."""

    def __init__(self, m: Mapping[str, Any], terrain: Mapping[str, Any], hex_px: float) -> None:
        self.m, self.terrain, self.hex_px = m, terrain, float(hex_px)
        self.mid = m.get("id", "?")
        self.grid = map_grid(m)  # a hex grid, or a square map's SquareGrid (the same drawing calls)
        self.lay = self.grid.layout(hex_px)
        self._pos: dict[str, tuple[int, int]] = {}
        self._corners: dict[tuple[int, int], list[Point]] = {}

    def corners(self, col: int, row: int) -> list[Point]:
        """The grid's corners of hex (col, row) at this render's size (computed once: fills, patterns' clip and the
        grid lines all want them)."""
        pts = self._corners.get((col, row))
        if pts is None:
            pts = self._corners[col, row] = self.grid.corners(col, row, self.hex_px)
        return pts

    def err(self, msg: str) -> DataError:
        return DataError(f"map {self.mid!r}: {msg}")

    def pos(self, label: object, where: str, on_map: bool = True) -> tuple[int, int]:
        if not isinstance(label, str):
            raise self.err(f"{where}: expected a hex label, got {label!r}")
        if on_map and not self.grid.is_label(label):
            raise self.err(f"{where}: {label!r} is not a hex of this map")
        try:
            return self.grid.position(label)
        except KeyError:
            raise self.err(f"{where}: {label!r} is not a hex label of this grid") from None

    def center(self, label: str, where: str, on_map: bool = True) -> Point:
        return self.grid.exact_center(*self.pos(label, where, on_map), self.hex_px)

    def kind(self, tid: object, kinds: tuple[str, ...], where: str) -> Mapping[str, Any]:
        t = self.terrain.get(tid) if isinstance(tid, str) else None
        if t is None:
            raise self.err(f"{where}: terrain {tid!r} is not declared in the manifest's terrain table")
        if t.get("kind") not in kinds:
            raise self.err(f"{where}: terrain {tid!r} is kind {t.get('kind')!r}, expected {' or '.join(kinds)}")
        return t

    def color(self, tid: str, t: Mapping[str, Any], default: Color) -> Color:
        return parse_color(t["color"], f"terrain {tid!r}.color") if "color" in t else default


def render_hex_map(m: Mapping[str, Any], terrain: Mapping[str, Any], hex_px: float = 100, *,
                   rows: tuple[int, int] | None = None, **options: Any) -> Image.Image:
    """Render a hex map dict with the manifest ``terrain`` table (see :func:`render_map` for options and ``rows``)."""
    o = check_options(HEX_OPTIONS, options)
    k = o["antialias"]
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 4:
        raise DataError(f"antialias must be an integer from 1 to 4, got {k!r}")
    if k > 1:  # draw k times larger, then shrink to exactly the board size (centres stay within a pixel)
        # (every row is drawn: the downsampling mixes them)
        grid = map_grid(m)
        big_lay = grid.layout(hex_px * k)
        check_image_size((big_lay.width, big_lay.height),
                         f"map {m.get('id', '?')!r} at {hex_px:g} px per hex with antialias {k}")
        big = render_hex_map(m, terrain, hex_px * k, **{**options, "antialias": 1})
        lay = grid.layout(hex_px)
        height = round(big.height * lay.width / big.width) if o["legend"] else lay.height
        return big.resize((lay.width, height), Image.Resampling.LANCZOS)
    c = _Ctx(m, terrain, hex_px)
    img = new_image((c.lay.width, c.lay.height), BACKGROUND, f"map {m.get('id', '?')!r} at {hex_px:g} px per hex")
    d = RasterDraw(img, rows)
    scaled = draw_hex_map(c, d, o)
    if o["legend"]:
        img = with_legend(img, _legend_items(c), c.hex_px, _edge_areas(c, o))
        if not scaled:  # no room in the margin: the scale bar goes beside the legend's heading
            legend_scale_bar(RasterDraw(img), c.lay.height, c.lay.width, c.hex_px)
    return img


def _edge_areas(c: _Ctx, o: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The legend's entry-area rows: (name, band colour) of each edge area, when areas are drawn."""
    if not o["areas"]:
        return []
    return [(str(a.get("name") or a.get("id")), AREA_COLORS[k % len(AREA_COLORS)])
            for k, a in enumerate(c.m.get("areas") or []) if a.get("edge")]


def draw_hex_map(c: _Ctx, d: Any, o: Mapping[str, Any]) -> bool:
    """Everything on the board, in drawing order, onto ``d`` (a RasterDraw for PNG, a PdfDraw for vector PDF);
    whether the margin had room for the scale bar."""
    _terrain(c, d)
    bands = _bands(c) if o["areas"] else []
    if o["areas"]:
        _areas(c, d, o["areas"] == "all", bands)
    if o["grid"] and c.grid.kind == "square":
        squaredraw.grid_lines(d, c.grid, c.hex_px, max(1, round(c.hex_px / 70)))
    elif o["grid"]:
        w = max(1, round(c.hex_px / 70))
        for col in range(c.grid.columns):
            for row in range(c.grid.rows):
                pts = c.corners(col, row)
                d.line([*pts, pts[0]], fill=GRID_COLOR, width=w)
    bridges = _hexsides(c, d)
    for side, t, tid in bridges:  # the deck under the road, the parapets over it: the road runs across the bridge
        _bridge(c, d, side, t, tid, deck=True)
    _lines(c, d)
    for side, t, tid in bridges:
        _bridge(c, d, side, t, tid, deck=False)
    if o["objectives"]:
        _objectives(c, d)
    place = text_placement(c, o)
    for p in place.places:
        d.text(p.at, p.text, fill=TEXT_COLOR, font=font(p.size, bold=True), anchor="mm",
               stroke_width=max(1, round(c.hex_px * 0.03)), stroke_fill=(255, 255, 255))
    halo = max(1, round(c.hex_px * 0.02))
    for p in place.numbers.values():  # after every line and label, on a halo of the paper colour
        d.text(p.at, p.text, fill=TEXT_COLOR, font=font(p.size), anchor="mm", stroke_width=halo,
               stroke_fill=BACKGROUND)
    if o["border"]:
        _border(c, d)
    margin = margin_placement(c.hex_px, (c.lay.width, c.lay.height), _grid_bounds(c), bands, _title(c), o)
    if "title" in margin:
        box, size = margin["title"]
        ink = text_box(_title(c), (0, 0), size, 0, bold=True)  # the anchor's offset from the ink's centre
        d.text(((box[0] + box[2] - ink[0] - ink[2]) / 2, (box[1] + box[3] - ink[1] - ink[3]) / 2), _title(c),
               fill=TEXT_COLOR, font=font(size, bold=True), anchor="mm")
    if "scale" in margin:
        scale_bar(d, c.hex_px, margin["scale"][0])
    if o["compass"]:
        _compass(d, c.lay.width - c.hex_px * 0.3, c.hex_px * 0.25, c.hex_px * 0.17)
    return "scale" in margin


def _title(c: _Ctx) -> str:
    return str(c.m.get("name") or c.mid)


def strokes(c: _Ctx) -> list[Stroke]:
    """Every line feature as drawn (roads with casing, rails with ties, trails, hexside bands, bridge decks)."""
    out: list[Stroke] = []
    px = c.hex_px
    for ln in c.m.get("lines") or []:
        t = c.terrain.get(ln.get("type")) or {}
        style = _style(str(ln.get("type")), t)
        w = float(t.get("width", 0.03 if style in ("rail", "trail", "dashed") else 0.06)) * px
        half = (2 * max(1.0, w) if style == "rail" else w / 2 + max(1.0, px * 0.01)
                if style not in ("trail", "dashed") else max(1.0, w) / 2)
        pts = [c.center(h, "lines", on_map=False) for h in ln.get("hexes") or []]
        out += [Stroke(a, b, half + 0.5) for a, b in zip(pts, pts[1:], strict=False)]
    for hs in c.m.get("hexsides") or []:
        t = c.terrain.get(hs.get("type")) or {}
        p1, p2, a, b = _side_points(c, *hs["hexes"], "hexsides")
        width = float(t.get("width", 0.06)) * px
        style = _style(str(hs.get("type")), t)
        if style == "bridge":
            ux, uy = (b[0] - a[0]) / px, (b[1] - a[1]) / px
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            hl, hw = _bridge_size(c, t)
            out.append(Stroke((mx - ux * hl, my - uy * hl), (mx + ux * hl, my + uy * hl), hw + 1))
        else:
            out.append(Stroke(p1, p2, (width * 1.5 if style == "embankment" else width / 2) + 0.5))
    return out


def text_placement(c: _Ctx, o: Mapping[str, Any]) -> Placement:
    """Where the hex numbers and place names of this render go (see :mod:`modgen.draw.mapart`)."""
    g = c.grid
    lines = strokes(c)
    place = Placement()
    if o["numbers"]:
        centers = {g.label(col, row): g.exact_center(col, row, c.hex_px)
                   for col in range(g.columns) for row in range(g.rows)}
        place.numbers = place_numbers(centers, c.hex_px, lines)
    if o["places"]:
        names = []
        for k, pl in enumerate(c.m.get("places") or []):
            if not isinstance(pl, Mapping) or not pl.get("hexes"):
                raise c.err(f"places[{k}]: expected 'name' and 'hexes'")
            for h in pl["hexes"]:
                c.pos(h, f"places[{k}].hexes")
            names.append((str(pl.get("name", "")), c.center(pl.get("label_hex") or pl["hexes"][0],
                                                           f"places[{k}].label_hex")))
        place.places = place_names(names, c.hex_px, place.numbers, lines, (0, 0, c.lay.width, c.lay.height))
    return place


#: Patterns drawn as one lattice across every hex of their terrain (continuous in map coordinates); the others
#: (town, hill) are a motif centred in each hex.
CONTINUOUS = ("trees", "marsh", "city", "dots", "hatch", "rough")


def _terrain(c: _Ctx, d: Any) -> None:
    g, px = c.grid, c.hex_px
    default = c.m.get("default_terrain")
    hexes = c.m.get("hexes") or {}
    if not isinstance(hexes, Mapping):
        raise c.err("hexes: expected an object of label -> terrain id")
    for lab in hexes:
        c.pos(lab, "hexes")
    if default is not None:
        c.kind(default, ("hex",), "default_terrain")
    by_terrain: dict[str, list[tuple[int, int]]] = {}
    for col in range(g.columns):
        for row in range(g.rows):
            lab = g.label(col, row)
            tid = hexes.get(lab, default)
            corners = c.corners(col, row)
            if tid is None:
                d.polygon(corners, fill=(255, 255, 255), outline=(255, 255, 255))
                continue
            t = c.kind(tid, ("hex",), f"hexes[{lab!r}]")
            fill = c.color(tid, t, (230, 230, 220))
            d.polygon(corners, fill=fill, outline=fill)  # the outline closes hairline seams between neighbours
            by_terrain.setdefault(tid, []).append((col, row))
    rows = getattr(d, "rows", None)
    for tid, cells in by_terrain.items():
        t = c.terrain[tid]
        pattern, symbol = terrain_art(tid, t)
        if pattern not in PATTERNS and symbol not in SYMBOLS:
            continue
        fill = c.color(tid, t, (230, 230, 220))
        polys = [c.corners(col, row) for col, row in cells]
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        bounds = (min(xs) - 2, min(ys) - 2, max(xs) + 2, max(ys) + 2)
        if rows is not None:
            # a band: only the hexes whose motifs can reach its rows (a motif lies within a hex of its hex's centre;
            # the lattice and the drawing order stay those of the whole map, so the band's pixels do too)
            cells = [(col, row) for col, row in cells
                     if rows[0] - 2 * px <= g.exact_center(col, row, px)[1] < rows[1] + 2 * px]
            if not cells:
                continue
        with d.clipped(polys, bounds) as dd:
            if pattern in CONTINUOUS:  # one lattice in map coordinates: woods run on across hexsides, no seams
                draw_pattern(dd, pattern, (0, 0, max(xs) + px, max(ys) + px), px, fill, keep=_near(g, cells, px))
            for col, row in cells:
                cx, cy = g.exact_center(col, row, px)
                if pattern in PATTERNS and pattern not in CONTINUOUS:
                    draw_pattern(dd, pattern, (cx - px / 2, cy - px / 2, cx + px / 2, cy + px / 2), px, fill)
                if symbol in SYMBOLS:
                    draw_symbol(dd, symbol, cx, cy, px)


def _near(g: Grid, cells: list[tuple[int, int]], px: float) -> NearPoints:
    """keep(x, y): is (x, y) within reach of a motif of one of ``cells``?"""
    # the reach: the hex's corner radius (0.58 hex) plus the largest motif
    return NearPoints([g.exact_center(col, row, px) for col, row in cells], px * 0.75, px)


def _bands(c: _Ctx) -> list[tuple[list[Point], Color, float]]:
    """Edge (entry) areas as coloured bands in the margin beside their hexes: [(two points, colour, width)]."""
    g, px = c.grid, c.hex_px
    x0, y0, x1, y1 = _grid_bounds(c)
    w = max(2.0, px * 0.07)
    half_x = px / math.sqrt(3) if not g.sideways else px / 2  # half a hex's extent along x and along y
    half_y = px / 2 if not g.sideways else px / math.sqrt(3)
    if g.kind == "square":
        half_x, half_y = squaredraw.band_halves(px)
    per_edge: dict[str, int] = {}
    out: list[tuple[list[Point], Color, float]] = []
    for k, area in enumerate(c.m.get("areas") or []):
        edge = area.get("edge")
        if not edge:
            continue
        color = AREA_COLORS[k % len(AREA_COLORS)]
        n = per_edge.get(edge, 0)
        per_edge[edge] = n + 1
        off = px * 0.1 + (n + 0.5) * w * 1.15
        on_edge = set(g.edge_hexes(edge))
        for lab in area_hexes(g, area):
            if lab not in on_edge:
                continue
            cx, cy = c.center(lab, f"areas[{k}]")
            if edge in ("north", "south"):
                y = y0 - off if edge == "north" else y1 + off
                out.append(([(cx - half_x, y), (cx + half_x, y)], color, w))
            else:
                x = x0 - off if edge == "west" else x1 + off
                out.append(([(x, cy - half_y), (x, cy + half_y)], color, w))
    return out


def _areas(c: _Ctx, d: Any, every: bool, bands: list[tuple[list[Point], Color, float]]) -> None:
    """The edge bands; with ``every``, other areas as coloured outlines inset in their hexes."""
    g, px = c.grid, c.hex_px
    for pts, color, w in bands:
        d.line(pts, fill=color, width=round(w))
    for k, area in enumerate(c.m.get("areas") or []):
        labels = area_hexes(g, area)  # checks every area's hexes, drawn or not
        if area.get("edge") or not every:
            continue
        color = AREA_COLORS[k % len(AREA_COLORS)]
        inset = 0.82 - 0.1 * (k % 3)
        for lab in labels:
            cx, cy = c.center(lab, f"areas[{k}]")
            pts = [(cx + (x - cx) * inset, cy + (y - cy) * inset) for x, y in g.corners(*g.position(lab), px)]
            outline(d, pts, color, max(2, round(px * 0.04)))


def _side_points(c: _Ctx, a: str, b: str, where: str) -> tuple[Point, Point, Point, Point]:
    """(corner1, corner2, centre a, centre b) of the hexside between a and b."""
    pa, pb = c.pos(a, where, on_map=False), c.pos(b, where, on_map=False)
    if not c.grid.is_label(a) and not c.grid.is_label(b):
        raise c.err(f"{where}: neither {a!r} nor {b!r} is a hex of this map")
    if c.grid.distance(a, b) != 1:
        raise c.err(f"{where}: {a!r} and {b!r} are not adjacent")
    ax, ay = c.grid.exact_center(*pa, c.hex_px)
    bx, by = c.grid.exact_center(*pb, c.hex_px)
    th = math.atan2(by - ay, bx - ax)
    r = c.hex_px / math.sqrt(3)
    p1 = (ax + r * math.cos(th - math.pi / 6), ay + r * math.sin(th - math.pi / 6))
    p2 = (ax + r * math.cos(th + math.pi / 6), ay + r * math.sin(th + math.pi / 6))
    return p1, p2, (ax, ay), (bx, by)


def _style(tid: str, t: Mapping[str, Any]) -> str:
    """Drawing style of a hexside/line terrain: its ``pattern`` hint, else guessed from the id."""
    p = str(t.get("pattern") or "")
    if p:
        return p
    words = set(re.split(r"[^a-z]+", tid.lower()))
    for style, names in (("bridge", {"bridge", "bridges", "pontoon"}), ("embankment", {"embankment", "embankments"}),
                         ("trail", {"trail", "trails", "track", "tracks", "path"}),
                         ("rail", {"rail", "rails", "railroad", "railway", "railroads", "railways"})):
        if words & names:
            return style
    return "solid"


def _hexsides(c: _Ctx, d: ImageDraw.ImageDraw) -> list[tuple[tuple[Point, Point, Point, Point], Mapping, str]]:
    bridges = []
    for k, hs in enumerate(c.m.get("hexsides") or []):
        where = f"hexsides[{k}]"
        pair = hs.get("hexes") if isinstance(hs, Mapping) else None
        if not isinstance(pair, list) or len(pair) != 2:
            raise c.err(f"{where}: expected two hex labels in 'hexes'")
        tid = hs.get("type")
        t = c.kind(tid, ("hexside",), where)
        side = _side_points(c, pair[0], pair[1], where)
        style = _style(tid, t)
        if style == "bridge":
            bridges.append((side, t, tid))
            continue
        color = c.color(tid, t, (48, 96, 192))
        width = float(t.get("width", 0.06)) * c.hex_px
        p1, p2 = side[0], side[1]
        if style == "embankment":
            w = max(1, round(width * 0.5))
            d.line([p1, p2], fill=color, width=w)
            mx, my = (side[2][0] + side[3][0]) / 2, (side[2][1] + side[3][1]) / 2
            for (x, y), (nx, ny) in offset_polyline([p1, p2], max(3.0, c.hex_px * 0.08)):
                if (mx - x) * nx + (my - y) * ny < 0:  # ticks point towards hex a's side consistently
                    nx, ny = -nx, -ny
                d.line([(x, y), (x - nx * width * 1.5, y - ny * width * 1.5)], fill=color, width=w)
        elif style in ("dashed", "stream_dashed"):
            dashed(d, [p1, p2], color, max(1, round(width)), c.hex_px * 0.1, c.hex_px * 0.05)
        else:  # rivers and streams: a band with round ends, so consecutive sides join smoothly
            round_line(d, [p1, p2], color, width)
    return bridges


def _bridge_size(c: _Ctx, t: Mapping[str, Any]) -> tuple[float, float]:
    """(half length, half width) of a bridge in px."""
    return c.hex_px * 0.2, float(t.get("width", 0.08)) * c.hex_px / 2 + c.hex_px * 0.02


def _bridge(c: _Ctx, d: Any, side: tuple[Point, Point, Point, Point], t: Mapping, tid: str, deck: bool) -> None:
    """A bridge across the hexside, centre to centre direction: ``deck`` the light deck (drawn under the road or
    rail), else the two parapets with splayed ends (drawn over it)."""
    _, _, (ax, ay), (bx, by) = side
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = (bx - ax) / c.hex_px, (by - ay) / c.hex_px
    half_len, half_w = _bridge_size(c, t)
    nx, ny = -uy, ux
    color = c.color(tid, t, (90, 70, 50))
    if deck:
        d.polygon([(mx - ux * half_len + nx * half_w, my - uy * half_len + ny * half_w),
                   (mx + ux * half_len + nx * half_w, my + uy * half_len + ny * half_w),
                   (mx + ux * half_len - nx * half_w, my + uy * half_len - ny * half_w),
                   (mx - ux * half_len - nx * half_w, my - uy * half_len - ny * half_w)], fill=(235, 225, 200))
        return
    w = max(1, round(c.hex_px * 0.025))
    splay = c.hex_px * 0.06
    for sgn in (1, -1):
        ex, ey = nx * sgn, ny * sgn
        a = (mx - ux * half_len + ex * half_w, my - uy * half_len + ey * half_w)
        b = (mx + ux * half_len + ex * half_w, my + uy * half_len + ey * half_w)
        d.line([(a[0] - ux * splay + ex * splay, a[1] - uy * splay + ey * splay), a, b,
                (b[0] + ux * splay + ex * splay, b[1] + uy * splay + ey * splay)], fill=color, width=w)


def _lines(c: _Ctx, d: ImageDraw.ImageDraw) -> None:
    groups: dict[str, list[tuple[list[Point], Mapping, str]]] = {"trail": [], "solid": [], "rail": []}
    for k, ln in enumerate(c.m.get("lines") or []):
        where = f"lines[{k}]"
        hexes = ln.get("hexes") if isinstance(ln, Mapping) else None
        if not isinstance(hexes, list) or len(hexes) < 2:
            raise c.err(f"{where}: expected at least two hex labels in 'hexes'")
        tid = ln.get("type")
        t = c.kind(tid, ("line",), where)
        pts = [c.center(h, where, on_map=False) for h in hexes]
        for a, b in zip(hexes, hexes[1:], strict=False):
            if c.grid.distance(a, b) != 1:
                raise c.err(f"{where}: {a!r} and {b!r} are not adjacent (lines run through consecutive hexes)")
        style = _style(tid, t)
        groups["rail" if style == "rail" else "trail" if style in ("trail", "dashed") else "solid"].append(
            (pts, t, tid))
    for pts, t, tid in groups["trail"]:
        color = c.color(tid, t, (120, 90, 50))
        dashed(d, pts, color, max(1, round(float(t.get("width", 0.03)) * c.hex_px)), c.hex_px * 0.12,
               c.hex_px * 0.07)
    for pts, t, tid in groups["solid"]:  # dark casing first, then all fills: crossings merge cleanly
        w = float(t.get("width", 0.06)) * c.hex_px
        round_line(d, pts, shade(c.color(tid, t, (112, 64, 32)), 0.55), w + max(2, c.hex_px * 0.02))
    for pts, t, tid in groups["solid"]:
        round_line(d, pts, c.color(tid, t, (112, 64, 32)), float(t.get("width", 0.06)) * c.hex_px)
    for pts, t, tid in groups["rail"]:
        color = c.color(tid, t, (20, 20, 20))
        w = max(1.0, float(t.get("width", 0.03)) * c.hex_px)
        round_line(d, pts, color, w)
        for (x, y), (nx, ny) in offset_polyline(pts, max(4.0, c.hex_px * 0.1)):
            d.line([(x - nx * w * 2, y - ny * w * 2), (x + nx * w * 2, y + ny * w * 2)], fill=color,
                   width=max(1, round(w * 0.6)))


def _objectives(c: _Ctx, d: ImageDraw.ImageDraw) -> None:
    r = c.hex_px * 0.36
    for k, ob in enumerate(c.m.get("objectives") or []):
        cx, cy = c.center(ob.get("hex") if isinstance(ob, Mapping) else None, f"objectives[{k}].hex")
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(200, 20, 20), width=max(2, round(c.hex_px * 0.045)))
        star(d, cx + r * 0.72, cy - r * 0.72, c.hex_px * 0.11, (200, 20, 20), (255, 255, 255))


def _grid_bounds(c: _Ctx) -> tuple[float, float, float, float]:
    g, px = c.grid, c.hex_px
    xs, ys = [], []
    for col, row in ((0, 0), (g.columns - 1, g.rows - 1), (min(1, g.columns - 1), g.rows - 1),
                     (g.columns - 1, 0), (0, g.rows - 1), (min(1, g.columns - 1), 0)):
        for x, y in g.corners(col, row, px):
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def _border(c: _Ctx, d: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = _grid_bounds(c)
    pad = c.hex_px * 0.06
    d.rectangle([x0 - pad, y0 - pad, x1 + pad, y1 + pad], outline=(20, 20, 20), width=max(2, round(c.hex_px / 25)))


def _compass(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A north arrow of half-height ``r`` centred at (cx, cy), with "N" to its left (fits the top margin)."""
    d.polygon([(cx, cy - r), (cx + r * 0.4, cy + r), (cx, cy + r * 0.55), (cx - r * 0.4, cy + r)], fill=TEXT_COLOR)
    d.text((cx - r * 0.6, cy), "N", fill=TEXT_COLOR, font=font(r * 1.3, bold=True), anchor="rm")


# --- legend ---------------------------------------------------------------------------------------------------------

def _legend_items(c: _Ctx) -> list[tuple[str, Mapping[str, Any], str]]:
    """Terrain types this map uses, in manifest order: (id, terrain, drawing style)."""
    used = set((c.m.get("hexes") or {}).values())
    if c.m.get("default_terrain"):
        used.add(c.m["default_terrain"])
    used.update(h.get("type") for h in c.m.get("hexsides") or [] if isinstance(h, Mapping))
    used.update(ln.get("type") for ln in c.m.get("lines") or [] if isinstance(ln, Mapping))
    out = []
    for tid, t in c.terrain.items():
        if tid in used:
            if t.get("kind") == "hex":
                pattern, symbol = terrain_art(tid, t)
                t = {**t, "pattern": pattern, "symbol": symbol}
            out.append((tid, t, _style(tid, t)))
    return out


# --- print -----------------------------------------------------------------------------------------------------------

def render_map_pdf(game: Any, map_id: str | None, out: str | os.PathLike[str], hex_size: str | float = "16mm",
                   paper: str = "letter", overlap: str | float = "0.5in", margin: str | float = "0.5in",
                   dpi: float = 300, legend: bool = True, orientation: str = "auto",
                   table_scale: float | None = None, **options: Any) -> int:
    """Print a map at physical size, tiled over ``paper`` pages with overlap, marks and page labels; returns pages.

    Hex maps: adjacent hex centres are exactly ``hex_size`` apart on paper. Tables: ``table_scale`` paper inches per
    table inch (default: scaled to fit one page). Other ``options`` go to :func:`render_map` (e.g. ``numbers``).
    """
    m = game.map(map_id)
    map_name = str(m.get("name") or m.get("id"))
    title = game.title if map_name == game.title else f"{game.title}: {map_name}"
    if m.get("kind", "hex") == "table":
        if table_scale is None:  # fit one landscape page, legend included (its size scales with the table's)
            pw, ph = paper_size(paper, landscape=True)
            mg = 2 * parse_length(margin, "margin")
            aw, ah = (pw - mg) * dpi, (ph - mg) * dpi
            scale = min(aw / float(m["width_in"]), ah / float(m["height_in"])) / dpi
            img = render_map(game, m.get("id"), px_per_inch=dpi * scale, legend=legend, **options)
            if img.width > aw or img.height > ah:
                scale *= min(aw / img.width, ah / img.height) * 0.995
                img = render_map(game, m.get("id"), px_per_inch=dpi * scale, legend=legend, **options)
            orientation = "landscape" if orientation == "auto" else orientation
            table_scale = scale
        else:
            img = render_map(game, m.get("id"), px_per_inch=dpi * table_scale, legend=legend, **options)
        title += f" (scale: 1 in on paper = {1 / table_scale:.3g} in on the table)"
        # the table is drawn by Pillow; inside the PDF it is one lossless (Flate) image
        tiles, _land = write_tiled_pdf(out, img.size, dpi, lambda d: d.image(img, (0, 0, *img.size)), paper=paper,
                                       margin=margin, overlap=overlap, title=title, orientation=orientation)
        return len(tiles)
    hex_px = parse_length(hex_size, "hex_size") * dpi
    o = check_options(HEX_OPTIONS, {**options, "legend": False})
    c = _Ctx(m, game.manifest.get("terrain") or {}, hex_px)
    legend_part = None
    if legend:
        items = _legend_items(c)
        edge_areas = _edge_areas(c, o)
        # the legend's own page: swatches at the map's hex size, as wide as the page's printable area
        pw = paper_size(paper, orientation == "landscape")[0]
        width = (pw - 2 * parse_length(margin, "margin")) * dpi
        legend_part = (legend_height(width, items, hex_px, edge_areas),
                       lambda d, w: draw_legend(d, 0, w, items, hex_px, edge_areas))
    tiles, _land = write_tiled_pdf(out, (c.lay.width, c.lay.height), dpi, lambda d: draw_hex_map(c, d, o),
                                   paper=paper, margin=margin, overlap=overlap, title=title, orientation=orientation,
                                   legend=legend_part)
    return len(tiles) + (1 if legend_part else 0)


def render_map_svg(game: Any, map_id: str | None, hex_size: str | float = "16mm", dpi: float = 96,
                   legend: bool = True, px_per_inch: float | None = None, **options: Any) -> str:
    """One map as an SVG document at physical size, with its legend below: hex maps as vectors (the drawing calls
    of the PNG and the PDF; adjacent hex centres ``hex_size`` apart, in user units of 1/``dpi`` inch), table maps
    as their Pillow picture (``px_per_inch``, default 20) inlined losslessly, at 1 table inch per inch / ``dpi``."""
    m = game.map(map_id)
    title = str(m.get("name") or m.get("id"))
    if m.get("kind", "hex") == "table":
        ppi = px_per_inch or 20.0
        img = render_map(game, m.get("id"), px_per_inch=ppi, legend=legend, **options)
        d = SvgDraw(img.size, dpi=ppi, title=title)
        d.image(img, (0, 0, *img.size))
        return d.svg()
    hex_px = parse_length(hex_size, "hex_size") * dpi
    o = check_options(HEX_OPTIONS, {**options, "legend": False})
    c = _Ctx(m, game.manifest.get("terrain") or {}, hex_px)
    items, areas = _legend_items(c), _edge_areas(c, o)
    extra = legend_height(c.lay.width, items, hex_px, areas) if legend else 0
    d = SvgDraw((c.lay.width, c.lay.height + extra), dpi=dpi, title=title)
    d.rectangle((0, 0, c.lay.width - 1, c.lay.height + extra - 1), fill=BACKGROUND)
    draw_hex_map(c, d, o)
    if legend:
        draw_legend(d, c.lay.height, c.lay.width, items, hex_px, areas)
    return d.svg()
