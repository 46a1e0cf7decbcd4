"""The findings limit (modgen.limits ``findings``): a log breaking a rule at every event must not exhaust memory.

A report keeps at most the limit's findings; at the first finding past it the replay stops, and the report (text,
``--quiet``, ``--json`` and the sidecar's /check) says up to which event the log was checked and how to raise the
limit, never "No rules problems found" about the rest. Exit status 1, as for a report with errors.

The bad logs repeat ``{"type": "turn", "turn": 1}``: after the first, each is one EFB 4.3 error ("turn 1 follows
turn 1": turns go up by one, rulebook 4.3), at the event's own index.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from modgen import limits
from modgen.data.model import load_game
from modgen.report import check
from modgen.report.check import check_bytes, check_path, format_text
from modgen.sidecar import Limits, create_app
from tests.conftest import REPO
from tests.hostile import MEMORY_BYTES, Bounded, run_bounded
from tests.sidecar_helpers import BASE, GAME, VIOLATIONS

ENV = {"PYTHONPATH": str(REPO)}


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("MODGEN_LIMIT_FINDINGS", raising=False)
    limits.reset_overrides()
    yield
    limits.reset_overrides()


def repeated_turns(n: int) -> bytes:
    """A canonical minsk44 log: scenario_start, then ``n`` events ``turn 1`` (n - 1 EFB 4.3 errors, events 2..n)."""
    head = '{"type": "scenario_start", "game": "minsk44", "scenario": "historical"}\n'
    return (head + '{"type": "turn", "turn": 1}\n' * n).encode()


def write_log(tmp_path: Path, n: int, name: str = "bad.jsonl") -> str:
    path = tmp_path / name
    path.write_bytes(repeated_turns(n))
    return str(path)


def modgen(*args: str, env: dict[str, str] | None = None) -> Bounded:
    """``python -m modgen ARGS`` under tests/hostile.py's memory cap, with this worktree's code (plus ``env``)."""
    return run_bounded(list(args), cwd=REPO, env={**ENV, **(env or {})})


# ---- the engine and the report (in process) ------------------------------------------------------------------------
def test_a_report_keeps_the_limit_of_findings_and_says_where_checking_stopped() -> None:
    limits.override("findings=50")
    report = check_bytes(repeated_turns(1000), "bad.jsonl", GAME)
    assert len(report.findings) == 50
    assert [f.event_index for f in report.findings] == list(range(2, 52))  # the first 50 errors, in log order
    assert all(f.rule == "EFB 4.3" for f in report.findings)
    stopped = report.stopped
    assert stopped is not None
    # the 51st error is at event 52: the replay stops there (events 0..52 replayed: 53 of 1,001)
    assert (stopped.limit, stopped.value, stopped.event_index, stopped.events_checked) == ("findings", 50, 52, 53)
    assert "checked only up to event 52 (53 of 1,001 events)" in stopped.message
    assert "--limit findings=N" in stopped.message and "MODGEN_LIMIT_FINDINGS=N" in stopped.message


def test_the_text_report_ends_with_what_was_not_checked_and_never_says_no_problems() -> None:
    limits.override("findings=50")
    text = format_text(check_bytes(repeated_turns(1000), "bad.jsonl", GAME))
    lines = text.splitlines()
    assert lines[0].endswith("50 error(s), 0 warning(s), 0 could not check; stopped at the findings limit after 53 "
                             "events")
    assert sum(1 for ln in lines if "ERROR" in ln and "EFB 4.3" in ln) == 50
    assert lines[-1].startswith("Not checked: the log was checked only up to event 52 (53 of 1,001 events)")
    assert "No rules problems" not in text and "No problems found" not in text


def test_a_log_with_exactly_the_limit_of_findings_is_checked_whole(tmp_path: Path) -> None:
    log = write_log(tmp_path, 51)  # 50 errors
    full = check_path(log, GAME)
    assert len(full.findings) == 50 and full.stopped is None
    limits.override("findings=50")
    at_limit = check_path(log, GAME)
    assert at_limit.stopped is None and at_limit.to_dict() == full.to_dict()
    limits.override("findings=49")
    assert check_path(log, GAME).stopped is not None


def test_a_log_under_the_limit_is_unchanged() -> None:
    before = check_path(VIOLATIONS, GAME).to_dict()
    assert before["stopped"] is None and before["findings"]
    limits.override(f"findings={len(before['findings'])}")
    assert check_path(VIOLATIONS, GAME).to_dict() == before


def test_the_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODGEN_LIMIT_FINDINGS", "7")
    report = check_bytes(repeated_turns(100), "bad.jsonl", GAME)
    assert len(report.findings) == 7 and report.stopped is not None and report.stopped.value == 7


# ---- the command line ----------------------------------------------------------------------------------------------
def test_cli_text_quiet_and_json_under_a_low_limit(tmp_path: Path) -> None:
    log = write_log(tmp_path, 5000)
    text = modgen("--limit", "findings=50", "check", log, "--game", str(GAME))
    assert text.returncode == 1, text.stderr
    assert text.stderr == ""
    assert sum(1 for ln in text.stdout.splitlines() if ln.lstrip().startswith("#")) == 50
    assert "  #50 ERROR" in text.stdout and "#51" not in text.stdout
    last = text.stdout.splitlines()[-1]
    assert last.startswith("Not checked: the log was checked only up to event 52 (53 of 5,001 events)")
    assert "--limit findings=N" in last and "No rules problems" not in text.stdout

    quiet = modgen("--limit", "findings=50", "check", log, "--game", str(GAME), "-q")
    assert quiet.returncode == 1
    assert len(quiet.stdout.splitlines()) == 51 and quiet.stdout.splitlines()[-1] == last

    js = modgen("check", log, "--game", str(GAME), "--json", env={"MODGEN_LIMIT_FINDINGS": "50"})
    assert js.returncode == 1, js.stderr
    report = json.loads(js.stdout)
    assert len(report["findings"]) == 50 and report["findings"][-1]["number"] == 50
    assert report["stopped"] == {"limit": "findings", "value": 50, "event_index": 52, "events_checked": 53,
                                 "message": last.removeprefix("Not checked: ").removesuffix(".")}


def test_cli_exit_1_even_when_the_findings_are_warnings_only(tmp_path: Path) -> None:
    # a log of another game's scenario_start lines: each is one LOG warning, no errors; stopped still means exit 1
    path = tmp_path / "warn.jsonl"
    path.write_text('{"type": "scenario_start", "game": "other"}\n' * 30)
    result = modgen("--limit", "findings=10", "check", str(path), "--game", str(GAME))
    assert " 0 error(s), 10 warning(s)" in result.stdout.splitlines()[0], result.stdout[:500]
    assert result.returncode == 1


def test_a_large_bad_log_stays_within_the_memory_cap(tmp_path: Path) -> None:
    """300,000 bad events at the default limit (10,000): without the limit, --json took ~4.4 KB per finding (1.3 GB
    for 300,000, past the 1 GiB address-space cap); with it the run ends normally with the limit's findings."""
    log = write_log(tmp_path, 300_000)
    result = modgen("check", log, "--game", str(GAME), "--json")
    assert result.returncode == 1, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert len(report["findings"]) == limits.LIMITS["findings"].default == 10_000
    assert report["stopped"]["event_index"] == 10_002 and report["events"] == 300_001
    assert result.peak_rss_bytes < MEMORY_BYTES  # 0 when an earlier child peaked higher; RLIMIT_AS still holds


# ---- the sidecar's /check ------------------------------------------------------------------------------------------
def test_sidecar_check_returns_a_normal_report_that_says_where_it_stopped() -> None:
    limits.override("findings=5")  # as `modgen --limit findings=5 serve`: the spawned workers must apply it too
    app = create_app(GAME, limits=Limits(max_upload=4 * 1024 * 1024, workers=1))
    with TestClient(app, base_url=BASE) as client:
        resp = client.post("/check", files={"file": ("bad.jsonl", repeated_turns(200))})
    assert resp.status_code == 200, resp.text
    report = resp.json()
    assert len(report["findings"]) == 5
    assert report["stopped"]["event_index"] == 7 and report["stopped"]["events_checked"] == 8
    assert "checked only up to event 7 (8 of 201 events)" in report["stopped"]["message"]


def test_reading_warnings_past_the_limit_are_counted_in_one_line() -> None:
    """A VASSAL save whose every event is skipped gives one reading warning per event: they are capped too."""
    limits.override("findings=10")
    warnings = [f"game.vlog: event {n} (move) skipped: no unit" for n in range(100)]
    report = check._run(load_game(GAME), [], warnings, None)
    messages = [f.message for f in report.findings]
    assert messages[:10] == warnings[:10]
    assert messages[10:] == ["90 more reading warnings not listed (the findings limit of 10; raise it with "
                             "--limit findings=N or MODGEN_LIMIT_FINDINGS=N)"]
    assert report.stopped is None  # every event was replayed: nothing is unchecked
