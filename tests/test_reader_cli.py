"""`modgen log` end to end: text, JSON Lines, --game canonical events, bad input without tracebacks."""

from __future__ import annotations

import json

import pytest
from test_adapter import play_log
from vassal_logs import tiny_game, vsav

from modgen.cli import main


@pytest.fixture()
def tiny_workspace(tmp_path):
    g = tiny_game()
    (tmp_path / "games").mkdir()
    (tmp_path / "counters").mkdir()
    (tmp_path / "maps").mkdir()
    manifest = {**g.manifest, "title": "Tiny", "files": {"counters": "../counters/tiny.json",
                                                          "maps": ["../maps/tiny.json"]}}
    (tmp_path / "games/tiny.json").write_text(json.dumps(manifest))
    (tmp_path / "counters/tiny.json").write_text(json.dumps(g.counters_doc))
    (tmp_path / "maps/tiny.json").write_text(json.dumps(g.maps_docs[0]))
    return tmp_path / "games/tiny.json"


@pytest.fixture()
def vlog(tmp_path):
    p = tmp_path / "game.vlog"
    p.write_bytes(vsav(play_log()))
    return p


def test_text_without_game(vlog, capsys):
    assert main(["log", str(vlog)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "    state: add de.a at main@194,350" in out
    assert "   step 3: move de.a main@194,350 -> main@281,300" in out
    assert any(line.endswith("dice 1d6 [1d6] = [5] by German") for line in out)


def test_json_lines_without_game(vlog, capsys):
    assert main(["log", str(vlog), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["event"] == "begin"
    moves = [e for e in lines if e["event"] == "move"]
    assert moves[0]["to"] == {"map": "main", "x": 281, "y": 300}


def test_canonical_with_game(vlog, tiny_workspace, capsys, tmp_path):
    out_file = tmp_path / "events.jsonl"
    assert main(["log", str(vlog), "--game", str(tiny_workspace), "--json", "-o", str(out_file)]) == 0
    cap = capsys.readouterr()
    events = [json.loads(x) for x in cap.out.splitlines()]
    assert events[0] == {"type": "scenario_start", "game": "tiny", "i": 0}
    assert {"type": "move", "unit": "de.a", "from": "0203", "to": "0303", "mode": "road", "side": "german",
            "i": 4} in events
    assert "warning:" in cap.err and "column 14" in cap.err
    from modgen.logs.eventlog import read_events
    assert [e["type"] for e in read_events(out_file)] == [e["type"] for e in events]


def test_raw_with_game_has_hexes(vlog, tiny_workspace, capsys):
    assert main(["log", str(vlog), "--game", str(tiny_workspace), "--raw"]) == 0
    assert "   step 3: move de.a 0203 -> 0303" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("content,msg", [
    (b"PK\x03\x04truncated", "not a readable zip"),
    (b"just text", "not a VASSAL saved game or log"),
    (b"!VCSK01zz", "byte 7: expected a hex digit"),
    (b"!VCSK014", "odd number of hex digits"),
    (b"begin_save\xff", "invalid UTF-8 at byte 10"),
])
def test_bad_input_one_line_error(tmp_path, capsys, content, msg):
    p = tmp_path / "bad.vsav"
    p.write_bytes(content)
    assert main(["log", str(p)]) == 1
    err = capsys.readouterr().err
    assert msg in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_missing_file(tmp_path, capsys):
    assert main(["log", str(tmp_path / "nope.vlog")]) == 1
    assert "nope.vlog: file not found" in capsys.readouterr().err


def test_module_file_is_not_a_log(tmp_path, capsys):
    import zipfile

    p = tmp_path / "game.vmod"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("buildFile.xml", "<x/>")
        z.writestr("moduledata", "<data/>")
    assert main(["log", str(p)]) == 1
    err = capsys.readouterr().err
    assert "no 'savedGame' entry (a module, not a saved game or log)" in err


def test_hostile_entry_name(tmp_path, capsys):
    import zipfile

    p = tmp_path / "evil.vsav"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("../../evil", "x")
        z.writestr("savedGame", "begin_save")
    assert main(["log", str(p)]) == 1
    assert "refusing entry '../../evil'" in capsys.readouterr().err
    assert sorted(x.name for x in tmp_path.iterdir()) == ["evil.vsav"]


def test_missing_game_manifest(vlog, tmp_path, capsys):
    assert main(["log", str(vlog), "--game", str(tmp_path / "nope.json")]) == 1
    assert "file not found" in capsys.readouterr().err


def test_raw_output_file(vlog, tmp_path, capsys):
    out = tmp_path / "raw.jsonl"
    assert main(["log", str(vlog), "-o", str(out)]) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert lines[0]["event"] == "begin" and any(e["event"] == "dice" for e in lines)
