"""Start-up stays cheap: `modgen --version` and `modgen log --help` import no subcommand they do not run, and neither
Pillow nor jsonschema (the lazy group in modgen/cli/__init__.py; README "Performance")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import contextlib, io, json, sys
from modgen.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps([code, sorted(m for m in sys.modules if m.startswith(("modgen", "PIL", "jsonschema")))]))
"""


def _loaded(*argv: str) -> tuple[int, list[str]]:
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True).stdout
    code, mods = json.loads(out.strip().splitlines()[-1])
    return code, mods


@pytest.mark.parametrize("argv", [("--version",), ("log", "--help")])
def test_no_heavy_imports(argv: tuple[str, ...]) -> None:
    code, mods = _loaded(*argv)
    assert code == 0
    assert not [m for m in mods if m.startswith(("PIL", "jsonschema"))]
    assert not [m for m in mods if m.startswith("modgen.cli.") and m != "modgen.cli.log_cmd"]
    assert not [m for m in mods if m.startswith(("modgen.vassal", "modgen.data", "modgen.draw", "modgen.rules"))]


def test_help_still_lists_every_command_in_order() -> None:
    from click.testing import CliRunner

    from modgen.cli import cli

    out = CliRunner().invoke(cli, ["--help"]).output
    names = [line.split()[0] for line in out.split("Commands:")[1].strip().splitlines()]
    assert names == ["validate", "new", "map", "counters", "setup", "sheet", "build", "import", "log", "check", "serve"]


def _vlog(tmp_path: Path, *steps: str) -> Path:
    from vassal_logs import log_text, save_text, vsav

    path = tmp_path / "game.vlog"
    path.write_bytes(vsav(log_text(save_text([]), [[s] for s in steps])))
    return path


def test_log_without_warnings_imports_no_report_stage(tmp_path: Path) -> None:
    code, mods = _loaded("log", str(_vlog(tmp_path, "CHAT&lt;Alice&gt; - hello")), "--json")
    assert code == 0
    assert "modgen.vassal.reader" in mods
    assert not [m for m in mods if m.startswith("modgen.report")]  # warnings are grouped only when there are some


def test_log_warnings_still_grouped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from modgen.cli import main

    vlog = _vlog(tmp_path, "M/1/main/0/0/null/main/0/0/null/p", "M/1/main/5/5/null/main/0/0/null/p")
    assert main(["log", str(vlog), "--json"]) == 0
    assert capsys.readouterr().err == f"warning: 2 x move of unknown piece 1 (first: {vlog}: step 1)\n"


@pytest.mark.parametrize("argv", [("log", "{vlog}", "--json"), ("log", "{vlog}"), ("log", "{missing}"),
                                  ("log", "{garbage}", "--json"), ("--version",), ("log",)])
def test_python_m_modgen_behaves_as_main(argv: tuple[str, ...], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m modgen`` (which manages the garbage collector around start-up and exit) prints what
    :func:`modgen.cli.main` prints, with the same exit status."""
    from modgen.cli import main

    (tmp_path / "garbage.vlog").write_bytes(b"PK\x03\x04 not really a zip")
    names = {"vlog": _vlog(tmp_path, "CHAT&lt;Alice&gt; - hello", "M/1/main/0/0/null/main/0/0/null/p"),
             "missing": tmp_path / "missing.vlog", "garbage": tmp_path / "garbage.vlog"}
    args = [a.format(**names) for a in argv]
    proc = subprocess.run([sys.executable, "-m", "modgen", *args], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    code = main(args)
    cap = capsys.readouterr()
    assert (proc.returncode, proc.stdout, proc.stderr) == (code, cap.out, cap.err)
