"""Chat declaration syntax: every verb, and error messages with column and expectation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from modgen.logs.chat import ChatSyntaxError, parse, tokenize


def test_plain_chat_is_not_a_declaration():
    assert parse("hello there") is None
    assert parse("I attack now!") is None


def test_attack_example_from_issue():
    d = parse("!attack 1203 1204 -> 1305 mobile")
    assert (d.verb, d.attackers, d.defenders, d.kind) == ("attack", ["1203", "1204"], ["1305"], "mobile")


def test_attack_with_options():
    d = parse('!attack de.5pz.31.I "Panzer Grenadier" -> 1305 support 1102 0903 air 0101 table crt id 7 prepared')
    assert d.attackers == ["de.5pz.31.I", "Panzer Grenadier"]
    assert d.support == ["1102", "0903"] and d.air == ["0101"]
    assert (d.table, d.id, d.kind) == ("crt", "7", "prepared")


def test_fire_defaults_kind():
    d = parse("!fire 0807 -> 1009")
    assert d.verb == "fire" and d.kind == "fire" and d.defenders == ["1009"]


def test_result_retreat_advance():
    assert parse("!result D2").result == "D2"
    assert parse("!result EX id 7").id == "7"
    d = parse("!retreat 1305 1306 1407")
    assert (d.unit, d.path) == ("1305", ["1306", "1407"])
    assert parse("!advance de.x 1305").path == ["1305"]


def test_phase_turn_mode_loss_roll_vp_end():
    d = parse("!phase movement german")
    assert (d.phase, d.side) == ("movement", "german")
    assert parse("!phase combat").side is None
    assert parse("!turn 3").turn == 3
    assert parse("!mode road").mode == "road"
    assert parse("!loss 1305").steps == 1
    assert parse("!loss 1305 2").steps == 2
    assert parse("!loss de.x elim").eliminated
    assert parse("!roll combat").purpose == "combat"
    d = parse("!vp soviet 2 Minsk captured")
    assert (d.side, d.points, d.reason) == ("soviet", 2, "Minsk captured")
    assert parse("!end").verb == "end"


def test_leading_spaces_and_case_of_verb():
    assert parse("  !ATTACK 1 -> 2").verb == "attack"


@pytest.mark.parametrize("text,column,expected", [
    ("!attack -> 1305", 9, "expected an attacking unit or hex, got '->'"),
    ("!attack 1203 1305", 18, "expected '->', got end of line"),
    ("!attack 1203 =>", 14, "expected '->' or another attacking unit or hex, got '=>'"),
    ("!attack 1203 -> ", 17, "expected a defending unit or hex, got end of line"),
    ("!attack 1203 -> 1305 mobile prepared", 29, "the kind is already 'mobile'"),
    ("!attack 1203 -> 1305 support", 29, "supporting unit or hex after 'support', got end of line"),
    ("!attak 1203 -> 1305", 1, "unknown declaration '!attak'"),
    ("!turn three", 7, "expected a turn number, got 'three'"),
    ("!turn 0", 7, "turn number of 1 or more"),
    ("!mode fly", 7, "expected a movement mode"),
    ("!result", 8, "expected a result code"),
    ("!result D2 extra", 12, "expected 'id' or end of line, got 'extra'"),
    ("!retreat 1305", 14, "at least one hex of the path"),
    ("!phase movement german extra", 24, "expected end of line, got 'extra'"),
    ('!attack "unclosed -> 1', 9, "unclosed quote"),
    ("!vp soviet lots", 12, "number of victory points"),
    ("!loss 1305 some", 12, "number of steps or 'elim'"),
])
def test_errors_name_column_and_expectation(text, column, expected):
    with pytest.raises(ChatSyntaxError) as info:
        parse(text)
    assert info.value.column == column
    assert expected in str(info.value)


def test_tokenize_positions():
    toks = tokenize('a  "b c" d')
    assert [(t.text, t.pos, t.quoted) for t in toks] == [("a", 0, False), ("b c", 3, True), ("d", 9, False)]


@given(st.text(max_size=60))
def test_never_crashes(text):
    try:
        parse("!" + text)
        parse(text)
    except ChatSyntaxError as exc:
        assert exc.column >= 1
