"""The real VASSAL engine writes a log of a modgen module; the reader/adapter must decode what it wrote.

tests/engine_logs/LogHarness.java loads the built Minsk '44 module in VASSAL (the engine .ci/vassal-engine.sh
installs), runs the historical setup, starts VASSAL's own logger, drops a unit on a neighbouring hex, flips it,
types a chat declaration, rolls the module's die, drops the unit again and undoes that drop; VASSAL's BasicLogger
writes the .vlog. Expected values: the scenario JSON (setup), VASSAL's own location names for the start and drop
points (printed by the harness), the unit's second face, the chat text, and VASSAL's own ``1d6_result`` property
for the die.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal import bands
from modgen.vassal.adapter import adapt
from modgen.vassal.reader import Recorder, read

REPO = Path(__file__).resolve().parent.parent
UNIT = "de.fp.garrison"

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def engine_log(tmp_path_factory, engine_classpath):
    from modgen.vassal.module import build_module

    tmp = tmp_path_factory.mktemp("engine_log")
    cp = engine_classpath
    sources = [str(p) for p in (REPO / "tests" / "engine" / "stubs").rglob("*.java")]
    sources.append(str(REPO / "tests" / "engine_logs" / "LogHarness.java"))
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(tmp), "-cp", cp, *sources], check=True)
    game = load_game(REPO / "games" / "minsk44.json")
    build_module(game, tmp / "minsk44.vmod")
    setup = next(e for e in game.scenarios["historical"]["setup"] if e["unit"] == UNIT)
    grid = Grid.from_map(game.map(game.scenarios["historical"].get("map")))
    dest, dest2 = [h for h in grid.neighbours(setup["hex"]) if h][:2]
    hex_px = (game.manifest.get("vassal") or {}).get("hex_px") or 100
    x, y = grid.center_px(dest, hex_px)
    x2, y2 = grid.center_px(dest2, hex_px)
    out = tmp / "engine.vlog"
    proc = subprocess.run(["xvfb-run", "-a", "java", "-cp", f"{tmp}:{cp}", "modgen.logs.LogHarness",
                           str(tmp / "minsk44.vmod"), "historical.vsav", UNIT, str(x), str(y),
                           "!phase movement german", str(x2), str(y2), str(out)],
                          capture_output=True, text=True, timeout=600)
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "fatal" not in report, report
    return game, setup, dest, report, out.read_bytes()


def test_engine_written_log_decodes(engine_log):
    game, setup, dest, report, data = engine_log
    # The 3.6.0 test engine may warn that the module was saved by a newer VASSAL, and SaveMetaData asks for a file
    # comment (the harness closes that dialog); nothing else is acceptable.
    assert [e for e in report["errors"] if "Version Mismatch" not in e and "File Comments" not in e] == []
    assert report["from_label"] == setup["hex"] and report["to_label"] == dest
    res = adapt(data, game, scenario="historical", name="engine.vlog")
    assert res.warnings == []
    setups = sorted((e["unit"], e.get("hex"), e.get("off_map"), e.get("face")) for e in res.events
                    if e["type"] == "setup")
    # a scheduled reinforcement the set-up puts in a generic off-map box waits in its arrival's box (docs/vassal.md
    # "Reinforcements waiting in the holding map"): the log's set-up names that box
    waits = dict(bands.waiting(game, game.scenarios["historical"]))
    want = sorted((e["unit"], e.get("hex"), waits.get(e["unit"], e.get("off_map")), e.get("face") or "front")
                  for e in game.scenarios["historical"]["setup"])
    assert any(e.get("off_map") and e["unit"] in waits for e in game.scenarios["historical"]["setup"])
    assert setups == want
    played = [{k: v for k, v in e.items() if k not in ("i", "source")} for e in res.events
              if e.get("source", {}).get("step")]
    second_face = list(game.unit(UNIT)["faces"])[1]
    rec = Recorder()
    read(data, rec)
    vassal_result = [e["new"] for e in rec.events if e["event"] == "property" and e["name"] == "1d6_result"]
    assert len(vassal_result) == 1
    # the second drop and its undo are gone (VASSAL 3.6 logs the undo as bare inverse commands)
    assert played == [
        {"type": "move", "unit": UNIT, "from": report["from_label"], "to": report["to_label"], "side": "german"},
        {"type": "flip", "unit": UNIT, "face": second_face},
        {"type": "phase", "phase": "movement", "side": "german"},
        {"type": "roll", "dice": [int(vassal_result[0])]},
    ]
