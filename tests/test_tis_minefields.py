"""TiS minefield effects on movement [21.2.1], [21.2.4], breaking and legal logs written from the rulebook: "A unit
entering a minefield spends an extra 2 MP (non-motorized) or 3 MP (motorized)"; "A unit which is entering a hex with
a minefield on which an allied engineer unit stays doesn't suffer casualties. The unit spends the extra MP".

Hexes 0811-1511 are clear (infantry 1 MP, motorized 2 MP). A paratroop battalion has 5 MP; 3 IG (motorized) 8 MP.
A minefield already on the map is a hex ``marker`` minefield (the scenario's, or one laid earlier [21.1.3]).
"""

from __future__ import annotations

from tests.test_tis_movement import PARA, ROW11, errors, move, phase, rules, setup, stage

IG3 = "gb.xxx.gds.3ig"  # 8 MP, motorized


def mines(h: str) -> dict:
    return {"type": "marker", "hex": h, "marker": "minefield", "on": True}


#: [21.2.2] the loss roll owed on entering a minefield (a 1 costs a 5-SP stack nothing: row 3-5)
ROLL = {"type": "roll", "dice": [1], "purpose": "minefield"}


def test_21_2_1_infantry_pays_2_extra_mp_entering_a_minefield():
    # 0811 -> 1011 (2 MP) then 1111 with a minefield: 1 + 2 = 3 more, 5 in all: legal; one hex further is 6
    assert rules(setup(PARA, "0811"), mines("1111"), stage(), phase("movement"), move(PARA, *ROW11[:4]), ROLL) == []
    errs = errors(setup(PARA, "0811"), mines("1111"), stage(), phase("movement"), move(PARA, *ROW11[:5]),
                  ROLL)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]
    assert "spends 6 MP" in errs[0]["message"] and "minefield at 1111: +2 MP [21.2.1]" in errs[0]["message"]
    # without the minefield the same four legs cost 4 MP: legal
    assert rules(setup(PARA, "0811"), stage(), phase("movement"), move(PARA, *ROW11[:5])) == []


def test_21_2_1_motorized_pays_3_extra_mp():
    # 3 IG: 0811 -> 0911 (2) -> 1011 (2 + 3 minefield) = 7 of 8 MP; one more clear hex (2) is 9
    assert rules(setup(IG3, "0811"), mines("1011"), stage(), phase("movement"), move(IG3, *ROW11[:3]), ROLL) == []
    errs = errors(setup(IG3, "0811"), mines("1011"), stage(), phase("movement"), move(IG3, *ROW11[:4]),
                  ROLL)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "+3 MP [21.2.1]" in errs[0]["message"]


def test_21_2_1_only_entering_costs_leaving_a_minefield_does_not():
    # starting on the minefield at 0811: five clear hexes for 5 MP as usual
    assert rules(setup(PARA, "0811"), mines("0811"), stage(), phase("movement"), move(PARA, *ROW11[:6])) == []


def test_21_2_4_a_friendly_engineer_on_the_minefield_still_costs_the_extra_mp():
    # 1st Airborne's engineers (gb.1ab.re) stand on the minefield at 1111
    base = [setup(PARA, "0811"), setup("gb.1ab.re", "1111"), mines("1111"), stage(), phase("movement")]
    assert rules(*base, move(PARA, *ROW11[:4])) == []
    errs = errors(*base, move(PARA, *ROW11[:5]))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "minefield at 1111" in errs[0]["message"]


def test_21_2_1_a_from_to_move_counts_the_minefield_on_the_cheapest_path():
    # VASSAL gives only from/to: 0811 -> 1211 is 4 clear hexes (4 of 5 MP); with a minefield on 1211 every path
    # ends by entering it: 6 MP
    fromto = {"type": "move", "unit": PARA, "from": "0811", "to": "1211"}
    assert rules(setup(PARA, "0811"), mines("1011"), stage(), phase("movement"), fromto) == []  # it goes round
    errs = errors(setup(PARA, "0811"), mines("1211"), stage(), phase("movement"), fromto, ROLL)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "costs 6 MP" in errs[0]["message"]
