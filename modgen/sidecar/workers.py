"""Checks run in separate worker processes: off the event loop, and killable when they exceed their time limit.

Each worker loads the game once and then answers jobs over a pipe. A worker that times out or dies is killed and
replaced; the others are untouched, so one hostile upload cannot stall or poison concurrent checks. Each worker runs
under an address-space limit (RLIMIT_AS), so a compressed bomb that decodes to gigabytes fails that one check with a
clear error instead of taking the machine's memory; the worker is then replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing as mp
import resource
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from modgen import limits


class CheckTimeout(Exception):
    """A check ran past its time limit; its worker was killed."""


def run_check(game: Any, view: Any, data: bytes, filename: str, scenario: str | None, max_decompressed: int,
              memory: int | None = None) -> dict[str, Any]:
    """Check one upload in this process; never raises for bad input.

    Returns ``{"body": bytes}`` — the annotated report (findings with their overlay, and ``units`` where the log
    leaves them) already serialised as JSON, so a report of 150k findings costs
    the server's event loop a copy, not seconds of encoding — or ``{"error": message, "status": http_status}``;
    ``"recycle": True`` asks the pool to replace this worker (after it ran out of memory).
    """
    from modgen.errors import ModgenError
    from modgen.report.check import check_bytes_events

    try:
        # The one place the sidecar calls the checker: its decoded-size cap goes to every codec from here. The
        # events come back too: the page draws the units where the log leaves them, as --map-image does.
        report, events = check_bytes_events(data, filename, game, scenario=scenario,
                                            max_decompressed=max_decompressed)
        annotated = view.annotate(report.to_dict(), events)
        family_of(annotated["findings"], game)
        body = json.dumps(annotated, separators=(",", ":")).encode()
    except ModgenError as exc:
        return {"error": str(exc), "status": 422}
    except MemoryError:
        limit = f"of {memory // (1024 * 1024)} MiB (--worker-memory-mb)" if memory else ""
        return {"error": f"{filename}: reading it needed more than the checker's memory limit {limit}; "
                         "a compressed bomb or a far larger log than any real game", "status": 422, "recycle": True}
    except RecursionError:
        return {"error": f"{filename}: nested too deeply to check", "status": 422}
    except Exception as exc:  # a checker bug must not take the service down; report it as such
        return {"error": f"internal error while checking: {type(exc).__name__}: {exc}", "status": 500}
    return {"body": body, "summary": summarise(annotated)}


def summarise(report: dict[str, Any]) -> dict[str, Any]:
    """What lists of reports show: counts by severity, events, scenario."""
    counts: dict[str, int] = {}
    for f in report.get("findings") or []:
        counts[f.get("severity", "?")] = counts.get(f.get("severity", "?"), 0) + 1
    return {"events": report.get("events"), "scenario": report.get("scenario"), "counts": counts}


def family_of(findings: list[dict[str, Any]], game: Any) -> None:
    """Give each finding ``family``: the rule family (:data:`modgen.systems.base.FAMILIES`) whose rule numbers its
    rule cites, as the report's coverage section counts them, else the rule's chapter (``EFB 11`` for ``EFB 11.5``),
    so the page can filter findings by family."""
    from modgen.rules.engine import _cites  # the coverage section's own test of "this rule is of that family"

    plugin = game.rule_system()
    prefix = (getattr(plugin, "rule_prefix", "") or "").strip()
    families = [fam for fam in getattr(plugin, "families", None) or () if fam.rules]
    for f in findings:
        rule = str(f.get("rule") or "")
        fam = next((fam for fam in families if _cites(rule, prefix, fam.rules)), None)
        f["family"] = fam.id if fam is not None else rule.split(".")[0]


def _serve(conn: Connection, manifest: str, max_decompressed: int, memory: int | None, hex_px: int,
           overrides: dict[str, int] | None = None) -> None:
    if memory:
        # Address space, not RSS: an allocation past it fails (MemoryError) instead of the kernel's OOM killer
        # choosing a victim. Set before anything is loaded so the whole worker lives inside it.
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)  # never above an inherited limit
        with contextlib.suppress(ValueError, OSError):  # a platform that does not enforce RLIMIT_AS
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from modgen.data.model import load_game
    from modgen.report.mapview import MapView

    for name, value in (overrides or {}).items():  # `modgen --limit NAME=N serve`: a spawned worker starts afresh
        limits.override(f"{name}={value}")
    game = load_game(manifest)
    view = MapView(game, hex_px=hex_px)
    while True:
        try:
            data, filename, scenario = conn.recv()
        except (EOFError, OSError):
            return
        outcome = run_check(game, view, data, filename, scenario, max_decompressed, memory)
        del data
        conn.send(outcome)


class _Worker:
    def __init__(self, ctx: Any, manifest: Path, max_decompressed: int, memory: int | None, hex_px: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, str(manifest), max_decompressed, memory, hex_px,
                                                     limits.overrides()), daemon=True)
        self.proc.start()
        child.close()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join(timeout=5)
        self.conn.close()


class CheckPool:
    """At most ``workers`` checks at once; further requests wait (in threads, not on the event loop)."""

    def __init__(self, manifest: Path, *, workers: int = 2, max_decompressed: int = 256 * 1024 * 1024,
                 memory: int | None = 1024 * 1024 * 1024, hex_px: int = 64) -> None:
        self._manifest = manifest
        self._max_decompressed = max_decompressed
        self.memory = memory
        self._hex_px = hex_px
        self._ctx = mp.get_context("spawn")  # no fork of a threaded server process
        self._idle: list[_Worker] = []
        self._live = 0
        self._cap = workers
        self._cond = threading.Condition()
        self._threads = ThreadPoolExecutor(max_workers=workers * 4, thread_name_prefix="modgen-check")
        self._closed = False

    def _acquire(self) -> _Worker:
        with self._cond:
            while not self._idle and self._live >= self._cap:
                self._cond.wait()
            if self._idle:
                return self._idle.pop()
            self._live += 1
        try:
            return _Worker(self._ctx, self._manifest, self._max_decompressed, self.memory, self._hex_px)
        except BaseException:
            with self._cond:
                self._live -= 1
                self._cond.notify()
            raise

    def _release(self, worker: _Worker | None) -> None:
        with self._cond:
            if worker is None or self._closed:
                self._live -= 1
                if worker is not None:
                    worker.kill()
            else:
                self._idle.append(worker)
            self._cond.notify()

    def _check_blocking(self, data: bytes, filename: str, scenario: str | None, timeout: float) -> dict[str, Any]:
        worker: _Worker | None = self._acquire()
        try:
            worker.conn.send((data, filename, scenario))
            if not worker.conn.poll(timeout):
                worker.kill()
                worker = None
                raise CheckTimeout
            outcome: dict[str, Any] = worker.conn.recv()
            if outcome.pop("recycle", False):
                worker.kill()  # a worker that hit its memory limit may be in a bad state: start afresh
                worker = None
            return outcome
        except (EOFError, OSError):
            if worker is not None:
                worker.kill()
            worker = None
            return {"error": f"{filename}: the checker process stopped while reading it (out of memory?)",
                    "status": 422}
        finally:
            self._release(worker)

    async def check(self, data: bytes, filename: str, scenario: str | None, *, timeout: float) -> dict[str, Any]:
        """Check an upload in a worker process (see :func:`run_check` for the outcome); raises CheckTimeout past
        ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, self._check_blocking, data, filename, scenario, timeout)

    def close(self) -> None:
        """Stop every worker."""
        with self._cond:
            self._closed = True
            idle, self._idle = self._idle, []
        for w in idle:
            w.kill()
        self._threads.shutdown(wait=False, cancel_futures=True)
