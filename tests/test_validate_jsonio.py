"""modgen.data.jsonio: values equal the stdlib's, every pointer's position is where the value starts, syntax errors
name the right line and column."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modgen.data.jsonio import MAX_DEPTH, JSONSyntaxError, load, loads, pointer
from modgen.errors import DataError

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=25,
)


def _walk(value, ptr=""):
    yield ptr, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, ptr + pointer(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{ptr}/{i}")


@settings(max_examples=200, deadline=None)
@given(json_values, st.sampled_from([None, 1, 2]))
def test_values_and_positions_agree_with_the_stdlib(value, indent) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    doc = loads(text)
    assert doc.value == json.loads(text)
    line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    for ptr, expected in _walk(doc.value):
        line, col = doc.position(ptr)
        offset = line_starts[line - 1] + col - 1
        assert json.JSONDecoder().raw_decode(text, offset)[0] == expected


def test_positions_by_hand() -> None:
    text = '{\n  "a": [1, {"b/c": "x"}],\n  "d~": null\n}'
    doc = loads(text)
    assert doc.position("") == (1, 1)
    assert doc.position("/a") == (2, 8)
    assert doc.position("/a/0") == (2, 9)
    assert doc.position("/a/1/b~1c") == (2, 20)
    assert doc.key_position("/a/1/b~1c") == (2, 13)
    assert doc.position("/d~0") == (3, 9)
    assert doc.key_position("/d~0") == (3, 3)
    assert doc.position("/a/1/missing") == (2, 12)  # nearest existing ancestor


def test_duplicate_keys_are_recorded_and_the_later_value_wins() -> None:
    doc = loads('{"a": {"x": 1},\n "a": 2}')
    assert doc.value == {"a": 2}
    assert [(p, doc.line_col(o)) for p, o in doc.duplicate_keys] == [("/a", (2, 2))]
    assert "/a/x" not in doc.value_offsets


@pytest.mark.parametrize(
    ("text", "line", "col", "reason"),
    [
        ("", 1, 1, "the file is empty; expected a JSON value"),
        ('{"a": 1,}', 1, 9, "trailing comma before '}'"),
        ("[1,\n 2,\n]", 3, 1, "trailing comma before ']'"),
        ('{"a" 1}', 1, 6, "expected ':' after key 'a', got '1'"),
        ("{'a': 1}", 1, 2, "expected a key in double quotes, got \"'\""),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array item, got '2'"),
        ('{"a": 1 "b": 2}', 1, 9, "expected ',' or '}' after the value of 'a', got '\"'"),
        ('{\n"a": "x', 2, 6, "unterminated string"),
        ('["ab\\q"]', 1, 5, "invalid escape '\\\\q' in string"),
        ('["\\u12"]', 1, 3, "invalid \\u escape (needs four hex digits)"),
        ('["a\tb"]', 1, 4, "control character U+0009 in string (escape it)"),
        ("[01]", 1, 3, "invalid number '01'"),
        ("[1.]", 1, 3, "invalid number '1.'"),
        ("[NaN]", 1, 2, "NaN and Infinity are not JSON numbers (game data needs finite numbers)"),
        ("[nope]", 1, 2, "unexpected word 'nope'; expected a value (strings need double quotes)"),
        ("[None]", 1, 2, "unexpected word 'None'; expected a value (JSON spells them true, false, null)"),
        ("{} {}", 1, 4, "unexpected '{' after the JSON value (extra data)"),
        ('{"a": [1, 2}', 1, 12, "expected ',' or ']' after an array item, got '}'"),
        ('{"a": 1', 1, 8, "unexpected end of file; expected ',' or '}' (unclosed object)"),
        ("[,1]", 1, 2, "unexpected ','; expected a value"),
    ],
)
def test_syntax_errors_name_line_and_column(text: str, line: int, col: int, reason: str) -> None:
    with pytest.raises(JSONSyntaxError) as info:
        loads(text, "f.json")
    assert (info.value.line, info.value.column, info.value.reason) == (line, col, reason)
    assert str(info.value) == f"f.json:{line}:{col}: invalid JSON: {reason}"


def test_every_stdlib_rejection_is_rejected_too() -> None:
    for text in ['{"a": 1,}', "[1 2]", "[01]", '"\x01"', "{1: 2}", "tru", "[-]", "[1e]", '"a\\x"']:
        with pytest.raises(ValueError):
            json.loads(text)
        with pytest.raises(JSONSyntaxError):
            loads(text)
    # stricter than the stdlib: RFC 8259 has no NaN or Infinity
    for text in ["[NaN]", "[Infinity]", "[-Infinity]"]:
        json.loads(text)
        with pytest.raises(JSONSyntaxError):
            loads(text)


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    with pytest.raises(JSONSyntaxError, match="nested more than"):
        loads("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH).value is not None


def test_byte_order_mark_is_accepted_and_columns_unchanged() -> None:
    doc = loads('\ufeff{"a": 1}')
    assert doc.value == {"a": 1}
    assert doc.position("/a") == (1, 8)


def test_load_reports_files_not_json(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load(tmp_path / "nope.json")
    with pytest.raises(DataError, match="is a directory"):
        load(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"a":\n  "caf\xe9"}')
    with pytest.raises(JSONSyntaxError) as info:
        load(bad)
    assert (info.value.line, info.value.column) == (2, 7)
    assert "not UTF-8" in info.value.reason


def _stdlib_strict(text: str):
    def reject(name: str):
        raise ValueError(name)

    def finite(token: str) -> float:  # 1e999 overflows to infinity: refused like NaN
        value = float(token)
        if value in (float("inf"), float("-inf")):
            raise ValueError(token)
        return value

    return json.loads(text, parse_constant=reject, parse_float=finite)


json_ish = st.text(alphabet='{}[]:,"\\ \n\t0123456789.-+eEtrufalsn\'abx~/\u00e9', max_size=30)


@settings(max_examples=600, deadline=None)
@given(st.one_of(json_ish, st.text(max_size=20), json_values.map(json.dumps).map(lambda t: t[: len(t) // 2])))
def test_accepts_exactly_what_strict_json_accepts(text: str) -> None:
    """Any text: jsonio either returns the stdlib's value or raises JSONSyntaxError (never another exception),
    and it accepts exactly the texts the stdlib accepts without NaN/Infinity."""
    try:
        expected = _stdlib_strict(text)
    except (ValueError, RecursionError):
        expected = SyntaxError
    try:
        got = loads(text).value
    except JSONSyntaxError as exc:
        assert exc.line >= 1 and exc.column >= 1
        got = SyntaxError
    if expected is SyntaxError or got is SyntaxError:
        assert got is expected, text
    else:
        assert got == expected or (got != got and expected != expected)
