"""Turn levels from the scenarios, phases the scenario plays, and the phase chores as Global Key Commands
(issue #24; modgen.vassal.tracker, modgen.vassal.chores).

Expected values are written from the scenario files and the rulebooks (EFB 15.4, TiS [3.3], CoH Fig 30,
FoW p.51), not produced by the code under test.
"""

from __future__ import annotations

import copy
import zipfile
from pathlib import Path

import vassal_fixture as vf
from lxml import etree
from vassal_logs import log_text, save_text, vsav

from modgen.data.model import load_game
from modgen.vassal import module as vmod
from modgen.vassal import tracker
from modgen.vassal import traits as tr
from modgen.vassal.adapter import adapt

REPO = Path(vf.__file__).resolve().parent.parent
M = "VASSAL.build.module."


def _game(name: str):
    return load_game(REPO / "games" / f"{name}.json")


def _root(game, tmp_path: Path):
    out = tmp_path / "m.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    return etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))


def test_guards_tank_shares_one_tracker_with_the_long_scenarios_dates(tmp_path: Path) -> None:
    # GT 24.3/24.4: short 5-13 July (9 turns), long 5-17 July (13 turns); the short one is the long one's start
    game = _game("guardstank")
    (trk,) = tracker.trackers_for(game)
    assert set(trk.scenarios) == {"short", "long"}
    assert trk.turns[0] == "Turn 1 (5 Jul)" and trk.turns[-1] == "Turn 13 (17 Jul)" and len(trk.turns) == 13
    root = _root(game, tmp_path)
    (tt,) = root.findall(M + "turn.TurnTracker")
    turn = tt.find(M + "turn.ListTurnLevel")
    phase = turn.find(M + "turn.ListTurnLevel")
    # the Set Turn dialog labels its fields with the levels' names (it said "null:" without them)
    assert (turn.get("name"), turn.get("property"), phase.get("name"), phase.get("property")) == \
        ("Turn", "mg_turn", "Phase", "mg_phase")
    assert turn.get("list").split(",")[:2] == ["Turn 1 (5 Jul)", "Turn 2 (6 Jul)"]


def test_rounds_and_unlabelled_turns() -> None:
    assert tracker.turn_label(3, "Round 3") == "Round 3"  # CoH kolkhoz road labels its rounds itself
    assert tracker.turn_label(2, "28 Jun") == "Turn 2 (28 Jun)"
    assert tracker.turn_label(7, None) == "Turn 7"  # FoW free for all: 12 turns, no labels
    (trk,) = tracker.trackers_for(_game("fow"))
    assert trk.turns == tuple(f"Turn {n}" for n in range(1, 13))


def test_scenarios_that_differ_get_a_tracker_each_and_the_log_is_read_with_its_own() -> None:
    game = _game("guardstank")
    long_ = game.scenarios["long"]
    other = copy.deepcopy(long_)
    other.update(id="late", title="Late start")
    other["turns"] = {"count": 3, "labels": ["10 Jul", "11 Jul", "12 Jul"]}
    other["omit_phases"] = ["fpf"]
    game.scenarios["late"] = other
    trackers = tracker.trackers_for(game)
    assert [t.scenarios for t in trackers] == [("short", "long"), ("late",)]
    assert trackers[1].name == "Turn (Late start)" and trackers[1].turns[0] == "Turn 1 (10 Jul)"
    assert "German Final Protective Fire Phase" not in [e.label for e in trackers[1].entries]
    # index 3 of the late scenario's phase list: events, German reinforcement, German movement, German first wave
    steps = [["TURNTurnTracker1\t0|1;0;0;true;3\\;0\\;0\\;true"]]
    res = adapt(vsav(log_text(save_text([]), steps), module=game.id), game, scenario="late", name="t.vlog")
    assert [(e["type"], e.get("turn") or e.get("phase"), e.get("side")) for e in res.events
            if e["type"] in ("turn", "phase")] == [("turn", 2, None), ("phase", "combat1", "german")]


def test_logs_of_modules_with_a_counter_turn_level_still_decode() -> None:
    # before issue #24 the turn level was a CounterTurnLevel: current;sub;loop;loopLimit, the number itself
    assert tracker.turn_number("0|4;0;false;-1;2\\;0\\;0\\;true", 4) == 4
    assert tracker.turn_number("0|3;0;0;true,true;2\\;0\\;0\\;true", 3) == 4  # a list level: index 3 is turn 4


def test_arnhem_leaves_out_the_naval_phase_and_a_naval_game_keeps_it() -> None:
    # TiS [3.3] phase 4 is the naval assault / beach landing phase [18], [19]; Arnhem has neither
    game = _game("arnhem44")
    (trk,) = tracker.trackers_for(game)
    assert not any(e.phase == "naval" for e in trk.entries)
    assert len(trk.entries) == 1 + 2 * 7  # weather, then seven phases for each side
    naval = {"id": "nsu.1", "kind": "unit", "class": "naval", "side": "allies", "faces": {}}
    game.counters_doc["counters"].append(naval)
    (trk,) = tracker.trackers_for(game)
    assert sum(e.phase == "naval" for e in trk.entries) == 2


def _gkcs(root) -> dict[str, etree._Element]:
    # the phase chores (the turn record track's marker command is tests/test_turntrack.py's)
    return {g.get("name"): g for g in root.findall(M + "GlobalKeyCommand") if "mg_track" not in g.get("filter")}


def test_efb_recovery_chore_removes_the_selected_suppressed_markers(tmp_path: Path) -> None:
    # EFB 15.4: in command a unit recovers; out of command it rolls (1-3 stays suppressed): the player selects
    gkcs = _gkcs(_root(_game("minsk44"), tmp_path))
    (g,) = gkcs.values()
    assert g.get("hotkey") == tr.DELETE_KEY
    assert g.get("filter") == '{Selected==true && (mg_unit=="marker.suppressed")}'
    assert "EFB 15.4" in g.get("tooltip") and "Recovery Phase" in g.get("tooltip")


def test_coh_round_chore_turns_every_unit_fresh(tmp_path: Path) -> None:
    # CoH Fig 28: spent units are flipped; Fig 30: a new round begins with the pre-round sequence
    root = _root(_game("stormsofsteel"), tmp_path)
    (g,) = _gkcs(root).values()
    assert (g.get("name"), g.get("hotkey")) == ("Turn all units fresh", tr.FRONT_KEY)
    assert "Selected" not in g.get("filter")
    # every two-faced piece answers the reset key with its first face
    slot = next(s for s in root.iter("VASSAL.build.widget.PieceSlot") if "de.pz3h" in (s.text or ""))
    layer = next(t for t in tr.parse_definition(slot.text).traits() if t.kind == "emb2")
    assert layer.fields[10] == tr.FRONT_KEY and layer.fields[11] == "1"


def test_a_chore_on_counters_the_game_lacks_is_left_out(tmp_path: Path) -> None:
    # FoW p.51 smoke: the bundled counters have a Smoke marker; without it there is nothing to remove
    game = _game("fow")
    assert list(_gkcs(_root(game, tmp_path / "a"))) == ["Remove Smoke markers (selected)"]
    game.counters_doc["counters"] = [u for u in game.units if u["id"] != "marker.smoke"]
    assert _gkcs(_root(game, tmp_path / "b")) == {}


def test_no_per_system_dice_table_in_the_module_builder() -> None:
    # the dice buttons come from RuleSystem.dice; nothing in modgen/vassal/ names a system's dice
    src = "".join(p.read_text() for p in (REPO / "modgen" / "vassal").glob("*.py"))
    for word in ("DiceSpec(\"", "2d6", "1d10", '"1d6"'):
        assert word not in src, word
    assert "for d in self.game.rule_system().dice]" in (REPO / "modgen" / "vassal" / "module.py").read_text()
