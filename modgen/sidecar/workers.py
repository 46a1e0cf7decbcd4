"""Checks run in separate worker processes: off the event loop, and killable when they exceed their time limit.

Each worker loads the game once and then answers jobs over a pipe. A worker that times out or dies is killed and
replaced; the others are untouched, so one hostile upload cannot stall or poison concurrent checks.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any


class CheckTimeout(Exception):
    """A check ran past its time limit; its worker was killed."""


def run_check(game: Any, data: bytes, filename: str, scenario: str | None, max_decompressed: int) -> dict[str, Any]:
    """Check one upload; ``{"report": …}`` or ``{"error": message}`` — never raises for bad input."""
    from modgen.errors import ModgenError
    from modgen.report.check import check_bytes

    try:
        report = check_bytes(data, filename, game, scenario=scenario, max_decompressed=max_decompressed)
    except ModgenError as exc:
        return {"error": str(exc)}
    except Exception as exc:  # a checker bug must not take the service down; report it as such
        return {"error": f"internal error while checking: {type(exc).__name__}: {exc}"}
    return {"report": report.to_dict()}


def _serve(conn: Connection, manifest: str, max_decompressed: int) -> None:
    from modgen.data.model import load_game

    game = load_game(manifest)
    while True:
        try:
            data, filename, scenario = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(run_check(game, data, filename, scenario, max_decompressed))


class _Worker:
    def __init__(self, ctx: Any, manifest: Path, max_decompressed: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, str(manifest), max_decompressed), daemon=True)
        self.proc.start()
        child.close()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join(timeout=5)
        self.conn.close()


class CheckPool:
    """At most ``workers`` checks at once; further requests wait (in threads, not on the event loop)."""

    def __init__(self, manifest: Path, *, workers: int = 2, max_decompressed: int = 256 * 1024 * 1024) -> None:
        self._manifest = manifest
        self._max_decompressed = max_decompressed
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
            return _Worker(self._ctx, self._manifest, self._max_decompressed)
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
            return worker.conn.recv()
        except (EOFError, OSError):
            if worker is not None:
                worker.kill()
            worker = None
            return {"error": "the checker process stopped unexpectedly while reading this file"}
        finally:
            self._release(worker)

    async def check(self, data: bytes, filename: str, scenario: str | None, *, timeout: float) -> dict[str, Any]:
        """Check an upload in a worker process; raises CheckTimeout past ``timeout`` seconds."""
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
