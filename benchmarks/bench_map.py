"""Benchmark: render a 2,000-hex map (50 x 40, flat) at 100 px per hex, plus a print PDF of it.

Run: .venv/bin/python benchmarks/bench_map.py [--hex-px 100] [--repeat 3] [--pdf]
Prints wall time (best and median of --repeat runs), the process's peak RSS and tracemalloc's peak for Python
objects. The map content is generated (illustrative): ~30% woods/swamp/town hexes, rivers, roads, a rail line.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from modgen.draw.mapdraw import render_map, render_map_pdf  # noqa: E402
from modgen.geometry.hexgrid import Grid  # noqa: E402

TERRAIN = {
    "clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"},
    "woods": {"name": "Woods", "kind": "hex", "color": "#7fa060", "pattern": "trees"},
    "swamp": {"name": "Swamp", "kind": "hex", "color": "#a9c4b4", "pattern": "marsh"},
    "town": {"name": "Town", "kind": "hex", "color": "#d2b48c", "pattern": "town"},
    "hill": {"name": "Hill", "kind": "hex", "color": "#d8c07a", "pattern": "dots"},
    "major_river": {"name": "Major river", "kind": "hexside", "color": "#2f5fbf", "width": 0.14},
    "stream": {"name": "Stream", "kind": "hexside", "color": "#6aa8e0", "width": 0.05},
    "bridge": {"name": "Bridge", "kind": "hexside", "color": "#3a3a3a", "width": 0.1},
    "road": {"name": "Road", "kind": "line", "color": "#7a3f1a", "width": 0.06},
    "rail": {"name": "Railroad", "kind": "line", "color": "#202020", "width": 0.05},
}


def make_map(cols: int = 50, rows: int = 40) -> dict:
    num = {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
           "h_off": 1, "v_off": 1}
    m = {"id": "bench", "name": "Benchmark", "kind": "hex",
         "grid": {"orientation": "flat", "columns": cols, "rows": rows, "numbering": num}, "default_terrain": "clear"}
    g = Grid.from_map(m)
    kinds = ["woods", "swamp", "town", "hill"]
    hexes = {}
    for c in range(cols):
        for r in range(rows):
            k = (c * 7 + r * 13 + (c * r) % 5) % 10  # deterministic scatter, ~40% non-clear
            if k < 4:
                hexes[g.label(c, r)] = kinds[k]
    river = [g.label(c, (c // 2 + 5) % rows) for c in range(cols)]
    hexsides = []
    for a in river:
        col, row = g.position(a)
        if row + 1 < rows:
            hexsides.append({"hexes": [a, g.label(col, row + 1)], "type": "major_river"})
    for c in range(0, cols, 3):
        hexsides.append({"hexes": [g.label(c, 30), g.label(c, 31)], "type": "stream"})
    road = [g.label(10, r) for r in range(rows)]
    rail = []
    cur = g.label(0, 20)
    for _ in range(cols - 1):
        rail.append(cur)
        cur = g.neighbours(cur)[2] if len(rail) % 2 else g.neighbours(cur)[1]
        if cur is None:
            break
    lines = [{"type": "road", "hexes": road}, {"type": "rail", "hexes": rail},
             {"type": "road", "hexes": [g.label(c, 12) for c in range(0, cols, 1) if c % 2 == 0][:2]}]
    lines = [ln for ln in lines if len(ln["hexes"]) >= 2 and all(
        g.distance(a, b) == 1 for a, b in zip(ln["hexes"], ln["hexes"][1:], strict=False))]
    places = [{"name": f"Town {i}", "hexes": [h]} for i, h in enumerate(sorted(h for h, t in hexes.items()
                                                                                if t == "town")[:40])]
    m.update(hexes=hexes, hexsides=hexsides, lines=lines, places=places,
             objectives=[{"hex": p["hexes"][0]} for p in places[:10]], areas=[{"id": "w", "edge": "west"}])
    return m


def geometry_figures(m: dict) -> None:
    """Throughput of the Grid queries the rules engine and the log reader use."""
    t = time.perf_counter()
    g = Grid.from_map(m)
    print(f"Grid.from_map (2,000 labels, uniqueness check): {(time.perf_counter() - t) * 1e3:.1f} ms")
    labels = g.labels()
    pairs = [(labels[i], labels[(i * 7919) % len(labels)]) for i in range(len(labels))]
    for name, fn in (("neighbours", lambda a, b: g.neighbours(a)), ("distance", g.distance),
                     ("line", g.line), ("hexside_id", lambda a, b: g.hexside_id(a, g.neighbours(a, False)[2])),
                     ("center_px", lambda a, b: g.center_px(a, 100)),
                     ("hex_at_px", lambda a, b: g.hex_at_px(*g.center_px(a, 100), 100))):
        t = time.perf_counter()
        for a, b in pairs:
            fn(a, b)
        dt = time.perf_counter() - t
        print(f"  {name:11s} {len(pairs) / dt:>10,.0f} calls/s")


class FakeGame(SimpleNamespace):
    def map(self, map_id=None):
        return self.m


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hex-px", type=float, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pdf", action="store_true", help="also time a 16 mm / 300 dpi Letter PDF")
    ap.add_argument("--geometry", action="store_true", help="also time Grid queries (what the rules engine calls)")
    a = ap.parse_args()
    m = make_map()
    game = FakeGame(m=m, manifest={"terrain": TERRAIN}, title="Bench")
    n = m["grid"]["columns"] * m["grid"]["rows"]
    render_map(game, None, 20)  # warm up fonts and imports
    times = []
    for _ in range(a.repeat):
        t = time.perf_counter()
        img = render_map(game, None, a.hex_px)
        times.append(time.perf_counter() - t)
    tracemalloc.start()  # a separate run: tracing slows Python code down
    render_map(game, None, a.hex_px)
    _, py_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    mp = img.width * img.height / 1e6
    print(f"hexes: {n}  image: {img.width}x{img.height} px ({mp:.1f} MP) at {a.hex_px} px/hex")
    print(f"render_map: best {min(times):.3f} s, median {statistics.median(times):.3f} s over {a.repeat} runs")
    print(f"peak RSS: {rss:.0f} MB (image alone {img.width * img.height * 3 / 2**20:.0f} MB); "
          f"tracemalloc peak (Python objects): {py_peak / 2**20:.1f} MB")
    if a.geometry:
        geometry_figures(m)
    if a.pdf:
        with tempfile.TemporaryDirectory() as d:
            t = time.perf_counter()
            pages = render_map_pdf(game, None, Path(d) / "b.pdf", hex_size="16mm", dpi=300, legend=True)
            dt = time.perf_counter() - t
            size = (Path(d) / "b.pdf").stat().st_size
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"render_map_pdf 16mm @300dpi letter: {dt:.2f} s, {pages} pages, {size / 2**20:.1f} MB; "
              f"peak RSS now {rss:.0f} MB")


if __name__ == "__main__":
    main()
