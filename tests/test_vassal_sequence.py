"""SequenceEncoder/Decoder port: real VASSAL strings (format reference §2.3, §3.4) and property-based round trips.

Expected values are real strings written by VASSAL (sources in /work/shared/reference/vassal-format.md) or worked
out by hand from VASSAL's SequenceEncoder.java.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from modgen.vassal import sequence as se

# [KAS] vmod/buildFile.xml (VASSAL 3.6.6): a PieceSlot and a PrototypeDefinition, byte for byte.
KAS_SLOT = "+/null/prototype;Unit\tpiece;;;Moslem_Cannon_1-0.png;Moslem_Cannon_1-0/\tnull;0;0;20;0"
KAS_PROTO = "+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;;/\t\\\tnull;37;32;;0"
# [VLE] Embellishment and ReportState types, [KAS] save stack state.
VLE_EMB = ("emb2;;128;A;;128;;;128;;;57361,0,Fresh;1;false;0;0;deSalles_I_front.png,deSalles_I_back.png;,;false;"
           "Steps;;;false;;1;1;true;;57355,0,Battleworn;;;1.0;;true")
VLE_REPORT = "report;57350\\,0\\,Report Close Combat;$newPieceName$ conducts Close Combat;;;;false"
KAS_STACK = "Main Map;734;718;1648473853369;1648473853370;1648473853371;@@-1"


def test_kas_piece_slot_decodes_and_reencodes_byte_exact() -> None:
    tokens = se.decode(KAS_SLOT[2:], "/")
    assert tokens == ["null", "prototype;Unit\tpiece;;;Moslem_Cannon_1-0.png;Moslem_Cannon_1-0", "\tnull;0;0;20;0"]
    assert se.split_traits(tokens[1]) == ["prototype;Unit", "piece;;;Moslem_Cannon_1-0.png;Moslem_Cannon_1-0"]
    assert se.split_traits(tokens[2]) == ["", "null;0;0;20;0"]
    assert "+/" + se.encode(tokens, "/") == KAS_SLOT


def test_kas_prototype_three_traits() -> None:
    tokens = se.decode(KAS_PROTO[2:], "/")
    types, states = se.split_traits(tokens[1]), se.split_traits(tokens[2])
    assert types == ["clone;Clone;67,130;", "delete;Delete;68,130;", "piece;;;;"]
    assert states == ["", "", "null;37;32;;0"]
    assert "+/" + se.encode(["null", se.join_traits(types), se.join_traits(states)], "/") == KAS_PROTO


def test_kth_tab_has_k_minus_one_backslashes() -> None:
    # format reference §3.2: T1<TAB>T2\<TAB>T3\\<TAB>piece
    assert se.join_traits(["mark;Command", "mark;Lordship", "mark;Service", "piece;;;;"]) == \
        "mark;Command\tmark;Lordship\\\tmark;Service\\\\\tpiece;;;;"


def test_traits_holding_tabs_of_their_own_split_as_the_level_by_level_decode() -> None:
    # 20 levels (modules stack that many traits); a trait that holds a tab, or ends with a backslash, is not the
    # one-tab-per-level shape: its text keeps the backslashes the later decodes would not drop (format ref. §3.2)
    parts = [f"t{k};x" for k in range(20)]
    assert se.split_traits(se.join_traits(parts)) == parts
    parts[7] = "label;a\tb"
    parts[12] = "report;76\\,130;$a$\t"
    assert se.split_traits(se.join_traits(parts)) == parts
    nested = se.join_traits(["a\\", "b", "c"])  # VASSAL's quirk: a trailing backslash escapes the next tab
    assert se.split_traits(nested) == se._split_traits_levels(nested) == ["a\tb\tc"]  # one trait, as VASSAL reads it


def test_many_escaped_delimiters_in_one_token() -> None:
    # a sub-command list of 10^5 entries is one token at the outer level: joined back once, in order
    inner = [f"c{i}" for i in range(100_000)]
    assert se.decode(se.encode(["head", se.encode(inner, "\x1b")], "\x1b"), "\x1b") == \
        ["head", "\x1b".join(inner)]


def test_vle_embellishment_fields() -> None:
    fields = se.decode(VLE_EMB[len("emb2;"):], ";")
    assert fields[18] == "Steps"
    assert se.decode(fields[15], ",") == ["deSalles_I_front.png", "deSalles_I_back.png"]
    assert se.decode(fields[16], ",") == ["", ""]
    assert fields[10] == "57361,0,Fresh"
    assert se.encode(fields, ";") == VLE_EMB[len("emb2;"):]


def test_vle_report_nested_keystroke_list() -> None:
    fields = se.decode(VLE_REPORT[len("report;"):], ";")
    assert fields == ["57350\\,0\\,Report Close Combat", "$newPieceName$ conducts Close Combat", "", "", "", "false"]
    assert se.decode(fields[0], ",") == ["57350,0,Report Close Combat"]


def test_dynamic_property_key_command_nesting() -> None:
    # [VLE] PROP key command list item ":57345\,0\,Set to Disrupted:P\,true" — a ',' list of ':' sequences
    (item,) = se.decode(":57345\\,0\\,Set to Disrupted:P\\,true", ",")
    assert se.decode(item, ":") == ["", "57345,0,Set to Disrupted", "P,true"]


def test_stack_state() -> None:
    assert se.decode(KAS_STACK, ";")[-1] == "@@-1"
    assert se.encode(se.decode(KAS_STACK, ";"), ";") == KAS_STACK


def test_escaped_slash_in_names() -> None:
    # [ALM] "#1 - Hills \/ Battering Ram" inside a '/'-encoded piece definition
    assert se.encode(["#1 - Hills / Battering Ram"], "/") == "#1 - Hills \\/ Battering Ram"


@pytest.mark.parametrize(("tokens", "delim", "encoded"), [
    (["a", "b"], ";", "a;b"),
    (["a;b"], ";", "a\\;b"),
    (["", ""], ",", ","),
    (["\\x"], ";", "'\\x'"),  # starts with a backslash: quoted
    (["'q'"], ";", "''q''"),  # starts and ends with a quote: quoted
    (["'q"], ";", "'q"),
    ([None, "x"], ";", ";x"),
    ([True, 3, 1.5], ";", "true;3;1.5"),
    ([], ";", ""),
])
def test_encode_rules(tokens: list, delim: str, encoded: str) -> None:
    assert se.encode(tokens, delim) == encoded


@pytest.mark.parametrize(("text", "delim", "tokens"), [
    ("", ";", [""]),
    ("a;", ";", ["a", ""]),
    (";", ";", ["", ""]),
    ("a\\;b;c", ";", ["a;b", "c"]),
    ("''q'';x", ";", ["'q'", "x"]),
    ("'", ";", ["'"]),  # a lone quote is not unquoted (length must exceed 1)
    (None, ";", []),
])
def test_decode_rules(text: str | None, delim: str, tokens: list[str]) -> None:
    assert se.decode(text, delim) == tokens


def test_trailing_backslash_quirk_is_vassals() -> None:
    # VASSAL quotes only tokens that *start* with a backslash; one that ends with it escapes the next delimiter.
    assert se.decode(se.encode(["a\\", "b"], ";"), ";") == ["a;b"]
    assert not se.round_trips(["a\\", "b"], ";")
    assert se.round_trips(["\\a\\", "b"], ";")  # starts with a backslash: quoted, safe


def test_delimiter_must_be_one_char() -> None:
    with pytest.raises(ValueError):
        se.encode(["a"], ";;")


AWKWARD = st.text(alphabet=st.sampled_from(list("ab;/\\\t',\x1b: ")), max_size=12)


def _safe(token: str) -> bool:
    """Tokens VASSAL itself round-trips when followed by a delimiter (see the trailing-backslash quirk)."""
    return not (token.endswith("\\") and not token.startswith("\\"))


@given(st.lists(AWKWARD, min_size=1, max_size=6), st.sampled_from([";", "/", "\t", ",", "\x1b", ":"]))
def test_round_trip(tokens: list[str], delim: str) -> None:
    if all(_safe(t) for t in tokens[:-1]):
        assert se.decode(se.encode(tokens, delim), delim) == tokens
        assert se.round_trips(tokens, delim)


@given(st.lists(st.lists(AWKWARD.filter(_safe), min_size=1, max_size=4), min_size=1, max_size=4))
def test_nested_round_trip(groups: list[list[str]]) -> None:
    # inner ',' lists inside a ';' list inside a TAB nesting, as trait fields are stored
    inner = [se.encode(g, ",") for g in groups]
    if not all(_safe(t) for t in inner[:-1]):
        return
    outer = se.encode(inner, ";")
    assert [se.decode(t, ",") for t in se.decode(outer, ";")] == groups


@given(st.lists(AWKWARD.map(lambda t: "t;" + t).filter(_safe), min_size=1, max_size=6))
def test_trait_nesting_round_trip(parts: list[str]) -> None:
    # Every real trait string starts with its id prefix ("piece;", "mark;", …), as these do.
    # The innermost trait (BasicPiece) is not escaped by VASSAL (Decorator escapes only around itself): a raw TAB in
    # it changes the piece on reading, in VASSAL as here; traits.display_text keeps TABs out of names.
    assume("\t" not in parts[-1])
    assert se.split_traits(se.join_traits(parts)) == parts
