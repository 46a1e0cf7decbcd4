"""`modgen counters`: one PNG (or SVG) per counter face (`modgen counters [render] MANIFEST -o DIR`), and the order of
battle in a spreadsheet (`modgen counters export|import`, docs/spreadsheets.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from modgen.atomic import check_output_dir
from modgen.data.model import load_game
from modgen.draw.counter_export import all_faces, export_pngs, export_svgs, png_name
from modgen.errors import DataError

from .common import done, invalid_data_reported, output_options, require_valid
from .spreadsheet_cmd import DefaultGroup, export_command, import_command

NEEDS = ("counters",)  # the parts of the game this command reads (modgen.data.parts)


@click.command("render")
@click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out_dir", required=True, metavar="DIR", type=click.Path(path_type=Path),
              help="Folder for the PNGs (created if missing); files are named <unit id>.<face>.png. They are "
                   "moved in only when all are rendered, replacing files of the same name; other files stay.")
@click.option("--px", default=150, show_default=True, type=click.IntRange(16, 2400),
              help="Size of each counter image in pixels (square).")
@click.option("--unit", "unit_ids", multiple=True, help="Only this counter id (repeatable).")
@click.option("--validate/--no-validate", default=True, show_default=True,
              help="Validate the game data first and refuse to render invalid data.")
@click.option("--alpha", is_flag=True, help="RGBA PNGs: transparent outside rounded or round counters.")
@click.option("--svg", is_flag=True, help="Write SVG files (<unit id>.<face>.svg: shapes as vectors, text as text, "
                                          "--px user units square) instead of PNGs, for finishing in Inkscape.")
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: one per CPU core).")
@output_options
def render(manifest: Path, out_dir: Path, px: int, unit_ids: tuple[str, ...], alpha: bool, svg: bool,
           jobs: int | None, validate: bool, quiet: bool, as_json: bool) -> None:
    """Render every face of every counter of the game at MANIFEST to PNG (or SVG) files."""
    if validate:
        require_valid(manifest, NEEDS)  # a broken map or scenario is a warning here: counters print without them
    with invalid_data_reported(manifest, NEEDS):
        game = load_game(manifest, skip=("maps", "scenarios"))  # only the parts in NEEDS
        faces = all_faces(game)
        if unit_ids:
            known = {u for u, _ in faces}
            missing = [u for u in unit_ids if u not in known]
            if missing:
                raise DataError(f"{manifest}: no counter {missing[0]!r}")
            faces = [(u, f) for u, f in faces if u in unit_ids]
        if not faces:
            raise DataError(f"{manifest}: the game has no counters to render")
        ext = "svg" if svg else "png"
        check_output_dir(out_dir, game.input_files(), [png_name(u, f, ext) for u, f in faces])
        # a bar for a person at a terminal; piped, one plain line says what the run is doing
        if not (quiet or as_json or sys.stderr.isatty()):
            click.echo(f"rendering {len(faces)} counter faces …", err=True)
        written = (export_svgs(game, out_dir, px, faces=faces) if svg
                   else export_pngs(game, out_dir, px, workers=jobs, faces=faces, alpha=alpha))
        with click.progressbar(length=len(faces), label="Rendering counters", file=sys.stderr,
                               hidden=quiet or as_json or not sys.stderr.isatty()) as bar:
            for _ in written:
                bar.update(1)
    done(f"wrote {len(faces)} {ext.upper()}s ({px}×{px} px) to {out_dir}",
         {"output": str(out_dir), f"{ext}s": len(faces), "px": px}, quiet=quiet, as_json=as_json)


@click.group("counters", cls=DefaultGroup, default="render")
def command() -> None:
    """Counters: render them to PNGs, or move the order of battle to and from a spreadsheet.

    `modgen counters MANIFEST -o DIR` is `modgen counters render MANIFEST -o DIR`.
    """


command.add_command(render)
command.add_command(export_command("counters"))
command.add_command(import_command("counters"))
