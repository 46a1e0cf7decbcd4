"""TiS phase discipline [3.1], [3.3], movement [4], zones of control [6], recon movement [11.1], counterattack
moves [8.1.1], [8.2.1] and stacking [5.1], each with a breaking and a legal log, against the bundled Arnhem data.

Hexes 0810-1512 of the Arnhem map are clear with no hexsides (Terrain Effect chart, "clear": infantry 1 MP,
motorized 2 MP). Rulebook figures used: an infantry battalion 5 SP / 5 MP ([3.2], [3.6.1]); 3 IG (motorized) 8 MP.
"""

from __future__ import annotations

import json

from modgen.report.check import check_bytes
from tests.data_helpers import REPO

ARNHEM = REPO / "games" / "arnhem44.json"
PARA, PARA2, RECCE = "gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.recce"
PGR, PGR2, GARRISON = "de.9ss.pgr1", "de.9ss.pgr2", "de.inf.arnhem"
ROW11 = ["0811", "0911", "1011", "1111", "1211", "1311", "1411", "1511"]  # adjacent in this order


def findings(*events: dict, options: dict | None = None, policies: dict | None = None, tmp_path=None) -> list[dict]:
    """Findings of a log (scenario I), optionally with manifest policies (then written under ``tmp_path``)."""
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": options or {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    game = ARNHEM
    if policies:
        import shutil
        for d in ("games", "counters", "maps", "scenarios"):
            shutil.copytree(REPO / d, tmp_path / d)
        m = json.loads((tmp_path / "games" / "arnhem44.json").read_text())
        m["rules"]["policies"] = policies
        (tmp_path / "games" / "arnhem44.json").write_text(json.dumps(m))
        game = tmp_path / "games" / "arnhem44.json"
    return check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"]


def errors(*events: dict, **kw) -> list[dict]:
    return [f for f in findings(*events, **kw) if f["severity"] == "error"]


def rules(*events: dict, **kw) -> list[str]:
    return [f["rule"] for f in errors(*events, **kw)]


def setup(unit: str, h: str) -> dict:
    return {"type": "setup", "unit": unit, "hex": h}


def phase(p: str, side: str | None = "allies") -> dict:
    return {"type": "phase", "phase": p, "side": side}


def move(unit: str, *path: str) -> dict:
    return {"type": "move", "unit": unit, "path": list(path)}


def stage(n: int = 1) -> dict:
    return {"type": "turn", "turn": n}


# ---- [3.3] phase discipline ------------------------------------------------------------------------------------
def test_3_3_a_german_unit_moving_in_the_allied_movement_phase_is_flagged():
    errs = errors(setup(PGR, "1211"), stage(), phase("movement"), move(PGR, "1211", "1311"))
    assert [e["rule"] for e in errs] == ["TIS 3.3"] and "other player's movement phase" in errs[0]["message"]


def test_3_3_each_side_moves_in_its_own_movement_phase():
    assert rules(setup(PGR, "1211"), setup(PARA, "0811"), stage(), phase("movement"), move(PARA, "0811", "0911"),
                 phase("movement", "germans"), move(PGR, "1211", "1311")) == []


def test_3_3_a_unit_entering_in_the_other_sides_phase_is_flagged():
    # "17 IX, 3e – Liebsh – A": a German reinforcement on stage 2, but in the Allied movement phase
    errs = errors(stage(1), stage(2), phase("movement"), {"type": "reinforcement", "unit": "de.liebsh",
                                                          "hex": "0103"})
    assert [e["rule"] for e in errs] == ["TIS 3.3"] and "enters in the allies movement phase" in errs[0]["message"]


def test_3_3_ground_reinforcement_enters_in_its_own_movement_phase():
    ok = [stage(1), stage(2), phase("movement", "germans"), {"type": "reinforcement", "unit": "de.liebsh",
                                                              "hex": "0103"}]
    assert rules(*ok) == []
    late = [stage(1), stage(2), phase("combat", "germans"), {"type": "reinforcement", "unit": "de.liebsh",
                                                              "hex": "0103"}]
    assert rules(*late) == ["TIS 3.3"]


def test_3_3_an_attack_in_the_supply_phase_is_flagged():
    ev = {"type": "attack", "attackers": [PARA], "defenders": [GARRISON]}
    assert rules(setup(PARA, "1111"), setup(GARRISON, "1211"), stage(), phase("supply"), ev) == ["TIS 3.3"]


def test_3_3_a_retreat_outside_a_battle_phase_is_flagged():
    ev = {"type": "retreat", "unit": PARA, "path": ["1111", "1011"]}
    assert rules(setup(PARA, "1111"), stage(), phase("supply"), ev) == ["TIS 3.3"]


# ---- [4.2.2], [4.2.3] MP budget -----------------------------------------------------------------------------------
def test_4_2_2_five_clear_hexes_with_5_mp_are_legal():
    assert rules(setup(PARA, "0811"), stage(), phase("movement"), move(PARA, *ROW11[:6])) == []


def test_4_2_2_seven_clear_hexes_with_5_mp_are_flagged():
    errs = errors(setup(PARA, "0811"), stage(), phase("movement"), move(PARA, *ROW11))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]
    assert "spends 7 MP this movement phase but has 5" in errs[0]["message"]


def test_4_2_2_two_moves_of_one_unit_in_a_phase_add_up():
    errs = errors(setup(PARA, "0811"), stage(), phase("movement"), move(PARA, *ROW11[:4]),
                  move(PARA, *ROW11[3:7]))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]


def test_4_2_2_motorized_pays_2_mp_a_clear_hex():
    ig3 = "gb.xxx.gds.3ig"  # 8 MP, motorized: clear 2 MP
    assert rules(setup(ig3, "0811"), stage(), phase("movement"), move(ig3, *ROW11[:5])) == []
    assert rules(setup(ig3, "0811"), stage(), phase("movement"), move(ig3, *ROW11[:6])) == ["TIS 4.2.2"]


def test_4_3_1_along_the_road_motorized_units_go_further():
    # road hexes 1331 1430 1429 1529 1528 1627 1626 1726 1725 1824 1823: 10 road legs at 1/2 MP (illustrative)
    road = ["1331", "1430", "1429", "1529", "1528", "1627", "1626", "1726", "1725", "1824", "1823"]
    ig3 = "gb.xxx.gds.3ig"
    assert rules(setup(ig3, road[0]), stage(), phase("movement"), move(ig3, *road)) == []


def test_17_2_12_half_mp_after_landing():
    lz = "2005"  # woods (illustrative 2 MP for infantry)
    land = [stage(), phase("airborne"), {"type": "reinforcement", "unit": PARA, "hex": lz}, phase("movement")]
    assert rules(*land, move(PARA, "2005", "2006")) == []  # one hex: always allowed [4.2.2]
    errs = errors(*land, move(PARA, "2005", "2006", "2007"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "half after landing [17.2.12]" in errs[0]["message"]


def test_4_2_3_unused_mp_are_not_carried_over():
    ok = [setup(PARA, "0811"), stage(1), phase("movement"), move(PARA, *ROW11[:3]), stage(2), phase("movement"),
          move(PARA, *ROW11[2:7])]
    assert rules(*ok) == []
    carried = [setup(PARA, "0811"), stage(1), phase("movement"), move(PARA, *ROW11[:3]), stage(2),
               phase("movement"), move(PARA, *ROW11[2:], "1512")]  # 6 hexes
    assert rules(*carried) == ["TIS 4.2.2"]


# ---- [4.2.1] enemy hexes ------------------------------------------------------------------------------------------
def test_4_2_1_entering_an_enemy_hex_is_flagged():
    errs = errors(setup(PARA, "0911"), setup(GARRISON, "1011"), stage(), phase("movement"),
                  move(PARA, "0911", "1011"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.1"]


def test_4_2_1_and_14_1_5_a_lone_hq_may_be_entered_and_is_eliminated():
    base = [setup(PARA, "0911"), setup("de.9ss.hq", "1011"), stage(), phase("movement"), move(PARA, "0911", "1011")]
    gone = {"type": "loss", "unit": "de.9ss.hq", "eliminated": True, "reason": "overrun"}
    assert rules(*base, gone, phase("counterattack", "allies")) == []
    errs = errors(*base, phase("counterattack", "allies"))
    assert [e["rule"] for e in errs] == ["TIS 14.1.5"] and "1011" in errs[0]["hexes"]


# ---- [6] zones of control -----------------------------------------------------------------------------------------
def test_6_2_1_moving_on_after_entering_an_enemy_zoc_is_flagged():
    errs = errors(setup(PGR, "1211"), setup(PARA, "0811"), stage(), phase("movement"),
                  move(PARA, "0811", "0911", "1011", "1111", "1110"))
    assert [e["rule"] for e in errs] == ["TIS 6.2.1"] and "1111" in errs[0]["message"]


def test_6_2_1_stopping_on_entry_is_legal():
    assert rules(setup(PGR, "1211"), setup(PARA, "0811"), stage(), phase("movement"),
                 move(PARA, "0811", "0911", "1011", "1111")) == []


def test_6_2_4_moving_within_one_enemy_zoc_is_flagged():
    errs = errors(setup(PGR, "1211"), setup(PARA, "1111"), stage(), phase("movement"), move(PARA, "1111", "1112"))
    assert [e["rule"] for e in errs] == ["TIS 6.2.4"]


def test_6_2_3_from_one_enemy_zoc_into_another_is_legal_then_it_stops():
    base = [setup(PGR, "1211"), setup(PGR2, "0912"), setup(PARA, "1111"), stage(), phase("movement")]
    assert rules(*base, move(PARA, "1111", "1011")) == []
    assert rules(*base, move(PARA, "1111", "1011", "1010")) == ["TIS 6.2.1"]


def test_6_1_4_a_unit_of_strength_1_has_no_zoc():
    # the garrison battalion (4 3 3 2 1) after 4 EP lost is at 1 SP
    events = [setup(GARRISON, "1211"), setup(PARA, "0811"), {"type": "loss", "unit": GARRISON, "steps": 4},
              stage(), phase("movement"), move(PARA, "0811", "0911", "1011", "1111", "1110")]
    assert rules(*events) == []


def test_6_1_1_hq_and_field_artillery_have_no_zoc():
    events = [setup("de.9ss.hq", "1211"), setup("de.9ss.art", "1212"), setup(PARA, "0811"), stage(),
              phase("movement"), move(PARA, "0811", "0911", "1011", "1111", "1110")]
    assert rules(*events) == []


def test_6_1_3_no_zoc_across_a_big_river():
    # 1013 and 1014 are separated by the big river: passing 1013 does not stop a unit
    events = [setup(PGR, "1014"), setup(PARA, "0913"), stage(), phase("movement"), move(PARA, "0913", "1013",
                                                                                          "1012")]
    assert rules(*events) == []


def test_11_1_1_recon_leaves_a_zoc_for_3_mp_and_moves_on():
    base = [setup(PGR, "1211"), setup(RECCE, "1111"), stage(), phase("movement")]
    assert rules(*base, move(RECCE, "1111", "1010", "0910")) == []  # 2+3, 2 = 7 of 8 MP
    errs = errors(*base, move(RECCE, "1111", "1010", "0910", "0810"))  # 9 MP
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]


def test_11_1_2_recon_may_not_move_within_one_zoc():
    assert rules(setup(PGR, "1211"), setup(RECCE, "1111"), stage(), phase("movement"),
                 move(RECCE, "1111", "1112")) == ["TIS 11.1.2"]


def test_from_to_only_moves_search_for_a_legal_path_and_name_the_binding_constraint():
    # VASSAL gives only where a piece was dropped
    base = [setup(PGR, "1110"), setup(PARA, "0911"), stage(), phase("movement")]
    legal = {"type": "move", "unit": PARA, "from": "0911", "to": "1112"}  # around the south of the ZoC
    assert rules(*base, legal) == []
    # 0811 to 1211 is 4 hexes through the ZoC of 1011; the way round costs more than 5 MP
    blocked = [setup(PGR, "1011"), setup(PARA, "0811"), stage(), phase("movement"),
               {"type": "move", "unit": PARA, "from": "0811", "to": "1211"}]
    errs = errors(*blocked)
    assert [e["rule"] for e in errs] == ["TIS 6.2.1"]


# ---- [4.1.4] one unit at a time -----------------------------------------------------------------------------------
def test_4_1_4_a_unit_may_not_move_again_after_another_started():
    base = [setup(PARA, "0811"), setup(PARA2, "0810"), stage(), phase("movement")]
    assert rules(*base, move(PARA, "0811", "0911"), move(PARA, "0911", "1011"), move(PARA2, "0810", "0910")) == []
    assert rules(*base, move(PARA, "0811", "0911"), move(PARA2, "0810", "0910"),
                 move(PARA, "0911", "1011")) == ["TIS 4.1.4"]


def test_4_1_4_a_stack_moves_together():
    base = [setup(PARA, "0811"), setup(PARA2, "0811"), stage(), phase("movement")]
    assert rules(*base, move(PARA, "0811", "0911"), move(PARA2, "0811", "0911"), move(PARA, "0911", "1011"),
                 move(PARA2, "0911", "1011")) == []


# ---- [8.1.1], [8.2.1] counterattack moves ------------------------------------------------------------------------
def test_8_1_1_counterattack_move_is_one_hex_into_an_enemy_zoc():
    base = [setup(PARA, "1111"), setup(GARRISON, "1311"), stage(), phase("counterattack")]
    assert rules(*base, move(GARRISON, "1311", "1211")) == []
    assert rules(*base, move(GARRISON, "1311", "1411")) == ["TIS 8.1.1"]  # ends in no ZoC
    assert rules(*base, move(GARRISON, "1311", "1312", "1212")) == ["TIS 8.1.1"]  # two hexes


def test_8_2_1_no_counterattack_from_an_enemy_zoc():
    assert rules(setup(PARA, "1111"), setup(GARRISON, "1211"), stage(), phase("counterattack"),
                 move(GARRISON, "1211", "1112")) == ["TIS 8.2.1"]


# ---- [4.1.1] terrain --------------------------------------------------------------------------------------------
def test_4_2_7_infantry_crosses_a_small_river_for_1_extra_mp():
    # Maas-Waal canal between 2117 and 2216 (both clear): 1 + 1
    assert rules(setup(PARA, "2117"), stage(), phase("movement"), move(PARA, "2117", "2216")) == []


def test_25_1_armour_does_not_cross_a_small_river_in_normal_movement():
    # only by the crossing procedure, from where it began the phase (tests/test_tis_crossings.py)
    ig2 = "gb.xxx.gds.2ig"
    errs = errors(setup(ig2, "2016"), stage(), phase("movement"), move(ig2, "2016", "2117", "2216"))
    assert [e["rule"] for e in errs] == ["TIS 25.1.2"] and "small river at 2117-2216" in errs[0]["message"]


# ---- [5.1] stacking ---------------------------------------------------------------------------------------------
BATTALIONS = ["gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.1para.3", "gb.1ab.4para.10", "gb.1ab.4para.11",
              "gb.1ab.4para.156"]


def test_5_1_2_more_than_28_sp_in_a_hex_at_the_end_of_a_phase_is_flagged():
    events = [*(setup(u, "1011") for u in BATTALIONS), stage(), phase("movement")]  # 6 x 5 SP = 30
    errs = errors(*events)
    assert [e["rule"] for e in errs] == ["TIS 5.1.2"] and "30 SP" in errs[0]["message"]


def test_5_1_5_field_artillery_counts_2_sp_in_a_stack():
    # 5 x 5 SP + 147 RA (4 SP, 4 EP: counts 2 [5.1.5]) = 29 by SP, 27 for stacking
    events = [*(setup(u, "1011") for u in BATTALIONS[:5]), setup("gb.xxx.147ra", "1011"), stage(), phase("movement")]
    assert rules(*events) == []


def test_5_1_2_moving_through_a_full_hex_is_legal_by_default():
    events = [*(setup(u, "1011") for u in BATTALIONS[:5]), setup("gb.1ab.1al.kosb", "0911"),
              stage(), phase("movement"), move("gb.1ab.1al.kosb", "0911", "1011", "1111")]
    assert rules(*events) == []
