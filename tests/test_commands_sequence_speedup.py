"""Differential check of the str.find-based SequenceEncoder.Decoder against a literal char-by-char port.

The oracle below transcribes ``SequenceEncoder.Decoder.nextToken`` (VASSAL ``tools/SequenceEncoder.java``) loop for
loop; ``modgen.vassal.sequence.decode`` was sped up for multi-MB logs and must decide exactly the same.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from modgen.vassal import sequence as se


def oracle(val: str, d: str) -> list[str]:
    out, start, n = [], 0, len(val)
    while True:
        if start == n:
            out.append("")
            return out
        buf, i, ended = [], start, True
        while i < n:
            if val[i] == d:
                if i > 0 and val[i - 1] == "\\":
                    buf.append(val[start:i - 1])
                    start = i
                else:
                    buf.append(val[start:i])
                    start = i + 1
                    ended = False
                    break
            i += 1
        if ended:
            buf.append(val[start:])
        t = "".join(buf)
        if len(t) > 1 and t[0] == "'" and t[-1] == "'":
            t = t[1:-1]
        out.append(t)
        if ended:
            return out


@settings(max_examples=500)
@given(st.text(alphabet=st.sampled_from(list("ab;\\'\t\x1b/")), max_size=40), st.sampled_from([";", "\t", "\x1b", "/"]))
def test_same_tokens_as_char_loop(val, d):
    assert se.decode(val, d) == oracle(val, d)


def test_hand_cases():
    assert se.decode("a\\;b;c", ";") == ["a;b", "c"]
    assert se.decode(";", ";") == ["", ""]
    assert se.decode("\\;", ";") == [";"]
    assert se.decode("a\\\\;b", ";") == ["a\\;b"]


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("ab;\\'\t")), max_size=12), st.sampled_from([";", "\t", "/"]))
def test_commands_split_fast_path_agrees(val, d):
    from modgen.vassal.commands import _split

    assert _split(val, d) == oracle(val, d)


def levels_oracle(nested: str) -> list[str]:
    """split_traits as ``BasicCommandEncoder.createPiece`` does it: decode on TAB, keep token 0, decode token 1."""
    out, rest = [], nested
    while True:
        toks = oracle(rest, "\t")
        out.append(toks[0])
        if len(toks) < 2:
            return out
        rest = toks[1]


@settings(max_examples=800)
@given(st.text(alphabet=st.sampled_from(list("ab;\\'\t")), max_size=40))
def test_split_traits_single_pass_agrees_with_level_by_level_decoding(nested):
    assert se.split_traits(nested) == levels_oracle(nested)


@settings(max_examples=300)
@given(st.lists(st.text(alphabet=st.sampled_from(list("ab;\\\t,'")), max_size=8), min_size=1, max_size=7))
def test_split_traits_of_nested_traits_agrees_with_oracle(parts):
    nested = se.join_traits(parts)
    assert se.split_traits(nested) == levels_oracle(nested)


def test_split_traits_hand_cases():
    # a third token at the outer level is ignored, as VASSAL ignores it
    assert se.split_traits("a\tb\\\tc\td") == ["a", "b", "c"]
    assert se.split_traits("a\t") == ["a", ""]
    assert se.split_traits("a\tb\\\\\\\tc") == ["a", "b\\\tc"]


@settings(max_examples=800)
@given(st.text(alphabet=st.sampled_from(list("ab\\\t")), max_size=40))
def test_split_traits_without_quotes_agrees_with_oracle(nested):
    assert se.split_traits(nested) == levels_oracle(nested)
