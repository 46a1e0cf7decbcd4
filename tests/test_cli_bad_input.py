"""Bad input to the rendering and log commands is one `error: …` line naming the input, exit 1, no output file.

The review matrix of docs/design.md's rule "bad input is normal input": a missing manifest, malformed JSON, an
output whose folder is a file, and counter artwork that does not exist, for map, counters, sheet, build and log.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import vassal_fixture as vf

from modgen.cli import main
from modgen.cli.common import PROGRESS

# (command, output name, extra options); --no-validate: the tiny fixture game is not schema-complete
COMMANDS = [
    ("map", "out.png", []),
    ("counters", "pngs", ["--no-validate", "-j", "1"]),
    ("sheet", "out.pdf", ["--no-validate", "-j", "1"]),
    ("build", "out.vmod", ["--no-validate", "-j", "1"]),
]


def _one_error_line(capsys: pytest.CaptureFixture[str], *names: str) -> str:
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip() and not PROGRESS.match(ln)]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


@pytest.mark.parametrize(("cmd", "out", "extra"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_missing_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str], cmd: str, out: str,
                          extra: list[str]) -> None:
    assert main([cmd, str(tmp_path / "nope.json"), "-o", str(tmp_path / out), *extra]) == 1
    _one_error_line(capsys, "nope.json", "not found")
    assert not (tmp_path / out).exists()


@pytest.mark.parametrize(("cmd", "out", "extra"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_malformed_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], cmd: str, out: str,
                        extra: list[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": "x",\n  "title": }', encoding="utf-8")
    assert main([cmd, str(bad), "-o", str(tmp_path / out), *extra]) == 1
    _one_error_line(capsys, "bad.json:2:")  # file and line of the syntax error
    assert not (tmp_path / out).exists()


@pytest.mark.parametrize(("cmd", "out", "extra"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_output_folder_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], cmd: str, out: str,
                                 extra: list[str]) -> None:
    manifest = vf.write_workspace(tmp_path / "ws")
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the output folder should be")
    target = blocker / "sub" / out
    assert main([cmd, str(manifest), "-o", str(target), *extra]) == 1
    _one_error_line(capsys, "blocker")
    assert blocker.read_text() == "a file where the output folder should be"


@pytest.mark.parametrize(("cmd", "out", "extra"), COMMANDS[1:], ids=[c[0] for c in COMMANDS[1:]])
def test_missing_artwork(tmp_path: Path, capsys: pytest.CaptureFixture[str], cmd: str, out: str,
                         extra: list[str]) -> None:
    counters = json.loads(json.dumps(vf.COUNTERS))
    counters["counters"][2]["image"] = "art/no-such.png"
    manifest = vf.write_workspace(tmp_path / "ws", counters=counters)
    assert main([cmd, str(manifest), "-o", str(tmp_path / out), *extra]) == 1
    _one_error_line(capsys, "'b.inf'", "art/no-such.png", "not found")
    assert not (tmp_path / out).exists() or cmd == "counters"  # counters may have written the faces before it


def test_log_bad_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", str(tmp_path / "none.vsav")]) == 1
    _one_error_line(capsys, "none.vsav")
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"not a saved game\n")
    assert main(["log", str(junk)]) == 1
    _one_error_line(capsys, "junk.vsav", "not a VASSAL saved game or log")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["log", str(junk), "--game", str(bad)]) == 1
    _one_error_line(capsys, "bad.json")


@pytest.mark.parametrize(("args", "names"), [
    (["map", "-o", "out.png"], ["vassal.hex_px", "'big'"]),
    (["map", "-o", "out.pdf"], ["print.dpi", "'big'"]),
    (["sheet", "-o", "out.pdf", "--no-validate"], ["dpi big"]),
], ids=["map-png", "map-pdf", "sheet"])
def test_manifest_setting_of_the_wrong_type(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                            names: list[str]) -> None:
    # `modgen map` does not validate first, and `sheet --no-validate` skips it: a string where a number belongs must
    # still be a data error, not an internal one (exit 70)
    manifest = dict(vf.MANIFEST, vassal={"hex_px": "big"}, print={"dpi": "big"})
    path = vf.write_workspace(tmp_path / "ws", manifest=manifest)
    cmd, opt, out, *rest = args
    assert main([cmd, str(path), opt, str(tmp_path / out), *rest]) == 1
    _one_error_line(capsys, *names)
    assert not (tmp_path / out).exists()


@pytest.mark.parametrize(("cmd", "out", "extra"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_malformed_data_not_validated_reports_the_validation_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], cmd: str, out: str, extra: list[str]) -> None:
    # malformed data that trips the renderers (map never validates; the others run with --no-validate): the
    # command then reports what `modgen validate` says about the data, not an internal error (exit 70)
    bad = {"terrain": {"clear": "not an object"}} if cmd == "map" else {"sides": "not a list"}
    manifest = dict(vf.MANIFEST, **bad)
    path = vf.write_workspace(tmp_path / "ws", manifest=manifest)
    assert main([cmd, str(path), "-o", str(tmp_path / out), *extra]) == 1
    _one_error_line(capsys, "tiny.json", "/terrain/clear" if cmd == "map" else "/sides")


def test_log_with_malformed_game_reports_the_validation_error(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import zipfile

    from modgen.data.model import load_game
    from modgen.vassal.module import build_module

    manifest = vf.write_workspace(tmp_path / "ws")
    vmod = tmp_path / "tiny.vmod"
    build_module(load_game(manifest), vmod, **vf.STUBS)
    with zipfile.ZipFile(vmod) as z:
        save = tmp_path / "s1.vsav"
        save.write_bytes(z.read(next(n for n in z.namelist() if n.endswith(".vsav"))))
    # `modgen log` does not validate the game first; a hex scale that is not a number trips the position lookup
    vf.write_workspace(tmp_path / "ws", manifest=dict(vf.MANIFEST, vassal={"hex_px": "big"}))
    assert main(["log", str(save), "--game", str(manifest)]) == 1
    # the fixture game has other validation errors too; the first is reported, with a pointer to the rest
    _one_error_line(capsys, "tiny.json", "run `modgen validate")
