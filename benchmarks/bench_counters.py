"""Benchmark: 500 counters, front and back, to PNG files and to a counter-sheet PDF. Prints seconds; asserts nothing.

    .venv/bin/python benchmarks/bench_counters.py [--n 500] [--px 150] [--jobs N] [--repeat 3] [--baseline SRC]
        [--distinct]

The counters are the test fixtures' EFB, TiS, CoH and FoW units (every built-in layout) repeated with new ids
until there are --n of them, each with its own id and two faces (a back printing its number where the fixture has
none); most faces look like another's, as a third of the bundled games' faces do (repeated backs and markers), so
the figures include what modgen saves on those (``--distinct``: every front prints its own designation, so none
do). Every repeat starts with modgen's face caches empty. Per system: the CPU of rendering every face in this
process (``render_face``) and of rendering and encoding them as a module build does (``render_pngs`` at its PNG
level, one process), then ``export_pngs`` and the sheet PDF with --jobs workers (wall and CPU); and the module
figure for every bundled game (games/*.json). ``--baseline SRC``
measures another checkout (``git archive main | tar -x -C /tmp/base``) on the same counters first, so before and
after come from one run.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fixtures_counters import SYSTEMS, make_game  # noqa: E402
from timing import before_after  # noqa: E402


def bench_game(system: str, n: int, distinct: bool = False):
    """The fixture's units (markers left out) repeated to ``n`` counters; ``distinct``: each front prints its own
    designation (the fixture's with the counter's number), so no two fronts look alike."""
    base = [u for u in SYSTEMS[system]() if u.get("kind") != "marker"]
    units = []
    for i in range(n):
        u = copy.deepcopy(base[i % len(base)])
        u["id"] = f"{u['id']}.{i}"
        if distinct:
            u["designation"] = f"{u.get('designation', '')} {i}"
        u["count"] = 1
        faces = u["faces"]
        if len(faces) < 2:  # give every counter a printed back of its own
            faces["back"] = {"kind": "parent", "text": f"#{i}"}
        units.append(u)
    return make_game(system, units)


CPU: list[float] = []


def timed(fn) -> float:
    """Wall seconds of fn(); its CPU seconds (this process and finished worker processes) go to CPU."""
    cold()
    t, c = time.perf_counter(), os.times()
    fn()
    c2 = os.times()
    CPU.append(sum(c2[:4]) - sum(c[:4]))
    return time.perf_counter() - t


def cold() -> None:
    """Empty the face caches modgen keeps per process (where it has them), so that every repeat draws every face as
    a fresh build does; fonts and layouts stay loaded, as the build's warm-up leaves them."""
    from modgen.draw import counter_export

    getattr(counter_export, "clear_caches", lambda: None)()


def cpu_best(fn, repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls of ``fn`` in this process, each from cold caches."""
    best = float("inf")
    for _ in range(repeat):
        cold()
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def measure(n: int, px: int, jobs: int, repeat: int, distinct: bool) -> dict[str, dict[str, float]]:
    """Every figure for every system, with the modgen on the path."""
    from modgen.draw import counter_export, counters
    from modgen.draw.sheets import SheetOptions, write_sheet_pdf

    out = {}
    for system in ("efb", "coh", "tis", "fow"):
        game = bench_game(system, n, distinct)
        pairs = [(u, f) for u in game.units for f in counters.faces_of(u)]
        ids = [(u["id"], f) for u, f in pairs]
        r: dict[str, float] = {"faces": len(pairs)}
        counters.render_face(game, *pairs[0], px)  # warm: fonts, layouts, imports
        r["render cpu"] = cpu_best(lambda g=game, p=pairs: [counters.render_face(g, u, f, px) for u, f in p], repeat)
        r["module cpu"] = cpu_best(lambda g=game, i=ids: list(counter_export.render_pngs(g, i, px, workers=1)),
                                   repeat)
        with tempfile.TemporaryDirectory() as tmp:
            CPU.clear()
            r["png wall"] = min(timed(lambda g=game: list(counter_export.export_pngs(g, Path(tmp) / "png", px,
                                                                                     workers=jobs)))
                                for _ in range(repeat))
            r["png cpu"] = min(CPU)
            CPU.clear()
            opts = SheetOptions(size="5/8in", dpi=300, paper="letter")
            r["pdf wall"] = min(timed(lambda g=game, o=opts: write_sheet_pdf(g, Path(tmp) / "s.pdf", o, workers=jobs))
                                for _ in range(repeat))
            r["pdf cpu"] = min(CPU)
            r["pdf MB"] = (Path(tmp) / "s.pdf").stat().st_size / 1e6
        out[system] = r
    from modgen.data.model import load_game

    for path in sorted((ROOT / "games").glob("*.json")):  # the bundled games: real counters, repeats as they come
        game = load_game(path)
        ids = [(u["id"], f) for u in game.units for f in counters.faces_of(u)]
        out[f"games/{path.name}"] = {"faces": len(ids), "module cpu": cpu_best(
            lambda g=game, i=ids: list(counter_export.render_pngs(g, i, px, workers=1)), repeat)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--px", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=Path, default=None)
    ap.add_argument("--distinct", action="store_true", help="every front its own designation (no two alike)")
    ap.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    jobs = args.jobs or len(os.sched_getaffinity(0))
    if args.measure:
        args.measure.write_text(json.dumps(measure(args.n, args.px, jobs, args.repeat, args.distinct)))
        return
    print(f"{args.n} counters x 2 faces{' (distinct fronts)' if args.distinct else ''}, {args.px} px, {jobs} worker "
          f"process(es), best of {args.repeat}")
    runs = before_after(__file__, args.baseline, ROOT, ["--n", str(args.n), "--px", str(args.px), "--jobs", str(jobs),
                                                        "--repeat", str(args.repeat),
                                                        *(["--distinct"] if args.distinct else [])])
    for system in ("efb", "coh", "tis", "fow"):
        for label, res in runs.items():
            r = res[system]
            print(f"{system} {label:>6}: {r['faces']:.0f} faces: render_face {r['render cpu']:.3f} s CPU, rendered and "
                  f"encoded as a module does {r['module cpu']:.3f} s CPU (1 process); PNG files {r['png wall']:.2f} s "
                  f"wall, {r['png cpu']:.2f} s CPU; sheet PDF 5/8in 300 dpi {r['pdf wall']:.2f} s wall, "
                  f"{r['pdf cpu']:.2f} s CPU ({r['pdf MB']:.1f} MB)")
    for game in [name for name in runs.get("after", {}) if name.startswith("games/")]:
        print(f"{game}: {runs['after'][game]['faces']:.0f} faces rendered and encoded as a module does: "
              + ", ".join(f"{label} {res[game]['module cpu']:.3f} s CPU" for label, res in runs.items()))
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
