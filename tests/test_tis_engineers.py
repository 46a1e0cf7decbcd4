"""TiS engineers, minefields and bridges [20]-[23], and a destroyed HQ in combat [14.3.3], each with a breaking and
a legal log written from the rulebook. The engineer is 1 AB's RE company (2 SP, so 2 actions a stage [20.1.4]).
Bridges on the bundled map: the Waal road bridge 2516|2517; the Neder Rijn (big river) runs between 1108 and 1109.
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, attack, odds
from tests.test_tis_movement import PARA, PARA2, errors, move, phase, rules, setup, stage
from tests.test_tis_results import roll

RE = "gb.1ab.re"


def mine(u: str, h: str, on: bool = True) -> dict:
    return {"type": "marker", "unit": u, "hex": h, "marker": "minefield", "on": on}


def bridge(u: str, a: str, b: str, action: str) -> dict:
    return {"type": "bridge", "unit": u, "hexes": [a, b], "action": action}


# ---- [21.1] laying mines ------------------------------------------------------------------------------------------
def test_21_1_2_an_engineer_that_has_not_moved_lays_mines_on_an_adjacent_hex():
    assert rules(setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1211")) == []


def test_21_1_1_only_engineers_lay_mines():
    errs = errors(setup(PARA, "1111"), stage(), phase("movement"), mine(PARA, "1211"))
    assert [e["rule"] for e in errs] == ["TIS 21.1.1"] and "only engineer units" in errs[0]["message"]


def test_21_1_2_an_engineer_that_moved_does_not_lay_mines_nor_moves_after():
    assert rules(setup(RE, "1011"), stage(), phase("movement"), move(RE, "1011", "1111"),
                 mine(RE, "1211")) == ["TIS 21.1.2"]
    assert rules(setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1211"),
                 move(RE, "1111", "1011")) == ["TIS 21.1.2"]
    assert rules(setup(RE, "1111"), stage(), phase("combat"), mine(RE, "1211")) == ["TIS 21.1.2"]


def test_21_1_4_no_mines_in_an_enemy_zoc():
    errs = errors(setup(RE, "1111"), setup(GARRISON, "1311"), stage(), phase("movement"), mine(RE, "1211"))
    assert [e["rule"] for e in errs] == ["TIS 21.1.4"] and "Arnhem" in errs[0]["message"]


def test_21_1_5_no_mines_on_a_hex_with_other_units():
    assert rules(setup(RE, "1111"), setup(PARA, "1211"), stage(), phase("movement"),
                 mine(RE, "1211")) == ["TIS 21.1.5"]


def test_20_1_4_no_more_engineer_actions_a_stage_than_sp():
    base = [setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1111"), mine(RE, "1211")]
    assert rules(*base) == []
    errs = errors(*base, mine(RE, "1011"))
    assert [e["rule"] for e in errs] == ["TIS 20.1.4"] and "2 SP" in errs[0]["message"]


def test_21_1_7_at_most_twice_the_initial_sp_of_minefields():
    lay = [setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1111"), mine(RE, "1211"), stage(2),
           phase("movement"), mine(RE, "1011"), mine(RE, "1112"), stage(3), phase("movement")]
    assert rules(*lay) == []
    assert rules(*lay, mine(RE, "1110")) == ["TIS 21.1.7"]


# ---- [21.3] clearing mines ----------------------------------------------------------------------------------------
def test_21_3_2_the_engineer_clears_the_minefield_it_stands_on_and_does_not_fight():
    laid = [setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1211"), stage(2), phase("movement"),
            move(RE, "1111", "1211"), {"type": "roll", "dice": [1], "purpose": "minefield", "unit": RE}, stage(3),
            phase("movement")]
    assert rules(*laid, mine(RE, "1211", on=False)) == []
    assert rules(*laid[:-2], stage(3), setup(RE, "1011"), phase("movement"),
                 mine(RE, "1211", on=False)) == ["TIS 21.3.2"]
    fight = [setup(PARA, "1311"), setup(PARA2, "1311"), setup(GARRISON, "1411")]
    found = rules(*fight, *laid, mine(RE, "1211", on=False), phase("combat"),
                  attack([PARA, PARA2, RE], [GARRISON]), odds("3:1"))
    assert "TIS 21.3.4" in found


# ---- [23.1] blowing bridges ---------------------------------------------------------------------------------------
def test_23_1_2_a_bridge_is_blown_in_the_movement_or_counterattack_phase():
    # in the movement phase with its division's engineers in range (3 MP, [23.1.3]: tests/test_tis_bridges.py)
    assert rules(setup(PARA, "2517"), setup(RE, "2517"), stage(), phase("movement"),
                 bridge(PARA, "2517", "2516", "blow")) == []
    assert rules(setup(PARA, "2517"), stage(), phase("combat"),
                 bridge(PARA, "2517", "2516", "blow")) == ["TIS 23.1.2"]


def test_23_1_4_in_the_counterattack_phase_a_2_or_3_fails():
    base = [setup(PARA, "2517"), stage(), phase("counterattack", "germans")]
    assert rules(*base, roll(3, 4, "bridge"), bridge(PARA, "2517", "2516", "blow")) == []
    assert rules(*base, roll(1, 2, "bridge"), bridge(PARA, "2517", "2516", "blow")) == ["TIS 23.1.4"]
    assert rules(*base, bridge(PARA, "2517", "2516", "blow")) == ["TIS 23.1.4"]


def test_23_1_5_not_with_an_enemy_across_that_was_there_first():
    errs = errors(setup(GARRISON, "2516"), setup(PARA, "2517"), setup(RE, "2517"), stage(), phase("movement"),
                  bridge(PARA, "2517", "2516", "blow"))
    assert [e["rule"] for e in errs] == ["TIS 23.1.5"] and "Arnhem" in errs[0]["message"]
    assert rules(setup(PARA, "2517"), setup(GARRISON, "2516"), setup(RE, "2517"), stage(), phase("movement"),
                 bridge(PARA, "2517", "2516", "blow")) == []


# ---- [23.2] building bridges --------------------------------------------------------------------------------------
def test_23_2_1_an_engineer_builds_when_the_far_side_is_free_of_the_enemy():
    # the procedure [23.2.2]: at the river on stage 1, across it (big river: 1 + 4 MP) on stage 2, built on stage 3
    assert rules(setup(RE, "1109"), stage(), stage(2), phase("movement"), move(RE, "1109", "1108"), stage(3),
                 phase("movement"), bridge(RE, "1109", "1108", "build")) == []
    errs = errors(setup(RE, "1109"), setup(GARRISON, "1108"), stage(), phase("movement"),
                  bridge(RE, "1109", "1108", "build"))
    assert sorted(e["rule"] for e in errs) == ["TIS 23.2.1", "TIS 23.2.2"]
    assert rules(setup(PARA, "1109"), stage(), phase("movement"),
                 bridge(PARA, "1109", "1108", "build")) == ["TIS 23.2.1"]


# ---- [14.3.3] destroyed HQ ---------------------------------------------------------------------------------------
def test_14_3_3_units_of_a_destroyed_hq_attack_at_minus_1_per_hex():
    # two battalions (10 SP) against the garrison (4 SP): 2:1; with 1 AB HQ destroyed, -1: 1:1
    lost = {"type": "loss", "unit": "gb.1ab.hq", "eliminated": True, "reason": "combat"}
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup("gb.1ab.hq", "0101"),
            stage(), lost, phase("combat"), attack([PARA, PARA2], [GARRISON])]
    assert rules(*base, odds("1:1")) == []
    errs = errors(*base, odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "[14.3.3]" in errs[0]["message"]


# ---- victory points (Arnhem scenario I) -----------------------------------------------------------------------------
def test_scenario_vp_at_the_end_follow_the_losses():
    # the garrison (4 SP) is destroyed: Allies 4 × 1; 1 AB HQ (2 SP) destroyed: Germans 2 × 2 + 8
    dead = [{"type": "loss", "unit": u, "eliminated": True, "reason": "combat"} for u in (GARRISON, "gb.1ab.hq")]
    base = [setup(GARRISON, "1211"), setup("gb.1ab.hq", "0101"), stage(), *dead]
    assert rules(*base, {"type": "game_end", "vp": {"allies": 4, "germans": 12}}) == []
    # the bridge VP may come on top of the Allies' losses VP (here 100 for 22 IX 1e)
    assert rules(*base, {"type": "game_end", "vp": {"allies": 104, "germans": 12}}) == []
    errs = errors(*base, {"type": "game_end", "vp": {"allies": 4, "germans": 4}})
    assert [e["rule"] for e in errs] == ["TIS scenario"] and "1 AB (Allies 1 AB) destroyed 8" in errs[0]["message"]


# ---- [12.4.1] AT barricades ---------------------------------------------------------------------------------------
def barricade(u: str, h: str) -> dict:
    return {"type": "marker", "unit": u, "hex": h, "marker": "at_barricade", "on": True}


def test_12_4_1_only_engineers_build_at_barricades(tmp_path):
    # "Anti-tank barricades can only be built by engineer battalions": a paratroop battalion may not
    errs = errors(setup(PARA, "1111"), stage(), phase("movement"), barricade(PARA, "1111"),
                  policies={"at_barricade_builder": "any_engineer"}, tmp_path=tmp_path)
    assert [e["rule"] for e in errs] == ["TIS 12.4.1"] and "only engineer units" in errs[0]["message"]
    assert PARA in errs[0]["units"] and "1111" in errs[0]["message"]


def test_12_4_1_an_engineer_company_is_not_a_battalion():
    # 1 AB's RE counter prints company size (I): under the default policy it may not build a barricade
    errs = errors(setup(RE, "1111"), stage(), phase("movement"), barricade(RE, "1111"))
    assert [e["rule"] for e in errs] == ["TIS 12.4.1"] and "not a battalion (size I)" in errs[0]["message"]
    assert errs[0]["hexes"] == ["1111"]


def test_12_4_1_any_engineer_policy_lets_the_company_build(tmp_path):
    pol = {"at_barricade_builder": "any_engineer"}
    assert rules(setup(RE, "1111"), stage(), phase("movement"), barricade(RE, "1111"), policies=pol,
                 tmp_path=tmp_path) == []
