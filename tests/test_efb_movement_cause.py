"""EFB 8.3 movement without a path (start and end only, as VASSAL logs give moves): when no legal path fits, the
finding names the constraint that binds (found by searching again with each one relaxed) and cites its rule.

Test world: tests/rules_fixtures/efb_world.py (flat hexes, no stagger: an odd column's hex c,r touches (c+1, r-1),
(c+1, r), (c-1, r), (c-1, r-1); an even column's touches (c+1, r), (c+1, r+1), (c-1, r+1), (c-1, r)). Columns 07-10
rows 01-06 are clear (1 MP a hex); g.inf1 has MA 3 and is in command of g.hq (radius 10) throughout.
"""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, log, mv

HQ = {"g.hq": "0105"}


def only(report):
    errs = [f for f in report.findings if f.severity == "error"]
    assert len(errs) == 1, [f.message for f in errs]
    return errs[0]


def test_zoc_stop_binds_cites_10_5_and_names_the_hex_and_unit():
    # 0802 -> 0805 is 3 hexes straight down column 08, the only 3-MP path. s.inf1 at 0904 (odd column) has a ZOC on
    # 0803 (its NW) and 0804 (its SW): the unit would enter the ZOC at 0803 and move on (EFB 10.5).
    f = only(check(log({**HQ, "g.inf1": "0802", "s.inf1": "0904"}, mv("g.inf1", "0802", "0805"))))
    assert f.rule == "EFB 10.5"
    assert "enemy ZOC at 0803" in f.message and "s.inf1" in f.message
    assert f.hexes == ["0802", "0803", "0805"] and "s.inf1" in f.units


def test_enemy_occupied_hex_binds_cites_9_6():
    # a suppressed enemy (no ZOC, 10.2) still holds 0804 on the only 3-MP path; the detour costs 4 (EFB 9.6)
    ev = log({**HQ, "g.inf1": "0802", "s.inf1": "0804"}, mv("g.inf1", "0802", "0805"),
             markers={"s.inf1": ["suppressed"]})
    f = only(check(ev))
    assert f.rule == "EFB 9.6"
    assert "0804, which holds enemy units (s.inf1 (Soviet Corps))" in f.message
    assert f.hexes == ["0802", "0804", "0805"]


def test_stacking_on_the_road_binds_cites_8_7():
    # 0101 -> 0107 is 2 MP by road (6 x 1/3) and 6 MP off it; three Germans already in 0104 (German limit 3, 8.7(2):
    # a unit using the road rate may not enter a hex where it would be overstacked)
    ev = log({**HQ, "g.inf1": "0101", "g.inf2": "0104", "g.inf3": "0104", "g.inf4": "0104"},
             mv("g.inf1", "0101", "0107"))
    f = only(check(ev))
    assert f.rule == "EFB 8.7"
    assert "enters 0104, where it would be overstacked" in f.message


def test_terrain_binds_cites_8_6_and_names_the_costly_hex():
    # g.arty (MA 2): 0806 -> 0807 clear 1 -> 0808 swamp 3 = 4 > 2; as clear hexes it would cost 2 (EFB 8.6)
    f = only(check(log({**HQ, "g.arty": "0806"}, mv("g.arty", "0806", "0808"))))
    assert f.rule == "EFB 8.6"
    assert "enters 0808 (swamp, 3 MP)" in f.message


def test_allowance_binds_cites_8_3():
    # 0302 -> 0702: four clear hexes, nothing else in the way: the allowance itself binds (EFB 8.3)
    f = only(check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0702"))))
    assert f.rule == "EFB 8.3"
    assert "cheapest legal path costs 4 MP" in f.message


def test_attack_findings_carry_attacker_and_defender_hexes():
    # g.inf1 at 0602 attacks s.inf1 at 0605, three hexes away: not adjacent (EFB 11.5); the finding shows both hexes
    ev = log({**HQ, "g.inf1": "0602", "s.inf1": "0605"},
             {"type": "attack", "attackers": ["g.inf1"], "defenders": ["s.inf1"], "table": "assault",
              "kind": "adjacent"}, phase="combat2")
    errs = [f for f in check(ev).findings if f.severity == "error" and f.event and f.event["type"] == "attack"]
    assert errs, "a non-adjacent attack is an error"
    assert [(f.rule, f.hexes) for f in errs] == [("EFB 11.5", ["0602", "0605"])]
