"""render_plan draws only the blocks shapes reach and caches empty faces and shape layers: its pixels must be those
of drawing the whole face supersampled and reducing it (``_render_full``), byte for byte."""

from __future__ import annotations

from fixtures_counters import all_games, make_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import ImageChops, ImageDraw

from modgen.draw import counterdraw as cd
from modgen.draw.counters import faces_of, plan_face, with_blank_face
from modgen.draw.nato import SIZE_MARKERS, SYMBOL_TYPES
from modgen.draw.vector import RasterDraw

ROUND = {"round": {"extends": "generic", "shape": "circle", "border": {"color": "#202020", "width": 0.03}},
         "soft": {"extends": "generic", "shape": "rounded", "corner_radius": 0.2,
                  "border": {"color": "#aa0000", "width": 0.05}}}


def _games() -> list:
    games = all_games()
    for name in ROUND:
        units = [dict(u, layout=name) for u in make_game("efb").units]
        games.append(make_game("efb", units, counter_layouts=ROUND))
    return games


def _same(plan: cd.FacePlan, alpha: bool) -> bool:
    want = cd._render_full(plan, alpha=alpha)
    got = cd.render_plan(plan, alpha=alpha)
    again = cd.render_plan(plan, alpha=alpha)  # from the caches this time
    return got.mode == want.mode and got.tobytes() == want.tobytes() == again.tobytes()


def test_every_fixture_face_is_drawn_as_the_whole_face_would_be() -> None:
    for game in _games():
        for unit in game.units:
            unit = with_blank_face(unit)
            for face in faces_of(unit):
                for px in (40, 75, 150, 300):
                    cd.clear_caches()
                    plan = plan_face(game, unit, face, px)
                    for alpha in (False, True):
                        assert _same(plan, alpha), (game.id, unit["id"], face, px, alpha)


def test_shapes_change_no_pixel_outside_their_dirty_blocks() -> None:
    # the premise of drawing only some blocks: every supersampled pixel a shape changes lies in a dirty block
    for game in _games():
        for unit in game.units:
            for face in faces_of(unit):
                for px in (40, 150, 300):
                    plan = plan_face(game, unit, face, px)
                    ss = cd.supersample_factor(px)
                    empty = cd._blank(plan, ss).big
                    big = empty.copy()
                    cd._paint_shapes(RasterDraw(big), plan, ss)
                    changed = ImageChops.difference(big, empty).point(lambda v: 255 if v else 0).convert("1")
                    for x0, y0, x1, y1 in cd._dirty_blocks(plan, ss):
                        ImageDraw.Draw(changed).rectangle((x0, y0, x1 - 1, y1 - 1), fill=0)
                    assert changed.getbbox() is None, (game.id, unit["id"], face, px)


COLOR = st.sampled_from(["#000000", "#ffffff", "#c8102e", "#1f4fb4", None])
COORD = st.floats(-0.3, 1.1)
SIDE = st.floats(0.1, 0.9)


@st.composite
def shapes(draw: st.DrawFn, px: int) -> cd.ShapeItem:
    op = draw(st.sampled_from(["rect", "ellipse", "line", "star", "symbol", "size", "topdown"]))
    x0, y0 = draw(COORD) * px, draw(COORD) * px  # anywhere, reaching past the edges too; big enough to draw
    w, h = draw(SIDE) * px, draw(SIDE) * px
    if op == "symbol":  # the planner's proportions: a 3:2 frame, a size strip 0.26 of its height
        w = h * 1.5
    elif op == "size":
        h = w / 1.5 * 0.26
    x1, y1 = x0 + w, y0 + h
    data: dict = {}
    if op == "symbol":
        data = {"types": draw(st.lists(st.sampled_from(sorted(SYMBOL_TYPES)), min_size=1, max_size=3))}
    elif op == "size":
        data = {"size": draw(st.sampled_from(sorted(SIZE_MARKERS)))}
    elif op == "topdown":
        data = {"kind": draw(st.sampled_from(["tank", "gun", "aircraft", "infantry"]))}
    outline = draw(COLOR) if op not in ("symbol", "size", "topdown") else "#000000"
    return cd.ShapeItem(op, (x0, y0, x1, y1), fill=draw(COLOR) or ("#000000" if op == "line" else None),
                        outline=outline, width=draw(st.floats(0, 0.08)) * px, data=data)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), px=st.sampled_from([24, 57, 100, 150, 241]), shape=st.sampled_from(["square", "rounded",
       "circle"]), border=st.floats(0, 0.1), alpha=st.booleans())
def test_any_shapes_anywhere_are_drawn_as_the_whole_face_would_be(data, px, shape, border, alpha) -> None:
    plan = cd.FacePlan(width=px, height=px, background=data.draw(st.sampled_from(["#e8e2cc", "#5d8a3c"])),
                       shape=shape, radius=data.draw(st.floats(0, 0.5)) * px, border_color="#000000",
                       border_width=border * px)
    plan.shapes = data.draw(st.lists(shapes(px), max_size=5))
    cd.clear_caches()
    assert _same(plan, alpha)


def test_bounded_cache_keeps_the_most_recently_used_within_its_budget() -> None:
    cache = cd.BoundedCache(100)
    for key in "abcd":
        cache.put(key, key.upper(), 25)  # exactly the budget
    assert cache.get("a") == "A"  # "a" is now the most recent
    cache.put("e", "E", 25)  # over budget: the least recently used ("b") goes
    assert [cache.get(k) for k in "abcde"] == ["A", None, "C", "D", "E"]
    cache.put("e", "E2", 10)  # replacing an entry counts its size once
    assert cache.used == 85 and cache.get("e") == "E2"
    cache.put("huge", "H", 26)  # more than a quarter of the budget is not kept
    assert cache.get("huge") is None and cache.used == 85
    cache.clear()
    assert cache.get("a") is None and cache.used == 0
