"""`modgen check LOG --game G`: check a played game (canonical .jsonl, or VASSAL .vsav/.vlog) against its rules."""

from __future__ import annotations

import json
from pathlib import Path

import click

from modgen.cli.params import FiniteFloatRange
from modgen.report.check import check_path, draw_findings, format_text, read_log, time_limit
from modgen.report.grouping import with_numbers


@click.command("check")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--game", "game_path", required=True, type=click.Path(dir_okay=False),
              help="The game's manifest, e.g. games/minsk44.json.")
@click.option("--scenario", default=None, help="Scenario id (default: the log's scenario_start, else the first).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("-q", "--quiet", is_flag=True,
              help="Print only the errors found, one line each (nothing for a clean game); the exit status says "
                   "whether there were any. No effect on --json.")
@click.option("--map-image", metavar="FILE", type=click.Path(), default=None,
              help="Also write a PNG of the map: errors and warnings numbered as in the report, ringed, their paths "
                   "and attack arrows drawn, the units where the log leaves them, and a legend.")
@click.option("--timeout", type=FiniteFloatRange(min=0, min_open=True, max=1e9), default=None, metavar="SECONDS",
              help="Stop with an error (exit 1) if reading and checking the log takes longer than this.")
def command(log: str, game_path: str, scenario: str | None, as_json: bool, quiet: bool, map_image: str | None,
            timeout: float | None) -> None:
    """Check LOG for rules errors. Exit status 1 when there are errors (or the check stopped at the findings limit).

    LOG is a canonical event log (.jsonl) or a VASSAL save/log (.vsav/.vlog) of a game played with a module built
    by `modgen build`. Findings are grouped by turn and phase; each names its rule (e.g. EFB 8.3), the event, the
    units and hexes. The game data is validated first: checking against invalid data would prove nothing.
    The log is read within the limits log_decoded_mb and log_events (`modgen --limit`); --timeout bounds the time.
    A report holds at most the findings limit; checking stops there, and the report names the last event checked.
    """
    from modgen.cli.common import check_output, require_valid
    from modgen.data.model import load_game

    require_valid(Path(game_path))
    game = load_game(game_path)
    if map_image:
        check_output(map_image, game, log)
    with time_limit(timeout, log):
        report = check_path(log, game, scenario)
    if as_json:
        click.echo(json.dumps(with_numbers(report.to_dict()), ensure_ascii=False, indent=1))
    elif quiet:
        for number, f in enumerate(report.findings, start=1):  # numbered as in the full report and the picture
            if f.severity == "error":
                where = f"event {f.event_index}" if f.event_index is not None else "end of log"
                click.echo(f"#{number} {f.rule} [{where}] {f.message}")
        if report.stopped is not None:
            click.echo(f"Not checked: {report.stopped.message}.")
    else:
        click.echo(format_text(report), nl=False)
    if map_image:
        # the picture places units and attacks from the log's events: read them again (only when asked for)
        events, _ = read_log(Path(log).read_bytes(), log, game, scenario)
        draw_findings(report, game, map_image, events=events)
    if report.errors or report.stopped is not None:  # a log checked only in part is not a clean game
        raise click.exceptions.Exit(1)
