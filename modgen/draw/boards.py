"""Module boards: each map drawn as the board image VASSAL shows (hex and square maps with their legend strip), and
encoded as PNG, optionally in a background process.

A module build spends most of its time on one big board and on many small counter faces. The faces already spread
over a process pool (:mod:`modgen.draw.counter_export`); here the boards get processes of their own, so the board,
the faces and the main process's assembling run side by side instead of the board blocking the rest. A big hex or
square board is itself drawn in horizontal bands, one per process: each process draws, on a board-sized image in
the board's own coordinates, only what can reach its rows (``rows`` of :func:`modgen.draw.mapdraw.render_map`), so
its rows are the very pixels of the whole drawing. Each band process also compresses its rows
(:mod:`modgen.draw.pngpieces`: a hex or square board's PNG is deflated in fixed pieces, however it is drawn), so the
board's file is the same bytes whether it was drawn whole or in bands, and the caller only joins the pieces.
"""

from __future__ import annotations

import io
import signal
import sys
import weakref
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from PIL import Image

from modgen.draw import mapdraw, pngpieces
from modgen.errors import DataError, ModgenError
from modgen.geometry.squaregrid import map_grid

#: Boards smaller than this (megapixels, all of a build's boards together) are drawn in the calling process: forking
#: and sending the game cost more than a small board takes to draw.
BACKGROUND_MPX = 4.0

#: A hex or square board of at least this many megapixels, drawn in the background, is drawn in bands, at most
#: MAX_BANDS: every band repeats the board's layout work (hex numbers' and names' places), so more bands than that
#: cost more than they save.
BAND_MPX = 4.0
MAX_BANDS = 4
#: Each band draws on a board-sized image, and its clip layers span the band when their shapes allow (the benchmark
#: board: ~9 bytes a pixel of board in all, measured) but may span the board (a hatch pattern's long lines: ~15 bytes
#: a pixel), so the bands of one board together cover at most this many megapixels of board (~0.9 GB at worst): the
#: biggest boards are drawn in fewer bands, or whole, rather than in more memory.
BAND_TOTAL_MPX = 60.0


def board_image(game: Any, map_id: str, px: float, rows: tuple[int, int] | None = None, *,
                legend: bool = True) -> Image.Image:
    """The board image of one map: hex and square maps with their legend and scale bar in a strip below the cells,
    tables as drawn (``px`` is pixels per hex/cell, or per table inch). ``rows``: see
    :func:`modgen.draw.mapdraw.render_map`; ``legend=False`` leaves the strip off (the cells are drawn the same)."""
    legend = legend and game.map(map_id).get("kind", "hex") in ("hex", "square")
    return mapdraw.render_map(game, map_id, px, legend=legend, rows=rows)


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
    """(size, PNG bytes) of :func:`board_image`: a hex or square board compressed in pieces (as its bands would be),
    a table by Pillow."""
    img = board_image(game, map_id, px)
    m = game.map(map_id)
    if m.get("kind", "hex") in ("hex", "square") and pngpieces.supported(img.mode):
        return img.size, pngpieces.encode(img, map_grid(m).vassal_params(px)["board"]["height"], level)
    return img.size, png_bytes(img, level)


def bands_of(m: dict[str, Any], px: float, processes: int) -> int:
    """Into how many bands :func:`board_pngs` splits map ``m``'s board with ``processes`` processes (1: whole)."""
    area = board_area(m, px)
    if processes < 2 or m.get("kind", "hex") not in ("hex", "square") or area < BAND_MPX * 1e6:
        return 1
    return max(1, min(processes, MAX_BANDS, int(BAND_TOTAL_MPX * 1e6 // area)))


def board_band(game: Any, map_id: str, px: float, level: int, k: int,
               n: int) -> tuple[tuple[int, int], str, list[pngpieces.Piece]]:
    """Band ``k`` of ``n`` of a hex or square board (:func:`board_png`): (image size, image mode, the PNG pieces of
    its rows). The bands take whole pieces, as evenly as they go; the last runs to the bottom, legend included, and
    its image size is the board's (the others are drawn without the legend strip)."""
    board = map_grid(game.map(map_id)).vassal_params(px)["board"]
    first, last = pngpieces.PIECES * k // n, pngpieces.PIECES * (k + 1) // n
    top = board["height"] * first // pngpieces.PIECES
    end = board["height"] * last // pngpieces.PIECES if k + 1 < n else sys.maxsize
    # the rows above the band too, as far as the first piece's priming window reaches
    above = max(0, top - pngpieces.context_rows(board["width"], "RGB"))  # RGB: the most rows of any mode
    img = board_image(game, map_id, px, rows=(above, end), legend=k + 1 == n)  # only the last band reaches the strip
    if not pngpieces.supported(img.mode):
        raise DataError(f"map {map_id!r}: a {img.mode} board cannot be drawn in bands")
    cut = pngpieces.cuts(board["height"], img.height)
    return img.size, img.mode, pngpieces.compress_image(img, cut, range(first, last), level)


def _joined(bands: list[Future], level: int) -> tuple[tuple[int, int], bytes]:
    """(size, PNG bytes) of the board whose bands the ``bands`` futures give."""
    parts = [f.result() for f in bands]
    size, mode = parts[-1][0], parts[-1][1]  # the last band's image has the legend strip: the board's size
    return size, pngpieces.assemble(size, mode, [piece for _s, _m, pieces in parts for piece in pieces], level)


#: Pillow's pool of freed memory blocks (16 MiB each) in a board process: a board allocates and frees a board-sized
#: layer per patterned terrain, and reusing their blocks spares the kernel's page faults (~0.1 s a band measured).
#: The processes end with the build, so what the pool keeps is given back then.
WORKER_BLOCKS = 32


def _worker() -> None:
    # a worker dies on SIGTERM/SIGHUP as processes do by default; the CLI's handler (signal -> exception for clean-up)
    # belongs to the parent, which stops the pool
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    Image.core.set_blocks_max(WORKER_BLOCKS)


def board_pngs(game: Any, jobs: Sequence[tuple[str, float]], level: int, *, background: bool,
               processes: int = 1) -> Iterator[tuple[tuple[int, int], bytes]]:
    """(size, PNG bytes) of each (map id, px) in ``jobs``, in order.

    ``background``: start drawing now in up to ``processes`` processes (a big board in bands, see
    :func:`bands_of`), so the caller can work until it reads the results (an error drawing a board is raised when
    that board is read); otherwise each board is drawn here as it is read.
    """
    if not background or not jobs:
        return (board_png(game, map_id, px, level) for map_id, px in jobs)
    split = [bands_of(game.map(map_id), px, processes) for map_id, px in jobs]
    pool = ProcessPoolExecutor(max_workers=max(1, min(processes, sum(split))), initializer=_worker)
    try:
        # per board, its one future, or its bands' futures
        futures: list[list[Future]] = [
            [pool.submit(board_png, game, map_id, px, level)] if n == 1
            else [pool.submit(board_band, game, map_id, px, level, k, n) for k in range(n)]
            for (map_id, px), n in zip(jobs, split, strict=True)]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise

    def results() -> Iterator[tuple[tuple[int, int], bytes]]:
        try:
            for (map_id, _px), fs in zip(jobs, futures, strict=True):
                try:
                    yield fs[0].result() if len(fs) == 1 else _joined(fs, level)
                except BrokenProcessPool:  # killed (the kernel's out-of-memory killer, a signal): say so in one line
                    raise ModgenError(f"map {map_id!r}: the process drawing its board stopped unexpectedly (out of "
                                      "memory?); `-j 1` draws it in the main process") from None
        finally:
            pool.shutdown(cancel_futures=True)

    it = results()
    # a caller that fails before reading drops the iterator: stop the pool then
    weakref.finalize(it, pool.shutdown, cancel_futures=True)
    return it
