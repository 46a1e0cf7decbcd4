"""Spreadsheets in and out: `modgen counters export|import` (the order of battle) and `modgen setup export|import`
(a scenario's set-up). The column convention and the mapping file are in docs/spreadsheets.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from modgen.data import oob
from modgen.data.sheets import sheet_format, write_table


class DefaultGroup(click.Group):
    """A group whose first argument, when it names no subcommand, goes to the ``default`` subcommand: so
    `modgen counters MANIFEST -o DIR` keeps working beside `modgen counters import …`."""

    def __init__(self, *args: Any, default: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.default = default

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = [self.default, *args]
        return super().parse_args(ctx, args)


def _check_sheet(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    if value is not None:
        sheet_format(value)  # refuses an unknown suffix before any work
    return value


_MAPPING = click.option("--mapping", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
                        help="JSON file naming the field of each column header, and default values "
                             "(docs/spreadsheets.md).")


def export_command(kind: str) -> click.Command:
    """`export` for ``kind`` ``counters`` or ``setup``."""

    @click.command("export")
    @click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
    @click.option("-o", "--output", "out", required=True, metavar="FILE", callback=_check_sheet,
                  type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
                  help="The sheet to write: .csv, .xlsx or .ods ('-': CSV on stdout). Written atomically.")
    @_MAPPING
    @click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
    @click.pass_context
    def export(ctx: click.Context, manifest: Path, out: Path, mapping: Path | None, quiet: bool, **kw: Any) -> None:
        maps = oob.Mapping.load(mapping)
        if kind == "counters":
            source, rows = oob.counters_path(manifest), oob.export_counters(manifest, maps)
        else:
            source = oob.scenario_path(manifest, kw["scenario"])
            rows = oob.export_setup(manifest, kw["scenario"], maps)
        if str(out) != "-":
            from modgen.atomic import check_output

            check_output(out, [manifest, source, *([mapping] if mapping else [])])
        write_table(out, rows, sheet="counters" if kind == "counters" else "setup")
        if not quiet and str(out) != "-":
            click.echo(f"wrote {out} ({len(rows) - 1} rows, {len(rows[0]) if rows else 0} columns) from {source}",
                       err=True)

    if kind == "setup":
        export = click.argument("scenario")(export)
        export.params.insert(1, export.params.pop())
        export.help = ("Write the set-up of SCENARIO (its id) of the game at MANIFEST to a spreadsheet: a row per "
                       "entry (unit, hex, face, …).")
    else:
        export.help = ("Write every counter of the game at MANIFEST to a spreadsheet: a row per counter, a column "
                       "per field (id, side, faces.front.values.attack, …).")
    return export


def import_command(kind: str) -> click.Command:
    """`import` for ``kind`` ``counters`` or ``setup``."""

    @click.command("import")
    @click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
    @click.argument("sheet", callback=_check_sheet, type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
    @_MAPPING
    @click.option("--sheet", "sheet_name", metavar="NAME", help="The sheet (tab) to read; default: the first.")
    @click.option("--prune", is_flag=True, help="Remove records the spreadsheet has no row for (default: keep them).")
    @click.option("-n", "--dry-run", is_flag=True, help="Show what would change; write nothing.")
    @click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON on stdout.")
    @click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
    def imp(manifest: Path, sheet: Path, mapping: Path | None, sheet_name: str | None, prune: bool, dry_run: bool,
            as_json: bool, quiet: bool, **kw: Any) -> None:
        maps = oob.Mapping.load(mapping)
        if kind == "counters":
            result = oob.import_counters(manifest, sheet, maps, sheet_name, prune=prune, dry_run=dry_run)
        else:
            result = oob.import_setup(manifest, kw["scenario"], sheet, maps, sheet_name, prune=prune,
                                      dry_run=dry_run)
        if as_json:
            click.echo(oob.as_json(result))
        if not quiet:
            click.echo(result.summary(), err=True)
            for line in result.details():
                click.echo(line, err=True)

    if kind == "setup":
        imp = click.argument("scenario")(imp)
        imp.params.insert(1, imp.params.pop())
        imp.help = ("Merge a set-up spreadsheet into SCENARIO of the game at MANIFEST: the n-th row of a unit "
                    "updates its n-th entry, new rows are added, empty cells change nothing.")
    else:
        imp.help = ("Merge an order-of-battle spreadsheet (.csv, .xlsx, .ods) into the game's counters file by id: "
                    "new ids are added, cells replace fields, empty cells and fields without a column are kept. "
                    "Prints a summary of the changes; run `modgen validate` next.")
    return imp


@click.group("setup")
def command() -> None:
    """A scenario's set-up (unit, hex, face, …) to and from a spreadsheet."""


command.add_command(export_command("setup"))
command.add_command(import_command("setup"))
