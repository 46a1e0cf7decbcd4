"""TiS counterattack details [8.2.1] (second sentence), [8.2.2], and the fighter attack's Z result, breaking and legal
logs written from the rulebook: "A unit that was adjacent to the attacking unit before its movement cannot be
counterattacked" [8.2.1]; "A unit can't make a counterattack from a square where another allied unit stays" [8.2.2];
Fighter Attacks on Units table: "Z – unit stopped (unit can use only half of its MP and it cannot make
counterattacks)".

The Allies are the phasing player; the Germans counterattack in the counterattack phase [8.1.1]. Hexes 1211-1412 are
clear; 1411 touches 1311 and 1312; 1312 touches 1311 and 1212. The 1st Airborne HQ is no line unit and has no ZoC
[14.1.1] (entrenched here, so it need not fight [7.1.3]).
"""

from __future__ import annotations

from tests.test_tis_combat import IG2, attack
from tests.test_tis_movement import PARA, PGR, PGR2, ROW11, errors, move, phase, rules, setup, stage

HQ = "gb.1ab.hq"


def marker(u: str, m: str, on: bool = True) -> dict:
    return {"type": "marker", "unit": u, "marker": m, "on": on}


def _set(*extra: dict) -> list[dict]:
    return [setup(HQ, "1311"), marker(HQ, "entrenched"), setup(PARA, "1212"), setup(PGR, "1411"), *extra, stage(),
            phase("movement"), phase("counterattack")]


# ---- [8.2.1] second sentence ---------------------------------------------------------------------------------------
def test_8_2_1_a_unit_adjacent_before_the_counterattack_move_cannot_be_counterattacked():
    # 9 SS PzGren at 1411 is next to the HQ at 1311 before it moves to 1312 (into the ZoC of 1 Para at 1212)
    base = [*_set(), move(PGR, "1411", "1312"), phase("combat")]
    errs = errors(*base, attack([PGR], [PARA, HQ]))
    assert [e["rule"] for e in errs] == ["TIS 8.2.1"] and "adjacent to it before its counterattack move" in \
        errs[0]["message"]
    # attacking 1 Para alone is legal, and the HQ's hex is not owed by [8.1.2]
    assert rules(*base, attack([PGR], [PARA]), phase("supply")) == []


def test_8_2_1_a_unit_the_counterattacker_moved_next_to_may_be_counterattacked():
    # the HQ at 1313 is not next to 1411; 9 SS PzGren's move to 1312 brings it next to it: it may be attacked
    base = [setup(HQ, "1313"), marker(HQ, "entrenched"), setup(PARA, "1212"), setup(PGR, "1411"), stage(),
            phase("movement"), phase("counterattack"), move(PGR, "1411", "1312"), phase("combat")]
    assert "TIS 8.2.1" not in rules(*base, attack([PGR], [PARA, HQ]))
    # and leaving it out is then a breach of [8.1.2]
    assert "TIS 8.1.2" in rules(*base, attack([PGR], [PARA]), phase("supply"))


# ---- [8.2.2] ---------------------------------------------------------------------------------------------------------
def test_8_2_2_no_counterattack_out_of_a_hex_where_another_friendly_unit_stays():
    fight = [phase("combat"), attack([PGR], [PARA]), phase("supply")]
    errs = errors(*_set(setup(PGR2, "1411")), move(PGR, "1411", "1312"), *fight)
    assert [e["rule"] for e in errs] == ["TIS 8.2.2"] and "where SS PGR 2" in errs[0]["message"]
    # the whole stack counterattacks: legal
    both = [*_set(setup(PGR2, "1411")), {"type": "move", "unit": PGR, "path": ["1411", "1312"], "stack": [PGR2]},
            move(PGR2, "1411", "1312"), phase("combat"), attack([PGR, PGR2], [PARA]), phase("supply")]
    assert rules(*both) == []


def test_8_2_2_policy_destination(tmp_path):
    # read as the hex counterattacked from: 9 SS PzGren joins 9 SS PzGren II, which stays at 1312 without
    # counterattacking; its own hex at 1411 holds nobody else
    base = [setup(PGR2, "1312"), *_set(), move(PGR, "1411", "1312"), phase("combat")]
    assert "TIS 8.2.2" in rules(*base, policies={"counterattack_from": "destination"}, tmp_path=tmp_path)
    assert "TIS 8.2.2" not in rules(*base)


# ---- the fighter attack's Z ---------------------------------------------------------------------------------------
def test_fighter_z_a_stopped_unit_cannot_counterattack():
    errs = errors(*_set(), marker(PGR, "stopped"), move(PGR, "1411", "1312"))
    assert [e["rule"] for e in errs] == ["TIS 26.4.13"] and "cannot make counterattacks" in errs[0]["message"]
    assert "TIS 26.4.13" not in rules(*_set(), move(PGR, "1411", "1312"))


def test_fighter_z_a_stopped_unit_moves_at_half_mp():
    # 2 IG has 10 MP; stopped by fighters it has 5: six clear hexes are too many, five are legal
    base = [setup(IG2, "0811"), stage(), phase("air"), marker(IG2, "stopped"), phase("movement")]
    errs = errors(*base, move(IG2, *ROW11[:7]))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "stopped by a fighter attack" in errs[0]["message"]
    assert rules(*base, move(IG2, *ROW11[:6])) == []


def test_fighter_z_lasts_the_stage_of_the_attack():
    # the marker placed in stage 1 no longer halves the MP in stage 2 (policy fighter_z_duration: stage)
    base = [setup(IG2, "0811"), stage(1), phase("air"), marker(IG2, "stopped"), stage(2), phase("movement")]
    assert rules(*base, move(IG2, *ROW11[:7])) == []
