"""Live updates for open pages: every report the server makes is announced as a server-sent event (``GET /events``).

Each connected page gets its own bounded queue. Publishing never waits: a page that falls ``max_queue`` events
behind is disconnected (its EventSource reconnects by itself and the page re-reads the history), so one stalled
browser cannot hold up checks or the other pages.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

#: Seconds between keep-alive comments on an idle stream (proxies and browsers drop silent connections).
KEEPALIVE = 15.0


class Hub:
    """Fans events out to the connected pages."""

    def __init__(self, max_queue: int = 256) -> None:
        self.max_queue = max_queue
        self._subs: set[asyncio.Queue[bytes | None]] = set()
        self.closed = False

    @property
    def clients(self) -> int:
        """Pages connected now."""
        return len(self._subs)

    def publish(self, kind: str, data: dict[str, Any]) -> None:
        """Send ``data`` as an SSE event named ``kind`` to every page (from the event loop's thread)."""
        message = f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()
        for q in list(self._subs):
            try:
                q.put_nowait(message)
            except asyncio.QueueFull:  # too far behind: drop it; it reconnects and catches up from the history
                self._subs.discard(q)
                q.get_nowait()
                q.put_nowait(None)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.closed = True
        for q in list(self._subs):
            while not q.empty():
                q.get_nowait()
            q.put_nowait(None)
        self._subs.clear()

    async def stream(self, hello: dict[str, Any]) -> AsyncIterator[bytes]:
        """One page's event stream: ``hello`` first, then each published event, keep-alive comments in between."""
        q: asyncio.Queue[bytes | None] = asyncio.Queue(self.max_queue)
        if self.closed:
            return
        self._subs.add(q)
        try:
            yield b"retry: 2000\n" + f"event: hello\ndata: {json.dumps(hello)}\n\n".encode()
            while True:
                try:
                    item = await asyncio.wait_for(q.get(), KEEPALIVE)
                except TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                if item is None:
                    return
                yield item
        finally:
            self._subs.discard(q)
