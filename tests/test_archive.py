"""Safe zip reading: normal saves, old saves, bombs, hostile names, truncation, and that nothing is written."""

from __future__ import annotations

import io
import os
import struct
import zipfile

import pytest

from modgen.errors import ArchiveError
from modgen.vassal.archive import Archive, Limits, is_zip, read_saved_game


def make_zip(entries: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, data in entries.items():
            z.writestr(zipfile.ZipInfo(name), data, compress_type=compression)
    return buf.getvalue()


def test_reads_saved_game_with_metadata():
    data = make_zip({"savedGame": b"!VCSK00", "savedata": b"<data/>", "moduledata": b"<data><name>M</name></data>"})
    raw, meta = read_saved_game(data)
    assert raw == b"!VCSK00"
    assert meta == {"savedata": b"<data/>", "moduledata": b"<data><name>M</name></data>"}


def test_old_file_with_only_saved_game(tmp_path):
    p = tmp_path / "old.log"
    p.write_bytes(make_zip({"savedGame": b"begin_save"}, zipfile.ZIP_STORED))
    raw, meta = read_saved_game(p)
    assert raw == b"begin_save" and meta == {}


def test_module_is_not_a_save():
    with pytest.raises(ArchiveError, match=r"no 'savedGame' entry \(a module"):
        read_saved_game(make_zip({"buildFile.xml": b"<x/>"}))


def test_not_a_zip():
    with pytest.raises(ArchiveError, match="not a readable zip"):
        read_saved_game(b"hello world, not a zip")


def test_truncated_zip():
    data = make_zip({"savedGame": os.urandom(5000).hex().encode()})
    for cut in (len(data) // 2, len(data) - 10, 30):
        with pytest.raises(ArchiveError):
            read_saved_game(data[:cut])


def test_corrupt_entry_data_detected():
    payload = b"0123456789abcdef" * 400
    data = bytearray(make_zip({"savedGame": payload}))
    # flip bytes in the middle of the compressed data (after the 30+9 byte local header)
    for i in range(60, 70):
        data[i] ^= 0xFF
    with pytest.raises(ArchiveError, match="truncated or corrupt|truncated"):
        read_saved_game(bytes(data))


def _set_declared_size(zipbytes: bytes, size: int) -> bytes:
    """Rewrite the uncompressed size of the single entry in both local header and central directory."""
    b = bytearray(zipbytes)
    assert b[:4] == b"PK\x03\x04"
    struct.pack_into("<I", b, 22, size)  # local header: uncompressed size at offset 22
    cd = b.find(b"PK\x01\x02")
    struct.pack_into("<I", b, cd + 24, size)  # central directory: uncompressed size at offset 24
    return bytes(b)


def test_entry_lying_about_its_size_is_caught():
    data = _set_declared_size(make_zip({"savedGame": b"a" * 5000}), 100)
    with pytest.raises(ArchiveError, match="savedGame"):
        read_saved_game(data)


def test_declared_size_over_limit():
    data = make_zip({"savedGame": b"a" * 5000})
    with pytest.raises(ArchiveError, match="declares 5000 bytes"):
        read_saved_game(data, limits=Limits(max_entry_size=1000))


def test_total_declared_over_limit():
    data = make_zip({"a": b"x" * 600, "savedGame": b"y" * 600})
    with pytest.raises(ArchiveError, match="zip bomb"):
        read_saved_game(data, limits=Limits(max_total_size=1000))


def test_compression_ratio_bomb():
    data = make_zip({"savedGame": b"\0" * 2_000_000})
    with pytest.raises(ArchiveError, match="zip bomb"):
        read_saved_game(data, limits=Limits(max_ratio=100))


def test_too_many_entries():
    data = make_zip({f"e{i}": b"" for i in range(11)})
    with pytest.raises(ArchiveError, match="11 entries"):
        Archive(data, limits=Limits(max_entries=10))


@pytest.mark.parametrize("bad", ["../evil", "a/../../evil", "/etc/passwd", "C:/x", "..\\evil"])
def test_hostile_names_refused(bad):
    data = make_zip({bad: b"x", "savedGame": b"begin_save"})
    with pytest.raises(ArchiveError, match="refusing entry"):
        read_saved_game(data)


def test_dotdot_inside_a_name_is_fine():
    data = make_zip({"images/a..b.png": b"x", "savedGame": b"s"})
    assert read_saved_game(data)[0] == b"s"


def test_missing_file_is_archive_error(tmp_path):
    with pytest.raises(ArchiveError, match="cannot open"):
        read_saved_game(tmp_path / "nope.vsav")


def test_reading_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = make_zip({"savedGame": b"begin_save", "images/x.png": b"png"})
    (tmp_path / "in.vsav").write_bytes(data)
    read_saved_game(tmp_path / "in.vsav")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["in.vsav"]


def test_archive_read_and_names():
    with Archive(make_zip({"images/a.png": b"1", "buildFile.xml": "é".encode()})) as a:
        assert a.names() == ["images/a.png", "buildFile.xml"]
        assert a.read_text("buildFile.xml") == "é"
        with pytest.raises(ArchiveError, match="no entry 'x'"):
            a.read("x")


def test_invalid_utf8_entry_text():
    with Archive(make_zip({"t": b"ab\xff"})) as a, pytest.raises(ArchiveError, match="invalid UTF-8 at byte 2"):
        a.read_text("t")


def test_is_zip():
    assert is_zip(make_zip({"a": b""}))
    assert not is_zip(b"!VCSK00")


def test_bomb_with_default_limits_refused_before_inflating():
    # A tiny zip whose headers claim 4 GB uncompressed: refused from the declared size, nothing is inflated.
    data = _set_declared_size(make_zip({"savedGame": b"a" * 100}), 0xFFFF0000)
    with pytest.raises(ArchiveError, match="zip bomb|limit"):
        read_saved_game(data)


def test_unsupported_zip_version_is_archive_error():
    # Found by the fuzzer: a central directory asking for zip version 6.4 made zipfile raise NotImplementedError.
    data = bytearray(make_zip({"savedGame": b"x"}))
    cd = data.find(b"PK\x01\x02")
    data[cd + 6] = 64  # "version needed to extract"
    with pytest.raises(ArchiveError, match="not a readable zip"):
        read_saved_game(bytes(data))
