"""Module boards: each map drawn as the board image VASSAL shows (hex and square maps with their legend strip), and
encoded as PNG, optionally in a background process.

A module build spends most of its time on one big board and on many small counter faces. The faces already spread
over a process pool (:mod:`modgen.draw.counter_export`); here the boards get a process of their own, so the board,
the faces and the main process's assembling run side by side instead of the board blocking the rest.
"""

from __future__ import annotations

import io
import signal
import weakref
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from PIL import Image

from modgen.draw import mapdraw
from modgen.errors import DataError, ModgenError
from modgen.geometry.squaregrid import map_grid

#: Boards smaller than this (megapixels, all of a build's boards together) are drawn in the calling process: forking
#: and sending the game cost more than a small board takes to draw.
BACKGROUND_MPX = 4.0


def board_image(game: Any, map_id: str, px: float) -> Image.Image:
    """The board image of one map: hex and square maps with their legend and scale bar in a strip below the cells,
    tables as drawn (``px`` is pixels per hex/cell, or per table inch)."""
    return mapdraw.render_map(game, map_id, px, legend=game.map(map_id).get("kind", "hex") in ("hex", "square"))


def board_area(m: dict[str, Any], px: float) -> float:
    """About how many pixels map ``m``'s board has at ``px`` (0 when its data cannot say: drawing reports that)."""
    try:
        if m.get("kind", "hex") == "table":
            return float(m["width_in"]) * float(m["height_in"]) * px * px
        board = map_grid(m).vassal_params(px)["board"]
        return float(board["width"] * board["height"])
    except (KeyError, TypeError, ValueError, DataError):
        return 0.0


def png_bytes(img: Image.Image, level: int) -> bytes:
    """``img`` as PNG file bytes at zlib ``level`` (no optimize pass: the same pixels give the same bytes)."""
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=level)
    return buf.getvalue()


def board_png(game: Any, map_id: str, px: float, level: int) -> tuple[tuple[int, int], bytes]:
    """(size, PNG bytes) of :func:`board_image`."""
    img = board_image(game, map_id, px)
    return img.size, png_bytes(img, level)


def _worker() -> None:
    # a worker dies on SIGTERM/SIGHUP as processes do by default; the CLI's handler (signal -> exception for clean-up)
    # belongs to the parent, which stops the pool
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def board_pngs(game: Any, jobs: Sequence[tuple[str, float]], level: int, *, background: bool,
               processes: int = 1) -> Iterator[tuple[tuple[int, int], bytes]]:
    """(size, PNG bytes) of each (map id, px) in ``jobs``, in order.

    ``background``: start drawing now in up to ``processes`` processes, so the caller can work until it reads the
    results (an error drawing a board is raised when that board is read); otherwise each board is drawn here as it
    is read.
    """
    if not background or not jobs:
        return (board_png(game, map_id, px, level) for map_id, px in jobs)
    pool = ProcessPoolExecutor(max_workers=max(1, min(processes, len(jobs))), initializer=_worker)
    try:
        futures = [pool.submit(board_png, game, map_id, px, level) for map_id, px in jobs]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise

    def results() -> Iterator[tuple[tuple[int, int], bytes]]:
        try:
            for (map_id, _px), f in zip(jobs, futures, strict=True):
                try:
                    yield f.result()
                except BrokenProcessPool:  # killed (the kernel's out-of-memory killer, a signal): say so in one line
                    raise ModgenError(f"map {map_id!r}: the process drawing its board stopped unexpectedly (out of "
                                      "memory?); `-j 1` draws it in the main process") from None
        finally:
            pool.shutdown(cancel_futures=True)

    it = results()
    # a caller that fails before reading drops the iterator: stop the pool then
    weakref.finalize(it, pool.shutdown, cancel_futures=True)
    return it
