"""Findings a player can act on: an out-of-command finding names the nearest HQ that may command the unit and its
distance (7.1: "within the command radius of an HQ"; 7.7 OOC effects: MA halved, no ranged fire)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, log, mv


def errors(setup, *body, phase="movement", side="soviet"):
    return [f for f in check(log(setup, *body, phase=phase, side=side)).findings if f.severity == "error"]


def test_ooc_ranged_fire_names_hq_and_distance():
    # s.hq (radius 2) at 1010; s.arty at 0510 is 5 hexes away; g.inf1 at 0708 is within its range 3
    fs = errors({"g.hq": "0101", "s.hq": "1010", "s.arty": "0510", "g.inf1": "0708"},
                {"type": "attack", "attackers": ["s.arty"], "defenders": ["g.inf1"], "hex": "0708",
                 "table": "ranged", "kind": "bombardment"}, phase="combat1")
    ooc = [f for f in fs if f.rule == "EFB 7.7"]
    assert len(ooc) == 1
    assert "s.hq" in ooc[0].message and "at 1010, is 5 hexes away (command radius 2)" in ooc[0].message


def test_ooc_move_names_hq_and_distance():
    # s.inf1 (3 MF) at 0510, out of command: 1.5 MP; three clear hexes cost 3
    fs = errors({"g.hq": "0101", "s.hq": "1010", "s.inf1": "0510"}, mv("s.inf1", "0510", "0507"))
    assert [f.rule for f in fs] == ["EFB 8.3"]
    assert "out of command: the nearest HQ that may command it" in fs[0].message
    assert "5 hexes away" in fs[0].message


def test_in_command_move_is_legal():
    assert errors({"g.hq": "0101", "s.hq": "1010", "s.inf1": "1009"}, mv("s.inf1", "1009", "1006")) == []
