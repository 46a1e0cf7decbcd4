"""Benchmark: render the bundled Flames of War table map (labels placed clear of markers) and validate each
bundled game's ``rules`` against its plugin's closed schema.

Run: .venv/bin/python benchmarks/bench_table_map.py [--repeat 5]
Prints the best wall time of --repeat runs for each figure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best  # noqa: E402

from modgen.data.documents import Doc, Report, rules_schema_issues  # noqa: E402
from modgen.data.jsonio import load  # noqa: E402
from modgen.data.model import load_game  # noqa: E402
from modgen.draw.mapdraw import render_map  # noqa: E402
from modgen.systems.registry import get_system  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    game = load_game(ROOT / "games" / "fow.json")
    for ppi in (10, 20, 40):
        t = best(lambda ppi=ppi: render_map(game, "table", px_per_inch=ppi), a.repeat)
        print(f"fow table map at {ppi:>2} px/in: {t * 1000:7.1f} ms")
    for path in sorted((ROOT / "games").glob("*.json")):
        located = load(path)
        doc = Doc("game", str(path), located)
        system = get_system(located.value["system"])

        def run(doc: Doc = doc, system: object = system) -> None:
            report = Report()
            rules_schema_issues(doc, system.rules_schema(), doc.value["system"], report)
            assert not report.issues, report.issues

        print(f"rules schema check {path.name:<20}: {best(run, a.repeat) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
