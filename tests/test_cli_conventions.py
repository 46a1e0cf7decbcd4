"""CLI conventions (issue #20): -q prints nothing (check: only the errors), --json puts one JSON object on stdout and
the message on stderr, --version, progress steps on stderr, a quiet exit 0 on a closed pipe; the shipped .vlog."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from modgen import __version__
from modgen.cli import main


@pytest.fixture()
def manifest(tmp_path: Path) -> Path:
    assert main(["new", str(tmp_path / "ws"), "--id", "g", "-q"]) == 0
    return tmp_path / "ws" / "games" / "g.json"


@pytest.mark.parametrize(("args", "key"), [
    (["map", "{m}", "-o", "{t}/map.png"], "width"),
    (["counters", "{m}", "-o", "{t}/png", "-j", "1"], "pngs"),
    (["sheet", "{m}", "-o", "{t}/s.pdf", "-j", "1"], "sheets"),
    (["build", "{m}", "-o", "{t}/g.vmod", "-j", "1"], "pieces"),
])
def test_quiet_and_json(manifest: Path, tmp_path: Path, capsys, args: list[str], key: str) -> None:
    fill = [a.format(m=manifest, t=tmp_path) for a in args]
    capsys.readouterr()
    assert main([*fill, "-q"]) == 0
    assert capsys.readouterr() == ("", "")
    assert main([*fill, "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["output"] == fill[fill.index("-o") + 1] and isinstance(data[key], int)
    assert err.startswith("wrote ")


def test_new_json_and_version(tmp_path: Path, capsys) -> None:
    assert main(["new", str(tmp_path / "w"), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {"manifest": str(tmp_path / "w" / "games" / "w.json"), "system": "efb"}
    assert err.startswith("created ")
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"modgen, version {__version__}\n"


# --- the shipped VASSAL log (scripts/record_vlog.py wrote it with the real engine; no engine needed here) ---------

REPO = Path(__file__).resolve().parent.parent
VLOG = REPO / "logs" / "minsk44" / "played.vlog"
MINSK = REPO / "games" / "minsk44.json"


def _script():
    """tests/engine_play/minsk44.py: the actions the engine played to write VLOG (the expected values)."""
    spec = importlib.util.spec_from_file_location("minsk44_script", REPO / "tests" / "engine_play" / "minsk44.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_shipped_vlog_decodes_to_what_the_script_played(capsys) -> None:
    capsys.readouterr()
    assert main(["log", str(VLOG), "--game", str(MINSK), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0] == {"type": "scenario_start", "game": "minsk44", "i": 0}
    script = _script()
    # every reinforcement the script dragged from the holding map, in order, at the hex it was dropped on
    assert [(e["unit"], e["hex"]) for e in events if e["type"] == "reinforcement"] == \
        [(u, h) for _, u, h in (*script.REINFORCE_T1, *script.REINFORCE_T2)]
    # the script's moves: su.3gtc.18 dropped on 3203, 3204, 3206 in one movement phase is one move
    assert [(e["unit"], e["from"], e["to"], e.get("via")) for e in events if e["type"] == "move"] == [
        ("su.3gtc.18", "3201", "3206", ["3203", "3204"]), ("su.3gtc.19", "3201", "3206", None),
        ("su.3gtc.hq", "3301", "3305", None), ("su.3gtc.20", "3401", "3405", None),
        ("de.23flak.1", "1424", "1425", None),
        ("su.3gtc.18", "3206", "3209", None), ("su.3gtc.19", "3206", "3209", None)]
    assert [e["turn"] for e in events if e["type"] == "turn"] == [1, 2]
    attack = next(e for e in events if e["type"] == "attack")  # "!attack 3209 -> 3210 table mobile"
    assert (attack["hex"], attack["table"], sorted(attack["attackers"])) == \
        ("3210", "mobile", ["su.3gtc.18", "su.3gtc.19"])
    assert [e["purpose"] for e in events if e["type"] == "roll"] == ["events", "combat"]


def test_shipped_vlog_checks_clean(capsys) -> None:
    capsys.readouterr()
    assert main(["check", str(VLOG), "--game", str(MINSK), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [f for f in report["findings"] if f["severity"] in ("error", "warning")] == []
    assert main(["check", str(VLOG), "--game", str(MINSK), "-q"]) == 0
    assert capsys.readouterr() == ("", "")


# --- -q on check, log; progress steps; closed pipes ------------------------------------------------------------


def test_check_quiet_prints_only_the_errors(capsys) -> None:
    capsys.readouterr()
    log = str(REPO / "logs" / "minsk44" / "violations.jsonl")
    assert main(["check", log, "--game", str(MINSK), "-q"]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    # README's example report of this log: three errors, EFB 6.2, 8.3 and 9.1, numbered #1-#3
    assert [line.split()[:2] for line in out.splitlines()] == [["#1", "EFB"], ["#2", "EFB"], ["#3", "EFB"]]
    assert [line.split()[2] for line in out.splitlines()] == ["6.2", "8.3", "9.1"]


def test_log_quiet_writes_the_file_and_prints_nothing(tmp_path: Path, capsys) -> None:
    capsys.readouterr()
    out_file = tmp_path / "events.jsonl"
    assert main(["log", str(VLOG), "--game", str(MINSK), "-q", "-o", str(out_file)]) == 0
    assert capsys.readouterr() == ("", "")
    assert json.loads(out_file.read_text().splitlines()[0])["type"] == "scenario_start"


def test_build_and_map_pdf_show_their_steps_on_stderr(manifest: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # a person at a terminal
    assert main(["build", str(manifest), "-o", str(tmp_path / "g.vmod"), "-j", "1"]) == 0
    out, err = capsys.readouterr()
    assert [line.split(":")[0] for line in err.splitlines()] == ["step 1/3", "step 2/3", "step 3/3"]
    assert out.startswith("wrote ")
    assert main(["map", str(manifest), "--pdf", "-o", str(tmp_path / "m.pdf")]) == 0
    out, err = capsys.readouterr()
    assert [line.split(":")[0] for line in err.splitlines()] == ["step 1/2", "step 2/2"]
    assert main(["map", str(manifest), "-o", str(tmp_path / "m.png")]) == 0  # a PNG is quick: no steps
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)  # piped: the same plain lines (issue #20)
    assert main(["build", str(manifest), "-o", str(tmp_path / "g2.vmod"), "-j", "1"]) == 0
    assert [line.split(":")[0] for line in capsys.readouterr().err.splitlines()] == ["step 1/3", "step 2/3", "step 3/3"]
    assert main(["build", str(manifest), "-o", str(tmp_path / "g3.vmod"), "-j", "1", "-q"]) == 0
    assert capsys.readouterr() == ("", "")  # -q: nothing at all
    assert main(["counters", str(manifest), "-o", str(tmp_path / "pngs"), "-j", "1"]) == 0
    assert capsys.readouterr().err.startswith("rendering ")  # piped: one plain line instead of the bar


class _ClosedPipe(io.StringIO):
    """A stdout whose reader has gone away (`| head -1` after its line)."""

    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("args", [
    ["log", str(VLOG)],
    ["check", str(VLOG), "--game", str(MINSK)],
    ["validate", str(MINSK), "--json"],
])
def test_closed_pipe_exits_quietly(monkeypatch, capsys, args: list[str]) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(args) == 0
    assert capsys.readouterr().err == ""


def test_closed_pipe_in_a_real_pipeline() -> None:
    script = f"set -o pipefail; {sys.executable} -m modgen log --json {VLOG} --game {MINSK} | head -1"
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert json.loads(proc.stdout)["type"] == "scenario_start"
