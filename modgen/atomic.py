"""Atomic output: write to a temporary file (or folder) beside the target, then rename, so no half-written output is
left, and never write onto anything but a regular file or a new path.

Every writer in modgen goes through :func:`atomic_path` (files) or :func:`atomic_dir` (folders of files). Both refuse
a target that is a symbolic link, directory (for a file), device, FIFO or socket, and remove their temporary output on
any exception, including the one the CLI raises on SIGTERM. :func:`check_output` additionally refuses an output that
is one of the command's inputs (the same file by device and inode); the commands call it before doing any work.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from modgen.errors import ModgenError

StrPath = str | os.PathLike[str]


def path_kind(mode: int) -> str:
    """What is at a path (its ``st_mode``), for an error message: "a directory", "a FIFO (named pipe)", …
    (shared with :mod:`modgen.inputs`, which refuses the same things as inputs)."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"  # e.g. a door or whiteout on other systems


def _lstat(target: Path) -> os.stat_result | None:
    """``lstat`` of ``target``; None if nothing is there yet, a ModgenError naming it if it cannot be looked at."""
    try:
        return target.lstat()
    except FileNotFoundError:
        return None
    except OSError as exc:  # e.g. a parent that is a file, or a folder we may not search
        raise ModgenError(f"cannot write {target}: {exc.strerror or exc}") from None


def _refuse_inputs(target: Path, st: os.stat_result, inputs: Iterable[StrPath]) -> None:
    """A ModgenError if the existing ``target`` (lstat ``st``) is the same file as one of ``inputs``."""
    for src in inputs:
        try:
            other = os.stat(src)  # follows links: an input reached through a link is still that file
        except (OSError, ValueError):  # a missing or unnamable input cannot be overwritten by this output
            continue
        if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
            same = "" if os.path.abspath(src) == os.path.abspath(target) else f" ({src})"
            raise ModgenError(f"refusing to write {target}: it is one of this command's inputs{same}; "
                              "choose another output path")


def check_output(target: StrPath, inputs: Iterable[StrPath] = ()) -> Path:
    """``target`` as a Path if it may be written: a regular file or a path that does not exist yet.

    Raises a one-line ModgenError naming ``target`` if it is a symbolic link, directory, device, FIFO or socket, or
    if it is the same file (device and inode) as one of ``inputs``; nothing is written either way.
    """
    target = Path(target)
    st = _lstat(target)
    if st is None:
        return target
    if not stat.S_ISREG(st.st_mode):
        raise ModgenError(f"refusing to write {target}: it is {path_kind(st.st_mode)}; "
                          "an output must be a regular file or a new path")
    _refuse_inputs(target, st, inputs)
    return target


def check_output_dir(target: StrPath, inputs: Iterable[StrPath] = (), names: Iterable[str] = ()) -> Path:
    """``target`` as a Path if it may be used as an output folder: an existing directory (not a link) or a new path.

    ``names`` are the files that will be written into it: each must be a regular file or absent, and none may be one
    of ``inputs`` (e.g. a counter's artwork). A one-line ModgenError naming the offending path otherwise.
    """
    target = Path(target)
    st = _lstat(target)
    if st is None:
        return target
    if not stat.S_ISDIR(st.st_mode):
        raise ModgenError(f"refusing to write into {target}: it is {path_kind(st.st_mode)}; "
                          "the output must be a folder or a new path")
    inputs = list(inputs)
    for name in names:
        check_output(target / name, inputs)
    return target


def _umask() -> int:
    """The process's umask (reading it means setting it: put it straight back)."""
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _is_write_error(exc: OSError, tmp: Path) -> bool:
    """Whether ``exc`` came from writing the temporary output (a full disk, a quota, a file-size limit) rather than
    from reading some other file inside the ``with`` block."""
    return exc.filename is None or os.fspath(exc.filename) == os.fspath(tmp)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP until the body is done (they are delivered right after), so a commit of many
    renames is not cut in half."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def atomic_path(target: StrPath) -> Iterator[Path]:
    """Yield a temporary path in the target's directory; on success rename it over ``target``.

    ``target`` must be a regular file or a new path (see :func:`check_output`). On any exception the temporary file
    is removed and ``target`` is left as it was; an OSError while writing (no space left, quota, file too large)
    becomes a ModgenError naming ``target``.
    """
    target = check_output(target)
    try:
        import tempfile  # here: tempfile (and random) cost ~2 ms to import, and most commands write nothing

        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:  # name the file the user asked for, not our temporary one
        raise ModgenError(f"cannot write {target}: {exc.strerror or exc}") from None
    tmp_path = Path(tmp)
    try:
        os.close(fd)
        os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp's 0600 would hide the output from other users
        try:
            yield tmp_path
        except OSError as exc:
            if not _is_write_error(exc, tmp_path):
                raise
            raise ModgenError(f"cannot write {target}: {exc.strerror or exc}") from None
        check_output(target)  # again: something may have been put there while we wrote
        try:
            os.replace(tmp_path, target)
        except OSError as exc:
            raise ModgenError(f"cannot write {target}: {exc.strerror or exc}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp_path.unlink()
        raise


@contextlib.contextmanager
def atomic_dir(target: StrPath, inputs: Iterable[StrPath] = ()) -> Iterator[Path]:
    """Yield a new temporary folder beside ``target``; on success move what was written there into ``target``.

    If ``target`` does not exist the temporary folder is renamed to it. If it is an existing folder, each new file
    replaces the file of the same name in it (one rename each, after every file was written): files of ``target``
    that this run did not write are left alone, nothing of it is deleted. On any exception the temporary folder is
    removed and ``target`` is left exactly as it was. ``inputs`` are checked as in :func:`check_output_dir`.
    """
    target = check_output_dir(target)
    inputs = list(inputs)
    try:
        import tempfile

        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent))
    except OSError as exc:
        raise ModgenError(f"cannot write into {target}: {exc.strerror or exc}") from None
    try:
        try:
            yield tmp
        except OSError as exc:
            if exc.filename is not None and not os.fspath(exc.filename).startswith(os.fspath(tmp)):
                raise
            raise ModgenError(f"cannot write into {target}: {exc.strerror or exc}") from None
        names = sorted(p.name for p in tmp.iterdir())
        check_output_dir(target, inputs, names)
        with _signals_held():
            _commit_dir(tmp, target, names)
    except BaseException:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _commit_dir(tmp: Path, target: Path, names: list[str]) -> None:
    """Rename ``tmp`` to a new ``target``, or move its files ``names`` into the existing folder ``target``."""
    if _lstat(target) is None:
        os.chmod(tmp, 0o777 & ~_umask())  # mkdtemp's 0700 would hide the folder from other users
        try:
            os.rename(tmp, target)
            return
        except OSError:  # something appeared there meanwhile: move file by file
            pass
    for name in names:
        try:
            os.replace(tmp / name, target / name)
        except OSError as exc:
            raise ModgenError(f"cannot write {target / name}: {exc.strerror or exc}") from None
    with contextlib.suppress(OSError):
        tmp.rmdir()


def write_bytes(target: StrPath, data: bytes) -> None:
    """Atomically write ``data`` to ``target``."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_text(target: StrPath, text: str) -> None:
    """Atomically write UTF-8 ``text`` to ``target``."""
    write_bytes(target, text.encode("utf-8"))
