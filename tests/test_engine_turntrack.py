"""Real-engine test of the turn record track and the phase chores (issue #24), through VASSAL 3.6's own API.

For every bundled game the harness (tests/engine/harness/ModgenHarness.java, ``turnTrack``/``chores``) reports:
the track maps with their zones, the TurnGlobalHotkeys, where the Turn marker stands after each predefined set-up,
after each Next through the first turn's phases into the second turn, and after one Previous; and what pressing
each phase chore's Global Key Command did to a selected and an unselected copy of a counter it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import bundled_games
from test_engine_vassal import run_engine

from modgen.data.model import load_game
from modgen.vassal import module as vmod
from modgen.vassal import tracker as tk

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def check_track(game, track: dict) -> None:
    """One track window per tracker with turns, a zone per turn named as the tracker names the turn; the marker on
    turn 1 after each set-up, still there while Next steps through turn 1's phases, in turn 2's box once Next
    starts turn 2, back on turn 1 after Previous."""
    trackers = [t for t in tk.trackers_for(game) if t.turns]
    assert [m["zones"] for m in track["maps"]] == [list(t.turns) for t in trackers]
    assert all(m["launch"] == "true" and m["button"].startswith("Turn record track") for m in track["maps"])
    assert len(track["hotkeys"]) == len(trackers)
    by_title = {s["name"]: s for s in track["setups"]}
    assert len(by_title) == len(game.scenarios)
    for sid, scen in game.scenarios.items():
        t = next(t for t in trackers if sid in t.scenarios)
        s = by_title[scen.get("title", sid)]
        assert s["error"] is None, s["error"]
        (start,) = s["start"]
        assert (start["name"], start["label"]) == ("Turn", t.turns[0]), (sid, start)
        steps = [[m["label"] for m in step] for step in s["steps"]]
        assert len(steps) == max(1, len(t.entries))
        assert steps[:-1] == [[t.turns[0]]] * (len(steps) - 1), (sid, steps)
        assert steps[-1] == [t.turns[1]], (sid, steps)
        assert [m["label"] for m in s["back"]] == [t.turns[0]]


def check_chores_pressed(game, chores: list[dict]) -> None:
    """Each declared chore, pressed once: a "(selected)" chore acts on the selected copy only (the filter's
    ``Selected==true`` works in the engine) and nothing else; another acts on both copies."""
    ids = {u["id"] for u in game.units}
    declared = [c for c in game.rule_system().chores(game) if not c.counters or set(c.counters) & ids]
    got = {c["name"]: c for c in chores}
    assert sorted(got) == sorted(c.name for c in declared)
    for c in declared:
        r = got[c.name]
        assert r.get("selected"), f"{c.name}: no counter of the game matched its filter"
        if c.action == "remove":
            done = [not r[k]["after"]["on_map"] for k in ("selected", "unselected")]
        else:  # "front": the copies were flipped to face 2 first
            assert r["selected"]["before"]["face"] == r["unselected"]["before"]["face"] == "2"
            done = [r[k]["after"]["face"] == "1" for k in ("selected", "unselected")]
        assert done == [True, not c.selected], (c.name, r)
        if c.selected:
            assert r["others_changed"] == 0, (c.name, r)
        assert c.name in (r["chat"] or ""), r["chat"]  # its report: "** <side>: <name> *"


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_engine_turn_track_and_chores(engine_classpath: str, tmp_path: Path, manifest: Path) -> None:
    game = load_game(manifest)
    out = tmp_path / f"{game.id}.vmod"
    vmod.build_module(game, out)
    result = run_engine(engine_classpath, out, [], tmp_path)
    assert "fatal" not in result, result.get("fatal")
    assert result["errors"] == [], result["errors"]
    check_track(game, result["track"])
    check_chores_pressed(game, result["track"]["chores"])
    for r in result["track"]["chores"]:  # shown with pytest -rP: what each chore did
        print(game.id, r["name"], r["unit"], "selected:", r["selected"], "unselected:", r["unselected"],
              "others changed:", r["others_changed"], "of", r["others"])
    print(game.id, "marker after Next:", [[m["label"] for m in st] for st in result["track"]["setups"][0]["steps"]])
