"""Load test of the sidecar on 127.0.0.1: N requests, C at a time, through a real uvicorn server.

Bounded by design (request count and a time limit); sends traffic to loopback only. Prints throughput and latency
percentiles, and exits non-zero if any request failed.

    .venv/bin/python benchmarks/bench_sidecar.py [--requests 200] [--concurrency 20] [--file LOG]
"""

from __future__ import annotations

import argparse
import asyncio
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _run(url: str, data: bytes, name: str, n: int, conc: int, limit_s: float) -> tuple[list[float], int]:
    sem = asyncio.Semaphore(conc)
    lat: list[float] = []
    errors = 0
    async with httpx.AsyncClient(timeout=60) as client:
        async def one() -> None:
            nonlocal errors
            async with sem:
                t = time.perf_counter()
                r = await client.post(url + "/check", files={"file": (name, data)})
                lat.append(time.perf_counter() - t)
                if r.status_code != 200:
                    errors += 1

        await asyncio.wait_for(asyncio.gather(*(one() for _ in range(n))), timeout=limit_s)
    return lat, errors


def load_test(game: str, log: str, requests: int, concurrency: int, time_limit: float = 300) -> dict[str, float]:
    """Run a real uvicorn sidecar on a free loopback port and send it ``requests`` uploads, ``concurrency`` at once."""
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(game), host="127.0.0.1", port=port, log_level="warning"))
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
        lat, errors = asyncio.run(_run(url, data, Path(log).name, requests, concurrency, time_limit))
        wall = time.perf_counter() - t0
    finally:
        srv.should_exit = True
        th.join(timeout=10)
    lat.sort()
    return {"requests": requests, "errors": errors, "wall": wall, "throughput": requests / wall,
            "median": statistics.median(lat), "p95": lat[max(0, int(len(lat) * 0.95) - 1)], "max": lat[-1],
            "bytes": len(data)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default=str(REPO / "games/minsk44.json"))
    ap.add_argument("--file", default=str(REPO / "logs/minsk44/violations.jsonl"))
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--concurrency", type=int, default=20)
    ap.add_argument("--time-limit", type=float, default=300)
    args = ap.parse_args()
    r = load_test(args.game, args.file, args.requests, args.concurrency, args.time_limit)
    print(f"sidecar load: {args.requests} requests, {args.concurrency} concurrent, file {Path(args.file).name} "
          f"({r['bytes']} bytes)")
    print(f"  throughput {r['throughput']:.1f} req/s, wall {r['wall']:.2f} s")
    print(f"  latency median {r['median'] * 1000:.0f} ms, p95 {r['p95'] * 1000:.0f} ms, max {r['max'] * 1000:.0f} ms")
    print(f"  errors {r['errors']}")
    errors = r["errors"]
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
