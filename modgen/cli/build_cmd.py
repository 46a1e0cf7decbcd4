"""`modgen build`: write a VASSAL module (.vmod) for a game."""

from __future__ import annotations

import time
from pathlib import Path

import click

from modgen.cli.params import FiniteFloatRange
from modgen.data.model import load_game

from .common import Steps, check_output, done, invalid_data_reported, output_options, require_valid


@click.command("build")
@click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", required=True, metavar="FILE", type=click.Path(path_type=Path),
              help="The .vmod to write (written atomically: a failed build leaves no file behind).")
@click.option("--hex-px", type=FiniteFloatRange(16, 400), default=None,
              help="Pixels between adjacent hex centres on the VASSAL board (default: manifest vassal.hex_px, "
                   "else 100).")
@click.option("--validate/--no-validate", default=True, show_default=True,
              help="Validate the game data first and refuse to build invalid data.")
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
              help="Worker processes for rendering counters (default: one per CPU core).")
@output_options
def command(manifest: Path, out: Path, hex_px: float | None, validate: bool, jobs: int | None, quiet: bool,
            as_json: bool) -> None:
    """Build a VASSAL module from the game at MANIFEST (games/<game>.json) into OUT.

    The module has one map per game map (hex grid numbered exactly as the data), a piece palette (a tab per side,
    a list per formation), dice, a turn tracker with the system's phases, chart windows with the game's tables,
    and every scenario as a predefined set-up. It opens in VASSAL 3.6 and 3.7.
    """
    if out.suffix.lower() != ".vmod":
        raise click.BadParameter(f"{out}: the output must end in .vmod", param_hint="-o/--output")
    step = Steps(3 if validate else 2, hidden=quiet or as_json)
    if validate:
        step("validating the game data")
        require_valid(manifest)
    from modgen.vassal.module import build_module

    start = time.perf_counter()
    with invalid_data_reported(manifest):
        step("loading the game")
        game = load_game(manifest)
        check_output(out, game)
        step(f"rendering maps and counters, writing {out}")
        stats = build_module(game, out, hex_px=hex_px, workers=jobs)
    seconds = time.perf_counter() - start
    reused = f", {stats.cached} images from the cache" if stats.cached else ""
    done(f"wrote {out} ({stats.maps} map{'s' if stats.maps != 1 else ''}, {stats.slots} pieces, "
         f"{stats.setups} set-up{'s' if stats.setups != 1 else ''}, {stats.bytes / 1024:.0f} KiB{reused}) in "
         f"{seconds:.1f} s",
         {"output": str(out), "maps": stats.maps, "pieces": stats.slots, "setups": stats.setups, "bytes": stats.bytes,
          "cached_images": stats.cached, "seconds": round(seconds, 3)}, quiet=quiet, as_json=as_json)

