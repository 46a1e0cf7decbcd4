"""Core policy merge_drops (modgen.systems.core, modgen.vassal.drops): a unit dragged in several drops within one
phase is one move. Hex centres of the tiny map at hex_px 100: 0203 (194,350), 0303 (281,300), 0404 (367,450),
0403 (367,350), 0405 (367,550), 0505 (454,500); 0203-0303-0403 are neighbours in a row, 0505 is three hexes from
0303."""

from __future__ import annotations

import pytest
from test_adapter import strip, units_save
from vassal_logs import log_text, save_text, tiny_game, vsav

from modgen.systems.core import core_policy_values
from modgen.vassal.adapter import adapt
from modgen.vassal.drops import merge_drops

A_TO_0303 = "M/101/main/281/300/null/main/194/350/null/alice"
A_0303_TO_0403 = "M/101/main/367/350/null/main/281/300/null/alice"
A_0303_TO_0505 = "M/101/main/454/500/null/main/281/300/null/alice"
B_TO_0505 = "M/102/main/454/500/null/main/367/550/null/bob"


def moves(steps, **kw):
    game = tiny_game()
    return [e for e in strip(adapt(vsav(log_text(save_text(units_save()), steps)), game, **kw).events)
            if e["type"] == "move"]


def test_two_drops_to_neighbours_are_one_move_along_that_path():
    assert moves([[A_TO_0303], ["CHAT&lt;Alice&gt; - hm"], [A_0303_TO_0403]]) == [
        {"type": "move", "unit": "de.a", "from": "0203", "to": "0403", "path": ["0203", "0303", "0403"],
         "side": "german"}]


def test_drops_farther_apart_keep_the_drop_points_as_via():
    assert moves([[A_TO_0303], [A_0303_TO_0505]]) == [
        {"type": "move", "unit": "de.a", "from": "0203", "to": "0505", "via": ["0303"], "side": "german"}]


@pytest.mark.parametrize("between", [B_TO_0505, "CHAT&lt;Alice&gt; - !phase combat german",
                                     "CHAT&lt;Alice&gt; - !attack 0303 -&gt; 0405"])
def test_another_units_move_a_phase_or_an_attack_ends_the_move(between):
    got = [(e["unit"], e["from"], e["to"]) for e in moves([[A_TO_0303], [between], [A_0303_TO_0403]])]
    assert ("de.a", "0203", "0303") in got and ("de.a", "0303", "0403") in got


def test_policy_off_keeps_every_drop():
    assert len(moves([[A_TO_0303], [A_0303_TO_0403]], merge_drops=False)) == 2
    game = tiny_game()
    game.manifest["rules"] = {"policies": {"merge_drops": False}}
    res = adapt(vsav(log_text(save_text(units_save()), [[A_TO_0303], [A_0303_TO_0403]])), game)
    assert sum(e["type"] == "move" for e in res.events) == 2


def test_core_policy_values_default_and_bad_choice():
    assert core_policy_values(None) == {"merge_drops": True}
    assert core_policy_values({"rules": {"policies": {"merge_drops": "maybe"}}}) == {"merge_drops": True}
    assert core_policy_values({"rules": {"policies": {"merge_drops": False}}}) == {"merge_drops": False}


def test_merge_is_pure_and_needs_matching_ends():
    evs = [{"type": "move", "unit": "u", "from": "a", "to": "b"}, {"type": "move", "unit": "u", "from": "c", "to": "d"}]
    assert merge_drops(evs) == evs  # the second drop does not start where the first ended
    evs2 = [{"type": "move", "unit": "u", "from": "a", "to": "b"}, {"type": "roll", "dice": [3]},
            {"type": "move", "unit": "u", "from": "b", "to": "c"}]
    assert merge_drops(evs2) == [{"type": "move", "unit": "u", "from": "a", "to": "c", "via": ["b"]},
                                 {"type": "roll", "dice": [3]}]
    assert evs2[0]["to"] == "b"


def test_reading_warnings_are_grouped_after_the_findings():
    from modgen.report.check import format_text
    from modgen.report.grouping import group
    from modgen.rules.findings import Finding, Report

    warn = [f"g.vlog: step {n}, offset {10 * n}: move of unknown piece {n}" for n in (3, 4, 5)]
    warn.append("g.vlog: saved state, offset 0: chat declaration by 'Al': bad")
    assert [g.line() for g in group(warn)] == [
        "3 x move of unknown piece 3 (first: g.vlog: step 3, offset 30)",
        "g.vlog: saved state, offset 0: chat declaration by 'Al': bad"]
    findings = [Finding(rule="LOG", severity="warning", message=w) for w in warn]
    findings.append(Finding(rule="EFB 8.3", severity="error", message="too far", event_index=7, turn=1))
    text = format_text(Report(game="g", scenario=None, events=9, findings=findings))
    lines = text.splitlines()
    assert lines[0] == "g: 9 events, 1 error(s), 4 warning(s), 0 could not check"
    assert "too far" in lines[3] and lines[5] == "Reading the log: 4 warning(s) of 2 kind(s)"
    assert len(lines) == 8 and "3 x move of unknown piece" in lines[6]


def test_null_sub_commands_of_a_drag_are_silent():
    """PieceMover writes NullCommand sub-commands as the text "null" (GameModule.encode): no warning for them."""
    steps = [[A_TO_0303, "null", "null"], [A_0303_TO_0403, "null"]]
    res = adapt(vsav(log_text(save_text(units_save()), steps)), tiny_game())
    assert res.warnings == []
