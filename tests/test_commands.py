"""Command grammar: hand-written strings for every prefix in the format reference (vassal-format.md §4.3-4.4).

Expected trees are written by hand from VASSAL's encoders (BasicCommandEncoder, Chatter, BasicLogger, PlayerRoster,
BoardPicker, TurnTracker, GlobalProperty, ChangePropertyCommandEncoder, SetupStack), not produced by this code.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from modgen.errors import LogFormatError
from modgen.vassal import commands as C

E = "\x1b"


def leaf(s):
    return C.decode(s)


def test_add_piece():
    c = leaf("+/1648473853373/clone;Clone;67,130;\tpiece;;;X.png;X/\tnull;0;0;53;0")
    assert c == C.AddPiece("1648473853373", "clone;Clone;67,130;\tpiece;;;X.png;X", "\tnull;0;0;53;0")
    assert not c.is_stack


def test_add_piece_null_id_and_escaped_slash():
    # "De Salles / I Corps" is written with the / escaped (vassal-format.md §3.1, [VLE]).
    c = leaf("+/null/piece;;;a.png;De Salles \\/ I Corps/null;0;0;1;0")
    assert c == C.AddPiece(None, "piece;;;a.png;De Salles / I Corps", "null;0;0;1;0")
    assert c.leaf() == "+/null/piece;;;a.png;De Salles \\/ I Corps/null;0;0;1;0"


def test_add_stack():
    c = leaf("+/1648473853372/stack/Main Map;734;718;1648473853369;1648473853370;@@-1")
    assert c.is_stack and c.state == "Main Map;734;718;1648473853369;1648473853370;@@-1"


def test_remove_piece():
    assert leaf("-/123") == C.RemovePiece("123")
    assert C.RemovePiece("123").leaf() == "-/123"


def test_change_piece_with_and_without_old_state():
    assert leaf("D/9/new\tst/old") == C.ChangePiece("9", "new\tst", "old")
    assert leaf("D/9/new") == C.ChangePiece("9", "new", None)
    assert C.ChangePiece("9", "a/b", None).leaf() == "D/9/a\\/b"


def test_move_piece_real_tld_string():
    # [TLD] game log (VASSAL 2.9.8), quoted in vassal-format.md §4.5
    c = leaf("M/1168285239254/Normandy/1532/1504/null/Normandy/1477/1536/1168285238620/foo")
    assert c == C.MovePiece("1168285239254", "Normandy", 1532, 1504, None, "Normandy", 1477, 1536,
                            "1168285238620", "foo")
    assert c.leaf() == "M/1168285239254/Normandy/1532/1504/null/Normandy/1477/1536/1168285238620/foo"


def test_move_piece_off_map_and_without_player():
    c = leaf("M/7/null/0/0/null/Main/10/20/null")
    assert c.new_map is None and c.player is None and c.old_x == 10


def test_move_piece_bad_number_is_clear_error():
    with pytest.raises(LogFormatError, match="bad x 'ten'"):
        leaf("M/7/Main/ten/0/null/Main/10/20/null/p")


def test_move_piece_too_few_fields():
    with pytest.raises(LogFormatError, match="3 of 10 fields"):
        leaf("M/7/Main/1")


def test_chat():
    assert leaf("CHAT&lt;Alice&gt; - hello") == C.Chat("&lt;Alice&gt; - hello")
    assert leaf("CHAT") == C.Chat("")


def test_undo_brackets():
    assert leaf("UNDO\ttrue") == C.Undo(True)
    assert leaf("UNDO\tfalse") == C.Undo(False)


def test_begin_end_save_setup_stack():
    assert leaf("begin_save") == C.BeginSave()
    assert leaf("end_save") == C.EndSave()
    assert leaf("SETUP_STACK\t") == C.SetupStackDone()
    assert leaf("") == C.NullCommand()


def test_player_and_remove():
    c = leaf("PLAYER\tpex-japt-girt\tWilliam\t<observer>")
    assert c == C.Player("pex-japt-girt", "William", "<observer>")
    assert c.leaf() == "PLAYER\tpex-japt-girt\tWilliam\t<observer>"
    assert leaf("PYREMOVE\tabc") == C.PlayerRemove("abc")


def test_board_picker_single_and_multi_and_reversed():
    assert leaf("Main MapBoardPicker\tKassala\t0\t0") == C.BoardPicker("Main Map", [("Kassala", False, 0, 0)])
    c = leaf("Scenario CardBoardPicker\tA3R Germany Campaign\t0\t0\tA3R Britain Campaign/rev\t0\t1")
    assert c == C.BoardPicker("Scenario Card", [("A3R Germany Campaign", False, 0, 0),
                                                 ("A3R Britain Campaign", True, 0, 1)])
    assert c.leaf() == "Scenario CardBoardPicker\tA3R Germany Campaign\t0\t0\tA3R Britain Campaign/rev\t0\t1"


def test_turn_tracker():
    c = leaf("TURNTurnTracker0\t0|1;0;false;10")
    assert c == C.Turn("TurnTracker0", "0|1;0;false;10")
    assert c.values() == [1]
    assert c.leaf() == "TURNTurnTracker0\t0|1;0;false;10"


def test_turn_tracker_nested_levels():
    # Counter turn 3 whose current sub-level (index 0) is a List at index 2: the sub state is ;-escaped once.
    c = leaf("TURNTurnTracker0\t0|3;0;false;-1;2\\;0\\;0\\;true,true,true")
    assert c.values() == [3, 2]


def test_global_property():
    c = leaf("GlobalProperty\t;VP German;12;Module")
    assert c == C.GlobalProperty("VP German", "12", "Module")
    assert c.leaf() == "GlobalProperty\t;VP German;12;Module"


def test_mutable_property():
    c = leaf("MutableProperty\t1d6_result\t3\t5\tModule")
    assert c == C.MutableProperty("1d6_result", "3", "5", "Module")
    assert c.leaf() == "MutableProperty\t1d6_result\t3\t5\tModule"


@pytest.mark.parametrize("s", ["NOTES\tsome notes", "PNOTES\tx", "UNMASK\tnull", "DECK\tfoo", "SPP\tk\tv",
                               "CHECK\trunningVassalVersion<2.9.8\tALERT\\\tVersion mismatch.", "EXT\tx.vext"])
def test_other_known_prefixes_kept_verbatim(s):
    c = leaf(s)
    assert isinstance(c, C.Other) and c.leaf() == s


def test_unknown_prefix_kept():
    c = leaf("XYZZY\tfoo")
    assert c == C.Unknown("XYZZY\tfoo")


def test_nested_save_tree_by_hand():
    # Level-1 ESC is written "\<ESC>", level-2 "\\<ESC>" (each level escapes the delimiter once more).
    s = ("begin_save" + E + E + "\\" + E + "+/1/piece;;;a.png;A/null;0;0;5;0" + "\\" + E
         + "+/2/stack/Main;10;20;1;@@-1" + E + "Main MapBoardPicker\tBoard\t0\t0" + E + "end_save")
    t = C.decode(s)
    assert isinstance(t, C.BeginSave)
    kinds = [type(c).__name__ for c in t.walk()]
    assert kinds == ["BeginSave", "NullCommand", "NullCommand", "AddPiece", "AddPiece", "BoardPicker", "EndSave"]
    container = t.children[1]
    assert [c.id for c in container.children] == ["1", "2"]
    assert C.encode(t) == s


def test_nested_log_step_with_subcommands_and_escaped_text():
    # One step: LOG\t<move> with two logged sub-commands, appended after the saved state, so one level down:
    # its separators are written "\<ESC>". The chat text contains a backslash and a slash (not escaped for ESC).
    step = ("LOG\tM/1/Main/5/6/null/Main/10/20/null/p" + E + "LOG\t+/9/stack/Main;5;6;1;@@-1"
            + E + "LOG\tCHAT* A \\ B / C moves")
    s = "begin_save" + E + "end_save" + E + step.replace(E, "\\" + E)
    assert s.count("\\" + E) == 2
    top = C.decode(s)
    t = top.children[1]
    assert isinstance(t, C.Log) and isinstance(t.logged, C.MovePiece)
    walked = [type(c).__name__ for c in t.walk()]
    assert walked == ["Log", "MovePiece", "Log", "AddPiece", "Log", "Chat"]
    assert t.children[1].logged == C.Chat("* A \\ B / C moves")
    assert C.encode(top) == s


def test_log_of_a_composite_payload():
    # A LOG payload may itself be composite (its own escaped ESC inside the leaf): decoded recursively.
    inner = "CHATa" + E + "CHATb"
    s = "LOG\t" + inner.replace(E, "\\" + E)
    top = C.decode("x" + E + s.replace(E, "\\" + E))
    log = top.children[0]
    assert isinstance(log, C.Log)
    assert [type(c).__name__ for c in log.walk()] == ["Log", "Chat", "Chat"]


def test_undo_step_in_log():
    s = "LOG\tUNDO\ttrue" + E + "LOG\tM/1/Main/10/20/null/Main/5/6/null/p" + E + "LOG\tUNDO\tfalse"
    t = C.decode(s)
    assert [type(c).__name__ for c in t.walk()] == ["Log", "Undo", "Log", "MovePiece", "Log", "Undo"]


def test_quoted_token_round_trip():
    # A token starting with a backslash is wrapped in quotes by SequenceEncoder (§3.3 rule 4).
    cmd = C.Chat("\\weird")
    s = C.encode(C.BeginSave(children=[cmd]))
    assert s == "begin_save" + E + "'CHAT\\weird'" or s == "begin_save" + E + "CHAT\\weird"
    assert C.decode(s).children[0] == cmd


def test_top_level_offsets():
    t = C.decode("begin_save" + E + "CHATx" + E + "end_save")
    assert [c.offset for c in [t, *t.children]] == [0, 11, 17]


def test_depth_limit():
    s = "a"
    for _ in range(C.MAX_DEPTH + 5):
        s = "x" + E + s.replace(E, "\\" + E)
    with pytest.raises(LogFormatError, match="nested"):
        C.decode(s)


def test_saved_game_shape_matches_vassal():
    add = C.AddPiece("1", "piece;;;a.png;A", "Main;10;20;5;0")
    stack = C.AddPiece("2", "stack", "Main;10;20;1;@@-1")
    s = C.encode(C.saved_game([add, stack], [C.SetupStackDone()]))
    # begin_save, empty version check, \-escaped piece container, restore commands, end_save ([KAS] shape)
    assert s == ("begin_save" + E + E + "\\" + E + "+/1/piece;;;a.png;A/Main;10;20;5;0" + "\\" + E
                 + "+/2/stack/Main;10;20;1;@@-1" + E + "SETUP_STACK\t" + E + "end_save")


# No ESC inside a leaf: VASSAL cannot represent it either (a leaf with ESC decodes as a composite).
_text = st.text(alphabet=st.sampled_from(list("ab/;\\\t'é")), max_size=12)


@given(st.lists(_text, min_size=1, max_size=5))
def test_chat_tree_round_trip(msgs):
    tree = C.BeginSave(children=[C.Log(C.Chat(m), children=[C.Log(C.Chat(m))]) for m in msgs])
    s = C.encode(tree)
    back = C.decode(s)
    # VASSAL's own decoder cannot tell a trailing backslash from an escape (§3.3 pitfall); skip those inputs only.
    if any(m.endswith("\\") for m in msgs):
        return
    assert back == tree
