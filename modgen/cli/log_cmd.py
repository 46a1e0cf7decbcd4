"""`modgen log`: decode a VASSAL saved game or log (.vsav/.vlog) and print its events."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterable
from typing import Any

import click

from modgen.errors import LogFormatError


def _loc(d: dict[str, Any] | None) -> str:
    if not d or d.get("map") is None:
        return "off-map"
    return d["hex"] if d.get("hex") else f"{d['map']}@{d['x']},{d['y']}"


def _raw_line(e: dict[str, Any]) -> str:
    """One reader event as a line of text."""
    where = "state" if e.get("step") is None else f"step {e['step']}"
    kind = e["event"]
    piece = e.get("piece") or {}
    who = piece.get("unit") or piece.get("name") or piece.get("id", "")
    if kind == "add":
        body = f"add {who} at {_loc(e['at'])}"
    elif kind == "remove":
        body = f"remove {who} from {_loc(e['at'])}"
    elif kind == "move":
        body = f"move {who} {_loc(e['from'])} -> {_loc(e['to'])}"
    elif kind == "change":
        body = f"change {who}: " + ", ".join(f"{c['name']} {c['old']} -> {c['new']}" for c in e["changes"])
    elif kind == "chat":
        body = f"chat {('<' + e['player'] + '> ') if e.get('player') else ''}{e['text']}"
    elif kind == "dice":
        body = f"dice {e['dice']} [{e['name']}] = {e['results']}" + (f" by {e['side']}" if e.get("side") else "")
    elif kind == "turn":
        body = f"turn tracker {e['tracker']} = {e['values']}"
    elif kind == "property":
        body = f"property {e['name']}: {e['old']} -> {e['new']} ({e['container']})"
    elif kind == "player":
        body = f"player {e['name']} as {e['side']}"
    elif kind == "undo":
        body = "undo begins" if e["start"] else "undo ends"
    elif kind == "warning":
        body = f"warning: {e['message']}"
    else:
        body = kind
    return f"{where:>9}: {'(undone) ' if e.get('undo') else ''}{body}"


# one encoder for every event (json.dumps with options builds a new one per call)
_STRICT = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
# ...and its C core called directly: JSONEncoder.encode sets up a new C encoder (and a circular-reference table) on
# every call, a third of the time for a ~100-character event; the text is the same (events hold no cycles)
_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)
_STRICT_C = _C_ENCODER(None, _STRICT.default, json.encoder.encode_basestring, None, ": ", ", ", False, False,
                       False) if _C_ENCODER is not None else None


def _json(e: dict[str, Any], file: str) -> str:
    """One event as strict JSON: never ``NaN``/``Infinity`` (the reader makes values finite; this is the backstop)."""
    try:
        return "".join(_STRICT_C(e, 0)) if _STRICT_C is not None else _STRICT.encode(e)
    except ValueError:
        raise LogFormatError(f"{file}: event {e.get('i', e.get('event'))} holds a number that is not finite") from None


def _json_all(events: list[dict[str, Any]], file: str) -> list[str]:
    """:func:`_json` of every event (one Python call for ~10^5 events; the same text and the same error)."""
    if _STRICT_C is None:
        return [_json(e, file) for e in events]
    enc, join = _STRICT_C, "".join
    try:
        return [join(enc(e, 0)) for e in events]
    except ValueError:
        return [_json(e, file) for e in events]  # raises the error of the first event that is not finite


def _echo_all(lines: Iterable[str]) -> None:
    """Print *lines*, one write per thousand (the same text). A reader that stops early (``modgen log … | head -1``)
    raises BrokenPipeError, which :func:`modgen.cli.main` turns into a quiet exit 0."""
    batch: list[str] = []
    for line in lines:
        batch.append(line)
        if len(batch) == 1000:
            click.echo("\n".join(batch))
            batch = []
    if batch:
        click.echo("\n".join(batch))
    sys.stdout.flush()


def _canon_line(e: dict[str, Any]) -> str:
    """One canonical event as a line of text."""
    fields = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in e.items()
                      if k not in ("type", "i", "source"))
    return f"{e['i']:>5} {e['type']}: {fields}"


@click.command("log")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--game", "game_path", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="games/<game>.json: name units by id, positions by hex, and print canonical events.")
@click.option("--scenario", default=None, help="Scenario id to record in scenario_start (with --game).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON Lines instead of text.")
@click.option("--raw", is_flag=True, help="Print the decoded VASSAL events even with --game (pieces, pixels, hexes).")
@click.option("-o", "--output", metavar="FILE", type=click.Path(path_type=str), default=None,
              help="Also write the events as JSON Lines to this file (written atomically).")
@click.option("-q", "--quiet", is_flag=True,
              help="Print no events and no warnings, only errors (with -o: just write the file).")
def command(file: str, game_path: str | None, scenario: str | None, as_json: bool, raw: bool,
            output: str | None, quiet: bool) -> None:
    """Decode FILE (a VASSAL .vsav or .vlog, any module) and print its events.

    Without --game (or with --raw) it prints what VASSAL recorded: pieces added, moved (map and pixel position;
    also the hex with --game), removed and changed, chat lines, dice reports, turn-tracker and property changes,
    step by step. With --game it prints the canonical events the rules checker reads (setup, move, attack, roll,
    result, retreat, flip, loss, turn, phase, ...), taking attack declarations from chat lines such as
    `!attack 1203 1204 -> 1305 mobile` (see docs/logs.md).

    Warnings (unknown commands, unparsable declarations, a log from another module) go to stderr.
    The decoded size and the number of events are capped (limits log_decoded_mb, log_events: `modgen --limit`).
    Exit status: 0 decoded, 1 bad input, 2 usage error.
    """
    # imported here, not at the top, so that `modgen log --help` starts fast; what only --game, -o or a
    # warning needs (the game data, the adapter and its turn-track code) is imported where it is used
    from modgen.vassal import reader as R

    game = None
    game_ctx: Any = contextlib.nullcontext()
    if game_path:
        from pathlib import Path  # here: pathlib (with urllib and ipaddress) is ~3 ms of `modgen log --help`

        from .common import invalid_data_reported

        game_ctx = invalid_data_reported(Path(game_path))
    # the game is not validated first: malformed game data is reported as its validation error
    with game_ctx:
        if game_path:
            from modgen.data.model import load_game

            game = load_game(game_path)
        if output:
            from .common import check_output

            check_output(output, game, file)
        if game is None or raw:
            rec = R.Recorder()
            locator = None
            if game is not None:
                from modgen.vassal.adapter import locator_for

                locator = locator_for(game)
            R.read(file, rec, locator=locator, name=file)
            events = rec.events
            warnings = [f"{file}: {'step ' + str(e['step']) if e.get('step') else 'saved state'}: {e['message']}"
                        for e in events if e["event"] == "warning"]
            lines = _json_all(events, file) if as_json else \
                [_raw_line(e) for e in events if e["event"] not in ("begin", "step", "end_setup", "warning")]
        else:
            from modgen.logs.eventlog import dumps
            from modgen.vassal.adapter import adapt

            result = adapt(file, game, scenario=scenario, name=file)
            events, warnings = result.events, result.warnings
            lines = [dumps(e) for e in events] if as_json else [_canon_line(e) for e in events]
    if not quiet:
        _echo_all(lines)
        if warnings:  # the grouping module only when there is something to group (start-up)
            from modgen.report import grouping

            for g in grouping.group(warnings):  # one line per kind of warning, with a count
                click.echo(f"warning: {g.line()}", err=True)
    if output and game is not None and not raw:
        from modgen.logs.eventlog import write_events

        write_events(output, events)  # validated canonical JSON Lines, written atomically
    elif output:
        from modgen import atomic

        atomic.write_text(output, "".join(line + "\n" for line in _json_all(events, file)))
