"""End to end on the bundled Minsk '44 data: legal play is clean; three planted violations are all reported and
nothing else. The planted events carry a note starting with "PLANTED" (see tests/rules_fixtures/minsk_logs.py),
so the expected event indices come from the log, not from the checker."""

from __future__ import annotations

import json

import pytest

from modgen.cli import main
from modgen.logs import eventlog
from modgen.report.check import check_path, format_text
from tests.conftest import REPO
from tests.rules_fixtures import minsk_logs

LOGS = REPO / "logs" / "minsk44"
GAME = REPO / "games" / "minsk44.json"


@pytest.fixture(scope="module")
def game():
    from modgen.data.model import load_game

    return load_game(GAME)


def test_shipped_logs_are_what_the_generator_writes():
    legal, violations = minsk_logs.build()
    for name, events in (("legal.jsonl", legal), ("violations.jsonl", violations)):
        assert (LOGS / name).read_text(encoding="utf-8") == "".join(eventlog.iter_lines(events))


def test_legal_play_has_no_findings(game):
    report = check_path(LOGS / "legal.jsonl", game)
    assert report.findings == []
    assert report.scenario == "historical" and report.events > 200


def test_three_planted_violations_and_nothing_else(game):
    events = eventlog.read_events(LOGS / "violations.jsonl")
    planted = [e["i"] for e in events if e.get("note", "").startswith("PLANTED")]
    assert len(planted) == 3
    report = check_path(LOGS / "violations.jsonl", game)
    got = [(f.rule, f.severity, f.event_index) for f in report.findings]
    # the overstack is found when the movement phase ends, i.e. at the next phase event
    end_of_movement = next(e["i"] for e in events if e["i"] > planted[2] and e["type"] == "phase")
    assert got == [("EFB 6.2", "error", planted[0]), ("EFB 8.3", "error", planted[1]),
                   ("EFB 9.1", "error", end_of_movement)]
    mp = report.findings[1]
    assert mp.units == ["su.3gtc.20"] and mp.path[0] == "3405" and mp.path[-1] == "4505"
    assert "spent 13 MP of its 10 MP" in mp.message
    assert report.findings[2].hexes == ["3601"]
    text = format_text(report)
    assert "Turn 3, soviet movement" in text and "3 error(s)" in text


def test_cli_exit_codes_and_json(capsys, tmp_path):
    assert main(["check", str(LOGS / "legal.jsonl"), "--game", str(GAME)]) == 0
    capsys.readouterr()
    assert main(["check", str(LOGS / "violations.jsonl"), "--game", str(GAME), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "minsk44" and doc["events"] == 254
    assert [f["rule"] for f in doc["findings"]] == ["EFB 6.2", "EFB 8.3", "EFB 9.1"]
    assert set(doc["findings"][0]) == {"rule", "severity", "event_index", "event", "turn", "phase", "side", "units",
                                       "hexes", "path", "message", "number"}
    assert [f["number"] for f in doc["findings"]] == [1, 2, 3]


def test_cli_bad_inputs_give_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "move"}\n')
    assert main(["check", str(bad), "--game", str(GAME)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.jsonl:1" in err and "needs 'unit'" in err
    assert main(["check", str(tmp_path / "nope.jsonl"), "--game", str(GAME)]) == 1
    assert "file not found" in capsys.readouterr().err


def test_map_image(tmp_path, game):
    from PIL import Image

    out = tmp_path / "v.png"
    assert main(["check", str(LOGS / "violations.jsonl"), "--game", str(GAME), "--map-image", str(out)]) == 1
    img = Image.open(out).convert("RGB")
    from modgen.geometry.hexgrid import Grid

    grid = Grid.from_map(game.map("main"))
    # finding 3 (the overstack in 3601) has its magenta number badge on the hex centre
    x, y = grid.exact_center(*grid.position("3601"), 60)
    px = img.getpixel((int(x - 0.1 * 60), int(y)))
    assert px[0] > 180 and px[1] < 60 and px[2] > 130
