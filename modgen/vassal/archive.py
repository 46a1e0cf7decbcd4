"""Safe, read-only access to VASSAL zip archives (.vsav, .vlog, .vmod).

Hostile or broken archives are normal input here: every failure is an :class:`~modgen.errors.ArchiveError` naming the
file and the entry. Limits: number of entries, declared and actually decompressed size per entry and in total (zip
bombs), and entry names that are absolute or climb out with ``..`` are refused. Nothing is ever written to disk:
entries are read into memory in bounded chunks.

:class:`Limits` also carries the caps every later stage of reading a log honours — ``max_decoded`` (bytes any codec may
produce: zip inflate here, XZ and ``!VCSK`` in :mod:`~modgen.vassal.obfuscation`) and ``max_events`` (commands decoded,
events read) — so a caller with a smaller budget (the sidecar) passes its own ``Limits`` down to every codec.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, BinaryIO

from modgen import inputs
from modgen import limits as _limits
from modgen.errors import ArchiveError, LogFormatError
from modgen.limits import LimitError

if TYPE_CHECKING:
    import zipfile

SAVED_GAME = "savedGame"
CHUNK = 1 << 16


def _decoded_default() -> int:
    return _limits.get("log_decoded_mb") * 1024 * 1024


def _events_default() -> int:
    return _limits.get("log_events")


@dataclass(frozen=True)
class Limits:
    """Caps applied while reading a save/log (bytes / counts).

    ``max_decoded`` and ``max_events`` default to the limits table in force when the ``Limits`` is made
    (``log_decoded_mb``, ``log_events``: ``--limit`` / ``MODGEN_LIMIT_*``); pass smaller values to read on a budget.
    """

    max_entries: int = 20_000
    max_entry_size: int = 256 * 1024 * 1024
    max_total_size: int = 1024 * 1024 * 1024
    max_ratio: int = 2000  # decompressed/compressed; deflate tops out near 1032:1 on real data, bombs go far beyond
    #: bytes any one decoding stage may produce (zip inflate, XZ, !VCSK hex), and so the decoded savedGame text
    max_decoded: int = field(default_factory=_decoded_default)
    #: commands decoded from a savedGame text / events read from a canonical log
    max_events: int = field(default_factory=_events_default)


def current(limits: Limits | None) -> Limits:
    """*limits*, or the limits in force now (the table with its ``--limit``/environment overrides) when None."""
    return limits if limits is not None else Limits()


def decoded_breach(what: str, cap: int) -> LimitError:
    """The error for *what* decoding to more than *cap* bytes (the ``log_decoded_mb`` limit, or a caller's cap)."""
    lim = _limits.LIMITS["log_decoded_mb"]
    return LimitError(f"{what}: decodes to more than {_size(cap)}, the {lim.name} limit (zip/XZ bomb?); raise it "
                      f"with --limit {lim.name}=N or {lim.env}=N if the input is genuine")


def events_breach(what: str, cap: int) -> LimitError:
    """The error for *what* holding more than *cap* events or commands (the ``log_events`` limit)."""
    lim = _limits.LIMITS["log_events"]
    return LimitError(f"{what}: more than {cap:,} events, the {lim.name} limit; raise it with --limit {lim.name}=N "
                      f"or {lim.env}=N if the input is genuine")


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):g} MiB" if n >= 1024 * 1024 else f"{n:,} bytes"


def _unsafe_name(name: str) -> str | None:
    """Why *name* is not a safe relative entry name, or None if it is."""
    if not name:
        return "empty name"
    if "\x00" in name:
        return "NUL byte in name"
    norm = name.replace("\\", "/")
    if norm.startswith("/") or (len(norm) > 1 and norm[1] == ":"):
        return "absolute path"
    if ".." in PurePosixPath(norm).parts:
        return "'..' component"
    return None


class Archive:
    """A zip archive opened for reading with safety limits; use as a context manager or call :meth:`close`."""

    def __init__(self, source: str | Path | bytes | BinaryIO, *, name: str | None = None,
                 limits: Limits | None = None) -> None:
        self.name = name or (str(source) if isinstance(source, str | Path) else "<bytes>")
        self.limits = limits = current(limits)
        self._total = 0
        fileobj: BinaryIO
        if isinstance(source, bytes):
            fileobj = io.BytesIO(source)
        elif isinstance(source, str | Path):
            try:
                fileobj = open(source, "rb")  # noqa: SIM115
            except OSError as exc:
                raise ArchiveError(f"{self.name}: cannot open ({exc.strerror or exc})") from None
        else:  # an open binary file (the caller checked it is a regular file); closed with the archive
            fileobj = source
        import zipfile  # here, not at the top: `modgen check` of a .jsonl log needs only the Limits of this module

        try:
            self._zip = zipfile.ZipFile(fileobj)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, NotImplementedError) as exc:
            # NotImplementedError: a (corrupt or exotic) central directory asks for a zip version Python lacks
            fileobj.close()
            raise ArchiveError(f"{self.name}: not a readable zip archive (truncated or corrupt: {exc})") from None
        self._infos: dict[str, zipfile.ZipInfo] = {}
        infos = self._zip.infolist()
        if len(infos) > limits.max_entries:
            self.close()
            raise ArchiveError(f"{self.name}: {len(infos)} entries, more than the limit of {limits.max_entries}")
        declared = 0
        for info in infos:
            why = _unsafe_name(info.filename)
            if why:
                self.close()
                raise ArchiveError(f"{self.name}: refusing entry {info.filename!r} ({why})")
            declared += info.file_size
            self._infos[info.filename] = info
        if declared > limits.max_total_size:
            self.close()
            raise ArchiveError(f"{self.name}: entries declare {declared} bytes uncompressed, "
                               f"more than the limit of {limits.max_total_size} (zip bomb?)")

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the underlying file."""
        fp = self._zip.fp if hasattr(self, "_zip") else None
        if hasattr(self, "_zip"):
            self._zip.close()
        if fp is not None:
            fp.close()

    def names(self) -> list[str]:
        """Entry names in archive order (directories included)."""
        return list(self._infos)

    def has(self, entry: str) -> bool:
        """True if the archive holds *entry*."""
        return entry in self._infos

    def read(self, entry: str, *, max_size: int | None = None) -> bytes:
        """The decompressed bytes of *entry*, checked against the declared size and the limits while streaming."""
        info = self._infos.get(entry)
        if info is None:
            raise ArchiveError(f"{self.name}: no entry {entry!r}")
        import zipfile
        import zlib

        cap = min(max_size or self.limits.max_entry_size, self.limits.max_entry_size)
        where = f"{self.name}: entry {entry!r}"
        if info.file_size > cap:
            raise ArchiveError(f"{where} declares {info.file_size} bytes, more than the limit of {cap}")
        if info.file_size > self.limits.max_decoded:
            raise decoded_breach(where, self.limits.max_decoded)
        if info.compress_size and info.file_size / info.compress_size > self.limits.max_ratio:
            raise ArchiveError(f"{where} compresses {info.file_size / info.compress_size:.0f}:1 (zip bomb?)")
        if info.flag_bits & 0x1:
            raise ArchiveError(f"{where} is encrypted")
        out = bytearray()
        try:
            with self._zip.open(info) as fh:
                while True:
                    chunk = fh.read(CHUNK)
                    if not chunk:
                        break
                    out += chunk
                    # zipfile stops at the declared size; still count, the declared size could have lied low
                    if len(out) > cap or len(out) > info.file_size:
                        raise ArchiveError(f"{where} expands past its declared size / the limit of {cap} bytes")
        except ArchiveError:
            raise
        except (zipfile.BadZipFile, EOFError, zlib.error, OSError, ValueError) as exc:
            raise ArchiveError(f"{where} is truncated or corrupt ({exc})") from None
        except NotImplementedError as exc:
            raise ArchiveError(f"{where} uses an unsupported compression ({exc})") from None
        except RuntimeError as exc:  # zipfile raises it for encrypted entries without a password
            raise ArchiveError(f"{where} cannot be read ({exc})") from None
        if len(out) != info.file_size:
            raise ArchiveError(f"{where} is truncated: {len(out)} of {info.file_size} bytes")
        self._total += len(out)
        if self._total > self.limits.max_total_size:
            raise ArchiveError(f"{self.name}: more than {self.limits.max_total_size} bytes decompressed in total")
        return bytes(out)

    def read_text(self, entry: str, *, max_size: int | None = None) -> str:
        """*entry* decoded as UTF-8 (clear error with the byte offset when it is not)."""
        data = self.read(entry, max_size=max_size)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ArchiveError(f"{self.name}: entry {entry!r}: invalid UTF-8 at byte {exc.start}") from None


def is_zip(data: bytes) -> bool:
    """True if *data* starts like a zip archive (local header, or the empty-archive end record)."""
    return data[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def read_saved_game(source: str | Path | bytes | BinaryIO, *, name: str | None = None,
                    limits: Limits | None = None) -> tuple[bytes, dict[str, bytes]]:
    """The raw ``savedGame`` entry of a .vsav/.vlog plus its small metadata entries (``savedata``, ``moduledata``).

    Old files with only ``savedGame`` are fine; a zip without it is an ArchiveError that says what it does hold.
    """
    with Archive(source, name=name, limits=limits) as arc:
        if not arc.has(SAVED_GAME):
            held = ", ".join(sorted(arc.names())[:5]) or "nothing"
            hint = " (a module, not a saved game or log)" if arc.has("buildFile.xml") or arc.has("buildFile") else ""
            raise ArchiveError(f"{arc.name}: no 'savedGame' entry{hint}; it holds {held}")
        meta = {m: arc.read(m, max_size=1024 * 1024) for m in ("savedata", "moduledata") if arc.has(m)}
        return arc.read(SAVED_GAME), meta


def _module_name(meta: dict[str, bytes]) -> str | None:
    raw = meta.get("moduledata")
    if not raw:
        return None
    import html

    m = re.search(rb"<name>([^<]*)</name>", raw)
    return html.unescape(m.group(1).decode("utf-8", "replace")) if m else None


def read_source(source: str | Path | bytes, *, name: str | None = None,
                limits: Limits | None = None) -> tuple[bytes, dict[str, Any]]:
    """The raw (still encoded) savedGame of a .vsav/.vlog zip or of a bare savedGame file, and metadata (``file``,
    ``entries``, ``module``). A path must be a regular file (opened, then ``fstat``-ed); sizes are capped."""
    limits = current(limits)
    label = name or (str(source) if not isinstance(source, bytes) else "<bytes>")
    meta: dict[str, Any] = {"file": label, "entries": [], "module": None}
    fh: BinaryIO | None = None
    if isinstance(source, bytes):
        head = source[:8]
    else:
        fh = inputs.open_regular_file(source, label, noun="log file", error=LogFormatError)
        try:
            head = fh.read(8)
            fh.seek(0)
        except OSError as exc:
            fh.close()
            raise LogFormatError(f"{label}: cannot read ({exc.strerror or exc})") from None
    if is_zip(head):
        raw, entries = read_saved_game(source if fh is None else fh, name=label, limits=limits)
        meta["entries"] = sorted(entries)
        meta["module"] = _module_name(entries)
        return raw, meta
    if fh is None:
        assert isinstance(source, bytes)
        raw = source
    else:
        with fh:
            cap = min(limits.max_entry_size, 2 * limits.max_decoded + 8)  # !VCSK hex is twice the text
            raw = fh.read(cap + 1)
        if len(raw) > cap:
            raise LogFormatError(f"{label}: more than {cap:,} bytes, the limit for a bare savedGame")
    if not (raw.startswith(b"!VCSK") or raw.startswith(b"begin_save") or raw.startswith(b"\xfd7zXZ")):
        raise LogFormatError(f"{label}: not a VASSAL saved game or log (no zip, no !VCSK header, "
                             f"no begin_save; starts with {raw[:16]!r})")
    return raw, meta
