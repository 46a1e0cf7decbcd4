"""Check a played game against its rules: read the log (canonical JSON Lines, or a VASSAL .vsav/.vlog through
:mod:`modgen.vassal.adapter`), replay it with :mod:`modgen.rules.engine`, and return a
:class:`~modgen.rules.findings.Report`. Also formats reports as text and draws them on the map."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from modgen import inputs, limits
from modgen.errors import LogFormatError, ModgenError
from modgen.logs import eventlog
from modgen.report import grouping
from modgen.rules import engine
from modgen.rules.findings import Finding, Report

if TYPE_CHECKING:
    from modgen.vassal.archive import Limits

VASSAL_SUFFIXES = (".vsav", ".vlog")


def _game(game: Any) -> Any:
    if isinstance(game, str | os.PathLike):
        from modgen.data.model import load_game

        return load_game(game)
    return game


def _limits(limits: Limits | None, max_decompressed: int | None) -> Limits:
    from modgen.vassal.archive import Limits, current

    if max_decompressed is None:
        return current(limits)
    base = current(limits)
    return Limits(max_entries=base.max_entries, max_entry_size=min(base.max_entry_size, max_decompressed),
                  max_total_size=min(base.max_total_size, max_decompressed), max_ratio=base.max_ratio,
                  max_decoded=min(base.max_decoded, max_decompressed), max_events=base.max_events)


def _read_vassal(source: bytes | str, filename: str, game: Any, scenario: str | None,
                 limits: Limits) -> tuple[list[dict], list[str]]:
    try:
        from modgen.vassal import reader
        from modgen.vassal.adapter import Adapter, locator_for
    except ImportError:
        raise LogFormatError(f"{filename}: reading VASSAL saves/logs needs modgen.vassal.adapter, which this "
                             "installation does not have; convert the log to canonical .jsonl first") from None
    adapter = Adapter(game, scenario, filename)
    reader.read(source, adapter, locator=locator_for(game), name=filename, limits=limits)
    result = adapter.result()
    events, warnings = [], list(result.warnings)
    types = eventlog.types_for(_system(game))
    for n, ev in enumerate(result.events):
        problems = eventlog.event_problems(ev, types)
        if problems:
            warnings.append(f"{filename}: event {n} ({ev.get('type')}) skipped: {problems[0]}")
            continue
        events.append(ev)
    return events, warnings


def read_log(data: bytes, filename: str, game: Any, scenario: str | None = None,
             max_decompressed: int | None = None, *, limits: Limits | None = None) -> tuple[list[dict], list[str]]:
    """Canonical events and reader warnings from the bytes of a log: a zip (VASSAL) or JSON Lines text.

    ``limits`` (a :class:`modgen.vassal.archive.Limits`; default: the limits table in force) caps the decoded size at
    every codec (``max_decoded``) and the number of events (``max_events``); ``max_decompressed`` (bytes) lowers
    the decoded cap further."""
    lim = _limits(limits, max_decompressed)
    if data[:2] == b"PK" or filename.lower().endswith(VASSAL_SUFFIXES):
        return _read_vassal(data, filename, game, scenario, lim)
    return eventlog.parse_bytes(data, filename, _system(game), max_events=lim.max_events), []


def _system(game: Any) -> Any:
    """The game's rule system, whose event types a log may use (None: the core's only)."""
    getter = getattr(game, "rule_system", None)
    return getter() if getter is not None else None


def check_bytes(data: bytes, filename: str, game: Any, scenario: str | None = None, *,
                max_decompressed: int | None = None, limits: Limits | None = None) -> Report:
    """Check the log in ``data`` (named ``filename`` in messages) for ``game`` (a Game or a manifest path).

    ``limits`` caps decoding (``Limits(max_decoded=bytes, max_events=n)``, passed down to every codec);
    ``max_decompressed`` is the older spelling of ``max_decoded`` (the sidecar sets one of them)."""
    return check_bytes_events(data, filename, game, scenario, max_decompressed=max_decompressed, limits=limits)[0]


def check_bytes_events(data: bytes, filename: str, game: Any, scenario: str | None = None, *,
                       max_decompressed: int | None = None,
                       limits: Limits | None = None) -> tuple[Report, list[dict[str, Any]]]:
    """:func:`check_bytes`, also returning the canonical events checked (the map picture places units from them)."""
    game = _game(game)
    events, warnings = read_log(data, filename, game, scenario, max_decompressed, limits=limits)
    return _run(game, events, warnings, scenario), events


def check_path(path: str | os.PathLike[str], game: Any, scenario: str | None = None, *,
               limits: Limits | None = None) -> Report:
    """Check the log file at ``path`` (a regular file, read with the caps of ``limits``, as :func:`check_bytes`)."""
    name = os.fspath(path)
    lim = _limits(limits, None)
    with inputs.open_regular(name, name, noun="log file", error=LogFormatError) as fh:
        head = fh.read(4)
    game = _game(game)
    if head[:2] == b"PK" or name.lower().endswith(VASSAL_SUFFIXES):
        events, warnings = _read_vassal(name, name, game, scenario, lim)
    else:
        events, warnings = eventlog.read_events(name, _system(game), max_events=lim.max_events), []
    return _run(game, events, warnings, scenario)


def _run(game: Any, events: list[dict], warnings: list[str], scenario: str | None) -> Report:
    """Replay ``events`` and put the reading ``warnings`` first: at most the ``findings`` limit of them, then one
    line counting the rest (a save whose every event is skipped must not cost a finding per event either)."""
    report = engine.run(game, events, scenario)
    cap = limits.get("findings")
    shown = [Finding(rule="LOG", severity="warning", message=w) for w in warnings[:cap]]
    if len(warnings) > cap:
        lim = limits.LIMITS["findings"]
        shown.append(Finding(rule="LOG", severity="warning", message=(
            f"{len(warnings) - cap:,} more reading warnings not listed (the findings limit of {cap:,}; raise it "
            f"with --limit {lim.name}=N or {lim.env}=N)")))
    report.findings[:0] = shown
    return report


class CheckTimeout(ModgenError):
    """A check ran past its ``--timeout`` (exit 1)."""


@contextlib.contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Run the body under a wall-clock limit: past ``seconds`` a :class:`CheckTimeout` naming *what* is raised.

    Uses ``SIGALRM`` (``setitimer``), so it works in the main thread of a process on Unix (the CLI); elsewhere, or
    with ``seconds`` None, the body runs unlimited — the sidecar bounds its checks by killing a worker process
    instead. The signal is delivered between Python bytecodes: one long C call (a huge regex, inflating one zip
    entry) finishes first, which the decoding caps keep short.
    """
    if not seconds or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise CheckTimeout(f"{what}: check took longer than --timeout {seconds:g} s; stopped")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---- text -------------------------------------------------------------------------------------------------------
def format_text(report: Report) -> str:
    """A report for people: a summary line, then findings grouped by turn and phase, each with its number (#1, #2…:
    its place in the list, as in the JSON ``number`` and on the map picture)."""
    counts = {s: sum(1 for f in report.findings if f.severity == s) for s in ("error", "warning", "could-not-check")}
    head = (f"{report.game}" + (f" / {report.scenario}" if report.scenario else "") + f": {report.events} events, "
            f"{counts['error']} error(s), {counts['warning']} warning(s), {counts['could-not-check']} could not check")
    if report.stopped is not None:
        head += f"; stopped at the {report.stopped.limit} limit after {report.stopped.events_checked:,} events"
    lines = [head]
    group: tuple[Any, Any, Any] | None = None
    # reading warnings (rule LOG, no event) go after the findings, one line per kind (modgen.report.grouping)
    log_warnings = [f for f in report.findings if f.rule == "LOG" and f.severity == "warning" and f.event_index is None]
    apart = {id(f) for f in log_warnings}
    width = len(str(len(report.findings)))
    for number, f in enumerate(report.findings, start=1):  # numbers as in the JSON and on the map picture
        if id(f) in apart:
            continue
        key = (f.turn, f.phase, f.side)
        if key != group:
            group = key
            lines.append("")
            lines.append(_group_title(f))
        where = f"event {f.event_index}" if f.event_index is not None else "end of log"
        lines.append(f"  #{number:<{width}} {f.severity.upper():<15} {f.rule:<10} [{where}] {f.message}")
    lines += _coverage_lines(report, rules_findings=len(report.findings) - len(apart))
    if log_warnings:
        groups = grouping.group(f.message for f in log_warnings)
        lines += ["", f"Reading the log: {len(log_warnings)} warning(s) of {len(groups)} kind(s)"]
        lines += [f"  {'WARNING':<15} {'LOG':<10} {g.line()}" for g in groups]
    return "\n".join(lines) + "\n"


def _coverage_lines(report: Report, rules_findings: int) -> list[str]:
    """The closing lines: which rule families were checked, and "no problems" only as far as that goes; a check
    stopped at the findings limit ends with the line saying up to which event the log was checked.

    ``rules_findings`` counts the findings other than the grouped log-reading warnings."""
    cov = report.coverage
    if report.stopped is not None:  # never "no problems" about a log checked only in part
        return ["", *([cov.summary()] if cov is not None else []), f"Not checked: {report.stopped.message}."]
    if cov is None:
        return ["No rules problems found."] if not rules_findings else []
    if rules_findings:
        return ["", cov.summary()]
    if cov.complete:
        return [f"No rules problems found (families checked: {cov.checked_text()})."]
    return [f"No problems found in the families checked ({cov.checked_text()}); not checked: {cov.unchecked_text()}."]


def _group_title(f: Finding) -> str:
    if f.turn is None and f.phase is None:
        return "Before play"
    parts = [f"Turn {f.turn}" if f.turn is not None else "Setup"]
    if f.phase:
        parts.append(f"{f.side} {f.phase}" if f.side else f.phase)
    return ", ".join(parts)


# ---- picture ----------------------------------------------------------------------------------------------------
def draw_findings(report: Report, game: Any, out: str | os.PathLike[str], hex_px: float = 60,
                  findings: Iterable[Finding] | None = None, *, events: list[dict] | None = None) -> None:
    """Write a PNG of the scenario map with the findings numbered, ringed and explained in a legend, and (given the
    log's ``events``) the units where they stand and arrows from attackers to defender: see
    :mod:`modgen.report.picture`."""
    from modgen.report import picture

    picture.draw_findings(report, _game(game), out, events=events, hex_px=hex_px,
                          findings=None if findings is None else list(findings))
