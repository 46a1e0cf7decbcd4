"""TiS river crossings in movement, breaking and legal logs written from the rulebook: the small-river crossing
procedure [25.1] with the engineers' range [20.1.6] and actions [20.1.4], engineers' own crossings [20.1.1],
pontoon-bridge columns [36.1], and ferries [24.1] (on a copy of the map with a ferry; the Arnhem map has none).

The Maas-Waal canal (small river) runs between 2117|2216, 2117|2217, 2118|2217, 2118|2218, 2119|2218; the hexes
around it are clear (armoured 1 MP, motorized 2 MP). Guards armour (2 IG, 2 GG) and 8th Armoured Brigade have 10 MP
and belong to XXX Corps; 1st Airborne's engineers (gb.1ab.re) do not. The tests add a XXX Corps engineer company
(motorized, 8 MP, 2 SP: 2 actions a stage) and a XXX Corps pontoon-bridge column (motorized, 8 MP).
"""

from __future__ import annotations

import pytest

from tests.test_tis_movement import move, phase, setup, stage
from tests.tis_world import findings_in, rules_in, unit, world

IG2, GG2, AB8 = "gb.xxx.gds.2ig", "gb.xxx.gds.2gg", "gb.xxx.8ab.1"
XRE, PONT, AIRRE, SSHQ = "gb.xxx.re", "gb.xxx.pontoon", "gb.1ab.re", "de.9ss.hq"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    extra = [unit(XRE, "engineer", "gb_xxx", "allies", [2, 1], 8, ["engineer", "motorized"], size="I"),
             unit(PONT, "pontoon", "gb_xxx", "allies", [2, 1], 8, ["pontoon", "motorized"], size="I")]

    def ferry(m: dict) -> None:  # a ferry over a big river between 1111 and 1211
        m["hexsides"] += [{"hexes": ["1111", "1211"], "type": "big_river"},
                          {"hexes": ["1111", "1211"], "type": "ferry"}]

    return world(tmp_path_factory.mktemp("w"), counters=extra, board=ferry,
                 game=lambda g: g["terrain"].update({"ferry": {"name": "Ferry", "kind": "hexside"}}))


def run(game, *events: dict) -> list[str]:
    return rules_in(game, *events)


# ---- [25.1] small-river crossing by armoured and motorized units ---------------------------------------------------
EAST = ["2216", "2217", "2218", "2318", "2317", "2316"]  # clear hexes east of the canal, adjacent in this order


def test_25_1_2_armour_crosses_from_its_starting_hex_for_half_its_mp(game):
    base = [setup(IG2, "2117"), setup(XRE, "2117"), stage(), phase("movement")]
    assert run(game, *base, move(IG2, "2117", *EAST)) == []  # 5 + 5 x 1 = 10 MP
    assert run(game, *base, move(IG2, "2117", *EAST, "2216")) == ["TIS 4.2.2"]  # 11 MP


def test_25_1_2_not_after_moving(game):
    assert run(game, setup(IG2, "2016"), setup(XRE, "2117"), stage(), phase("movement"),
               move(IG2, "2016", "2117", "2216")) == ["TIS 25.1.2"]


def test_25_1_3_an_engineer_of_the_units_corps_in_range(game):
    base = [setup(IG2, "2117"), stage(), phase("movement"), move(IG2, "2117", "2216")]
    assert run(game, setup(XRE, "1917"), *base) == []  # two clear hexes: 4 of its 8 MP
    assert run(game, setup(XRE, "1617"), *base) == ["TIS 25.1.3"]  # five hexes: 10 MP
    assert run(game, setup(AIRRE, "2117"), *base) == ["TIS 25.1.3"]  # 1st Airborne is not XXX Corps
    assert run(game, *base) == ["TIS 25.1.3"]


def test_20_1_4_helping_a_crossing_is_one_action_a_hex(game):
    base = [setup(IG2, "2117"), setup(GG2, "2118"), setup(AB8, "2119"), setup(XRE, "2118"), stage(),
            phase("movement"), move(IG2, "2117", "2216"), move(GG2, "2118", "2218")]
    assert run(game, *base) == []
    assert run(game, *base, move(AB8, "2119", "2218")) == ["TIS 20.1.4"]  # a third hex: 3 actions, 2 SP


def test_25_1_2_policy_half_mp_plus_terrain(tmp_path):
    g = world(tmp_path, counters=[unit(XRE, "engineer", "gb_xxx", "allies", [2, 1], 8, ["engineer", "motorized"])],
              game=lambda m: m["rules"].update({"policies": {"small_river_crossing": "half_mp_plus_terrain"}}))
    base = [setup(IG2, "2117"), setup(XRE, "2117"), stage(), phase("movement")]
    assert rules_in(g, *base, move(IG2, "2117", *EAST[:5])) == []  # 6 + 4
    assert rules_in(g, *base, move(IG2, "2117", *EAST)) == ["TIS 4.2.2"]


# ---- [20.1.1] engineers cross small rivers for 2 MP extra ------------------------------------------------------------
def test_20_1_1_an_engineer_crosses_a_small_river_for_2_extra_mp(game):
    base = [setup(XRE, "2016"), stage(), phase("movement")]
    assert run(game, *base, move(XRE, "2016", "2117", "2216")) == []  # 2 + (2 + 2) = 6 of 8
    assert run(game, *base, move(XRE, "2016", "2117", "2216", "2217")) == []  # 8
    assert run(game, *base, move(XRE, "2016", "2117", "2216", "2217", "2218")) == ["TIS 4.2.2"]


# ---- [36.1] pontoon-bridge columns ---------------------------------------------------------------------------------
def test_36_1_1_at_a_column_that_arrived_this_phase_armour_pays_5(game):
    arrive = [setup(PONT, "2016"), setup(IG2, "2016"), stage(), phase("movement"), move(PONT, "2016", "2117")]
    assert run(game, *arrive, move(IG2, "2016", "2117", *EAST[:4])) == []  # 1 + 6 + 3
    assert run(game, *arrive, move(IG2, "2016", "2117", *EAST[:5])) == ["TIS 4.2.2"]


def test_36_1_1_in_later_stages_the_pontoon_bridge_costs_nothing(game):
    assert run(game, setup(PONT, "2117"), setup(IG2, "2016"), stage(), phase("movement"),
               move(IG2, "2016", "2117", *EAST)) == []  # 1 + 1 + 5


def test_36_1_2_one_bridge_site_a_stage(game):
    base = [setup(PONT, "2016"), stage(), phase("movement"), move(PONT, "2016", "2117")]
    assert run(game, *base) == []
    assert run(game, *base, move(PONT, "2117", "2118")) == ["TIS 36.1.2"]


# ---- [24.1] ferries -----------------------------------------------------------------------------------------------
def test_24_1_2_a_ferry_crossing_from_the_ferry_hex_spends_all_mp(game):
    base = [setup(IG2, "1111"), stage(), phase("movement")]
    assert run(game, *base, move(IG2, "1111", "1211")) == []
    assert run(game, *base, move(IG2, "1111", "1211", "1311")) == ["TIS 4.2.2"]
    assert sorted(run(game, *base, move(IG2, "1111", "1211"), move(IG2, "1211", "1311"))) == \
        ["TIS 24.1.2", "TIS 4.2.2"]


def test_24_1_2_the_unit_stopped_on_the_ferry_hex_in_an_earlier_phase(game):
    assert run(game, setup(IG2, "1011"), stage(), phase("movement"), move(IG2, "1011", "1111", "1211")) == \
        ["TIS 24.1.2"]


def test_24_1_1_two_units_a_ferry_a_movement_phase(game):
    base = [setup(IG2, "1111"), setup(GG2, "1111"), setup(AB8, "1111"), stage(), phase("movement"),
            move(IG2, "1111", "1211"), move(GG2, "1111", "1211")]
    assert run(game, *base) == []
    assert run(game, *base, move(AB8, "1111", "1211")) == ["TIS 24.1.1"]


def test_24_1_3_both_banks_free_of_the_enemy(game):
    found = findings_in(game, setup(IG2, "1111"), setup(SSHQ, "1211"), stage(), phase("movement"),
                        move(IG2, "1111", "1211"))
    assert "TIS 24.1.3" in [f["rule"] for f in found if f["severity"] == "error"]
