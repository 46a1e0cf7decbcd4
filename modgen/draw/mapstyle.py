"""Drawing primitives shared by hex maps (:mod:`modgen.draw.mapdraw`) and tables (:mod:`modgen.draw.maptable`):
colours, fill patterns (trees, marsh, town…), symbols, styled lines, outlines and the terrain legend strip (Pillow).

Patterns are drawn once per terrain type into a transparent tile the size of one hex (or any box), so a 2,000-hex map
pastes tiles instead of redrawing every tree. Everything here is deterministic (no randomness), so renders are
reproducible byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from modgen.data import drawables
from modgen.draw.printing import font
from modgen.draw.vector import RasterDraw
from modgen.errors import DataError

Color = tuple[int, int, int]
Point = tuple[float, float]

BACKGROUND = (246, 243, 232)
GRID_COLOR = (60, 60, 60)
TEXT_COLOR = (30, 30, 30)
AREA_COLORS: tuple[Color, ...] = ((200, 40, 40), (40, 90, 200), (30, 140, 60), (190, 120, 20), (140, 50, 160))

PATTERNS = drawables.PATTERNS  # the lists `modgen validate` checks a terrain's pattern and symbol against
SYMBOLS = drawables.TERRAIN_SYMBOLS


def parse_color(value: object, where: str = "color") -> Color:
    """``"#rrggbb"`` (or ``"#rgb"``) → (r, g, b); DataError naming ``where`` otherwise."""
    if isinstance(value, str) and value.startswith("#") and len(value) in (4, 7):
        h = value[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        try:
            return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
        except ValueError:
            pass
    raise DataError(f"{where}: expected a colour like '#7fa060', got {value!r}")


def shade(c: Color, f: float) -> Color:
    """Darken (f < 1) or lighten towards white (f > 1) a colour."""
    if f <= 1:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    t = min(1.0, f - 1)
    return tuple(round(v + (255 - v) * t) for v in c)  # type: ignore[return-value]


def _tree(d: ImageDraw.ImageDraw, x: float, y: float, r: float, c: tuple[Color, Color, Color]) -> None:
    """A tree of radius ``r``; ``c``: its fill, outline and highlight (see :func:`_tree_colors`)."""
    d.ellipse([x - r, y - r, x + r, y + r], fill=c[0], outline=c[1], width=max(1, round(r / 5)))
    d.ellipse([x - r * 0.45, y - r * 0.55, x + r * 0.05, y - r * 0.05], fill=c[2])


def _tree_colors(c: Color) -> tuple[Color, Color, Color]:
    # once per pattern, not per tree: a wood is thousands of trees of the same three shades
    return shade(c, 0.72), shade(c, 0.45), shade(c, 0.85)


def _tuft(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Color) -> None:
    w = max(1, round(s / 6))
    d.line([(x - s, y), (x + s, y)], fill=c, width=w)
    for k in (-0.6, 0.0, 0.6):
        d.line([(x + k * s, y), (x + k * s * 1.4, y - s * (0.9 if k == 0 else 0.6))], fill=c, width=w)


def _block(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, c: Color) -> None:
    d.rectangle([x - w / 2, y - h / 2, x + w / 2, y + h / 2], fill=c, outline=shade(c, 0.6))


class NearPoints:
    """The ``keep`` of :func:`draw_pattern`: is (x, y) within ``radius`` of one of ``points``? Bucketed by ``cell``
    px (at least ``radius``), and able to say which stretches of a lattice row can be kept at all, so a pattern
    drawn across a whole map tests only the motifs near its hexes."""

    def __init__(self, points: Sequence[Point], radius: float, cell: float) -> None:
        self.r2, self.cell = radius ** 2, cell
        buckets: dict[tuple[int, int], list[Point]] = {}
        self.rows: dict[int, list[Point]] = {}
        for cx, cy in points:
            buckets.setdefault((math.floor(cx / cell), math.floor(cy / cell)), []).append((cx, cy))
            self.rows.setdefault(math.floor(cy / cell), []).append((cx, cy))
        # each bucket's points with its eight neighbours' (the only ones within reach of a point in it): one lookup
        # per test instead of nine
        self.near: dict[tuple[int, int], list[Point]] = {}
        for (bx, by), pts in buckets.items():
            for i in (-1, 0, 1):
                for j in (-1, 0, 1):
                    self.near.setdefault((bx + i, by + j), []).extend(pts)
        self.slack = 1e-6 * (1.0 + cell)  # spans a hair wider than the circles: the exact test decides at the edge

    def __call__(self, x: float, y: float) -> bool:
        r2 = self.r2
        for cx, cy in self.near.get((math.floor(x / self.cell), math.floor(y / self.cell)), ()):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r2:
                return True
        return False

    def spans(self, y: float) -> list[tuple[float, float]]:
        """The x intervals (sorted, merged) outside which no point of the row at ``y`` is kept."""
        by, out = math.floor(y / self.cell), []
        for j in (-1, 0, 1):
            for cx, cy in self.rows.get(by + j, ()):
                rest = self.r2 - (y - cy) ** 2
                if rest >= -self.slack:
                    half = math.sqrt(max(0.0, rest)) + self.slack
                    out.append((cx - half, cx + half))
        out.sort()
        merged: list[tuple[float, float]] = []
        for lo, hi in out:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        return merged


def draw_pattern(d: ImageDraw.ImageDraw, pattern: str, box: tuple[float, float, float, float], unit: float,
                 color: Color, keep: NearPoints | None = None) -> None:
    """Draw ``pattern`` over ``box`` (x0, y0, x1, y1); ``unit`` is the hex size in px (sets the motif size).

    ``keep(x, y)``: draw a lattice motif only where it says so (the lattice stays where ``box`` puts it, so a
    pattern drawn over the whole map in pieces is still one continuous pattern; a PDF carries only what shows).
    """
    x0, y0, x1, y1 = box

    def lat(fn: Callable[[float, float], None], b: tuple[float, float, float, float], sx: float, sy: float,
            stagger: bool = True) -> None:
        _lattice(fn, b, sx, sy, stagger, keep)

    if pattern == "trees":
        r, step = unit * 0.1, unit * 0.27
        trees = _tree_colors(color)
        lat(lambda x, y: _tree(d, x, y, r, trees), box, step, step * 0.87)
    elif pattern == "marsh":
        tuft = shade(color, 0.55)
        lat(lambda x, y: _tuft(d, x, y, unit * 0.07, tuft), box, unit * 0.3, unit * 0.22)
    elif pattern == "town":
        bc = (150, 60, 50)
        for k, (fx, fy) in enumerate(((-0.14, -0.08), (0.1, -0.12), (0.0, 0.1), (0.16, 0.1))):
            cx, cy = (x0 + x1) / 2 + fx * unit, (y0 + y1) / 2 + fy * unit
            _block(d, cx, cy, unit * (0.13 if k % 2 else 0.1), unit * 0.1, bc)
    elif pattern == "city":
        bc = (120, 110, 110)
        step = unit * 0.18
        lat(lambda x, y: _block(d, x, y, step * 0.7, step * 0.7, bc), box, step, step, stagger=False)
    elif pattern == "dots":
        r, dot = max(1.0, unit * 0.02), shade(color, 0.55)
        lat(lambda x, y: d.ellipse([x - r, y - r, x + r, y + r], fill=dot), box,
                 unit * 0.12, unit * 0.104)
    elif pattern == "hatch":
        step, w, ink = unit * 0.12, max(1, round(unit * 0.015)), shade(color, 0.6)
        span = (x1 - x0) + (y1 - y0)
        k = 0.0
        while k < span:
            d.line([(x0 + k, y0), (x0 + k - (y1 - y0), y1)], fill=ink, width=w)
            k += step
    elif pattern == "hill":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for f in (0.34, 0.2):
            r = unit * f
            d.ellipse([cx - r * 1.2, cy - r, cx + r * 1.2, cy + r], outline=shade(color, 0.6),
                      width=max(1, round(unit * 0.02)))
    elif pattern == "rough":
        rock = shade(color, 0.6)
        lat(lambda x, y: d.polygon([(x, y - unit * 0.05), (x + unit * 0.05, y + unit * 0.03),
                                    (x - unit * 0.05, y + unit * 0.03)], fill=rock),
            box, unit * 0.25, unit * 0.2)


def draw_symbol(d: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, unit: float) -> None:
    """Draw a point symbol centred at (cx, cy): town/city blocks, airfield runways, fort, star."""
    if symbol in ("town", "city"):
        draw_pattern(d, symbol, (cx - unit / 2, cy - unit / 2, cx + unit / 2, cy + unit / 2), unit, (128, 128, 128))
    elif symbol == "airfield":
        w = max(2, round(unit * 0.08))
        for ang in (20, 100):  # two crossed runways, dark with a white centre line
            a = math.radians(ang)
            dx, dy = math.cos(a) * unit * 0.3, math.sin(a) * unit * 0.3
            d.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=(45, 45, 45), width=w)
        for ang in (20, 100):
            a = math.radians(ang)
            dx, dy = math.cos(a) * unit * 0.24, math.sin(a) * unit * 0.24
            dashed(d, [(cx - dx, cy - dy), (cx + dx, cy + dy)], (250, 250, 250), max(1, round(unit * 0.012)),
                   unit * 0.05, unit * 0.04)
    elif symbol == "fort":
        s = unit * 0.18
        d.rectangle([cx - s, cy - s, cx + s, cy + s], outline=(60, 40, 30), width=max(1, round(unit * 0.04)))
        for k in (-1, 0, 1):
            d.rectangle([cx + k * s * 0.7 - s * 0.15, cy - s * 1.35, cx + k * s * 0.7 + s * 0.15, cy - s],
                        fill=(60, 40, 30))
    elif symbol == "star":
        star(d, cx, cy, unit * 0.2, (200, 30, 30))


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Color, outline: Color | None = None) -> None:
    """A five-pointed star of outer radius ``r``."""
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.42
        a = math.radians(-90 + 36 * k)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=outline)


def _lattice(fn: Callable[[float, float], None], box: tuple[float, float, float, float], sx: float, sy: float,
             stagger: bool = True, keep: NearPoints | None = None) -> None:
    """Call fn(x, y) on a (staggered) lattice covering box (only where ``keep`` says so, if given)."""
    x0, y0, x1, y1 = box
    row = 0
    y = y0 + sy / 2
    while y < y1 + sy:
        x = x0 + (sx / 2 if (stagger and row % 2) else 0.0)
        end = x1 + sx
        if keep is None:
            while x < end:
                fn(x, y)
                x += sx
        else:
            # x is stepped exactly as above (the same floats), but tested only inside the row's spans
            spans = iter(keep.spans(y))
            lo, hi = next(spans, (end, end))
            while x < end and lo < end:
                if x > hi:
                    lo, hi = next(spans, (end, end))
                    if lo >= end:
                        break
                    continue
                if x >= lo and keep(x, y):
                    fn(x, y)
                x += sx
        y += sy
        row += 1


def masked_tile(size: tuple[int, int], polygon: Sequence[Point], pattern: str | None, symbol: str | None,
                unit: float, color: Color) -> Image.Image | None:
    """A transparent RGBA tile of ``size`` with ``pattern``/``symbol`` drawn and clipped to ``polygon`` (tile coords).

    None when there is nothing to draw (no or unknown pattern and symbol).
    """
    if pattern not in PATTERNS and symbol not in SYMBOLS:
        return None
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    if pattern in PATTERNS:
        draw_pattern(d, pattern, (0, 0, size[0], size[1]), unit, color)
    if symbol in SYMBOLS:
        draw_symbol(d, symbol, size[0] / 2, size[1] / 2, unit)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon(list(polygon), fill=255)
    tile.putalpha(ImageChops.multiply(tile.getchannel("A"), mask))
    return tile


def offset_polyline(pts: Sequence[Point], along: float) -> list[tuple[Point, Point]]:
    """Points every ``along`` px on a polyline with the unit normal there: [(point, normal)]."""
    out: list[tuple[Point, Point]] = []
    carry = along / 2
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(bx - ax, by - ay)
        if seg == 0:
            continue
        ux, uy = (bx - ax) / seg, (by - ay) / seg
        t = carry
        while t <= seg:
            out.append(((ax + ux * t, ay + uy * t), (-uy, ux)))
            t += along
        carry = t - seg
    return out


def dashed(d: ImageDraw.ImageDraw, pts: Sequence[Point], color: Color, width: int, dash: float, gap: float) -> None:
    """Draw a dashed polyline (dash/gap lengths in px; the pattern continues across vertices)."""
    on, left = True, dash
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(bx - ax, by - ay)
        if seg == 0:
            continue
        ux, uy = (bx - ax) / seg, (by - ay) / seg
        t = 0.0
        while t < seg:
            step = min(left, seg - t)
            if on:
                d.line([(ax + ux * t, ay + uy * t), (ax + ux * (t + step), ay + uy * (t + step))], fill=color,
                       width=width)
            t += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def round_line(d: ImageDraw.ImageDraw, pts: Sequence[Point], color: Color, width: float) -> None:
    """A polyline with rounded joins and caps (Pillow's 'curve' joint plus end discs)."""
    w = max(1, round(width))
    if len(pts) >= 2:
        d.line(list(pts), fill=color, width=w, joint="curve")
    r = w / 2
    if w >= 3:
        for x, y in (pts[0], pts[-1]):
            d.ellipse([x - r + 0.5, y - r + 0.5, x + r - 0.5, y + r - 0.5], fill=color)


def outline(d: ImageDraw.ImageDraw, pts: list[Point], color: tuple[int, ...], width: int) -> None:
    """A closed outline. (Pillow's polygon(width>1) builds a mask as large as the whole image: too slow here.)"""
    d.line([*pts, pts[0], pts[1]], fill=color, width=width, joint="curve")


def check_options(defaults: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(given) - set(defaults)
    if unknown:
        raise TypeError(f"unknown map option(s): {', '.join(sorted(unknown))} (known: {', '.join(defaults)})")
    return {**defaults, **given}


# --- legend -----------------------------------------------------------------------------------------------------------

def _legend_grid(width: float, items: list[tuple[str, Mapping[str, Any], str]], unit: float,
                 areas: list[tuple[str, Color]]) -> tuple[float, float, int, int]:
    """(row height, column width, entries per row, rows) of a legend ``width`` px wide."""
    f = font(unit * 0.2)
    names = [str(t.get("name", tid)) for tid, t, _ in items] + [f"Entry: {name}" for name, _ in areas]
    widest = max((f.getlength(n) for n in names), default=0.0)  # columns as wide as the longest name
    row_h, col_w = unit * 0.45, max(unit * 3.2, unit * 1.1 + widest)
    per_col = max(1, int((width - unit) // col_w))
    total = len(items) + len(areas)
    return row_h, col_w, per_col, math.ceil(total / per_col) if total else 1


def legend_height(width: float, items: list[tuple[str, Mapping[str, Any], str]], unit: float,
                  areas: list[tuple[str, Color]] | None = None) -> float:
    """Height in px of the legend :func:`draw_legend` draws ``width`` px wide."""
    row_h, _, _, nrows = _legend_grid(width, items, unit, areas or [])
    return row_h * (nrows + 1.5)


def draw_legend(d: Any, top: float, width: float, items: list[tuple[str, Mapping[str, Any], str]], unit: float,
                areas: list[tuple[str, Color]] | None = None) -> None:
    """The legend (terrain swatches, then edge entry areas, in columns) from ``top`` onto ``d`` (raster or PDF)."""
    areas = areas or []
    f = font(unit * 0.2)
    row_h, col_w, per_col, _ = _legend_grid(width, items, unit, areas)
    d.text((unit * 0.5, top + row_h * 0.3), "Terrain", fill=TEXT_COLOR, font=font(unit * 0.22, bold=True))
    for i, (tid, t, style) in enumerate(items):
        x = unit * 0.5 + (i % per_col) * col_w
        y = top + row_h * (1.3 + i // per_col)
        color = parse_color(t["color"], f"terrain {tid!r}.color") if "color" in t else (200, 200, 200)
        sw = unit * 0.5
        box = (x, y, x + sw, y + row_h * 0.8)
        if t.get("kind") in ("hex", "area"):
            d.rectangle(box, fill=color)
            if t.get("pattern") in PATTERNS or t.get("symbol") in SYMBOLS:
                rect = [(x, y), (x + sw, y), (x + sw, y + row_h * 0.8), (x, y + row_h * 0.8)]
                with d.clipped([rect], box) as dd:
                    if t.get("pattern") in PATTERNS:
                        draw_pattern(dd, t["pattern"], box, unit * 0.6, color)
                    if t.get("symbol") in SYMBOLS:
                        draw_symbol(dd, t["symbol"], x + sw / 2, y + row_h * 0.4, unit * 0.6)
            d.rectangle(box, outline=GRID_COLOR)
        else:
            line_swatch(d, style, color, max(1.0, float(t.get("width", 0.05)) * unit), x, y + row_h * 0.4, sw,
                        unit)
        d.text((x + sw + unit * 0.12, y + row_h * 0.4), str(t.get("name", tid)), fill=TEXT_COLOR, font=f,
               anchor="lm")
    for j, (name, color) in enumerate(areas):
        i = len(items) + j
        x = unit * 0.5 + (i % per_col) * col_w
        y = top + row_h * (1.3 + i // per_col)
        d.line([(x, y + row_h * 0.4), (x + unit * 0.5, y + row_h * 0.4)], fill=color, width=max(2, round(unit * 0.07)))
        d.text((x + unit * 0.62, y + row_h * 0.4), f"Entry: {name}", fill=TEXT_COLOR, font=f, anchor="lm")


def with_legend(img: Image.Image, items: list[tuple[str, Mapping[str, Any], str]], unit: float,
                areas: list[tuple[str, Color]] | None = None) -> Image.Image:
    """The image with a legend strip appended below: terrain swatches, then edge entry areas, in columns."""
    out = Image.new("RGB", (img.width, img.height + round(legend_height(img.width, items, unit, areas))), BACKGROUND)
    out.paste(img, (0, 0))
    draw_legend(RasterDraw(out), img.height, img.width, items, unit, areas)
    return out


def line_swatch(d: ImageDraw.ImageDraw, style: str, color: Color, w: float, x: float, mid: float, sw: float,
                 unit: float) -> None:
    """A short horizontal sample of a hexside/line style for the legend."""
    if style in ("trail", "dashed"):
        dashed(d, [(x, mid), (x + sw, mid)], color, round(w), unit * 0.1, unit * 0.05)
    elif style == "rail":
        round_line(d, [(x, mid), (x + sw, mid)], color, w)
        for (px, py), (nx, ny) in offset_polyline([(x, mid), (x + sw, mid)], max(4.0, unit * 0.1)):
            d.line([(px - nx * w * 2, py - ny * w * 2), (px + nx * w * 2, py + ny * w * 2)], fill=color,
                   width=max(1, round(w * 0.6)))
    elif style == "embankment":
        d.line([(x, mid), (x + sw, mid)], fill=color, width=max(1, round(w * 0.5)))
        for (px, py), _ in offset_polyline([(x, mid), (x + sw, mid)], max(3.0, unit * 0.08)):
            d.line([(px, py), (px, py + w * 1.5)], fill=color, width=max(1, round(w * 0.5)))
    elif style == "bridge":
        d.rectangle([x + sw * 0.25, mid - w, x + sw * 0.75, mid + w], fill=(235, 225, 200), outline=color,
                    width=max(1, round(unit * 0.025)))
    else:
        round_line(d, [(x, mid), (x + sw, mid)], color, w)
