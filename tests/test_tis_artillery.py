"""TiS artillery, each rule with a breaking and a legal log written from the rulebook: the command restriction on
support [9.2.7] (policy artillery_command, the scenario's ra_support widening), the strength artillery supports and
fights with [9.4.1], [9.5.1], and single-handed fire at objects [9.6.5].

Bundled figures: 147 RA and 116 RA (XXX Corps, motorized) 4 SP with an 8-hex range, 1 ALR (1st Airborne,
non-motorized) 3 SP range 4, 9 SS AR (9th SS Panzer Division under II SS Panzer Corps, self-propelled) 3 SP range 5;
parachute battalions 5 SP, the Arnhem garrison (German army units) 4 SP, 10 SS PGR 5 SP. Hexes 1111/1211 are clear.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_combat import IG3, RA147, attack, odds
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, errors, phase, rules, setup, stage
from tests.test_tis_results import ALR, SPOTTER, fire

PARA3, ART9, PGR10 = "gb.1ab.1para.3", "de.9ss.art", "de.10ss.pgr"


def patched(tmp_path: Any, *events: dict, counters: dict[str, dict] | None = None, drop_rules: tuple[str, ...] = (),
            tables: dict[str, Any] | None = None, scenario_rules: tuple[dict, ...] = (),
            policies: dict[str, Any] | None = None) -> list[dict]:
    """Findings of a log (scenario I) against a copy of the Arnhem data: counters merged by id, scenario special
    rules dropped by id or added, game tables replaced (None deletes one), policies set."""
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    cpath = tmp_path / "counters" / "arnhem44.json"
    data = json.loads(cpath.read_text())
    for u in data["counters"]:
        u.update((counters or {}).get(u["id"], {}))
    cpath.write_text(json.dumps(data))
    spath = tmp_path / "scenarios" / "arnhem44" / "arnhem.json"
    scen = json.loads(spath.read_text())
    scen["special_rules"] = [r for r in scen["special_rules"] if r["id"] not in drop_rules] + list(scenario_rules)
    spath.write_text(json.dumps(scen))
    gpath = tmp_path / "games" / "arnhem44.json"
    game = json.loads(gpath.read_text())
    for k, v in (tables or {}).items():
        if v is None:
            game["rules"]["tables"].pop(k, None)
        else:
            game["rules"]["tables"][k] = v
    game["rules"]["policies"] = policies or {}
    gpath.write_text(json.dumps(game))
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, *events]
    return check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", gpath,
                       "arnhem").to_dict()["findings"]


def err_rules(found: list[dict]) -> list[str]:
    return [f["rule"] for f in found if f["severity"] == "error"]


# ---- [9.2.7] command ----------------------------------------------------------------------------------------------
def _support(sup: str, att: list[str], where: str = "1117") -> list[dict]:
    """``att`` at 1111 attack the garrison at 1211 with ``sup`` (at ``where``) supporting."""
    return [*(setup(u, "1111") for u in att), setup(GARRISON, "1211"), setup(sup, where), stage(), phase("combat"),
            attack(att, [GARRISON], support=[sup])]


def test_9_2_7_xxx_corps_artillery_supports_xxx_corps_units():
    # 3 IG (5 SP) + 147 RA (4 SP) against 4 SP: 2.25 -> 2:1
    assert rules(*_support(RA147, [IG3]), odds("2:1")) == []


def test_9_2_7_airborne_division_artillery_may_not_support_xxx_corps():
    # 1 ALR belongs to 1st Airborne, 3 IG to XXX Corps: no HQ of one is over the other
    errs = errors(*_support(ALR, [IG3], where="1113"), odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 9.2.7"]
    assert "1 ALR" in errs[0]["message"] and "not under its headquarters" in errs[0]["message"]


def test_9_2_7_xxx_corps_artillery_supports_1st_airborne_only_through_the_scenario_rule(tmp_path):
    # scenario rule ra_support (the designer's reading of the sheet's 8-hex note) lets 147 RA support 1 Para;
    # without it [9.2.7] forbids it: 1st Airborne is not under XXX Corps in the data
    legal = _support(RA147, [PARA, PARA2])
    assert rules(*legal, odds("3:1")) == []
    assert err_rules(patched(tmp_path, *legal, odds("3:1"), drop_rules=("ra_support",))) == ["TIS 9.2.7"]


def test_9_2_7_a_division_artillery_does_not_support_a_sister_division(tmp_path):
    # 9 SS AR (9th SS Pz Div) supporting 10 SS PGR: both divisions are under II SS Pz Corps, but the 10th is not
    # under the 9th's HQ; policy same_corps reads "same headquarters" as the same corps
    log = [setup(PGR10, "1211"), setup(PARA, "1111"), setup(ART9, "1214"), stage(),
           phase("combat", "germans"), attack([PGR10], [PARA], support=[ART9])]
    # 5 + 3 SP against 5: 1.6 -> 2:1
    assert err_rules(patched(tmp_path / "a", *log, odds("2:1"))) == ["TIS 9.2.7"]
    assert err_rules(patched(tmp_path / "b", *log, odds("2:1"), policies={"artillery_command": "same_corps"})) == []
    # the 9th's artillery supports its own division
    own = [setup(PGR, "1211"), setup(PARA, "1111"), setup(ART9, "1214"), stage(), phase("combat", "germans"),
           attack([PGR], [PARA], support=[ART9])]
    assert err_rules(patched(tmp_path / "c", *own, odds("2:1"))) == []


def test_9_2_7_corps_artillery_supports_a_subordinate_division(tmp_path):
    # "(corps and army artillery)": the same battery as II SS Panzer Corps artillery supports the 10th SS
    log = [setup(PGR10, "1211"), setup(PARA, "1111"), setup(ART9, "1214"), stage(), phase("combat", "germans"),
           attack([PGR10], [PARA], support=[ART9]), odds("2:1")]
    assert err_rules(patched(tmp_path, *log, counters={ART9: {"formation": "de_2sspz"}})) == []


def test_9_2_7_defensive_support_follows_the_same_command(tmp_path):
    # 9 SS AR supports the defence of the garrison (German army units, not under the 9th SS)
    log = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(PARA3, "1111"), setup(GARRISON, "1211"),
           setup(ART9, "1214"), stage(), phase("combat"), attack([PARA, PARA2, PARA3], [GARRISON], support=[ART9])]
    assert rules(*log, odds("2:1")) == ["TIS 9.2.7"]


# ---- strength [9.4.1], [9.2.6], [9.5.1] ----------------------------------------------------------------------------
def test_9_4_1_defensive_support_adds_half_the_fire_strength(tmp_path):
    # 15 SP against the garrison 4 + 9 SS AR 3 / 2 = 2 (halves round up [3.4.2]): 15/6 = 2.5 -> 2:1; at full
    # strength it would be 15/7 -> 2:1 too, so the check is on 10 SP: 10/6 = 1.67 -> 2:1, at full 10/7 -> 1:1
    any_ = {"artillery_command": "any"}

    def log(att: list[str], said: str) -> list[dict]:
        return [*(setup(u, "1111") for u in att), setup(GARRISON, "1211"), setup(ART9, "1214"), stage(),
                phase("combat"), attack(att, [GARRISON], support=[ART9]), odds(said)]

    assert err_rules(patched(tmp_path / "a", *log([PARA, PARA2], "2:1"), policies=any_)) == []
    assert err_rules(patched(tmp_path / "b", *log([PARA, PARA2], "1:1"), policies=any_)) == ["TIS 3.4.1"]
    # without the support 15/4 = 3.75 -> 4:1; with it 15/6 = 2.5 -> 2:1
    assert err_rules(patched(tmp_path / "c", *log([PARA, PARA2, PARA3], "4:1"), policies=any_)) == ["TIS 3.4.1"]


def test_9_5_1_artillery_fighting_directly_counts_1_sp():
    # 1 ALR alone against the garrison: 1 SP against 4 is 1:4 (its 3 SP would make 1:1)
    log = [setup(ALR, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"), attack([ALR], [GARRISON])]
    assert rules(*log, odds("1:4")) == []
    errs = errors(*log, odds("1:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "1 SP against 4 SP" in errs[0]["message"]


# ---- [9.6.5] fire at an object ------------------------------------------------------------------------------------
def _object_fire(guns: list[str], target: str = "1211") -> dict:
    return {"type": "attack", "kind": "fire", "attackers": guns, "hex": target}


def test_9_6_5_single_handed_fire_at_an_object_needs_3_sp():
    base = [setup(ALR, "1111"), stage(), phase("combat")]
    assert rules(*base, _object_fire([ALR])) == []  # 3 SP: enough for an object, not for units (7 SP [9.6.2])
    weak = [setup(ALR, "1111"), {"type": "loss", "unit": ALR, "steps": 1, "reason": "combat"}, stage(),
            phase("combat"), _object_fire([ALR])]
    errs = errors(*weak)
    assert [e["rule"] for e in errs] == ["TIS 9.6.5"] and "with 2 SP" in errs[0]["message"]


def test_9_6_5_an_object_out_of_range_is_flagged():
    # 1 ALR's range is 4 hexes; 1611 is 5 hexes from 1111
    assert rules(setup(ALR, "1111"), stage(), phase("combat"), _object_fire([ALR], "1611")) == ["TIS 9.2.1"]
    assert rules(setup(ALR, "1111"), stage(), phase("combat"), _object_fire([ALR], "1511")) == []


def test_9_6_2_units_still_need_7_sp():
    assert rules(SPOTTER, setup(ALR, "1114"), setup(GARRISON, "1211"), stage(), phase("combat"),
                 fire([ALR], [GARRISON], "fire")) == ["TIS 9.6.2"]

