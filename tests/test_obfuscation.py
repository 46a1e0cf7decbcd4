"""!VCSK obfuscation: VASSAL's own test vector, round trips, and bad input."""

from __future__ import annotations

import lzma

import pytest
from hypothesis import given
from hypothesis import strategies as st

from modgen.errors import LogFormatError
from modgen.vassal.obfuscation import deobfuscate, deobfuscate_bytes, obfuscate

# From VASSAL's ObfuscatingOutputStreamTest (vassal-app/src/test/java/VASSAL/tools/io/).
VECTOR_TEXT = "All jackdaws love my great sphinx of quartz."
VECTOR = (b"!VCSK581934347832393b333c392f2b7834372e3d783521783f2a3d392c782b283031362078373e78292d392a2c2276")


def test_vassal_test_vector_encodes():
    assert obfuscate(VECTOR_TEXT, key=0x58) == VECTOR


def test_vassal_test_vector_decodes():
    assert deobfuscate(VECTOR) == VECTOR_TEXT


def test_uppercase_hex_accepted():
    assert deobfuscate(VECTOR.upper().replace(b"!VCSK", b"!VCSK")) == VECTOR_TEXT


def test_hand_computed_small_case():
    # 'A' = 0x41, key 0x01 -> 0x40; 'é' = c3 a9 -> c2 a8
    assert obfuscate("Aé", key=1) == b"!VCSK01" + b"40c2a8"
    assert deobfuscate(b"!VCSK0140c2a8") == "Aé"


def test_plain_text_passes_through():
    assert deobfuscate(b"begin_save\x1bend_save") == "begin_save\x1bend_save"


def test_header_alone_is_plain_text():
    # VASSAL needs more than the 5 header bytes before it treats the stream as obfuscated.
    assert deobfuscate(b"!VCSK") == "!VCSK"


def test_xz_savedgame_decodes():
    assert deobfuscate(lzma.compress(b"begin_save\x1bend_save", format=lzma.FORMAT_XZ)) == "begin_save\x1bend_save"


def test_truncated_xz_is_error():
    data = lzma.compress(b"x" * 1000, format=lzma.FORMAT_XZ)
    with pytest.raises(LogFormatError, match="truncated"):
        deobfuscate(data[:-10])


@pytest.mark.parametrize("key", [0, 0x58, 0xAA, 255])
def test_key_range(key):
    assert deobfuscate(obfuscate("x\x1by", key=key)) == "x\x1by"


def test_bad_key_rejected():
    with pytest.raises(ValueError):
        obfuscate("x", key=256)


def test_odd_length_hex_names_position():
    with pytest.raises(LogFormatError, match=r"odd number of hex digits.*byte 9"):
        deobfuscate(b"!VCSK01404")


def test_non_hex_names_position():
    with pytest.raises(LogFormatError, match=r"byte 9: expected a hex digit, got b'z'"):
        deobfuscate(b"!VCSK0140zz")


def test_whitespace_is_not_hex():
    # bytes.fromhex would skip the space; VASSAL's unhex throws on it.
    with pytest.raises(LogFormatError, match="byte 9"):
        deobfuscate(b"!VCSK0140 c2a80")


def test_bad_key_digit():
    with pytest.raises(LogFormatError, match=r"byte 6.*key"):
        deobfuscate(b"!VCSK0g40")


def test_key_cut_short():
    with pytest.raises(LogFormatError, match="key"):
        deobfuscate(b"!VCSKa")


def test_invalid_utf8_names_position():
    with pytest.raises(LogFormatError, match=r"invalid UTF-8 at byte 2"):
        deobfuscate(b"ab\xff")
    # the same inside obfuscated data: 0xff ^ 0x01 = 0xfe
    with pytest.raises(LogFormatError, match=r"invalid UTF-8 at byte 1"):
        deobfuscate(b"!VCSK0140fe")


@given(st.text(), st.integers(0, 255))
def test_round_trip(text, key):
    assert deobfuscate(obfuscate(text, key=key)) == text


@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_crash(raw):
    try:
        deobfuscate_bytes(raw)
    except LogFormatError:
        pass
