"""Figures for modgen.data.jsonio and modgen validate on the bundled games.

Run `python benchmarks/bench_validate.py`.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from timing import best

from modgen.data.jsonio import loads
from modgen.data.validate import validate_game

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    for path in sorted((REPO / "counters").glob("*.json")) + sorted((REPO / "maps").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        ours = best(lambda t=text: loads(t), 5)
        std = best(lambda t=text: json.loads(t), 5)
        print(f"parse {path.relative_to(REPO)} ({len(text) / 1024:.0f} KiB): jsonio {ours * 1000:.1f} ms "
              f"({len(text) / ours / 1e6:.1f} MB/s), stdlib json {std * 1000:.2f} ms, ratio {ours / std:.0f}x")
    for manifest in sorted((REPO / "games").glob("*.json")):
        validate_game(manifest)  # warm caches (schemas, plugins)
        runs = [best(lambda m=manifest: validate_game(m), 1) for _ in range(5)]
        print(f"validate {manifest.relative_to(REPO)}: median {statistics.median(runs) * 1000:.0f} ms, "
              f"min {min(runs) * 1000:.0f} ms over {len(runs)} runs")


if __name__ == "__main__":
    main()
