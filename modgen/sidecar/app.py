"""The rules-checker sidecar: a Starlette (ASGI) app players run on 127.0.0.1 next to VASSAL.

Endpoints: ``GET /`` (the page), ``POST /check`` (a .vlog/.vsav/.jsonl as multipart or raw body -> findings JSON),
``GET /reports`` (latest report per watched file), ``GET /map.png``, ``GET /api/game``, ``GET /health``,
``GET /openapi.json``. Checks run in worker processes (off the event loop, killable on time-out); the app holds no
mutable state shared between requests except the watcher's report table, which only the watcher task writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from modgen.data.model import Game, load_game
from modgen.report.picture import MapView
from modgen.sidecar import openapi
from modgen.sidecar.watch import Watcher
from modgen.sidecar.workers import CheckPool, CheckTimeout

STATIC_DIR = Path(__file__).resolve().parent / "static"
ACCEPTED_SUFFIXES = (".vlog", ".vsav", ".jsonl", ".json")


@dataclass(frozen=True)
class Limits:
    """Safety limits. Sizes in bytes, time in seconds."""

    max_upload: int = 32 * 1024 * 1024
    max_decompressed: int = 256 * 1024 * 1024
    check_seconds: float = 30.0
    workers: int = 2


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _read_capped(request: Request, limit: int) -> bytes | None:
    """The raw body, or None when it exceeds ``limit`` (read stops as soon as it does)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return None
    buf = io.BytesIO()
    async for chunk in request.stream():
        buf.write(chunk)
        if buf.tell() > limit:
            return None
    return buf.getvalue()


async def _upload(request: Request, limits: Limits) -> tuple[bytes, str] | JSONResponse:
    """Extract (data, filename) from a multipart form (field ``file``) or a raw body (``?filename=``)."""
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("multipart/form-data"):
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limits.max_upload + 64 * 1024:
            return _error(413, f"upload larger than the limit of {limits.max_upload} bytes")
        try:
            form = await request.form(max_files=1, max_fields=4, max_part_size=limits.max_upload)
        except Exception as exc:  # starlette raises its own MultiPartException/HTTPException subclasses
            return _error(400, f"malformed multipart upload: {exc}")
        upload = form.get("file")
        if upload is None or isinstance(upload, str):
            return _error(400, "multipart upload has no file field named 'file'")
        data = await upload.read(limits.max_upload + 1)
        await upload.close()
        if len(data) > limits.max_upload:
            return _error(413, f"upload larger than the limit of {limits.max_upload} bytes")
        return data, upload.filename or "upload"
    data = await _read_capped(request, limits.max_upload)
    if data is None:
        return _error(413, f"upload larger than the limit of {limits.max_upload} bytes")
    return data, request.query_params.get("filename", "upload")


def create_app(
    game_path: str | Path,
    *,
    watch_dir: str | Path | None = None,
    limits: Limits | None = None,
    hex_px: int = 64,
) -> Starlette:
    """Build the sidecar app for one game. ``watch_dir``: VASSAL's save folder to check automatically."""
    limits = limits or Limits()
    game: Game = load_game(game_path)
    view = MapView(game, hex_px=hex_px)
    pool = CheckPool(Path(game_path), workers=limits.workers, max_decompressed=limits.max_decompressed)
    watcher = Watcher(Path(watch_dir), pool, limits.check_seconds, view) if watch_dir else None

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
        got = await _upload(request, limits)
        if isinstance(got, JSONResponse):
            return got
        data, filename = got
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
            return _error(422, outcome["error"])
        return JSONResponse(view.annotate(outcome["report"]))

    async def reports(request: Request) -> Response:
        return JSONResponse({"watching": str(watcher.folder) if watcher else None,
                             "reports": watcher.snapshot() if watcher else {}})

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
    return app


def report_summary(report: dict[str, Any]) -> str:
    """One line for logs: how many findings of each severity."""
    counts: dict[str, int] = {}
    for f in report.get("findings", []):
        counts[f.get("severity", "?")] = counts.get(f.get("severity", "?"), 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no findings"
