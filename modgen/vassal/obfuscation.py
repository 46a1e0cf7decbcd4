"""VASSAL's ``savedGame`` byte encodings: the ``!VCSK`` hex obfuscation (VASSAL 3.2-3.7), plain text, and XZ (3.8).

Port of VASSAL's ``tools/io/ObfuscatingOutputStream`` and ``DeobfuscatingInputStream``: the obfuscated form is
ASCII ``!VCSK``, the key as two hex digits, then for each byte *b* of the UTF-8 text the two hex digits of ``b ^ key``.
Hex digits are accepted in either case on reading. Anything that does not start with ``!VCSK`` (or the XZ magic)
is plain UTF-8 text, exactly as VASSAL passes it through.
"""

from __future__ import annotations

import lzma

from modgen.errors import LogFormatError
from modgen.vassal.archive import current as _current_limits
from modgen.vassal.archive import decoded_breach

HEADER = b"!VCSK"
XZ_MAGIC = b"\xfd7zXZ\x00"
DEFAULT_KEY = 0xAA
# Decoding works in slices of this many input bytes, so no stage holds more than its output plus one slice.
_SLICE = 1 << 20

_HEXDIGITS = frozenset(b"0123456789abcdefABCDEF")


def obfuscate(text: str, key: int = DEFAULT_KEY) -> bytes:
    """Encode *text* as VASSAL writes a ``savedGame`` entry: ``!VCSK`` + key + hex of each UTF-8 byte XOR key."""
    if not 0 <= key <= 255:
        raise ValueError(f"obfuscation key must be 0..255, got {key}")
    data = text.encode("utf-8")
    table = bytes(range(256)).translate(bytes((b ^ key) for b in range(256)))
    # XOR every byte through a translation table, then hex it; lowercase as Java's Integer.toHexString.
    return HEADER + b"%02x" % key + data.translate(table).hex().encode("ascii")


def is_obfuscated(raw: bytes) -> bool:
    """True if *raw* starts with the ``!VCSK`` header."""
    return raw[:5] == HEADER and len(raw) > 5


def _bad_hex_position(body: bytes, base: int) -> int | None:
    """Offset (within the whole entry) of the first non-hex byte of *body*, or None."""
    for i, b in enumerate(body):
        if b not in _HEXDIGITS:
            return base + i
    return None


def _xz(raw: bytes, name: str, cap: int) -> bytearray:
    """Inflate XZ data, refusing (before allocating it) anything that expands past *cap* bytes."""
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    out = bytearray()
    data = raw
    try:
        while not dec.eof:
            # max_length bounds each call's output; feed the input once, then drain what the decoder buffered
            out += dec.decompress(data, max_length=min(_SLICE * 16, cap + 1 - len(out)))
            data = b""
            if len(out) > cap:
                raise decoded_breach(f"{name}: XZ data", cap)
            if dec.needs_input and not dec.eof:
                raise LogFormatError(f"{name}: XZ data is truncated")
    except lzma.LZMAError as exc:
        raise LogFormatError(f"{name}: corrupt XZ data ({exc})") from None
    return out


def deobfuscate_bytes(raw: bytes, *, name: str = "savedGame", max_decoded: int | None = None) -> bytes:
    """Return the UTF-8 bytes hidden in *raw* (``!VCSK`` hex, XZ, or plain); errors name *name* and a byte offset.

    ``max_decoded`` caps the bytes any codec may produce (default: the ``log_decoded_mb`` limit in force); more is a
    :class:`~modgen.limits.LimitError`, raised before the output is allocated.
    """
    return bytes(_decode(raw, name, max_decoded))


def _decode(raw: bytes, name: str, max_decoded: int | None) -> bytes | bytearray:
    cap = max_decoded if max_decoded is not None else _current_limits(None).max_decoded
    if raw[:6] == XZ_MAGIC:
        return _xz(raw, name, cap)
    if not is_obfuscated(raw):
        if len(raw) > cap:
            raise decoded_breach(name, cap)
        return raw
    if len(raw) < 7:
        raise LogFormatError(f"{name}: obfuscated data ends inside the key (byte 5)")
    keyhex = raw[5:7]
    bad = _bad_hex_position(keyhex, 5)
    if bad is not None:
        got = raw[bad:bad + 1]
        raise LogFormatError(f"{name}: byte {bad}: expected a hex digit in the obfuscation key, got {got!r}")
    key = int(keyhex, 16)
    body = raw[7:]
    if len(body) % 2:
        raise LogFormatError(
            f"{name}: odd number of hex digits after the !VCSK header (a lone digit at byte {len(raw) - 1}); "
            "the file is truncated or corrupt")
    if len(body) // 2 > cap:
        raise decoded_breach(name, cap)
    table = bytes((b ^ key) for b in range(256))
    out = bytearray()
    # slice by slice, so the hex text is never copied whole (ascii str + bytes + xor'd bytes)
    for start in range(0, len(body), _SLICE):
        part = body[start:start + _SLICE]
        # bytes.fromhex would skip whitespace, VASSAL does not: check strictly first (translate is C-speed).
        if part.translate(None, b"0123456789abcdefABCDEF"):
            bad = _bad_hex_position(part, 7 + start)
            assert bad is not None
            raise LogFormatError(
                f"{name}: byte {bad}: expected a hex digit, got {raw[bad:bad + 1]!r}; not a VASSAL save/log")
        out += bytes.fromhex(part.decode("ascii")).translate(table)
    return out


def decode_utf8(data: bytes | bytearray, *, name: str = "savedGame") -> str:
    """Decode UTF-8, reporting the byte offset of the first invalid sequence (offsets in the deobfuscated text)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogFormatError(
            f"{name}: invalid UTF-8 at byte {exc.start} of the decoded text ({exc.reason})") from None


def deobfuscate(raw: bytes, *, name: str = "savedGame", max_decoded: int | None = None) -> str:
    """Return the command text of a ``savedGame`` entry (obfuscated, XZ or plain); LogFormatError on bad input,
    LimitError past ``max_decoded`` bytes (default: the ``log_decoded_mb`` limit in force)."""
    return decode_utf8(_decode(raw, name, max_decoded), name=name)
