"""Helpers shared by the commands (validation before work, output conventions, progress lines)."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import click

from modgen import atomic
from modgen.data.model import Game
from modgen.data.parts import PARTS, split_issues
from modgen.errors import DataError


def check_output(out: str | Path, game: Game | None, *inputs: str | Path) -> None:
    """Refuse ``out`` before any work if it is not a regular file or a new path, or if it is one of the command's
    inputs: a file of ``game``'s workspace (manifest, counters, maps, scenarios, images) or one of ``inputs``."""
    atomic.check_output(out, [*inputs, *(game.input_files() if game is not None else ())])


def require_valid(manifest: Path, needs: Iterable[str] = PARTS) -> None:
    """Run ``modgen validate``'s checks; a DataError with the first error (and how many more) in the parts of the
    game the command ``needs`` (:mod:`modgen.data.parts`; the manifest always). Errors in the other parts do not
    stop the command: each is printed to stderr as a warning (``sheet`` prints counters of a game whose map is
    still broken)."""
    from modgen.data import validcache

    if validcache.known_valid(manifest):  # validated clean before, and no file of it changed since
        return
    from modgen.data.validate import validate_game

    files: list[str] = []
    started = time.time_ns()
    issues = validate_game(str(manifest), files)
    if not any(i.severity == "error" for i in issues):
        validcache.remember(manifest, files, since=started)
    errors, others = split_issues(manifest, issues, needs)
    if errors:
        more = f" (and {len(errors) - 1} more; run `modgen validate {manifest}`)" if len(errors) > 1 else ""
        raise DataError(f"{errors[0]}{more}")
    for issue in others:
        click.echo(f"warning: {issue} (not needed here; `modgen validate` reports it as an error)", err=True)


@contextlib.contextmanager
def invalid_data_reported(manifest: Path, needs: Iterable[str] = PARTS) -> Iterator[None]:
    """Run the body; if it trips over malformed data (a lookup or type error: the data was not validated first, as
    with ``--no-validate`` or ``modgen map``), report the data's first validation error instead of an internal one.

    Data that validates re-raises the original error (a bug, shown as an internal error).
    """
    try:
        yield
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        require_valid(manifest, needs)
        raise


def output_options(func: Any) -> Any:
    """``-q/--quiet`` and ``--json`` for a command that writes files (issue #20's CLI conventions): with ``--json``
    the result is one JSON object on stdout and messages go to stderr; ``-q`` prints nothing but errors."""
    func = click.option("--json", "as_json", is_flag=True,
                        help="Print the result as one JSON object on stdout (messages go to stderr).")(func)
    return click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")(func)


def done(message: str, data: dict[str, Any], *, quiet: bool, as_json: bool) -> None:
    """Report a command's result: ``data`` as JSON on stdout with ``--json`` (the message then on stderr), else the
    message on stdout; nothing but the JSON with ``-q``."""
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, default=str))
    if not quiet:
        click.echo(message, err=as_json)


#: What a progress line on stderr looks like (``step 2/3: …``, ``rendering 500 counter faces …``): never an error.
PROGRESS = re.compile(r"^(step \d+/\d+: |Rendering counters|rendering \d+ counter faces)")


class Steps:
    """Progress of a command made of a few slow steps, as ``step N/M: what`` lines on stderr (issue #20: a step that
    can take more than a second is never silent). Hidden with ``-q`` or ``--json``; stdout is left to the result.

    The same plain lines at a terminal and in a pipe (a log file shows where a long run is); they never start with
    ``error:``, so a problem is still the one ``error:`` line (:data:`PROGRESS` tells them apart)."""

    def __init__(self, total: int, *, hidden: bool) -> None:
        self.total = total
        self.hidden = hidden
        self.n = 0

    def __call__(self, what: str) -> None:
        """Announce the next step, *what* it does."""
        self.n += 1
        if not self.hidden:
            click.echo(f"step {self.n}/{self.total}: {what}", err=True)
