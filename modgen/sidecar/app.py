"""The rules-checker sidecar: a Starlette (ASGI) app players run on 127.0.0.1 next to VASSAL.

Endpoints: ``GET /`` (the page), ``POST /check`` (a .vlog/.vsav/.jsonl as multipart or raw body -> findings JSON),
``GET /reports`` (latest report per watched file), ``GET /map.png``, ``GET /api/game``, ``GET /health``,
``GET /openapi.json``. Checks run in worker processes (off the event loop, killable on time-out); the app holds no
mutable state shared between requests except the watcher's report table, which only the watcher task writes.
Uploads are received with their size capped as they arrive (:mod:`modgen.sidecar.upload`); every request passes the
Host, Origin and security-header checks of :mod:`modgen.sidecar.guard` first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from modgen.data.model import Game, load_game
from modgen.report.picture import MapView
from modgen.sidecar import openapi
from modgen.sidecar.guard import LOOPBACK_NAMES, Guard
from modgen.sidecar.upload import UploadError, read_upload
from modgen.sidecar.watch import Watcher
from modgen.sidecar.workers import CheckPool, CheckTimeout

STATIC_DIR = Path(__file__).resolve().parent / "static"
ACCEPTED_SUFFIXES = (".vlog", ".vsav", ".jsonl", ".json")
log = logging.getLogger("modgen.sidecar")


@dataclass(frozen=True)
class Limits:
    """Safety limits. Sizes in bytes, time in seconds."""

    max_upload: int = 32 * 1024 * 1024
    #: Decoded size one upload may expand to (zip entries, XZ), passed to the reader; the worker's memory limit
    #: below is the backstop for whatever a codec does not count.
    max_decompressed: int = 256 * 1024 * 1024
    check_seconds: float = 30.0
    workers: int = 2
    #: Address space of each worker process (RLIMIT_AS); None leaves workers unlimited.
    worker_memory: int | None = 1024 * 1024 * 1024
    #: Time a client has to send the whole upload (slow-loris uploads get 408).
    body_seconds: float = 60.0


def _error(status: int, message: str, *, close: bool = False) -> JSONResponse:
    # close: the body may not have been read to its end; closing the connection stops the client sending the rest
    # (a kept-alive connection would make the server read and discard it all).
    return JSONResponse({"error": message}, status_code=status, headers={"Connection": "close"} if close else None)


def create_app(
    game_path: str | Path,
    *,
    watch_dir: str | Path | None = None,
    limits: Limits | None = None,
    hex_px: int = 64,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    port: int | None = None,
) -> ASGIApp:
    """Build the sidecar app for one game. ``watch_dir``: VASSAL's save folder to check automatically.

    Requests must name the service by one of ``allowed_hosts`` (on ``port`` when given, any port otherwise); see
    :mod:`modgen.sidecar.guard` for that and the other checks made before a route runs.
    """
    limits = limits or Limits()
    game: Game = load_game(game_path)
    view = MapView(game, hex_px=hex_px)
    pool = CheckPool(Path(game_path), workers=limits.workers, max_decompressed=limits.max_decompressed,
                     memory=limits.worker_memory, hex_px=hex_px)
    watcher = Watcher(Path(watch_dir), pool, limits.check_seconds, max_bytes=limits.max_upload) if watch_dir else None

    async def index(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok", "game": game.id, "watching": str(watcher.folder) if watcher else None})

    async def game_info(request: Request) -> Response:
        return JSONResponse(view.describe())

    async def map_png(request: Request) -> Response:
        png = await asyncio.get_running_loop().run_in_executor(None, view.png)
        return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    async def check(request: Request) -> Response:
        try:
            data, filename = await read_upload(request, limits.max_upload, limits.body_seconds)
        except UploadError as exc:
            return _error(exc.status, exc.message, close=True)
        except ClientDisconnect:
            client = f"{request.client.host}:{request.client.port}" if request.client else "a client"
            log.warning("upload from %s aborted: the client disconnected before sending it all", client)
            return Response(status_code=400)  # nobody is listening; this only ends the request cleanly
        if not data:
            return _error(400, "empty upload: send a .vlog, .vsav or canonical .jsonl log")
        if not filename.lower().endswith(ACCEPTED_SUFFIXES):
            return _error(415, f"unsupported file type {filename!r}: send a .vlog, .vsav or .jsonl log")
        scenario = request.query_params.get("scenario")
        try:
            outcome = await pool.check(data, filename, scenario, timeout=limits.check_seconds)
        except CheckTimeout:
            return _error(504, f"checking took longer than {limits.check_seconds:g} s and was stopped")
        if "error" in outcome:
            return _error(outcome.get("status", 422), outcome["error"])
        return Response(outcome["body"], media_type="application/json")  # serialised by the worker

    async def reports(request: Request) -> Response:
        if watcher is None:
            return JSONResponse({"watching": None, "reports": {}})
        body = b'{"watching":' + json.dumps(str(watcher.folder)).encode() + b',"reports":' + watcher.snapshot_json()
        return Response(body + b"}", media_type="application/json")

    async def openapi_json(request: Request) -> Response:
        return JSONResponse(openapi.document())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        task = asyncio.create_task(watcher.run()) if watcher else None
        try:
            yield
        finally:
            if task:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            pool.close()

    routes = [
        Route("/", index),
        Route("/health", health),
        Route("/api/game", game_info),
        Route("/map.png", map_png),
        Route("/check", check, methods=["POST"]),
        Route("/reports", reports),
        Route("/openapi.json", openapi_json),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    app.state.view = view
    app.state.watcher = watcher
    return Guard(app, allowed_hosts=allowed_hosts, port=port)


def report_summary(report: dict[str, Any]) -> str:
    """One line for logs: how many findings of each severity."""
    counts: dict[str, int] = {}
    for f in report.get("findings", []):
        counts[f.get("severity", "?")] = counts.get(f.get("severity", "?"), 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no findings"
