"""`modgen log --json` writes each reader event as the standard JSON encoder would (issue #22: the encoder's C core is
called directly, once per event) and still refuses a number that is not finite, naming the event."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from modgen.cli import log_cmd
from modgen.errors import LogFormatError
from modgen.vassal import reader as R

PLAYED = Path(__file__).resolve().parent.parent / "logs" / "minsk44" / "played.vlog"


def test_every_event_of_the_bundled_log_is_the_standard_encoding() -> None:
    rec = R.Recorder()
    R.read(PLAYED, rec)
    lines = log_cmd._json_all(rec.events, "played.vlog")
    assert len(lines) == len(rec.events) > 100
    assert lines == [json.dumps(e, ensure_ascii=False, allow_nan=False) for e in rec.events]


def test_awkward_values_encode_as_json_dumps() -> None:
    events = [{"event": "chat", "text": "Über \"quoted\" \\ back\nslash \x1b \u2028 ✓", "player": None},
              {"event": "change", "changes": [{"kind": "facing", "old": 0.1, "new": 359.999}], "undo": True},
              {"event": "dice", "results": [1, -2, 10**12], "side": None, "empty": {}, "list": []}]
    assert log_cmd._json_all(events, "f.vlog") == [json.dumps(e, ensure_ascii=False) for e in events]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_number_that_is_not_finite_is_refused_naming_the_event(bad: float) -> None:
    events = [{"event": "step", "step": 1}, {"event": "change", "changes": [{"kind": "facing", "new": bad}]}]
    with pytest.raises(LogFormatError, match=r"^f\.vlog: event change holds a number that is not finite$"):
        log_cmd._json_all(events, "f.vlog")
