"""Rules exam for East Front Battles (movement, stacking, command and combat), written from the Minsk '44 rulebook
(seeds/001, MK numbering): each case a breaking log (the finding and its rule number) and a legal log, on the
test world (tests/rules_fixtures/efb_world.py; its TEC and CRTs are written for the tests)."""

from __future__ import annotations

from tests.rules_fixtures.efb_exam import HQ, atk, combat, loss, phase, res, retreat, roll, rules
from tests.rules_fixtures.efb_world import check, log, make_game, mv


# ---- movement
def test_8_12_two_halvings_leave_a_quarter():
    """MK 8.12: OOC (7.7) and disengaging (10.10) together reduce g.tank's MA 6 to 25% = 1 1/2: two clear hexes
    (2 MP) break 8.3, one hex (1 MP) is legal."""
    # g.tank at 0305 in s.inf1's ZOC (0405); no German HQ on the map: OOC
    setup = {"s.hq": "1010", "g.tank": "0305", "s.inf1": "0405"}
    bad = check(log(setup, mv("g.tank", "0305", "0205", "0105", mode="normal")))
    assert rules(bad) == ["EFB 8.3"]
    ok = check(log(setup, mv("g.tank", "0305", "0205", mode="normal")))
    assert rules(ok) == []


def test_8_12_never_below_one():
    """MK 8.12: halved movement is never less than 1 MP: g.inf1 (MA 3) OOC and disengaging has 1 MP (not 3/4), so one
    clear hex at its full 1 MP cost is legal even under the round-down policy; two hexes are not."""
    setup = {"s.hq": "1010", "g.inf1": "0305", "s.inf1": "0405"}
    for pol in ({}, {"halving_rounding": "down"}):
        game = make_game(policies=pol)
        assert rules(check(log(setup, mv("g.inf1", "0305", "0205", mode="normal")), game)) == []
        assert rules(check(log(setup, mv("g.inf1", "0305", "0205", "0105", mode="normal")), game)) == ["EFB 8.3"]


def test_10_10_disengaging_unit_may_not_enter_a_later_ezoc():
    """MK 10.10(3): a disengaging unit may not enter another EZOC in the same movement phase, even after leaving the
    first one through free hexes."""
    # g.tank 0305 in s.inf1's ZOC (0405), MA 6 -> 3 disengaging; 0106 is in s.inf2's ZOC (0107)
    setup = {**HQ, "g.tank": "0305", "s.inf1": "0405", "s.inf2": "0107"}
    bad = check(log(setup, mv("g.tank", "0305", "0205", "0105", "0106", mode="normal")))
    assert rules(bad) == ["EFB 10.10"]
    ok = check(log(setup, mv("g.tank", "0305", "0205", "0105", mode="normal")))
    assert rules(ok) == []


def test_8_4_minimum_move_into_an_ezoc_and_not_ezoc_to_ezoc():
    """MK 8.4: a unit may always move one hex spending all its MF (g.arty MA 2 into swamp 0808, 3 MP, which is in
    s.inf1's ZOC from 0809) but never directly from one EZOC to another (10.10(2)): not when g.arty starts in
    s.inf2's ZOC (0806)."""
    ok = check(log({**HQ, "g.arty": "0807", "s.inf1": "0809"}, mv("g.arty", "0807", "0808", mode="normal")))
    assert rules(ok) == []
    bad = check(log({**HQ, "g.arty": "0807", "s.inf1": "0809", "s.inf2": "0806"},
                    mv("g.arty", "0807", "0808", mode="normal")))
    assert rules(bad) == ["EFB 10.10"]


def test_8_7_road_movement_must_begin_on_a_road():
    """MK 8.7(1): a unit using road movement must begin in a road hex: g.inf1 from clear 0202 onto the road and
    along it at the road rate breaks 8.7."""
    bad = check(log({**HQ, "g.inf1": "0202"}, mv("g.inf1", "0202", "0102", "0103", "0104", "0105", mode="road")))
    assert rules(bad) == ["EFB 8.7"]
    ok = check(log({**HQ, "g.inf1": "0102"}, mv("g.inf1", "0102", "0103", "0104", "0105", "0106", mode="road")))
    assert rules(ok) == []


def test_8_10_bridge_costs_nothing_extra():
    """MK 8.10: crossing a river hexside by a bridge never costs extra MP: 0201->0202 (major river, bridged) then
    0203 and 0204 at 1 each = 3 MP = g.inf1's MA exactly; a fourth hex is one too many."""
    ok = check(log({**HQ, "g.inf1": "0201"}, mv("g.inf1", "0201", "0202", "0302", "0402", mode="normal")))
    assert rules(ok) == []
    bad = check(log({**HQ, "g.inf1": "0201"}, mv("g.inf1", "0201", "0202", "0302", "0402", "0502", mode="normal")))
    assert rules(bad) == ["EFB 8.3"]


def test_10_3_zoc_across_a_major_river_policy():
    """MK 10.3 (policy zoc_major_river): by default (GT 10.3) a ZOC crosses a major river, so g.inf1 entering 0505
    next to s.inf1 across the unbridged 0505/0605 river must stop there; with 'blocked' (MK as printed) or 'bridge'
    it may go on to 0405, which is out of s.inf1's ZOC."""
    setup = {**HQ, "g.inf1": "0404", "s.inf1": "0605"}
    path = mv("g.inf1", "0404", "0505", "0405", mode="normal")
    assert rules(check(log(setup, path))) == ["EFB 10.5"]
    for pol in ("blocked", "bridge"):
        assert rules(check(log(setup, path), make_game(policies={"zoc_major_river": pol}))) == []


# ---- stacking
def test_9_5_hq_and_supply_count_for_stacking():
    """MK 9.5: stacking applies to all ground units, HQ and supply included: g.hq, g.supply, g.inf1 and g.inf2 in one
    hex at the end of the movement phase are four German units (limit 3, 9.2)."""
    bad = check(log({"g.hq": "0505", "g.supply": "0505", "g.inf1": "0505", "g.inf2": "0504"},
                    mv("g.inf2", "0504", "0505"), phase("fpf", "soviet")))
    assert rules(bad) == ["EFB 9.1"]
    ok = check(log({"g.hq": "0505", "g.supply": "0505", "g.inf1": "0505", "g.inf2": "0504"},
                   phase("fpf", "soviet")))
    assert rules(ok) == []


# ---- command
def test_7_6_reinforcements_in_command_for_their_first_movement():
    """MK 7.6(1): reinforcements are in command when placed and for their first movement phase: s.inf3 (MA 3) placed
    on the east edge in turn 2 with no Soviet HQ in range moves 3 clear hexes."""
    ev = log({"g.hq": "0101", "s.hq": "0110"}, phase("reinforcement", "soviet"),
             {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"}, phase("movement", "soviet"),
             mv("s.inf3", "1005", "0905", "0805", "0705", mode="normal"), turn=2, phase="", side="soviet")
    assert rules(check(ev)) == []


def test_7_9_hq_always_in_command():
    """MK 7.9: HQ units are always in command: g.hq (MA 4) far from any other HQ moves its full 4."""
    ok = check(log({"g.hq": "0906", "s.hq": "1010"}, mv("g.hq", "0906", "0905", "0904", "0903", "0902")))
    assert rules(ok) == []
    bad = check(log({"g.hq": "0906", "s.hq": "1010"}, mv("g.hq", "0906", "0905", "0904", "0903", "0902", "0901")))
    assert rules(bad) == ["EFB 8.3"]
    assert rules(ok) == []


# ---- combat
def test_11_15_best_terrain_of_several_defending_hexes():
    """MK 11.15: defenders in two hexes of different terrain: the whole attack takes the shift most favourable to
    the defender. g.inf1+g.inf2 (6) at 0403 vs s.inf1 (woods 0304, -1) + s.inf2 (clear 0404) (4) = +2 -> "+2,3",
    woods -1 -> "+1": die 1 gives A1 (BR without the shift)."""
    setup = {"g.inf1": "0403", "g.inf2": "0403", "s.inf1": "0304", "s.inf2": "0404"}
    a = atk(["g.inf1", "g.inf2"], ["s.inf1", "s.inf2"])
    ok = combat(setup, a, roll(1), res("A1"), retreat("g.inf1", "0403", "0402"), retreat("g.inf2", "0403", "0402"))
    assert rules(ok) == []
    bad = combat(setup, a, roll(1), res("BR"))
    assert rules(bad)[:1] == ["EFB 11.2"]


def test_11_16_hexside_shift_only_if_every_attacker_crosses_it():
    """MK 11.16: s.inf1 at 0505 behind the minor river 0504/0505 (-1) gets the hexside shift only if all attackers
    attack across it. g.inf1 (0504) + g.inf2 (0405, over land) = 6 vs 2 = +4 -> "+4,5" unshifted: die 2 -> EX (with
    a wrongly applied -1 it would be "+2,3" -> BR). g.inf1 alone across the river: 3 - 2 = +1, -1 -> "0": die 5 ->
    EX (unshifted "+1" would give D1)."""
    both = combat({"g.inf1": "0504", "g.inf2": "0405", "s.inf1": "0505"},
                  atk(["g.inf1", "g.inf2"], ["s.inf1"]), roll(2), res("EX"), loss("s.inf1"), loss("g.inf1"))
    assert rules(both) == []
    both_bad = combat({"g.inf1": "0504", "g.inf2": "0405", "s.inf1": "0505"},
                      atk(["g.inf1", "g.inf2"], ["s.inf1"]), roll(2), res("BR"))
    assert rules(both_bad)[:1] == ["EFB 11.2"]
    alone = combat({"g.inf1": "0504", "s.inf1": "0505"}, atk(["g.inf1"], ["s.inf1"]), roll(5), res("EX"),
                   loss("s.inf1"), loss("g.inf1"))
    assert rules(alone) == []


def test_16_2_bracketed_attacker_against_armour():
    """MK 16.2: a bracketed attack factor against a defender with an armoured unit shifts +1: g.tank [6] vs s.tank
    (3) = +3 "+2,3" -> "+4,5": die 2 gives EX (BR unshifted)."""
    setup = {"g.tank": "0602", "s.tank": "0603"}
    ok = combat(setup, atk(["g.tank"], ["s.tank"]), roll(2), res("EX"), loss("s.tank"), loss("g.tank"))
    assert rules(ok) == []
    bad = combat(setup, atk(["g.tank"], ["s.tank"]), roll(2), res("BR"))
    assert rules(bad)[:1] == ["EFB 11.2"]


def test_16_3_adjacent_at_unit_shifts_for_its_neighbours():
    """MK 16.3(2), 16.5, 15.3(7): a bracketed-defence unit adjacent to friendly defenders attacked by armour gives
    them -2 although it is not attacked; it must be effective (not suppressed) but need not be in command. g.tank (6)
    vs s.inf1 (2) at 0603 = +4 "+4,5"; s.at at 0604 -> "+2,3": die 5 gives D1 (D2 without the AT shift)."""
    setup = {"g.tank": "0602", "s.inf1": "0603", "s.at": "0604"}
    ok = combat(setup, atk(["g.tank"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0704"))
    assert rules(ok) == []
    bad = combat(setup, atk(["g.tank"], ["s.inf1"]), roll(5), res("D2"))
    assert rules(bad)[:1] == ["EFB 11.2"]
    # s.at out of command (no Soviet HQ): still gives the shift (16.5)
    ooc = check(log({"g.hq": "0101", **setup}, atk(["g.tank"], ["s.inf1"]), roll(5), res("D1"),
                    retreat("s.inf1", "0603", "0704"), phase="combat2"))
    assert rules(ooc) == []
    # s.at suppressed: no shift (15.3(7), 16.5) -> D2
    supp = combat(setup, atk(["g.tank"], ["s.inf1"]), roll(5), res("D2"),
                  retreat("s.inf1", "0603", "0704", "0705"), markers={"s.at": ["suppressed"]})
    assert rules(supp) == []


def test_15_3_suppressed_attacker_shifts_two_left():
    """MK 15.3(2), 11.14(2): a suppressed unit in the attacking force shifts two columns left. g.inf1 (suppressed)
    vs s.inf1 at 0603 in the first wave: +1 -> "-1-": die 5 gives BR (D1 unshifted)."""
    setup = {"g.inf1": "0602", "s.inf1": "0603"}
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("BR"), retreat("s.inf1", "0603", "0604"),
                retreat("g.inf1", "0602", "0601"), phase_="combat1", markers={"g.inf1": ["suppressed"]})
    assert rules(ok) == []
    bad = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0604"),
                 phase_="combat1", markers={"g.inf1": ["suppressed"]})
    assert rules(bad)[:1] == ["EFB 11.2"]
