"""Report history: every report the sidecar makes, kept in an SQLite database (stdlib ``sqlite3``, WAL mode).

One row per report: the game, the file name, where it came from (``upload`` or ``watch``), when, a summary (counts
by severity, events) for lists, and the report itself as the JSON bytes the worker produced (never re-encoded). The
database keeps the newest ``keep`` reports and at most ``max_bytes`` of report bodies; older rows are pruned after
each insert. All database work runs on one dedicated thread, off the event loop, which also serialises writers.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from modgen.errors import ModgenError

DEFAULT_KEEP = 500
DEFAULT_MAX_BYTES = 256 * 1024 * 1024
_SCHEMA = """
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    file TEXT NOT NULL,
    source TEXT NOT NULL,
    created REAL NOT NULL,
    size INTEGER NOT NULL,
    summary TEXT NOT NULL,
    error TEXT,
    body BLOB
);
CREATE INDEX IF NOT EXISTS reports_game_file ON reports (game, file, id);
"""
_COLUMNS = "id, game, file, source, created, size, summary, error"


def default_path() -> Path:
    """The per-user database: ``$XDG_STATE_HOME/modgen/sidecar.sqlite``, else ``~/.local/state/modgen/…``."""
    state = os.environ.get("XDG_STATE_HOME")
    base = Path(state) if state and os.path.isabs(state) else Path.home() / ".local" / "state"
    return base / "modgen" / "sidecar.sqlite"


def _entry(row: tuple[Any, ...]) -> dict[str, Any]:
    rid, game, file, source, created, size, summary, error = row
    out = {"id": rid, "url": f"/reports/{rid}", "game": game, "file": file, "source": source, "created": created,
           "size": size, **json.loads(summary)}
    if error is not None:
        out["error"] = error
    return out


class ReportStore:
    """The history database at ``path`` (``None``: in memory, gone when the process ends)."""

    def __init__(self, path: Path | None, *, keep: int = DEFAULT_KEEP, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.path = path
        self.keep = max(1, keep)
        self.max_bytes = max_bytes
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="modgen-db")
        self._db: sqlite3.Connection | None = None
        self._thread.submit(self._open).result()  # a bad path is one clear error at start-up, not at first write

    def _open(self) -> None:
        if self.path is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise ModgenError(f"cannot create the report database folder {self.path.parent}: "
                                  f"{exc.strerror or exc}") from None
        try:
            db = sqlite3.connect(":memory:" if self.path is None else str(self.path), isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable across crashes of this process, cheap commits
            db.execute("PRAGMA busy_timeout=5000")  # another `modgen serve` on the same database
            db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise ModgenError(f"cannot open the report database {self.path}: {exc} (choose another with --db)") \
                from None
        self._db = db

    async def _run(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    # ---- on the database thread ---------------------------------------------------------------------------
    def _add(self, game: str, file: str, source: str, size: int, summary: dict[str, Any], body: bytes | None,
             error: str | None) -> dict:
        assert self._db is not None
        summary = json.dumps(summary)
        created = time.time()
        with self._db:  # one transaction: the insert and the pruning it causes
            cur = self._db.execute(
                "INSERT INTO reports (game, file, source, created, size, summary, error, body) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game, file, source, created, size, summary, error, body))
            rid = cur.lastrowid
            self._prune()
        return _entry((rid, game, file, source, created, size, summary, error))

    def _prune(self) -> None:
        assert self._db is not None
        self._db.execute("DELETE FROM reports WHERE id <= (SELECT id FROM reports ORDER BY id DESC LIMIT 1 OFFSET ?)",
                         (self.keep,))
        total = 0
        for rid, n in self._db.execute("SELECT id, IFNULL(LENGTH(body), 0) FROM reports ORDER BY id DESC"):
            total += n
            if total > self.max_bytes and n != total:  # the newest report is always kept
                self._db.execute("DELETE FROM reports WHERE id <= ?", (rid,))
                break

    def _list(self, game: str | None, file: str | None, limit: int) -> list[dict[str, Any]]:
        assert self._db is not None
        where, args = [], []
        for col, value in (("game", game), ("file", file)):
            if value is not None:
                where.append(f"{col} = ?")
                args.append(value)
        sql = f"SELECT {_COLUMNS} FROM reports {'WHERE ' + ' AND '.join(where) if where else ''} " \
              "ORDER BY id DESC LIMIT ?"
        return [_entry(row) for row in self._db.execute(sql, (*args, limit))]

    def _get(self, rid: int) -> tuple[dict[str, Any], bytes | None] | None:
        assert self._db is not None
        row = self._db.execute(f"SELECT {_COLUMNS}, body FROM reports WHERE id = ?", (rid,)).fetchone()
        return None if row is None else (_entry(row[:-1]), row[-1])

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ---- from the event loop ------------------------------------------------------------------------------
    async def add(self, *, game: str, file: str, source: str, size: int, summary: dict[str, Any] | None = None,
                  body: bytes | None = None, error: str | None = None) -> dict[str, Any]:
        """Store one report (``body``: its JSON, ``summary``: counts for lists) or failed check (``error``);
        returns its list entry."""
        return await self._run(self._add, game, file, source, size, summary or {}, body, error)

    async def list(self, *, game: str | None = None, file: str | None = None, limit: int = 200) -> list[dict]:
        """Entries newest first (no report bodies), optionally of one game and/or file name."""
        return await self._run(self._list, game, file, limit)

    async def get_json(self, rid: int) -> tuple[dict[str, Any], bytes] | None:
        """(its list entry, the whole entry with its report as JSON bytes: the report is not re-encoded); None if
        there is no report ``rid``."""
        found = await self._run(self._get, rid)
        if found is None:
            return None
        entry, body = found
        head = json.dumps(entry, separators=(",", ":")).encode()
        return entry, (head if body is None else head[:-1] + b',"report":' + body + b"}")

    def close(self) -> None:
        """Close the database (waits for pending writes)."""
        self._thread.submit(self._close).result()
        self._thread.shutdown(wait=True)
