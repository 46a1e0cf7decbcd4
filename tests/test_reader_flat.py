"""The reader's flat fast path (modgen/vassal/flatlog.py) against its command-tree path: the same visitor calls, the
same final model and the same errors, on the bundled log (VASSAL before 3.7: undos spotted from inverse commands),
the same with an UNDO bracket, and damaged copies of both (issue #22: speed without changing a single event)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

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
