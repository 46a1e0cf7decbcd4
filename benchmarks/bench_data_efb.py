"""Benchmark: load, validate and render the two bundled East Front Battles games (Minsk '44, Guards Tank).

Prints, per game: `modgen validate` time, counter faces rendered per second at 150 px, and map render time at
40 px per hex. Run: .venv/bin/python benchmarks/bench_data_efb.py [REPEATS]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from modgen import counters, mapdraw
from modgen.model import load_game
from modgen.validate import validate_game

REPO = Path(__file__).resolve().parents[1]
GAMES = ("minsk44", "guardstank")


def best(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main(repeats: int = 3) -> None:
    for name in GAMES:
        path = REPO / "games" / f"{name}.json"
        game = load_game(path)
        faces = [(u, f) for u in game.units for f in u["faces"]]
        t_val = best(lambda p=path: validate_game(p), repeats)
        t_faces = best(lambda g=game, fs=faces: [counters.render_face(g, u, f, 150) for u, f in fs], repeats)
        t_map = best(lambda g=game: mapdraw.render_map(g, None, 40), repeats)
        print(f"{name:12s} validate {t_val * 1000:7.1f} ms | {len(faces):4d} faces in {t_faces:5.2f} s "
              f"({len(faces) / t_faces:6.0f} faces/s) | map {t_map * 1000:7.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
