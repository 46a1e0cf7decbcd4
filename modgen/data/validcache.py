"""Remember which game workspaces validated clean, so commands that validate first (``check``, ``build``, …) skip the
schemas and cross-references when nothing changed.

An entry is keyed by the manifest's absolute path, modgen's own code (every file of the package and the schemas:
path, size and modification time; the Python version; the installed distributions that declare rule-system plugins:
name, version and entry points) and the limits in force (``--limit``, ``MODGEN_LIMIT_*``). It lists every file the
validation depended on — the JSON documents it read (manifest, counters, maps, scenarios) and every file they name
(``validate_game(path, files)``) — with a BLAKE2 hash of its content (for a file over 4 MiB its size, modification
time and inode: hashing a big rules PDF would cost more than validating; for a link also its target), or ``null``
for a file that did not exist. It is written only when validation found no error (warnings do not change what
``require_valid`` does) and no listed file changed while it ran, and trusted only while every listed file is still
the same (or still absent): a changed, new or deleted file, another modgen, plugin, limit or Python means validating
again. ``modgen validate`` keeps the report of valid data (its warnings, the text-fit ones included) in an entry of
its own (:func:`known_report`), keyed also by the manifest's path as given and the working folder (its lines name
the files that way) and listing the font files the counter layouts name.

Entries live in the user's cache folder (``$MODGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/modgen``, else
``~/.cache/modgen``), under ``valid/``; ``MODGEN_CACHE_DIR=off`` turns the cache off. They are written atomically
(a temporary file renamed into place) and read defensively: an entry that cannot be read, parsed or understood is
ignored (and validation runs), never an error. Failing to write one is silent too: the cache only saves time.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

try:  # the BLAKE2 module alone: ``import hashlib`` loads OpenSSL's _hashlib too (~2 ms), which nothing here uses
    from _blake2 import blake2b
except ImportError:  # another Python implementation
    from hashlib import blake2b

from modgen import limits
from modgen.resources import PACKAGE_DIR, schema_dir

_VERSION = 1
_code: str | None = None


def cache_dir() -> Path | None:
    """The folder of the validation entries, or None when the cache is off."""
    root = os.environ.get("MODGEN_CACHE_DIR")
    if root is not None:
        if root.strip().lower() in ("", "off", "0", "none"):
            return None
        return Path(root) / "valid"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "modgen" / "valid"


def code_fingerprint() -> str:
    """A hash of modgen's own files (names, sizes, modification times) and the Python version, once per process."""
    global _code
    if _code is None:
        h = blake2b(digest_size=16)
        h.update(f"{_VERSION}\0{sys.version}\0{PACKAGE_DIR}\0".encode())
        # the rule-system plugins installed (another package's plugin validates the rules of its games)
        for line in _plugin_distributions():
            h.update(line.encode())
        for root in (PACKAGE_DIR, schema_dir()):
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
                for name in sorted(filenames):
                    st = os.stat(os.path.join(dirpath, name))
                    h.update(f"{dirpath}/{name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
        _code = h.hexdigest()
    return _code


def _plugin_distributions() -> list[str]:
    """Every installed distribution that declares ``modgen.rules`` entry points: its metadata folder's name (the
    distribution's name and version) and its ``entry_points.txt``, for each folder of ``sys.path`` in order.

    What ``importlib.metadata.entry_points`` would find, read directly: importing importlib.metadata and scanning with
    it costs ~15 ms a process, a tenth of ``check``'s fixed cost."""
    out: list[str] = []
    for folder in sys.path:
        try:
            names = sorted(e.name for e in os.scandir(folder or ".")
                           if e.name.endswith((".dist-info", ".egg-info")) and e.is_dir())
        except OSError:
            continue  # a zip file, a missing folder
        for name in names:
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), "rb") as fh:
                    text = fh.read()
            except OSError:
                continue
            if b"modgen.rules" in text:
                out.append(f"{folder}\0{name}\0{text.hex()}\0")
    return out


_HASH_LIMIT = 4 << 20  # bigger files (a rules PDF, map artwork) the validation only looks at: keyed by their stat


def _content(path: str) -> str | None:
    """What the validation's result depends on in one file: BLAKE2 of its bytes (size, time and inode past
    ``_HASH_LIMIT``); for a symbolic link also its target; for anything but a regular file its kind. None when it is
    absent or cannot be opened. Never blocks (a FIFO is opened non-blocking and not read)."""
    try:
        link = os.readlink(path) if os.path.islink(path) else None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            sig = f"special:{stat.S_IFMT(st.st_mode):o}"
        elif st.st_size > _HASH_LIMIT:
            sig = f"stat:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"
        else:
            digest = blake2b()  # what hashlib.file_digest(fh, "blake2b") gives
            while chunk := fh.read(1 << 18):
                digest.update(chunk)
            sig = digest.hexdigest()
    return sig if link is None else f"link:{link}:{sig}"


def file_signature(path: str) -> str | None:
    """What a result computed from the file at ``path`` depends on: see :func:`_content` (also keys the image cache,
    :mod:`modgen.draw.imagecache`)."""
    return _content(path)


def _entry(manifest: Path | str, report: bool = False) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    # the limits in force (--limit, MODGEN_LIMIT_*) decide too: data valid under a higher limit may not be under this
    in_force = ",".join(f"{name}={limits.get(name)}" for name in sorted(limits.LIMITS))
    text = f"{os.path.abspath(manifest)}\0{code_fingerprint()}\0{in_force}"
    if report:  # a report's lines name the files as the user wrote the manifest's path, from this folder
        text += f"\0report\0{os.fspath(manifest)}\0{os.getcwd()}"
    key = blake2b(text.encode(), digest_size=20)
    return folder / f"{key.hexdigest()}.json"


def _read(manifest: Path | str, report: bool = False) -> dict | None:
    """The entry of *manifest*, when there is one and none of its files changed since; else None."""
    try:
        entry = _entry(manifest, report)
        if entry is None:
            return None
        data = json.loads(entry.read_bytes())
        files = data["files"] if isinstance(data, dict) and data.get("version") == _VERSION else None
        if not isinstance(files, dict) or not files:
            return None
        if all(isinstance(p, str) and (d is None or isinstance(d, str)) and _content(p) == d
               for p, d in files.items()):
            return data
        return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # no entry, or a damaged one: validate


def known_valid(manifest: Path) -> bool:
    """True when an entry says this workspace validated clean and none of its files changed since."""
    return _read(manifest) is not None


_ISSUE_KEYS = {"file": str, "line": int, "column": int, "pointer": (str, type(None)), "message": str,
               "severity": str}


def known_report(manifest: Path | str) -> list[dict] | None:
    """The issues ``modgen validate`` reported for *manifest* (as given, from this folder) when it was last found
    valid (only warnings), if none of its files changed since; else None."""
    data = _read(manifest, report=True)
    issues = data.get("issues") if data is not None else None
    if not isinstance(issues, list):
        return None
    for issue in issues:
        if (not isinstance(issue, dict) or set(issue) != set(_ISSUE_KEYS) or issue["severity"] != "warning"
                or not all(isinstance(issue[k], t) and not isinstance(issue[k], bool) for k, t in _ISSUE_KEYS.items())):
            return None  # a damaged entry: validate
    return issues


def remember(manifest: Path | str, files: Iterable[str | Path], since: int | None = None,
             issues: list[dict] | None = None) -> None:
    """Record that *manifest*'s workspace (these *files*) validated clean; silent when it cannot be written.

    ``since``: when the validation started (``time.time_ns()``); nothing is recorded if a file was modified after
    (or a second before: coarse file-system clocks), since the validation may have read it before the change.
    ``issues``: the warnings ``modgen validate`` printed (``Issue.to_dict()``), kept in an entry of their own that
    :func:`known_report` reads."""
    try:
        entry = _entry(manifest, report=issues is not None)
        if entry is None:
            return
        listed = {os.path.abspath(p): None for p in [manifest, *files]}
        if since is not None:
            for p in listed:
                try:
                    if os.stat(p).st_mtime_ns >= since - 1_000_000_000:
                        return
                except OSError:
                    continue
        content: dict = {"version": _VERSION, "files": {p: _content(p) for p in listed}}
        if issues is not None:
            content["issues"] = issues
        body = json.dumps(content).encode()
        import tempfile  # only when an entry is written (a cache hit never is)

        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".entry.", suffix=".part", dir=entry.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(body)
            os.replace(tmp, entry)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except (OSError, ValueError):
        return
