"""Run the CLI as a hostile-input test does: in a subprocess with a memory cap and a wall-clock cap.

``run_bounded`` returns the completed process and its peak RSS; ``assert_one_line_error`` checks the promise of
README's command line: a non-zero exit (1, or 2 for usage), exactly one line on stderr that names the input, no
traceback and never exit 70.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from modgen.cli.common import PROGRESS

#: The acceptance bounds of issue #12: under 1 GB of memory and 30 s of wall time per hostile case.
MEMORY_BYTES = 1 << 30
WALL_SECONDS = 30


@dataclass
class Bounded:
    returncode: int
    stdout: str
    stderr: str
    peak_rss_bytes: int


def run_bounded(args: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None,
                memory: int = MEMORY_BYTES, seconds: int = WALL_SECONDS, stdin: bytes | None = None) -> Bounded:
    """Run ``python -m modgen ARGS`` with RLIMIT_AS = ``memory`` and a ``seconds`` timeout (a hang fails the test)."""

    def limit() -> None:  # runs in the child before exec
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    full_env = {**os.environ, **(env or {})}
    full_env.pop("MODGEN_DEBUG", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    proc = subprocess.run([sys.executable, "-m", "modgen", *args], cwd=cwd, env=full_env, input=stdin,
                          capture_output=True, timeout=seconds, preexec_fn=limit)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return Bounded(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
                   peak if peak > before * 1024 else 0)


def assert_one_line_error(result: Bounded, *names: str, code: int = 1) -> str:
    """The run failed with ``code``, printed one stderr line naming every one of ``names``, and no traceback."""
    assert result.returncode == code, (result.returncode, result.stderr[-2000:])
    # progress lines (`step 2/3: …`) are not problems: the promise is one error line among them
    lines = [ln for ln in result.stderr.splitlines() if ln.strip() and not PROGRESS.match(ln)]
    assert len(lines) == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]
