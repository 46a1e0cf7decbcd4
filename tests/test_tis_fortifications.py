"""TiS field fortifications [12.1], each with a breaking and a legal log written from the rulebook: built by any
unit but HQs, sabotage units, transport columns, trains and AT units, in its movement phase for all its MP
[12.1.1]; not on swamps or minefields [12.1.2]; allowed in an enemy ZoC [12.1.3]; left behind (so no longer
counted) when the unit leaves the hex [12.1.4]; -1 to a fortified defender [12.1.6].

A digging-in unit is the ``marker`` event ``entrenched`` on the unit. Hexes 0810-1512 are clear; paratroops 5 SP,
the Arnhem garrison 4 SP (two battalions attacking it: 10:4 = 2:1, 1:1 when it is entrenched).
"""

from __future__ import annotations

from tests.test_tis_combat import attack, odds
from tests.test_tis_movement import GARRISON, PARA, PARA2, errors, move, phase, rules, setup, stage
from tests.tis_world import rules_in, world

HQ, PIAT = "gb.1ab.hq", "gb.1ab.piat.1"


def dig(u: str, on: bool = True) -> dict:
    return {"type": "marker", "unit": u, "marker": "entrenched", "on": on}


def test_12_1_1_a_unit_that_has_not_moved_digs_in_during_its_movement_phase_even_in_an_enemy_zoc_12_1_3():
    assert rules(setup(PARA, "1111"), setup(GARRISON, "1211"), stage(), phase("movement"), dig(PARA)) == []


def test_12_1_1_hqs_and_at_units_do_not_build_field_fortifications():
    for u in (HQ, PIAT):  # (with a friendly unit: an AT team ends its movement phase stacked with one [35.2.2])
        errs = errors(setup(u, "1111"), setup(PARA, "1111"), stage(), phase("movement"), dig(u))
        assert [e["rule"] for e in errs] == ["TIS 12.1.1"] and "do not build field fortifications" in \
            errs[0]["message"]


def test_12_1_1_built_in_the_own_movement_phase_only():
    assert rules(setup(PARA, "1111"), stage(), phase("combat"), dig(PARA)) == ["TIS 12.1.1"]
    assert rules(setup(PARA, "1111"), stage(), phase("movement", "germans"), dig(PARA)) == ["TIS 12.1.1"]


def test_12_1_1_building_costs_all_mp_so_not_after_a_move_nor_before_one():
    errs = errors(setup(PARA, "1011"), stage(), phase("movement"), move(PARA, "1011", "1111"), dig(PARA))
    assert [e["rule"] for e in errs] == ["TIS 12.1.1"] and "after moving" in errs[0]["message"]
    errs = errors(setup(PARA, "1111"), stage(), phase("movement"), dig(PARA), move(PARA, "1111", "1211"))
    assert [e["rule"] for e in errs] == ["TIS 12.1.1"] and "field fortification" in errs[0]["message"]


def test_12_1_1_a_set_up_fortification_is_the_scenarios():
    assert rules(setup(PARA, "1111"), dig(PARA), stage(), phase("movement")) == []


def test_12_1_2_not_on_a_minefield():
    mined = {"type": "marker", "hex": "1111", "marker": "minefield", "on": True}
    errs = errors(mined, setup(PARA, "1111"), stage(), phase("movement"), dig(PARA))
    assert [e["rule"] for e in errs] == ["TIS 12.1.2"] and "minefield" in errs[0]["message"]
    assert rules(mined, setup(PARA, "1211"), stage(), phase("movement"), dig(PARA)) == []


def test_12_1_2_not_on_a_swamp(tmp_path):
    game = world(tmp_path, board=lambda m: m["hexes"].update({"1111": "swamp"}),
                 game=lambda g: g["terrain"].update({"swamp": {"name": "Swamp", "kind": "hex"}}))
    assert rules_in(game, setup(PARA, "1111"), stage(), phase("movement"), dig(PARA)) == ["TIS 12.1.2"]
    assert rules_in(game, setup(PARA, "1211"), stage(), phase("movement"), dig(PARA)) == []


def _attacked(garrison_at: str, *between: dict) -> list[dict]:
    """The garrison digs in at ``garrison_at`` (German movement, stage 1); after ``between`` the two battalions at
    1111 attack it at 1211 in the Allied combat phase of stage 3."""
    return [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, garrison_at), stage(),
            phase("movement", "germans"), dig(GARRISON), stage(2), *between, stage(3), phase("combat"),
            attack([PARA, PARA2], [GARRISON])]


def test_12_1_6_an_entrenched_defender_gets_minus_1():
    assert rules(*_attacked("1211"), odds("1:1")) == []
    assert rules(*_attacked("1211"), odds("2:1")) == ["TIS 3.4.1"]


def test_12_1_4_a_unit_that_leaves_its_fortification_is_no_longer_fortified():
    moved = [phase("movement", "germans"), move(GARRISON, "1311", "1211")]
    assert rules(*_attacked("1311", *moved), odds("2:1")) == []
    errs = errors(*_attacked("1311", *moved), odds("1:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"]
