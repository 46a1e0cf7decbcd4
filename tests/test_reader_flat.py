"""The reader's flat fast path (modgen/vassal/flatlog.py) against its command-tree path: the same visitor calls, the
same final model and the same errors, on the bundled log (VASSAL before 3.7: undos spotted from inverse commands),
the same with an UNDO bracket, and damaged copies of both (issue #22: speed without changing a single event)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from modgen.vassal import commands as C
from modgen.vassal import flatlog
from modgen.vassal import reader as R

PLAYED = Path(__file__).resolve().parent.parent / "logs" / "minsk44" / "played.vlog"


def _outcome(text: str, monkeypatch: pytest.MonkeyPatch, flat: bool) -> str:
    """Every visitor call and the final model as JSON, or the error; ``flat=False`` forces the tree path."""
    with monkeypatch.context() as m:
        if not flat:
            m.setattr(R, "flatten", lambda text: None)
        rec = R.Recorder()
        try:
            st = R.read_text(text, rec)
        except Exception as exc:  # noqa: BLE001  (the error itself is compared)
            return f"{type(exc).__name__}: {exc}"
    model: Any = ([(p.id, p.name, p.props, p.layers, p.facing, p.location.to_dict(), p.stack, p.masked, p.beneath,
                    p.state) for p in st.pieces.values()],
                  [(s.id, s.location.to_dict(), s.members) for s in st.stacks.values()], st.properties, st.turn)
    return json.dumps([rec.events, model], default=str)


def _texts() -> list[str]:
    text, _ = R.load_text(PLAYED)
    assert "UNDO\t" not in text  # a log whose undos are spotted from inverse commands (VASSAL before 3.7) ...
    bracketed = text + "\x1bUNDO\tfalse"  # ... and the same with an UNDO bracket: undos are taken from the brackets
    rnd = random.Random(22)
    out = [text, bracketed]
    for base in (text, bracketed):
        for _ in range(12):
            i = rnd.randrange(len(base))
            j = i + rnd.randrange(1, 120)
            kind = rnd.randrange(3)
            if kind == 0:
                out.append(base[:i] + base[j:])  # a piece cut out
            elif kind == 1:
                junk = rnd.choice(["\x1b", "\\", "'", "\t", "/", ";", "LOG\t", "\\\x1b", "M/x"])
                out.append(base[:i] + junk + base[i:])  # a stray delimiter, escape or prefix
            else:
                out.append(base[:i])  # truncated
    return out


def test_the_bundled_log_takes_the_flat_path() -> None:
    text, _ = R.load_text(PLAYED)
    tops = flatlog.flatten(text)
    assert tops is not None and sum(1 for _, is_log, _ in tops if is_log) > 10


@pytest.mark.parametrize("index", range(26))
def test_flat_path_equals_tree_path(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _texts()[index]
    assert _outcome(text, monkeypatch, flat=True) == _outcome(text, monkeypatch, flat=False)


def test_other_texts_take_the_tree_path() -> None:
    assert flatlog.flatten("CHAThello") is None  # no ESC
    assert flatlog.flatten("+/1/stack/main;0;0\x1bCHAThi") is None  # not a begin_save


E = "\x1b"
MOVE = "M/p1/main/10/20/null/main/0/0/null/me"


def _escaped(n: int) -> str:
    """A logged step nested *n* deep the way VASSAL writes a sequence: each level a LOG around its own two-command
    sequence (the inner one escaped by the SequenceEncoder), the move at the bottom."""
    step = MOVE
    for _ in range(n):
        step = "LOG\t" + C._join([step, "CHATx"], E)
    return step


# A command nested n deep (n LOGs around it) in each shape the flat path treats apart: a step of one leaf, the first
# or a later one of several, a step after a quoted token (the Decoder's tokens, not the raw split), an escaped nesting.
DEEP = {
    "one leaf": lambda n: "begin_save" + E + "LOG\t" * n + "CHATa",
    "one move after end_save": lambda n: "begin_save" + E + "end_save" + E + "LOG\t" * n + MOVE,
    "first of two": lambda n: "begin_save" + E + "LOG\t" * n + "CHATa\\" + E + "LOG\tCHATb",
    "second of two": lambda n: "begin_save" + E + "LOG\tCHATa\\" + E + "LOG\t" * n + "CHATb",
    "after a quoted token": lambda n: "begin_save" + E + "'q'" + E + "LOG\t" * n + "CHATa",
    "first of two after a quoted token": lambda n: "begin_save" + E + "'q'" + E + "LOG\t" * n + "CHATa\\" + E + "CHATb",
    "escaped levels": lambda n: C._join(["begin_save", _escaped(n)], E),
}


@pytest.mark.parametrize("shape", DEEP)
def test_flat_and_tree_paths_refuse_at_the_same_depth(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every depth up to past the limit both paths read the same events or give the same one-line error (the
    flat path once refused a lone leaf nested 63 LOGs deep that the tree path reads: it took it one level deeper)."""
    differ, refused = [], []
    for n in range(1, C.MAX_DEPTH + 4):
        text = DEEP[shape](n)
        flat, tree = _outcome(text, monkeypatch, flat=True), _outcome(text, monkeypatch, flat=False)
        if flat != tree:
            differ.append((n, flat[:120], tree[:120]))
        elif flat.startswith("LogFormatError"):
            assert "\n" not in flat and "commands nested more than 64 levels deep; not a VASSAL save/log" in flat
            refused.append(n)
    assert not differ
    # the limit is reached within the range (else nothing deep was compared), and past it every depth is refused
    assert refused and 1 not in refused and refused == list(range(refused[0], C.MAX_DEPTH + 4))
