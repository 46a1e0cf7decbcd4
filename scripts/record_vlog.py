"""Record the shipped sample log: play a bundled game's legal script in the real VASSAL engine and keep its .vlog.

    python scripts/record_vlog.py [GAME] [--out PATH]      (default: minsk44 -> logs/minsk44/played.vlog)

The game is played by tests/engine_play/runner.py exactly as tests/test_engine_play.py plays it (the module modgen
builds, the scenario's predefined setup, the script's turn-tracker presses, drags, chat and dice, VASSAL 3.6's own
logger); the engine is prepared by .ci/vassal-engine.sh (Java and Xvfb, installed once, cached in .ci/cache/vassal).
The legal script's log is copied to OUT, so README's `modgen log` / `modgen check` examples run on a fresh clone
(tests/test_cli_conventions.py checks the shipped file decodes and checks clean without the engine).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "engine_play"))

import runner  # noqa: E402  (tests/engine_play/runner.py: the engine-play harness driver)


def engine_classpath() -> str:
    """The VASSAL engine's ``java -cp`` string, preparing the engine first (idempotent) as the engine tests do."""
    cache = REPO / ".ci" / "cache" / "vassal"
    subprocess.run(["bash", str(REPO / ".ci" / "vassal-engine.sh"), str(cache)], check=True)
    return (cache / "classpath").read_text().strip()


def main(argv: list[str] | None = None) -> int:
    """Play GAME's legal script in the engine and copy the .vlog it wrote to OUT."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="minsk44", choices=runner.GAMES)
    parser.add_argument("--out", type=Path, help="where to write the log (default: logs/<game>/played.vlog)")
    args = parser.parse_args(argv)
    out: Path = args.out or REPO / "logs" / args.game / "played.vlog"
    classpath = engine_classpath()
    with tempfile.TemporaryDirectory(prefix="record_vlog_") as tmp:
        classes = Path(tmp) / "classes"
        classes.mkdir()
        runner.compile_harness(classes, classpath)
        _game, played, seconds = runner.play(args.game, Path(tmp), classes, classpath)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(played["legal"].vlog, out)
    print(f"{out}: {args.game}'s legal script as VASSAL logged it ({out.stat().st_size} bytes, engine "
          f"{seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
