"""Atomic output: write to a temporary file beside the target, then rename, so no half-written file is left."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from modgen.errors import ModgenError


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path in the target's directory; on success rename it over ``target``.

    On any exception the temporary file is removed and ``target`` is left as it was.
    """
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:  # name the file the user asked for, not our temporary one
        raise ModgenError(f"cannot write {target}: {exc.strerror or exc}") from None
    os.close(fd)
    tmp_path = Path(tmp)
    # mkstemp creates 0600; an output file should get the permissions any new file gets (0666 minus the umask).
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp_path, 0o666 & ~umask)
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise


def write_bytes(target: str | os.PathLike[str], data: bytes) -> None:
    """Atomically write ``data`` to ``target``."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_text(target: str | os.PathLike[str], text: str) -> None:
    """Atomically write UTF-8 ``text`` to ``target``."""
    write_bytes(target, text.encode("utf-8"))
