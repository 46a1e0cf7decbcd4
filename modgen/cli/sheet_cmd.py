"""`modgen sheet`: print-ready counter sheets as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from modgen.data.model import load_game
from modgen.draw.printing import PAPER_SIZES_IN
from modgen.draw.sheets import MARKS, ORIENTATIONS, SheetOptions, write_sheet_pdf

from .common import check_output, done, invalid_data_reported, output_options, require_valid

NEEDS = ("counters",)  # the parts of the game this command reads (modgen.data.parts)


@click.command("sheet")
@click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", required=True, metavar="FILE", type=click.Path(path_type=Path),
              help="PDF file to write.")
@click.option("--size", default=None, help="Counter size, e.g. 1/2in, 9/16in, 5/8in, 3/4in, 1in, 16mm "
              "[default: the manifest's print.counter_size, else 5/8in].")
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, help="Resolution: 300 or 600 [default: 300].")
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_IN), case_sensitive=False), default=None,
              help="Paper size [default: the manifest's, else letter].")
@click.option("--margin", default=None, help="Page margin, e.g. 0.5in or 12mm [default: 0.5in].")
@click.option("--bleed", default=None, help="Bleed around each counter, e.g. 1mm [default: 0in].")
@click.option("--orientation", type=click.Choice(ORIENTATIONS), default=None,
              help="Page orientation; auto: whichever holds more counters per page [default: manifest "
                   "print.orientation, else portrait].")
@click.option("--marks", type=click.Choice(MARKS), default="cut", show_default=True,
              help="cut: lines on every counter edge; crop: marks in the margins; none.")
@click.option("--validate/--no-validate", default=True, show_default=True,
              help="Validate the game data first and refuse to render invalid data.")
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
              help="Worker processes for rendering (default: one per CPU core).")
@output_options
def command(manifest: Path, out: Path, size: str | None, dpi: int | None, paper: str | None, margin: str | None,
            bleed: str | None, orientation: str | None, marks: str, jobs: int | None, validate: bool, quiet: bool,
            as_json: bool) -> None:
    """Write the counter sheets of the game at MANIFEST: fronts page, then backs mirrored for long-edge duplex."""
    if validate:
        require_valid(manifest, NEEDS)  # a broken map or scenario is a warning here: counters print without them
    with invalid_data_reported(manifest, NEEDS):
        game = load_game(manifest, skip=("maps", "scenarios"))  # only the parts in NEEDS
        check_output(out, game)
        opts = SheetOptions.from_manifest(game.manifest, size=size, dpi=dpi, paper=paper and paper.lower(),
                                          margin=margin, bleed=bleed, marks=marks,
                                          orientation=orientation)
        lay = write_sheet_pdf(game, out, opts, workers=jobs)
    done(f"wrote {out}: {len(lay.slots)} counters on {lay.sheets} sheet(s) ({2 * lay.sheets} pages), "
         f"{lay.cols}x{lay.rows} per page, {opts.size} at {opts.dpi} dpi on {opts.paper}",
         {"output": str(out), "counters": len(lay.slots), "sheets": lay.sheets, "pages": 2 * lay.sheets},
         quiet=quiet, as_json=as_json)
