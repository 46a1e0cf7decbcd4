"""Reader: pieces, stacks and the visitor stream from hand-assembled saves and logs."""

from __future__ import annotations

import pytest
from vassal_logs import E, add, log_text, piece, save_text, stack, tiny_game, vsav

from modgen.errors import ArchiveError, LogFormatError
from modgen.vassal import reader as R
from modgen.vassal.adapter import locator_for
from modgen.vassal.obfuscation import obfuscate


def setup_text():
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet", faces=("front", "reduced"), face=2)
    tc, sc = piece("103", "Tree", None, 0, 0)
    return save_text([add("101", ta, sa), add("102", tb, sb), add("103", tc, sc),
                      stack("201", "main", 194, 350, "101"), stack("202", "main", 367, 550, "102")],
                     ["PLAYER\tsecret\tAlice\tGerman", "mainBoardPicker\tmain\t0\t0", "SETUP_STACK\t",
                      "TURNTurnTracker0\t0|1;0;false;-1"])


def record(data, **kw):
    rec = R.Recorder()
    state = R.read(data, rec, **kw)
    return rec.events, state


def test_saved_state_pieces_and_stacks():
    events, state = record(vsav(setup_text()))
    adds = [e for e in events if e["event"] == "add"]
    assert [(e["piece"]["name"], e["piece"].get("unit"), e["at"]["map"], e["at"]["x"], e["at"]["y"]) for e in adds] == [
        ("A", "de.a", "main", 194, 350), ("B", "su.b", "main", 367, 550), ("Tree", None, None, 0, 0)]
    assert all(e["setup"] and e["step"] is None for e in adds)
    assert adds[1]["layers"] == {"Face": 2}
    assert state.stacks["201"].members == ["101"] and state.pieces["101"].stack == "201"
    assert state.pieces["101"].props == {"mg_unit": "de.a", "mg_game": "tiny", "mg_side": "german"}
    kinds = [e["event"] for e in events]
    assert kinds[0] == "begin" and "end_setup" in kinds and "player" in kinds and "turn" in kinds
    assert events[0]["module"] == "tiny"


def test_hex_labels_with_a_locator():
    events, _ = record(vsav(setup_text()), locator=locator_for(tiny_game()))
    adds = [e for e in events if e["event"] == "add"]
    assert [e["at"].get("hex") for e in adds] == ["0203", "0405", None]


def test_plain_and_bare_and_obfuscated_inputs_agree():
    text = setup_text()
    a, _ = record(vsav(text, obfuscated=True))
    b, _ = record(vsav(text, obfuscated=False))
    c, _ = record(obfuscate(text))
    d, _ = record(text.encode())
    strip = lambda evs: [e for e in evs if e["event"] != "begin"]  # noqa: E731
    assert strip(a) == strip(b) == strip(c) == strip(d)


def log_with_steps():
    tb2, sb2 = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet", faces=("front", "reduced"), face=1)
    _, sb_old = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet", faces=("front", "reduced"), face=2)
    steps = [
        ["M/101/main/281/300/null/main/194/350/null/alice", stack("203", "main", 281, 300, "101"),
         "CHAT* A moves 0203 &rarr; 0303 *"],
        ["D/102/" + sb2.replace("/", "\\/") + "/" + sb_old.replace("/", "\\/")],
        ["CHAT&lt;Alice&gt; - !attack 0303 -> 0405 mobile"],
        ["CHAT*** German rolled 1d6 [1d6]: 4 ***"],
        ["UNDO\ttrue", "M/101/main/194/350/null/main/281/300/null/alice", "CHAT* UNDO: move", "UNDO\tfalse"],
        ["TURNTurnTracker0\t0|2;0;false;-1"],
        ["-/102"],
        ["GlobalProperty\t;VP;3;Module", "MutableProperty\t1d6_result\t4\t6\tModule"],
        ["XYZZY\tstrange"],
    ]
    return log_text(setup_text(), steps)


def test_log_steps_in_order():
    events, state = record(vsav(log_with_steps()), locator=locator_for(tiny_game()))
    after = [e for e in events if e.get("step") is not None and e["event"] != "step"]
    summary = [(e["step"], e["event"]) for e in after]
    assert summary == [(1, "move"), (1, "chat"), (2, "change"), (3, "chat"), (4, "chat"), (4, "dice"),
                       (5, "undo"), (5, "move"), (5, "chat"), (5, "undo"), (6, "turn"), (7, "remove"),
                       (8, "property"), (8, "property"), (9, "warning")]
    move = after[0]
    assert move["from"] == {"map": "main", "x": 194, "y": 350, "hex": "0203"}
    assert move["to"] == {"map": "main", "x": 281, "y": 300, "hex": "0303"}
    assert after[1]["text"] == "* A moves 0203 → 0303 *"
    assert after[2]["changes"] == [{"kind": "layer", "name": "Face", "old": 2, "new": 1}]
    assert (after[3]["player"], after[3]["text"]) == ("Alice", "!attack 0303 -> 0405 mobile")
    assert after[5] == {**after[5], "dice": "1d6", "name": "1d6", "results": [4], "side": "German"}
    assert after[7]["undo"] is True
    assert after[10]["values"] == [2]
    assert (after[12]["name"], after[12]["old"], after[12]["new"]) == ("VP", None, "3")
    assert (after[13]["old"], after[13]["new"]) == ("4", "6")
    assert "unknown command 'XYZZY\\tstrange'" in after[14]["message"]
    assert after[14]["offset"] > 0
    assert "102" not in state.pieces and state.pieces["101"].location.hex == "0203"


def test_stack_move_moves_every_member():
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 194, 350, unit="su.b")
    text = log_text(save_text([add("101", ta, sa), add("102", tb, sb), stack("201", "main", 194, 350, "101", "102")]),
                    [["M/201/main/281/300/null/main/194/350/null/p"]])
    events, _ = record(text.encode())
    moves = [e for e in events if e["event"] == "move"]
    assert [(m["piece"]["id"], m["to"]["x"]) for m in moves] == [("101", 281), ("102", 281)]


def test_merge_into_stack_with_under_id():
    ta, sa = piece("101", "A", "main", 194, 350)
    tb, sb = piece("102", "B", "main", 281, 300)
    text = log_text(save_text([add("101", ta, sa), add("102", tb, sb), stack("201", "main", 194, 350, "101"),
                               stack("202", "main", 281, 300, "102")]),
                    [["M/102/main/194/350/101/main/281/300/null/p"]])
    _, state = record(text.encode())
    assert state.stacks["201"].members == ["101", "102"]
    assert state.stacks["202"].members == []


@pytest.mark.parametrize("text,msg", [
    ("M/1/main/0/0/null/main/0/0/null/p", "move of unknown piece 1"),
    ("-/77", "removal of unknown piece 77"),
    ("D/5/x", "change of unknown piece 5"),
])
def test_unknown_piece_ids_warn(text, msg):
    events, _ = record(log_text(save_text([]), [[text]]).encode())
    assert any(e["event"] == "warning" and msg in e["message"] for e in events)


def test_dice_formats():
    ours = R.parse_dice("*** Soviet rolled 2d6 [2d6]: 3,5 ***")
    assert (ours.n, ours.sides, ours.name, ours.results, ours.side) == (2, 6, "2d6", [3, 5], "Soviet")
    default = R.parse_dice("*** 2d6 = 3,4 *** <Alice>")
    assert (default.n, default.sides, default.results) == (2, 6, [3, 4])
    old = R.parse_dice("*** d6 = 2 *** <Joel>")  # [TLD] VASSAL 2.9 log line
    assert (old.n, old.sides, old.results) == (1, 6, [2])
    assert R.parse_dice("* A moves 0203 -> 0303 *") is None


def test_not_a_save():
    with pytest.raises(LogFormatError, match="not a VASSAL saved game or log"):
        R.read(b"hello", R.Visitor())


def test_module_archive_is_not_a_save():
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("buildFile.xml", "<x/>")
    with pytest.raises(ArchiveError, match="a module, not a saved game"):
        R.read(buf.getvalue(), R.Visitor())


def test_bad_hex_inside_zip_names_entry_and_byte():
    from vassal_logs import zip_bytes
    with pytest.raises(LogFormatError, match=r"savedGame: byte 9: expected a hex digit"):
        R.read(zip_bytes(b"!VCSK0140zz"), R.Visitor(), name="game.vlog")


def test_escaped_text_survives_in_chat():
    text = log_text(save_text([]), [["CHAT&lt;Bob&gt; - a/b;c\\d 'q'"]])
    events, _ = record(text.encode())
    chat = next(e for e in events if e["event"] == "chat")
    assert (chat["player"], chat["text"]) == ("Bob", "a/b;c\\d 'q'")


def test_top_level_token_offsets_point_at_the_command():
    text = log_text(save_text([]), [["CHATx"], ["XYZZY"]])
    events, _ = record(text.encode())
    warn = next(e for e in events if e["event"] == "warning")
    assert text[warn["offset"]:].startswith("LOG\tXYZZY")
    assert E not in text[warn["offset"]:]


def test_stack_listed_before_its_piece():
    # Seen in a real VASSAL 3.2.17 save ([JSPY] test/Campaign-180907.vsav): the stack's AddPiece precedes its member.
    ta, sa = piece("101", "A", "main", 0, 0)
    events, state = record(save_text([stack("201", "main", 107, 108, "101"), add("101", ta, sa)]).encode())
    assert not [e for e in events if e["event"] == "warning"]
    assert state.pieces["101"].stack == "201"
    assert (state.pieces["101"].location.x, state.pieces["101"].location.y) == (107, 108)


def test_stack_member_never_added_warns():
    events, _ = record(save_text([stack("201", "main", 1, 2, "999")]).encode())
    assert any("lists piece 999, which is never added" in e.get("message", "") for e in events)


def test_los_thread_command_is_known():
    # [TLD] game/0611-1.log holds LOS thread commands (VASSAL LOS_Thread.LOS_THREAD_COMMAND = "LOS\t")
    events, _ = record(log_text(save_text([]), [["LOS\tLOS_Thread0\t4529\t1956\t4782\t1822\tfalse"]]).encode())
    assert not [e for e in events if e["event"] == "warning"]


def _undo_case(second_step):
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    first = ["M/101/main/281/300/null/main/194/350/null/p", stack("203", "main", 281, 300, "101")]
    text = log_text(save_text([add("101", ta, sa), stack("201", "main", 194, 350, "101")]), [first, second_step])
    events, _ = record(text.encode())
    return [(e["event"], e.get("start"), e.get("undo")) for e in events if e.get("step") == 2]


def test_pre_37_undo_is_spotted_from_inverse_commands():
    # VASSAL 3.6 BasicLogger.undo logs lastOutput.getUndoCommand() with no UNDO brackets: the inverse of the drop
    # (remove the new stack, move back), in reverse order — as the real 3.6.0 engine wrote it (test_reader_engine).
    assert _undo_case(["-/203", "M/101/main/194/350/null/main/281/300/null/p"]) == [
        ("step", None, None), ("undo", True, True), ("move", None, True), ("undo", False, None)]


def test_dragging_back_by_hand_is_not_an_undo():
    # a human drag back makes a new stack, not a stack removal
    assert _undo_case(["M/101/main/194/350/null/main/281/300/null/p", stack("204", "main", 194, 350, "101")]) == [
        ("step", None, None), ("move", None, None)]


@pytest.mark.parametrize("level_names,level,name", [
    (["", "+ (reduced)"], 2, "Panzer (reduced)"),   # "+x": appended (Embellishment.getName)
    (["Elite +", ""], 1, "Elite Panzer"),          # "x+": prefixed
    (["Tiger", ""], 1, "Tiger"),                    # no '+': replaces
    (["", "+ (reduced)"], 1, "Panzer"),             # empty level name: unchanged
    (["", "+ (reduced)"], -2, "Panzer"),            # inactive layer: unchanged
])
def test_piece_name_as_vassal_shows_it(level_names, level, name):
    from vassal_logs import layer_type

    from modgen.vassal import sequence as se

    t = se.join_traits([layer_type("Steps", level_names), "piece;;;p.png;Panzer"])
    s = se.join_traits([str(level), "null;0;0;1;0"])
    assert R.decode_piece("1", t, s).name == name


@pytest.mark.parametrize("rotator_type,state,facing", [
    ("rotate;1;82,130;Rotate;;;Facing;Facing;;;;false", "270.0", 90.0),   # free: VASSAL angle counter-clockwise
    ("rotate;1;82,130;Rotate;;;Facing;Facing;;;;false", "0.0", 0.0),
    ("rotate;6;93,130;91,130;CW;CCW;;;Facing;Facing;;;;false", "1", 60.0),  # stepped: index * 360/n clockwise
    ("rotate;12;93,130;91,130;CW;CCW;;;Facing;Facing;;;;false", "7", 210.0),
    ("rotate;6;93,130;91,130;CW;CCW;;;Facing;Facing;;;;false", "x", None),
])
def test_facing_from_the_rotator(rotator_type, state, facing):
    from modgen.vassal import sequence as se

    t = se.join_traits([rotator_type, "piece;;;p.png;P"])
    s = se.join_traits([state, "null;0;0;1;0"])
    assert R.decode_piece("1", t, s).facing == facing
