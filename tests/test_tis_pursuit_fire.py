"""TiS pursuit limits and artillery-fire rules that had no test: artillery does not pursue except self-propelled
[7.5.6], pursuit after an elimination [7.5.7], pursuit across rivers [7.6.3]-[7.6.5], no single-handed fire at
counterattackers [8.2.5], range and once a stage across support, barrage and single-handed fire [9.2.1], and field
artillery in an enemy ZoC [9.2.4]. Each with a breaking and a legal log written from the rulebook.

Map facts used (bundled Arnhem map): hexes 2117-2317 and 2016-2018 are clear, the hexside 2117|2216 is a small
river; 1108|1109 is the Neder Rijn (big river) with clear hexes 1008-1110 round it; 2219|2220 is the bridged
Maas-Waal canal (small river and bridge).
"""

from __future__ import annotations

import json
import shutil

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_artillery import patched
from tests.test_tis_combat import IG2, IG3, RA147, attack, loss, odds, result, retreat, roll
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, errors, move, phase, rules, setup, stage
from tests.test_tis_results import ALR, RA116, SPOTTER, advance, fire

ENGINEER = "gb.1ab.re"


def patched_rules(tmp_path, *events: dict, units: dict[str, dict] | None = None) -> list[str]:
    """Error rules of a log against a copy of the Arnhem data whose counters get ``units`` merged in by id."""
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    path = tmp_path / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    for u in data["counters"]:
        u.update((units or {}).get(u["id"], {}))
    path.write_text(json.dumps(data))
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", tmp_path / "games" /
                        "arnhem44.json", "arnhem").to_dict()["findings"]
    return [f["rule"] for f in found if f["severity"] == "error"]


def eliminated(u: str) -> dict:
    return {"type": "loss", "unit": u, "eliminated": True, "reason": "combat"}


def kill_garrison(att: list[str], att_hex: str, dfn_hex: str, *after: dict, extra: tuple[dict, ...] = (),
                  said: str = "2:1") -> list[dict]:
    """``att`` (at ``att_hex``) attack the garrison at ``dfn_hex``; a 2 at 2:1 is B2 and the casualty roll
    eliminates it (the garrison's losses logged as elimination), so nothing retreats; then ``after``."""
    return [*(setup(u, att_hex) for u in att), setup(GARRISON, dfn_hex), *extra, stage(), phase("combat"),
            attack(att, [GARRISON]), odds(said), roll(1, 1), result("B2"), eliminated(GARRISON), *after,
            phase("supply")]


# ---- [7.5.6] artillery does not pursue, self-propelled artillery may -------------------------------------------
def test_7_5_6_field_artillery_that_fought_directly_may_not_pursue():
    found = rules(*kill_garrison([PARA, PARA2, ALR], "1111", "1211", advance(ALR, "1111", "1211"),
                                 said="3:1"))
    assert found == ["TIS 7.5.6"]


def test_7_5_6_self_propelled_artillery_may_pursue(tmp_path):
    sp = {ALR: {"symbol": {"types": ["artillery", "self_propelled"]}}}
    assert patched_rules(tmp_path, *kill_garrison([PARA, PARA2, ALR], "1111", "1211",
                                                  advance(ALR, "1111", "1211"), said="3:1"), units=sp) == []


# ---- [7.5.7] after an elimination: into its hex and up to 2 hexes, stopping in an enemy ZoC ------------------------
def test_7_5_7_after_an_elimination_the_pursuer_enters_the_hex_and_2_more():
    assert rules(*kill_garrison([PARA, PARA2], "1111", "1211", advance(PARA, "1111", "1211", "1311", "1411"))) == []


def test_7_5_7_a_third_hex_beyond_the_eliminated_units_hex_is_flagged():
    found = rules(*kill_garrison([PARA, PARA2], "1111", "1211",
                                 advance(PARA, "1111", "1211", "1311", "1411", "1511")))
    assert found == ["TIS 7.5.7"]


def test_7_5_7_the_pursuer_stops_on_entering_an_enemy_zoc():
    # SS PGR 1 at 1512 projects its ZoC onto 1411 but not onto 1311 or the paratroops' 1111
    extra = (setup(PGR, "1512"),)
    ok = kill_garrison([PARA, PARA2], "1111", "1211", advance(PARA, "1111", "1211", "1311", "1411"), extra=extra)
    assert rules(*ok) == []
    bad = kill_garrison([PARA, PARA2], "1111", "1211", advance(PARA, "1111", "1211", "1311", "1411", "1412"),
                        extra=(setup(PGR, "1513"),))
    assert rules(*bad) == ["TIS 7.5.7"]


# ---- [7.6.3]-[7.6.5] pursuit across rivers ---------------------------------------------------------------------
def test_7_6_4_infantry_pursues_across_a_big_river_and_stops_there():
    # the garrison is eliminated at 1109 on the Neder Rijn; the paratroops enter its hex and cross to 1108
    assert rules(*kill_garrison([PARA, PARA2], "1110", "1109", advance(PARA, "1110", "1109", "1108"))) == []
    found = rules(*kill_garrison([PARA, PARA2], "1110", "1109", advance(PARA, "1110", "1109", "1108", "1008")))
    assert found == ["TIS 7.6.4"]


def test_7_6_4_armour_may_not_pursue_across_a_big_river():
    found = rules(*kill_garrison([IG2, IG3], "1110", "1109", advance(IG2, "1110", "1109", "1108")))
    assert found == ["TIS 7.6.4"]
    assert rules(*kill_garrison([IG2, IG3], "1110", "1109", advance(IG2, "1110", "1109"))) == []


def small_river_battle(*after: dict, extra: tuple[dict, ...] = (), att: tuple[str, str] = (IG2, IG3)) -> list[dict]:
    """2 IG and 3 IG (armour, 10 SP) at 2216 attack the garrison across the small river at 2117|2216 (edge -1
    [7.3.5]: 1:1); a 2 is B2 and sends
    the garrison west, 2117 -> 2017 -> 1917."""
    return [*(setup(u, "2216") for u in att), setup(GARRISON, "2117"), *extra, stage(), phase("combat"),
            attack(list(att), [GARRISON]), odds("1:1"), roll(1, 1), result("B2"), loss(GARRISON, 1),
            retreat(GARRISON, "2117", "2017", "1917"), *after, phase("supply")]


def test_7_6_3_armour_pursues_across_a_small_river_only_with_an_engineer_of_its_corps(tmp_path):
    chase = advance(IG2, "2216", "2117")
    assert rules(*small_river_battle(chase)) == ["TIS 7.6.3"]
    xxx = {ENGINEER: {"formation": "gb_xxx"}}
    assert patched_rules(tmp_path, *small_river_battle(chase, extra=(setup(ENGINEER, "2216"),)), units=xxx) == []


def test_7_6_3_after_crossing_a_small_river_armour_does_not_pursue_on(tmp_path):
    xxx = {ENGINEER: {"formation": "gb_xxx"}}
    found = patched_rules(tmp_path, *small_river_battle(advance(IG2, "2216", "2117", "2017"),
                                                        extra=(setup(ENGINEER, "2216"),)), units=xxx)
    assert found == ["TIS 7.6.3"]


def test_7_6_3_infantry_pursues_across_a_small_river_without_an_engineer():
    # two battalions (10 SP) make the same 1:1 attack; the chase needs no engineer and may go on [7.6.3] last
    # sentence, along the retreat route
    assert rules(*small_river_battle(advance(PARA, "2216", "2117", "2017"), att=(PARA, PARA2))) == []


def test_7_6_5_across_a_bridge_the_river_limits_do_not_apply():
    # the Maas-Waal canal bridge 2219|2220: 2 IG crosses it in pursuit after an elimination and goes on
    found = rules(*kill_garrison([IG2, IG3], "2218", "2219", advance(IG2, "2218", "2219", "2220")))
    assert found == []


# ---- [8.2.5] no single-handed fire at counterattackers ----------------------------------------------------------
def test_8_2_5_single_handed_fire_at_a_counterattacker_is_flagged():
    base = [setup(PARA, "1111"), setup(PGR, "1209"), setup(GARRISON, "1311"), setup(RA147, "1115"),
            setup(RA116, "1116"), stage(), phase("counterattack"), move(PGR, "1209", "1210"), phase("combat"),
            attack([PGR], [PARA]), odds("1:1")]
    errs = errors(*base, fire([RA147, RA116], [PGR], "fire"))
    assert [e["rule"] for e in errs] == ["TIS 8.2.5"] and "counterattacked" in errs[0]["message"]
    assert rules(*base, fire([RA147, RA116], [GARRISON], "fire")) == []


# ---- [9.2.1] range and once a stage, across every kind of fire ----------------------------------------------------
def test_9_2_1_a_barrage_beyond_the_fire_range_is_flagged():
    # 147 RA's range is 8 hexes (scenario); from 0115 the garrison at 1211 is 11 hexes away
    base = [setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211"), stage(), phase("barrage")]
    errs = errors(setup(RA147, "0115"), *base, fire([RA147, RA116, ALR], [GARRISON], "barrage"))
    assert [e["rule"] for e in errs] == ["TIS 9.2.1"] and "beyond its fire range of 8" in errs[0]["message"]
    assert rules(setup(RA147, "0715"), *base, fire([RA147, RA116, ALR], [GARRISON], "barrage")) == []


def test_9_2_1_artillery_that_fired_a_barrage_does_not_fire_again_that_stage():
    base = [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211"),
            stage(), phase("barrage"), fire([RA147, RA116, ALR], [GARRISON], "barrage"), phase("combat")]
    errs = errors(*base, fire([RA147, RA116], [GARRISON], "fire"))
    assert [e["rule"] for e in errs] == ["TIS 9.2.1", "TIS 9.2.1"] and "second time" in errs[0]["message"]
    # the next stage it fires again
    assert rules(*base, phase("supply"), stage(2), phase("combat"), fire([RA147, RA116], [GARRISON], "fire")) == []


def test_9_2_1_support_then_single_handed_fire_in_one_stage_is_flagged():
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup(NIJ := "de.inf.nijmegen",
                                                                                       "1213"),
            setup(RA147, "1115"), setup(RA116, "1116"), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON], support=[RA147]), odds("3:1")]
    assert rules(*base, fire([RA116, RA147], [NIJ], "fire")) == ["TIS 9.2.1"]


# ---- [9.2.4] field artillery in an enemy ZoC ---------------------------------------------------------------------
def test_9_2_4_artillery_in_an_enemy_zoc_fires_only_stacked_with_a_line_unit():
    # 147 RA at 1210 is in the garrison's ZoC (1211)
    base = [setup(RA147, "1210"), setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211")]
    barrage = [stage(), phase("barrage"), fire([RA147, RA116, ALR], [GARRISON], "barrage")]
    errs = errors(*base, *barrage)
    assert [e["rule"] for e in errs] == ["TIS 9.2.4"] and "147" in errs[0]["message"]
    assert rules(*base, setup(PARA, "1210"), *barrage) == []


def test_7_6_1_a_retreat_across_a_small_river_after_a_chase_to_its_line_costs_an_ep():
    # the battalions at 2017 beat the garrison at 2117 (2:1, B2); it retreats east across the small river
    # 2117|2216 to 2316; the paratroops chase it into 2117, the river line [7.6.2]: 1-12 SP lose 1 EP [7.6.1]
    def log(*after: dict) -> list[dict]:
        return [setup(PARA, "2017"), setup(PARA2, "2017"), setup(GARRISON, "2117"), stage(), phase("combat"),
                attack([PARA, PARA2], [GARRISON]), odds("2:1"), roll(1, 1), result("B2"), loss(GARRISON, 1),
                retreat(GARRISON, "2117", "2216", "2316"), *after, phase("supply")]

    chase = advance(PARA, "2017", "2117")
    errs = errors(*log(chase))
    assert [e["rule"] for e in errs] == ["TIS 7.2.6"] and "small river" in errs[0]["message"]
    # no German engineer reaches 2216, the far bank: "the units lose an additional 2 EP (per stack)" [7.6.1], 3 in all
    errs = errors(*log(chase, {"type": "loss", "unit": GARRISON, "steps": 1, "reason": "retreat"}))
    assert [e["rule"] for e in errs] == ["TIS 7.2.6"] and "no friendly engineer's range reaches 2216" in \
        errs[0]["message"]
    assert rules(*log(chase, {"type": "loss", "unit": GARRISON, "steps": 3, "reason": "retreat"})) == []
    assert rules(*log()) == []  # no chase, no river loss [7.6.2]


def test_7_6_1_a_friendly_engineer_in_range_of_the_far_bank_spares_the_2_ep(tmp_path):
    """[7.6.1]: the extra 2 EP only when the hex retreated to "is not in range of allied engineer units" ([20.1.6]:
    the engineer could reach it spending its MP). Here the Grave garrison is made an engineer battalion at 2416,
    2 hexes from the far bank 2216: only the 1 EP for 1-12 SP is owed, and paying 3 is two too many."""
    eng = {"de.inf.grave": {"class": "engineer"}}

    def log(n: int) -> list[dict]:
        return [setup(PARA, "2017"), setup(PARA2, "2017"), setup(GARRISON, "2117"), setup("de.inf.grave", "2416"),
                stage(), phase("combat"), attack([PARA, PARA2], [GARRISON]), odds("2:1"), roll(1, 1), result("B2"),
                loss(GARRISON, 1), retreat(GARRISON, "2117", "2216", "2316"), advance(PARA, "2017", "2117"),
                {"type": "loss", "unit": GARRISON, "steps": n, "reason": "retreat"}, phase("supply")]

    assert patched_rules(tmp_path / "a", *log(1), units=eng) == []
    assert patched_rules(tmp_path / "b", *log(3), units=eng) == ["TIS 7.2.6"]


def test_7_6_1_policy_river_retreat_engineers_same_command(tmp_path):
    """[7.6.1] says "allied engineer units": by default any friendly engineer counts; policy
    river_retreat_engineers same_command counts only one of the retreating unit's command, as crossings do [25.1.3].
    SS PGR 2 (9th SS) made an engineer at 2416 spares the Arnhem garrison (Heer) the 2 EP only by default."""
    eng = {"de.9ss.pgr2": {"class": "engineer"}}

    def log(n: int) -> list[dict]:
        return [setup(PARA, "2017"), setup(PARA2, "2017"), setup(GARRISON, "2117"), setup("de.9ss.pgr2", "2416"),
                stage(), phase("combat"), attack([PARA, PARA2], [GARRISON]), odds("2:1"), roll(1, 1), result("B2"),
                loss(GARRISON, 1), retreat(GARRISON, "2117", "2216", "2316"), advance(PARA, "2017", "2117"),
                {"type": "loss", "unit": GARRISON, "steps": n, "reason": "retreat"}, phase("supply")]

    def errs(n: int, policy: str, sub: str) -> list[str]:
        found = patched(tmp_path / sub, *log(n), counters=eng, policies={"river_retreat_engineers": policy})
        return [f["rule"] for f in found if f["severity"] == "error"]

    assert errs(1, "any_friendly", "a") == []
    assert errs(1, "same_command", "b") == ["TIS 7.2.6"]
    assert errs(3, "same_command", "c") == []
