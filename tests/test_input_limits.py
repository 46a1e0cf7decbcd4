"""Unit tests of the input limits: jsonio's limits and string-content checks, modgen.inputs (regular files, read
caps, workspace confinement, images checked before decoding), and README's Limits table against modgen.limits."""

from __future__ import annotations

import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from modgen import images, inputs, limits
from modgen.data.jsonio import JSONContentError, JSONLimitError, JSONSyntaxError, load_checked, loads
from modgen.data.model import read_json
from modgen.errors import DataError, ModgenError
from modgen.limits import LimitError

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_overrides():
    limits.reset_overrides()
    yield
    limits.reset_overrides()


# --- jsonio ---------------------------------------------------------------------------------------------------------

def test_a_5000_digit_integer_is_a_located_limit_error_and_not_echoed() -> None:
    with pytest.raises(JSONLimitError) as info:
        loads('{\n  "a": -' + "7" * 5000 + "}", "f.json")
    err = info.value
    assert (err.line, err.column, err.limit) == (2, 8, "int_digits")
    assert isinstance(err, LimitError) and isinstance(err, JSONSyntaxError)
    assert str(err).startswith("f.json:2:8: exceeds the int_digits limit of 100 digits (an integer of 5,000 digits)")
    assert "7" * 20 not in str(err) and "--limit int_digits=N" in str(err)
    assert loads("[" + "7" * 100 + "]").value == [int("7" * 100)]  # at the limit: fine
    limits.override("int_digits=4000")
    assert loads("[" + "7" * 4000 + "]").value[0] % 10 == 7
    limits.override("int_digits=5000")  # past Python's own conversion limit: still one located error
    with pytest.raises(JSONSyntaxError, match="longer than Python converts"):
        loads("[" + "7" * 5000 + "]")


def test_a_long_float_mantissa_counts_as_digits_but_a_long_fraction_does_not() -> None:
    with pytest.raises(JSONLimitError, match="int_digits"):
        loads("[" + "1" * 500 + ".5]")
    assert loads("[0." + "3" * 500 + "]").value == [float("0." + "3" * 500)]


def test_100000_levels_of_nesting_are_refused_at_the_first_level_too_deep() -> None:
    with pytest.raises(JSONLimitError) as info:
        loads("[" * 100_000 + "]" * 100_000)
    assert (info.value.line, info.value.column, info.value.limit) == (1, 201, "json_depth")
    limits.override("json_depth=5")
    with pytest.raises(JSONLimitError, match="json_depth limit of 5 levels"):
        loads('{"a": [[[[[1]]]]]}')


@pytest.mark.parametrize(("text", "col"), [("[1e999]", 2), ("[-1e400]", 2), ('{"a": 1E+999}', 7)])
def test_numbers_that_overflow_to_infinity_are_syntax_errors(text: str, col: int) -> None:
    with pytest.raises(JSONSyntaxError, match="out of range") as info:
        loads(text)
    assert info.value.column == col


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity]", "[-Infinity]", '{"a": NaN}'])
def test_nan_and_infinity_name_themselves(text: str) -> None:
    with pytest.raises(JSONSyntaxError, match="NaN and Infinity are not JSON numbers"):
        loads(text)


def test_long_strings_are_linear_and_capped() -> None:
    limits.override("string_mb=1")
    big = "x" * ((1 << 20) + 1)
    for text in (f'["{big}"]', f'["\\n{big}"]'):  # plain, and with an escape (the C scanner's path)
        with pytest.raises(JSONLimitError, match="string_mb"):
            loads(text)
    assert loads(f'["{big[:-2]}"]').value == [big[:-2]]
    assert loads('["a\\"b\\\\c\\u00e9\\ud83d\\ude00"]').value == ['a"b\\c\u00e9\U0001f600']


def test_a_long_key_or_token_is_cut_short_in_messages() -> None:
    with pytest.raises(JSONSyntaxError) as info:
        loads('{"' + "k" * 1000 + '" 1}')
    assert len(str(info.value)) < 200 and "k" * 41 not in str(info.value)
    with pytest.raises(JSONSyntaxError) as info:
        loads("[" + "w" * 1000 + "]")
    assert "…" in str(info.value) and len(str(info.value)) < 200


def test_a_text_that_is_not_json_is_not_quoted() -> None:
    with pytest.raises(JSONSyntaxError) as info:
        loads("root:x:0:0:root:/root:/bin/bash\n", "passwd")
    assert "root" not in info.value.reason and "not a JSON file" in info.value.reason


def test_json_values_limit() -> None:
    limits.override("json_values=10")
    assert len(loads("[" + ",".join("1" * 9) + "]").value) == 9
    with pytest.raises(JSONLimitError, match="json_values"):
        loads("[" + ",".join("1" * 10) + "]")


@pytest.mark.parametrize(("text", "col", "words"), [
    ('["a\\u0001"]', 4, "control character U+0001"),
    ('["\\u0000"]', 3, "NUL (U+0000)"),
    ('["ok", "a\\b"]', 10, "control character U+0008"),
    ('["\\ud800x"]', 3, "lone surrogate U+D800"),
    ('["x\\udc00"]', 4, "lone surrogate U+DC00"),
    ('["ab\ufffe"]', 5, "noncharacter U+FFFE"),
    ('["\\uFFFF"]', 3, "noncharacter U+FFFF"),
    ('["\\ufdd0"]', 3, "noncharacter U+FDD0"),
    ('["\U0010ffff"]', 3, "noncharacter U+10FFFF"),
    ('["\x7f"]', 3, "control character U+007F"),
    ('{"k\\u0002": 1}', 4, "control character U+0002"),
])
def test_forbidden_characters_are_recorded_at_their_position(text: str, col: int, words: str) -> None:
    doc = loads(text, "f.json")
    assert len(doc.bad_strings) == 1 and words in doc.bad_strings[0][2]
    assert doc.line_col(doc.bad_strings[0][1]) == (1, col)
    with pytest.raises(JSONContentError) as info:
        doc.check_content()
    assert str(info.value).startswith(f"f.json:1:{col}: ")
    str(info.value).encode("utf-8")  # printable: a lone surrogate in a key must not break the message


def test_allowed_characters_pass() -> None:
    doc = loads('["tab\\t nl\\n cr\\r", "\u00e9\u4e2d\U0001f600", "\\ud83d\\ude00", "\ufffd"]')
    assert doc.bad_strings == []


def test_load_checked_raises_on_the_first_bad_string(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"a": "ok",\n "b": "\\u0007", "c": "\\u0008"}')
    with pytest.raises(JSONContentError) as info:
        load_checked(path)
    assert (info.value.line, info.value.column, info.value.pointer) == (2, 8, "/b")
    with pytest.raises(JSONContentError):
        read_json(path)  # the fast path of model.read_json refuses them too


@pytest.mark.parametrize("text", ['{"a": ' + "1" * 500 + "}", '{"a": 1e999}', "[" * 300 + "]" * 300,
                                  '{"\\ud800": 1}', '["\\ufffe"]', '{"a": NaN}'])
def test_read_json_fast_path_never_lets_through_what_jsonio_refuses(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        read_json(path)
    assert re.match(rf"{re.escape(str(path))}:1:\d+: ", str(info.value))


def test_read_json_of_a_deep_file_does_not_recurse_into_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(JSONLimitError, match="json_depth"):
        read_json(path)


# --- modgen.inputs --------------------------------------------------------------------------------------------------

def test_only_regular_files_are_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    for path, kind in ((tmp_path / "fifo", "FIFO"), ("/dev/zero", "character device"),
                       ("/dev/urandom", "character device"), (tmp_path, "directory")):
        with pytest.raises(DataError, match=kind) as info:
            inputs.read_regular(path)
        assert "not found" not in str(info.value)
    with pytest.raises(DataError, match="file not found"):
        inputs.read_regular(tmp_path / "nope")
    (tmp_path / "f").write_bytes(b"abc")
    assert inputs.read_regular(tmp_path / "f") == b"abc"


def test_read_cap_reads_no_more_than_the_cap(tmp_path: Path) -> None:
    (tmp_path / "big").write_bytes(b"x" * 2000)
    with pytest.raises(LimitError, match="file_mb"):
        inputs.read_regular(tmp_path / "big", max_bytes=1000)
    assert len(inputs.read_regular(tmp_path / "big", max_bytes=2000)) == 2000
    limits.override("file_mb=1")
    (tmp_path / "big").write_bytes(b"x" * ((1 << 20) + 1))
    with pytest.raises(LimitError, match="file_mb limit of 1 MiB"):
        inputs.read_regular(tmp_path / "big")


def test_proc_files_that_lie_about_their_size_are_still_capped() -> None:
    data = inputs.read_regular("/proc/self/status", max_bytes=1 << 20)
    assert data.startswith(b"Name:")
    with pytest.raises(LimitError):
        inputs.read_regular("/proc/self/status", max_bytes=10)


def test_workspace_confinement(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "games").mkdir(parents=True)
    (ws / "counters").mkdir()
    (ws / "counters" / "c.json").write_text("{}")
    (ws / "counters" / "out").symlink_to("/etc/passwd")
    (ws / "counters" / "in").symlink_to(ws / "counters" / "c.json")
    root = inputs.workspace_of(ws / "games" / "g.json")
    assert root == ws.resolve()
    base = ws / "games"
    assert inputs.confine(root, base, "../counters/c.json") == (ws / "counters" / "c.json").resolve()
    assert inputs.confine(root, base, "../counters/in") == (ws / "counters" / "c.json").resolve()
    assert inputs.confine(root, base, "../counters/missing.json").name == "missing.json"  # reported by the caller
    for bad, words in (("/etc/shadow", "absolute paths"), ("../../etc/passwd", "outside the workspace"),
                       ("../counters/out", "outside the workspace"), ("~/x", "absolute"), ("", "relative path"),
                       ("a\x00b", "NUL"), ("../../ws2/x", "outside")):
        with pytest.raises(inputs.OutsideWorkspace, match=words):
            inputs.confine(root, base, bad)


def _png_header(path: Path, width: int, height: int) -> None:
    """A PNG that declares ``width`` x ``height`` but holds no pixel data (an empty IDAT)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"") + chunk(b"IEND", b""))


def test_images_are_measured_from_the_header_and_refused_before_decoding(tmp_path: Path) -> None:
    _png_header(tmp_path / "huge.png", 100_000, 100_000)  # 10 gigapixels, a 33-byte file with no pixel data
    with pytest.raises(LimitError, match="image_mpx"):  # Pillow's own guard (twice the limit), at open
        images.image_size(tmp_path / "huge.png")
    with pytest.raises(LimitError, match="image_mpx"):
        images.load_image(tmp_path / "huge.png")
    _png_header(tmp_path / "mid.png", 12_000, 10_000)  # 120 megapixels: over 100, under Pillow's own 2x error
    assert images.image_size(tmp_path / "mid.png") == (12_000, 10_000)  # the header alone, nothing decoded
    with pytest.raises(LimitError, match=r"12000x10000 px"):
        images.load_image(tmp_path / "mid.png")
    Image.new("RGB", (30, 20), "red").save(tmp_path / "ok.png")
    img = images.load_image(tmp_path / "ok.png")
    assert img.size == (30, 20) and img.getpixel((0, 0)) == (255, 0, 0)
    Image.new("RGB", (30, 20), "red").save(tmp_path / "ok.tiff")
    with pytest.raises(DataError, match="cannot read it as an image"):
        images.load_image(tmp_path / "ok.tiff")  # formats outside IMAGE_FORMATS are not decoded


def test_truncated_png_is_a_data_error(tmp_path: Path) -> None:
    Image.new("RGB", (200, 200), "blue").save(tmp_path / "a.png")
    data = (tmp_path / "a.png").read_bytes()
    (tmp_path / "t.png").write_bytes(data[: len(data) // 2])
    with pytest.raises(ModgenError, match="cannot read it as an image"):
        images.load_image(tmp_path / "t.png")


# --- README's Limits table ------------------------------------------------------------------------------------------

def test_readme_limits_table_lists_every_limit_with_its_default() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Limits"):]
    section = section[: section.index("\n## ")]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| ([\d,]+) \|", section, re.M)}
    assert rows == {name: f"{lim.default:,}" for name, lim in limits.LIMITS.items()}
    for lim in limits.LIMITS.values():
        line = next(ln for ln in section.splitlines() if ln.startswith(f"| `{lim.name}` |"))
        assert f"| {lim.unit} |" in line and lim.reason in line and lim.env in line and f"--limit {lim.name}=N" in line
