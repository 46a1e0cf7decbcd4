"""`modgen import`: an existing VASSAL module → a modgen workspace, a binding file and an import report."""

from __future__ import annotations

import click

from .common import done, output_options


@click.command("import")
@click.argument("module", type=click.Path(dir_okay=False, path_type=str))
@click.argument("directory", type=click.Path(file_okay=False, path_type=str))
@click.option("--system", default="efb", show_default=True,
              help="Rule system of the new workspace (efb, tis, coh, fow, or a plugin's id); fill its tables after.")
@click.option("--id", "game_id", default=None, help="Game id (default: from the module's name).")
@output_options
def command(module: str, directory: str, system: str, game_id: str | None, quiet: bool, as_json: bool) -> None:
    """Import MODULE (.vmod) into the workspace DIRECTORY.

    Writes games/<id>.json, counters/, maps/ (board images kept), scenarios/ (one per predefined set-up),
    bindings/<id>.json (ties the module's pieces to the units, so `modgen log`/`modgen check` read logs played with
    MODULE itself) and import-report.txt (everything that could not be mapped). Prints a summary.
    """
    from modgen.vassal.importer import REPORT_NAME, import_module

    result = import_module(module, directory, system=system, game_id=game_id)
    if not quiet:
        for line in result.report[:20]:
            click.echo(f"  {line}", err=as_json)
        if len(result.report) > 20:
            click.echo(f"  … {len(result.report) - 20} more in {REPORT_NAME}", err=as_json)
    done(result.summary(), {"directory": directory, "summary": result.summary(), "report": result.report},
         quiet=quiet, as_json=as_json)
