"""A big board is drawn in horizontal bands, one per process (modgen.draw.boards): each band draws only what can reach
its rows (RasterDraw's ``rows``), and the joined bands must be the board drawn whole, pixel for pixel, so the
module's PNG keeps its bytes."""

from __future__ import annotations

import json
import math
import os
import random
import signal
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from modgen.data.model import load_game
from modgen.draw import boards, vector
from modgen.draw.printing import font
from modgen.draw.vector import RasterDraw
from modgen.errors import ModgenError
from modgen.geometry.hexgrid import Grid
from tests.conftest import bundled_games

#: every hex pattern and symbol, every hexside and line style the renderer knows (modgen/data/drawables.py)
TERRAIN: dict[str, Any] = {
    "clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"},
    **{p: {"name": p, "kind": "hex", "color": "#7fa060", "pattern": p}
       for p in ("trees", "marsh", "town", "city", "dots", "hatch", "hill", "rough")},
    **{f"sym_{s}": {"name": s, "kind": "hex", "color": "#d8c07a", "symbol": s}
       for s in ("town", "city", "airfield", "fort", "star")},
    **{f"side_{s}": {"name": s, "kind": "hexside", "color": "#2050d0", "width": 0.12, "pattern": s}
       for s in ("solid", "dashed", "stream_dashed", "bridge", "embankment")},
    **{f"line_{s}": {"name": s, "kind": "line", "color": "#a04000", "width": 0.07, "pattern": s}
       for s in ("solid", "dashed", "trail", "rail")},
}


def _map(orientation: str, cols: int = 16, rows: int = 13) -> dict[str, Any]:
    num = {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1, "h_off": 1,
           "v_off": 1}
    m: dict[str, Any] = {"id": "main", "name": "Banded", "kind": "hex", "default_terrain": "clear",
                         "grid": {"orientation": orientation, "columns": cols, "rows": rows, "numbering": num}}
    g = Grid.from_map(m)
    kinds = [k for k, t in TERRAIN.items() if t["kind"] == "hex" and k != "clear"]
    rng = random.Random(orientation)
    m["hexes"] = {g.label(c, r): rng.choice(kinds) for c in range(cols) for r in range(rows) if rng.random() < 0.7}
    sides = [k for k, t in TERRAIN.items() if t["kind"] == "hexside"]
    m["hexsides"] = []
    for k in range(40):
        a = g.label(rng.randrange(cols), rng.randrange(rows))
        b = next((n for n in g.neighbours(a) if n is not None), None)
        if b is not None:
            m["hexsides"].append({"hexes": [a, b], "type": sides[k % len(sides)]})
    lines = [k for k, t in TERRAIN.items() if t["kind"] == "line"]
    m["lines"] = [{"type": lines[k % len(lines)], "hexes": [g.label(k % cols, r) for r in range(rows)]}
                  for k in range(0, cols, 3)]
    m["places"] = [{"name": f"Place {k} with a long name", "hexes": [g.label(rng.randrange(cols), rng.randrange(rows))]}
                   for k in range(12)]
    m["objectives"] = [{"hex": g.label(rng.randrange(cols), rng.randrange(rows)), "name": f"Obj {k}"} for k in range(5)]
    m["areas"] = [{"id": e, "name": f"{e} edge", "edge": e} for e in ("north", "south", "west", "east")]
    return m


def _game(tmp_path: Path, m: dict[str, Any]) -> Any:
    (tmp_path / "games").mkdir(exist_ok=True)
    (tmp_path / "maps").mkdir(exist_ok=True)
    manifest = {"id": "t", "title": "Test", "version": "0.1.0", "system": "efb", "sides": [], "terrain": TERRAIN,
                "files": {"maps": ["../maps/t.json"]}}
    (tmp_path / "games" / "t.json").write_text(json.dumps(manifest))
    (tmp_path / "maps" / "t.json").write_text(json.dumps({"game": "t", "maps": [m]}))
    return load_game(tmp_path / "games" / "t.json")


def _done(value: Any) -> Future:
    f: Future = Future()
    f.set_result(value)
    return f


def _joined(game: Any, map_id: str, px: float, n: int) -> tuple[tuple[int, int], bytes]:
    return boards._joined([_done(boards.board_band(game, map_id, px, 6, k, n)) for k in range(n)], 6)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("n", [2, 3, 7])
def test_bands_join_to_the_board_drawn_whole(tmp_path: Path, orientation: str, n: int) -> None:
    game = _game(tmp_path, _map(orientation))
    assert _joined(game, "main", 37, n) == boards.board_png(game, "main", 37, 6)


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_bundled_boards_in_bands(manifest: Path) -> None:
    game = load_game(manifest)
    for m in game.maps:
        if m.get("kind", "hex") != "table":
            assert _joined(game, m["id"], 30, 2) == boards.board_png(game, m["id"], 30, 6), m["id"]


def _shapes(rng: random.Random, w: int, h: int) -> list[tuple[str, Any, dict[str, Any]]]:
    out: list[tuple[str, Any, dict[str, Any]]] = []
    for _ in range(120):
        kind = rng.choice(["line", "polygon", "ellipse", "rectangle", "text"])
        color = tuple(rng.randrange(256) for _ in range(3))
        if kind == "line":
            pts = [(rng.uniform(-20, w + 20), rng.uniform(-20, h + 20)) for _ in range(rng.randrange(2, 5))]
            out.append((kind, pts, {"fill": color, "width": rng.randrange(1, 12),
                                    "joint": rng.choice([None, "curve"])}))
        elif kind == "polygon":
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            pts = [(x + rng.uniform(-30, 30), y + rng.uniform(-30, 30)) for _ in range(rng.randrange(3, 7))]
            out.append((kind, pts, {"fill": color, "outline": (0, 0, 0), "width": rng.randrange(1, 6)}))
        elif kind in ("ellipse", "rectangle"):
            x, y = rng.uniform(-10, w), rng.uniform(-10, h)
            box = [x, y, x + rng.uniform(1, 40), y + rng.uniform(1, 40)]
            flat = rng.random() < 0.5
            out.append((kind, box if flat else [tuple(box[:2]), tuple(box[2:])],
                        {"fill": color, "outline": (0, 0, 0), "width": rng.randrange(1, 6)}))
        else:
            out.append((kind, (rng.uniform(0, w), rng.uniform(0, h)),
                        {"text": rng.choice(["0101", "Minsk", "Ågy", "|"]), "fill": color,
                         "font": font(rng.uniform(6, 30)), "anchor": rng.choice(["mm", "la", "ls", "rb", "md"]),
                         "stroke_width": rng.randrange(0, 4), "stroke_fill": (255, 255, 255)}))
    return out


def _draw(d: RasterDraw, shapes: list[tuple[str, Any, dict[str, Any]]]) -> None:
    for kind, xy, k in shapes:
        if kind == "text":
            k = dict(k)
            d.text(xy, k.pop("text"), **k)
        else:
            getattr(d, kind)(xy, **k)


@pytest.mark.parametrize("seed", range(4))
def test_rows_are_drawn_exactly_and_the_rest_skipped(seed: int) -> None:
    """Shapes of every kind, some half in the wanted rows, some in a clipped layer: the wanted rows are the whole
    drawing's, and shapes that cannot reach them are not drawn."""
    rng = random.Random(seed)
    w, h = 220, 180
    shapes, clipped = _shapes(rng, w, h), _shapes(rng, w, h)
    polys = [[(30, 20), (190, 40), (150, 170), (20, 120)]]

    def render(rows: tuple[int, int] | None) -> Image.Image:
        img = Image.new("RGB", (w, h), (246, 243, 232))
        d = RasterDraw(img, rows)
        _draw(d, shapes)
        with d.clipped(polys, (10.5, 9.7, 200.2, 171.9)) as dd:
            _draw(dd, clipped)
        return img

    whole = render(None)
    for top, end in ((0, 45), (44, 91), (90, 180), (77, 78), (120, 2**40)):
        part = render((top, end))
        box = (0, top, w, min(end, h))
        assert part.crop(box).tobytes() == whole.crop(box).tobytes(), (top, end)
        assert part.tobytes() != whole.tobytes()  # something outside the rows was skipped



@pytest.mark.parametrize("seed", range(6))
def test_a_layer_of_plain_shapes_spans_only_the_band(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clipped layer holding only lines without curved joints, polygons, ellipses and rectangles (what terrain
    patterns draw) starts at the band instead of at its bounds' top: the wanted rows are still the whole drawing's,
    and the layer allocated is no taller than the band and what its shapes cover above it."""
    rng = random.Random(seed)
    w, h = 240, 400
    # the motifs of a pattern are small: lines no taller than the other shapes
    plain = [s for s in _shapes(rng, w, h) + _shapes(rng, w, h) + _shapes(rng, w, h)
             if s[0] != "text" and not s[2].get("joint") and (s[0] != "line" or _height(s[1]) <= 40)]
    # hexes along the whole height, as a terrain spread over the map
    polys = [[(x + 20 * math.cos(math.radians(60 * k)), y + 20 * math.sin(math.radians(60 * k))) for k in range(6)]
             for x in range(20, w, 45) for y in range(15, h, 35)]
    sizes: list[tuple[int, int]] = []
    new = vector.Image.new

    def recording_new(mode: str, size: tuple[int, int], *a: Any) -> Image.Image:
        sizes.append(size)
        return new(mode, size, *a)

    def render(rows: tuple[int, int] | None) -> Image.Image:
        img = Image.new("RGB", (w, h), (246, 243, 232))
        with RasterDraw(img, rows).clipped(polys, (0.5, 0.7, w - 0.2, h - 0.4)) as dd:
            _draw(dd, plain)
        return img

    whole = render(None)
    monkeypatch.setattr(vector.Image, "new", recording_new)
    for top, end in ((0, 90), (150, 260), (333, 2**40)):
        sizes.clear()
        part = render((top, end))
        box = (0, top, w, min(end, h))
        assert part.crop(box).tobytes() == whole.crop(box).tobytes(), (top, end)
        layer_h = max(s[1] for s in sizes if s != (w, h))
        # no shape reaches more than 60 px (a polygon) and its width or outline (< 12) above the band, nor a hex 40
        assert layer_h <= min(end, h) - top + 60 + 12 + 3, (top, end, layer_h)
        assert len(sizes) >= 3  # the band, its layer and its mask



def test_a_band_layer_records_other_drawing_calls_and_refuses_measuring() -> None:
    """In a band, a layer's arcs, points and rounded rectangles are drawn as on the whole board (its origin is then
    the whole board's); a measurement has no answer before the layer exists, so it is an error, not a silent None."""
    calls = [("arc", [(20, 150), (90, 210)], {"start": 10, "end": 300, "fill": (200, 0, 0), "width": 3}),
             ("point", [(50, 180), (51.5, 181.5)], {"fill": (0, 0, 200)}),
             ("rounded_rectangle", [(30, 140), (120, 230)], {"radius": 9, "outline": (0, 90, 0), "width": 2}),
             ("ellipse", [(60, 160), (100, 200)], {"fill": (20, 20, 20)})]

    def render(rows: tuple[int, int] | None) -> Image.Image:
        img = Image.new("RGB", (160, 260), (246, 243, 232))
        with RasterDraw(img, rows).clipped([[(10, 130), (150, 135), (140, 250), (15, 240)]]) as dd:
            for name, xy, k in calls:
                getattr(dd, name)(xy, **k)
        return img

    whole = render(None)
    for top, end in ((0, 170), (170, 2**40), (185, 186)):
        box = (0, top, 160, min(end, 260))
        assert render((top, end)).crop(box).tobytes() == whole.crop(box).tobytes(), (top, end)
    with RasterDraw(Image.new("RGB", (10, 10)), (0, 5)).clipped([[(0, 0), (9, 0), (9, 9)]]) as dd:
        with pytest.raises(AttributeError, match="textbbox"):
            dd.textbbox((0, 0), "x")


def _height(pts: list[tuple[float, float]]) -> float:
    return max(y for _x, y in pts) - min(y for _x, y in pts)


def test_band_plan() -> None:
    """Only big hex and square boards are split, into one band per process, at most MAX_BANDS."""
    big = _map("flat", 60, 50)
    assert boards.board_area(big, 60) >= boards.BAND_MPX * 1e6
    assert boards.bands_of(big, 60, 1) == 1
    assert boards.bands_of(big, 60, 2) == 2
    assert boards.bands_of(big, 60, 64) == boards.MAX_BANDS
    assert boards.bands_of(big, 10, 2) == 1  # small at 10 px a hex
    # each band holds a board-sized image: the bands of a board stay within BAND_TOTAL_MPX together
    assert 25e6 < boards.board_area(big, 100) < boards.BAND_TOTAL_MPX * 1e6 / 2  # ~28 MP: 2 bands
    assert boards.bands_of(big, 100, 4) == 2
    assert boards.board_area(big, 150) > boards.BAND_TOTAL_MPX * 1e6 / 2  # ~63 MP: drawn whole
    assert boards.bands_of(big, 150, 4) == 1
    assert boards.bands_of({"kind": "table", "width_in": 400, "height_in": 400}, 20, 2) == 1


def test_background_bands_give_the_same_png(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the process pool and the joining thread, as `modgen build -j 2` draws a big board."""
    game = _game(tmp_path, _map("flat"))
    monkeypatch.setattr(boards, "BAND_MPX", 0.0)
    assert boards.bands_of(game.map("main"), 37, 2) == 2
    [got] = boards.board_pngs(game, [("main", 37)], 6, background=True, processes=2)
    assert got == boards.board_png(game, "main", 37, 6)


def _die(*_args: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_band_process_killed_is_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(tmp_path, _map("flat"))
    monkeypatch.setattr(boards, "BAND_MPX", 0.0)
    monkeypatch.setattr(boards, "board_band", _die)  # the workers fork with the patch in place
    with pytest.raises(ModgenError, match=r"map 'main': the process drawing its board stopped unexpectedly"):
        list(boards.board_pngs(game, [("main", 37)], 6, background=True, processes=2))
