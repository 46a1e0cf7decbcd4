"""Watch VASSAL's save folder and check each new or changed .vlog/.vsav once it is complete."""

from __future__ import annotations

import asyncio
import time
import zipfile
from pathlib import Path
from typing import Any

from modgen.report.picture import MapView
from modgen.sidecar.workers import CheckPool, CheckTimeout

WATCHED_SUFFIXES = (".vlog", ".vsav")


class Watcher:
    """Polls one folder (not its subfolders). A file is *complete* when its size and mtime held still for one poll
    and it is a whole zip (VASSAL writes the central directory last); then it is checked once per version."""

    def __init__(self, folder: Path, pool: CheckPool, check_seconds: float, view: MapView, *,
                 interval: float = 1.0, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.folder = folder.resolve()
        self.pool = pool
        self.check_seconds = check_seconds
        self.view = view
        self.interval = interval
        self.max_bytes = max_bytes
        self._seen: dict[str, tuple[int, int]] = {}  # name -> (size, mtime) seen at the previous poll
        self._done: dict[str, tuple[int, int]] = {}  # name -> version last checked
        self._reports: dict[str, dict[str, Any]] = {}

    def snapshot(self) -> dict[str, dict[str, Any]]:
        """The latest report per file name (a copy: callers cannot change the watcher's table)."""
        return dict(self._reports)

    def _candidates(self) -> dict[str, tuple[int, int]]:
        found: dict[str, tuple[int, int]] = {}
        try:
            entries = list(self.folder.iterdir())
        except OSError:
            return found
        for p in entries:
            # Only plain files directly inside the folder: a symlink could point anywhere on the disk.
            if p.suffix.lower() not in WATCHED_SUFFIXES or p.is_symlink() or not p.is_file():
                continue
            try:
                st = p.stat()
            except OSError:
                continue
            found[p.name] = (st.st_size, st.st_mtime_ns)
        return found

    async def poll_once(self) -> list[str]:
        """One pass: check every complete, not yet checked file version. Returns the names checked."""
        checked = []
        now = self._candidates()
        for name, version in now.items():
            stable = self._seen.get(name) == version
            if not stable or self._done.get(name) == version:
                continue
            path = self.folder / name
            if version[0] > self.max_bytes:
                self._store(name, version, {"error": f"{name} is larger than {self.max_bytes} bytes; not checked"})
                continue
            try:
                data = path.read_bytes()
            except OSError as exc:
                self._store(name, version, {"error": f"cannot read {name}: {exc.strerror}"})
                continue
            if not _complete_zip(data):
                # Size and time held still for a whole poll, yet no zip directory: not a save VASSAL finished writing.
                self._store(name, version, {"error": f"{name} is not a complete VASSAL save or log (no zip directory)"})
                continue
            try:
                outcome = await self.pool.check(data, name, None, timeout=self.check_seconds)
            except CheckTimeout:
                outcome = {"error": f"checking {name} took longer than {self.check_seconds:g} s and was stopped"}
            self._store(name, version, outcome)
            checked.append(name)
        self._seen = now
        return checked

    def _store(self, name: str, version: tuple[int, int], outcome: dict[str, Any]) -> None:
        self._done[name] = version
        entry: dict[str, Any] = {"file": name, "size": version[0], "checked_at": time.time()}
        if "report" in outcome:
            entry["report"] = self.view.annotate(outcome["report"])
        else:
            entry["error"] = outcome["error"]
        self._reports[name] = entry

    async def run(self) -> None:
        """Poll forever (cancelled when the server stops)."""
        while True:
            await self.poll_once()
            await asyncio.sleep(self.interval)


def _complete_zip(data: bytes) -> bool:
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return bool(zf.namelist())
    except (zipfile.BadZipFile, ValueError, OSError):
        return False
