"""Hypothesis fuzzing of the data loaders and the image loader: whatever the bytes, a value or a ModgenError.

Targets: :func:`modgen.data.jsonio.load` / :func:`modgen.data.model.read_json` on byte-level mutations of the bundled
manifest and counters files (flipped, inserted and deleted bytes, spliced-in hostile tokens), and
:func:`modgen.images.load_image` on random bytes and mutated PNGs. Bounded (``max_examples``) so each test takes a
few seconds in CI; raise ``MODGEN_FUZZ_EXAMPLES`` for a longer run, e.g.
``MODGEN_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz_data.py``. Crashes found become regression tests below.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image

from modgen import images, limits
from modgen.data import jsonio
from modgen.data.model import read_json
from modgen.errors import ModgenError

N = int(os.environ.get("MODGEN_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BASE = Path(__file__).parent / "data" / "broken" / "_base"
SEEDS = [(BASE / "games" / "base.json").read_bytes(), (BASE / "counters" / "base.json").read_bytes()]
HOSTILE = [b"9" * 200, b"1e999", b"NaN", b"-Infinity", b"[" * 300, b'"\\ud800"', b'"\\u0000"', b'"\xef\xbf\xbe"',
           b'"\\ufdd0"', b"\x00", b"\xff\xfe", b"\xed\xa0\x80", b'"' + b"\\" * 7, b"{" * 5, b"\r\n", b"\\u12"]


@st.composite
def mutated(draw, seeds: list[bytes]) -> bytes:
    """A seed file with a few byte-level mutations."""
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["flip", "insert", "delete", "splice"]))
        if op == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif op == "delete":
            del data[at: at + draw(st.integers(1, 40))]
        else:
            data[at:at] = draw(st.sampled_from(HOSTILE))
    return bytes(data)


def _write(data: bytes, suffix: str = ".json") -> Path:
    fd, name = tempfile.mkstemp(suffix=suffix)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    return Path(name)


def _load_both(data: bytes) -> None:
    """jsonio.load and model.read_json agree: both give the same value, or both raise a ModgenError."""
    path = _write(data)
    try:
        try:
            located = jsonio.load(path)
            located.check_content()
            expected: object = located.value
        except ModgenError as exc:
            assert str(exc).startswith(str(path)), exc
            str(exc).encode("utf-8")  # printable
            expected = ModgenError
        try:
            got: object = read_json(path)
        except ModgenError:
            got = ModgenError
        assert got == expected, (got, expected)  # equal values, or both ModgenError
    finally:
        path.unlink()


@FUZZ
@given(mutated(SEEDS))
@example(b'{"a": ' + b"9" * 5000 + b"}")
@example(b"[" * 100_000)
@example(b'{"t": "\\ud800"}')
@example(b'{"t": "a\\u0000b", "n": 1e999}')
def test_mutated_data_files_load_or_raise_a_modgen_error(data: bytes) -> None:
    _load_both(data)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_load_or_raise_a_modgen_error(data: bytes) -> None:
    _load_both(data)


def _png_bytes(size: tuple[int, int] = (24, 16), mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size, "#336699").save(buf, "PNG")
    return buf.getvalue()


PNG = _png_bytes()
IMAGE_SEEDS = [PNG, _png_bytes((5, 300), "P"), _png_bytes((7, 7), "RGBA")]


def _load_image(data: bytes) -> None:
    path = _write(data, ".png")
    try:
        try:
            img = images.load_image(path)
        except ModgenError as exc:
            assert str(path) in str(exc)
            return
        assert img.width * img.height <= limits.get("image_mpx") * 1_000_000
    finally:
        path.unlink()


@FUZZ
@given(mutated(IMAGE_SEEDS))
def test_mutated_pngs_load_or_raise_a_modgen_error(data: bytes) -> None:
    _load_image(data)


@FUZZ
@given(st.binary(max_size=200).map(lambda b: b"\x89PNG\r\n\x1a\n" + b))
@example(b"GIF89a" + b"\xff" * 20)
@example(b"\xff\xd8\xff" + b"\x00" * 40)
@example(b"BM" + b"\xff" * 60)
def test_random_bytes_as_artwork_load_or_raise_a_modgen_error(data: bytes) -> None:
    _load_image(data)


# --- regressions found by fuzzing -----------------------------------------------------------------------------------

def test_regression_lone_surrogate_key_message_is_printable() -> None:
    doc = jsonio.loads('{"\\ud800": 1}', "f.json")
    try:
        doc.check_content()
    except ModgenError as exc:
        assert "\\ud800" in str(exc)
        str(exc).encode("utf-8")
    else:  # pragma: no cover - the check must raise
        raise AssertionError("no error")


def test_regression_stdlib_accepts_what_jsonio_refuses() -> None:
    """model.read_json's stdlib fast path accepted NaN-free but hostile files (lone surrogates, 1e999); now both
    loaders refuse the same texts."""
    for text in (b'{"a": 1e999}', b'["\\udfff"]', b'{"a": "\\u001f"}'):
        _load_both(text)
        path = _write(text)
        try:
            try:
                read_json(path)
            except ModgenError:
                continue
            raise AssertionError(text)
        finally:
            path.unlink()


def test_regression_truncated_utf8_at_end_of_file() -> None:
    _load_both('{"a": "é"}'.encode()[:-3])
    _load_both(json.dumps({"a": "x"}).encode() + b"\xc3")


@settings(max_examples=max(10, N // 2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["games/base.json", "counters/base.json"]), mutated(SEEDS))
def test_validate_gives_issues_for_mutated_files_never_an_exception(target: str, data: bytes) -> None:
    """`modgen validate` on a workspace with one byte-mutated file: issues (printable), never an exception."""
    from modgen.data.validate import validate_game

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        shutil.copytree(BASE, root)
        (root / target).write_bytes(data)
        for issue in validate_game(root / "games" / "base.json"):
            assert issue.line >= 1 and issue.column >= 1 and issue.message
            str(issue).encode("utf-8")
            json.dumps(issue.to_dict(), ensure_ascii=False).encode("utf-8")
