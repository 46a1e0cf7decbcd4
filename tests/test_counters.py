"""Counter faces: geometry (text and symbols inside the counter and their boxes, no clipped glyphs), colours,
marks, layout choice and bad input."""

from __future__ import annotations

import copy

import pytest
from fixtures_counters import all_games, make_game
from PIL import Image, ImageChops, ImageDraw

from modgen.draw import counters
from modgen.draw.counters import faces_of, font, plan_face, render_face
from modgen.errors import DataError

FACES = [(g, u, f) for g in all_games() for u in g.units for f in faces_of(u)]
IDS = [f"{g.system_id}:{u['id']}:{f}" for g, u, f in FACES]


@pytest.mark.parametrize("px", [48, 150, 600])
@pytest.mark.parametrize(("game", "unit", "face"), FACES, ids=IDS)
def test_text_is_inside_counter_and_its_box(game, unit, face, px: int) -> None:
    plan = plan_face(game, unit, face, px)
    for t in plan.texts:
        x0, y0, x1, y1 = t.bbox
        assert 0 <= x0 and 0 <= y0 and x1 <= px and y1 <= px, (t.text, t.bbox)
        a = t.area
        assert a[0] - 0.5 <= x0 and a[1] - 0.5 <= y0 and x1 <= a[2] + 0.5 and y1 <= a[3] + 0.5, (t.text, t.bbox, a)


@pytest.mark.parametrize("px", [48, 150])
@pytest.mark.parametrize(("game", "unit", "face"), FACES, ids=IDS)
def test_no_glyph_is_clipped(game, unit, face, px: int) -> None:
    """Draw every text alone on a canvas three times the counter's size, with the counter in the middle: any ink
    outside the middle square would be cut off on the real counter. Independent of the planner's own bboxes."""
    plan = plan_face(game, unit, face, px)
    for t in plan.texts:
        canvas = Image.new("L", (3 * px, 3 * px), 0)
        ImageDraw.Draw(canvas).text((t.xy[0] + px, t.xy[1] + px), t.text, font=font(t.style, t.size), fill=255,
                                    anchor="ls")
        ink = canvas.getbbox()
        assert ink is not None, f"{t.text!r} drew nothing"
        assert px <= ink[0] and px <= ink[1] and ink[2] <= 2 * px and ink[3] <= 2 * px, (t.text, ink)


@pytest.mark.parametrize(("game", "unit", "face"), FACES, ids=IDS)
def test_symbol_frame_and_size_marker_are_inside_the_symbol_box(game, unit, face) -> None:
    plan = plan_face(game, unit, face, 150)
    for s in plan.shapes:
        assert 0 <= s.box[0] <= s.box[2] <= 150 and 0 <= s.box[1] <= s.box[3] <= 150, (s.op, s.box)
    frames = [s for s in plan.shapes if s.op == "symbol"]
    sizes = [s for s in plan.shapes if s.op == "size"]
    for size in sizes:  # the size marker sits directly above its frame, within the frame's width
        frame = frames[0]
        assert size.box[3] <= frame.box[1] and frame.box[0] <= size.box[0] and size.box[2] <= frame.box[2]
        assert frame.box[1] - size.box[3] < 0.1 * (frame.box[3] - frame.box[1])


def test_efb_maneuver_front_prints_bracketed_attack_defense_movement() -> None:
    game = make_game("efb")
    plan = plan_face(game, game.unit("de.31.I"), "front", 150)
    assert [t.text for t in plan.texts] == ["I/31", "[7]", "-", "5", "-", "8"]
    values = [t for t in plan.texts if t.text in ("[7]", "5", "8")]
    assert values[0].bbox[2] < values[1].bbox[0] < values[2].bbox[0]  # left to right
    assert len({t.size for t in values}) == 1  # one font size for the row


def test_untried_back_prints_question_mark_instead_of_values() -> None:
    game = make_game("efb")
    texts = [t.text for t in plan_face(game, game.unit("de.31.I"), "back", 150).texts]
    assert "?" in texts and not {"[7]", "5", "8"} & set(texts)


def test_artillery_prints_two_rows_with_unlimited_range() -> None:
    game = make_game("efb")
    plan = plan_face(game, game.unit("su.art"), "front", 150)
    by = {t.text: t for t in plan.texts if t.text != "-"}
    assert by["6"].bbox[3] < by["2"].bbox[1]  # barrage row above defense row
    assert "U" in by and abs(by["U"].bbox[3] - by["6"].bbox[3]) < 1  # same baseline as barrage


def test_formation_colours_fill_the_background_and_the_symbol() -> None:
    game = make_game("efb")
    img = render_face(game, game.unit("su.hq"), "front", 150)
    form = next(f for f in game.manifest["formations"] if f["id"] == "3gtc")
    bg = tuple(int(form["background"][i:i + 2], 16) for i in (1, 3, 5))
    assert img.getpixel((8, 75)) == bg  # left edge, inside the border, clear of everything else
    plan = plan_face(game, game.unit("su.hq"), "front", 150)
    assert next(s for s in plan.shapes if s.op == "symbol").outline == form["symbol_color"]
    assert {t.color for t in plan.texts} == {form["text_color"]}


def test_face_colour_overrides_background() -> None:
    game = make_game("efb")
    img = render_face(game, game.unit("marker.ooc"), "front", 100)
    assert img.getpixel((5, 50)) == (0xF0, 0xD0, 0x00)


def test_tis_artillery_range_sits_in_a_red_square() -> None:
    game = make_game("tis")
    plan = plan_face(game, game.unit("gb.art"), "front", 150)
    afr = next(t for t in plan.texts if t.text == "6")
    square = next(s for s in plan.shapes if s.op == "rect" and s.fill == "#c8102e")
    assert square.box[0] < afr.bbox[0] and afr.bbox[2] < square.box[2]
    assert square.box[1] < afr.bbox[1] and afr.bbox[3] < square.box[3]
    assert afr.color.lower() == "#ffffff"
    assert sum(1 for s in plan.shapes if s.op == "star") == 1  # one yellow star


def test_coh_turret_circles_fire_cost_and_open_top_boxes_flank_defence() -> None:
    game = make_game("coh")
    tiger = plan_face(game, game.unit("ger.tiger"), "front", 150)
    cost = next(t for t in tiger.texts if t.text == "3")
    circle = next(s for s in tiger.shapes if s.op == "ellipse")
    assert circle.box[0] < cost.bbox[0] and cost.bbox[2] < circle.box[2]
    marder = plan_face(game, game.unit("ger.marder"), "front", 150)
    flank = next(t for t in marder.texts if t.text == "12")
    box = next(s for s in marder.shapes if s.op == "rect" and s.outline == counters.MARK_COLORS["red"])
    assert box.box[0] < flank.bbox[0] and flank.bbox[2] < box.box[2] and box.fill == "#ffffff"
    assert not any(s.op == "ellipse" for s in marder.shapes)  # no turret on a Marder
    reds = {t.text: t.color for t in tiger.texts}
    assert reds["6"] == counters.MARK_COLORS["red"] and reds["12"] == counters.MARK_COLORS["blue"]


def test_coh_spent_side_repeats_front_values_under_a_spent_band() -> None:
    game = make_game("coh")
    texts = [t.text for t in plan_face(game, game.unit("ger.tiger"), "spent", 150).texts]
    assert "SPENT" in texts and "18" in texts and "15" in texts


def test_fow_team_prints_name_armour_and_ratings() -> None:
    game = make_game("fow")
    texts = [t.text for t in plan_face(game, game.unit("us.sherman"), "front", 150).texts]
    assert texts[0] == "M4A1 Sherman" and "6" in texts and "4+" in texts and "Save 3+" not in texts
    inf = [t.text for t in plan_face(game, game.unit("us.rifle"), "front", 150).texts]
    assert "Save 3+" in inf


def test_rendering_is_a_pure_function() -> None:
    game = make_game("coh")
    a = render_face(game, game.unit("ger.tiger"), "front", 120)
    b = render_face(make_game("coh"), make_game("coh").unit("ger.tiger"), "front", 120)
    assert a.size == (120, 120) and ImageChops.difference(a, b).getbbox() is None


def test_faces_in_flip_order_front_first() -> None:
    unit = {"id": "u", "faces": {"spent": {"kind": "spent"}, "front": {"kind": "blank"}, "back": {"kind": "blank"}}}
    assert faces_of(unit) == ["front", "spent", "back"]
    with pytest.raises(DataError, match="'front'"):
        faces_of({"id": "u", "faces": {"back": {"kind": "blank"}}})


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda u: u["symbol"].update(types=["laser"]), "'laser'"),
    (lambda u: u.update(layout="nope"), "unknown counter layout 'nope'"),
    (lambda u: u["faces"].update(front="7-5-8"), "must be an object"),
    (lambda u: u["faces"]["front"].update(values=[7, 5, 8]), "values must be an object"),
    (lambda u: u["faces"]["front"].update(marks={"attack": "bracketed"}), "marks must be"),
    (lambda u: u.update(symbol="armour"), "symbol must be an object"),
    (lambda u: u["symbol"].update(types="armour"), "symbol must be an object"),
])
def test_bad_unit_data_is_a_data_error(mutate, message: str) -> None:
    unit = copy.deepcopy(make_game("efb").unit("de.31.I"))
    mutate(unit)
    with pytest.raises(DataError, match=message):
        plan_face(make_game("efb", [unit]), unit, "front", 150)


def test_bad_face_and_size_are_data_errors() -> None:
    game = make_game("efb")
    with pytest.raises(DataError, match="no face 'reduced'"):
        plan_face(game, game.unit("de.31.I"), "reduced", 150)
    with pytest.raises(DataError, match="too small"):
        plan_face(game, game.unit("de.31.I"), "front", 8)


def test_rounded_counters_leave_their_corners_blank() -> None:
    """CoH counters are rounded: the value panels that run to the edge must not fill the cut-away corners."""
    game = make_game("coh")
    img = render_face(game, game.unit("ger.marder"), "front", 150)
    for corner in [(0, 0), (149, 0), (0, 149), (149, 149), (1, 147)]:
        assert img.getpixel(corner) == (255, 255, 255), corner
    assert img.getpixel((75, 149)) != (255, 255, 255)  # the edge between the corners is the border


def test_gallery_covers_every_builtin_layout_and_symbol() -> None:
    from modgen.draw import gallery, nato
    from modgen.draw.layouts import builtin_layouts

    assert {name for name, _ in gallery.SAMPLES} == set(builtin_layouts())
    img = gallery.layout_gallery(60)
    assert img.width > 60 * 8
    sym = gallery.symbol_gallery(40)
    expected = len(nato.DRAWERS) - 1 + len(gallery.COMBINED) + len(nato.SIZE_MARKERS)
    rows = -(-expected // 10)
    assert sym.height > rows * 40 * 2 / 3


def test_long_marker_text_wraps_onto_two_lines_that_do_not_overlap() -> None:
    game = make_game("coh")
    plan = plan_face(game, game.unit("vhit.gun"), "front", 150)
    big = [t for t in plan.texts if t.area == plan.texts[0].area]
    assert [t.text for t in big] == ["Gun Damaged", "(red)"]
    assert big[0].bbox[3] < big[1].bbox[1]  # first line entirely above the second
    single = font("bold", big[0].size).getbbox("Gun Damaged (red)")
    assert single[2] - single[0] > big[0].area[2] - big[0].area[0]  # on one line at this size it would not fit


def test_text_without_an_explicit_colour_contrasts_with_the_face_it_is_printed_on() -> None:
    dark = {"dark": {"extends": "generic-marker", "background": "#101010"}}
    game = make_game("efb", counter_layouts=dark)
    marker = dict(game.unit("marker.supp"), layout="dark")
    assert {t.color for t in plan_face(game, marker, "front", 100).texts} == {"#ffffff"}
    yellow = make_game("efb").unit("marker.ooc")  # a yellow face: black text
    assert {t.color for t in plan_face(make_game("efb"), yellow, "front", 100).texts} == {"#000000"}
    # a formation's own text colour is the designer's choice and stays
    hq = plan_face(game, game.unit("su.hq"), "front", 100)
    assert {t.color for t in hq.texts} == {"#ffffff"}


def test_face_artwork_fills_the_face_and_missing_art_is_a_data_error(tmp_path) -> None:
    from pathlib import Path

    from modgen.data.model import Game

    art = Image.new("RGB", (300, 150), "#0000ff")
    art.paste((255, 0, 0), (0, 0, 150, 150))  # the centred square crop (x 75-225) is half red, half blue
    (tmp_path / "art").mkdir()
    art.save(tmp_path / "art" / "tiger.png")
    unit = {"id": "t", "kind": "unit", "side": "german", "class": "x", "layout": "generic",
            "faces": {"front": {"kind": "values", "values": {"attack": 1}, "image": "art/tiger.png"},
                      "back": {"kind": "blank"}}}
    game = make_game("xyz", [unit])
    game = Game(path=tmp_path / "games" / "xyz.json", manifest=game.manifest, counters_doc=game.counters_doc,
                files={"counters": Path(tmp_path / "counters.json")})  # artwork must lie in the workspace
    img = render_face(game, unit, "front", 80)
    assert img.getpixel((12, 40)) == (255, 0, 0) and img.getpixel((60, 40)) == (0, 0, 255)
    assert [t.text for t in plan_face(game, unit, "front", 80).texts] == []  # art replaces the layout
    unit["faces"]["front"]["image"] = "art/missing.png"
    with pytest.raises(DataError, match="missing.png"):
        plan_face(game, unit, "front", 80)


def test_star_and_underline_marks_draw_next_to_and_under_their_value() -> None:
    unit = copy.deepcopy(make_game("efb").unit("de.14pzg"))
    unit["faces"]["front"]["marks"] = {"attack": ["star", "red"], "movement": ["underlined"]}
    game = make_game("efb", [unit])
    plan = plan_face(game, unit, "front", 150)
    attack = next(t for t in plan.texts if t.text == "5")
    move = next(t for t in plan.texts if t.text == "7")
    star = next(s for s in plan.shapes if s.op == "star")
    line = next(s for s in plan.shapes if s.op == "line")
    assert attack.color == counters.MARK_COLORS["red"] and star.fill == attack.color
    assert star.box[0] >= attack.bbox[2] and star.box[1] < attack.bbox[3]  # after the value, beside it
    dash = [t for t in plan.texts if t.text == "-"]
    assert star.box[2] <= dash[0].bbox[0]  # and before the separator
    assert line.box[1] > move.bbox[3] - 1 and line.box[0] <= move.bbox[0] + 1 and line.box[2] >= move.bbox[2] - 1


def test_hq_level_word_prints_the_size_marker() -> None:
    unit = copy.deepcopy(make_game("efb").unit("su.hq"))
    unit["symbol"] = {"types": ["hq"], "hq_level": "corps"}
    plan = plan_face(make_game("efb", [unit]), unit, "front", 150)
    assert next(s for s in plan.shapes if s.op == "size").data["size"] == "XXX"
    unit["symbol"] = {"types": ["hq"], "size": "IIII"}
    with pytest.raises(DataError, match="IIII"):
        plan_face(make_game("efb", [unit]), unit, "front", 150)


def test_alpha_rendering_makes_rounded_corners_transparent() -> None:
    game = make_game("coh")
    img = render_face(game, game.unit("ger.marder"), "front", 150, alpha=True)
    assert img.mode == "RGBA"
    assert img.getpixel((0, 0))[3] == 0 and img.getpixel((149, 149))[3] == 0
    assert img.getpixel((75, 75))[3] == 255 and img.getpixel((75, 0))[3] == 255
    square = render_face(make_game("efb"), make_game("efb").unit("de.31.I"), "front", 150, alpha=True)
    assert square.getchannel("A").getextrema() == (255, 255)  # square counters are fully opaque
    rgb = render_face(game, game.unit("ger.marder"), "front", 150)
    assert ImageChops.difference(img.convert("RGB").crop((20, 20, 130, 130)), rgb.crop((20, 20, 130, 130))).getbbox() \
        is None


def test_star_count_must_be_a_whole_number() -> None:
    unit = copy.deepcopy(make_game("tis").unit("de.ss.pz"))
    unit["faces"]["front"]["values"]["black_stars"] = "two"
    with pytest.raises(DataError, match="black_stars must be a whole number"):
        plan_face(make_game("tis", [unit]), unit, "front", 100)


def test_generic_layout_prints_every_value_in_data_order() -> None:
    unit = {"id": "z", "kind": "unit", "side": "german", "class": "x", "symbol": {"types": ["infantry"]},
            "faces": {"front": {"kind": "values", "values": {"fire": 3, "range": "U", "skip": None, "morale": 7}}}}
    game = make_game("xyz", [unit])
    texts = [t.text for t in plan_face(game, unit, "front", 150).texts]
    assert texts == ["3", "-", "U", "-", "7"]
