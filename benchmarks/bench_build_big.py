"""Benchmark: a 2,000-hex, 500-counter module build, -j 1 against -j 2, and the PNG-encode floor. CPU and wall.

Wall time shows the speed-up only on an idle machine; on a shared one the CPU figures decide: the main process's
and the workers' CPU seconds, and the bound two idle cores allow, max(main, board, (main + workers) / 2), where
board is the board's serial piece: drawn and encoded alone (in the main process in the first rounds, then in a
process of its own), or, since the board is drawn in bands (modgen.draw.boards), the slowest band plus joining and
encoding the bands.

    .venv/bin/python benchmarks/bench_build_big.py [--repeat 3] [--baseline SRC]

The game: bench_map.py's 50×40 map (terrain, rivers, roads, towns) and bench_counters.py's 500 EFB counters with
two faces each. The floor is what Pillow alone needs to encode the same images as PNG, one after another, at the
level the module uses (the map and every face, rendered beforehand). The builds -j 1 and -j 2 are cold (the image
cache off); the rebuild is the same game built again with the image cache (modgen/draw/imagecache.py) warm.
``--baseline SRC`` measures another checkout (``git archive main | tar -x -C /tmp/base``) on the same game first, so
before and after come from one run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from timing import before_after  # noqa: E402


def _cpu(who: int) -> float:
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def make_game():
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(HERE))
    from bench_counters import bench_game
    from bench_map import TERRAIN, make_map

    from modgen.data.model import Game

    g = bench_game("efb", 500)
    manifest = {**g.manifest, "terrain": {**(g.manifest.get("terrain") or {}), **TERRAIN}}
    return Game(path=g.path, manifest=manifest, counters_doc=g.counters_doc, maps_docs=[{"maps": [make_map()]}])


def measure(repeat: int) -> dict[str, float]:
    """Wall and CPU seconds (best of *repeat*) of build -j 1 and -j 2, and the serial PNG-encode floor (CPU)."""
    from PIL import Image

    from modgen.draw import counter_export, counters, mapdraw
    from modgen.vassal import module

    # every build starts with the face caches of this process empty (the workers fork from it and would inherit
    # them), as a `modgen build` process does; the code before those caches has nothing to clear
    clear = getattr(counter_export, "clear_caches", lambda: None)

    game = make_game()
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "big.vmod"
        os.environ["MODGEN_IMAGE_CACHE"] = "off"  # cold builds: every image drawn (the rebuild below uses the cache)
        module.build_module(game, target, workers=1)  # warm: fonts, layouts, imports
        for jobs in (1, 2):
            best = (float("inf"), 0.0, 0.0)
            for _ in range(repeat):
                clear()
                t, c0, k0 = time.perf_counter(), _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
                module.build_module(game, target, workers=jobs)
                run = (time.perf_counter() - t, _cpu(resource.RUSAGE_SELF) - c0, _cpu(resource.RUSAGE_CHILDREN) - k0)
                best = min(best, run)
            out[f"build -j {jobs}"], out[f"main cpu -j {jobs}"], out[f"workers cpu -j {jobs}"] = best
        # a rebuild of the unchanged game with the image cache (modgen/draw/imagecache.py) in a folder of its own
        os.environ.update(MODGEN_IMAGE_CACHE="on", MODGEN_CACHE_DIR=str(Path(tmp) / "cache"))
        module.build_module(game, target, workers=1)
        best = float("inf")
        for _ in range(repeat):
            clear()
            c0 = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN)
            module.build_module(game, target, workers=1)
            best = min(best, _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN) - c0)
        out["rebuild cpu"] = best
        hex_px = game.manifest.get("vassal", {}).get("hex_px") or module.DEFAULT_HEX_PX
        b = module._Builder(game, None, mapdraw.render_map, counters.render_face, counters.faces_of)
        images = [mapdraw.render_map(game, game.maps[0]["id"], hex_px)]
        images += [counters.render_face(game, u, f, b.counter_px) for u in game.units for f in counters.faces_of(u)]
        level = getattr(module, "PNG_LEVEL", 6)

        def encode_all() -> None:
            for img in images:
                img.save(io.BytesIO(), "PNG", optimize=False, compress_level=level)

        best = float("inf")
        for _ in range(repeat):
            t = time.process_time()
            encode_all()
            best = min(best, time.process_time() - t)
        out["PNG-encode floor"] = best  # CPU seconds, as the build's CPU figures
        out["board cpu"] = _board_serial(game, hex_px, level, repeat)
        out["images"] = len(images)
        del Image
    return out


def _board_serial(game, hex_px: float, level: int, repeat: int) -> float:
    """CPU seconds of the board's serial piece at -j 2: the board drawn and encoded alone, or where the code draws
    a big board in bands (modgen.draw.boards.bands_of), the slowest band plus joining and encoding them."""
    from concurrent.futures import Future

    from modgen.draw import boards, mapdraw

    map_id = game.maps[0]["id"]
    n = boards.bands_of(game.maps[0], hex_px, 2) if hasattr(boards, "bands_of") else 1
    best = float("inf")
    for _ in range(repeat):
        if n == 1:
            t = time.process_time()
            img = mapdraw.render_map(game, map_id, hex_px, legend=True)
            img.save(io.BytesIO(), "PNG", optimize=False, compress_level=level)
            best = min(best, time.process_time() - t)
            continue
        slowest, parts = 0.0, []
        for k in range(n):
            t = time.process_time()
            f: Future = Future()
            f.set_result(boards.board_band(game, map_id, hex_px, level, k, n))
            slowest = max(slowest, time.process_time() - t)
            parts.append(f)
        t = time.process_time()
        boards._joined(parts, level)
        best = min(best, slowest + time.process_time() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", type=Path, default=None)
    ap.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        args.measure.write_text(json.dumps(measure(args.repeat)))
        return
    runs = before_after(__file__, args.baseline, ROOT, ["--repeat", str(args.repeat)])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times need an idle machine; the "
          "CPU-bound estimate is what two idle cores allow: max(main, board, (main + workers) / 2), where board is the "
          "board's serial piece: drawn and encoded alone, or when drawn in bands, the slowest band plus joining and "
          "encoding)")
    for label, r in runs.items():
        j1, j2, floor = r["build -j 1"], r["build -j 2"], r["PNG-encode floor"]
        main2, work2 = r["main cpu -j 2"], r["workers cpu -j 2"]
        bound2 = max(main2, r.get("board cpu", 0.0), (main2 + work2) / 2)
        cpu1 = r["main cpu -j 1"] + r["workers cpu -j 1"]
        print(f"{label:>6}: wall -j 1 {j1:.2f} s, -j 2 {j2:.2f} s ({j1 / j2:.2f}x); CPU -j 1 {cpu1:.2f} s, -j 2 main "
              f"{main2:.2f} s + workers {work2:.2f} s, board {r.get('board cpu', 0.0):.2f} s -> "
              f"bound {bound2:.2f} s ({cpu1 / bound2:.2f}x); PNG-encode floor "
              f"{floor:.2f} s for {r['images']} images: -j 1 {cpu1 / floor:.2f}x, -j 2 bound {bound2 / floor:.2f}x; "
              f"rebuild of the unchanged game -j 1 {r['rebuild cpu']:.2f} s CPU ({r['rebuild cpu'] / floor:.2f}x the "
              "floor)")


if __name__ == "__main__":
    main()
