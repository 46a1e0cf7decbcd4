"""Figures for modgen.data.jsonio and modgen validate on the bundled games (in process, CPU seconds).

Run `python benchmarks/bench_validate.py [--baseline SRC]`. For each bundled file: jsonio.loads against the standard
json module (a clean file takes json's path; "located" adds finding every position, what an error report needs);
for each game: the first validation in a process (schemas loaded and compiled) and the median of five more.
``--baseline SRC`` runs the same with another checkout's code first (``git archive main | tar -x -C /tmp/base``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def cpu(fn, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def measure(label: str) -> None:
    from modgen.data.jsonio import loads
    from modgen.data.validate import validate_game

    for path in sorted((REPO / "counters").glob("*.json")) + sorted((REPO / "maps").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        ours = cpu(lambda t=text: loads(t))
        located = cpu(lambda t=text: loads(t).position(""))
        std = cpu(lambda t=text: json.loads(t))
        print(f"{label:>6} parse {path.relative_to(REPO)} ({len(text) / 1024:.0f} KiB): jsonio {ours * 1000:.1f} ms, "
              f"located {located * 1000:.1f} ms, stdlib json {std * 1000:.2f} ms ({ours / std:.1f}x)")
    for manifest in sorted((REPO / "games").glob("*.json")):
        first = cpu(lambda m=manifest: validate_game(m), 1)
        runs = [cpu(lambda m=manifest: validate_game(m), 1) for _ in range(5)]
        print(f"{label:>6} validate {manifest.relative_to(REPO)}: first {first * 1000:.0f} ms, "
              f"then median {statistics.median(runs) * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, default=None)
    ap.add_argument("--label", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.label:
        measure(args.label)
        return
    for label, src in (("before", args.baseline), ("after", REPO)):
        if src is not None:
            subprocess.run([sys.executable, __file__, "--label", label], check=True,
                           env={**os.environ, "PYTHONPATH": str(src)})


if __name__ == "__main__":
    main()
