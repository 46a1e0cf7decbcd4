"""Each bundled game played in the real VASSAL engine as a player plays it, then checked (issue 14 acceptance).

tests/engine_play/PlayHarness.java loads the built module in VASSAL 3.6.0 (installed by .ci/vassal-engine.sh), runs
the scenario's predefined setup, starts VASSAL's own logger and performs a script (tests/engine_play/<game>.py, run
by tests/engine_play/runner.py): turn-tracker Next presses through at least one full turn, drags (from the holding
map where the game has one), chat declarations and the module's dice buttons, each through the engine's own code
(TurnTracker, PieceMover.performDrop, Chatter, DiceButton). Both scripts of a game share one engine start. The engine
writes the .vlog; ``modgen check`` must find no error or warning in the legal script and exactly the planted
findings in the violation script. Expected values: VASSAL's own turn strings and drop locations, the scripts'
planted lists.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from modgen.report.check import check_path
from modgen.rules import engine
from modgen.vassal import tracker
from modgen.vassal.adapter import adapt

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "engine_play"))
import runner  # noqa: E402  (the shipped runner and scripts, beside the harness)

pytestmark = [pytest.mark.engine, pytest.mark.slow]


@pytest.fixture(scope="module")
def harness(tmp_path_factory, engine_classpath):
    classes = tmp_path_factory.mktemp("play_harness")
    runner.compile_harness(classes, engine_classpath)
    return classes


@pytest.fixture(scope="module", params=runner.GAMES)
def played(request, harness, tmp_path_factory, engine_classpath):
    game, runs, seconds = runner.play(request.param, tmp_path_factory.mktemp(request.param), harness,
                                      engine_classpath)
    print(f"\n{request.param}: both scripts played in the engine in {seconds:.1f} s")
    return runner.script(request.param), game, runs


def _errors_and_warnings(report):
    return [f for f in report.findings if f.severity in ("error", "warning")]


def test_engine_did_what_the_script_says(played):
    mod, game, runs = played
    trk = tracker.tracker_for(game, mod.SCENARIO)
    labels = [e.label for e in trk.entries]
    run = runs["legal"]
    titles = {b.id: b.title for b in runner.bands.holding_boxes(game)}
    turn, idx = 1, 0
    for a, said in zip(run.actions, run.results, strict=True):
        if a[0] == "next":
            idx += 1
            if idx == len(labels):
                turn, idx = turn + 1, 0
            assert said == trk.shown(turn, idx)  # VASSAL's own turn string: the tracker we built
        elif a[0] == "prev":
            idx -= 1
            if idx < 0:
                turn, idx = turn - 1, len(labels) - 1
            assert said == trk.shown(turn, idx)
        elif a[0] == "drag" and isinstance(a[2], str):
            assert said == a[2]  # VASSAL's location name of the drop point: the hex the script meant
        elif a[0] == "draw":
            assert said[1] == a[2]  # the card drawn from the cup (a Deck) lands in the hex the script meant
        elif a[0] == "drag" and a[2][0] == "box":
            assert said == titles[a[2][1]]  # VASSAL names the holding map's box by its title
    assert turn >= 2  # at least one full turn stepped with Next
    assert any(a[0] == "chat" and a[1].startswith("!") for a in run.actions)  # a chat declaration
    assert any(a[0] == "roll" for a in run.actions)  # a dice button
    sc = game.scenario(mod.SCENARIO)
    held = {e["unit"] for e in sc.get("setup") or [] if e.get("off_map")}
    held |= {u for u, _band in runner.bands.waiting(game, sc)}
    if held:  # a drag from the holding map where the scenario puts units there (every game has Eliminated boxes)
        assert any(a[0] == "drag" and a[1] in held for a in run.actions)


def test_legal_game_checks_clean(played):
    mod, game, runs = played
    report = check_path(runs["legal"].vlog, game, mod.SCENARIO)
    assert [(f.rule, f.message) for f in _errors_and_warnings(report)] == []


def test_violations_give_exactly_the_planted_findings(played):
    mod, game, runs = played
    report = check_path(runs["violations"].vlog, game, mod.SCENARIO)
    got = [(f.rule, f.severity, f.units[0] if f.units else None) for f in _errors_and_warnings(report)]
    assert got == [(p[0], p[2] if len(p) > 2 else "error", p[1]) for p in mod.PLANTED], \
        [f.message for f in report.findings]


def _events(mod, game, runs, name="legal"):
    return adapt(runs[name].vlog, game, scenario=mod.SCENARIO).events


def test_what_the_legal_game_logged(played):
    """Per game, the canonical events the engine's log gives for the script's notable actions."""
    mod, game, runs = played
    events = _events(mod, game, runs)
    phases = [(e["phase"], e.get("side")) for e in events if e["type"] == "phase"]
    if mod.GAME == "minsk44":
        moves = [e for e in events if e["type"] == "move" and e["unit"] == "su.3gtc.18"]
        # three drops in turn 1 are one move; the turn-2 move is its own
        assert [(m["from"], m["to"], m.get("via")) for m in moves] == [("3201", "3206", ["3203", "3204"]),
                                                                       ("3206", "3209", None)]
        assert [p for p, _ in phases][:3] == ["events", "reinforcement", "movement"]
        assert any(e["type"] == "attack" for e in events) and sum(e["type"] == "roll" for e in events) == 2
    elif mod.GAME == "guardstank":
        assert phases[:3] == [("events", None), ("reinforcement", "german"), ("movement", "german")]
        assert any(e["type"] == "reinforcement" and e["unit"] in mod.FROM_HOLDING for e in events)
    elif mod.GAME == "arnhem44":
        # the parachute drops land in the Allied airborne assault phase: TiS [3.3], no "lands in the air phase"
        drops = [(i, e) for i, e in enumerate(events) if e["type"] == "reinforcement" and e["unit"] in mod.DROPPED]
        assert len(drops) == len(mod.DROPPED)
        for i, _e in drops:
            last = [e for e in events[:i] if e["type"] == "phase"][-1]
            assert (last["phase"], last.get("side")) == ("airborne", "allies")
    elif mod.GAME == "stormsofsteel":
        assert [p for p, _ in phases][:4] == ["pre_round", "initiative", "actions", "round_end"]
        assert {"type": "marker", "unit": mod.HIT_ON, "marker": mod.HIT, "on": True}.items() <= \
            next(e for e in events if e["type"] == "marker").items()  # a hit counter is a marker on the unit
        assert any(e["type"] == "roll" and len(e["dice"]) == 2 for e in events)
        # the fire declared in chat, its 2d6 roll and the CAPs added to it (three presses of the German CAP track's
        # -1 button) come before the hit counter
        kinds = [e["type"] for e in events]
        fire = next(i for i, e in enumerate(events) if e["type"] == "attack")
        assert (events[fire]["attackers"], events[fire]["defenders"]) == (["de.pz3h"], [mod.HIT_ON])
        assert kinds[fire:fire + 6] == ["attack", "roll", "cap", "cap", "cap", "marker"]
        assert all({"side": "german", "cap": 1, "purpose": "roll"}.items() <= e.items()
                   for e in events[fire + 2:fire + 5])
        # the Soviet's Flip to the spent face marks the rifles spent
        assert any({"type": "flip", "unit": "su.rifle.2", "face": "spent"}.items() <= e.items() for e in events)
        presses = [r for a, r in zip(runs["legal"].actions, runs["legal"].results, strict=True) if a[0] == "button"
                   and "CAPs" in a[1]]
        assert presses == ["5", "4", "3"]  # VASSAL's own property value after each press (6 CAPs at the start)
        aps = [(e["side"], e["ap"]) for e in events if e["type"] == "ap"]  # the AP track (7 at the start, 20.0)
        assert aps == [("soviet", 6), ("german", 6), ("german", 5), ("german", 4), ("german", 3), ("german", 4),
                       ("german", 5), ("german", 6), ("german", 7), ("german", 6), ("german", 5), ("german", 4),
                       ("soviet", 7), ("soviet", 6), ("soviet", 5), ("soviet", 4), ("soviet", 3), ("soviet", 2)]
        # CoH 15.2: the gun's hit on the panzer draws a vehicle hit counter at random from the cup (the module's
        # "Vehicle hits" Deck) onto the panzer: read as that counter put on the panzer, right after the gun's roll
        drawn = next(r for a, r in zip(runs["legal"].actions, runs["legal"].results, strict=True) if a[0] == "draw")
        assert drawn[0].startswith("hit.vehicle.") and drawn[1] == "0404"
        gun = next(i for i, e in enumerate(events) if e["type"] == "attack" and e["attackers"] == ["su.57mm_at"])
        assert [e["type"] for e in events[gun:gun + 3]] == ["attack", "roll", "marker"]
        assert {"type": "marker", "unit": "de.pz3h", "marker": drawn[0], "on": True}.items() <= \
            events[gun + 2].items()
        # the checker takes the drawn counter for the gun's hit: the legal game checks clean, and without the draw
        # the same log is a hit without a hit counter (Fig 29)
        without = [e for i, e in enumerate(events) if i != gun + 2]
        assert [(f.rule, f.units) for f in _errors_and_warnings(engine.run(game, without, mod.SCENARIO))] == \
            [("CoH Fig 29", ["su.57mm_at", "de.pz3h"])]
    elif mod.GAME == "fow":
        # table moves in inches; the roll-off winner's declaration names the first player of every step
        moves = [(e["unit"], e["to_pos"]) for e in events if e["type"] == "move"]
        assert moves[:len(mod.MOVES)] == [(u, [float(x), float(y)]) for u, (x, y) in mod.MOVES]
        assert phases[:2] == [("starting", mod.FIRST), ("movement", mod.FIRST)]
