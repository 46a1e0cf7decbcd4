"""A game of Minsk '44 played in the real VASSAL engine as a player plays it, then checked (issue 14 acceptance).

tests/engine_play/PlayHarness.java loads the built module in VASSAL 3.6.0 (installed by .ci/vassal-engine.sh), runs
the historical setup, starts VASSAL's own logger and performs a script (tests/engine_play/minsk44.py): turn-tracker
Next presses through turn 1 into turn 2, drags (reinforcements from the holding map, a move in three drops),
chat declarations and the module's die, each through the engine's own code (TurnTracker, PieceMover.performDrop,
Chatter, DiceButton). The engine writes the .vlog; ``modgen check`` must find nothing in the legal script and exactly
the planted errors in the violation script. Expected values: VASSAL's own turn strings and drop locations, the
scripts' planted list.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.report.check import check_path
from modgen.vassal import tracker
from modgen.vassal.adapter import adapt

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "engine_play"))
import minsk44 as script  # noqa: E402  (the shipped script, beside the harness)

pytestmark = [pytest.mark.engine, pytest.mark.slow]


@pytest.fixture(scope="module")
def played(tmp_path_factory, engine_classpath):
    from modgen.vassal.module import build_module

    tmp = tmp_path_factory.mktemp("engine_play")
    cp = engine_classpath
    sources = [str(p) for p in (REPO / "tests" / "engine" / "stubs").rglob("*.java")]
    sources.append(str(REPO / "tests" / "engine_play" / "PlayHarness.java"))
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(tmp), "-cp", cp, *sources], check=True)
    game = load_game(REPO / "games" / "minsk44.json")
    build_module(game, tmp / "minsk44.vmod")
    grid = Grid.from_map(game.map("main"))
    px = (game.manifest.get("vassal") or {}).get("hex_px") or 100
    out = {}
    for name, actions in (("legal", script.LEGAL), ("violations", script.VIOLATIONS)):
        lines = []
        for a in actions:
            if a[0] == "drag":
                x, y = grid.center_px(a[2], px)
                lines.append(f"drag\t{a[1]}\tmain\t{x}\t{y}")
            else:
                lines.append("\t".join(a))
        (tmp / f"{name}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        proc = subprocess.run(["xvfb-run", "-a", "java", "-cp", f"{tmp}:{cp}", "modgen.play.PlayHarness",
                               str(tmp / "minsk44.vmod"), "historical.vsav", str(tmp / f"{name}.tsv"), "7",
                               str(tmp / f"{name}.vlog")], capture_output=True, text=True, timeout=600)
        report = json.loads(proc.stdout.strip().splitlines()[-1])
        assert "fatal" not in report, (report, proc.stderr[-3000:])
        # SaveMetaData asks for a file comment when the log is written (the harness closes it); nothing else
        assert [e for e in report["errors"] if "File Comments" not in e and "Version Mismatch" not in e] == []
        out[name] = (actions, report["results"], tmp / f"{name}.vlog")
    return game, out


def test_engine_did_what_the_script_says(played):
    game, out = played
    labels = [e.label for e in tracker.tracker_for(game).entries]
    actions, results, _ = out["legal"]
    turn, idx = 1, 0
    for a, said in zip(actions, results, strict=True):
        if a[0] == "next":
            idx += 1
            if idx == len(labels):
                turn, idx = turn + 1, 0
            assert said == f"Turn {turn} {labels[idx]}"  # VASSAL's own turn string: the tracker we built
        elif a[0] == "drag":
            assert said == a[2]  # VASSAL's location name of the drop point
    assert turn == 2  # at least one full turn stepped with Next


def test_legal_game_checks_clean(played):
    game, out = played
    report = check_path(out["legal"][2], game, "historical")
    assert [(f.rule, f.message) for f in report.findings] == []
    events = adapt(out["legal"][2], game, scenario="historical").events
    moves = [e for e in events if e["type"] == "move" and e["unit"] == "su.3gtc.18"]
    # three drops in turn 1 are one move; the turn-2 move is its own
    assert [(m["from"], m["to"], m.get("via")) for m in moves] == [("3201", "3206", ["3203", "3204"]),
                                                                   ("3206", "3209", None)]
    assert [e["phase"] for e in events if e["type"] == "phase"][:3] == ["events", "reinforcement", "movement"]
    assert any(e["type"] == "attack" for e in events) and sum(e["type"] == "roll" for e in events) == 2


def test_violations_give_exactly_the_planted_findings(played):
    game, out = played
    report = check_path(out["violations"][2], game, "historical")
    assert [(f.rule, f.severity, f.units[0] if f.units else None) for f in report.findings] == \
        [(rule, "error", unit) for rule, unit in script.PLANTED]
