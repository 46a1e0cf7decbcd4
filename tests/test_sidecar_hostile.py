"""Hostile uploads against the sidecar: endless chunked bodies, slow and vanishing clients, compressed bombs, a port
already in use. Each must end in a clear 4xx (or one line and exit 1) with bounded memory, disk and time."""

from __future__ import annotations

import asyncio
import itertools
import logging
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.testclient import TestClient

from modgen.sidecar import Limits, create_app
from modgen.sidecar import workers as workers_mod
from tests.conftest import REPO
from tests.hostile import assert_one_line_error, run_bounded
from tests.sidecar_helpers import BASE, GAME, VIOLATIONS, xz_save_bomb

MiB = 1024 * 1024
CAP = 1 * MiB
SEVERAL_GB = 4 * 1024  # chunks of 1 MiB: what a hostile client offers to send
BOUNDARY = "hostileboundary"
MULTIPART_HEAD = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.vlog"\r\n'
                  "Content-Type: application/octet-stream\r\n\r\n").encode()


class Counting:
    """An endless-looking body: ``chunks`` pieces of 1 MiB after ``head``; counts what was actually taken."""

    def __init__(self, head: bytes = b"", chunks: int = SEVERAL_GB) -> None:
        self.taken = 0
        self._it = itertools.chain([head] if head else [], itertools.repeat(bytes(MiB), chunks))

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._it:
            self.taken += len(chunk)
            yield chunk


def _scope(content_type: str, query: bytes = b"") -> dict[str, Any]:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
            "path": "/check", "raw_path": b"/check", "query_string": query, "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", content_type.encode()),
                        (b"transfer-encoding", b"chunked")],
            "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 8765), "state": {}}


def _call(app: Any, scope: dict[str, Any], receive: Any) -> tuple[int, bytes]:
    """Drive the ASGI app once; the status and body it sent."""
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def _receiver(body: Iterator[bytes]) -> Any:
    it = iter(body)

    async def receive() -> dict[str, Any]:
        chunk = next(it, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.request", "body": chunk, "more_body": True}

    return receive


@pytest.fixture(scope="module")
def app():
    return create_app(GAME, limits=Limits(max_upload=CAP, workers=1, body_seconds=5))


@pytest.mark.parametrize("kind", ["multipart", "raw"])
def test_chunked_upload_stops_at_the_cap(app: Any, kind: str) -> None:
    """No Content-Length, 4 GiB offered: the app stops pulling the body one chunk past the cap and answers 413."""
    if kind == "multipart":
        body, scope = Counting(MULTIPART_HEAD), _scope(f"multipart/form-data; boundary={BOUNDARY}")
    else:
        body, scope = Counting(), _scope("application/octet-stream", b"filename=big.vlog")
    status, payload = _call(app, scope, _receiver(iter(body)))
    assert status == 413, payload
    assert f"limit of {CAP} bytes".encode() in payload
    assert body.taken <= CAP + 64 * 1024 + MiB + len(MULTIPART_HEAD)  # the cap, the multipart slack, one chunk


def test_slow_client_gets_408() -> None:
    """A client that sends one chunk and then nothing is cut off at the body deadline instead of holding a slot."""
    app = create_app(GAME, limits=Limits(max_upload=CAP, workers=1, body_seconds=0.2))
    stalled = asyncio.Event()
    first = True

    async def receive() -> dict[str, Any]:
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": b"PK\x03\x04", "more_body": True}
        await stalled.wait()  # never set: the client has gone quiet
        raise AssertionError("unreachable")

    status, payload = _call(app, _scope("application/octet-stream", b"filename=slow.vlog"), receive)
    assert status == 408, payload
    assert b"did not arrive within" in payload


def test_aborted_upload_is_one_log_line(app: Any, caplog: pytest.LogCaptureFixture) -> None:
    """A client that disconnects mid-upload costs one warning line on the console, not a traceback."""
    events = iter([{"type": "http.request", "body": MULTIPART_HEAD + b"x" * 1000, "more_body": True},
                   {"type": "http.disconnect"}])

    async def receive() -> dict[str, Any]:
        return next(events)

    with caplog.at_level(logging.WARNING):
        _call(app, _scope(f"multipart/form-data; boundary={BOUNDARY}"), receive)
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert lines[0].name == "modgen.sidecar" and "aborted" in lines[0].getMessage()
    assert lines[0].exc_info is None


@pytest.fixture(scope="module")
def live_server():
    """A real uvicorn on an ephemeral loopback port (the test drives it over TCP)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(GAME, limits=Limits(max_upload=CAP, workers=1, body_seconds=10), port=port)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", log_config=None))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline, "sidecar did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_chunked_upload_over_tcp_stops_at_the_cap(live_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through uvicorn: the server answers 413 and closes; the client could push only what the socket buffers hold,
    and nothing went to a temporary file."""
    temp_files: list[str] = []

    def no_temp(*args: Any, **kwargs: Any) -> Any:
        temp_files.append(repr(args))
        raise AssertionError("the sidecar wrote an upload to a temporary file")

    for name in ("TemporaryFile", "NamedTemporaryFile", "SpooledTemporaryFile", "mkstemp"):
        monkeypatch.setattr(tempfile, name, no_temp)
    body = Counting(MULTIPART_HEAD)
    with httpx.Client(timeout=30) as client:
        resp = client.post(live_server + "/check", content=iter(body),
                           headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"})
    assert resp.status_code == 413, resp.text
    assert body.taken < 64 * MiB, body.taken  # of 4 GiB offered: the cap plus what the kernel's buffers took
    assert temp_files == []


def test_page_origin_post_over_tcp(live_server: str) -> None:
    """The page's own fetch (same Origin) is served; a foreign Host is refused at the door."""
    with httpx.Client(timeout=60) as client:
        ok = client.post(live_server + "/check", files={"file": ("violations.jsonl", VIOLATIONS.read_bytes())},
                         headers={"origin": live_server})
        assert ok.status_code == 200, ok.text
        assert ok.headers["x-content-type-options"] == "nosniff"
        port = live_server.rsplit(":", 1)[1]
        assert client.get(live_server + "/reports", headers={"host": f"rebound.example:{port}"}).status_code == 421


def test_compressed_bomb_hits_the_worker_memory_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ~0.9 MB .vsav whose XZ savedGame decodes to 4 GiB: the worker fails inside its address-space cap, the
    client gets a clear 422, and the worker is replaced. The decoded-size cap is set far above the memory cap here,
    so only the memory cap can have stopped it."""
    memory = 384 * MiB
    peaks: list[int] = []
    kill = workers_mod._Worker.kill

    def kill_and_measure(self: Any) -> None:
        status = Path(f"/proc/{self.proc.pid}/status").read_text().splitlines()
        peaks.extend(int(line.split()[1]) * 1024 for line in status if line.startswith("VmPeak:"))
        kill(self)

    monkeypatch.setattr(workers_mod._Worker, "kill", kill_and_measure)
    bomb = xz_save_bomb(4 * 1024 * MiB)
    assert len(bomb) < 1 * MiB
    limits = Limits(max_upload=2 * MiB, max_decompressed=8 * 1024 * MiB, worker_memory=memory, workers=1)
    with TestClient(create_app(GAME, limits=limits), base_url=BASE) as client:
        resp = client.post("/check", files={"file": ("bomb.vsav", bomb)})
        assert resp.status_code == 422, resp.text
        message = resp.json()["error"]
        assert "bomb.vsav" in message and "memory" in message and "internal error" not in message
        assert peaks and peaks[0] <= memory, peaks  # the worker never had more address space than its cap
        again = client.post("/check", files={"file": ("violations.jsonl", VIOLATIONS.read_bytes())})
        assert again.status_code == 200  # a fresh worker took over


def test_serve_on_a_port_in_use_is_one_line_and_exit_1() -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen(1)
        port = held.getsockname()[1]
        result = run_bounded(["serve", "--game", str(GAME), "--port", str(port)], cwd=REPO,
                             env={"PYTHONPATH": str(REPO)})
    line = assert_one_line_error(result, str(port), "in use", "--port")
    assert line.startswith("error: cannot listen on 127.0.0.1:")


@pytest.mark.parametrize(("path", "status", "said"), [
    ("/history?limit=%C2%B2", 400, "limit must be a whole number"),  # "²": isdigit() is true, int() refuses it
    ("/history?limit=" + "9" * 5000, 400, "limit must be a whole number"),  # past int()'s 4,300 digits
    ("/history?limit=%D9%A1%D9%A2", 400, "limit must be a whole number"),  # Arabic-Indic "12" was taken as 12
    ("/reports/" + "9" * 30, 404, "no report 9999"),  # past SQLite's 64-bit integers (OverflowError)
    ("/reports/" + "9" * 5000, 404, "no report 9999"),  # {id:int} converted it with int() while routing
    ("/reports/abc", 404, "no report abc"),
], ids=["superscript", "5000-digits", "arabic-digits", "id-past-int64", "id-5000-digits", "id-not-a-number"])
def test_absurd_numbers_in_a_url_are_a_clear_4xx(path: str, status: int, said: str) -> None:
    with TestClient(create_app(GAME, limits=Limits(workers=1)), base_url=BASE,
                    raise_server_exceptions=False) as client:
        resp = client.get(path)  # each was a 500 Internal Server Error
        assert resp.status_code == status, resp.text
        assert said in resp.json()["error"] and len(resp.text) < 300



@pytest.mark.parametrize("suffix", [".jsonl", ".txt"])
def test_a_long_file_name_is_cut_to_its_end(suffix: str) -> None:
    name = "n" * 20_000 + suffix  # was repeated whole in the 415 message and stored whole in the history
    with TestClient(create_app(GAME, limits=Limits(workers=1)), base_url=BASE) as client:
        resp = client.post(f"/check?filename={name}", content=VIOLATIONS.read_bytes(),
                           headers={"content-type": "application/octet-stream"})
        if suffix == ".txt":
            assert resp.status_code == 415 and len(resp.text) < 400 and "nnn.txt'" in resp.json()["error"]
        else:
            assert resp.status_code == 200, resp.text[:300]
            (entry,) = client.get("/history").json()["reports"]
            assert len(entry["file"]) == 255 and entry["file"].endswith("nnn.jsonl")
