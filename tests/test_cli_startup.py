"""Start-up stays cheap: `modgen --version` and `modgen log --help` import no subcommand they do not run, and neither
Pillow nor jsonschema (the lazy group in modgen/cli/__init__.py; README "Performance")."""

from __future__ import annotations

import json
import subprocess
import sys

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
