"""Remember the PNG of every board and counter face a module build draws, so a rebuild draws only what changed.

A designer rebuilds the module after each change to a scenario, a table or one counter; drawing the 2,000-hex board
and 1,000 faces again every time is most of a build. An entry is the PNG file's bytes, keyed by everything its pixels
depend on:

* modgen's own code, the Python version and the installed rule-system plugins (the validation cache's
  :func:`~modgen.data.validcache.code_fingerprint`), Pillow's and zlib's versions, the zlib level and the limits in
  force;
* the game: its manifest (sides, formations, counter layouts, terrain, title), its rule system and where its files
  are, and the content of every other file it names — counter and map artwork, the layouts' fonts, the rules PDF
  (BLAKE2 of the bytes, as the validation cache reads them): a changed picture anywhere redraws everything;
* the item: the counter record, the face and the size in px; or the map record and its px per hex (or inch).

So an entry is used only when drawing again would give the same bytes. Entries live in the user's cache folder
(``$MODGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/modgen``, else ``~/.cache/modgen``) under ``images/``;
``MODGEN_CACHE_DIR=off`` or ``MODGEN_IMAGE_CACHE=off`` turns it off. Each file carries a BLAKE2 digest of its PNG and
is written atomically; one that does not check is ignored (and the image drawn). The folder is kept under
:data:`MAX_BYTES`, the least recently used entries going first. Failing to read or write is silent: the cache only
saves time.
"""

from __future__ import annotations

import json
import os
import struct
import tempfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import PIL

from modgen import limits
from modgen.data import validcache
from modgen.draw.fitcheck import font_files

try:  # the BLAKE2 module alone, as the validation cache does
    from _blake2 import blake2b
except ImportError:  # another Python implementation
    from hashlib import blake2b

_VERSION = 1
_DIGEST = 16
#: The cache folder's size cap; past it the least recently used entries are deleted (down to 3/4 of it).
MAX_BYTES = 1 << 30
_OFF = ("", "off", "0", "none", "no", "false")


def cache_folder() -> Path | None:
    """The folder of the image entries, or None when the cache is off."""
    if os.environ.get("MODGEN_IMAGE_CACHE", "on").strip().lower() in _OFF:
        return None
    valid = validcache.cache_dir()
    return None if valid is None else valid.parent / "images"


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str).encode()


class ImageCache:
    """The entries of one game's build at zlib ``level``; :meth:`face_key` and :meth:`board_key` name them."""

    def __init__(self, game: Any, level: int) -> None:
        self.folder = cache_folder()
        self.written = 0
        self.game_sig = b""
        if self.folder is None:
            return
        own = {os.path.abspath(p) for p in (getattr(game, "files", {}) or {}).values()}
        named = [str(p) for p in game.input_files()] + font_files(game.path)  # every picture and font it names
        deps = {os.path.abspath(p): validcache.file_signature(os.path.abspath(p))
                for p in named if os.path.abspath(p) not in own}
        in_force = {name: limits.get(name) for name in sorted(limits.LIMITS)}
        h = blake2b(digest_size=_DIGEST)
        h.update(_canonical({"v": _VERSION, "code": validcache.code_fingerprint(), "pillow": PIL.__version__,
                             "zlib": zlib.ZLIB_RUNTIME_VERSION,  # boards are deflated by Python's zlib (pngpieces)
                             "level": level, "limits": in_force, "manifest": game.manifest,
                             "system": game.manifest.get("system"), "path": os.path.abspath(game.path),
                             "files": {k: os.path.abspath(v) for k, v in (getattr(game, "files", {}) or {}).items()},
                             "deps": deps}))
        self.game_sig = h.digest()

    @property
    def on(self) -> bool:
        return self.folder is not None

    def _key(self, item: Any) -> str:
        if self.folder is None:
            return ""
        h = blake2b(self.game_sig, digest_size=20)
        h.update(_canonical(item))
        return h.hexdigest()

    def face_key(self, unit: dict[str, Any], face: str, px: int) -> str:
        """The key of one counter face ``px`` square."""
        return self._key(["face", unit, face, px])

    def board_key(self, board: dict[str, Any], px: float) -> str:
        """The key of one map's board image at ``px`` per hex, cell or table inch."""
        return self._key(["board", board, px])

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / key[:2] / f"{key}.png"

    def get(self, key: str) -> bytes | None:
        """The PNG of ``key``, if an intact entry exists (it then counts as just used)."""
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            blob = path.read_bytes()
            data, digest = blob[:-_DIGEST], blob[-_DIGEST:]
            if len(blob) <= _DIGEST or blake2b(data, digest_size=_DIGEST).digest() != digest:
                return None
            png_size(data)
            os.utime(path)  # least recently used goes first when the folder is pruned
            return data
        except (OSError, ValueError):
            return None

    def put(self, key: str, data: bytes) -> None:
        """Keep ``data`` (PNG bytes) as ``key``'s entry; silent when it cannot be written."""
        if self.folder is None:
            return
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                    fh.write(blake2b(data, digest_size=_DIGEST).digest())
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
            self.written += len(data)
        except OSError:
            return

    def prune(self, max_bytes: int = MAX_BYTES) -> None:
        """Delete the least recently used entries while the folder holds more than ``max_bytes`` (down to 3/4)."""
        if self.folder is None or not self.written:
            return
        entries = []
        try:
            for sub in os.scandir(self.folder):
                if sub.is_dir(follow_symlinks=False):
                    for e in os.scandir(sub.path):
                        if e.is_file(follow_symlinks=False):
                            st = e.stat(follow_symlinks=False)
                            entries.append((st.st_mtime_ns, st.st_size, e.path))
        except OSError:
            return
        total = sum(size for _, size, _ in entries)
        if total <= max_bytes:
            return
        for _, size, path in sorted(entries):
            try:
                os.unlink(path)
            except OSError:
                continue
            total -= size
            if total <= max_bytes * 3 // 4:
                return


def cached_pngs(cache: ImageCache, keys: list[str],
                render: Callable[[list[int]], Iterator[tuple[tuple[int, int], bytes]]]
                ) -> tuple[int, Iterator[tuple[tuple[int, int], bytes]]]:
    """(how many came from the cache, (size, PNG bytes) for each of ``keys`` in order): the cache's entries, and
    ``render(indices)`` for the others — called now, so its work can start at once — each kept in the cache as it is
    read."""
    hits: dict[int, bytes] = {}
    for i, key in enumerate(keys):
        data = cache.get(key)
        if data is not None:
            hits[i] = data
    fresh = render([i for i in range(len(keys)) if i not in hits])

    def merged() -> Iterator[tuple[tuple[int, int], bytes]]:
        for i, key in enumerate(keys):
            if i in hits:
                yield png_size(hits[i]), hits[i]
            else:
                size, data = next(fresh)
                cache.put(key, data)
                yield size, data

    return len(hits), merged()
