"""Map art geometry (issue #19): hex numbers clear of every line feature and label on every bundled map, title and
edge bands apart, terrain art for every bundled terrain type, bridges and the unbridged-crossing warning."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.draw.mapart import Placed, Stroke, margin_placement, place_names, stroke_hits_box, terrain_art, text_box
from modgen.draw.mapdraw import HEX_OPTIONS, _bands, _Ctx, _grid_bounds, _title, text_placement
from modgen.draw.maplabels import first_free, overlaps, spiral
from modgen.geometry.hexgrid import Grid
from tests.conftest import bundled_games
from tests.test_mapdraw import HEX_MAP, TERRAIN, make_game

HEX_CASES = [(p, m["id"]) for p in bundled_games() for m in load_game(p).maps if m.get("kind", "hex") == "hex"]
PX = 60


def _line_strokes(m: dict, grid: Grid, terrain: dict) -> list[tuple[str, Stroke]]:
    """Road/rail/trail segments from the data alone: centre to centre, half as wide as the widest mark drawn
    (rail ties 2× the rail width each side, road casing), independent of the renderer's own stroke list."""
    out = []
    for ln in m.get("lines") or []:
        w = float(terrain[ln["type"]].get("width", 0.06)) * PX
        half = 2 * w if "rail" in ln["type"] else w / 2 + 1
        pts = [grid.exact_center(*grid.position(h), PX) for h in ln["hexes"]]
        out += [(ln["type"], Stroke(a, b, half)) for a, b in zip(pts, pts[1:], strict=False)]
    return out


@pytest.mark.parametrize("manifest, map_id", HEX_CASES, ids=[f"{p.stem}:{m}" for p, m in HEX_CASES])
def test_no_hex_number_under_a_line_or_label(manifest, map_id: str) -> None:
    game = load_game(manifest)
    m = game.map(map_id)
    c = _Ctx(m, game.manifest["terrain"], PX)
    place = text_placement(c, HEX_OPTIONS)
    assert len(place.numbers) == c.grid.columns * c.grid.rows
    lines = _line_strokes(m, c.grid, game.manifest["terrain"])
    bad = [(lab, kind) for lab, p in place.numbers.items() for kind, s in lines if stroke_hits_box(s, p.box)]
    assert not bad, f"hex numbers under lines: {bad[:10]}"
    for p in place.places:
        hit = [lab for lab, n in place.numbers.items() if overlaps(p.box, n.box)]
        assert not hit, f"{p.text!r} covers hex numbers {hit}"
        others = [q.text for q in place.places if q is not p and overlaps(p.box, q.box)]
        assert not others, f"{p.text!r} overlaps {others}"
        assert 0 <= p.box[0] and p.box[2] <= c.lay.width and 0 <= p.box[1] and p.box[3] <= c.lay.height


@pytest.mark.parametrize("manifest, map_id", HEX_CASES, ids=[f"{p.stem}:{m}" for p, m in HEX_CASES])
def test_title_and_scale_bar_clear_of_edge_bands(manifest, map_id: str) -> None:
    game = load_game(manifest)
    c = _Ctx(game.map(map_id), game.manifest["terrain"], PX)
    bands = _bands(c)
    got = margin_placement(PX, (c.lay.width, c.lay.height), _grid_bounds(c), bands, _title(c), HEX_OPTIONS)
    assert {"title", "scale"} <= set(got)
    x0, y0, x1, y1 = _grid_bounds(c)
    for key in ("title", "scale"):
        box = got[key][0]
        for pts, _, w in bands:
            band = (min(p[0] for p in pts) - w / 2, min(p[1] for p in pts) - w / 2,
                    max(p[0] for p in pts) + w / 2, max(p[1] for p in pts) + w / 2)
            assert not overlaps(box, band), (key, box, band)
        assert not overlaps(box, (x0, y0, x1, y1)), f"{key} is over the hexes"
    assert not overlaps(got["title"][0], got["scale"][0])


def test_minsk_title_moves_off_the_north_bands() -> None:
    """Minsk's north edge carries bands along its whole width (the complaint): the title must go elsewhere."""
    game = load_game(next(p for p in bundled_games() if p.stem == "minsk44"))
    c = _Ctx(game.map(None), game.manifest["terrain"], PX)
    got = margin_placement(PX, (c.lay.width, c.lay.height), _grid_bounds(c), _bands(c), _title(c), HEX_OPTIONS)
    assert got["title"][0][1] > _grid_bounds(c)[3]  # below the grid


def test_every_bundled_terrain_type_has_art() -> None:
    plain = {"clear", "open", "open_ground"}
    missing = []
    for p in bundled_games():
        for tid, t in load_game(p).manifest["terrain"].items():
            if t.get("kind") == "hex" and tid not in plain and terrain_art(tid, t) == (None, None):
                missing.append(f"{p.stem}:{tid}")
    assert not missing
    assert terrain_art("airfield", {}) == (None, "airfield")
    assert terrain_art("hills", {}) == ("hill", None)
    assert terrain_art("clear", {}) == (None, None)
    assert terrain_art("woods", {"pattern": "marsh"}) == ("marsh", None)  # the data's own hint wins


def test_number_moves_off_a_vertical_line() -> None:
    """A rail running north-south through a column passes through the usual number spot (top centre)."""
    m = json.loads(json.dumps(HEX_MAP))
    m["lines"] = [{"type": "rail", "hexes": ["0301", "0302", "0303", "0304"]}]
    c = _Ctx(m, TERRAIN, PX)
    place = text_placement(c, HEX_OPTIONS)
    cx, cy = c.grid.exact_center(*c.grid.position("0302"), PX)
    assert place.numbers["0302"].at != (cx, cy - 0.33 * PX)
    assert place.numbers["0305"].at == pytest.approx((cx, c.grid.exact_center(*c.grid.position("0305"), PX)[1]
                                                      - 0.33 * PX))


def test_bridge_draws_parapets_over_the_road(tmp_path: Path) -> None:
    from modgen.draw.mapdraw import render_map
    m = json.loads(json.dumps(HEX_MAP))
    m["lines"].append({"type": "road", "hexes": ["0604", "0704"]})
    game = load_game(make_game(tmp_path, [m]))
    img = render_map(game, "main", 80, numbers=False)
    g = Grid.from_map(m)
    (ax, ay), (bx, by) = g.center_px("0604", 80), g.center_px("0704", 80)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    assert img.getpixel((round(mx), round(my)))[:3] == pytest.approx((0xa0, 0x40, 0x00), abs=12)  # road on the deck
    ux, uy = (bx - ax) / 80, (by - ay) / 80
    nx, ny = -uy, ux
    hw = 0.1 * 80 / 2 + 80 * 0.02  # parapet offset: half the bridge's width
    par = img.getpixel((round(mx + nx * hw), round(my + ny * hw)))
    assert sum(par) < 250  # dark parapet


def _warnings(path: Path) -> list[str]:
    return [i.message for i in validate_game(path) if i.severity == "warning" and "bridge" in i.message]


def test_validate_warns_on_a_road_across_a_river_without_bridge(tmp_path: Path) -> None:
    m = json.loads(json.dumps(HEX_MAP))
    m["lines"].append({"type": "road", "hexes": ["0602", "0603", "0703"]})  # 0603/0703 is major_river, no bridge
    m["lines"].append({"type": "rail", "hexes": ["0604", "0704"]})  # bridged: no warning
    found = _warnings(make_game(tmp_path, [m]))
    assert len(found) == 1 and "0603/0703" in found[0] and "major_river" in found[0]


def test_validate_quiet_when_bridged_or_not_a_road(tmp_path: Path) -> None:
    m = json.loads(json.dumps(HEX_MAP))
    m["hexsides"].append({"hexes": ["0603", "0703"], "type": "bridge"})
    m["lines"].append({"type": "road", "hexes": ["0603", "0703"]})
    assert _warnings(make_game(tmp_path, [m])) == []


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_bundled_games_have_no_unbridged_road_crossings(manifest) -> None:
    assert _warnings(manifest) == []


def test_legend_scale_bar_beside_the_heading_when_there_is_room() -> None:
    """The board image's legend strip takes the scale bar when the map's margin had no room: five hexes of bar at
    the strip's right, above its first row of swatches (which start 0.585 hex below the strip's top)."""
    from PIL import Image

    from modgen.draw.mapart import legend_scale_bar
    from modgen.draw.vector import RasterDraw

    px, top = 40.0, 100
    wide = Image.new("RGB", (600, 200), "white")
    assert legend_scale_bar(RasterDraw(wide), top, wide.width, px)
    ink = Image.eval(wide.convert("L"), lambda v: 255 if v < 128 else 0).getbbox()
    assert ink is not None
    x0, y0, x1, y1 = ink
    assert x1 - x0 >= 5 * px and x1 <= wide.width - px * 0.25 and top <= y0 and y1 <= top + 0.585 * px
    narrow = Image.new("RGB", (220, 200), "white")  # beside "Terrain" there is no room for five hexes
    assert not legend_scale_bar(RasterDraw(narrow), top, narrow.width, px)
    assert Image.eval(narrow.convert("L"), lambda v: 255 - v).getbbox() is None  # nothing drawn


@pytest.mark.parametrize("seed", range(6))
def test_each_name_takes_the_nearest_free_spot(seed: int) -> None:
    """A place name goes to the nearest spot of the candidate spiral around its preferred spot (just below its hex's
    centre) that crosses no line and covers no hex number and no name placed before it; if no spot is clear of
    the lines, the nearest that covers nothing. Crowded boards, so some names keep their spot and some move."""
    rng = random.Random(seed)
    px, w, h = 60.0, 900, 700
    bounds = (0, 0, w, h)
    numbers = {f"n{k}": Placed(f"{k:04d}", (x, y), px * 0.13, text_box(f"{k:04d}", (x, y), px * 0.13, 1))
               for k, (x, y) in enumerate((rng.uniform(0, w), rng.uniform(0, h)) for _ in range(160))}
    strokes = [Stroke((x, y), (x + rng.uniform(-200, 200), y + rng.uniform(-200, 200)), rng.uniform(1, 6))
               for x, y in ((rng.uniform(0, w), rng.uniform(0, h)) for _ in range(12))]
    names = [(rng.choice(["Minsk", "Borisov", "Oosterbeek", "Bopr", "X"]), (rng.uniform(40, w - 40),
                                                                           rng.uniform(40, h - 40)))
             for _ in range(30)]
    placed = place_names(names, px, numbers, strokes, bounds)
    size, halo = px * 0.19, max(1.0, round(px * 0.03)) + 1
    before: list[tuple[float, float, float, float]] = []
    moved = kept = 0
    for (name, (cx, cy)), p in zip(names, placed, strict=True):
        pref = (cx, cy + px * 0.2)
        box0 = text_box(name, pref, size, halo, bold=True)
        wh = (box0[2] - box0[0], box0[3] - box0[1])
        reach = (pref[0] - px * 1.5 - wh[0] / 2, pref[1] - px * 1.2, pref[0] + px * 1.5 + wh[0] / 2, pref[1] + px * 1.2)
        taken = [q.box for q in numbers.values()] + before
        cands = spiral(pref, reach, px * 0.08, px * 0.06)
        clear = [c for c in cands if _clear_of(strokes, box0, pref, c)]
        want = first_free(clear, wh, taken, bounds) or first_free(cands, wh, taken, bounds) or box0
        assert p.box == want, name
        before.append(p.box)
        kept += want == first_free([pref], wh, taken, bounds) and _clear_of(strokes, box0, pref, pref)
        moved += p.box != first_free([pref], wh, [], bounds)
    assert kept and moved  # both ways were exercised


def _clear_of(strokes: list[Stroke], box: tuple[float, float, float, float], at: tuple[float, float],
              to: tuple[float, float]) -> bool:
    """Does ``box`` (placed at ``at``) moved to ``to`` cross none of ``strokes``?"""
    dx, dy = to[0] - at[0], to[1] - at[1]
    return not any(stroke_hits_box(s, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)) for s in strokes)
