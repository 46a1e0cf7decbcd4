"""Canonical event log: parsing, validation errors, atomic writing, schema agreement."""

from __future__ import annotations

import pytest

from modgen.errors import LogFormatError
from modgen.logs import eventlog

GOOD = [
    {"type": "scenario_start", "game": "minsk44", "scenario": "historical"},
    {"type": "setup", "unit": "de.a", "hex": "0101"},
    {"type": "turn", "turn": 1},
    {"type": "phase", "phase": "movement", "side": "german"},
    {"type": "move", "unit": "de.a", "from": "0101", "to": "0102", "path": ["0101", "0102"], "mode": "normal"},
    {"type": "attack", "attackers": ["de.a"], "defenders": ["su.b"], "table": "mobile", "kind": "adjacent"},
    {"type": "roll", "dice": [4], "purpose": "combat"},
    {"type": "result", "result": "D1"},
    {"type": "retreat", "unit": "su.b", "path": ["0103", "0104"]},
    {"type": "marker", "unit": "su.b", "marker": "suppressed", "on": True},
    {"type": "x-custom", "anything": 1},
    {"type": "game_end"},
]


def test_round_trip(tmp_path):
    out = tmp_path / "log.jsonl"
    eventlog.write_events(out, GOOD)
    back = eventlog.read_events(out)
    assert [{k: v for k, v in e.items() if k not in ("i", "source")} for e in back] == GOOD
    assert [e["i"] for e in back] == list(range(len(GOOD)))
    assert back[3]["source"] == {"file": str(out), "offset": 4}


def test_good_events_pass_the_full_schema_too():
    assert eventlog.validate_strict(GOOD) == []


@pytest.mark.parametrize(
    "line, fragment",
    [
        ('{"type": "move"}', "/unit: move event needs 'unit'"),
        ('{"type": "teleport", "unit": "x"}', "unknown event type 'teleport'"),
        ('{"type": "turn", "turn": "one"}', "/turn: 'one' is not integer"),
        ('{"type": "turn", "turn": true}', "/turn: True is not integer"),
        ('{"type": "move", "unit": "a", "mode": "fly"}', "/mode: 'fly' is not"),
        ('{"type": "retreat", "unit": "a", "path": [1, 2]}', "/path/0: 1 is not string"),
        ("[1, 2]", "an event must be a JSON object"),
        ('{"type": ', "invalid JSON"),
    ],
)
def test_bad_lines_name_file_line_and_field(line, fragment):
    text = '{"type": "turn", "turn": 1}\n\n' + line + "\n"
    with pytest.raises(LogFormatError) as err:
        eventlog.parse_lines(text, "game.jsonl")
    assert "game.jsonl:3" in str(err.value)
    assert fragment in str(err.value)


def test_fast_check_agrees_with_full_schema_on_bad_events():
    bad = [{"type": "move"}, {"type": "turn", "turn": "x"}, {"type": "vp", "side": "a"}, {"type": "nope"}]
    for event in bad:
        assert eventlog.event_problems(event), event
        assert eventlog.validate_strict([event]), event


def test_not_utf8_and_missing_file(tmp_path):
    with pytest.raises(LogFormatError, match="not UTF-8"):
        eventlog.parse_bytes(b'{"type": "game_end"}\n\xff\xfe', "x.jsonl")
    with pytest.raises(LogFormatError, match="file not found"):
        eventlog.read_events(tmp_path / "missing.jsonl")


def test_write_refuses_invalid_event_and_leaves_no_file(tmp_path):
    out = tmp_path / "log.jsonl"
    with pytest.raises(LogFormatError, match="event 1"):
        eventlog.write_events(out, [{"type": "game_end"}, {"type": "move"}])
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_comments_and_blank_lines_are_skipped():
    events = eventlog.parse_lines('# a comment\n\n{"type": "game_end"}\n')
    assert len(events) == 1 and events[0]["source"]["offset"] == 3


def test_schema_documents_every_property():
    schema = eventlog.schema()
    for name, spec in schema["$defs"].items():
        assert spec.get("description"), name
        for prop, pspec in spec["properties"].items():
            assert pspec.get("description"), f"{name}.{prop}"


def test_line_separator_inside_a_string_is_not_a_line_break():
    events = eventlog.parse_lines('{"type": "chat", "text": "a\u2028b"}\r\n{"type": "game_end"}\n')
    assert [e["type"] for e in events] == ["chat", "game_end"] and events[0]["text"] == "a\u2028b"
