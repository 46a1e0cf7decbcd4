"""jsonio.loads takes the standard json module's path for clean documents and the position-keeping parser for
everything else; both must give the same value, positions, duplicate keys, forbidden characters and errors."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from modgen import limits
from modgen.data import jsonio

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**120, 10**120),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.text(max_size=4), inner, max_size=4)),
                      max_leaves=20)
SNIPPETS = ["NaN", "1e999", "\\u0000", "\\ud800", "\\b", "\uffff", "\x7f", '"a": 1, "a": 2', ",", "]", "{", "'",
            "0" * 130, "\n", "\\", '"']


def careful(text: str) -> tuple[str, object]:
    """What the position-keeping parser alone says."""
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    parser = jsonio._Parser(text, "f.json")
    try:
        value = parser.parse()
    except Exception as exc:  # the error is the result
        return "error", (type(exc).__name__, str(exc))
    return "ok", (value, parser.values, parser.keys, parser.duplicates, parser.bad)


def fast(text: str) -> tuple[str, object]:
    try:
        doc = jsonio.loads(text, "f.json")
    except Exception as exc:
        return "error", (type(exc).__name__, str(exc))
    return "ok", (doc.value, doc.value_offsets, doc.key_offsets, doc.duplicate_keys, doc.bad_strings)


def same(a: object, b: object) -> bool:
    return json.dumps(a, sort_keys=False, default=repr) == json.dumps(b, sort_keys=False, default=repr)


@settings(max_examples=400, deadline=None)
@given(values, st.sampled_from([None, 1]), st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(SNIPPETS)),
                                                     max_size=2))
def test_fast_path_agrees_with_the_careful_parser(value, indent, edits) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    for at, snippet in edits:
        at %= len(text) + 1
        text = text[:at] + snippet + text[at:]
    assert same(fast(text), careful(text))


def test_limits_are_kept_on_the_fast_path() -> None:
    deep = "[" * 60 + "]" * 60
    with _override("json_depth=50"):
        assert fast(deep) == careful(deep)
        assert fast(deep)[0] == "error"
    many = json.dumps(list(range(50)))
    with _override("json_values=20"):
        assert fast(many) == careful(many)
        assert "json_values" in str(fast(many)[1])


class _override:
    def __init__(self, spec: str) -> None:
        self.spec = spec

    def __enter__(self) -> None:
        limits.override(self.spec)

    def __exit__(self, *exc: object) -> None:
        limits.reset_overrides()


def test_clean_documents_locate_only_when_asked() -> None:
    doc = jsonio.loads('{"a": [1, {"b": "x"}]}', "f.json")
    assert doc._values is None  # parsed by the json module; no positions yet
    assert doc.position("/a/1/b") == (1, 17)
    assert doc.key_position("/a") == (1, 2)


def test_a_float_whose_integer_part_is_past_int_digits_is_refused_on_both_paths() -> None:
    # found by hypothesis: json reads it as a finite float, but its 131 integer digits are past int_digits (100)
    text = "[\n -1" + "0" * 130 + ".0\n]"
    assert fast(text) == careful(text)
    assert fast(text)[0] == "error" and "int_digits" in str(fast(text)[1])
