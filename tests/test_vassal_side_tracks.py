"""A plugin's per-side tracks in the module and in a log (issue #17: CoH AP and CAP tracking).

The module: one numeric Global Property per side and track (``mg_cap_german`` …) with the scenario's starting CAPs
(CoH 21.3) and the 7-AP activation pool as start and maximum, and -1/+1/Set toolbar buttons (buildFile XML below).
The log: VASSAL 3.6 logs a press as ``MutableProperty\\t<name>\\t<old>\\t<new>\\tModule``
(``ChangePropertyCommandEncoder``); the adapter hands it to the plugin, which makes a lowered CAP count the same
``cap`` event a ``!cap N`` / ``!cap N roll`` chat line gives, less the track spaces destroyed units fill (Fig 28).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from lxml import etree

from modgen.data.model import load_game
from modgen.vassal import adapter as A
from modgen.vassal import module as vmod
from tests.coh_figlog import check, rules
from tests.vassal_logs import add, log_text, piece, save_text, stack, vsav

REPO = Path(__file__).resolve().parents[1]
GP = "VASSAL.build.module.properties."


def game() -> Any:
    return load_game(REPO / "games" / "stormsofsteel.json")


def test_buildfile_has_one_property_per_side_and_track(tmp_path: Path) -> None:
    out = tmp_path / "sos.vmod"
    vmod.build_module(game(), out)
    root = etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))
    props = root.find(GP + "GlobalProperties")
    got = {p.get("name"): p for p in props.findall(GP + "GlobalProperty")}
    # kolkhoz_road.json victory.starting_cap: german 6, soviet 5 (21.3); games/stormsofsteel.json activation_ap 7
    assert {n: (p.get("initialValue"), p.get("min"), p.get("max")) for n, p in got.items()} == {
        "mg_cap_german": ("6", "0", "6"), "mg_ap_german": ("7", "0", "7"),
        "mg_cap_soviet": ("5", "0", "5"), "mg_ap_soviet": ("7", "0", "7")}
    cap = got["mg_cap_german"]
    assert (cap.get("isNumeric"), cap.get("wrap"), cap.get("description")) == ("true", "false", "German CAPs")
    buttons = cap.findall(GP + "ChangePropertyButton")
    assert [(b.get("text"), b.get("propChanger")) for b in buttons] == [
        ("German CAPs -1", "I,-1"), ("German CAPs +1", "I,1"), ("Set German CAPs", "R,German CAPs:")]
    assert all("$oldValue$" in b.get("reportFormat") and "$newValue$" in b.get("reportFormat") for b in buttons)
    assert buttons[0].get("tooltip") == "German CAPs (CoH 21.3)"


def test_game_without_tracks_gets_an_empty_container(tmp_path: Path) -> None:
    out = tmp_path / "minsk.vmod"
    vmod.build_module(load_game(REPO / "games" / "minsk44.json"), out)
    root = etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))
    assert len(root.find(GP + "GlobalProperties")) == 0


def prop(name: str, old: int, new: int) -> str:
    return f"MutableProperty\t{name}\t{old}\t{new}\tModule"


def adapt(steps: list[list[str]]) -> list[dict[str, Any]]:
    """The canonical events of a log of the Kolkhoz Road module with two rifles on the board, the CAP properties
    restored by the saved state as VASSAL's save does, then *steps*."""
    de = piece("101", "Rifles", "board", 150, 150, unit="de.rifle.2", game="stormsofsteel")
    su = piece("102", "Rifles", "board", 400, 300, unit="su.rifle.2", game="stormsofsteel", side="soviet")
    save = save_text([add("101", *de), stack("S1", "board", 150, 150, "101"),
                      add("102", *su), stack("S2", "board", 400, 300, "102")],
                     [prop("mg_cap_german", 6, 6), prop("mg_cap_soviet", 5, 5)])
    data = vsav(log_text(save, steps), module="Conflict of Heroes")
    res = A.adapt(io.BytesIO(data).getvalue(), game(), scenario="kolkhoz_road", name="t.vlog")
    return [{k: v for k, v in e.items() if k not in ("source", "i")} for e in res.events
            if e["type"] in ("cap", "loss", "roll", "ap")]


def test_a_lowered_cap_count_is_a_cap_spend_towards_the_action() -> None:
    assert adapt([[prop("mg_cap_german", 6, 5)], [prop("mg_cap_german", 5, 3)]]) == [
        {"type": "cap", "side": "german", "cap": 1, "purpose": "action"},
        {"type": "cap", "side": "german", "cap": 2, "purpose": "action"}]


def test_lowered_right_after_a_roll_it_is_on_the_roll_like_cap_n_roll() -> None:
    evs = adapt([["CHAT*** German rolled 2d6 [2d6]: 3,4 ***"], [prop("mg_cap_german", 6, 5)],
                 ["CHAT<Alice> - !activate 0101"], [prop("mg_cap_german", 5, 4)]])
    assert [e for e in evs if e["type"] == "cap"] == [
        {"type": "cap", "side": "german", "cap": 1, "purpose": "roll"},  # Fig 29: +1 to the roll just made
        {"type": "cap", "side": "german", "cap": 1, "purpose": "action"}]


def test_pressed_three_times_after_a_roll_three_caps_on_the_roll() -> None:
    """Fig 29: each CAP is +1 to the roll; a player lowering the track once per CAP right after the roll puts all of
    them on it, and an action after them ends the roll."""
    g = "mg_cap_german"
    evs = adapt([["CHAT*** German rolled 2d6 [2d6]: 3,3 ***"], [prop(g, 6, 5)], [prop(g, 5, 4)], [prop(g, 4, 3)],
                 ["CHAT<Alice> - !activate 0101"], [prop(g, 3, 2)]])
    assert [e for e in evs if e["type"] == "cap"] == [
        *[{"type": "cap", "side": "german", "cap": 1, "purpose": "roll"}] * 3,
        {"type": "cap", "side": "german", "cap": 1, "purpose": "action"}]


def test_a_destroyed_unit_filling_the_track_is_no_spend() -> None:
    """Fig 28: a destroyed unit goes on its owner's next lower open CAP track space: the count falls by one."""
    evs = adapt([["-/102"], [prop("mg_cap_soviet", 5, 4)], ["-/101"], [prop("mg_cap_german", 6, 3)]])
    assert evs == [{"type": "loss", "unit": "su.rifle.2", "eliminated": True},
                   {"type": "loss", "unit": "de.rifle.2", "eliminated": True},
                   {"type": "cap", "side": "german", "cap": 2, "purpose": "action"}]


def test_raising_a_cap_count_is_no_event() -> None:
    """The checker refills CAPs each round itself; a text in the number property says nothing."""
    assert adapt([[prop("mg_cap_german", 6, 5)], [prop("mg_cap_german", 5, 6)],
                  [prop("mg_cap_german", 6, 6)], ["MutableProperty\tmg_cap_german\t6\tsix\tModule"]]) == [
        {"type": "cap", "side": "german", "cap": 1, "purpose": "action"}]


def test_every_ap_track_change_is_an_ap_event_with_the_value_shown() -> None:
    """20.0: the pool is 7; the player lowers the track as he spends (Fig 27: "has 5APs left") and raises it back
    to 7 for the next activation: each press is an ``ap`` event with the value the track now shows."""
    assert adapt([[prop("mg_ap_soviet", 7, 5)], [prop("mg_ap_soviet", 5, 4)], [prop("mg_ap_soviet", 4, 7)],
                  [prop("mg_ap_german", 7, 7)], ["MutableProperty\tmg_ap_german\t7\tseven\tModule"]]) == [
        {"type": "ap", "side": "soviet", "ap": 5}, {"type": "ap", "side": "soviet", "ap": 4},
        {"type": "ap", "side": "soviet", "ap": 7}]


def test_checker_reads_the_ap_track_against_the_activation() -> None:
    """20.0 / 16.0: the German rifles activate (7AP) and move one open hex for 1AP; the track lowered to 6 checks
    clean, lowered to 5 (two presses) is a warning naming the unit, the track value and the 6 APs left."""
    act = {"type": "activate", "units": ["de.rifle.2"]}
    mv = {"type": "move", "unit": "de.rifle.2", "from": "0306", "to": "0206", "path": ["0306", "0206"]}
    end = {"type": "phase", "phase": "round_end", "side": None}
    passes = [{"type": "pass", "side": "soviet"}, {"type": "pass", "side": "german"}]
    ok = [e for e in adapt([[prop("mg_ap_german", 7, 6)]]) if e["type"] == "ap"]
    assert ok == [{"type": "ap", "side": "german", "ap": 6}]
    assert all_findings(act, mv, *ok, *passes, end) == []
    bad = [e for e in adapt([[prop("mg_ap_german", 7, 6)], [prop("mg_ap_german", 6, 5)]]) if e["type"] == "ap"]
    found = all_findings(act, mv, *bad, *passes, end)
    assert [(f.rule, f.severity) for f in found] == [("CoH 20.0", "warning")]
    assert "German AP track shows 5" in found[0].message and "at 0206 spent 1 of 7: 6 left" in found[0].message


def test_an_undone_press_leaves_no_event() -> None:
    assert adapt([[prop("mg_cap_german", 6, 5)],
                  ["UNDO\ttrue", prop("mg_cap_german", 5, 6), "UNDO\tfalse"]]) == []


def cap_log(*steps: list[str]) -> list[dict[str, Any]]:
    return [e for e in adapt(list(steps)) if e["type"] == "cap"]


def test_checker_reads_the_track_a_spend_beyond_the_available_caps() -> None:
    """21.3 / Fig 28: the German player starts with 6 CAPs; a destroyed unit fills one space, leaving 5. Lowering
    the track only for spends (never for the loss) lets 6 be spent: the checker names the overspend."""
    loss = {"type": "loss", "unit": "de.rifle.2", "eliminated": True}
    vp = {"type": "vp", "side": "soviet", "points": 1}  # Fig 28: the destroyer's VP, owed for the loss
    over = cap_log([prop("mg_cap_german", 6, 4)], [prop("mg_cap_german", 4, 0)])
    assert rules(check(loss, vp, *over)) == ["CoH 21.3"]
    legal = cap_log(["-/101"], [prop("mg_cap_german", 6, 5)], [prop("mg_cap_german", 5, 0)])
    assert legal == [{"type": "cap", "side": "german", "cap": 5, "purpose": "action"}]
    assert check(loss, vp, *legal) == []


def all_findings(*events: dict[str, Any]) -> list[Any]:
    """Every finding (warnings too) of the Kolkhoz Road prelude plus *events*."""
    from modgen.rules import engine
    from tests.coh_figlog import prelude

    return list(engine.run(game(), [*prelude(), *events]).findings)
