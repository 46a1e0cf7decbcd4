"""PNG files compressed in pieces, so the bands of one board can be compressed on several cores.

A PNG's pixels are one zlib stream, and one deflate stream runs on one core: for a big board, encoding took as long
as a third of the drawing. Here the stream is cut at fixed rows into :data:`PIECES` pieces, each deflated on its
own, primed with the 32 KiB of filtered data before it (a preset dictionary, as pigz does) and ended on a byte
boundary (a sync flush), so the pieces joined are one valid deflate stream that compresses about as well as one run.
Rows are not filtered (PNG filter type 0): boards are flat colours and text, and measured on the 2,000-hex benchmark
board the unfiltered rows deflate smaller than Pillow's adaptive filtering (1.25 against 1.29 MB at level 6) at
a third of the cost; it also makes each row's bytes depend on that row alone.

The cut points depend only on the image, never on the number of processes, so a board has the same bytes whether
it is encoded here whole (:func:`encode`) or in bands by separate processes (:func:`compress_image` of each
band's pieces, then :func:`assemble`). Only RGB and RGBA images (what boards are) are written this way
(:func:`supported`).
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Sequence

from PIL import Image

#: pieces per image: 12 is a multiple of every band count boards use (1 to 4), so bands start on piece boundaries
PIECES = 12
#: deflate's window: a piece primed with this much of the data before it finds the same matches one stream would
WINDOW = 32768
_CHUNK = 1 << 20  # IDAT chunk size (any split is valid; a fixed one keeps the bytes fixed)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_MODES = {"RGB": (2, 3), "RGBA": (6, 4)}  # PNG colour type, bytes per pixel

#: (compressed bytes, Adler-32 of the piece's filtered data, its length)
Piece = tuple[bytes, int, int]


def supported(mode: str) -> bool:
    """Can an image of ``mode`` be written in pieces?"""
    return mode in _MODES


def row_bytes(width: int, mode: str) -> int:
    """Bytes of one filtered row: the filter type and the pixels."""
    return 1 + width * _MODES[mode][1]


def cuts(map_height: int, height: int) -> list[int]:
    """The first row of each piece, then ``height``: the pieces split the map's rows evenly (``map_height``, the board
    without its legend strip), the last runs to the bottom."""
    return [map_height * k // PIECES for k in range(PIECES)] + [height]


def context_rows(width: int, mode: str) -> int:
    """Rows above a piece that hold its priming window."""
    return math.ceil(WINDOW / row_bytes(width, mode))


_ZERO = b"\0"  # filter type 0 before every row


def compress(raw: bytes, width: int, mode: str, first: int, cut: Sequence[int], pieces: range,
             level: int) -> list[Piece]:
    """Deflate ``pieces`` (indices into ``cut``) of an image whose pixel bytes from row ``first`` on are ``raw``
    (they must include the :func:`context_rows` rows above the first piece, where the image has them)."""
    n = row_bytes(width, mode) - 1
    rows = memoryview(raw)
    out = []
    for k in pieces:
        top, end = cut[k], cut[k + 1]
        if top - first < min(top, context_rows(width, mode)):
            raise ValueError(f"piece {k} needs rows from {top - context_rows(width, mode)} on, given from {first}")
        above = range(max(0, top - context_rows(width, mode)), top)
        prime = b"".join(_ZERO + rows[(r - first) * n:(r - first + 1) * n] for r in above)[-WINDOW:]
        z = (zlib.compressobj(level, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, prime) if prime
             else zlib.compressobj(level, zlib.DEFLATED, -15))
        body, adler = [], 1
        for r in range(top - first, end - first):  # row by row, the filter byte fed apart: no copy of the pixels
            row = rows[r * n:(r + 1) * n]
            body += (z.compress(_ZERO), z.compress(row))
            adler = zlib.adler32(row, zlib.adler32(_ZERO, adler))
        body.append(z.flush(zlib.Z_FINISH if k == len(cut) - 2 else zlib.Z_SYNC_FLUSH))
        out.append((b"".join(body), adler, (end - top) * (n + 1)))
    return out


def compress_image(img: Image.Image, cut: Sequence[int], pieces: range, level: int) -> list[Piece]:
    """:func:`compress` of ``pieces`` of ``img``, reading one piece's rows (with its priming rows) at a time, so no
    copy of the whole image is made."""
    out: list[Piece] = []
    for k in pieces:
        above = max(0, cut[k] - context_rows(img.width, img.mode))
        raw = img.crop((0, above, img.width, cut[k + 1])).tobytes()
        out += compress(raw, img.width, img.mode, above, cut, range(k, k + 1), level)
    return out


def encode(img: Image.Image, map_height: int, level: int) -> bytes:
    """``img`` as PNG file bytes, compressed in pieces (one after another here)."""
    return assemble(img.size, img.mode, compress_image(img, cuts(map_height, img.height), range(PIECES), level), level)


def assemble(size: tuple[int, int], mode: str, pieces: Sequence[Piece], level: int) -> bytes:
    """The PNG file of an image of ``size`` and ``mode`` from all its pieces, in order."""
    adler = 1
    for _body, a, n in pieces:
        adler = _adler32_combine(adler, a, n)
    flevel = 0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3
    cmf = 0x78  # deflate, 32 KiB window
    flg = flevel << 6
    flg += 31 - (cmf * 256 + flg) % 31
    stream = bytes((cmf, flg)) + b"".join(body for body, _a, _n in pieces) + struct.pack(">I", adler)
    color, _bpp = _MODES[mode]
    parts = [_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, color, 0, 0, 0))]
    parts += [_chunk(b"IDAT", stream[i:i + _CHUNK]) for i in range(0, len(stream), _CHUNK)]
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


_BASE = 65521  # Adler-32's modulus


def _adler32_combine(a1: int, a2: int, len2: int) -> int:
    """The Adler-32 of two blocks joined, from theirs and the second's length (zlib's adler32_combine)."""
    rem = len2 % _BASE
    s1 = a1 & 0xFFFF
    s2 = (rem * s1) % _BASE
    s1 = (s1 + (a2 & 0xFFFF) + _BASE - 1) % _BASE
    s2 = (s2 + ((a1 >> 16) & 0xFFFF) + ((a2 >> 16) & 0xFFFF) + _BASE - rem) % _BASE
    return s1 | (s2 << 16)
