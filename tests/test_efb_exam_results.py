"""Rules exam for East Front Battles (combat results, retreats, advances and the rest), written from the Minsk '44
rulebook (seeds/001, MK numbering): each case a breaking log (the finding and its rule number) and a legal log,
on the test world (tests/rules_fixtures/efb_world.py; its TEC and CRTs are written for the tests)."""

from __future__ import annotations

from tests.rules_fixtures.efb_exam import HQ, advance, atk, combat, loss, phase, res, retreat, roll, rules
from tests.rules_fixtures.efb_world import check, log, make_game, mv


# ---- results
def test_13_1_br_gives_no_advance():
    """MK 13.1 BR: both retreat one hex, the defender first; there is no advance after combat. s.inf1 in clear vs
    g.inf1: "+1" die 2 -> BR."""
    setup = {"g.inf1": "0602", "s.inf1": "0603"}
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(2), res("BR"), retreat("s.inf1", "0603", "0604"),
                retreat("g.inf1", "0602", "0601"))
    assert rules(ok) == []
    bad = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(2), res("BR"), retreat("s.inf1", "0603", "0604"),
                 retreat("g.inf1", "0602", "0601"), advance("g.inf1", "0601", "0602", "0603"))
    assert rules(bad) == ["EFB 13.7"]


def test_13_1_ex_defender_never_advances():
    """MK 13.1 EX: the defender eliminates one unit, then the attacker one; defenders never advance even if they are
    the only survivors. g.inf1 (3) vs s.inf1+s.inf2 (4) = -1 "-1-": die 6 -> EX."""
    setup = {"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0603"}
    a = atk(["g.inf1"], ["s.inf1", "s.inf2"])
    ok = combat(setup, a, roll(6), res("EX"), loss("s.inf1"), loss("g.inf1"))
    assert rules(ok) == []
    bad = combat(setup, a, roll(6), res("EX"), loss("s.inf1"), loss("g.inf1"), advance("s.inf2", "0603", "0602"))
    assert rules(bad) and set(rules(bad)) <= {"EFB 13.1", "EFB 13.8"}


def test_13_5_retreat_into_vacant_hexes_where_possible():
    """MK 13.5: where possible, retreating units must retreat into and through vacant hexes. s.inf1 (D1 from 0603)
    into 0604 held by s.inf2 while 0704 is vacant and out of any EZOC breaks 13.5; into 0704 is legal."""
    setup = {"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0604"}
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0704"))
    assert rules(ok) == []
    bad = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0604"))
    assert rules(bad) == ["EFB 13.5"]


def test_13_9_advanced_units_may_not_attack_again():
    """MK 13.9: units that advanced after combat may neither attack nor be attacked again in that phase. g.inf1
    advances into 0603 after D1 and then attacks s.inf2 at 0604; g.inf2 (0605) attacking s.inf2 alone is legal
    ("+1", die 4 -> EX)."""
    setup = {"g.inf1": "0602", "g.inf2": "0605", "s.inf1": "0603", "s.inf2": "0604"}
    first = (atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0504"),
             advance("g.inf1", "0602", "0603"))
    bad = combat(setup, *first, atk(["g.inf1", "g.inf2"], ["s.inf2"]))
    assert "EFB 13.9" in rules(bad)
    ok = combat(setup, *first, atk(["g.inf2"], ["s.inf2"]), roll(4), res("EX"), loss("s.inf2"), loss("g.inf2"))
    assert rules(ok) == []


def test_13_6_zero_mf_unit_bombarded_is_suppressed_not_retreated():
    """MK 13.6: units with MF 0 are never retreated by bombardment results; they receive DS instead. s.arty (3) at
    0605 bombards g.garrison (defence 2) at 0602 (distance 3): +1 -> ranged "+1,2": die 6 -> D1, which becomes DS."""
    setup = {"s.hq": "0805", "s.arty": "0605", "g.garrison": "0602"}
    b = {"type": "attack", "attackers": ["s.arty"], "defenders": ["g.garrison"], "hex": "0602", "table": "ranged",
         "kind": "bombardment"}
    ok = combat(setup, b, roll(6), res("D1"), {"type": "marker", "unit": "g.garrison", "marker": "suppressed",
                                               "on": True}, phase_="combat1", side="soviet")
    assert rules(ok) == []
    bad = combat(setup, b, roll(6), res("D1"), retreat("g.garrison", "0602", "0601"), phase_="combat1",
                 side="soviet")
    assert "EFB 13.6" in rules(bad)
    msg = next(f.message for f in bad.findings if f.rule == "EFB 13.6")
    assert "suppressed instead" in msg and "eliminated" not in msg  # eliminated is for adjacent attacks only


def test_13_5_through_friends_when_no_vacant_route_and_stacks_retreat_together():
    """MK 13.5: "If no other route is available, retreating units may move through occupied friendly hexes": with
    0704 and 0504 held by Soviet units and 0503/0703 in g.inf1's ZOC, s.inf1 may retreat into 0604 (s.inf2; two
    Soviets is within the 1944 limit). Two defenders of one hex retreating together into the same vacant hex are
    not 'occupied' for each other (g.tank+g.inf1 9 vs 4 = +5 "+4,5", die 3 -> D1)."""
    setup = {"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0604", "s.tank": "0704", "s.at": "0504"}
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0604"))
    assert rules(ok) == []
    pair = combat({"g.inf1": "0602", "g.tank": "0602", "s.inf1": "0603", "s.inf2": "0603"},
                  atk(["g.inf1", "g.tank"], ["s.inf1", "s.inf2"]), roll(3), res("D1"),
                  retreat("s.inf1", "0603", "0704"), retreat("s.inf2", "0603", "0704"))
    assert rules(pair) == []


def test_13_5_no_retreat_into_prohibited_terrain():
    """MK 13.5: units may not retreat across prohibited hexsides or terrain (the TEC; lake 0909 is prohibited in the
    test TEC): g.inf1 at 0810 attacks s.inf1 at 0809 ("+1", die 5 -> D1); a retreat into the lake 0909 breaks 13.5,
    one into 0808 (swamp) is legal."""
    setup = {"g.hq": "0705", "g.inf1": "0810", "s.inf1": "0809"}
    bad = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0809", "0909"))
    assert rules(bad) == ["EFB 13.5"]
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0809", "0808"))
    assert rules(ok) == []


def test_13_1_da_one_loss_then_the_rest_retreat_two():
    """MK 13.1 DA: the defender eliminates one unit first, the others retreat two hexes. g.tank+g.inf1 (9) vs
    s.inf1+s.inf2 (4) = +5 "+4,5", die 6 -> DA."""
    setup = {"g.inf1": "0602", "g.tank": "0602", "s.inf1": "0603", "s.inf2": "0603"}
    a = atk(["g.inf1", "g.tank"], ["s.inf1", "s.inf2"])
    ok = combat(setup, a, roll(6), res("DA"), loss("s.inf1"), retreat("s.inf2", "0603", "0704", "0705"))
    assert rules(ok) == []
    bad = combat(setup, a, roll(6), res("DA"), retreat("s.inf1", "0603", "0704", "0705"),
                 retreat("s.inf2", "0603", "0704", "0705"))
    assert rules(bad) == ["EFB 13.1"]


def test_13_5_retreat_one_hex_further_to_avoid_overstacking():
    """MK 13.5: when the last hex of the retreat would be overstacked the unit retreats one more hex; it may never end
    overstacked. Every hex around 0603 is in g.inf1's ZOC or holds two Soviet units (the 1944 limit, 9.4): s.inf1's
    D1 retreat through 0604 to 0605 is legal, and g.inf1 may advance only into 0603 (13.8: the route ends before the
    first friendly-occupied hex)."""
    setup = {"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0604", "s.inf3": "0604", "s.tank": "0704",
             "s.arty": "0704", "s.at": "0504", "s.hq": "0504"}
    ok = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0604", "0605"),
                advance("g.inf1", "0602", "0603"), phase("recovery"))
    assert rules(ok) == []
    short = combat(setup, atk(["g.inf1"], ["s.inf1"]), roll(5), res("D1"), retreat("s.inf1", "0603", "0604"),
                   phase("recovery"))
    assert rules(short) and set(rules(short)) <= {"EFB 13.5", "EFB 9.1"}


def test_12_16_bombardment_takes_hex_terrain_not_hexsides():
    """MK 12.16-12.17: a bombarded unit gets its hex's terrain shift but no hexside shift, and no other shifts.
    g.arty (4) vs s.inf1 (2): +2 -> ranged "+1,2". In woods 0304 (-1) -> "0-": die 6 -> DS. Behind the minor river
    at 0505 (bombarded from 0502, across nothing that counts): no shift, die 6 -> D1."""
    woods = combat({"g.arty": "0301", "s.inf1": "0304"},
                   {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0304",
                    "table": "ranged", "kind": "bombardment"}, roll(6), res("DS"),
                   {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True}, phase_="combat1")
    assert rules(woods) == []
    river = combat({"g.arty": "0502", "s.inf1": "0505"},
                   {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0505",
                    "table": "ranged", "kind": "bombardment"}, roll(6), res("DS"),
                   {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True}, phase_="combat1")
    assert rules(river)[:1] == ["EFB 12.8"]


def test_12_3_range_counts_the_target_hex_not_the_firer():
    """MK 12.3: range includes the target hex but not the firer's: g.arty (range 4) at 0602 reaches 0606 (4 hexes)
    but not 0607."""
    def shot(target_hex):
        return combat({"g.arty": "0602", "s.inf1": target_hex},
                      {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": target_hex,
                       "table": "ranged", "kind": "bombardment"}, phase_="combat1")
    assert rules(shot("0606")) == []
    assert rules(shot("0607")) == ["EFB 12.3"]


def test_11_8_bombardment_frees_adjacent_units_only_if_they_attack_another():
    """MK 11.8, 10.6: bombarding an enemy frees the adjacent friendly units from attacking it only if they attack
    another adjacent enemy. g.inf1 (0602) is in the ZOC of s.inf1 (0603) and s.inf2 (0503); g.arty (0301) bombards
    s.inf1: g.inf1 attacking s.inf2 is legal, g.inf1 attacking nobody breaks 10.6."""
    setup = {"g.inf1": "0602", "g.arty": "0301", "s.inf1": "0603", "s.inf2": "0503"}
    bomb = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0603", "table": "ranged",
            "kind": "bombardment"}
    ok = combat(setup, bomb, roll(1), res("-"), atk(["g.inf1"], ["s.inf2"]), roll(4), res("EX"), loss("s.inf2"),
                loss("g.inf1"), phase("combat2"), phase_="combat1")
    assert rules(ok) == []
    bad = combat(setup, bomb, roll(1), res("-"), phase("combat2"), phase_="combat1")
    assert "EFB 10.6" in rules(bad)


def test_10_2_suppressed_enemy_need_not_be_attacked():
    """MK 10.2, 11.3 note: suppressed units exert no ZOC, so a phasing unit next to one need not attack in the first
    wave."""
    ok = combat({"g.inf1": "0602", "s.inf1": "0603"}, phase("combat2"), phase_="combat1",
                markers={"s.inf1": ["suppressed"]})
    assert rules(ok) == []


def test_7_6_command_is_fixed_at_the_start_of_the_movement_phase():
    """MK 7.6(2), 7.8: command is determined at the start of the movement phase, before any unit moves. s.inf1 is 2
    hexes from s.hq (radius 2) when the phase starts: it moves its full 3 MP even after s.hq moved away first.
    s.inf2, 3 hexes away at the start, is OOC (MA 1 1/2) even though s.hq moved next to it first."""
    ok = check(log({"g.hq": "0101", "s.hq": "0505", "s.inf1": "0705"},
                   mv("s.hq", "0505", "0504", "0503", "0502"), mv("s.inf1", "0705", "0706", "0707", "0708"),
                   side="soviet"))
    assert rules(ok) == []
    bad = check(log({"g.hq": "0101", "s.hq": "0505", "s.inf2": "0805"},
                    mv("s.hq", "0505", "0605", "0705"), mv("s.inf2", "0805", "0806", "0807"), side="soviet"))
    assert rules(bad) == ["EFB 8.3"]


def test_13_8_advance_may_not_overstack():
    """MK 13.8: advancing units may not violate the stacking limits at the end of their advance. Four German units
    (g.inf1-3 at 0602, g.inf4 at 0703) destroy s.inf1 at 0603 (12 vs 2 = +10 "+6+", die 6 -> DE); three may advance
    into 0603 (9.2: limit 3), four may not."""
    setup = {"g.inf1": "0602", "g.inf2": "0602", "g.inf3": "0602", "g.inf4": "0703", "s.inf1": "0603"}
    a = atk(["g.inf1", "g.inf2", "g.inf3", "g.inf4"], ["s.inf1"])
    three = [advance(u, "0602", "0603") for u in ("g.inf1", "g.inf2", "g.inf3")]
    ok = combat(setup, a, roll(6), res("DE"), loss("s.inf1"), *three, phase("recovery"))
    assert rules(ok) == []
    bad = combat(setup, a, roll(6), res("DE"), loss("s.inf1"), *three, advance("g.inf4", "0703", "0603"),
                 phase("recovery"))
    assert rules(bad) and set(rules(bad)) <= {"EFB 13.8", "EFB 9.1"}


def test_6_3_reinforcements_may_be_placed_in_an_ezoc_but_not_overstacked():
    """MK 6.3: reinforcements may be placed in enemy ZOCs, but must respect the stacking limits. s.inf3 arrives at
    1005 (east edge) next to g.inf1 at 0905: legal. Placed on s.inf1+s.inf2 at 1005 (1944 limit 2) it breaks the
    stacking rule."""
    ok = check(log({**HQ, "g.inf1": "0905"}, {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"},
                   phase("movement", "soviet"), phase="reinforcement", side="soviet", turn=2))
    assert rules(ok) == []
    bad = check(log({**HQ, "s.inf1": "1005", "s.inf2": "1005"},
                    {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"}, phase("movement", "soviet"),
                    phase="reinforcement", side="soviet", turn=2))
    assert rules(bad) and set(rules(bad)) <= {"EFB 6.3", "EFB 9.1"}


def test_12_14_fpf_not_by_artillery_adjacent_to_an_enemy():
    """MK 12.14(1): an artillery unit adjacent to an enemy unit may not fire FPF; 12.12: FPF may be fired into
    adjacent hexes otherwise. g.arty at 0603 fires FPF at s.inf1 (0605) next to g.inf1 (0604); with s.inf2 at 0703
    adjacent to g.arty it may not."""
    fpf = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0605", "table": "ranged",
           "kind": "fpf"}
    ok = check(log({**HQ, "g.arty": "0602", "g.inf1": "0604", "s.inf1": "0605"}, dict(fpf), phase="fpf",
                   side="soviet"))
    assert rules(ok) == []
    bad = check(log({**HQ, "g.arty": "0602", "g.inf1": "0604", "s.inf1": "0605", "s.inf2": "0703"}, dict(fpf),
                    phase="fpf", side="soviet"))
    assert rules(bad) == ["EFB 12.14"]


def test_12_10_close_support_needs_range_to_one_defending_hex():
    """MK 12.10: artillery supporting an attack on several hexes needs range to only one of them. g.arty (range 4)
    supports g.inf1+g.inf2 at 0302 against s.inf1 (0303) and s.inf2 (0202): from 0705 it is 4 hexes from 0303 and 5
    from 0202 (legal); from 0706 it is 5 and 6 (12.3). Only the declaration is logged and judged."""
    def support_from(h):
        setup = {"g.inf1": "0302", "g.inf2": "0302", "g.arty": h, "s.inf1": "0303", "s.inf2": "0202"}
        return combat(setup, atk(["g.inf1", "g.inf2"], ["s.inf1", "s.inf2"], support=["g.arty"]))
    assert rules(support_from("0705")) == []
    assert rules(support_from("0706")) == ["EFB 12.3"]


def test_22_2_assault_crossing_lets_the_attackers_advance_over_a_major_river():
    """MK 22.2(3) (GT 22.2 'Assault Crossing'): normally no advance across a minor or major river hexside, but if an
    engineer is part of the attack, any unit of that attack may. g.eng+g.tank (8) at 0505 vs s.inf1 (2) at 0605
    across the unbridged major river: +6 "+6+", river -2 -> "+2,3", die 4 -> D1. With the engineer g.tank may
    advance into 0605; without it (g.tank and g.inf1, 9 vs 2: +7 -> "+2,3" as well) it may not (13.7)."""
    with_eng = combat({"g.eng": "0505", "g.tank": "0505", "s.inf1": "0605"},
                      atk(["g.eng", "g.tank"], ["s.inf1"]), roll(4), res("D1"), retreat("s.inf1", "0605", "0705"),
                      advance("g.tank", "0505", "0605"))
    assert rules(with_eng) == []
    without = combat({"g.inf1": "0505", "g.tank": "0505", "s.inf1": "0605"},
                     atk(["g.inf1", "g.tank"], ["s.inf1"]), roll(4), res("D1"), retreat("s.inf1", "0605", "0705"),
                     advance("g.tank", "0505", "0605"))
    assert rules(without) == ["EFB 13.7"]


def test_22_2_assault_crossing_is_for_the_attacker_only():
    """MK 22.2(3): the engineer's assault crossing "applies only to an attacker, not to the defender". Soviet
    s.inf1+s.inf2 (4) at 0505 attack g.eng+g.inf1 (5) at 0504 across the minor river: -1 "-1-" (the river's -1
    stays in the leftmost column), die 2 -> A1. The defender g.inf1 may not advance across the minor river into 0505
    even though g.eng defended with it (policy advance_minor_river=engineer); under 'allowed' it may."""
    setup = {"s.hq": "0705", "s.inf1": "0505", "s.inf2": "0505", "g.eng": "0504", "g.inf1": "0504"}
    body = (atk(["s.inf1", "s.inf2"], ["g.eng", "g.inf1"]), roll(2), res("A1"), retreat("s.inf1", "0505", "0506"),
            retreat("s.inf2", "0505", "0506"), advance("g.inf1", "0504", "0505"))
    bad = check(log({**HQ, **setup}, *body, phase="combat1", side="soviet"))
    assert rules(bad) == ["EFB 22.2"]
    ok = check(log({**HQ, **setup}, *body, phase="combat1", side="soviet"),
               make_game(policies={"advance_minor_river": "allowed"}))
    assert rules(ok) == []


def test_7_7_out_of_command_unit_gives_no_offensive_at_shift():
    """MK 7.7(2), 16.2: an OOC unit supplies no offensive shifts, anti-tank included. g.tank [6] vs s.tank (3) = +3
    "+2,3": in command the AT +1 gives "+4,5" (die 3 -> D1); with no German HQ on the map (first wave: OOC units may
    attack there, 7.7(3)) it stays "+2,3" (die 3 -> EX)."""
    ooc = check(log({"s.hq": "1010", "g.tank": "0602", "s.tank": "0603"}, atk(["g.tank"], ["s.tank"]), roll(3),
                    res("EX"), loss("s.tank"), loss("g.tank"), phase="combat1"))
    assert rules(ooc) == []
    wrong = check(log({"s.hq": "1010", "g.tank": "0602", "s.tank": "0603"}, atk(["g.tank"], ["s.tank"]), roll(3),
                      res("D1"), retreat("s.tank", "0603", "0604"), phase="combat1"))
    assert rules(wrong) == ["EFB 11.2"]
    in_command = check(log({**HQ, "g.tank": "0602", "s.tank": "0603"}, atk(["g.tank"], ["s.tank"]), roll(3),
                           res("D1"), retreat("s.tank", "0603", "0604"), phase="combat1"))
    assert rules(in_command) == []


def test_22_2_engineer_shift_against_a_city_needs_an_effective_in_command_engineer():
    """MK 22.2(1), 7.7(2), 15.3(7): an engineer in an attack on a city hex shifts one column right, unless it is
    out of command or suppressed. g.eng+g.inf1 (5) at 0607 vs s.inf1 (2) in city 0708 (-2): +3 "+2,3" -> "0", +1
    engineer -> "+1": die 5 -> D1. OOC: "0", die 5 -> EX. Suppressed: no engineer shift and -2 for a suppressed
    attacker (15.3(2)) -> "-1-" (clamped), die 5 -> BR."""
    setup = {"g.eng": "0607", "g.inf1": "0607", "s.inf1": "0708"}
    a = atk(["g.eng", "g.inf1"], ["s.inf1"])
    ok = combat(setup, a, roll(5), res("D1"), retreat("s.inf1", "0708", "0709"))
    assert rules(ok) == []
    ooc = check(log({"s.hq": "1010", **setup}, a, roll(5), res("EX"), loss("s.inf1"), loss("g.inf1"),
                    phase="combat1"))
    assert rules(ooc) == []
    supp = check(log({**HQ, **setup}, a, roll(5), res("BR"), retreat("s.inf1", "0708", "0709"),
                     retreat("g.eng", "0607", "0606"), retreat("g.inf1", "0607", "0606"), phase="combat1",
                     markers={"g.eng": ["suppressed"]}))
    assert rules(supp) == []


def test_13_1_stand_firm_behind_a_river_only_if_every_attacker_crosses_it():
    """MK 13.1 BR conversion: the defender may declare Stand firm 'if all adjacent attacking units are across minor
    and/or major river hexsides'. s.inf1 at 0505 (clear) attacked by g.inf1 from 0504 across the minor river: +1,
    river -1 -> "0", die 3 -> BR, converted to EX. With g.inf2 also attacking over land from 0405 it may not."""
    ok = combat({"g.inf1": "0504", "s.inf1": "0505"}, atk(["g.inf1"], ["s.inf1"], stand_fast=True), roll(3),
                res("EX"), loss("s.inf1"), loss("g.inf1"))
    assert rules(ok) == []
    bad = combat({"g.inf1": "0504", "g.inf2": "0405", "s.inf1": "0505"},
                 atk(["g.inf1", "g.inf2"], ["s.inf1"], stand_fast=True))
    assert rules(bad) == ["EFB 13.1"]


def test_12_9_bombardment_of_a_stack_is_one_roll_per_unit():
    """MK 12.9: a bombarded stack is resolved unit by unit, full strength against each, one die each. g.arty (4) vs
    s.inf1 and s.inf2 (2 each) at 0605: +2 "+1,2" each; die 6 -> D1 for s.inf1, die 4 -> DS for s.inf2."""
    b = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1", "s.inf2"], "hex": "0605",
         "table": "ranged", "kind": "bombardment"}
    ok = combat({"g.arty": "0602", "s.inf1": "0605", "s.inf2": "0605"}, b, roll(6), res("D1"),
                {"type": "retreat", "unit": "s.inf1", "path": ["0605", "0606"]}, roll(4), res("DS"),
                {"type": "marker", "unit": "s.inf2", "marker": "suppressed", "on": True}, phase_="combat1")
    assert rules(ok) == []
    bad = combat({"g.arty": "0602", "s.inf1": "0605", "s.inf2": "0605"}, b, roll(6), res("D1"),
                 {"type": "retreat", "unit": "s.inf1", "path": ["0605", "0606"]}, roll(4), res("D1"),
                 {"type": "retreat", "unit": "s.inf2", "path": ["0605", "0606"]}, phase_="combat1")
    assert rules(bad) == ["EFB 12.8"]


def test_22_1_only_german_armour_may_leave_the_retreat_route():
    """MK 22.1, 13.8: German armoured units advancing may leave the retreat route from the second hex on; others
    must follow it. s.inf1 D2 from 0603 via 0604 to 0605 (g.tank 6 vs 2: +4 "+4,5", die 5 -> D2): g.tank may
    advance 0603 then 0503; g.inf1 (with g.tank, 9 vs 2 "+6+", die 3 -> D2) may not."""
    ok = combat({"g.tank": "0602", "s.inf1": "0603"}, atk(["g.tank"], ["s.inf1"]), roll(5), res("D2"),
                retreat("s.inf1", "0603", "0604", "0605"), advance("g.tank", "0602", "0603", "0504"))
    assert rules(ok) == []
    bad = combat({"g.tank": "0602", "g.inf1": "0602", "s.inf1": "0603"}, atk(["g.tank", "g.inf1"], ["s.inf1"]),
                 roll(3), res("D2"), retreat("s.inf1", "0603", "0604", "0605"),
                 advance("g.inf1", "0602", "0603", "0504"))
    assert rules(bad) == ["EFB 13.8"]


def _gate_game():
    """The test game with s.inf3's turn-2 entry area narrowed to the two east-edge hexes 1004 and 1005."""
    game = make_game(scenario={"reinforcements": [{"turn": 2, "side": "soviet", "units": ["s.inf3"], "area": "gate",
                                                   "source": {"rule": "tests", "values": "illustrative"}}]})
    game.maps_docs[0]["maps"][0]["areas"].append({"id": "gate", "name": "Gate", "hexes": ["1004", "1005"]})
    return game


def test_6_5_blocked_reinforcements_enter_at_the_closest_unblocked_edge_hex():
    """MK 6.5: if, and only if, all scheduled entry hexes are occupied by enemy units, the reinforcements may enter
    at the unblocked map-edge hex closest to them. With 1004 and 1005 held by German units, s.inf3 may enter at 1003
    or 1006 (one hex away) but not at 1001; with 1005 free it must enter there (6.2)."""
    def arrive(setup, h):
        return check(log({**HQ, **setup}, {"type": "reinforcement", "unit": "s.inf3", "hex": h},
                         phase("movement", "soviet"), phase="reinforcement", side="soviet", turn=2), _gate_game())
    blocked = {"g.inf1": "1004", "g.inf2": "1005"}
    assert rules(arrive(blocked, "1003")) == []
    assert rules(arrive(blocked, "1006")) == []
    assert rules(arrive(blocked, "1001")) == ["EFB 6.5"]
    assert rules(arrive({"g.inf1": "1004"}, "1003")) == ["EFB 6.2"]
    assert rules(arrive({"g.inf1": "1004"}, "1005")) == []


def _crt_game(results: str):
    """The test game whose Assault CRT gives ``results`` (die 1..6) in every column (written for these tests)."""
    from tests.rules_fixtures.efb_world import TABLES, TEST_SOURCE

    cols = [{"label": "all", "min": None, "max": None, "results": results.split()}]
    return make_game(tables={**TABLES, "crt": {**TABLES["crt"], "assault": {"columns": cols, "source": TEST_SOURCE}}})


def test_13_1_ax_defenders_retreat_then_one_attacker_is_lost_and_the_rest_may_advance():
    """MK 13.1 AX: all defending units retreat one hex, then one attacking unit is eliminated; the survivors may
    advance into the defender's hex."""
    setup = {**HQ, "g.inf1": "0602", "g.inf2": "0602", "s.inf1": "0603"}
    a = atk(["g.inf1", "g.inf2"], ["s.inf1"])
    ok = check(log(setup, a, roll(1), res("AX"), retreat("s.inf1", "0603", "0704"), loss("g.inf1"),
                   advance("g.inf2", "0602", "0603"), phase="combat2"), _crt_game("AX AX AX AX AX AX"))
    assert rules(ok) == []
    no_loss = check(log(setup, a, roll(1), res("AX"), retreat("s.inf1", "0603", "0704"), phase="combat2"),
                    _crt_game("AX AX AX AX AX AX"))
    assert rules(no_loss) == ["EFB 13.1"]
    no_retreat = check(log(setup, a, roll(1), res("AX"), loss("g.inf1"), phase="combat2"),
                       _crt_game("AX AX AX AX AX AX"))
    assert rules(no_retreat) == ["EFB 13.1"]


def test_13_1_ae_and_a1_let_the_defender_advance():
    """MK 13.1 AE: all attackers eliminated, the defender may advance into the attacker's hex; A1: the attackers
    retreat one hex and the defender may advance along their route (one hex); never further."""
    setup = {**HQ, "g.inf1": "0602", "s.inf1": "0603"}
    a = atk(["g.inf1"], ["s.inf1"])
    ae = check(log(setup, a, roll(1), res("AE"), loss("g.inf1"), advance("s.inf1", "0603", "0602"),
                   phase="combat2"), _crt_game("AE AE AE AE AE AE"))
    assert rules(ae) == []
    a1 = check(log(setup, a, roll(1), res("A1"), retreat("g.inf1", "0602", "0601"),
                   advance("s.inf1", "0603", "0602"), phase="combat2"), _crt_game("A1 A1 A1 A1 A1 A1"))
    assert rules(a1) == []
    far = check(log(setup, a, roll(1), res("AE"), loss("g.inf1"), advance("s.inf1", "0603", "0602", "0601"),
                    phase="combat2"), _crt_game("AE AE AE AE AE AE"))
    assert rules(far) == ["EFB 13.8"]


def test_17_11_an_air_unit_flies_once_per_game_turn():
    """MK 17.11: each air point is used only once per complete game turn: g.ga, used for a bombardment in the German
    player turn, may not fly FPF in the Soviet player turn of the same game turn (s.inf2 moved next to g.inf1)."""
    setup = {"g.inf1": "0604", "s.inf1": "0808", "s.inf2": "0805"}
    strike = {"type": "attack", "attackers": [], "air": ["g.ga"], "defenders": ["s.inf1"], "hex": "0808",
              "table": "ranged", "kind": "bombardment"}
    fpf = {"type": "attack", "attackers": [], "air": ["g.ga"], "defenders": ["s.inf2"], "hex": "0705",
           "table": "ranged", "kind": "fpf"}
    turn = (phase("combat2"), phase("recovery"), phase("reinforcement", "soviet"), phase("movement", "soviet"),
            mv("s.inf2", "0805", "0705"), phase("fpf", "soviet"))
    bad = combat(setup, strike, roll(1), res("-"), *turn, fpf, roll(1), res("-"), phase_="combat1")
    assert rules(bad) == ["EFB 17.11"]
    ok = combat(setup, *turn, fpf, roll(1), res("-"), phase_="combat1")
    assert rules(ok) == []


def test_15_4_a_suppressed_hq_gives_no_command_for_recovery_and_recovers_last():
    """MK 15.4, 15.3(6), 7.9: the HQ recovers automatically, but its marker comes off after all other units have
    recovered, and a suppressed HQ grants no command: g.inf1 next to the suppressed g.hq is OOC and must roll (4-6).
    The HQ itself recovers without a roll, after the others (a declared recovery of g.inf1 after g.hq's breaks
    15.4)."""
    markers = {"g.hq": ["suppressed"], "g.inf1": ["suppressed"]}
    setup = {"g.hq": "0505", "g.inf1": "0506", "s.hq": "1010"}
    ok = check(log(setup, {"type": "rally", "unit": "g.inf1", "roll": 5}, {"type": "rally", "unit": "g.hq"},
                   phase("reinforcement", "soviet"), phase="recovery", markers=markers))
    assert rules(ok) == []
    no_roll = check(log(setup, {"type": "rally", "unit": "g.inf1"}, {"type": "rally", "unit": "g.hq"},
                        phase("reinforcement", "soviet"), phase="recovery", markers=markers))
    assert rules(no_roll) == ["EFB 15.4"]
    hq_stays = check(log(setup, {"type": "rally", "unit": "g.inf1", "roll": 5}, phase("reinforcement", "soviet"),
                         phase="recovery", markers=markers))
    assert rules(hq_stays) == ["EFB 15.4"]
    hq_first = check(log(setup, {"type": "rally", "unit": "g.hq"}, {"type": "rally", "unit": "g.inf1", "roll": 5},
                         phase("reinforcement", "soviet"), phase="recovery", markers=markers))
    assert rules(hq_first) == ["EFB 15.4"]


def test_13_9_a_defender_that_advanced_may_not_be_attacked_again():
    """MK 13.9, 11.3: advancing units "may neither attack nor be attacked again in that same phase". After A1
    s.inf1 advances into 0602, which g.inf1 left; g.inf2 (0502, next to 0602) may not attack it again in this phase
    but, in the second wave, need not attack it either (14.1)."""
    setup = {**HQ, "g.inf1": "0602", "g.inf2": "0502", "s.inf1": "0603"}
    first = (atk(["g.inf1"], ["s.inf1"]), roll(1), res("A1"), retreat("g.inf1", "0602", "0601"),
             advance("s.inf1", "0603", "0602"))
    bad = check(log(setup, *first, atk(["g.inf2"], ["s.inf1"]), phase="combat2"), _crt_game("A1 A1 A1 A1 A1 A1"))
    assert rules(bad) and set(rules(bad)) <= {"EFB 11.3", "EFB 13.9"}
    ok = check(log(setup, *first, phase("recovery"), phase="combat2"), _crt_game("A1 A1 A1 A1 A1 A1"))
    assert rules(ok) == []


def test_14_1_second_wave_attack_is_optional_even_in_an_ezoc():
    """MK 14.1, 10.6: in the second wave a unit in an EZOC need not attack; in the first wave it must."""
    second = combat({"g.inf1": "0602", "s.inf1": "0603"}, phase("recovery"))
    assert rules(second) == []
    first = combat({"g.inf1": "0602", "s.inf1": "0603"}, phase("combat2"), phase_="combat1")
    assert set(rules(first)) == {"EFB 10.6"}


def test_11_5_a_unit_in_two_zocs_must_see_both_enemies_attacked():
    """MK 11.5, 10.6: a phasing unit in the ZOC of several enemy units must attack all of them not engaged by another
    attacker. g.inf1 (0602) is next to s.inf1 (0603) and s.inf2 (0503): attacking only s.inf1 leaves s.inf2
    unattacked; g.inf2 from 0403 attacking s.inf2 makes it legal."""
    body = (atk(["g.inf1"], ["s.inf1"]), roll(4), res("EX"), loss("s.inf1"), loss("g.inf1"))
    bad = combat({"g.inf1": "0602", "s.inf1": "0603", "s.inf2": "0503"}, *body, phase("combat2"), phase_="combat1")
    assert rules(bad) and set(rules(bad)) <= {"EFB 10.6", "EFB 11.5"}
    ok = combat({"g.inf1": "0602", "g.inf2": "0403", "s.inf1": "0603", "s.inf2": "0503"}, *body,
                atk(["g.inf2"], ["s.inf2"]), roll(4), res("EX"), loss("s.inf2"), loss("g.inf2"), phase("combat2"),
                phase_="combat1")
    assert rules(ok) == []


def test_13_5_retreat_must_end_the_full_distance_away():
    """MK 13.5: "retreating units must end the indicated number of hexes away from their previous combat position".
    s.inf1's D2 retreat (g.tank 6 vs 2: +4 "+4,5", die 5 -> D2) 0603→0604→0705 ends two hexes away: legal;
    0603→0604→0704 takes two steps but ends next to 0603: it breaks 13.5."""
    ok = combat({"g.tank": "0602", "s.inf1": "0603"}, atk(["g.tank"], ["s.inf1"]), roll(5), res("D2"),
                retreat("s.inf1", "0603", "0604", "0705"))
    assert rules(ok) == []
    bad = combat({"g.tank": "0602", "s.inf1": "0603"}, atk(["g.tank"], ["s.inf1"]), roll(5), res("D2"),
                 retreat("s.inf1", "0603", "0604", "0704"))
    assert rules(bad) and set(rules(bad)) <= {"EFB 13.5", "EFB 13.4"}


def test_12_18_close_support_artillery_is_never_the_exchange_loss():
    """MK 12.18, 13.3: artillery supporting from a distance is not affected by adverse results and is not counted
    for exchanges. g.inf1 (3) + g.arty (4, close support from 0401) vs s.inf1 (2): +5 "+4,5",
    die 2 -> EX: the attacker's loss must be g.inf1, not g.arty."""
    setup = {"g.inf1": "0602", "g.arty": "0401", "s.inf1": "0603"}
    a = atk(["g.inf1"], ["s.inf1"], support=["g.arty"])
    ok = combat(setup, a, roll(2), res("EX"), loss("s.inf1"), loss("g.inf1"))
    assert rules(ok) == []
    bad = combat(setup, a, roll(2), res("EX"), loss("s.inf1"), loss("g.arty"))
    assert rules(bad) and set(rules(bad)) <= {"EFB 12.18", "EFB 13.3", "EFB 13.1"}


def test_11_12_shifts_add_up_attacker_right_defender_left():
    """MK 11.12-11.15: attacker and defender shifts are netted. g.tank [6] vs s.tank (3, suppressed) in woods 0304
    from 0303: +3 "+2,3"; +1 AT (16.2), +2 suppressed defender (11.13(3)), -1 woods = +2 -> "+6+": die 1 -> EX
    (each shift left out gives another cell: without the suppression "+2,3" die 1 -> BR)."""
    setup = {"g.tank": "0303", "s.tank": "0304"}
    ok = combat(setup, atk(["g.tank"], ["s.tank"]), roll(1), res("EX"), loss("s.tank"), loss("g.tank"),
                markers={"s.tank": ["suppressed"]})
    assert rules(ok) == []
    bad = combat(setup, atk(["g.tank"], ["s.tank"]), roll(1), res("BR"), retreat("s.tank", "0304", "0305"),
                 retreat("g.tank", "0303", "0302"), markers={"s.tank": ["suppressed"]})
    assert rules(bad)[:1] == ["EFB 11.2"]


def test_8_8_rail_movement_one_mp_per_hex_from_a_rail_hex():
    """MK 8.8: along a railroad a unit pays 1 MP per hex whatever the terrain, under the restrictions of 8.7 (it
    must begin on the line): g.inf1 1001→1004 by rail is 3 MP = its MA; starting off the line (0901) it breaks
    8.8."""
    ok = check(log({**HQ, "g.inf1": "1001"}, mv("g.inf1", "1001", "1002", "1003", "1004", mode="rail")))
    assert rules(ok) == []
    bad = check(log({**HQ, "g.inf1": "0901"}, mv("g.inf1", "0901", "1001", "1002", "1003", mode="rail")))
    assert rules(bad) == ["EFB 8.8"]
