"""Issue #12, data input: hostile and absurd game data gives one clear line and exit 1, in bounded memory and time.

Every case runs the real CLI in a subprocess under tests/hostile.py's caps (1 GB of address space, 30 s). The cases
the issue names are real-size (a 5,000-digit integer, 100,000-deep nesting, a 1x60000 PNG, /dev/zero, a FIFO); the
others reach their limit with a small input and a lowered ``--limit``.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import zlib
from pathlib import Path

import pytest
from hostile import assert_one_line_error, run_bounded

REPO = Path(__file__).resolve().parent.parent
BASE = REPO / "tests" / "data" / "broken" / "_base"
ENV = {"PYTHONPATH": str(REPO)}


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(BASE, root)
    return root


def _edit(ws: Path, rel: str, change) -> None:
    path = ws / rel
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, indent=1))


def _run(ws: Path, *args: str):
    return run_bounded(list(args), cwd=ws, env=ENV)


def _validate_issue(ws: Path, *words: str, manifest: str = "games/base.json") -> str:
    """`modgen validate` exits 1 and prints an issue (on stdout) with every one of ``words``; returns it."""
    res = _run(ws, "validate", manifest)
    assert res.returncode == 1, (res.stdout, res.stderr)
    assert "Traceback" not in res.stderr + res.stdout
    hits = [ln for ln in res.stdout.splitlines() if all(w in ln for w in words)]
    assert hits, res.stdout
    return hits[0]


def png(path: Path, width: int, height: int, bit_depth: int = 8, color_type: int = 2) -> None:
    """A valid PNG of ``width`` x ``height`` zero pixels, compressed as it is written (a bomb stays small)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    channels = {0: 1, 2: 3}[color_type]
    row = b"\0" * ((width * bit_depth * channels + 7) // 8 + 1)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


# --- files named in the data stay in the workspace ------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["/etc/shadow", "../../../../../../etc/passwd", "link.pdf"])
def test_rules_pdf_outside_the_workspace_is_refused_and_never_shipped(ws: Path, ref: str) -> None:
    (ws / "games" / "link.pdf").symlink_to("/etc/passwd")  # a symlink inside pointing out
    _edit(ws, "games/base.json", lambda m: m["files"].update(rules_pdf=ref))
    line = _validate_issue(ws, "/files/rules_pdf", "outside the workspace" if ref != "/etc/shadow" else "absolute")
    text = (ws / "games/base.json").read_text()
    row = text[: text.index('"rules_pdf"')].count("\n") + 1
    col = text.splitlines()[row - 1].index(json.dumps(ref)) + 1
    assert line.startswith(f"games/base.json:{row}:{col}: /files/rules_pdf:")  # at the value's line:column
    res = _run(ws, "build", "games/base.json", "-o", "m.vmod", "--no-validate")
    assert_one_line_error(res, "games/base.json", repr(ref))
    assert not (ws / "m.vmod").exists()


def test_proc_environ_as_counters_is_never_read(ws: Path) -> None:
    _edit(ws, "games/base.json", lambda m: m["files"].update(counters="/proc/self/environ"))
    line = _validate_issue(ws, "/files/counters", "absolute paths are not allowed")
    res = _run(ws, "sheet", "games/base.json", "-o", "s.pdf", "--no-validate")
    assert_one_line_error(res, "/proc/self/environ")
    assert "PATH=" not in line + res.stderr and os.environ.get("HOME", "/root") not in res.stderr.split("workspace")[0]


def test_etc_passwd_as_manifest_error_does_not_echo_its_content(ws: Path) -> None:
    res = _run(ws, "build", "/etc/passwd", "-o", "m.vmod", "--no-validate")
    line = assert_one_line_error(res, "/etc/passwd", "not a JSON file")
    assert "root" not in line


# --- only regular files, never a hang -------------------------------------------------------------------------------

@pytest.mark.parametrize(("cmd", "out"), [("validate", None), ("map", "m.png"), ("sheet", "s.pdf"),
                                          ("counters", "out"), ("build", "m.vmod")])
def test_dev_zero_as_manifest_is_one_line_not_file_not_found(ws: Path, cmd: str, out: str | None) -> None:
    res = _run(ws, cmd, "/dev/zero", *(["-o", out] if out else []))
    line = assert_one_line_error(res, "/dev/zero", "character device" if cmd != "validate" else "invalid")
    assert "not found" not in line
    if cmd == "validate":
        assert "is a character device, not a regular file" in res.stdout


def test_dev_urandom_and_a_fifo_as_data_files(ws: Path) -> None:
    os.mkfifo(ws / "counters" / "fifo.json")
    _edit(ws, "games/base.json", lambda m: m["files"].update(counters="../counters/fifo.json"))
    _validate_issue(ws, "/files/counters", "FIFO")
    # `map` does not read the counters (issue #20); `sheet`, which does, refuses the FIFO
    assert_one_line_error(_run(ws, "sheet", "games/base.json", "-o", "s.pdf", "--no-validate"), "fifo.json", "FIFO")
    assert_one_line_error(_run(ws, "sheet", "/dev/urandom", "-o", "s.pdf", "--no-validate"), "/dev/urandom")


# --- the JSON parser's limits ---------------------------------------------------------------------------------------

def test_five_thousand_digit_integer_is_located_and_not_echoed_whole(ws: Path) -> None:
    text = (ws / "counters/base.json").read_text().replace('"attack": 2', '"attack": ' + "9" * 5000, 1)
    (ws / "counters/base.json").write_text(text)
    line = _validate_issue(ws, "counters/base.json:3:", "int_digits")
    assert "9" * 50 not in line and len(line) < 400
    res = _run(ws, "counters", "games/base.json", "-o", "out", "--no-validate")
    assert "9" * 50 not in assert_one_line_error(res, "counters/base.json", "int_digits")
    assert not (ws / "out").exists() or not any((ws / "out").iterdir())


def test_hundred_thousand_levels_of_nesting(ws: Path) -> None:
    (ws / "games/base.json").write_text('{"x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    _validate_issue(ws, "games/base.json:1:", "json_depth")
    assert_one_line_error(_run(ws, "build", "games/base.json", "-o", "m.vmod", "--no-validate"), "json_depth")


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused_at_their_position(ws: Path, number: str) -> None:
    text = (ws / "counters/base.json").read_text().replace('"attack": 2', f'"attack": {number}', 1)
    (ws / "counters/base.json").write_text(text)
    _validate_issue(ws, "counters/base.json:3:", "invalid JSON")
    # `map` does not read the counters (issue #20); `sheet`, which does, refuses them at the number's position
    assert_one_line_error(_run(ws, "sheet", "games/base.json", "-o", "s.pdf"), "counters/base.json:3:")


def test_long_string_file_size_and_value_count_limits(ws: Path) -> None:
    _edit(ws, "games/base.json", lambda m: m.update(description="x" * (2 << 20)))
    res = _run(ws, "--limit", "string_mb=1", "build", "games/base.json", "-o", "m.vmod")
    assert_one_line_error(res, "games/base.json:", "string_mb", "--limit string_mb=N")
    res = _run(ws, "--limit", "file_mb=1", "sheet", "games/base.json", "-o", "s.pdf", "--no-validate")
    assert_one_line_error(res, "games/base.json", "file_mb")
    res = _run(ws, "--limit", "json_values=50", "map", "games/base.json", "-o", "m.png")
    assert_one_line_error(res, "games/base.json:", "json_values")


# --- string content -------------------------------------------------------------------------------------------------

def test_forbidden_characters_in_a_title_and_unit_names(ws: Path) -> None:
    text = (ws / "games/base.json").read_text().replace('"title": "Base"', '"title": "Ba\\ud800se"', 1)
    (ws / "games/base.json").write_text(text.replace('"name": "Red"', '"name": "R\\ufdd0ed"', 1))
    text = (ws / "counters/base.json").read_text()
    for uid, bad in (("r.inf", "\\u0001"), ("r.hq", "\\u0000"), ("b.inf", "\\ufffe")):
        text = text.replace(f'"id": "{uid}",', f'"id": "{uid}", "designation": "1{bad}",', 1)
    (ws / "counters/base.json").write_text(text)
    res = _run(ws, "validate", "games/base.json")
    assert res.returncode == 1
    issues = [ln for ln in res.stdout.splitlines() if "the string contains" in ln]
    assert [ln.split(": ")[0].rsplit(":", 1)[0] + ": " + ln.split(": ")[1] for ln in issues] == [
        "games/base.json:3: /title", "games/base.json:5: /sides/0/name",
        "counters/base.json:2: /counters/0/designation", "counters/base.json:4: /counters/1/designation",
        "counters/base.json:6: /counters/2/designation"], res.stdout
    assert issues[0].startswith("games/base.json:3:29:")  # the column of the escape itself
    for word in ("lone surrogate U+D800", "noncharacter U+FDD0", "control character U+0001", "NUL", "U+FFFE"):
        assert any(word in ln for ln in issues), (word, issues)
    for cmd, out in (("build", "m.vmod"), ("sheet", "s.pdf"), ("counters", "out")):
        assert_one_line_error(_run(ws, cmd, "games/base.json", "-o", out, "--no-validate"), "/title", "U+D800")
        assert not (ws / out).exists()


# --- counts and sizes that multiply ---------------------------------------------------------------------------------

def test_a_billion_copies_is_refused_before_planning(ws: Path) -> None:
    _edit(ws, "counters/base.json", lambda c: c["counters"][0].update(count=1_000_000_000))
    _validate_issue(ws, "/counters/0/count", "counter_copies")
    res = _run(ws, "sheet", "games/base.json", "-o", "s.pdf", "--no-validate")
    assert_one_line_error(res, "games/base.json", "counter_copies")
    _edit(ws, "counters/base.json", lambda c: c["counters"][0].update(count=300))
    # 300 counters at 600 dpi: the vector sheet holds no page images, so the raster-page limit does not apply and
    # memory stays small (run_bounded's 1 GB cap)
    res = _run(ws, "--limit", "print_mpx=10", "sheet", "games/base.json", "-o", "s.pdf", "--dpi", "600")
    assert res.returncode == 0, res.stderr
    assert (ws / "s.pdf").stat().st_size < 5 << 20



def test_a_map_print_of_millions_of_pages_is_refused_before_planning(ws: Path) -> None:
    """--hex-size 1000in tiles the map over 729,630 Letter pages (each page kept until the PDF is saved): one line
    naming print_pages, counted before a page is planned, and no file."""
    res = _run(ws, "map", "games/base.json", "--pdf", "--hex-size", "1000in", "-o", "m.pdf")
    assert_one_line_error(res, "m: letter at 300 dpi", "print_pages", "729,630 letter pages")
    assert res.peak_rss_bytes < 300 << 20
    # a billion inches asks for text taller than fonts go before any page is counted: one line saying so
    res = _run(ws, "map", "games/base.json", "--pdf", "--hex-size", "1000000000in", "-o", "m.pdf")
    assert_one_line_error(res, "cannot be drawn", "smaller scale")
    assert not (ws / "m.pdf").exists()
    # the same print under a raised limit would be planned; an ordinary one is untouched by the limit
    res = _run(ws, "--limit", "print_pages=4", "map", "games/base.json", "--pdf", "--hex-size", "16mm", "-o", "m.pdf")
    assert res.returncode == 0, res.stderr


def test_ten_thousand_square_hex_map_is_refused_quickly(ws: Path) -> None:
    _edit(ws, "maps/base.json", lambda d: d["maps"][0]["grid"].update(columns=10_000, rows=10_000))
    res = _run(ws, "map", "games/base.json", "-o", "m.png")
    assert_one_line_error(res, "map 'm'", "map_hexes")
    assert res.peak_rss_bytes < 300 << 20
    _validate_issue(ws, "/maps/0/grid", "map_hexes")


# --- artwork --------------------------------------------------------------------------------------------------------

def test_a_1x60000_png_renders_in_bounded_memory(ws: Path) -> None:
    png(ws / "counters" / "strip.png", 1, 60_000)
    _edit(ws, "counters/base.json", lambda c: c["counters"][0].update(image="strip.png"))
    res = _run(ws, "counters", "games/base.json", "-o", "out", "--unit", "r.inf")
    assert res.returncode == 0, res.stderr
    assert (ws / "out" / "r.inf.front.png").is_file()
    assert res.peak_rss_bytes < 500 << 20


@pytest.mark.parametrize(("cmd", "check"), [("build", "--no-validate"), ("sheet", "--no-validate"),
                                            ("counters", "--validate")])
def test_a_decompression_bomb_png_is_refused_before_decoding(ws: Path, cmd: str, check: str) -> None:
    png(ws / "counters" / "bomb.png", 40_000, 40_000, bit_depth=1, color_type=0)  # 190 KB, 1.6 gigapixels
    _edit(ws, "counters/base.json", lambda c: c["counters"][0].update(image="bomb.png"))
    res = _run(ws, cmd, "games/base.json", "-o", {"build": "m.vmod", "sheet": "s.pdf"}.get(cmd, "out"), check)
    assert_one_line_error(res, "bomb.png", "image_mpx")
    if cmd == "build":
        _validate_issue(ws, "/counters/0/image", "image_mpx")


def test_artwork_that_is_not_an_image_a_fifo_or_over_the_pixel_limit(ws: Path) -> None:
    (ws / "counters" / "noise.png").write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(2000))
    os.mkfifo(ws / "counters" / "pipe.png")
    png(ws / "counters" / "wide.png", 3000, 2000)
    _edit(ws, "counters/base.json", lambda c: [c["counters"][0].update(image="noise.png"),
                                               c["counters"][1].update(image="pipe.png"),
                                               c["counters"][2].update(image="wide.png")])
    _validate_issue(ws, "/counters/0/image", "cannot read it as an image")
    _validate_issue(ws, "/counters/1/image", "FIFO")
    res = _run(ws, "--limit", "image_mpx=5", "validate", "games/base.json")
    assert "/counters/2/image" in res.stdout and "image_mpx" in res.stdout
    _edit(ws, "counters/base.json", lambda c: c["counters"][1].pop("image"))
    res = _run(ws, "sheet", "games/base.json", "-o", "s.pdf", "--no-validate")
    assert_one_line_error(res, "noise.png", "cannot read it as an image")
    _edit(ws, "counters/base.json", lambda c: [c["counters"][0].pop("image"),
                                               c["counters"][1].update(image="pipe.png")])
    res = _run(ws, "sheet", "games/base.json", "-o", "s.pdf", "--no-validate")
    assert_one_line_error(res, "pipe.png", "FIFO")


@pytest.mark.parametrize(("args", "option"), [
    (["map", "games/base.json", "-o", "m.pdf", "--pdf", "--dpi", "nan"], "--dpi"),  # was exit 70
    (["map", "games/base.json", "-o", "m.png", "--hex-px", "nan"], "--hex-px"),  # blamed the manifest's hex_px
    (["build", "games/base.json", "-o", "m.vmod", "--hex-px", "nan"], "--hex-px"),  # blamed the manifest's hex_px
    (["serve", "--game", "games/base.json", "--check-seconds", "nan"], "--check-seconds"),  # served, no check limit
    (["serve", "--game", "games/base.json", "--body-seconds", "nan"], "--body-seconds"),
], ids=["map-dpi", "map-hex-px", "build-hex-px", "serve-check-seconds", "serve-body-seconds"])
def test_nan_for_a_number_option_is_a_usage_error(ws: Path, args: list[str], option: str) -> None:
    res = _run(ws, *args)  # nan passes click's FloatRange: every comparison with nan is false
    assert res.returncode == 2 and f"Invalid value for '{option}'" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr and not list(ws.glob("m.*"))


@pytest.mark.parametrize(("key", "args"), [
    ("margin", ["sheet", "games/base.json", "-o", "m.pdf", "--no-validate", "-j", "1"]),
    ("counter_size", ["sheet", "games/base.json", "-o", "m.pdf", "--no-validate", "-j", "1"]),
    ("hex_size", ["map", "games/base.json", "-o", "m.pdf", "--no-validate"]),
    ("", ["sheet", "games/base.json", "-o", "m.pdf", "--no-validate", "-j", "1", "--size", "9" * 5000 + "in"]),
], ids=["print-margin", "print-counter-size", "print-hex-size", "option-size-5000-digits"])
def test_a_length_of_hundreds_of_digits_is_one_line(ws: Path, key: str, args: list[str]) -> None:
    if key:  # the schema's length pattern takes any number of digits: 10^400 inches overflowed a float
        _edit(ws, "games/base.json", lambda doc: doc.update(print={key: "9" * 400 + "in"}))
    line = assert_one_line_error(_run(ws, *args), "as a length (the number is too large)")  # was exit 70
    assert len(line) < 200 and not list(ws.glob("m.*"))


def test_a_chain_of_twenty_thousand_formations_validates(ws: Path) -> None:
    # each formation's chain of parents was walked whole, with a list: cubic, minutes for 20,000 (legal) formations
    chain = [{"id": f"f{i}", "name": "F", "side": "red", "parent": f"f{i - 1}" if i else "r1"} for i in range(20_000)]
    _edit(ws, "games/base.json", lambda doc: doc["formations"].extend(chain))
    res = _run(ws, "validate", "games/base.json")
    assert res.returncode == 0 and "valid" in res.stderr, res.stdout[-500:]
    # a cycle at the end of the chain is still found, once, from wherever the walk enters it
    _edit(ws, "games/base.json", lambda doc: doc["formations"][3].update(parent="f19999"))
    issue = _validate_issue(ws, "formation parents form a cycle: f0 -> f19999 -> f19998 -> ")
    assert issue.count(" -> ") == 20_000 and issue.endswith("f1 -> f0")
