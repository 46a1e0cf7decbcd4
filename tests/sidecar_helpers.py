"""Inputs for the sidecar tests: hostile and broken uploads built on the fly (nothing third-party is stored)."""

from __future__ import annotations

import io
import zipfile

from tests.conftest import REPO

GAME = REPO / "games" / "minsk44.json"
VIOLATIONS = REPO / "logs" / "minsk44" / "violations.jsonl"
LEGAL = REPO / "logs" / "minsk44" / "legal.jsonl"


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
