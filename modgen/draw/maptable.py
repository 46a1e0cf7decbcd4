"""Free-form table maps (Flames of War): terrain polygons, inch grid, deployment zones, objectives (Pillow).

Tables are measured in inches from the top-left corner, y down; ``px_per_inch`` sets the scale.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from modgen.draw import maplabels as ml
from modgen.draw.mapstyle import (
    AREA_COLORS,
    TEXT_COLOR,
    Point,
    check_options,
    masked_tile,
    outline,
    parse_color,
    shade,
    star,
    with_legend,
)
from modgen.draw.printing import font, new_image
from modgen.errors import DataError

TABLE_OPTIONS = {"px_per_inch": 20.0, "inch_grid": True, "zones": True, "objectives": True, "legend": False,
                 "title": True}


def render_table(m: Mapping[str, Any], terrain: Mapping[str, Any], **options: Any) -> Image.Image:
    """Render a free-form table map (inches, origin top-left, y down) at ``px_per_inch``."""
    o = check_options(TABLE_OPTIONS, options)
    mid = m.get("id", "?")
    ppi = float(o["px_per_inch"])
    try:
        w_in, h_in = float(m["width_in"]), float(m["height_in"])
    except (KeyError, TypeError, ValueError):
        raise DataError(f"map {mid!r}: a table needs numeric width_in and height_in") from None
    if not (0 < w_in <= 400 and 0 < h_in <= 400) or not 1 <= ppi <= 400:
        raise DataError(f"map {mid!r}: table size {w_in}x{h_in} in at {ppi} px/in is out of range")
    img = new_image((round(w_in * ppi), round(h_in * ppi)), (196, 200, 150), f"map {mid!r} at {ppi:g} px per inch")
    d = ImageDraw.Draw(img)
    names: list[tuple[str, list[Point]]] = []  # terrain names, placed with the other labels at the end

    def poly(p: Any, where: str) -> list[Point]:
        try:
            pts = [(float(x) * ppi, float(y) * ppi) for x, y in p]
        except (TypeError, ValueError):
            raise DataError(f"map {mid!r}: {where}: expected [[x, y], …] in inches") from None
        if len(pts) < 3:
            raise DataError(f"map {mid!r}: {where}: a polygon needs at least 3 points")
        return pts

    for k, piece in enumerate(m.get("terrain") or []):
        where = f"terrain[{k}]"
        tid = piece.get("type")
        t = terrain.get(tid) if isinstance(tid, str) else None
        if t is None:
            raise DataError(f"map {mid!r}: {where}: terrain {tid!r} is not declared in the manifest")
        pts = poly(piece.get("polygon"), where)
        color = parse_color(t["color"], f"terrain {tid!r}.color") if "color" in t else (150, 150, 150)
        d.polygon(pts, fill=color)
        outline(d, pts, shade(color, 0.5), max(1, round(ppi / 8)))
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
        size = (max(1, math.ceil(x1 - x0)), max(1, math.ceil(y1 - y0)))
        tile = masked_tile(size, [(x - x0, y - y0) for x, y in pts], t.get("pattern"), None, ppi * 2.5, color)
        if tile is not None:
            img.paste(tile, (round(x0), round(y0)), tile)
        if piece.get("name"):
            names.append((str(piece["name"]), pts))
    if o["inch_grid"]:
        _inch_grid(d, img.size, ppi)
    zone_titles: list[tuple[str, list[Point], tuple[int, int, int]]] = []
    if o["zones"]:
        img = _zones(img, m, poly, ppi, zone_titles)
        d = ImageDraw.Draw(img)
    markers: list[tuple[ml.Box, str]] = []
    if o["objectives"]:
        for k, ob in enumerate(m.get("objectives") or []):
            try:
                x, y = (float(v) * ppi for v in ob["pos"])
            except (KeyError, TypeError, ValueError):
                raise DataError(f"map {mid!r}: objectives[{k}]: expected 'pos': [x, y] in inches") from None
            r = ppi * 1.0
            d.ellipse([x - r, y - r, x + r, y + r], fill=(240, 220, 60), outline=(60, 40, 0),
                      width=max(1, round(ppi / 8)))
            star(d, x, y, r * 0.7, (200, 30, 30))
            markers.append(((x - r, y - r, x + r, y + r), str(ob.get("name") or "")))
    title = str(m["name"]) if o["title"] and m.get("name") else ""
    img = ml.draw(img, _labels(d, img.size, ppi, title, markers, zone_titles, names), ppi * 0.25)
    if o["legend"]:
        used = {p.get("type") for p in m.get("terrain") or []}
        img = with_legend(img, [(tid, t, "solid") for tid, t in terrain.items() if tid in used], ppi * 4)
    return img


def _inch_grid(d: ImageDraw.ImageDraw, size: tuple[int, int], ppi: float) -> None:
    """Light lines every inch, darker every 6 inches, with the inch count along the top and left edges."""
    f = font(ppi * 0.7)
    for axis, length in ((0, size[0]), (1, size[1])):
        n = 0
        while n * ppi <= length:
            v = n * ppi
            major = n % 6 == 0
            col = (90, 90, 70) if major else (170, 172, 140)
            line = [(v, 0), (v, size[1])] if axis == 0 else [(0, v), (size[0], v)]
            d.line(line, fill=col, width=max(1, round(ppi / 15)) if major else 1)
            if major and n:
                pos = (v + 2, 2) if axis == 0 else (2, v + 2)
                d.text(pos, f'{n}"', fill=(60, 60, 40), font=f)
            n += 1


def _labels(d: ImageDraw.ImageDraw, size: tuple[int, int], ppi: float, title: str,
            markers: list[tuple[ml.Box, str]], zones: list[tuple[str, list[Point], tuple[int, int, int]]],
            names: list[tuple[str, list[Point]]]) -> list[ml.Label]:
    """Place every label where it covers no objective marker and no other label: the map title at the top left,
    objective captions beside their marker, zone titles inside their zone, terrain names inside their piece.
    A label with no free spot keeps its preferred place (still on its light box)."""
    pad = max(1.0, ppi * 0.15)
    taken: list[ml.Box] = [b for b, _ in markers]
    labels: list[ml.Label] = []
    table = (0.0, 0.0, float(size[0]), float(size[1]))

    def put(text: str, f: Any, fill: tuple[int, int, int], centers: list[Point], area: ml.Box,
            within: list[Point] | None = None, edge: tuple[int, int, int] | None = None,
            avoid: list[ml.Box] | None = None) -> None:
        wh = ml.text_size(d, text, f, pad)
        box = (avoid and ml.first_free(centers, wh, taken + avoid, area, within)) \
            or ml.first_free(centers, wh, taken, area, within) or ml.box_at(centers[0], wh)
        taken.append(box)
        labels.append(ml.Label(text, f, fill, box, edge))

    if title:
        f = font(ppi * 1.2, bold=True)
        w, h = ml.text_size(d, title, f, pad)
        put(title, f, TEXT_COLOR, [(ppi * 0.5 + w / 2, ppi * 0.5 + h / 2)], table)
    cap = font(ppi * 0.8)
    for (x0, y0, x1, y1), text in markers:
        if not text:
            continue
        w, h = ml.text_size(d, text, cap, pad)
        cx, cy, gap = (x0 + x1) / 2, (y0 + y1) / 2, ppi * 0.2
        below, above = (cx, y1 + gap + h / 2), (cx, y0 - gap - h / 2)
        right, left = (x1 + gap + w / 2, cy), (x0 - gap - w / 2, cy)
        put(text, cap, TEXT_COLOR, [below, above, right, left], table)
    zf = font(ppi * 1.0, bold=True)
    for text, pts, color in zones:
        area = _bbox(pts)
        w, h = ml.text_size(d, text, zf, pad)
        center = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        # a zone drawn over a smaller one (deployment around objective zones): its title goes where it is alone
        smaller = [_bbox(q) for _, q, _ in zones if q is not pts and _size(_bbox(q)) < _size(area)]
        put(text, zf, shade(color, 0.6), ml.spiral(center, area, max(w / 8, ppi), h / 2), area, pts, color,
            smaller)
    tf = font(ppi * 0.9)
    for text, pts in names:
        area = _bbox(pts)
        w, h = ml.text_size(d, text, tf, pad)
        center = ((area[0] + area[2]) / 2, (area[1] + area[3]) / 2)
        put(text, tf, TEXT_COLOR, ml.spiral(center, area, ppi, h / 2), table)
    return labels


def _size(b: ml.Box) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def _bbox(pts: list[Point]) -> ml.Box:
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def _zones(img: Image.Image, m: Mapping[str, Any], poly: Any, ppi: float,
           titles: list[tuple[str, list[Point], tuple[int, int, int]]]) -> Image.Image:
    """Tint and outline each zone; its title goes to ``titles`` (placed with the other labels)."""
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    base = img.convert("RGBA")
    for k, z in enumerate(m.get("zones") or []):
        pts = poly(z.get("polygon"), f"zones[{k}]")
        color = AREA_COLORS[k % len(AREA_COLORS)]
        od.polygon(pts, fill=(*color, 60))
        outline(od, pts, (*color, 255), max(2, round(ppi / 5)))
        if z.get("name"):
            titles.append((str(z["name"]), pts, color))
    return Image.alpha_composite(base, overlay).convert("RGB")
