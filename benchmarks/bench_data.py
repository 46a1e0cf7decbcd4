"""Benchmark: load, validate and render the bundled games (Minsk '44, Guards Tank, Arnhem 1944, Storms of Steel, FoW).

Prints, per game: `modgen validate` time, counter faces rendered per second at 150 px (in this process), and map
render time at the game's pixels per hex (pixels per inch for the FoW table).
Run: .venv/bin/python benchmarks/bench_data.py [REPEATS] [GAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from timing import best

from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.draw import counters, mapdraw

REPO = Path(__file__).resolve().parents[1]
#: game id -> map px per hex (px per inch for the FoW table)
GAMES = {"minsk44": 40, "guardstank": 40, "arnhem44": 40, "stormsofsteel": 60, "fow": 10}


def main(repeats: int = 3, games: list[str] | None = None) -> None:
    for name in games or GAMES:
        path = REPO / "games" / f"{name}.json"
        game = load_game(path)
        faces = [(u, f) for u in game.units for f in u["faces"]]
        px = GAMES.get(name, 40)
        t_val = best(lambda p=path: validate_game(p), repeats)
        t_faces = best(lambda g=game, fs=faces: [counters.render_face(g, u, f, 150) for u, f in fs], repeats)
        t_map = best(lambda g=game, p=px: mapdraw.render_map(g, None, p), repeats)
        print(f"{name:14s} validate {t_val * 1000:7.1f} ms | {len(faces):4d} faces in {t_faces:5.2f} s "
              f"({len(faces) / t_faces:6.0f} faces/s) | map {t_map * 1000:7.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, sys.argv[2:] or None)
