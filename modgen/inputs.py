"""Opening input files safely: only regular files, each read with a size cap, and references kept in the workspace.

* :func:`open_regular` opens a path and *then* checks what it opened (``fstat`` on the open descriptor, never
  ``stat``-then-``open``, which a swapped symlink could race): a FIFO, a device (``/dev/zero``, ``/dev/urandom``), a
  socket or a directory is refused with one line, and opening never blocks (``O_NONBLOCK``: a FIFO without a writer).
* :func:`read_regular` reads such a file whole, refusing it beyond a cap (the ``file_mb`` limit by default) without
  reading more than the cap plus one byte: a file that grows, or lies about its size (``/proc``), stays bounded.
* Images (artwork, board pictures) are decoded by :mod:`modgen.images` on top of :func:`read_regular`.
* :func:`confine` resolves a path named *inside* the data (a manifest's ``files``, a counter's ``image``) and refuses
  one that leaves the **workspace**: an absolute path, a ``..`` that climbs out of it, or a symlink whose target
  lies outside it. The workspace of a manifest ``games/<game>.json`` is the folder holding ``games/``, i.e. the
  manifest's folder's parent: the folder with ``games/``, ``counters/``, ``maps/`` and ``scenarios/``.
  Paths given on the command line are the user's own choice and are not confined.

Base layer: imports only :mod:`modgen.errors`, :mod:`modgen.limits` and :mod:`modgen.atomic` (not Pillow: reading a
log or checking one need not load an image library), so every stage (data, drawing, logs, the sidecar) may use it.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from modgen import limits
from modgen.atomic import path_kind
from modgen.errors import DataError, ModgenError

_MIB = 1 << 20


def open_regular_file(path: str | os.PathLike[str], what: str | None = None, noun: str = "file",
                      error: type[ModgenError] = DataError) -> BinaryIO:
    """Open ``path`` for reading in binary; an ``error`` (default DataError) naming ``what`` (default: the path) unless
    it is a regular file (``noun`` says what was expected: "JSON file", "log file"). Checked on the opened
    descriptor (``fstat``), so what is checked is what is read; a FIFO is opened non-blocking, so one without a
    writer cannot hang us. The caller closes the file (:func:`open_regular` does it for a ``with`` block)."""
    name = what or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise error(f"{name}: file not found") from None
    except IsADirectoryError:
        raise error(f"{name}: is a directory, not a {noun}") from None
    except PermissionError:
        raise error(f"{name}: permission denied") from None
    except OSError as exc:
        raise error(f"{name}: cannot open ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{name}: is a directory, not a {noun}")
        if not stat.S_ISREG(mode):
            raise error(f"{name}: is {path_kind(mode)}, not a regular file; modgen reads only regular files")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: plain blocking reads from here on
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


@contextlib.contextmanager
def open_regular(path: str | os.PathLike[str], what: str | None = None, noun: str = "file",
                 error: type[ModgenError] = DataError) -> Iterator[BinaryIO]:
    """:func:`open_regular_file` for a ``with`` block (the file is closed at its end)."""
    with open_regular_file(path, what, noun, error) as fh:
        yield fh


def read_capped(fh: BinaryIO, name: str, limit: str = "file_mb", max_bytes: int | None = None) -> bytes:
    """Read ``fh`` to its end, but refuse it (a LimitError naming ``name`` and ``limit``) past ``max_bytes``
    (default: the ``limit``, in MiB). Never reads more than the cap plus one byte."""
    cap = max_bytes if max_bytes is not None else limits.get(limit) * _MIB
    try:
        size = os.fstat(fh.fileno()).st_size
    except (OSError, ValueError):
        size = 0
    if size > cap:
        raise limits.breach(limit, name, f"{size / _MIB:,.1f} MiB")
    try:
        data = fh.read(cap + 1)
    except OSError as exc:
        raise DataError(f"{name}: cannot read ({exc.strerror or exc})") from None
    if len(data) > cap:
        raise limits.breach(limit, name, f"more than {cap / _MIB:,.1f} MiB")
    return data


def read_regular(path: str | os.PathLike[str], what: str | None = None, *, limit: str = "file_mb",
                 max_bytes: int | None = None, noun: str = "file") -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_regular`), at most the ``limit`` cap
    (:func:`read_capped`); every failure is one DataError/LimitError line naming ``what`` (default: the path)."""
    name = what or str(path)
    with open_regular(path, name, noun) as fh:
        return read_capped(fh, name, limit, max_bytes)


def workspace_of(manifest: str | os.PathLike[str]) -> Path:
    """The workspace root of a manifest ``<root>/games/<game>.json``: the parent of the manifest's folder
    (absolute, symlinks resolved)."""
    return Path(os.path.realpath(Path(os.path.abspath(manifest)).parent.parent))


class OutsideWorkspace(DataError):
    """A path named in the data leaves the workspace (absolute, ``..`` or a symlink pointing out)."""


def confine(root: str | os.PathLike[str], base: str | os.PathLike[str], relative: str) -> Path:
    """``relative`` (a path written in a data file) resolved against the folder ``base``, symlinks and ``..``
    resolved; an :class:`OutsideWorkspace` error (naming the path as written, never reading it) unless the result
    lies inside the workspace ``root``. The file need not exist (a missing file is the caller's error to report)."""
    if not isinstance(relative, str) or not relative:
        raise OutsideWorkspace(f"{relative!r}: expected a relative path")
    if "\x00" in relative:
        raise OutsideWorkspace(f"{relative!r}: a path cannot contain NUL")
    if os.path.isabs(relative) or relative.startswith("~") or (len(relative) > 1 and relative[1] == ":"):
        raise OutsideWorkspace(f"{relative!r}: absolute paths are not allowed; give a path relative to the file "
                               f"that names it, inside the workspace {root}")
    root_real = os.path.realpath(root)
    target = os.path.realpath(os.path.join(os.path.abspath(base), relative))
    if os.path.commonpath([root_real, target]) != root_real:
        raise OutsideWorkspace(f"{relative!r}: resolves to {target}, outside the workspace {root_real}; "
                               f"data files may only name files inside the workspace")
    return Path(target)
