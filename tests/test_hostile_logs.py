"""Hostile and absurd logs (issue #12): every case is one stderr line naming the log, exit 1, bounded memory and time.

Each CLI case runs ``python -m modgen`` in a subprocess under tests/hostile.py's caps (1 GB address space, 30 s).
Limits are lowered with ``--limit`` to keep inputs small, except for one real-size XZ bomb (4 GiB of zeros in a
650 KB savedGame) that proves the decoded-size cap bounds memory at the default limits.
"""

from __future__ import annotations

import io
import json
import lzma
import os
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest
from hostile import assert_one_line_error, run_bounded
from vassal_logs import add, log_text, piece, save_text, stack

from modgen.limits import LimitError
from modgen.report.check import check_bytes
from modgen.vassal.archive import Limits
from modgen.vassal.obfuscation import obfuscate

REPO = Path(__file__).resolve().parent.parent
ENV = {"PYTHONPATH": str(REPO)}
GAME = str(REPO / "games" / "minsk44.json")
E = "\x1b"
ROT = "rotate;1;82,130;Rotate;;;Facing;Facing;;;;false"


def modgen(*args: str, **kw):
    return run_bounded(list(args), cwd=REPO, env=ENV, **kw)


def vsav(text: str, *, raw: bytes | None = None) -> bytes:
    """A .vsav zip holding *text* obfuscated (or *raw* as the savedGame entry)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", raw if raw is not None else obfuscate(text))
        z.writestr("moduledata", b"<data><name>tiny</name></data>")
    return buf.getvalue()


def small_log(steps: list[list[str]], *, rotation: str | None = None) -> str:
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    if rotation is not None:
        from modgen.vassal import sequence as se

        ta, sa = se.join_traits([ROT, ta]), se.join_traits([rotation, sa])
    return log_text(save_text([add("101", ta, sa), stack("201", "main", 194, 350, "101")]), steps)


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def xz_bomb(blocks: int, block_bytes: int = 1 << 24) -> bytes:
    """One XZ stream of *blocks* copies of one compressed block of zeros (an XZ bomb: ~2.5 KB per 16 MiB)."""
    one = lzma.compress(bytes(block_bytes), format=lzma.FORMAT_XZ, check=lzma.CHECK_NONE, preset=0)
    header, footer = one[:12], one[-12:]
    backward = (struct.unpack("<I", footer[4:8])[0] + 1) * 4
    index = one[-12 - backward:-12]
    block = one[12:-12 - backward]
    pos, unpadded, shift = 2, 0, 0  # the index's one record: indicator, count 1, then the unpadded size (varint)
    while True:
        byte = index[pos]
        pos += 1
        unpadded |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            break
    body = b"\x00" + _varint(blocks) + (_varint(unpadded) + _varint(block_bytes)) * blocks
    body += b"\x00" * (-len(body) % 4)
    new_index = body + struct.pack("<I", zlib.crc32(body))
    flags = footer[8:10]
    size = struct.pack("<I", len(new_index) // 4 - 1)
    return header + block * blocks + new_index + struct.pack("<I", zlib.crc32(size + flags)) + size + flags + b"YZ"


# ---- VASSAL logs ------------------------------------------------------------------------------------------------
def test_real_size_xz_bomb_stops_at_the_default_cap(tmp_path):
    bomb = xz_bomb(256)  # 4 GiB of zeros
    assert len(bomb) < 700_000
    p = tmp_path / "bomb.vsav"
    p.write_bytes(vsav("", raw=bomb))
    r = modgen("log", str(p))
    line = assert_one_line_error(r, "bomb.vsav", "log_decoded_mb", "512 MiB")
    assert "XZ" in line
    assert r.peak_rss_bytes < 1 << 30


def test_xz_bomb_honours_the_callers_smaller_cap():
    """The sidecar passes its own cap: it reaches the XZ codec (it used to be a fixed 512 MB)."""
    data = vsav("", raw=xz_bomb(4))  # 64 MiB
    with pytest.raises(LimitError, match=r"up\.vsav: savedGame: XZ data: decodes to more than 1 MiB"):
        check_bytes(data, "up.vsav", GAME, limits=Limits(max_decoded=1 << 20))
    with pytest.raises(LimitError, match="more than 2 MiB"):
        check_bytes(data, "up.vsav", GAME, max_decompressed=2 << 20)


def test_obfuscated_log_over_the_decoded_cap(tmp_path):
    p = tmp_path / "big.vlog"
    p.write_bytes(vsav(small_log([["CHAT" + "x" * 1000]] * 1200)))  # 1.2 MB of text
    assert_one_line_error(modgen("--limit", "log_decoded_mb=1", "log", str(p)), "big.vlog", "log_decoded_mb")


def test_chat_only_log_stops_at_the_event_cap(tmp_path):
    p = tmp_path / "chatty.vlog"
    p.write_bytes(vsav(small_log([["CHAT&lt;A&gt; - hello"]] * 5000)))
    r = modgen("--limit", "log_events=1000", "log", str(p))
    assert_one_line_error(r, "chatty.vlog", "log_events", "1,000")


@pytest.mark.parametrize("rotation", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_rotation_is_a_warning_and_json_stays_json(tmp_path, rotation):
    p = tmp_path / "rot.vsav"
    p.write_bytes(vsav(small_log([], rotation=rotation)))
    r = modgen("log", str(p), "--json")
    assert r.returncode == 0, r.stderr

    def no_constants(name: str) -> None:
        raise AssertionError(f"{name} printed")

    events = [json.loads(line, parse_constant=no_constants) for line in r.stdout.splitlines()]
    assert [e["piece"].get("facing") for e in events if e["event"] == "add"] == [None]
    assert "rot.vsav" in r.stderr and "piece 101" in r.stderr and "not a finite angle" in r.stderr


def test_commands_nested_too_deep_name_the_file_and_command(tmp_path):
    deep = "CHAT x"
    for _ in range(70):
        deep = "LOG\t" + deep
    text = "begin_save" + E + "end_save" + E + deep
    p = tmp_path / "deep.vlog"
    p.write_bytes(vsav(text))
    assert_one_line_error(modgen("log", str(p)), "deep.vlog", "command 2", "nested more than 64 levels")



def test_a_lone_command_just_under_the_depth_limit_is_read_and_one_more_level_refused(tmp_path):
    """63 LOGs around one chat line is the deepest the command grammar reads (MAX_DEPTH 64); the usual (flat) reading
    path once refused it, one level early."""
    def deep(n: int) -> Path:
        p = tmp_path / f"deep{n}.vlog"
        p.write_bytes(vsav("begin_save" + E + "end_save" + E + "LOG\t" * n + "CHAT x"))
        return p

    r = modgen("log", str(deep(63)))
    assert r.returncode == 0 and "chat  x" in r.stdout and not r.stderr, (r.returncode, r.stderr)
    assert_one_line_error(modgen("log", str(deep(64))), "deep64.vlog", "command 2", "nested more than 64 levels")

def test_short_move_names_the_file_and_command(tmp_path):
    p = tmp_path / "short.vlog"
    p.write_bytes(vsav(small_log([["M/101/main/1/2"]])))
    assert_one_line_error(modgen("log", str(p)), "short.vlog", "command", "move command with 4 of 10 fields")


def test_huge_coordinate_is_a_bad_move(tmp_path):
    p = tmp_path / "far.vlog"
    p.write_bytes(vsav(small_log([["M/101/main/" + "9" * 5000 + "/2/null/main/1/2/null/p"]])))
    assert_one_line_error(modgen("log", str(p)), "far.vlog", "bad x")


# ---- any log path -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("cmd", ["log", "check"])
def test_device_as_log(device, cmd):
    args = [cmd, device] + (["--game", GAME] if cmd == "check" else [])
    assert_one_line_error(modgen(*args), device, "not a regular file")


@pytest.mark.parametrize("cmd", ["log", "check"])
def test_fifo_as_log_does_not_hang(tmp_path, cmd):
    fifo = tmp_path / "pipe.vlog"
    os.mkfifo(fifo)
    args = [cmd, str(fifo)] + (["--game", GAME] if cmd == "check" else [])
    assert_one_line_error(modgen(*args), "pipe.vlog", "FIFO")


def test_log_piped_into_head_exits_quietly(tmp_path):
    p = tmp_path / "long.vlog"
    p.write_bytes(vsav(small_log([["CHAT&lt;A&gt; - " + "y" * 100]] * 3000)))  # ~400 KB of output
    script = f"set -o pipefail; {sys.executable} -m modgen log {p} | head -1"
    r = subprocess.run(["bash", "-c", script], env={**os.environ, **ENV}, cwd=REPO, capture_output=True,
                       text=True, timeout=30)
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.count("\n") == 1 and "add" in r.stdout


# ---- canonical logs (read by `check`) ---------------------------------------------------------------------------
def canonical(tmp_path: Path, *lines: str, name: str = "game.jsonl") -> str:
    p = tmp_path / name
    p.write_text('{"type": "scenario_start", "game": "minsk44"}\n' + "\n".join(lines) + "\n")
    return str(p)


def test_canonical_huge_integer(tmp_path):
    log = canonical(tmp_path, '{"type": "turn", "turn": ' + "7" * 5000 + "}")
    assert_one_line_error(modgen("check", log, "--game", GAME), "game.jsonl:2", "int_digits", "5,000 digits")


def test_canonical_nested_100000_levels(tmp_path):
    log = canonical(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert_one_line_error(modgen("check", log, "--game", GAME), "game.jsonl:2", "json_depth")


@pytest.mark.parametrize("value,shown", [("NaN", "nan"), ("Infinity", "inf"), ("1e999", "inf")])
def test_canonical_non_finite_facing(tmp_path, value, shown):
    log = canonical(tmp_path, '{"type": "move", "unit": "u", "to_pos": [1, 2], "facing": ' + value + "}")
    assert_one_line_error(modgen("check", log, "--game", GAME), "game.jsonl:2", f"/facing: {shown} is not a finite")


def test_canonical_chat_only_log_stops_at_the_event_cap(tmp_path):
    log = canonical(tmp_path, *['{"type": "chat", "text": "blah blah"}'] * 20_000)
    r = modgen("--limit", "log_events=5000", "check", log, "--game", GAME)
    assert_one_line_error(r, "game.jsonl:5001", "log_events")


def test_canonical_log_over_the_file_cap(tmp_path):
    log = canonical(tmp_path, *['{"type": "chat", "text": "' + "z" * 1000 + '"}'] * 1100)
    assert_one_line_error(modgen("--limit", "file_mb=1", "check", log, "--game", GAME), "game.jsonl", "file_mb")


# ---- check --timeout --------------------------------------------------------------------------------------------
def test_check_timeout_is_one_line_naming_the_log(tmp_path):
    log = canonical(tmp_path, *['{"type": "chat", "text": "blah blah"}'] * 200_000, name="slow.jsonl")
    line = assert_one_line_error(modgen("check", log, "--game", GAME, "--timeout", "0.05"), "slow.jsonl")
    assert "--timeout 0.05 s" in line


def test_check_timeout_not_reached(tmp_path):
    log = canonical(tmp_path, '{"type": "game_end"}')
    r = modgen("check", log, "--game", GAME, "--timeout", "60")
    assert r.returncode == 0 and "0 error(s)" in r.stdout, r.stderr


def test_check_timeout_must_be_positive(tmp_path):
    log = canonical(tmp_path, '{"type": "game_end"}')
    r = modgen("check", log, "--game", GAME, "--timeout", "0")
    assert r.returncode == 2 and "--timeout" in r.stderr


@pytest.mark.parametrize("value", ["nan", "inf", "1e308"])
def test_check_timeout_must_be_a_finite_number_setitimer_takes(tmp_path, value):
    # nan passed click's range check (every comparison with nan is false): exit 70 from setitimer, as did inf/1e308
    log = canonical(tmp_path, '{"type": "game_end"}')
    r = modgen("check", log, "--game", GAME, "--timeout", value)
    assert r.returncode == 2 and "Invalid value for '--timeout'" in r.stderr and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("field", ["setup", "path"])
def test_map_image_of_a_log_naming_a_20_digit_hex(tmp_path, field):
    # the label parses (column and row of ten digits each), far off the map: pasting a counter there was exit 70
    far = "9" * 20
    lines = []
    for line in (REPO / "logs" / "minsk44" / "violations.jsonl").read_text().splitlines():
        ev = json.loads(line)
        if field == "setup" and ev["type"] == "setup":
            ev["hex"] = far
        if field == "path" and "path" in ev:
            ev["path"] = [far, *ev["path"], far]
        lines.append(json.dumps(ev))
    log = tmp_path / "far.jsonl"
    log.write_text("\n".join(lines) + "\n")
    r = modgen("check", log, "--game", GAME, "-q", "--map-image", tmp_path / "far.png")
    assert r.returncode == 1 and r.stderr == "" and r.stdout, r.stderr  # exit 1: the log's rules errors
    assert (tmp_path / "far.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_long_unknown_scenario_is_cut_in_the_message(tmp_path):
    log = canonical(tmp_path, '{"type": "game_end"}')
    line = assert_one_line_error(modgen("check", log, "--game", GAME, "--scenario", "x" * 100_000), "no scenario")
    assert len(line) < 300 and "(scenarios: historical)" in line  # the 100,000 characters were echoed whole


@pytest.mark.parametrize(("cmd", "suffix"), [("check", ".jsonl"), ("log", ".vlog"), ("import", ".vmod")])
def test_a_file_name_with_a_line_break_stays_one_error_line(tmp_path, cmd, suffix):
    bad = tmp_path / f"bad\nname{suffix}"  # the message named it as it is: two lines on stderr
    bad.write_bytes(b"garbage\n")
    args = {"check": [cmd, bad, "--game", GAME], "log": [cmd, bad], "import": [cmd, bad, tmp_path / "ws"]}[cmd]
    line = assert_one_line_error(modgen(*map(str, args)), f"bad\\nname{suffix}")
    assert line.startswith("error: ")
