"""`modgen new`: scaffold an example game workspace."""

from __future__ import annotations

import click

from modgen.data.scaffold import new_workspace

from .common import done, output_options


@click.command("new")
@click.argument("directory", type=click.Path(file_okay=False, path_type=str))
@click.option("--system", default="efb", show_default=True, metavar="ID",
              help="Rule system of the example: any installed plugin with a template; built in are efb (East Front "
                   "Battles), tis (Taktyka i Strategia), coh (Conflict of Heroes), fow (Flames of War, a table).")
@click.option("--id", "game_id", metavar="ID", help="Game id (file names and \"id\" fields); default: the folder name.")
@click.option("--title", help="Game title; default: derived from the id.")
@output_options
def command(directory: str, system: str, game_id: str | None, title: str | None, quiet: bool, as_json: bool) -> None:
    """Create a small, valid example game in DIRECTORY.

    Writes games/ID.json (the manifest), counters/ID.json, maps/ID.json, scenarios/ID/example.json and a copy
    of the JSON Schemas in schema/ (so editors validate while you type). Every value is marked illustrative.
    Existing files are never overwritten. Next: `modgen validate DIRECTORY/games/ID.json`.
    """
    manifest = new_workspace(directory, system=system, game_id=game_id, title=title)
    done(f"created {manifest} (system {system}); check it with: modgen validate {manifest}",
         {"manifest": str(manifest), "system": system}, quiet=quiet, as_json=as_json)
