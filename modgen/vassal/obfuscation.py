"""VASSAL's ``savedGame`` byte encodings: the ``!VCSK`` hex obfuscation (VASSAL 3.2-3.7), plain text, and XZ (3.8).

Port of VASSAL's ``tools/io/ObfuscatingOutputStream`` and ``DeobfuscatingInputStream``: the obfuscated form is
ASCII ``!VCSK``, the key as two hex digits, then for each byte *b* of the UTF-8 text the two hex digits of ``b ^ key``.
Hex digits are accepted in either case on reading. Anything that does not start with ``!VCSK`` (or the XZ magic)
is plain UTF-8 text, exactly as VASSAL passes it through.
"""

from __future__ import annotations

import lzma

from modgen.errors import LogFormatError

HEADER = b"!VCSK"
XZ_MAGIC = b"\xfd7zXZ\x00"
DEFAULT_KEY = 0xAA
# An XZ savedGame is expanded at most to this many bytes (zip-bomb style protection inside the entry).
MAX_XZ_OUTPUT = 512 * 1024 * 1024

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


def deobfuscate_bytes(raw: bytes, *, name: str = "savedGame") -> bytes:
    """Return the UTF-8 bytes hidden in *raw* (``!VCSK`` hex, XZ, or plain); errors name *name* and a byte offset."""
    if raw[:6] == XZ_MAGIC:
        dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        try:
            out = dec.decompress(raw, max_length=MAX_XZ_OUTPUT)
        except lzma.LZMAError as exc:
            raise LogFormatError(f"{name}: corrupt XZ data ({exc})") from None
        if not dec.eof:
            if dec.needs_input:
                raise LogFormatError(f"{name}: XZ data is truncated")
            raise LogFormatError(f"{name}: XZ data expands to more than {MAX_XZ_OUTPUT} bytes; refusing")
        return out
    if not is_obfuscated(raw):
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
    # bytes.fromhex would skip whitespace, VASSAL does not: check strictly first (translate is C-speed).
    if body.translate(None, b"0123456789abcdefABCDEF"):
        bad = _bad_hex_position(body, 7)
        raise LogFormatError(
            f"{name}: byte {bad}: expected a hex digit, got {raw[bad:bad + 1]!r}; not a VASSAL save/log")
    data = bytes.fromhex(body.decode("ascii"))
    table = bytes((b ^ key) for b in range(256))
    return data.translate(table)


def decode_utf8(data: bytes, *, name: str = "savedGame") -> str:
    """Decode UTF-8, reporting the byte offset of the first invalid sequence (offsets in the deobfuscated text)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogFormatError(
            f"{name}: invalid UTF-8 at byte {exc.start} of the decoded text ({exc.reason})") from None


def deobfuscate(raw: bytes, *, name: str = "savedGame") -> str:
    """Return the command text of a ``savedGame`` entry (obfuscated, XZ or plain); LogFormatError on bad input."""
    return decode_utf8(deobfuscate_bytes(raw, name=name), name=name)
