"""Load test of the sidecar on 127.0.0.1: N requests, C at a time, through a real uvicorn server, with pages connected
to its event stream (each must receive every report, as an open browser page would).

Bounded by design (request count and a time limit); sends traffic to loopback only. Prints throughput and latency
percentiles, and exits non-zero if any request failed or a page missed a report.

    .venv/bin/python benchmarks/bench_sidecar.py [--requests 300] [--concurrency 20] [--pages 2] [--file LOG]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

import httpx
import uvicorn

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from modgen.sidecar import create_app  # noqa: E402
from modgen.sidecar.app import Server  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _page(url: str, seen: set[int], ready: asyncio.Event) -> None:
    """One open page: read the event stream, collect the ids of the reports announced."""
    async with httpx.AsyncClient(timeout=None) as client, client.stream("GET", url + "/events") as resp:
        kind = None
        async for line in resp.aiter_lines():
            if line.startswith("event: "):
                kind = line[7:]
                if kind == "hello":
                    ready.set()
            elif line.startswith("data: ") and kind == "report":
                seen.add(json.loads(line[6:])["id"])


async def _run(url: str, data: bytes, name: str, n: int, conc: int, limit_s: float,
               pages: int = 0) -> tuple[list[float], int, int]:
    """(latencies, failed requests, reports some page did not receive)."""
    sem = asyncio.Semaphore(conc)
    lat: list[float] = []
    errors = 0
    made: set[int] = set()
    seen: list[set[int]] = [set() for _ in range(pages)]
    ready = [asyncio.Event() for _ in range(pages)]
    readers = [asyncio.create_task(_page(url, seen[k], ready[k])) for k in range(pages)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), timeout=30)
    async with httpx.AsyncClient(timeout=60) as client:
        async def one() -> None:
            nonlocal errors
            async with sem:
                t = time.perf_counter()
                r = await client.post(url + "/check", files={"file": (name, data)})
                lat.append(time.perf_counter() - t)
                if r.status_code != 200:
                    errors += 1
                else:
                    made.add(int(r.headers["X-Report-Id"]))

        await asyncio.wait_for(asyncio.gather(*(one() for _ in range(n))), timeout=limit_s)
    deadline = time.monotonic() + 10  # the stream keeps up: every report reaches every page promptly
    while any(made - s for s in seen) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    missed = sum(len(made - s) for s in seen)
    for r in readers:
        r.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return lat, errors, missed


def load_test(game: str, log: str, requests: int, concurrency: int, time_limit: float = 300,
              pages: int = 2, db: str | None = None) -> dict[str, float]:
    """Run a real uvicorn sidecar on a free loopback port and send it ``requests`` uploads, ``concurrency`` at once,
    with ``pages`` clients on its event stream. The history goes to ``db`` (a temporary file when None)."""
    import tempfile

    port = _free_port()
    tmp = tempfile.TemporaryDirectory(prefix="bench-sidecar-")
    app = create_app(game, db=Path(db or Path(tmp.name) / "history.sqlite"))
    srv = Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    data = Path(log).read_bytes()
    try:
        # Warm the worker processes so the figure measures checking, not process start-up.
        asyncio.run(_run(url, data, Path(log).name, 4, 4, 60))
        t0 = time.perf_counter()
        lat, errors, missed = asyncio.run(_run(url, data, Path(log).name, requests, concurrency, time_limit, pages))
        wall = time.perf_counter() - t0
    finally:
        srv.should_exit = True
        th.join(timeout=10)
        tmp.cleanup()
    lat.sort()
    return {"requests": requests, "errors": errors, "missed": missed, "pages": pages, "wall": wall,
            "throughput": requests / wall,
            "median": statistics.median(lat), "p95": lat[max(0, int(len(lat) * 0.95) - 1)], "max": lat[-1],
            "bytes": len(data)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default=str(REPO / "games/minsk44.json"))
    ap.add_argument("--file", default=str(REPO / "logs/minsk44/violations.jsonl"))
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--pages", type=int, default=2, help="clients connected to the event stream")
    ap.add_argument("--concurrency", type=int, default=20)
    ap.add_argument("--time-limit", type=float, default=300)
    args = ap.parse_args()
    r = load_test(args.game, args.file, args.requests, args.concurrency, args.time_limit, args.pages)
    print(f"sidecar load: {args.requests} requests, {args.concurrency} concurrent, file {Path(args.file).name} "
          f"({r['bytes']} bytes)")
    print(f"  throughput {r['throughput']:.1f} req/s, wall {r['wall']:.2f} s")
    print(f"  latency median {r['median'] * 1000:.0f} ms, p95 {r['p95'] * 1000:.0f} ms, max {r['max'] * 1000:.0f} ms")
    print(f"  errors {r['errors']}; {r['pages']} pages on /events, reports they missed: {r['missed']}")
    errors = r["errors"] + r["missed"]
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
