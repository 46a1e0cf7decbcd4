"""Render many counter faces at once, spread over the CPU cores: PNG files for `modgen counters`, images for sheets.

Each worker process receives the game once (pool initializer) and then only (unit id, face) pairs, so the work
sent between processes stays small. Small jobs run in-process: starting a pool costs more than it saves.
"""

from __future__ import annotations

import io
import os
import re
import signal
import weakref
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from PIL import Image

from modgen.atomic import atomic_dir
from modgen.draw import counterdraw
from modgen.draw.counterdraw import BoundedCache, draw_plan_vector, plan_key, render_plan
from modgen.draw.counters import faces_of, plan_face, render_face
from modgen.draw.svg import SvgDraw

INLINE_LIMIT = 24  # below this many faces a process pool is slower than rendering here
#: zlib level of module images. Measured on the 2,000-hex, 500-counter build (README, Performance): level 3 encodes
#: faces 35 % faster at the same size, the map 30 % faster but 30 % larger; 6 keeps module files (and their bytes,
#: which builds reproduce exactly) as they were, and with the encoding spread over the workers it is off the
#: critical path for counters.
PNG_LEVEL = 6
#: Pseudo face name: the counter's blank face (background only), for counters printed with no back of their own.
BLANK_FACE = "__blank__"

_GAME: Any = None
_UNITS: dict[str, dict[str, Any]] = {}


def _init(game: Any) -> None:
    global _GAME, _UNITS
    _GAME = game
    _UNITS = {u["id"]: u for u in game.units}


def _init_worker(game: Any) -> None:
    """Pool initializer: a worker dies on SIGTERM/SIGHUP as processes do by default. It must not inherit the CLI's
    handler (which turns the signal into an exception for clean-up): the parent cleans up, and stops the pool."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    _init(game)


def png_name(unit_id: str, face: str, ext: str = "png") -> str:
    """File name of one face's PNG: ``<unit id>.<face>.png`` with anything but ``A-Za-z0-9_.-`` replaced by ``_``
    (``ext`` for another format: ``svg``)."""
    safe = re.sub(r"[^A-Za-z0-9_.\-]", "_", f"{unit_id}.{face}")
    return f"{safe}.{ext}"


def all_faces(game: Any) -> list[tuple[str, str]]:
    """(unit id, face name) for every face of every counter, in file order."""
    return [(u["id"], f) for u in game.units for f in faces_of(u)]


def _save_png(item: tuple[str, str, int, str, bool]) -> str:
    unit_id, face, px, out_dir, alpha = item
    _size, data = _encoded(_UNITS[unit_id], face, px, alpha, 3)
    target = Path(out_dir) / png_name(unit_id, face)  # out_dir is export_pngs' private temporary folder
    # compress_level 3: files ~10% larger than the default 6, written twice as fast
    target.write_bytes(data)
    return target.name


def _face_unit(unit_id: str, face: str) -> dict[str, Any]:
    unit = _UNITS[unit_id]
    if face == BLANK_FACE:
        blank = {"kind": "blank"}
        if unit["faces"]["front"].get("color"):  # a marker printed on coloured card keeps its colour on the back
            blank["color"] = unit["faces"]["front"]["color"]
        unit = {**unit, "faces": {**unit["faces"], BLANK_FACE: blank}}
    return unit


def _face_image(unit_id: str, face: str, px: int) -> Image.Image:
    return render_face(_GAME, _face_unit(unit_id, face), face, px)


#: PNG files of faces already encoded, by everything their pixels depend on (counterdraw.plan_key) and the encoding:
#: a third of the faces of the bundled games look exactly like another (untried and blank backs, repeated markers).
_PNGS = BoundedCache(16 << 20)


def clear_caches() -> None:
    """Forget encoded faces and :mod:`~modgen.draw.counterdraw`'s cached drawing (benchmarks start each repeat cold)."""
    _PNGS.clear()
    counterdraw.clear_caches()


def _encoded(unit: dict[str, Any], face: str, px: int, alpha: bool, level: int) -> tuple[tuple[int, int], bytes]:
    """(size, PNG bytes) of one face: those of png_bytes(render_face(...)), encoded once for faces that look alike."""
    plan = plan_face(_GAME, unit, face, px)
    key = plan_key(plan)
    if key is not None:
        hit = _PNGS.get((key, alpha, level))
        if hit is not None:
            return hit
    img = render_plan(plan, alpha=alpha)
    out = (img.size, png_bytes(img, level))
    if key is not None:
        _PNGS.put((key, alpha, level), out, len(out[1]) + 100)
    return out


def _render_raw(item: tuple[str, str, int]) -> tuple[str, str, tuple[int, int], bytes]:
    unit_id, face, px = item
    img = _face_image(unit_id, face, px)
    return unit_id, face, img.size, img.tobytes()


def png_bytes(img: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """*img* as PNG file bytes (no optimize pass: the same bytes for the same pixels and level)."""
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=level)
    return buf.getvalue()


def _render_png(item: tuple[str, str, int, int]) -> tuple[str, str, tuple[int, int], bytes]:
    # encoded here, in the worker: the parent only collects files (encoding there serialised every build)
    unit_id, face, px, level = item
    size, data = _encoded(_face_unit(unit_id, face), face, px, False, level)
    return unit_id, face, size, data


def default_workers() -> int:
    """Worker processes to use: one per CPU core available to this process."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _warm_up(game: Any, items: list[Any]) -> None:
    """Render one face per kind of counter here, before the workers fork: they inherit the warm caches (resolved
    layouts, fonts, glyph metrics) instead of each filling its own, which costs about as much as the faces."""
    _init(game)
    seen = set()
    for uid, face, px, *_ in items:
        unit = _UNITS[uid]
        key = (unit.get("layout"), unit.get("kind"), unit.get("class"), face)
        if face == BLANK_FACE or key in seen:
            continue
        seen.add(key)
        try:
            render_face(game, unit, face, px)
        except Exception:  # noqa: BLE001 - a bad counter is reported by the workers, in file order
            pass


def _run(game: Any, fn: Callable[[Any], Any], items: list[Any], workers: int | None) -> Iterator[Any]:
    """``fn`` over ``items``, results in order. A pool's work is submitted now, so it runs while the caller does
    other work until it reads the results; inline work runs as the results are read."""
    workers = workers or default_workers()
    if workers <= 1 or len(items) < INLINE_LIMIT:
        _init(game)
        return map(fn, items)
    chunk = max(1, len(items) // (workers * 8))
    _warm_up(game, items)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(game,))
    try:
        results = pool.map(fn, items, chunksize=chunk)
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise

    def drain() -> Iterator[Any]:
        try:
            yield from results
        finally:
            pool.shutdown(cancel_futures=True)

    it = drain()
    # a caller that fails before reading (e.g. a bad map in `modgen build`) drops the iterator: stop the pool then
    weakref.finalize(it, pool.shutdown, cancel_futures=True)
    return it


def export_pngs(game: Any, out_dir: str | os.PathLike[str], px: int = 150, *, workers: int | None = None,
                faces: Iterable[tuple[str, str]] | None = None, alpha: bool = False) -> Iterator[Path]:
    """Write one PNG per face (all faces unless ``faces`` names some) into ``out_dir``; yields each final path as
    its face is rendered.

    All or nothing (:func:`modgen.atomic.atomic_dir`): the PNGs are written to a temporary folder beside ``out_dir``
    and moved into it only when every face is done, replacing files of the same name and leaving other files alone;
    a failure (the first bad counter raises its DataError) or SIGTERM leaves ``out_dir`` as it was. ``alpha``: RGBA
    PNGs with transparent corners for rounded and round counters.
    """
    out = Path(out_dir)
    todo = faces if faces is not None else all_faces(game)
    inputs = game.input_files() if hasattr(game, "input_files") else []
    with atomic_dir(out, inputs) as tmp:
        items = [(uid, face, px, str(tmp), alpha) for uid, face in todo]
        results = _run(game, _save_png, items, workers)
        try:
            for name in results:
                yield out / name
        finally:  # stop the workers before the temporary folder is removed, so none writes into it afterwards
            close = getattr(results, "close", None)
            if close is not None:
                close()


def render_images(game: Any, faces: Iterable[tuple[str, str]], px: int, *,
                  workers: int | None = None) -> Iterator[tuple[str, str, Image.Image]]:
    """(unit id, face, image) for each requested face, rendered in parallel, in the order asked.

    With a process pool the rendering starts at the call, so a caller can do other work before reading results.
    """
    items = [(uid, face, px) for uid, face in faces]
    results = _run(game, _render_raw, items, workers)
    return ((uid, face, Image.frombytes("RGB", size, data)) for uid, face, size, data in results)


def render_pngs(game: Any, faces: Iterable[tuple[str, str]], px: int, *, workers: int | None = None,
                level: int = PNG_LEVEL) -> Iterator[tuple[str, str, tuple[int, int], bytes]]:
    """(unit id, face, size, PNG bytes) for each requested face, rendered *and encoded* in parallel, in the order
    asked (:func:`png_bytes`: the same bytes as encoding the image here). Starts at the call, like
    :func:`render_images`."""
    return _run(game, _render_png, [(uid, face, px, level) for uid, face in faces], workers)


def face_svg(game: Any, unit: dict[str, Any], face: str, px: int = 150) -> str:
    """One face as an SVG document: the same plan and drawing calls as its PNG and its PDF (``px`` × ``px`` user
    units; text stays text)."""
    plan = plan_face(game, unit, face, px)
    d = SvgDraw((plan.width, plan.height), title=f"{unit.get('id')} ({face})")
    draw_plan_vector(d, plan, 0, 0)
    return d.svg()


def export_svgs(game: Any, out_dir: str | os.PathLike[str], px: int = 150, *,
                faces: Iterable[tuple[str, str]] | None = None) -> Iterator[Path]:
    """Write one SVG per face (all faces unless ``faces`` names some) into ``out_dir``, all or nothing as
    :func:`export_pngs`; yields each final path."""
    out = Path(out_dir)
    todo = list(faces if faces is not None else all_faces(game))
    units = {u["id"]: u for u in game.units}
    inputs = game.input_files() if hasattr(game, "input_files") else []
    with atomic_dir(out, inputs) as tmp:
        for uid, face in todo:
            name = png_name(uid, face, "svg")
            (Path(tmp) / name).write_text(face_svg(game, units[uid], face, px), encoding="utf-8")
            yield out / name
