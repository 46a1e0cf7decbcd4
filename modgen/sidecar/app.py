"""The rules-checker sidecar: a Starlette (ASGI) app players run on 127.0.0.1 next to VASSAL.

Endpoints: ``GET /`` (the page), ``POST /check`` (a .vlog/.vsav/.jsonl as multipart or raw body -> findings JSON),
``GET /reports`` (latest report per watched file), ``GET /history`` (stored reports, newest first),
``GET /reports/{id}`` (one stored report), ``GET /events`` (server-sent events: each new report as it is made),
``GET /map.png``, ``GET /api/game``, ``GET /health``, ``GET /openapi.json``. Checks run in worker processes (off the
event loop, killable on time-out); every report, uploaded or from the watch folder, is stored in the history
database (:mod:`modgen.sidecar.store`, on its own thread) and announced to the open pages (:mod:`modgen.sidecar.live`).
Uploads are received with their size capped as they arrive (:mod:`modgen.sidecar.upload`); every request passes the
Host, Origin and security-header checks of :mod:`modgen.sidecar.guard` first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from modgen.data.model import Game, load_game
from modgen.report.mapview import MapView
from modgen.sidecar import openapi
from modgen.sidecar.guard import LOOPBACK_NAMES, Guard
from modgen.sidecar.live import Hub
from modgen.sidecar.store import DEFAULT_KEEP, DEFAULT_MAX_BYTES, ReportStore
from modgen.sidecar.upload import UploadError, read_upload
from modgen.sidecar.watch import Watcher
from modgen.sidecar.workers import CheckPool, CheckTimeout

STATIC_DIR = Path(__file__).resolve().parent / "static"
ACCEPTED_SUFFIXES = (".vlog", ".vsav", ".jsonl", ".json")
#: A report id as a URL may give it: ASCII digits, few enough for SQLite's 64-bit integers (``str.isdigit`` also
#: takes "²" and "١", and Python's int() refuses 5,000 digits: both were a 500).
_ID = re.compile(r"[0-9]{1,18}")
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
    #: Reports the history keeps (older ones are pruned), and the most bytes of report JSON it keeps.
    keep: int = DEFAULT_KEEP
    history_bytes: int = DEFAULT_MAX_BYTES


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
    db: Path | None = None,
) -> ASGIApp:
    """Build the sidecar app for one game. ``watch_dir``: VASSAL's save folder to check automatically; ``db``: the
    history database (None keeps the history in memory, for this process only).

    Requests must name the service by one of ``allowed_hosts`` (on ``port`` when given, any port otherwise); see
    :mod:`modgen.sidecar.guard` for that and the other checks made before a route runs.
    """
    limits = limits or Limits()
    game: Game = load_game(game_path)
    view = MapView(game, hex_px=hex_px)
    pool = CheckPool(Path(game_path), workers=limits.workers, max_decompressed=limits.max_decompressed,
                     memory=limits.worker_memory, hex_px=hex_px)
    store = ReportStore(db, keep=limits.keep, max_bytes=limits.history_bytes)
    hub = Hub()

    async def record(file: str, source: str, size: int, outcome: dict[str, Any]) -> dict[str, Any]:
        """Store a report (or a failed check) and announce it to the open pages."""
        entry = await store.add(game=game.id, file=file, source=source, size=size, summary=outcome.get("summary"),
                                body=outcome.get("body"), error=outcome.get("error"))
        hub.publish("report", entry)
        return entry

    async def watched(name: str, size: int, outcome: dict[str, Any]) -> None:
        await record(name, "watch", size, outcome)

    watcher = (Watcher(Path(watch_dir), pool, limits.check_seconds, max_bytes=limits.max_upload, on_report=watched)
               if watch_dir else None)

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
        entry = await record(filename, "upload", len(data), outcome)
        return Response(outcome["body"], media_type="application/json",  # serialised by the worker
                        headers={"Location": entry["url"], "X-Report-Id": str(entry["id"])})

    async def history(request: Request) -> Response:
        q = request.query_params
        limit = q.get("limit", "200")
        if not re.fullmatch(r"[0-9]{1,4}", limit) or not 1 <= int(limit) <= 1000:
            return _error(400, "limit must be a whole number from 1 to 1000")
        entries = await store.list(game=q.get("game"), file=q.get("file"), limit=int(limit))
        return JSONResponse({"game": game.id, "keep": limits.keep, "reports": entries})

    async def report_by_id(request: Request) -> Response:
        rid = request.path_params["id"]
        found = await store.get_json(int(rid)) if _ID.fullmatch(rid) else None
        if found is None:
            return _error(404, f"no report {rid[:40]} (it may have been pruned: the history keeps {limits.keep})")
        entry, body = found
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", entry["file"])[:80]
        disposition = "attachment" if request.query_params.get("download") else "inline"
        return Response(body, media_type="application/json", headers={
            "Content-Disposition": f'{disposition}; filename="report-{rid}-{name}.json"'})

    async def events(request: Request) -> Response:
        hello = {"game": game.id, "watching": str(watcher.folder) if watcher else None}
        return StreamingResponse(hub.stream(hello), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

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
            hub.close()
            pool.close()
            await asyncio.get_running_loop().run_in_executor(None, store.close)

    routes = [
        Route("/", index),
        Route("/health", health),
        Route("/api/game", game_info),
        Route("/map.png", map_png),
        Route("/check", check, methods=["POST"]),
        Route("/reports", reports),
        Route("/reports/{id}", report_by_id),  # checked by the handler: a 5,000-digit {id:int} was a 500
        Route("/history", history),
        Route("/events", events),
        Route("/openapi.json", openapi_json),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.pool = pool
    app.state.view = view
    app.state.watcher = watcher
    app.state.store = store
    app.state.hub = hub
    guard = Guard(app, allowed_hosts=allowed_hosts, port=port)
    guard.hub = hub  # type: ignore[attr-defined]  # for Server.shutdown
    return guard


class Server(uvicorn.Server):
    """uvicorn's server, ending the pages' event streams first when it stops: an open ``/events`` stream never
    finishes by itself, and uvicorn waits for open responses before it shuts the app down."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        hub = getattr(self.config.app, "hub", None)
        if hub is not None:
            hub.close()
        await super().shutdown(sockets)


def report_summary(report: dict[str, Any]) -> str:
    """One line for logs: how many findings of each severity."""
    counts: dict[str, int] = {}
    for f in report.get("findings", []):
        counts[f.get("severity", "?")] = counts.get(f.get("severity", "?"), 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no findings"
