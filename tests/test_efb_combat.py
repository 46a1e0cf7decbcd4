"""EFB adjacent combat checks on the test world. The CRTs are written for the tests
(tests/rules_fixtures/efb_world.py ADJ_COLUMNS); every expected cell is worked out by hand in the comments.
Hexes used: column 06 is clear (0602-0603 adjacent vertically); 0303/0304 woods; 0707 town; 0708 city."""

from __future__ import annotations

from tests.rules_fixtures.efb_exam import HQ, atk, res, roll, rules
from tests.rules_fixtures.efb_world import check, log


def combat(setup, *body, **kw):
    return check(log({**HQ, **setup}, *body, phase="combat2", **kw))


def test_result_lookup_plain():
    # g.inf1 attack 3 vs s.inf1 defense 2: +1 column "+1" = A1 BR BR EX D1 D1; die 5 -> D1
    ok = combat({"g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"),
                {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]})
    assert rules(ok) == []
    bad = combat({"g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"]), roll(5), res("EX"),
                 {"type": "loss", "unit": "s.inf1", "eliminated": True},
                 {"type": "loss", "unit": "g.inf1", "eliminated": True})
    assert rules(bad) == ["EFB 11.2"]
    assert "gives D1, not EX" in bad.findings[0].message and "column +1, die 5" in bad.findings[0].message


def test_terrain_shift_woods():
    # s.inf1 in woods 0304 (shift -1): +1 moves to column "0" = A1 A1 BR BR EX D1; die 5 -> EX
    ok = combat({"g.inf1": "0303", "s.inf1": "0304"}, atk(["g.inf1"], ["s.inf1"]), roll(5), res("EX"),
                {"type": "loss", "unit": "s.inf1", "eliminated": True},
                {"type": "loss", "unit": "g.inf1", "eliminated": True})
    assert rules(ok) == []


def test_anti_tank_defence_shift():
    # g.tank (6, armoured) vs s.at (3, bracketed defence): +3 in "+2,3"; defender AT -2 -> "0"; die 6 -> D1
    ok = combat({"g.tank": "0602", "s.at": "0603"}, atk(["g.tank"], ["s.at"]), roll(6), res("D1"),
                {"type": "retreat", "unit": "s.at", "path": ["0603", "0604"]})
    assert rules(ok) == []
    bad = combat({"g.tank": "0602", "s.at": "0603"}, atk(["g.tank"], ["s.at"]), roll(6), res("D2"))
    assert "EFB 11.2" in rules(bad)
    assert "-2 anti-tank (16.3)" in bad.findings[0].message


def test_suppressed_defender_shift():
    # +1 with +2 for a suppressed defender -> "+4,5" = BR EX D1 D1 D2 DA; die 5 -> D2
    ok = combat({"g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D2"),
                {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604", "0605"]},
                markers={"s.inf1": ["suppressed"]})
    assert rules(ok) == []


def test_missing_crt_could_not_check_once():
    from tests.rules_fixtures.efb_world import TABLES, make_game

    tables = {k: v for k, v in TABLES.items() if k != "crt"}
    ev = log({**HQ, "g.inf1": "0602", "s.inf1": "0603", "g.inf2": "0802", "s.inf2": "0803"},
             atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"),
             {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]},
             atk(["g.inf2"], ["s.inf2"]), roll(5), res("D1"),
             {"type": "retreat", "unit": "s.inf2", "path": ["0803", "0804"]}, phase="combat2")
    r = check(ev, make_game(tables=tables))
    cnc = [f.message for f in r.findings if f.severity == "could-not-check"]
    assert cnc == ["could not check: the game data has no Assault CRT"]
    assert rules(r) == []


def test_once_per_phase_and_adjacency():
    r = combat({"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0601"},
               atk(["g.inf1"], ["s.inf1"]), atk(["g.inf1"], ["s.inf2"]))
    assert rules(r) == ["EFB 11.3"]
    r2 = combat({"g.inf1": "0602", "s.inf1": "0605"}, atk(["g.inf1"], ["s.inf1"]))
    assert rules(r2) == ["EFB 11.5"]


def test_all_units_in_a_hex_attacked_together():
    r = combat({"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0603"}, atk(["g.inf1"], ["s.inf1"]))
    # s.inf2 left out: 11.10 at the attack, and 14.1 (a second-wave attacker attacks every adjacent ZOC unit)
    assert rules(r) == ["EFB 11.10", "EFB 14.1"]
    ok = combat({"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0603"}, atk(["g.inf1"], ["s.inf1", "s.inf2"]))
    assert rules(ok) == []


def test_mobile_crt_choice():
    r = combat({"g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"], table="mobile"))
    assert rules(r) == ["EFB 11.11"]  # German infantry alone: no armoured or recon unit
    ok = combat({"g.tank": "0602", "s.inf1": "0603"}, atk(["g.tank"], ["s.inf1"], table="mobile"))
    assert rules(ok) == []
    city = combat({"g.tank": "0707", "s.inf1": "0708"}, atk(["g.tank"], ["s.inf1"], table="mobile"))
    assert rules(city) == ["EFB 11.11"]  # no Mobile CRT against a city hex


def test_stand_fast():
    # s.inf1 in town 0707 (shift -1). g.inf1 (3) vs 2 = +1 -> "0": A1 A1 BR BR EX D1; die 3 -> BR
    setup = {"g.inf1": "0706", "s.inf1": "0707"}
    bad = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(3), res("EX"),
                 {"type": "loss", "unit": "s.inf1", "eliminated": True},
                 {"type": "loss", "unit": "g.inf1", "eliminated": True})
    assert rules(bad) == ["EFB 13.1"]  # converted without declaring stand fast
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"], stand_fast=True), roll(3), res("EX"),
                {"type": "loss", "unit": "s.inf1", "eliminated": True},
                {"type": "loss", "unit": "g.inf1", "eliminated": True})
    assert rules(ok) == []
    clear = combat({"g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"], stand_fast=True))
    assert rules(clear) == ["EFB 13.1"]  # clear terrain, no river between: no stand fast


def test_first_wave_obligations():
    # g.inf1 at 0602 is in s.inf1's ZOC (0603) and nobody attacks: both sides of 10.6 are reported
    ev = log({**HQ, "g.inf1": "0602", "s.inf1": "0603"}, {"type": "phase", "phase": "combat2", "side": "german"},
             phase="combat1")
    r = check(ev)
    assert rules(r) == ["EFB 10.6", "EFB 10.6"]
    assert {tuple(f.units) for f in r.findings} == {("g.inf1",), ("s.inf1",)}
    ok = check(log({**HQ, "g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"]),
                   {"type": "phase", "phase": "combat2", "side": "german"}, phase="combat1"))
    assert rules(ok) == []


def test_second_wave_needs_command():
    r = check(log({"g.inf1": "0602", "s.inf1": "0603", "s.hq": "1010"}, atk(["g.inf1"], ["s.inf1"]),
                  phase="combat2"))
    assert rules(r) == ["EFB 14.1"]


def test_second_wave_attack_all_adjacent_zoc():
    r = combat({"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0601"}, atk(["g.inf1"], ["s.inf1"]),
               {"type": "phase", "phase": "recovery", "side": "german"})
    assert rules(r) == ["EFB 14.1"]
    assert "s.inf2" in r.findings[0].message


def test_untried_units_must_be_revealed_before_the_roll():
    faces = {"g.untried": "back"}
    bad = combat({"g.untried": "0602", "s.inf1": "0603"}, atk(["g.untried"], ["s.inf1"]), roll(1), faces=faces)
    assert rules(bad) == ["EFB 21.2"]
    # revealed with defense 0 -> must be eliminated at once (21.4)
    bad2 = combat({"g.untried": "0602", "s.inf1": "0603"}, atk(["g.untried"], ["s.inf1"]),
                  {"type": "reveal", "unit": "g.untried", "face": "front"},
                  {"type": "phase", "phase": "recovery", "side": "german"}, faces=faces)
    assert rules(bad2) == ["EFB 21.4"]
    ok = combat({"g.untried": "0602", "s.inf1": "0603"}, atk(["g.untried"], ["s.inf1"]),
                {"type": "reveal", "unit": "g.untried", "face": "front"},
                {"type": "loss", "unit": "g.untried", "eliminated": True, "reason": "reveal"},
                {"type": "phase", "phase": "recovery", "side": "german"}, faces=faces)
    assert rules(ok) == []


def test_entrenchment_shift():
    # +1 with entrenchment -2 -> "-1-" = A2 A1 A1 BR BR EX; die 6 -> EX
    # (the marker is placed at set-up, and removed once its hex is empty, 26.3)
    ev = log({**HQ, "g.inf1": "0602", "s.inf1": "0603"},
             atk(["g.inf1"], ["s.inf1"]), roll(6), res("EX"),
             {"type": "loss", "unit": "s.inf1"}, {"type": "loss", "unit": "g.inf1"},
             {"type": "marker", "hex": "0603", "marker": "entrenchment", "on": False}, phase="combat2")
    ev.insert(4, {"type": "marker", "hex": "0603", "marker": "entrenchment", "on": True})
    assert rules(check(ev)) == []


def test_log_for_another_game_is_a_warning():
    ev = log(HQ)
    ev[0]["game"] = "minsk44"
    r = check(ev)
    assert [(f.rule, f.severity) for f in r.findings] == [("LOG", "warning")]
