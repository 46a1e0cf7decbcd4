"""The fast paths of the VASSAL log decoder against the general ones (issue #22: speed without changing a thing).

``commands.decode`` splits the top level once in C (``top_tokens``) and takes the usual logged step in one split;
the general grammar (``_split`` on ESC, ``_node`` per token) is what it decodes nested text with, so the two must
agree on every text: the same tree, the same offsets (the place of each top-level command in the text) and the
same errors. The reader decodes chat entities without ``html.unescape`` when it can, and pauses the cycle collector
while it decodes; both must be invisible.
"""

from __future__ import annotations

import gc
import html
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modgen.errors import LogFormatError
from modgen.vassal import commands as C
from modgen.vassal import reader as R

PLAYED = Path(__file__).resolve().parent.parent / "logs" / "minsk44" / "played.vlog"
E = "\x1b"


def _general(text: str) -> tuple[C.Command | None, str | None]:
    """The tree and the error as the general grammar gives them: the top-level tokens by the Decoder's split, each
    decoded by ``_node`` at depth 1 and given its offset (as ``decode`` did before its fast paths)."""
    toks = C._split(text, E)
    if len(toks) == 1 and toks[0] == text:
        try:
            return C.decode_leaf(text), None
        except LogFormatError as exc:
            return None, str(exc)
    offsets = C._offsets(toks)
    nodes = []
    for index, tok in enumerate(toks):
        try:
            node = C._node(tok, 1)
        except LogFormatError as exc:
            return None, f"command {index} at offset {offsets[index]}: {exc}"
        node.offset = offsets[index]
        nodes.append(node)
    nodes[0].children.extend(nodes[1:])
    return nodes[0], None


def _fast(text: str) -> tuple[C.Command | None, str | None]:
    try:
        return C.decode(text), None
    except LogFormatError as exc:
        return None, str(exc)


def _offsets(cmd: C.Command | None) -> list[int]:
    """The offset of every command of a tree, in order (== on commands does not compare them)."""
    if cmd is None:
        return []
    out = [cmd.offset]
    if isinstance(cmd, C.Log):
        out += _offsets(cmd.logged)
    for child in cmd.children:
        out += _offsets(child)
    return out


def _same(text: str) -> None:
    tree, error = _fast(text)
    want_tree, want_error = _general(text)
    assert error == want_error
    assert tree == want_tree
    assert _offsets(tree) == _offsets(want_tree)


def _damaged(text: str, count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        t = text
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(len(t))
            junk = rnd.choice([E, "\\", "'", "\t", "/", ";", "LOG\t", "\\\x1b", "\\\\\x1b", "\x1b'", "M/x", "9" * 15])
            t = rnd.choice([t[:i] + junk + t[i:], t[:i] + t[i + rnd.randrange(1, 60):], t[:i]])
        out.append(t)
    return out


def test_the_played_log_decodes_as_the_general_grammar_does() -> None:
    text, _ = R.load_text(PLAYED)
    _same(text)
    _same(text + "\x1bUNDO\tfalse")


@pytest.mark.parametrize("index", range(30))
def test_damaged_played_logs_decode_as_the_general_grammar_does(index: int) -> None:
    text, _ = R.load_text(PLAYED)
    _same(_damaged(text, 30, 2222)[index])


_PARTS = ["LOG\t", E, "\\\x1b", "\\\\\x1b", "\\", "'", "/", "M/1/m/10/20/null/m/3/4/null/p", "M/1/m/x/2/null/m/3/4",
          "+/7/stack/m;1;2;1", "+/8/piece;;;a;b/x;y", "D/1/s", "D/1", "CHAT hi", "UNDO\ttrue", "begin_save",
          "null", "", "TURNT\t1;0|2", "-/1"]


@settings(max_examples=600)
@given(st.lists(st.sampled_from(_PARTS), max_size=14))
def test_any_text_decodes_as_the_general_grammar_does(parts: list[str]) -> None:
    _same("".join(parts))


def test_offsets_count_each_escape_backslash() -> None:
    text = "begin_save\x1bLOG\tCHATa\\\x1bLOG\tCHATb\x1bCHATc"
    tree = C.decode(text)
    assert [tree.offset] + [c.offset for c in tree.children] == [0, 11, 32]
    assert text[11:].startswith("LOG\tCHATa") and text[32:] == "CHATc"


def test_decode_leaves_the_cycle_collector_as_it_was() -> None:
    text, _ = R.load_text(PLAYED)
    assert gc.isenabled()
    C.decode(text)
    assert gc.isenabled()
    with pytest.raises(LogFormatError):
        C.decode("begin_save\x1bM/1/m/x/2/null/m/3/4/null")
    assert gc.isenabled()  # also after an error
    gc.disable()
    try:
        C.decode(text)
        assert not gc.isenabled()  # a caller that paused it keeps it paused
    finally:
        gc.enable()


@settings(max_examples=800)
@given(st.lists(st.sampled_from(["&", "&amp;", "&lt;", "&gt;", "&quot;", "&rarr;", "&rarr", "&lt", "amp;", "lt;",
                                 ";", "a", " ", "#", "&#39;", "&#x3c;", "\t", "&ampx;", "&amplt;", "<", "&&"]),
                max_size=10))
def test_chat_entities_decode_as_html_unescape_does(parts: list[str]) -> None:
    text = "".join(parts)
    rec = R.Recorder()
    R.read_text("begin_save\x1bCHAT" + text, rec)
    assert [e["text"] for e in rec.events if e["event"] == "chat"] == [html.unescape(text)]


@pytest.mark.parametrize("k", [59, 60, 61, 62, 63])
def test_deep_nesting_is_refused_at_the_same_depth(k: int) -> None:
    _same("begin_save\x1bLOG\t" + "LOG\t" * k + "CHATa\\\x1bLOG\tCHATb")  # a logged step of two leaves
    _same("begin_save\x1bCHATa\\\x1bLOG\t" + "LOG\t" * k + "CHATb")  # the deep leaf second
    _same("begin_save\x1bLOG\t" + "LOG\t" * k + "CHATa")  # one leaf


def _stack_state_spec(state: str) -> tuple[str | None, int, int, list[str]]:
    """A Stack's state as the Decoder reads it: map (``null``: none), x, y (a Java int, else 0), then the members:
    every later token that is not empty and not an ``@@`` token."""
    toks = C._split(state, ";")
    if len(toks) < 3:
        return None, 0, 0, []
    return (None if toks[0] == "null" else toks[0], _java_int(toks[1]), _java_int(toks[2]),
            [t for t in toks[3:] if t and not t.startswith("@@")])


def _java_int(tok: str) -> int:
    try:
        value = int(tok)
    except ValueError:
        return 0
    return value if len(tok) <= 12 and -(2**31) <= value < 2**31 else 0


@settings(max_examples=800)
@given(st.lists(st.sampled_from(["m", ";", "@@", "@@-1", "1", "12", "-3", "", "null", "a@@b", "\\;", "'", "9" * 12,
                                 "\u00b2", "\u0663", "+4", " 5", "0" * 11, "1_0"]), max_size=10))
def test_stack_states_read_as_the_decoder_says(parts: list[str]) -> None:
    state = "".join(parts)
    assert R._stack_state(state) == _stack_state_spec(state)
