"""Trait builders and parsers against real trait strings from the format reference §3.4 (VASSAL-written files)."""

from __future__ import annotations

import pytest

from modgen.vassal import sequence as se
from modgen.vassal import traits as tr


def test_basic_piece_matches_kassala() -> None:
    # [KAS] piece;;;Moslem_Cannon_1-0.png;Moslem_Cannon_1-0 / null;0;0;53;0
    assert tr.basic_piece("Moslem_Cannon_1-0.png", "Moslem_Cannon_1-0") == \
        "piece;;;Moslem_Cannon_1-0.png;Moslem_Cannon_1-0"
    assert tr.basic_piece_state(gpid="53") == "null;0;0;53;0"


def test_basic_piece_state_with_properties_matches_vle() -> None:
    # [VLE] null;0;0;458;1;ppScale;1.0
    assert tr.basic_piece_state(gpid="458", properties={"ppScale": "1.0"}) == "null;0;0;458;1;ppScale;1.0"


def test_delete_matches_kassala() -> None:
    assert tr.delete() == "delete;Delete;68,130;"


def test_marker_matches_fof() -> None:
    # [FOF] mark;Layer / Units
    assert tr.marker({"Layer": "Units"}) == ("mark;Layer", "Units")


def test_report_matches_vle() -> None:
    assert tr.report_state(["57350,0,Report Close Combat"], "$newPieceName$ conducts Close Combat") == \
        "report;57350\\,0\\,Report Close Combat;$newPieceName$ conducts Close Combat;;;;false"


def test_use_prototype_matches_kassala() -> None:
    assert tr.use_prototype("Unit") == "prototype;Unit"


def test_parse_vle_layer() -> None:
    t = tr.parse_trait("emb2;;128;A;;128;;;128;;;57361,0,Fresh;1;false;0;0;deSalles_I_front.png,deSalles_I_back.png;"
                       ",;false;Steps;;;false;;1;1;true;;57355,0,Battleworn;;;1.0;;true", "2")
    assert t.kind == "emb2"
    assert t.extra["name"] == "Steps"
    assert t.extra["images"] == ["deSalles_I_front.png", "deSalles_I_back.png"]
    assert t.extra["level"] == 2


def test_layer_builder_field_positions() -> None:
    t = tr.parse_trait(tr.layer("Face", ["a.png", "b;c.png"]), "1")
    f = t.fields
    assert f[18] == "Face" and t.extra["images"] == ["a.png", "b;c.png"]
    assert f[17] == "true"  # loops
    assert f[24] == "1" and f[25] == "true"  # version 1, always active
    assert f[27] == tr.FLIP_KEY  # increaseKeyStroke
    assert len(f) == 31  # VASSAL 3.6.0 Embellishment.myGetType writes 31 fields


def test_marker_values_with_delimiters_round_trip() -> None:
    props = {"mg_unit": "a,b;c/d", "mg_side": "x'y"}
    t, s = tr.marker(props)
    assert tr.parse_trait(t, s).extra["properties"] == props


def test_marker_refuses_trailing_backslash() -> None:
    with pytest.raises(ValueError, match="backslash"):
        tr.marker({"mg_unit": "bad\\"})


def test_display_text() -> None:
    assert tr.display_text("Inf\\") == "Inf\\ "
    assert tr.display_text("a\tb") == "a b"
    assert tr.display_text("1/A") == "1/A"


def test_piece_definition_round_trip_and_identification() -> None:
    mark_t, mark_s = tr.marker({"mg_unit": "de.5pz/31;I", "mg_game": "minsk44"})
    types = [tr.use_prototype("mg maneuver"), mark_t, tr.layer("Face", ["f.png", "b.png"]),
             tr.basic_piece("f.png", "I/31")]
    states = ["", mark_s, tr.layer_state(2), tr.basic_piece_state(gpid="7")]
    text = tr.piece_definition(types, states)
    assert text.startswith("+/null/prototype;mg maneuver\t")
    d = tr.parse_definition(text)
    assert d.id is None and d.types == types and d.states == states
    assert tr.modgen_properties(d.types, d.states) == {"mg_unit": "de.5pz/31;I", "mg_game": "minsk44"}
    assert tr.face_level(d.types, d.states) == 2
    basic = d.traits()[-1]
    assert basic.extra["name"] == "I/31" and basic.extra["gpid"] == "7" and basic.extra["map"] is None


def test_parse_definition_rejects_non_pieces() -> None:
    with pytest.raises(ValueError):
        tr.parse_definition("CHAT hello")


def test_face_level_absent() -> None:
    assert tr.face_level([tr.basic_piece("a.png", "a")], [tr.basic_piece_state()]) is None


def test_trait_kind() -> None:
    assert tr.trait_kind("stack") == "stack"
    assert tr.trait_kind("mark;x") == "mark"
    assert se.split_traits(se.join_traits(["mark;x", "piece;;;;"])) == ["mark;x", "piece;;;;"]


def test_rotator_field_layout_matches_fof() -> None:
    # [FOF] rotate;2;57425,0,180;;Flip 180 degrees;;;;180;;;;;true — name is the 8th field after the prefix
    fof = se.decode("2;57425,0,180;;Flip 180 degrees;;;;180;;;;;true", ";")
    ours = se.decode(tr.rotator(6)[len("rotate;"):], ";")
    assert len(ours) == len(fof) == 13
    assert fof[7] == "180" and ours[7] == "Facing"
    assert ours[:5] == ["6", tr.ROTATE_CW_KEY, tr.ROTATE_CCW_KEY, "Rotate CW", "Rotate CCW"]
    free = se.decode(tr.rotator(1)[len("rotate;"):], ";")
    assert free[:3] == ["1", tr.ROTATE_KEY, "Rotate"] and free[6] == "Facing"


@pytest.mark.parametrize(("facing", "steps", "state"), [
    (120, 12, "4"), (60, 6, "1"), (0, 6, "0"), (359.9, 6, "0"), (300, 6, "5"),
    (90, 1, "270.0"), (0, 1, "0.0"), (300, 1, "60.0"),
])
def test_rotator_state(facing: float, steps: int, state: str) -> None:
    # stepped: index clockwise; free: VASSAL's counter-clockwise angle (both confirmed by rendering in the engine test)
    assert tr.rotator_state(facing, steps) == state
