"""Inputs for the sidecar tests: hostile and broken uploads built on the fly (nothing third-party is stored)."""

from __future__ import annotations

import io
import lzma
import struct
import zipfile
import zlib

from tests.conftest import REPO

GAME = REPO / "games" / "minsk44.json"
VIOLATIONS = REPO / "logs" / "minsk44" / "violations.jsonl"
LEGAL = REPO / "logs" / "minsk44" / "legal.jsonl"
#: The sidecar answers only to its own names (DNS-rebinding defence): test clients talk to it as a browser would.
BASE = "http://127.0.0.1:8765"


def attack_violations() -> bytes:
    """The Minsk violations log with one more planted error (EFB 11.5): 3 GTC/20, at 3405, joins the attack of
    3 GTC/18 and /19 (3209) on 3210."""
    import json

    lines = []
    for line in VIOLATIONS.read_text().splitlines():
        e = json.loads(line)
        if e.get("i") == 210:
            e["attackers"] = [*e["attackers"], "su.3gtc.20"]
        lines.append(json.dumps(e))
    return ("\n".join(lines) + "\n").encode()


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def zip_bomb(decompressed: int = 64 * 1024 * 1024) -> bytes:
    """A small zip whose savedGame entry inflates to ``decompressed`` bytes of zeros."""
    return zip_bytes({"savedGame": b"0" * decompressed})


def traversal_zip() -> bytes:
    return zip_bytes({"../../evil": b"boo", "savedGame": b"!VCSK00"})


def truncated_zip() -> bytes:
    whole = zip_bytes({"savedGame": b"!VCSK" + b"ab" * 5000, "moduledata": b"<data/>"})
    return whole[: len(whole) // 2]


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def xz_zeros(decoded: int) -> bytes:
    """A valid .xz stream of ``decoded`` zero bytes (a multiple of 1 MiB), built in milliseconds: one LZMA2 chunk that
    resets the dictionary is encoded once and repeated, so the file is a few hundred bytes per MiB decoded."""
    chunk_size = 1024 * 1024
    assert decoded % chunk_size == 0
    raw = lzma.compress(bytes(chunk_size), format=lzma.FORMAT_RAW,
                        filters=[{"id": lzma.FILTER_LZMA2, "preset": 0, "dict_size": chunk_size}])
    assert raw[0] & 0xE0 == 0xE0, "first LZMA2 chunk must reset dictionary, state and properties"
    packed = int.from_bytes(raw[3:5], "big") + 1
    chunk = raw[: 6 + packed]
    assert (int.from_bytes(raw[1:3], "big") | (raw[0] & 0x1F) << 16) + 1 == chunk_size, "one chunk for 1 MiB"
    data = chunk * (decoded // chunk_size) + b"\x00"  # end of LZMA2 data
    flags = b"\x00\x00"  # no integrity check
    header = b"\xfd7zXZ\x00" + flags + struct.pack("<I", zlib.crc32(flags))
    # Block header: size, flags (one filter), LZMA2 (0x21) with its 1-byte dictionary property (0x10 = 1 MiB), pad.
    bh = b"\x02\x00\x21\x01\x10\x00\x00\x00"
    bh += struct.pack("<I", zlib.crc32(bh))
    block = bh + data + b"\x00" * (-len(data) % 4)
    index = b"\x00" + _varint(1) + _varint(len(bh) + len(data)) + _varint(decoded)
    index += b"\x00" * (-len(index) % 4)
    index += struct.pack("<I", zlib.crc32(index))
    backward = struct.pack("<I", len(index) // 4 - 1) + flags
    footer = struct.pack("<I", zlib.crc32(backward)) + backward + b"YZ"
    return header + block + index + footer


def xz_save_bomb(decoded: int) -> bytes:
    """A .vsav (zip) whose savedGame entry is XZ (as VASSAL 3.8 writes it) decoding to ``decoded`` zero bytes.

    The entry is stored, not deflated, so the zip itself looks harmless: the expansion is all inside the XZ."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("savedGame", xz_zeros(decoded))
        zf.writestr("moduledata", b"<data><name>Minsk '44</name></data>")
    return buf.getvalue()


#: Appended to the Minsk violations log by :func:`flip_and_marker_violations`, at log places 254..256.
FLIP_AND_MARKER = [
    {"type": "flip", "unit": "su.3gtc.20", "face": "back"},
    {"type": "marker", "unit": "su.3gtc.20", "marker": "out_of_supply", "on": True},
    {"type": "marker", "unit": "su.3gtc.20", "marker": "out_of_supply", "on": False},
]


def flip_and_marker_violations() -> bytes:
    """The Minsk violations log, then 3 GTC/20 (in 4505) flipped to its back, an out-of-supply marker put on it and
    taken off again."""
    import json

    lines = VIOLATIONS.read_text().splitlines()
    lines += [json.dumps({**e, "i": len(lines) + k}) for k, e in enumerate(FLIP_AND_MARKER)]
    return ("\n".join(lines) + "\n").encode()
