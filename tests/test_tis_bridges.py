"""TiS bridges, breaking and legal logs written from the rulebook and the Arnhem scenario sheet: "Bridges are
destroyed under the same rules as other objects" [23.1.3] (3 MP, an engineer in range [22.1.7]; policy
``bridge_demolition``); "In the historical option British airborne units are not allowed to destroy the Arnhem
bridge" (scenario IV); building: "a) ... takes the square adjacent to the river ...; b) in the next own movement phase
the battalion moves to a free square on the other side of the river; c) at the beginning of the next own movement
phase the bridge is considered to be built" [23.2.2], "when it is forced to retreat it has to start the building
procedure again" [23.2.3], "on a small river, we skip point [23.2.2]c" [23.2.4] (policy ``bridge_building``); a blown
bridge no longer carries movement across its river, a built one does.

Map: the Waal road bridge 2516|2517 and the Neder Rijn road bridge 2806|2807 (big river, city hexes on both sides);
the Neder Rijn between 1108 and 1109 (big river, clear); the Maas-Waal canal between 2117 and 2216 (small river).
Paratroops 5 MP; 1st Airborne's engineers (gb.1ab.re) 5 MP on foot (1 + 4 across a big river, 1 + 1 across a small one).
"""

from __future__ import annotations

import json

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_combat import GARRISON, result
from tests.test_tis_engineers import RE, bridge
from tests.test_tis_movement import PARA, PARA2, errors, move, phase, rules, setup, stage
from tests.test_tis_results import roll

ARNHEM = REPO / "games" / "arnhem44.json"
PL = "pl.1para.1"


def market_garden(*events: dict, options: dict | None = None) -> list[str]:
    """Error rules of a log of scenario IV (Market-Garden)."""
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "market_garden", "options": options or {}},
           *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    found = check_bytes(data, "t.jsonl", ARNHEM, "market_garden").to_dict()["findings"]
    return [f["rule"] for f in found if f["severity"] == "error"]


# ---- scenario IV: the Arnhem bridge ---------------------------------------------------------------------------
def _blow_arnhem(u: str) -> list[dict]:
    return [setup(u, "2806"), stage(), phase("counterattack", "germans"), roll(3, 4, "bridge"),
            bridge(u, "2806", "2807", "blow")]


def test_scenario_iv_british_airborne_may_not_blow_the_arnhem_bridge_in_the_historical_option():
    assert market_garden(*_blow_arnhem(PARA)) == ["TIS scenario"]
    assert market_garden(*_blow_arnhem(PARA), options={"historical": False, "alternative": True}) == []
    assert market_garden(*_blow_arnhem(PL)) == []  # the Poles are not British
    assert market_garden(setup(PARA, "2517"), stage(), phase("counterattack", "germans"), roll(3, 4, "bridge"),
                         bridge(PARA, "2517", "2516", "blow")) == []  # the Waal bridge at Nijmegen


# ---- [23.1.3] a bridge blown in the movement phase follows [22.1.7] ---------------------------------------------
def test_23_1_3_blowing_a_bridge_in_the_movement_phase_costs_3_mp():
    base = [setup(PARA, "2518"), setup(RE, "2517"), stage(), phase("movement"), move(PARA, "2518", "2517")]
    assert rules(*base, bridge(PARA, "2517", "2516", "blow")) == []  # 1 + 3 of 5
    errs = errors(setup(PARA, "2619"), setup(RE, "2517"), stage(), phase("movement"),
                  move(PARA, "2619", "2618", "2518", "2517"), bridge(PARA, "2517", "2516", "blow"))
    assert [e["rule"] for e in errs] == ["TIS 23.1.3"] and "it costs 3 MP" in errs[0]["message"]


def test_23_1_3_with_an_engineer_in_range_unless_policy_line_unit(tmp_path):
    base = [setup(PARA, "2517"), stage(), phase("movement"), bridge(PARA, "2517", "2516", "blow")]
    errs = errors(*base)
    assert [e["rule"] for e in errs] == ["TIS 23.1.3"] and "no engineer" in errs[0]["message"]
    assert rules(*base, policies={"bridge_demolition": "line_unit"}, tmp_path=tmp_path) == []
    # the counterattack phase has its own procedure (the 2d6 roll [23.1.4]), not the object rules
    assert rules(setup(PARA, "2517"), stage(), phase("counterattack", "germans"), roll(3, 4, "bridge"),
                 bridge(PARA, "2517", "2516", "blow")) == []


def test_23_1_a_blown_bridge_no_longer_carries_movement_across_the_river():
    blown = [setup(PARA, "2517"), setup(PARA2, "2517"), stage(), phase("counterattack", "germans"),
             roll(3, 4, "bridge"), bridge(PARA, "2517", "2516", "blow"), stage(2), phase("movement")]
    assert rules(*blown, move(PARA2, "2517", "2516")) == []  # city 1 + big river 4 = 5 MP
    assert rules(*blown, move(PARA2, "2517", "2516", "2515")) == ["TIS 4.2.2"]
    assert rules(setup(PARA2, "2517"), stage(), phase("movement"), move(PARA2, "2517", "2516", "2515")) == []


# ---- [23.2.2]-[23.2.4] building ----------------------------------------------------------------------------------
BIG = [setup(RE, "1109"), stage(), phase("movement"), stage(2), phase("movement"), move(RE, "1109", "1108")]


def test_23_2_2_a_big_river_bridge_stands_a_stage_after_the_crossing():
    assert rules(*BIG, stage(3), phase("movement"), bridge(RE, "1109", "1108", "build")) == []
    errs = errors(*BIG, bridge(RE, "1109", "1108", "build"))
    assert [e["rule"] for e in errs] == ["TIS 23.2.2"] and "in the stage it crossed" in errs[0]["message"]


def test_23_2_2_the_engineer_first_stands_by_the_river_then_crosses():
    errs = errors(setup(RE, "1108"), stage(), stage(2), phase("movement"), bridge(RE, "1109", "1108", "build"))
    assert [e["rule"] for e in errs] == ["TIS 23.2.2"] and "without the building procedure" in errs[0]["message"]
    # reaching the river and crossing in the same stage is not the procedure either
    assert rules(setup(RE, "1209"), stage(), phase("movement"), move(RE, "1209", "1109"), stage(2),
                 phase("movement"), bridge(RE, "1109", "1108", "build")) == ["TIS 23.2.2"]


def test_23_2_3_a_retreat_starts_the_procedure_again():
    back = [phase("combat", "germans"), {"type": "attack", "attackers": [GARRISON], "defenders": [RE]},
            {"type": "odds", "odds": "1:1"}, roll(6, 6), result("A1"), {"type": "retreat", "unit": RE,
                                                                         "path": ["1108", "1107"]}]
    found = rules(*BIG[:1], setup(GARRISON, "1008"), *BIG[1:], *back, stage(3), phase("movement"),
                  move(RE, "1107", "1108"), bridge(RE, "1109", "1108", "build"))
    assert "TIS 23.2.2" in found


def test_23_2_4_on_a_small_river_the_bridge_stands_once_the_engineer_crossed(tmp_path):
    base = [setup(RE, "2117"), stage(), phase("movement"), stage(2), phase("movement"), move(RE, "2117", "2216")]
    assert rules(*base, bridge(RE, "2117", "2216", "build")) == []
    # reaching the river and crossing it in one movement phase is not the procedure
    late = [setup(RE, "2016"), stage(), phase("movement"), move(RE, "2016", "2117", "2216"),
            bridge(RE, "2117", "2216", "build")]
    errs = errors(*late)
    assert [e["rule"] for e in errs] == ["TIS 23.2.4"]
    assert rules(*late, policies={"bridge_building": "event_only"}, tmp_path=tmp_path) == []


def test_23_2_a_built_bridge_carries_armour_across_the_small_river():
    ig2 = "gb.xxx.gds.2ig"  # XXX Corps armour: no engineer of its corps on the map
    built = [setup(RE, "2117"), setup(ig2, "2117"), stage(), phase("movement"), stage(2), phase("movement"),
             move(RE, "2117", "2216"), bridge(RE, "2117", "2216", "build")]
    assert rules(*built, move(ig2, "2117", "2216")) == []
    assert rules(*built[:-2], move(ig2, "2117", "2216")) == ["TIS 25.1.3"]
