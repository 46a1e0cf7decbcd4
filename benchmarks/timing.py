"""Timing helper shared by the benchmark scripts (imported as a sibling: the scripts run from this folder)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def best(fn: Callable[[], Any], repeats: int = 3) -> float:
    """The shortest wall time of ``repeats`` calls of ``fn``, in seconds (the least disturbed run)."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def before_after(script: str, baseline: Path | None, after: Path, args: list[str]) -> dict[str, Any]:
    """Run ``script --measure FILE *args`` with the ``baseline`` checkout's code (if given), then with ``after``'s, each
    in a fresh process (``PYTHONPATH``), so before and after come from one run; {"before"?: result, "after": result}
    with each result the JSON the measuring process wrote."""
    runs: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, src in (("before", baseline), ("after", after)):
            if src is None:
                continue
            res = Path(tmp) / f"{label}.json"
            subprocess.run([sys.executable, script, "--measure", str(res), *args], check=True,
                           env={**os.environ, "PYTHONPATH": str(Path(src).resolve())})
            runs[label] = json.loads(res.read_text())
    return runs
