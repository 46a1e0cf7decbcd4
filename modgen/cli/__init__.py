"""The ``modgen`` command line: a thin click group; each subcommand lives in its own module and calls library code.

The top stage: it may import every other stage (lazily, inside commands, so start-up stays cheap); nothing imports it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

import click

from modgen import __version__, limits
from modgen.errors import ModgenError

# Subcommands in the order `modgen --help` lists them. Each module is imported when its command is looked up, so
# `modgen --version` or `modgen log …` never pays for Pillow, jsonschema or the renderers (click's lazy group).
COMMANDS = ("validate", "new", "map", "counters", "setup", "sheet", "build", "import", "log", "check", "serve")


def _load(name: str) -> click.Command | None:
    """The click command *name*, importing only its module (imports spelled out so the stage checks see them)."""
    if name == "validate":
        from . import validate_cmd as mod
    elif name == "new":
        from . import new_cmd as mod
    elif name == "map":
        from . import map_cmd as mod
    elif name == "counters":
        from . import counters_cmd as mod
    elif name == "sheet":
        from . import sheet_cmd as mod
    elif name == "build":
        from . import build_cmd as mod
    elif name == "log":
        from . import log_cmd as mod
    elif name == "check":
        from . import check_cmd as mod
    elif name == "serve":
        from . import serve_cmd as mod
    elif name == "import":
        from . import import_cmd as mod
    elif name == "setup":
        from . import spreadsheet_cmd as mod
    else:
        return None
    return mod.command


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(n for n in super().list_commands(ctx) if n not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None:
            found = _load(cmd_name)
            if found is not None:
                self.add_command(found, cmd_name)
        return found

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; a reader that stops early (``modgen log … | head -1``) ends it quietly with exit 0, as
        Unix tools do. Here rather than in :func:`main`: click itself turns a BrokenPipeError into exit 1."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _stdout_to_devnull()
            raise click.exceptions.Exit(0) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived. A BaseException, like KeyboardInterrupt, so that no ``except Exception`` swallows it
    and every ``with atomic_path(...)`` / ``atomic_dir(...)`` on the way out removes its temporary output."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def signals_raise() -> Iterator[None]:
    """While the body runs, SIGTERM and SIGHUP raise :class:`Terminated` (the default would kill the process and leave
    ``.part`` files behind). A second signal during the clean-up kills at once, as usual."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return

    def handler(signum: int, frame: object) -> None:
        for sig in previous:
            signal.signal(sig, signal.SIG_DFL)
        raise Terminated(signum)

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; user errors print one line on stderr and give their exit code, never a traceback.

    SIGTERM and SIGHUP stop the command cleanly: temporary outputs are removed, one line is printed and the exit
    status is 128 + the signal number.
    """
    limits.reset_overrides()
    try:
        with signals_raise():
            return _run(argv)
    except Terminated as exc:
        click.echo(f"error: stopped by {signal.Signals(exc.signum).name} (temporary files removed)", err=True)
        return 128 + exc.signum


def _run(argv: list[str] | None) -> int:
    try:
        result = cli.main(args=argv, prog_name="modgen", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except click.ClickException as exc:  # usage errors: exit 2
        exc.show()
        return exc.exit_code
    except ModgenError as exc:
        click.echo(f"error: {one_line(str(exc))}", err=True)
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except OSError as exc:  # unreadable/unwritable paths, full disks: the user's environment, not a bug
        click.echo(one_line(f"error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")), err=True)
        return 1
    except Exception as exc:  # a bug: one line unless MODGEN_DEBUG asks for the traceback
        if os.environ.get("MODGEN_DEBUG"):
            raise
        click.echo(one_line(f"internal error: {type(exc).__name__}: {exc} (set MODGEN_DEBUG=1 for a traceback)"),
                   err=True)
        return 70
    # with standalone_mode=False click *returns* the code of a click.exceptions.Exit raised by a command
    return result if isinstance(result, int) else 0


#: Control characters (line breaks above all) as escapes: a file named ``bad\nname`` must not split the error line.
_CONTROLS = {**{c: f"\\x{c:02x}" for c in [*range(0x20), 0x7F] if c != 0x09}, 0x0A: "\\n", 0x0D: "\\r"}


def one_line(message: str) -> str:
    """``message`` on one line: line breaks and other control characters (from a path or a value it quotes) escaped,
    so the promise of one error line holds whatever the input is called."""
    return message.translate(_CONTROLS)


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null: Python flushes stdout again at exit and would complain about the closed pipe."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): nothing is flushed at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
