"""TiS headquarters, each rule with a breaking and a legal log written from the rulebook: HQs are not destroyed
while retreating [14.1.6]; -1 for each hex units with a destroyed HQ attack from [14.3.3] (the book's example: three
hexes, -3); after a corps HQ is lost its divisions do not attack together [14.3.4] a) and each rolls the corps die
[14.3.4] b); a new HQ after one full day, in the movement phase, with 8 SP in the formation, one SP less, its levels
taken from subordinate units [14.3.7].

Bundled figures: HQs 2 SP / 2 EP; parachute battalions 5 SP; 9th and 10th SS Panzer Divisions under II SS Panzer
Corps (its HQ prints XXX); 9 SS PGR 1 and 2 5 SP each, 10 SS PGR 5 SP, 10 SS Pz 4 SP; the garrison 4 SP.
"""

from __future__ import annotations

from tests.test_tis_combat import attack, odds
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, PGR2, errors, move, phase, rules, setup, stage

HQ1AB, HQSS, PGR10, PZ10 = "gb.1ab.hq", "de.2sspz.hq", "de.10ss.pgr", "de.10ss.pz"
PARA3 = "gb.1ab.1para.3"


def loss(u: str, steps: int = 0, reason: str = "combat") -> dict:
    return {"type": "loss", "unit": u, "reason": reason, **({"steps": steps} if steps else {"eliminated": True})}


def corps_die(u: str, n: int) -> dict:
    return {"type": "roll", "dice": [n], "purpose": "corps_hq", "unit": u}


# ---- [14.1.6] -----------------------------------------------------------------------------------------------------
def test_14_1_6_an_hq_is_not_destroyed_by_retreat_losses():
    base = [setup(HQ1AB, "0811"), stage(), phase("combat", "germans")]
    errs = errors(*base, loss(HQ1AB, reason="retreat"))
    assert [e["rule"] for e in errs] == ["TIS 14.1.6"] and "1 AB" in errs[0]["message"]
    assert "TIS 14.1.6" not in rules(*base, loss(HQ1AB, 1, reason="retreat"))  # one of its two EP
    assert "TIS 14.1.6" not in rules(*base, loss(HQ1AB))  # destroyed in battle


# ---- [14.3.3] -----------------------------------------------------------------------------------------------------
def test_14_3_3_minus_1_for_each_hex_attacked_from():
    # three battalions from three hexes (15 SP) against the garrison (4 SP) at 1211: 3.75 -> 4:1; with 1st
    # Airborne's HQ destroyed, -3 [14.3.3] (the example's three fields): 4:1 - 3 = 1:1 on the chart's columns
    base = [setup(PARA, "1111"), setup(PARA2, "1311"), setup(PARA3, "1210"), setup(GARRISON, "1211"),
            setup(HQ1AB, "0101"), stage()]
    fight = [phase("combat"), attack([PARA, PARA2, PARA3], [GARRISON])]
    assert errors(*base, loss(HQ1AB), *fight, odds("1:1")) == []
    assert errors(*base, *fight, odds("4:1")) == []
    errs = errors(*base, loss(HQ1AB), *fight, odds("4:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "attacking from 3 hexes with a destroyed HQ" in \
        errs[0]["message"]


# ---- [14.3.4] -----------------------------------------------------------------------------------------------------
def test_14_3_4_a_divisions_of_a_lost_corps_hq_do_not_attack_together():
    base = [setup(PGR, "1211"), setup(PGR2, "1211"), setup(PGR10, "1211"), setup(PARA, "1111"),
            setup(HQSS, "2020"), stage(), loss(HQSS), phase("combat", "germans")]
    # 9 SS (10 SP) and 10 SS (5 SP + 10 SS Pz 4 SP elsewhere = 9 SP): both 8 SP or more
    # 15 SP against 5: 3:1, -1 for the hex attacked from without an HQ [14.3.3]: 2:1
    errs = errors(setup(PZ10, "2121"), *base, attack([PGR, PGR2, PGR10], [PARA]), odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 14.3.4"] and "2 divisions" in errs[0]["message"]
    # one division alone attacks
    assert "TIS 14.3.4" not in rules(setup(PZ10, "2121"), *base, attack([PGR, PGR2], [PARA]), odds("1:1"))
    # a division under 8 SP (10 SS with only its PGR, 5 SP) may join
    assert "TIS 14.3.4" not in rules(*base, attack([PGR, PGR10], [PARA]), odds("1:1"))


def test_14_3_4_b_each_division_rolls_the_corps_die():
    # 9 SS PGR 1 moves 3 clear hexes in the German movement phase after II SS Panzer Corps HQ is destroyed
    base = [setup(PGR, "1211"), setup(HQSS, "2020"), stage(), loss(HQSS), phase("movement", "germans")]
    path = move(PGR, "1211", "1311", "1411", "1511")
    errs = errors(*base, path)
    assert [e["rule"] for e in errs] == ["TIS 14.3.4"] and "no corps die" in errs[0]["message"]
    # a die over 3 (Germans): the division moves as after a lost division HQ, 2 MP or one hex [14.3.1]
    errs = errors(*base, corps_die(PGR, 4), path)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "[14.3.1]" in errs[0]["message"]
    assert rules(*base, corps_die(PGR, 4), move(PGR, "1211", "1311")) == []
    # 3 or less: it moves freely
    assert rules(*base, corps_die(PGR, 3), path) == []


# ---- [14.3.7] -----------------------------------------------------------------------------------------------------
def _restore(at_stage: int, steps: int = 1, levels: int = 1, extra: tuple[dict, ...] = (setup(PARA2, "0912"),),
             in_phase: str = "movement") -> list[dict]:
    """1 AB HQ (2 SP) is destroyed on stage 1 and restored on ``at_stage`` with ``steps`` EP, 1 Para giving up
    ``levels`` levels."""
    out = [setup(PARA, "0811"), *extra, setup(HQ1AB, "0101"), stage(), loss(HQ1AB), phase("supply")]
    for s in range(2, at_stage + 1):
        out += [stage(s), phase(in_phase if s == at_stage else "supply")]
    out += [{"type": "replacement", "unit": HQ1AB, "hex": "0810", "steps": steps}]
    out += [loss(PARA, levels, reason="hq")] if levels else []
    return [*out, phase("supply")]


def test_14_3_7_a_new_hq_after_a_full_day_in_the_movement_phase():
    assert rules(*_restore(4)) == []
    errs = errors(*_restore(3))
    assert [e["rule"] for e in errs] == ["TIS 14.3.7"] and "less than a full day" in errs[0]["message"]
    assert rules(*_restore(4, in_phase="combat")) == ["TIS 14.3.7"]


def test_14_3_7_only_with_8_sp_one_sp_less_levels_from_subordinates():
    errs = errors(*_restore(4, extra=()))  # 1 Para alone: 5 SP
    assert [e["rule"] for e in errs] == ["TIS 14.3.7"] and "5 SP on the map" in errs[0]["message"]
    errs = errors(*_restore(4, steps=2, levels=2))  # back at 2 SP, as before
    assert [e["rule"] for e in errs] == ["TIS 14.3.7"] and "at most one SP less" in errs[0]["message"]
    errs = errors(*_restore(4, levels=0))
    assert [e["rule"] for e in errs] == ["TIS 14.3.7"] and "level(s) too few" in errs[0]["message"]
