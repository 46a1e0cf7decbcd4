"""Screenshots of the modules modgen builds, taken in the real VASSAL 3.6 engine under Xvfb, for docs/vassal.md.

    python scripts/vassal_screenshots.py [GAME ...] [--out docs/img]

For each bundled game (default: all five): build the module, start its first scenario's predefined set-up in the
engine's player window (1600×1000 screen), and capture what a player sees — the player window with the main map as
it opens, then scrolled to the set-up, then zoomed out on the legend strip; the Charts window; and each map that
opens in its own window (the holding map, the turn record track). The images are written as
``vassal-<game>-{map,map-setup,map-legend,charts,holding,turntrack}.png``. The engine is prepared
by .ci/vassal-engine.sh (Java and Xvfb, installed once, cached in .ci/cache/vassal), as for the engine tests; the
harness is scripts/vassal_shots/ShotHarness.java.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from modgen.data.model import load_game  # noqa: E402
from modgen.vassal.module import build_module, safe_name  # noqa: E402

NAMES = {"map.png": "map", "map-setup.png": "map-setup", "map-legend.png": "map-legend", "charts.png": "charts",
         "window.png": "holding", "turntrack.png": "turntrack"}


def engine_classpath() -> str:
    """The VASSAL engine's ``java -cp`` string, preparing the engine first (idempotent) as the engine tests do."""
    cache = REPO / ".ci" / "cache" / "vassal"
    subprocess.run(["bash", str(REPO / ".ci" / "vassal-engine.sh"), str(cache)], check=True)
    return (cache / "classpath").read_text().strip()


def shoot(game_file: Path, out: Path, classes: Path, classpath: str, tmp: Path) -> list[Path]:
    """Build ``game_file``'s module and capture its windows into ``out``; the paths written."""
    game = load_game(game_file)
    vmod = tmp / f"{game.id}.vmod"
    build_module(game, vmod)
    first = next(iter(game.scenarios))
    shots = tmp / game.id
    shots.mkdir()
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", "java", "-Djava.awt.headless=false",
                           "-cp", f"{classes}:{classpath}", "modgen.shots.ShotHarness", str(vmod),
                           f"{safe_name(first)}.vsav", str(shots)], capture_output=True, text=True, timeout=600)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"{game.id}: the engine failed (exit {proc.returncode}): {proc.stderr[-2000:]}")
    written = []
    for name in json.loads(lines[-1])["written"]:
        target = out / f"vassal-{game.id}-{NAMES.get(name, Path(name).stem)}.png"
        # 256 colours, no dithering: a screen of flat colours and text stays sharp at a third of the size
        Image.open(shots / name).convert("RGB").quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
                                                         ).save(target, optimize=True)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every bundled game)")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "img")
    args = parser.parse_args(argv)
    files = sorted((REPO / "games").glob("*.json"))
    if args.games:
        files = [f for f in files if f.stem in args.games]
    classpath = engine_classpath()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        classes = tmp / "classes"
        subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(classes), "-cp", classpath,
                        str(REPO / "scripts" / "vassal_shots" / "ShotHarness.java")], check=True)
        for f in files:
            for p in shoot(f, args.out, classes, classpath, tmp):
                print(p.relative_to(REPO) if p.is_relative_to(REPO) else p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
