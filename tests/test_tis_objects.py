"""TiS objects [22], breaking and legal logs written from the rulebook: "Objects can be destroyed during the
movement phase by any unit (except artillery, armored trains and HQs). Destroying an object costs 3 MP after
entering the hex with the object. A unit which wants to destroy an object has to be in range of an allied engineer
unit (from the same division, brigade, corps or army)" [22.1.7]; commandos for 2 MP by themselves [28.1.6]; a damaged
object is usable again once "engineering units standing on its hex spend 3 MP to rebuild it" [22.1.5]; "Objects can
be rebuilt only by engineers" [22.3.1] after staying "railroads – 1; airfields – 3; harbors – 6" stages [22.3.2];
"A destroyed ferry can't be rebuilt" [24.2.3].

Hexes 0811-1511 are clear (infantry 1 MP). Paratroop battalions have 5 MP; 1st Airborne's engineers (gb.1ab.re,
same division) 5 MP on foot, 2 SP (2 actions a stage).
"""

from __future__ import annotations

from tests.test_tis_crossings import IG2, game  # noqa: F401 - the module fixture with a ferry at 1111|1211
from tests.test_tis_movement import PARA, errors, findings, move, phase, rules, setup, stage
from tests.tis_world import rules_in, unit, world

RE, HQ = "gb.1ab.re", "gb.1ab.hq"


def destroy(u: str | None, h: str, kind: str = "railroad", on: bool = True, marker: str = "object_destroyed") -> dict:
    return {"type": "marker", "hex": h, "marker": marker, "on": on, "object": kind, **({"unit": u} if u else {})}


# ---- [22.1.7] destroying objects --------------------------------------------------------------------------------
def test_22_1_7_a_unit_on_the_objects_hex_in_engineer_range_spends_3_mp():
    base = [setup(PARA, "1011"), setup(RE, "1011"), stage(), phase("movement"), move(PARA, "1011", "1111")]
    assert rules(*base, destroy(PARA, "1111")) == []  # 1 + 3 of 5 MP
    errs = errors(*base, move(PARA, "1111", "1211", "1311"), destroy(PARA, "1311"))  # 3 + 3
    assert [e["rule"] for e in errs] == ["TIS 22.1.7"] and "it costs 3 MP" in errs[0]["message"]


def test_22_1_7_the_3_mp_count_against_a_later_move():
    base = [setup(PARA, "1011"), setup(RE, "1011"), stage(), phase("movement"), destroy(PARA, "1011")]
    assert rules(*base, move(PARA, "1011", "1111", "1211")) == []  # 3 + 2
    assert rules(*base, move(PARA, "1011", "1111", "1211", "1311")) == ["TIS 4.2.2"]  # 3 + 3


def test_22_1_7_on_the_objects_hex_in_the_own_movement_phase():
    assert rules(setup(PARA, "1011"), setup(RE, "1011"), stage(), phase("movement"),
                 destroy(PARA, "1111")) == ["TIS 22.1.7"]
    assert rules(setup(PARA, "1011"), setup(RE, "1011"), stage(), phase("combat"),
                 destroy(PARA, "1011")) == ["TIS 22.1.7"]


def test_22_1_7_needs_an_engineer_of_its_division_in_range():
    base = [stage(), phase("movement"), destroy(PARA, "1111")]
    assert rules(setup(PARA, "1111"), setup(RE, "0811"), *base) == []  # 3 hexes: 3 of its 5 MP
    errs = errors(setup(PARA, "1111"), *base)
    assert [e["rule"] for e in errs] == ["TIS 22.1.7"] and "no engineer" in errs[0]["message"]
    assert rules(setup(PARA, "1511"), setup(RE, "0811"), stage(), phase("movement"),
                 destroy(PARA, "1511")) == ["TIS 22.1.7"]  # 7 hexes


def test_22_1_7_hqs_do_not_destroy_objects():
    errs = errors(setup(HQ, "1111"), setup(RE, "1111"), stage(), phase("movement"), destroy(HQ, "1111"))
    assert [e["rule"] for e in errs] == ["TIS 22.1.7"] and "HQs do not destroy objects" in errs[0]["message"]


def test_28_1_6_commandos_destroy_objects_by_themselves_for_2_mp(tmp_path):
    cdo = "gb.cdo"
    g = world(tmp_path, counters=[unit(cdo, "commando", "gb_xxx", "allies", [3, 2, 1], 5, ["infantry"])])
    base = [setup(cdo, "1011"), stage(), phase("movement")]
    assert rules_in(g, *base, move(cdo, "1011", "1111", "1211", "1311"), destroy(cdo, "1311")) == []  # 3 + 2
    assert rules_in(g, *base, move(cdo, "1011", "1111", "1211", "1311", "1411"),
                    destroy(cdo, "1411")) == ["TIS 28.1.6"]  # 4 + 2


# ---- [22.1.5] repairing a damaged object ------------------------------------------------------------------------
def test_22_1_5_engineers_on_the_hex_repair_a_damaged_object_for_3_mp():
    damaged = destroy(None, "1111", marker="object_damaged")
    base = [damaged, setup(RE, "1111"), stage(), phase("movement")]
    assert rules(*base, destroy(RE, "1111", on=False, marker="object_damaged")) == []
    assert rules(damaged, setup(PARA, "1111"), stage(), phase("movement"),
                 destroy(PARA, "1111", on=False, marker="object_damaged")) == ["TIS 22.1.5"]
    errs = errors(damaged, setup(RE, "0811"), stage(), phase("movement"), move(RE, "0811", "0911", "1011", "1111"),
                  destroy(RE, "1111", on=False, marker="object_damaged"))  # 3 + 3 of 5
    assert [e["rule"] for e in errs] == ["TIS 22.1.5"] and "it costs 3 MP" in errs[0]["message"]


# ---- [22.3] rebuilding destroyed objects ------------------------------------------------------------------------
def test_22_3_2_an_airfield_takes_3_stages_on_the_hex():
    gone = [destroy(None, "1111", "airfield"), setup(RE, "1111")]
    rebuilt = destroy(RE, "1111", "airfield", on=False)
    assert rules(*gone, stage(1), stage(2), stage(3), phase("movement"), rebuilt) == []
    errs = errors(*gone, stage(1), stage(2), phase("movement"), rebuilt)
    assert [e["rule"] for e in errs] == ["TIS 22.3.2"] and "takes 3" in errs[0]["message"]


def test_22_3_3_the_stay_counts_from_the_engineers_arrival():
    # the engineer reaches the railroad at 1111 on stage 1: rebuilt on stage 2, not on stage 1
    base = [destroy(None, "1111"), setup(RE, "1011"), stage(1), phase("movement"), move(RE, "1011", "1111")]
    assert rules(*base, stage(2), phase("movement"), destroy(RE, "1111", on=False)) == []
    assert rules(*base, destroy(RE, "1111", on=False)) == ["TIS 22.3.2"]


def test_22_3_1_only_engineers_rebuild():
    assert rules(destroy(None, "1111"), setup(PARA, "1111"), stage(1), stage(2), phase("movement"),
                 destroy(PARA, "1111", on=False)) == ["TIS 22.3.1"]


def test_22_3_2_the_bridges_rebuilding_time_is_could_not_check():
    found = findings(destroy(None, "1111", "bridge"), setup(RE, "1111"), stage(), phase("movement"),
                     destroy(RE, "1111", "bridge", on=False))
    assert [f["rule"] for f in found if f["severity"] == "error"] == []
    assert any(f["rule"] == "TIS 22.3.2" and "19.2.2" in f["message"] for f in found)


# ---- [24.2] a destroyed ferry -----------------------------------------------------------------------------------
def test_24_2_3_a_destroyed_ferry_is_not_rebuilt_nor_used(game):  # noqa: F811 - the fixture
    base = [destroy(None, "1111", "ferry"), setup(IG2, "1111"), stage(), phase("movement")]
    assert rules_in(game, *base, move(IG2, "1111", "1211")) == ["TIS 4.1.1"]
    assert rules_in(game, setup(IG2, "1111"), stage(), phase("movement"), move(IG2, "1111", "1211")) == []
    assert rules_in(game, *base, setup(RE, "1111"), destroy(RE, "1111", "ferry", on=False)) == ["TIS 24.2.3"]
