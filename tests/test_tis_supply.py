"""TiS supply [32], each with a breaking and a legal log written from the rulebook: the supply check in the supply
phase [32.2.4] against the supply line [32.1.2]-[32.1.7], and what being out of supply does [32.2.2].

Scenario I: "Supply bases: Germans - N, E, W; Allies - none". Clear hexes cost motorized units 2 MP (Terrain Effect
chart), so the 15-MP line [32.1.5] reaches 7 hexes from the west edge; 9 SS HQ (a division HQ, XX) adds 9 MP from
its hex [32.1.5], [32.1.7] (policy supply_extension, default from_hq as in the [32.1.7] example).
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, RA147, attack, odds
from tests.test_tis_movement import PARA, PARA2, PGR, errors, move, phase, rules, setup, stage
from tests.test_tis_results import RA116, SPOTTER, fire

IG2 = "gb.xxx.gds.2ig"


def mark(u: str, on: bool = True) -> dict:
    return {"type": "marker", "unit": u, "marker": "out_of_supply", "on": on}


def german_supply(*units: dict, events: tuple[dict, ...] = ()) -> list[dict]:
    return [*units, stage(), phase("supply", "germans"), *events]


def test_32_1_5_a_unit_within_15_mp_of_a_supply_base_is_not_out_of_supply():
    # SS PGR 1 at 0311: two clear hexes (4 motorized MP) from the west edge, a German supply base
    errs = errors(*german_supply(setup(PGR, "0311"), events=(mark(PGR),)))
    assert [e["rule"] for e in errs] == ["TIS 32.1.5"] and "0311" in errs[0]["message"]
    assert rules(*german_supply(setup(PGR, "0311"))) == []


def test_32_1_5_a_unit_beyond_15_mp_is_marked_out_of_supply():
    # at 1611 the nearest base edge is 10 clear hexes (20 MP) away
    assert rules(*german_supply(setup(PGR, "1611"), events=(mark(PGR),))) == []


def test_32_1_7_an_hq_lengthens_the_line_from_its_hex():
    # 9 SS HQ at 0711 is 6 hexes (12 MP) from the west edge; SS PGR 1 at 1111 is 4 hexes (8 MP) from the HQ
    hq = setup("de.9ss.hq", "0711")
    assert rules(*german_supply(setup(PGR, "1111"), hq, events=(mark(PGR),))) == ["TIS 32.1.5"]
    assert rules(*german_supply(setup(PGR, "1111"), events=(mark(PGR),))) == []


def test_32_1_4_enemy_zoc_cuts_the_line():
    # paratroops at 0210 and 0212 put every west-edge hex near 0311 in their ZoC
    cut = (setup(PARA, "0210"), setup(PARA2, "0212"))
    assert rules(*german_supply(setup(PGR, "0311"), *cut, events=(mark(PGR),))) == []


def test_32_2_4_supply_is_checked_in_the_supply_phase():
    errs = errors(setup(PGR, "1611"), stage(), phase("movement", "germans"), mark(PGR))
    assert [e["rule"] for e in errs] == ["TIS 32.2.4"] and "movement phase" in errs[0]["message"]


def test_32_2_1_an_unsupplied_unit_left_unmarked_is_flagged_under_every_unit(tmp_path):
    pol = {"supply_marking": "every_unit"}
    errs = errors(*german_supply(setup(PGR, "1611")), policies=pol, tmp_path=tmp_path)
    assert [e["rule"] for e in errs] == ["TIS 32.2.1"] and "1611" in errs[0]["message"]
    assert rules(*german_supply(setup(PGR, "1611"), events=(mark(PGR),)), policies=pol,
                 tmp_path=tmp_path / "b") == []
    # by default only the markers the players set are judged
    assert rules(*german_supply(setup(PGR, "1611"))) == []


def test_32_2_1_taking_the_marker_off_a_unit_still_without_a_line_is_flagged():
    base = [setup(PGR, "1611"), stage(), phase("supply", "germans"), mark(PGR), stage(2),
            phase("supply", "germans")]
    assert rules(*base, mark(PGR, False)) == ["TIS 32.2.1"]
    assert rules(*base) == []


# ---- [32.2.2] out-of-supply effects (the Allies have no supply base in scenario I) ---------------------------------
def allied_out(*units: str) -> list[dict]:
    return [stage(), phase("supply"), *(mark(u) for u in units), stage(2)]


def test_32_2_2_artillery_out_of_supply_cannot_fire():
    base = [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(GARRISON, "1211")]
    errs = errors(*base, *allied_out(RA147), phase("combat"), fire([RA147, RA116], [GARRISON], "fire"))
    assert [e["rule"] for e in errs] == ["TIS 32.2.2"] and "147 RA" in errs[0]["message"]
    assert rules(*base, *allied_out(), phase("combat"), fire([RA147, RA116], [GARRISON], "fire")) == []


def test_32_2_2_attack_at_half_strength_out_of_supply():
    # two battalions, 10 SP, out of supply attack with 6 (halving rounds up [3.4.2]) against the garrison's 4: 1:1
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), *allied_out(PARA, PARA2),
            phase("combat"), attack([PARA, PARA2], [GARRISON])]
    assert rules(*base, odds("1:1")) == []
    errs = errors(*base, odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "[32.2.2]" in errs[0]["message"]


def test_32_2_2_armour_out_of_supply_moves_at_half_mp():
    # 2 IG: 10 MP, armour 1 MP a clear hex; out of supply 5 MP, so 6 hexes is too far
    path = ["0811", "0911", "1011", "1111", "1211", "1311", "1411"]
    errs = errors(setup(IG2, "0811"), *allied_out(IG2), phase("movement"), move(IG2, *path))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "[32.2.2]" in errs[0]["message"]
    assert rules(setup(IG2, "0811"), *allied_out(), phase("movement"), move(IG2, *path)) == []
