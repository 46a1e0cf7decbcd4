"""TiS combat results applied and the combat obligations, each with a breaking and a legal log written from the
rulebook: retreat [7.4], its losses and their order [7.2.6], [7.4.4], pursuit [7.5], mandatory combat [7.1.3],
[7.1.4], counterattack obligations [8.1.2], barrage [9.7.2] and single-handed fire [9.6], the MP after a barrage
[9.2.5], night [13.1] (policy night_stage) and the loss of a division HQ [14.3.1].

The battle of tests/test_tis_combat.py: two parachute battalions at 1111 (10 SP) attack the Arnhem garrison at 1211
(4 SP) in the clear; a 2 at 2:1 is B2, so the garrison retreats 2 hexes [7.2.2], [7.4.1]; its default route is
1211 -> 1311 -> 1411, out of the paratroops' ZoC.
"""

from __future__ import annotations

from tests.test_tis_combat import NIJMEGEN, RA147, attack, battle, loss, odds, result, retreat, roll
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, errors, move, phase, rules, setup, stage

PARA3, RA116, ALR = "gb.1ab.1para.3", "gb.xxx.116ra", "gb.1ab.1alr"


def advance(u: str, *path: str) -> dict:
    return {"type": "advance", "unit": u, "path": list(path)}


def entrench(u: str) -> dict:
    return {"type": "marker", "unit": u, "marker": "entrenched", "on": True}


def after_battle(*events: dict, back: tuple[str, ...] | None = None, extra: tuple[dict, ...] = ()) -> list[dict]:
    """The B2 battle, its retreat (``back``) and then ``events`` before the supply phase."""
    b = battle(back=back)
    return [*extra, *b[:-1], *events, b[-1]]


# ---- [7.4] retreat ------------------------------------------------------------------------------------------------
def test_7_4_1_a_retreat_of_the_prescribed_hexes_is_legal():
    assert rules(*after_battle()) == []


def test_7_4_1_a_retreat_short_of_the_result_when_more_was_open_is_flagged():
    errs = errors(*after_battle(back=("1211", "1311")))
    assert [e["rule"] for e in errs] == ["TIS 7.4.1"] and "a retreat of 2 hexes was open" in errs[0]["message"]


def test_7_4_1_a_retreat_farther_than_the_result_is_flagged():
    assert rules(*after_battle(back=("1211", "1311", "1411", "1511"))) == ["TIS 7.4.1"]


def test_7_4_1_a_unit_that_can_retreat_must():
    errs = errors(*after_battle(back=()))
    assert [e["rule"] for e in errs] == ["TIS 7.4.1"] and "stays at 1211" in errs[0]["message"]


def test_7_4_3_a_retreat_into_an_enemy_zoc_is_flagged_another_route_is_legal():
    # a third battalion at 1511 projects its ZoC onto 1411; 1211 -> 1312 -> 1313 stays clear of it
    extra = (setup(PARA3, "1511"),)
    errs = errors(*after_battle(extra=extra))
    assert [e["rule"] for e in errs] == ["TIS 7.4.3"] and "1411 is in the ZoC of 3 Para" in errs[0]["message"]
    assert rules(*after_battle(extra=extra, back=("1211", "1312", "1313"))) == []


def test_7_4_4_passing_friends_in_an_enemy_zoc_costs_an_ep():
    # SS PGR 1 at 1311 is in the ZoC of a battalion at 1310 (entrenched, so not bound to attack [7.1.3]); the
    # garrison retreats 1211 -> 1311 (friends in an enemy ZoC: 1 EP) -> 1411 (outside 1310's ZoC)
    extra = (setup(PGR, "1311"), setup(PARA3, "1310"), entrench(PARA3))
    # 1211 -> 1312 -> 1411 ends as far and passes no ZoC hex, so the costly route also breaks [7.4.2]
    base = after_battle(extra=extra, back=("1211", "1311", "1411"))
    assert rules(*base) == ["TIS 7.4.2", "TIS 7.2.6"]
    pay = {"type": "loss", "unit": GARRISON, "steps": 1, "reason": "retreat"}
    fixed = after_battle(pay, extra=extra, back=("1211", "1311", "1411"))
    assert rules(*fixed) == ["TIS 7.4.2"]


def test_7_4_2_the_retreat_takes_the_route_with_the_least_losses():
    extra = (setup(PGR, "1311"), setup(PARA3, "1310"), entrench(PARA3))
    errs = errors(*after_battle(extra=extra, back=("1211", "1311", "1411")))
    assert errs[0]["rule"] == "TIS 7.4.2" and "loses 0" in errs[0]["message"]
    assert rules(*after_battle(extra=extra, back=("1211", "1312", "1411"))) == []


def test_7_4_7_the_whole_stack_retreats():
    # garrison and Nijmegen (8 SP) against 10 SP: 1:1; a 2 is B2; 3 EP over two units [7.2.3]
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1211"), stage(),
            phase("combat"), attack([PARA, PARA2], [GARRISON, NIJMEGEN]), odds("1:1"), roll(1, 1), result("B2"),
            roll(1, 1, "losses_defender"), loss(GARRISON, 2), loss(NIJMEGEN, 1),
            retreat(GARRISON, "1211", "1311", "1411")]
    assert rules(*base, retreat(NIJMEGEN, "1211", "1311", "1411"), phase("supply")) == []
    errs = errors(*base, phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 7.4.7"] and "Nijmegen" in errs[0]["message"]


def test_7_2_6_casualties_are_marked_before_the_retreat():
    b = battle()
    loss_at = next(i for i, e in enumerate(b) if e["type"] == "loss")
    late = b[:loss_at] + [b[loss_at + 1], b[loss_at]] + b[loss_at + 2:]
    assert rules(*late) == ["TIS 7.2.6"]


# ---- [7.5] pursuit ------------------------------------------------------------------------------------------------
def test_7_5_1_pursuit_along_the_retreat_route_is_legal():
    assert rules(*after_battle(advance(PARA, "1111", "1211", "1311"))) == []
    # not into the hex where the beaten unit stopped [4.2.1]
    assert rules(*after_battle(advance(PARA, "1111", "1211", "1311", "1411"))) == ["TIS 4.2.1"]


def test_7_5_4_the_pursuer_may_stop_on_the_first_hex_off_the_route():
    assert rules(*after_battle(advance(PARA, "1111", "1211", "1312"))) == []


def test_7_5_4_a_pursuit_that_does_not_enter_the_beaten_units_hex_first_is_flagged():
    assert rules(*after_battle(advance(PARA, "1111", "1112", "1212"))) == ["TIS 7.5.4"]


def test_7_5_4_a_pursuit_that_goes_on_past_the_first_hex_off_the_route_is_flagged():
    assert rules(*after_battle(advance(PARA, "1111", "1211", "1311", "1312", "1313"))) == ["TIS 7.5.4"]


def test_7_5_1_only_units_that_fought_directly_pursue():
    errs = errors(*after_battle(advance(PARA3, "1110", "1210"), extra=(setup(PARA3, "1110"),)))
    assert [e["rule"] for e in errs] == ["TIS 7.5.1"]


# ---- [7.1.3], [7.1.4], [8.1.2] obligations ------------------------------------------------------------------------
def test_7_1_3_a_unit_in_an_enemy_zoc_must_fight_unless_fortified():
    base = [setup(PARA, "1111"), setup(GARRISON, "1211"), stage()]
    errs = errors(*base, phase("combat"), phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 7.1.3"] and "1 Para" in errs[0]["message"]
    assert rules(*base, entrench(PARA), phase("combat"), phase("supply")) == []


def test_7_1_4_every_enemy_with_attackers_in_its_zoc_is_attacked():
    base = [setup(PARA, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1010"), stage(), phase("combat")]
    errs = errors(*base, attack([PARA], [GARRISON]), odds("1:1"), phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 7.1.4"] and "Nijmegen" in errs[0]["message"]
    assert rules(*base, attack([PARA], [GARRISON, NIJMEGEN]), odds("1:2"), phase("supply")) == []


def test_8_1_2_a_counterattacker_attacks_every_enemy_hex_next_to_it():
    # SS PGR 1 counterattacks from 1209 into 1210, next to the battalion at 1111 [8.1.1]
    base = [setup(PARA, "1111"), setup(PGR, "1209"), stage(), phase("counterattack"), move(PGR, "1209", "1210"),
            phase("combat")]
    assert rules(*base, attack([PGR], [PARA]), odds("1:1"), phase("supply")) == []
    errs = errors(*base, attack([PARA], [PGR]), odds("1:2"), phase("supply"))  # SS defender -1 [43.1.1]
    assert [e["rule"] for e in errs] == ["TIS 8.1.2"]


# ---- [9.6], [9.7] artillery fire ----------------------------------------------------------------------------------
#: [9.6.3] artillery fires only at visible or identified units: 1st Para at 1011 sees the garrison at 1211 (2 hexes,
#: clear between [3.5.1], [3.5.3]; policy artillery_visibility any_friendly)
SPOTTER = setup(PARA, "1011")


def fire(guns: list[str], targets: list[str], kind: str) -> dict:
    return {"type": "attack", "kind": kind, "attackers": guns, "defenders": targets}


def test_9_7_2_a_barrage_needs_3_units_and_11_sp():
    base = [setup(RA147, "1115"), setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211"), stage(),
            phase("barrage")]
    assert rules(*base, fire([RA147, RA116, ALR], [GARRISON], "barrage")) == []
    errs = errors(*base, fire([RA147, RA116], [GARRISON], "barrage"))
    assert [e["rule"] for e in errs] == ["TIS 9.7.2"] and "2 artillery units of 8 SP" in errs[0]["message"]


def test_9_6_2_single_handed_fire_needs_7_sp_in_the_combat_phase():
    base = [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(GARRISON, "1211"), stage()]
    assert rules(*base, phase("combat"), fire([RA147, RA116], [GARRISON], "fire")) == []
    assert rules(*base, phase("combat"), fire([RA147], [GARRISON], "fire")) == ["TIS 9.6.2"]
    assert rules(*base, phase("movement"), fire([RA147, RA116], [GARRISON], "fire")) == ["TIS 9.6.1"]


def test_9_2_5_artillery_moves_at_half_mp_after_a_barrage():
    # 147 RA: 8 MP, motorized (2 MP a clear hex); after the barrage 4 MP: two hexes, not three
    base = [setup(RA147, "1115"), setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211"), stage(),
            phase("barrage"), fire([RA147, RA116, ALR], [GARRISON], "barrage"), phase("movement")]
    errs = errors(*base, move(RA147, "1115", "1015", "0915", "0815"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "[9.2.5]" in errs[0]["message"]
    assert rules(*base, move(RA147, "1115", "1015", "0915")) == []
    assert rules(setup(RA147, "1115"), stage(), phase("movement"), move(RA147, "1115", "1015", "0915", "0815")) == []


# ---- [13.1] night (policy night_stage; stage 1 of scenario I is 17 IX 2e) -------------------------------------
def test_13_1_7_night_movement_is_2_mp_or_one_hex(tmp_path):
    base = [setup(PARA, "0811"), stage(), phase("movement")]
    night = {"night_stage": 2}
    errs = errors(*base, move(PARA, "0811", "0911", "1011", "1111"), policies=night, tmp_path=tmp_path)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "[13.1.7]" in errs[0]["message"]
    assert rules(*base, move(PARA, "0811", "0911", "1011"), policies=night, tmp_path=tmp_path / "b") == []


def test_13_1_3_a_night_battle_needs_the_night_die(tmp_path):
    # at night the paratroops attack at half (3 + 3 SP, halving rounds up) against 4: 1.5 -> 1:1 [13.1.1]
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON])]
    night = {"night_stage": 2}
    assert rules(*base, roll(5, 5, "night"), odds("1:1"), policies=night, tmp_path=tmp_path) == []
    assert rules(*base, odds("1:1"), policies=night, tmp_path=tmp_path / "b") == ["TIS 13.1.3"]
    assert rules(*base, roll(5, 5, "night"), odds("2:1"), policies=night, tmp_path=tmp_path / "c") == ["TIS 3.4.1"]


def test_13_1_4_no_single_handed_fire_at_night(tmp_path):
    base = [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(GARRISON, "1211"), stage(),
            phase("combat"), fire([RA147, RA116], [GARRISON], "fire")]
    found = rules(*base, policies={"night_stage": 2}, tmp_path=tmp_path)
    assert "TIS 13.1.4" in found and "TIS 13.1.8" in found  # and only entrenched artillery in a fort fires
    assert rules(*base, policies={"night_stage": 1}, tmp_path=tmp_path / "b") == []


# ---- [14.3.1] HQ loss ---------------------------------------------------------------------------------------------
def test_14_3_1_units_of_a_lost_division_hq_move_2_mp():
    lost = {"type": "loss", "unit": "gb.1ab.hq", "eliminated": True, "reason": "combat"}
    base = [setup(PARA, "0811"), setup("gb.1ab.hq", "0101"), stage(), lost, phase("movement")]
    errs = errors(*base, move(PARA, "0811", "0911", "1011", "1111"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "[14.3.1]" in errs[0]["message"]
    assert rules(*base, move(PARA, "0811", "0911", "1011")) == []
    # only the nearest movement phase
    assert rules(*base, phase("supply"), stage(2), phase("movement"), move(PARA, "0811", "0911", "1011",
                                                                           "1111")) == []
