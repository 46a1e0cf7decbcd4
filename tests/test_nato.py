"""NATO symbols: every type stays inside its frame, size markers have the right number of strokes, at 40-600 px."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from modgen.draw import nato
from modgen.errors import DataError

ALL_TYPES = sorted(nato.DRAWERS) + ["mechanized", "tank_destroyer", "assault_engineer"]


def _ink_bbox(img: Image.Image) -> tuple[int, int, int, int] | None:
    return img.getchannel("A").getbbox()


def _column_runs(img: Image.Image) -> int:
    """Number of separate runs of inked columns: independent count of the strokes/dots drawn side by side."""
    alpha = img.getchannel("A")
    w, h = alpha.size
    px = alpha.load()
    inked = [any(px[x, y] > 60 for y in range(h)) for x in range(w)]
    return sum(1 for x in range(w) if inked[x] and (x == 0 or not inked[x - 1]))


@pytest.mark.parametrize("frame_w", [40, 150, 600])
@pytest.mark.parametrize("type_name", ALL_TYPES)
def test_every_type_stays_inside_its_frame(type_name: str, frame_w: int) -> None:
    fh = frame_w * 2 / 3
    margin = frame_w  # a canvas much larger than the frame, so anything drawn outside it would show
    img = Image.new("RGBA", (frame_w + 2 * margin, round(fh) + 2 * margin), (0, 0, 0, 0))
    box = (margin, margin, margin + frame_w, margin + fh)
    nato.draw_types(ImageDraw.Draw(img), box, [type_name], "#000000")
    ink = _ink_bbox(img)
    assert ink is not None, f"{type_name} drew nothing"
    # getbbox is exclusive at the right/bottom; allow one pixel for Pillow's rounding of wide strokes.
    assert ink[0] >= box[0] - 1 and ink[1] >= box[1] - 1, (type_name, ink, box)
    assert ink[2] <= box[2] + 1 and ink[3] <= box[3] + 1, (type_name, ink, box)


@pytest.mark.parametrize(("size", "strokes"), [
    ("•", 1), ("••", 2), ("•••", 3), ("●●", 2), ("I", 1), ("II", 2), ("III", 3),
    ("XX", 2), ("XXX", 3), ("XXXX", 4), ("battlegroup", 2)])
def test_size_marker_has_one_stroke_per_echelon_sign(size: str, strokes: int) -> None:
    # The battlegroup bracket shows as two vertical legs joined at the top: two column runs only if
    # we look below the bar, so crop away the top third first.
    img = Image.new("RGBA", (300, 60), (0, 0, 0, 0))
    box = (10, 10, 290, 50)
    nato.draw_size(ImageDraw.Draw(img), box, size, "#000000")
    ink = _ink_bbox(img)
    assert ink is not None
    assert ink[0] >= box[0] - 1 and ink[1] >= box[1] - 1 and ink[2] <= box[2] + 1 and ink[3] <= box[3] + 1
    probe = img.crop((0, 30, 300, 60)) if size == "battlegroup" else img
    assert _column_runs(probe) == strokes


def test_single_x_is_one_crossed_stroke() -> None:
    img = Image.new("RGBA", (300, 60), (0, 0, 0, 0))
    nato.draw_size(ImageDraw.Draw(img), (10, 10, 290, 50), "X", "#000000")
    assert _column_runs(img) == 1
    # a cross: ink at the centre and near all four corners of its own bbox
    x0, y0, x1, y1 = _ink_bbox(img)
    a = img.getchannel("A")
    assert a.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) > 100
    assert a.getpixel((x0 + 2, y0 + 2)) > 0 and a.getpixel((x1 - 3, y1 - 3)) > 0


def test_composites_and_aliases_expand() -> None:
    assert nato.elements(["mechanized"]) == ["armour", "infantry"]
    assert nato.elements(["armour", "infantry"]) == nato.elements(["panzergrenadier"])
    assert nato.elements(["artillery", "self_propelled"]) == ["artillery", "armour"]
    assert nato.elements(["artillery", "rocket"]) == ["rocket"]  # the launcher arrows replace the gun dot
    assert nato.elements(["Armored_Recon"]) == ["armour", "recon"]
    assert nato.elements(["flak"]) == ["anti_aircraft"]


def test_unknown_type_and_size_are_data_errors_naming_them() -> None:
    with pytest.raises(DataError, match="'laser'"):
        nato.elements(["laser"])
    with pytest.raises(DataError, match="'IIII'"):
        nato.normalize_size("IIII")
    assert nato.normalize_size("●●●") == "•••"
    assert nato.normalize_size("bg") == "battlegroup"
    assert nato.normalize_size(None) is None
    # hq_level words as the counters schema allows them ("division, corps, army…"), EFB 2.7's echelons
    assert [nato.normalize_size(w) for w in ("company", "Battalion", "regiment", "brigade", "division", "corps",
                                             "army", "task force")] == ["I", "II", "III", "X", "XX", "XXX", "XXXX",
                                                                        "battlegroup"]


def test_combined_symbol_contains_both_elements() -> None:
    """Mechanised = the armour oval plus the infantry cross: its ink is the union of the two."""
    def draw(types: list[str]) -> Image.Image:
        img = Image.new("RGBA", (240, 160), (0, 0, 0, 0))
        nato.draw_types(ImageDraw.Draw(img), (20, 20, 220, 140), types, "#000000")
        return img.getchannel("A")

    both, oval, cross = draw(["mechanized"]), draw(["armour"]), draw(["infantry"])
    for x, y in [(120, 55), (60, 45)]:  # top of the oval; a point on the cross's diagonal
        assert both.getpixel((x, y)) > 0 and (oval.getpixel((x, y)) > 0 or cross.getpixel((x, y)) > 0)
    assert oval.getpixel((60, 45)) == 0 and cross.getpixel((120, 55)) == 0


@pytest.mark.parametrize("width", [40, 600])
def test_render_symbol_is_antialiased_at_all_sizes(width: int) -> None:
    img = nato.render_symbol(["infantry"], "II", width)
    assert img.width == width
    alphas = set(img.getchannel("A").tobytes())
    assert 255 in alphas and any(0 < a < 255 for a in alphas)  # soft edges, not a jagged 1-bit drawing
