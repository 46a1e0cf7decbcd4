"""Hypothesis fuzzing of the log readers (issue #12): whatever the input, events or a ModgenError, never another
exception, and whatever is printed as JSON stays JSON (no ``NaN``).

Targets: the canonical JSON Lines parser, the VASSAL reader + adapter on mutations of a hand-made log carrying
hostile values (non-finite rotations, huge numbers, deep nesting), and the chat declaration parser. Bounded for CI
(``MODGEN_FUZZ_EXAMPLES``, default 100 per test); docs/logs.md gives the command for a longer run. Crashes found
are pinned as the explicit regression tests at the end.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vassal_logs import add, log_text, piece, save_text, stack, tiny_game

from modgen.errors import ModgenError
from modgen.logs import chat, eventlog
from modgen.vassal import reader as R
from modgen.vassal import sequence as se
from modgen.vassal.adapter import Adapter, locator_for
from modgen.vassal.archive import Limits
from modgen.vassal.obfuscation import obfuscate

N = int(os.environ.get("MODGEN_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
E = "\x1b"
# small caps: a fuzzed input can never cost more than a few MB or commands
SMALL = Limits(max_decoded=1 << 20, max_events=5000)


def strict_json(value: object) -> str:
    return json.dumps(value, allow_nan=False)


# ---- canonical log ----------------------------------------------------------------------------------------------
_json_bits = st.sampled_from([
    '{"type": "move", "unit": "a", "from": "0101", "to": "0102"}', '{"type": "chat", "text": "hi"}',
    '{"type": "game_end"}', '{"type": "turn", "turn": 3}', "{", "}", "[", "]", ",", ":", '"type"', '"facing"',
    "NaN", "Infinity", "-Infinity", "1e999", "-0", "9" * 120, "1.5", "null", "true", '"\\ud800"', '"\\u0000"', "\n",
    "\r\n", "#", " ", '"to_pos"', "[1, 2]", '"x-mine"', "\ufeff", "\u2028",
])


@FUZZ
@given(st.lists(_json_bits, max_size=30))
def test_canonical_parser_fragments(parts):
    try:
        events = eventlog.parse_lines("".join(parts), "fuzz.jsonl", max_events=50)
    except ModgenError:
        return
    for ev in events:
        strict_json(ev)  # every accepted event is finite JSON
        eventlog.dumps(ev)


@FUZZ
@given(st.binary(max_size=400))
def test_canonical_parser_bytes(data):
    try:
        eventlog.parse_bytes(data, "fuzz.jsonl", max_events=50)
    except ModgenError:
        pass


# ---- VASSAL reader and adapter ----------------------------------------------------------------------------------
ROT = "rotate;1;82,130;Rotate;;;Facing;Facing;;;;false"


def _seed() -> str:
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    ta, sa = se.join_traits([ROT, ta]), se.join_traits(["90", sa])
    tb, sb = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet")
    return log_text(save_text([add("101", ta, sa), add("102", tb, sb), stack("201", "main", 194, 350, "101")],
                              ["TURNTurnTracker0\t0|1;0;false;-1"]),
                    [["M/101/main/281/300/null/main/194/350/null/p", stack("203", "main", 281, 300, "101")],
                     ["CHAT&lt;A&gt; - !attack 0303 -> 0405 mobile"], ["CHAT*** X rolled 1d6 [1d6]: 4 ***"],
                     ["CHAT&lt;A&gt; - !turn 2"], ["-/102"]])


SEED = _seed()
_hostile = ["NaN", "Infinity", "-Infinity", "1e999", "9" * 60, "-" + "9" * 20, E, "\\" + E, "\t", "/", ";", "'",
            "LOG\t", "M/", "D/", "+/", "rotate;1;", "rotate;99999999999;", "CHAT&lt;A&gt; - !turn ", "\x00", "é"]


def decode(text: str) -> None:
    """The target: reader + recorder and reader + adapter (with a game); printed output must be strict JSON."""
    for data in (text.encode("utf-8"), obfuscate(text)):
        try:
            rec = R.Recorder()
            R.read(data, rec, limits=SMALL)
            for ev in rec.events:
                strict_json(ev)
            adapter = Adapter(tiny_game(), filename="fuzz")
            R.read(data, adapter, locator=locator_for(tiny_game()), limits=SMALL)
            for ev in adapter.result().events:
                eventlog.dumps(ev)
        except ModgenError:
            pass


@FUZZ
@given(st.randoms(use_true_random=False), st.integers(1, 6))
def test_vassal_reader_on_mutated_logs(rnd: random.Random, n):
    text = SEED
    for _ in range(n):
        i = rnd.randrange(len(text))
        op = rnd.randrange(3)
        if op == 0:
            text = text[:i] + text[i + rnd.randrange(1, 8):]
        elif op == 1:
            text = text[:i] + rnd.choice(_hostile) + text[i:]
        else:  # replace a number with a hostile one (rotations, coordinates, turns)
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            text = text[:i] + rnd.choice(_hostile) + text[j:]
    decode(text)


@FUZZ
@given(st.integers(0, 200), st.sampled_from(["LOG\t", "", "\\"]))
def test_vassal_reader_deep_nesting(depth, prefix):
    text = "begin_save" + E + "end_save" + E + prefix * depth + "CHAT x"
    decode(text)
    decode(E.join(["CHAT a"] * 3) + (E + "\\" * depth + E) * 2)


# ---- chat declarations ------------------------------------------------------------------------------------------
_chat_words = st.sampled_from(["!attack", "!fire", "!result", "!retreat", "!advance", "!phase", "!turn", "!mode",
                               "!loss", "!roll", "!vp", "!end", "!", "->", "support", "air", "table", "id", "elim",
                               "road", "1203", "de.a", '"a b"', '"', "9" * 5000, "-1", "٣", "\u00a0", "\t", "x"])


@FUZZ
@given(st.lists(_chat_words, max_size=12).map(" ".join))
def test_chat_parser_declarations(text):
    try:
        chat.parse(text)
    except chat.ChatSyntaxError as exc:
        assert len(str(exc)) < 1000  # a hostile token is not echoed whole


@FUZZ
@given(st.text(max_size=200))
def test_chat_parser_any_text(text):
    for line in (text, "!" + text):
        try:
            chat.parse(line)
        except chat.ChatSyntaxError:
            pass


# ---- regressions found by fuzzing / the attack run --------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "!turn " + "9" * 5000,                 # int() refuses more than 4,300 digits: was a ValueError (exit 70)
    "!loss 1305 " + "9" * 5000,
    "!vp soviet " + "9" * 5000 + " x",
    "!turn ٣",                             # a Unicode digit matched \\d
])
def test_chat_huge_or_unicode_numbers_are_syntax_errors(line):
    with pytest.raises(chat.ChatSyntaxError, match="expected"):
        chat.parse(line)


@pytest.mark.parametrize("rotation", ["NaN", "Infinity", "1e999", "-1e999"])
def test_non_finite_free_rotation_has_no_facing(rotation):
    t = se.join_traits([ROT, "piece;;;p.png;P"])
    s = se.join_traits([rotation, "null;0;0;1;0"])
    warned: list[str] = []
    assert R.decode_piece("1", t, s, warned.append).facing is None
    assert warned and "not a finite angle" in warned[0]


def test_rotator_with_a_huge_number_of_angles_has_no_facing():
    t = se.join_traits(["rotate;" + "9" * 400 + ";93,130;91,130;CW;CCW;;;Facing;Facing;;;;false", "piece;;;p.png;P"])
    assert R.decode_piece("1", t, se.join_traits(["3", "null;0;0;1;0"])).facing is None


def test_huge_piece_position_is_treated_as_zero():
    t = "piece;;;p.png;P"
    assert R.decode_piece("1", t, "main;" + "9" * 5000 + ";7;1;0").location.x == 0


def test_dumps_refuses_nan():
    with pytest.raises(ModgenError, match="not a finite number"):
        eventlog.dumps({"type": "x-facing", "facing": float("nan"), "i": 3})


@pytest.mark.parametrize("state,values", [
    ("9" * 60 + "|1;0;false;-1", [1]),        # the top level index: IndexError "cannot fit 'int'" (found by fuzzing)
    ("0|1;" + "9" * 60 + ";false;-1", [1]),   # a sub-level index
    ("0|1;-7;false;-1;2;0", [1]),             # a negative sub-level index: no level (not Python indexing)
    ("0|" + "9" * 60 + ";0", []),             # a turn number no one plays
])
def test_turn_tracker_with_huge_indices(state, values):
    from modgen.vassal import commands as C

    assert C.Turn("T", state).values() == values
