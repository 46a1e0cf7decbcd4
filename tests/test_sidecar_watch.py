"""The folder watcher: checks complete files once per version, ignores what it must not touch."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.sidecar.watch import Watcher
from modgen.sidecar.workers import CheckPool
from tests.sidecar_helpers import GAME, zip_bytes


def _poll(w: Watcher) -> list[str]:
    return asyncio.run(w.poll_once())


def test_watcher_checks_complete_files_once(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.vlog").write_bytes(b"not for you")
    folder = tmp_path / "saves"
    folder.mkdir()
    os.symlink(outside / "secret.vlog", folder / "link.vlog")  # must not be followed out of the folder
    (folder / "notes.txt").write_text("ignored")
    (folder / "broken.vlog").write_bytes(b"garbage, not a zip")
    (folder / "game.vsav").write_bytes(zip_bytes({"savedGame": b"!VCSK" + b"zz"}))  # a zip, but not hex inside

    pool = CheckPool(GAME, workers=1)
    try:
        w = Watcher(folder, pool, 30.0, incomplete_polls=2)
        assert _poll(w) == []  # first sight: not yet known to be complete
        checked = _poll(w)
        assert sorted(checked) == ["game.vsav"]
        assert set(w.snapshot()) == {"game.vsav"}  # broken.vlog holds still but has no end yet: waited for
        assert _poll(w) == []
        reports = w.snapshot()  # still no end after two still polls: reported once
        assert set(reports) == {"broken.vlog", "game.vsav"}
        assert "not a complete" in reports["broken.vlog"]["error"]
        assert reports["game.vsav"]["error"]  # a clear error from the reader, not a crash
        assert "internal error" not in reports["game.vsav"]["error"]
        assert _poll(w) == []  # unchanged files are not checked again
        (folder / "game.vsav").write_bytes(zip_bytes({"savedGame": b"!VCSK" + b"yy"}))
        _poll(w)
        assert _poll(w) == ["game.vsav"]  # changed: checked again once it is still
    finally:
        pool.close()


def test_watcher_reports_a_real_scenario_save(tmp_path: Path) -> None:
    """A .vsav written by our own module builder (the Minsk '44 set-up) is decoded and checked, not refused."""
    import zipfile

    from modgen.vassal.module import build_module

    vmod = tmp_path / "minsk44.vmod"
    build_module(load_game(GAME), vmod)
    with zipfile.ZipFile(vmod) as zf:
        setup = next(n for n in zf.namelist() if n.endswith(".vsav"))
        data = zf.read(setup)
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "turn1.vsav").write_bytes(data)
    pool = CheckPool(GAME, workers=1)
    try:
        w = Watcher(folder, pool, 60.0)
        _poll(w)
        assert _poll(w) == ["turn1.vsav"]
        entry = w.snapshot()["turn1.vsav"]
        assert "error" not in entry, entry.get("error")
        report = entry["report"]
        assert report["events"] > 100  # every set-up unit is an event
        assert [f for f in report["findings"] if f["severity"] == "error"] == []
    finally:
        pool.close()


class RecordingPool:
    """Stands in for the worker pool: records every byte string the watcher hands over for checking."""

    def __init__(self) -> None:
        self.seen: list[bytes] = []

    async def check(self, data: bytes, filename: str, scenario: str | None, *, timeout: float) -> dict:
        self.seen.append(data)
        return {"body": b'{"findings":[],"events":0}'}


def _secret(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir(exist_ok=True)
    secret = outside / "secret.vlog"
    secret.write_bytes(zip_bytes({"savedGame": b"TOP SECRET, NOT IN THE SAVE FOLDER"}))
    return secret


@pytest.mark.parametrize("swap_to", ["symlink", "fifo"])
def test_file_swapped_between_listing_and_open_is_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              swap_to: str) -> None:
    """The race the old check-then-open lost: the listing sees a plain file, then it becomes a symlink (or a FIFO,
    which would block a blocking open) before the read. The watcher opens first and judges what it opened."""
    secret = _secret(tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    save = folder / "game.vlog"
    save.write_bytes(secret.read_bytes())  # same size as the secret, so only the open can tell them apart
    pool = RecordingPool()
    w = Watcher(folder, pool, 30.0)  # type: ignore[arg-type]
    listing = Watcher._candidates
    polls = 0

    def list_then_swap(self: Watcher, dir_fd: int) -> dict:
        nonlocal polls
        found = listing(self, dir_fd)
        polls += 1
        if polls == 2:  # the poll that would read it: swap right after the listing
            save.unlink()
            if swap_to == "symlink":
                os.symlink(secret, save)
            else:
                os.mkfifo(save)
        return found

    monkeypatch.setattr(Watcher, "_candidates", list_then_swap)
    assert _poll(w) == []
    assert _poll(w) == []
    assert pool.seen == []  # the target was never handed to a check
    error = w.snapshot()["game.vlog"]["error"]
    assert ("symbolic link" if swap_to == "symlink" else "not a regular file") in error


def test_hard_link_is_refused(tmp_path: Path) -> None:
    """A hard link makes any file of the user's appear inside the save folder; it is not read."""
    secret = _secret(tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    os.link(secret, folder / "linked.vlog")
    pool = RecordingPool()
    w = Watcher(folder, pool, 30.0)  # type: ignore[arg-type]
    _poll(w)
    _poll(w)
    assert pool.seen == []
    assert "hard link" in w.snapshot()["linked.vlog"]["error"]


def test_reports_of_deleted_files_are_dropped(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    for name in ("a.vsav", "b.vsav"):
        (folder / name).write_bytes(zip_bytes({"savedGame": name.encode()}))
    pool = RecordingPool()
    w = Watcher(folder, pool, 30.0)  # type: ignore[arg-type]
    _poll(w)
    assert sorted(_poll(w)) == ["a.vsav", "b.vsav"]
    assert set(w.snapshot()) == {"a.vsav", "b.vsav"}
    assert json.loads(w.snapshot_json())["a.vsav"]["report"]["findings"] == []
    (folder / "a.vsav").unlink()
    _poll(w)
    assert set(w.snapshot()) == {"b.vsav"}
    (folder / "a.vsav").write_bytes(zip_bytes({"savedGame": b"back again"}))  # a new file of the same name
    _poll(w)
    assert _poll(w) == ["a.vsav"]


class Events:
    """Stands in for the server's notice: every report the watcher announces."""

    def __init__(self) -> None:
        self.names: list[str] = []

    async def __call__(self, name: str, size: int, outcome: dict) -> None:
        self.names.append(name)


def test_a_jsonl_written_in_two_halves_is_checked_once_whole(tmp_path: Path) -> None:
    """A canonical log written in two halves, with polls in between while the first half holds still: the half
    (its last line not ended) is never checked nor reported; the whole log is checked once."""
    from tests.sidecar_helpers import LEGAL

    whole = LEGAL.read_bytes()
    assert whole.endswith(b"\n")
    cut = len(whole) // 2
    assert whole[cut - 1:cut] != b"\n"  # the cut falls inside a line
    folder = tmp_path / "saves"
    folder.mkdir()
    log = folder / "game.jsonl"
    log.write_bytes(whole[:cut])
    pool = RecordingPool()
    events = Events()
    w = Watcher(folder, pool, 30.0, on_report=events, incomplete_polls=3)  # type: ignore[arg-type]
    for _ in range(3):  # first sight, then two polls that see the half hold still
        assert _poll(w) == []
    assert pool.seen == [] and events.names == [] and w.snapshot() == {}
    with log.open("ab") as fh:
        fh.write(whole[cut:])
    assert _poll(w) == []  # changed: not yet still
    assert _poll(w) == ["game.jsonl"]
    assert pool.seen == [whole] and events.names == ["game.jsonl"]
    assert _poll(w) == [] and _poll(w) == []  # checked once
    assert events.names == ["game.jsonl"]


@pytest.mark.parametrize(("name", "data", "words"), [
    ("cut.jsonl", b'{"type": "turn", "turn": 1}\n{"type": "pha', "last line does not end with a newline"),
    ("empty.jsonl", b"", "is empty"),
    ("cut.vlog", zip_bytes({"savedGame": b"x" * 200})[:-30], "no zip directory"),
])
def test_a_file_that_never_completes_is_reported_once(tmp_path: Path, name: str, data: bytes, words: str) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / name).write_bytes(data)
    pool = RecordingPool()
    events = Events()
    w = Watcher(folder, pool, 30.0, on_report=events, incomplete_polls=3)  # type: ignore[arg-type]
    for _ in range(3):
        _poll(w)
    assert events.names == []  # held still for two polls: still waited for
    _poll(w)
    assert events.names == [name]  # the third: reported
    assert words in w.snapshot()[name]["error"]
    for _ in range(5):
        _poll(w)
    assert events.names == [name] and pool.seen == []  # once, never checked
