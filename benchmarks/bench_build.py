"""Benchmark: `modgen build` (module assembly) for every bundled game, and optionally the engine load.

Run: .venv/bin/python benchmarks/bench_build.py [--repeat 3] [--jobs N] [--cli] [--engine]
For each games/*.json prints the wall time of build_module (best and median of --repeat runs), its parts (map
rendering, counter faces, set-ups + buildFile.xml, zip), the module's size, pieces and images, and the peak RSS of
the process and of its largest worker (a board band or face process). --jobs: counter-rendering processes (default
one per core; 1 renders in this process). --cli: also the wall
time of `modgen build --no-validate` in a fresh process (what a user waits for: cold caches), -j 1 and
default runs alternating. With counters rendered over the cores the "maps" part includes the map drawing
that overlaps with them, and "counters" only the wait after it. --engine also
times one load of each module in the real VASSAL engine (tests/engine harness; needs .ci/vassal-engine.sh to have
run, and Xvfb).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from modgen.data.model import load_game  # noqa: E402
from modgen.vassal.module import build_module  # noqa: E402


def cli_times(manifest: Path, out: Path, repeat: int) -> str:
    """Best and median wall time of `modgen build` in a fresh process, with -j 1 and with the default jobs."""
    times: dict[str, list[float]] = {"-j 1": [], "default": []}
    for _ in range(repeat):
        for label, extra in (("-j 1", ["-j", "1"]), ("default", [])):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import sys; from modgen.cli import main; sys.exit(main())", "build",
                            str(manifest), "-o", str(out), "--no-validate", *extra], check=True, capture_output=True)
            times[label].append(time.perf_counter() - t)
    return ", ".join(f"{k} best {min(v):.2f}s median {statistics.median(v):.2f}s" for k, v in times.items())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=None, help="counter-rendering processes (default: one per core)")
    ap.add_argument("--cli", action="store_true", help="also time `modgen build` in fresh processes, -j 1 vs default")
    ap.add_argument("--engine", action="store_true", help="also time loading each module in VASSAL 3.6.0")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for manifest in sorted((ROOT / "games").glob("*.json")):
            game = load_game(manifest)
            out = Path(tmp) / f"{game.id}.vmod"
            times, stats = [], None
            for _ in range(args.repeat):
                t = time.perf_counter()
                stats = build_module(game, out, workers=args.jobs)
                times.append(time.perf_counter() - t)
            assert stats is not None
            parts = ", ".join(f"{k} {v:.2f}s" for k, v in stats.timings.items())
            print(f"{game.id:14s} build best {min(times):.2f}s median {statistics.median(times):.2f}s "
                  f"({parts}); {stats.bytes / 1024:.0f} KiB, {stats.slots} pieces, {stats.images} images, "
                  f"{stats.maps} maps, {stats.setups} set-ups")
            if args.cli:
                print(f"{'':14s} modgen build: {cli_times(manifest, out, args.repeat)}")
            if args.engine:
                cp = (ROOT / ".ci/cache/vassal/classpath").read_text().strip()
                pts = Path(tmp) / "none.tsv"
                pts.write_text("")
                t = time.perf_counter()
                subprocess.run(["xvfb-run", "-a", "java", "-cp", cp, "modgen.harness.ModgenHarness", str(out),
                                str(pts)], check=True, capture_output=True, timeout=900)
                print(f"{'':14s} engine load + slots + set-ups: {time.perf_counter() - t:.1f}s")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS {rss:.0f} MiB (the largest worker process: {child:.0f} MiB)")


if __name__ == "__main__":
    main()
