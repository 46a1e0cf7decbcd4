"""The folder watcher: checks complete files once per version, ignores what it must not touch."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from modgen.model import load_game
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
        w = Watcher(folder, pool, 30.0)
        assert _poll(w) == []  # first sight: not yet known to be complete
        checked = _poll(w)
        assert sorted(checked) == ["game.vsav"]
        reports = w.snapshot()
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
