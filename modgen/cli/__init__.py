"""The ``modgen`` command line: a thin click group; each subcommand lives in its own module and calls library code.

The top stage: it may import every other stage (lazily, inside commands, so start-up stays cheap); nothing imports it.
"""

from __future__ import annotations

import os
import sys

import click

from modgen import __version__, limits
from modgen.errors import ModgenError

from . import build_cmd, check_cmd, counters_cmd, log_cmd, map_cmd, new_cmd, serve_cmd, sheet_cmd, validate_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="modgen")
@click.option("--limit", "limit_specs", multiple=True, metavar="NAME=VALUE",
              help="Raise (or lower) an input limit for this run, e.g. --limit file_mb=1024 (README: Limits).")
def cli(limit_specs: tuple[str, ...]) -> None:
    """modgen: wargame data (JSON) -> counters, maps, print sheets, VASSAL modules, and rules checks of played games.

    A game is a workspace of JSON files: games/<game>.json (the manifest), counters/, maps/ and scenarios/.
    Start with `modgen new DIR`, check it with `modgen validate`, then render and build.
    """
    for spec in limit_specs:
        limits.override(spec)


for _module in (validate_cmd, new_cmd, map_cmd, counters_cmd, sheet_cmd, build_cmd, log_cmd, check_cmd, serve_cmd):
    cli.add_command(_module.command)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; user errors print one line on stderr and give their exit code, never a traceback."""
    limits.reset_overrides()
    try:
        result = cli.main(args=argv, prog_name="modgen", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except click.ClickException as exc:  # usage errors: exit 2
        exc.show()
        return exc.exit_code
    except ModgenError as exc:
        click.echo(f"error: {exc}", err=True)
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except OSError as exc:  # unreadable/unwritable paths, full disks: the user's environment, not a bug
        click.echo(f"error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), err=True)
        return 1
    except Exception as exc:  # a bug: one line unless MODGEN_DEBUG asks for the traceback
        if os.environ.get("MODGEN_DEBUG"):
            raise
        click.echo(f"internal error: {type(exc).__name__}: {exc} (set MODGEN_DEBUG=1 for a traceback)", err=True)
        return 70
    # with standalone_mode=False click *returns* the code of a click.exceptions.Exit raised by a command
    return result if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
