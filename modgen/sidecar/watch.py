"""Watch VASSAL's save folder and check each new or changed .vlog/.vsav (or canonical .jsonl) once it is complete.

A file is complete when its size and modification time held still across a poll (a file still being written is
left alone) and its end is there: a VASSAL save or log is a zip whose central directory can be read (VASSAL writes it
last), a canonical log's last line ends with a newline. A file that holds still but is not complete is waited for
(a writer may pause); one still incomplete after ``incomplete_polls`` polls is reported once. Each version of a file
is checked, or refused, once: a file that keeps failing is reported once, not at every poll, and reported again only
when it changes.

Files are opened first and judged afterwards (``O_NOFOLLOW | O_NONBLOCK`` relative to the folder's own descriptor,
then ``fstat`` of what was opened): a file swapped for a symlink, a FIFO or a device between the listing and the
read is refused, never followed, and hard links (``st_nlink`` > 1, a way to make any file on the disk appear in the
folder) are refused too. Reports of files that disappeared are dropped.
"""

from __future__ import annotations

import asyncio
import errno
import io
import json
import logging
import os
import stat
import time
import zipfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from modgen.sidecar.workers import CheckPool, CheckTimeout

WATCHED_SUFFIXES = (".vlog", ".vsav", ".jsonl")
ZIP_SUFFIXES = (".vlog", ".vsav")
#: Called with the file name, its size and the outcome (``{"body", "summary"}`` or ``{"error"}``) of each version.
OnReport = Callable[[str, int, dict[str, Any]], Awaitable[None]]
log = logging.getLogger("modgen.sidecar")
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


class Refused(Exception):
    """A watched name is not a plain, single-linked file we may read (the message says why)."""


def read_plain_file(dir_fd: int, name: str, max_bytes: int) -> tuple[bytes, tuple[int, int]]:
    """The bytes and (size, mtime_ns) of ``name`` in the folder open as ``dir_fd``, opened without following links.

    Raises :class:`Refused` for a symlink, anything not a regular file, a hard link, or more than ``max_bytes``;
    OSError for other failures to read.
    """
    try:
        fd = os.open(name, _OPEN_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):  # EMLINK: FreeBSD's answer to O_NOFOLLOW on a link
            raise Refused(f"{name} is a symbolic link; not followed") from None
        raise
    with os.fdopen(fd, "rb", buffering=0) as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise Refused(f"{name} is not a regular file; not read")
        if st.st_nlink != 1:
            raise Refused(f"{name} is a hard link ({st.st_nlink} names for one file); not read")
        if st.st_size > max_bytes:
            raise Refused(f"{name} is larger than {max_bytes} bytes; not checked")
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:  # grew after fstat
        raise Refused(f"{name} is larger than {max_bytes} bytes; not checked")
    return data, (st.st_size, st.st_mtime_ns)


class Watcher:
    """Polls one folder (not its subfolders). A file is *complete* when its size and mtime held still for one poll
    and its end is there (:func:`incomplete`); then it is checked once per version. A version that holds still but
    stays incomplete for ``incomplete_polls`` polls is reported once as not complete."""

    def __init__(self, folder: Path, pool: CheckPool, check_seconds: float, *,
                 interval: float = 1.0, max_bytes: int = 32 * 1024 * 1024, on_report: OnReport | None = None,
                 incomplete_polls: int = 5) -> None:
        self.folder = folder.resolve()
        self.pool = pool
        self.check_seconds = check_seconds
        self.interval = interval
        self.max_bytes = max_bytes
        self.on_report = on_report
        self._seen: dict[str, tuple[int, int]] = {}  # name -> (size, mtime) seen at the previous poll
        self._done: dict[str, tuple[int, int]] = {}  # name -> version last checked
        self._reports: dict[str, bytes] = {}  # name -> the report entry, serialised (the worker sends JSON)
        self.incomplete_polls = max(1, incomplete_polls)
        self._waiting: dict[str, tuple[tuple[int, int], int]] = {}  # name -> (version, polls seen incomplete)

    def snapshot(self) -> dict[str, dict[str, Any]]:
        """The latest report per file name, parsed (a copy: callers cannot change the watcher's table)."""
        return {name: json.loads(entry) for name, entry in self._reports.items()}

    def snapshot_json(self) -> bytes:
        """The latest report per file name as one JSON object, built from the stored bytes without re-encoding."""
        items = [json.dumps(name).encode() + b":" + entry for name, entry in self._reports.items()]
        return b"{" + b",".join(items) + b"}"

    def _candidates(self, dir_fd: int) -> dict[str, tuple[int, int]]:
        """Regular files with a watched suffix directly in the folder, by name: (size, mtime_ns) from ``lstat``."""
        found: dict[str, tuple[int, int]] = {}
        try:
            names = os.listdir(dir_fd)
        except OSError:
            return found
        for name in names:
            if not name.lower().endswith(WATCHED_SUFFIXES):
                continue
            try:
                st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):  # symlinks are skipped here, and refused again when opened
                found[name] = (st.st_size, st.st_mtime_ns)
        return found

    async def poll_once(self) -> list[str]:
        """One pass: check every complete, not yet checked file version. Returns the names checked."""
        try:
            dir_fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return []
        try:
            return await self._poll(dir_fd)
        finally:
            os.close(dir_fd)

    async def _poll(self, dir_fd: int) -> list[str]:
        checked = []
        now = self._candidates(dir_fd)
        for gone in set(self._reports) - set(now):
            del self._reports[gone]
            self._done.pop(gone, None)
        for gone in set(self._waiting) - set(now):
            del self._waiting[gone]
        for name, version in now.items():
            stable = self._seen.get(name) == version
            if not stable or self._done.get(name) == version:
                continue
            try:
                data, opened = read_plain_file(dir_fd, name, self.max_bytes)
            except Refused as exc:
                await self._store(name, version, {"error": str(exc)})
                continue
            except OSError as exc:
                if not isinstance(exc, FileNotFoundError):
                    await self._store(name, version, {"error": f"cannot read {name}: {exc.strerror}"})
                continue
            if opened != version:
                now[name] = opened  # replaced since the listing: wait until this version holds still
                continue
            if (why := incomplete(name, data)) is not None:
                # Size and time held still, yet the end is missing: a writer pausing, or a file left broken.
                seen_version, polls = self._waiting.get(name, (None, 0))
                polls = polls + 1 if seen_version == version else 1
                if polls < self.incomplete_polls:
                    self._waiting[name] = (version, polls)
                else:
                    self._waiting.pop(name, None)
                    await self._store(name, version, {"error": f"{name} {why}"})
                continue
            self._waiting.pop(name, None)
            try:
                outcome = await self.pool.check(data, name, None, timeout=self.check_seconds)
            except CheckTimeout:
                outcome = {"error": f"checking {name} took longer than {self.check_seconds:g} s and was stopped"}
            await self._store(name, version, outcome)
            checked.append(name)
        self._seen = now
        return checked

    async def _store(self, name: str, version: tuple[int, int], outcome: dict[str, Any]) -> None:
        self._done[name] = version
        head = {"file": name, "size": version[0], "checked_at": time.time()}
        if "body" in outcome:
            entry = json.dumps(head).encode()[:-1] + b',"report":' + outcome["body"] + b"}"
        else:
            entry = json.dumps({**head, "error": outcome["error"]}).encode()
        self._reports[name] = entry
        if self.on_report is not None:
            await self.on_report(name, version[0], outcome)

    async def run(self) -> None:
        """Poll forever (cancelled when the server stops)."""
        while True:
            try:
                await self.poll_once()
            except Exception:  # a bug or a full disk must not end watching for the rest of the session
                log.exception("watching %s: one pass failed", self.folder)
            await asyncio.sleep(self.interval)


def incomplete(name: str, data: bytes) -> str | None:
    """Why the bytes of ``name`` are not a whole file yet (the end of a sentence after the file name), or None: a
    VASSAL save or log needs a readable zip central directory holding at least one entry, a canonical log a last
    line that ends with a newline."""
    if name.lower().endswith(ZIP_SUFFIXES):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                if zf.namelist():
                    return None
        except (zipfile.BadZipFile, ValueError, OSError):
            pass
        return "is not a complete VASSAL save or log (no zip directory)"
    if not data.endswith(b"\n"):
        return "is not a complete log (its last line does not end with a newline)" if data else "is empty"
    return None
