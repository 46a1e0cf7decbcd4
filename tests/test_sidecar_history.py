"""Report history (SQLite): kept across restarts, listed by game and file, pruned, addressable; the live stream."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from pathlib import Path

from starlette.testclient import TestClient

from modgen.sidecar import Limits, create_app
from modgen.sidecar.live import Hub
from modgen.sidecar.store import ReportStore, default_path
from modgen.sidecar.watch import Watcher
from tests.sidecar_helpers import BASE, GAME, LEGAL, VIOLATIONS, zip_bytes


def _post(c: TestClient, path: Path, name: str | None = None) -> int:
    resp = c.post("/check", files={"file": (name or path.name, path.read_bytes())})
    assert resp.status_code == 200, resp.text
    return int(resp.headers["X-Report-Id"])


def test_reports_made_before_a_restart_are_listed_after_it(tmp_path: Path) -> None:
    db = tmp_path / "state" / "sidecar.sqlite"
    with TestClient(create_app(GAME, db=db), base_url=BASE) as c:
        first = _post(c, VIOLATIONS)
        second = _post(c, LEGAL)
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with TestClient(create_app(GAME, db=db), base_url=BASE) as c:  # a new server on the same database
        listed = c.get("/history").json()["reports"]
        assert [(e["id"], e["file"]) for e in listed] == [(second, "legal.jsonl"), (first, "violations.jsonl")]
        assert listed[1]["counts"] == {"error": 3} and listed[0]["counts"] == {}
        assert listed[0]["source"] == "upload" and listed[0]["game"] == "minsk44"
        whole = c.get(f"/reports/{first}")
        assert whole.status_code == 200
        assert whole.headers["content-disposition"].startswith("inline")
        body = whole.json()
        assert body["file"] == "violations.jsonl"
        assert [f["rule"] for f in body["report"]["findings"]] == ["EFB 6.2", "EFB 8.3", "EFB 9.1"]
        download = c.get(f"/reports/{first}?download=1")
        assert download.headers["content-disposition"] == f'attachment; filename="report-{first}-violations.jsonl.json"'
        assert c.get("/reports/99999").status_code == 404
        assert c.get("/reports/abc").status_code == 404


def test_history_lists_by_file_and_game_and_prunes_to_keep(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    with TestClient(create_app(GAME, db=db, limits=Limits(keep=3)), base_url=BASE) as c:
        ids = [_post(c, LEGAL, f"game{k % 2}.jsonl") for k in range(5)]
        listed = c.get("/history").json()
        assert listed["keep"] == 3
        assert [e["id"] for e in listed["reports"]] == ids[::-1][:3]  # the newest three, newest first
        assert c.get(f"/reports/{ids[0]}").status_code == 404  # pruned
        assert [e["id"] for e in c.get("/history?file=game0.jsonl").json()["reports"]] == [ids[4], ids[2]]
        assert c.get("/history?game=other").json()["reports"] == []
        assert c.get("/history?limit=0").status_code == 400
        assert c.get("/history?limit=1").json()["reports"][0]["id"] == ids[4]
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM reports").fetchone()[0] == 3


def test_history_prunes_to_its_byte_cap_keeping_the_newest(tmp_path: Path) -> None:
    async def go() -> list[int]:
        store = ReportStore(tmp_path / "cap.sqlite", keep=100, max_bytes=2500)
        try:
            for k in range(5):
                await store.add(game="g", file=f"f{k}", source="upload", size=1, body=b'{"findings":[]}' + b" " * 1000)
            return [e["id"] for e in await store.list()]
        finally:
            store.close()

    assert asyncio.run(go()) == [5, 4]  # two bodies of ~1 kB fit under 2,500 bytes


def test_default_database_is_per_user_never_the_working_directory(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "modgen" / "sidecar.sqlite"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/dir")  # not absolute: ignored, as the XDG spec says
    assert default_path() == Path.home() / ".local" / "state" / "modgen" / "sidecar.sqlite"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_path().is_absolute() and Path.cwd() not in default_path().parents


def test_events_stream_announces_reports_and_drops_a_stalled_page() -> None:
    async def go() -> None:
        hub = Hub(max_queue=2)
        stream = hub.stream({"game": "g"})
        assert (await anext(stream)).startswith(b"retry: 2000\nevent: hello\n")
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0)
        assert hub.clients == 1
        hub.publish("report", {"id": 7, "file": "a.vlog"})
        message = await waiting
        assert message == b'event: report\ndata: {"id":7,"file":"a.vlog"}\n\n'
        for k in range(3):  # the page reads nothing: past its queue it is dropped, not waited for
            hub.publish("report", {"id": k})
        assert hub.clients == 0
        assert await anext(stream) == b'event: report\ndata: {"id":1}\n\n'
        try:
            await anext(stream)
            raise AssertionError("a dropped stream ends (the browser reconnects and re-reads the history)")
        except StopAsyncIteration:
            pass

    asyncio.run(go())


def test_watched_jsonl_and_failing_saves_are_reported_once_per_version(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    seen: list[tuple[str, str]] = []

    class Pool:
        async def check(self, data: bytes, filename: str, scenario: str | None, *, timeout: float) -> dict:
            return {"body": b'{"findings":[],"events":1}', "summary": {"counts": {}}}

    async def on_report(name: str, size: int, outcome: dict) -> None:
        seen.append((name, "error" if "error" in outcome else "ok"))

    # incomplete_polls=1: a still file without its end is reported at once (waiting is tested in test_sidecar_watch)
    w = Watcher(folder, Pool(), 30.0, on_report=on_report, incomplete_polls=1)  # type: ignore[arg-type]
    poll = lambda: asyncio.run(w.poll_once())  # noqa: E731
    log = folder / "game.jsonl"
    log.write_bytes(LEGAL.read_bytes()[:100])  # VASSAL-less tools write logs too: a partial write first
    (folder / "broken.vsav").write_bytes(b"garbage")
    poll()
    with log.open("ab") as fh:
        fh.write(LEGAL.read_bytes()[100:])  # still growing: not complete
    poll()
    assert seen == [("broken.vsav", "error")]  # the partial log was never checked
    poll()
    assert seen == [("broken.vsav", "error"), ("game.jsonl", "ok")]
    for _ in range(3):  # a file that keeps failing is reported once, not at every poll
        poll()
    assert len(seen) == 2
    (folder / "broken.vsav").write_bytes(zip_bytes({"savedGame": b"x"}))
    os.utime(folder / "broken.vsav", ns=(1, 1))
    poll()
    poll()
    assert seen[2:] == [("broken.vsav", "ok")]  # a new version is checked again


def test_watched_reports_reach_the_history(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "turn3.jsonl").write_bytes(VIOLATIONS.read_bytes())
    app = create_app(GAME, watch_dir=folder, db=tmp_path / "h.sqlite")
    app.app.state.watcher.interval = 0.2  # type: ignore[attr-defined]
    with TestClient(app, base_url=BASE) as c:
        for _ in range(200):  # the watcher sees it, waits for it to hold still, checks it
            entries = c.get("/history").json()["reports"]
            if entries:
                break
            time.sleep(0.05)
        assert [(e["file"], e["source"], e["counts"]) for e in entries][:1] == [("turn3.jsonl", "watch", {"error": 3})]
        assert json.loads(c.get(entries[0]["url"]).text)["report"]["events"] == 254
