"""Benchmark: 500 counters, front and back, to PNG files and to a counter-sheet PDF. Prints seconds; asserts nothing.

    .venv/bin/python benchmarks/bench_counters.py [--n 500] [--px 150] [--jobs N] [--repeat 3]

The counters are the test fixtures' EFB, TiS, CoH and FoW units (every built-in layout) repeated with new ids
until there are --n of them; every counter is distinct (no render is reused), each has two faces.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fixtures_counters import SYSTEMS, make_game  # noqa: E402

from modgen.draw.counter_export import default_workers, export_pngs  # noqa: E402
from modgen.draw.sheets import SheetOptions, write_sheet_pdf  # noqa: E402


def bench_game(system: str, n: int):
    base = [u for u in SYSTEMS[system]() if u.get("kind") != "marker"]
    units = []
    for i in range(n):
        u = copy.deepcopy(base[i % len(base)])
        u["id"] = f"{u['id']}.{i}"
        u["count"] = 1
        faces = u["faces"]
        if len(faces) < 2:  # give every counter a printed back of its own
            faces["back"] = {"kind": "parent", "text": f"#{i}"}
        units.append(u)
    return make_game(system, units)


CPU: list[float] = []


def timed(fn) -> float:
    """Wall seconds of fn(); its CPU seconds (this process and finished worker processes) go to CPU."""
    t, c = time.perf_counter(), os.times()
    fn()
    c2 = os.times()
    CPU.append(sum(c2[:4]) - sum(c[:4]))
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--px", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    jobs = args.jobs or default_workers()
    print(f"{args.n} counters x 2 faces, {jobs} worker process(es), best of {args.repeat}")
    for system in ("efb", "coh", "tis", "fow"):
        game = bench_game(system, args.n)
        faces = sum(len(u["faces"]) for u in game.units)
        with tempfile.TemporaryDirectory() as tmp:
            CPU.clear()
            png = min(timed(lambda g=game: list(export_pngs(g, Path(tmp) / "png", args.px, workers=jobs)))
                      for _ in range(args.repeat))
            png_cpu = min(CPU)
            CPU.clear()
            opts = SheetOptions(size="5/8in", dpi=300, paper="letter")
            pdf = min(timed(lambda g=game, o=opts: write_sheet_pdf(g, Path(tmp) / "s.pdf", o, workers=jobs))
                      for _ in range(args.repeat))
            pdf_cpu = min(CPU)
            size = (Path(tmp) / "s.pdf").stat().st_size
        print(f"{system}: {faces} faces -> PNG {args.px}px: {png:.2f} s wall, {png_cpu:.2f} s CPU; "
              f"sheet PDF 5/8in 300 dpi: {pdf:.2f} s wall, {pdf_cpu:.2f} s CPU ({size / 1e6:.1f} MB)")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
