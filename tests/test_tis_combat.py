"""TiS direct combat [7], the odds [3.4.1] and their modifiers, the CRT [7.2.1] and the Casualties after Battle
table [7.2.4]-[7.2.5], artillery support [9.2.1], [9.3.1], airborne combat [17.2.5]-[17.2.6], and the Poles'
drop-date roll, each with a breaking and a legal log.

Strengths are the EP tracks of the bundled data: parachute battalions 5 SP, the Arnhem garrison 4 SP, SS PGR 5 SP,
2 IG (armour, one black star) 5 SP, 147 RA 4 SP with an 8-hex range (scenario: "147th and 116th RA have 8 hexes of
fire range"). Chart cells: CRT row 2 is printed (2:1 -> B2); the other CRT rows and the casualty bands past
"2-3" are the bundled illustrative data (6-10 on a 2 -> 3 EP, 4-5 on a 2 -> 1, 4-5 on a 7 -> 0).
"""

from __future__ import annotations

from modgen.logs import chat
from modgen.rules.tis import plugin
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, errors, phase, rules, setup, stage

NIJMEGEN, IG2, IG3, RA147 = "de.inf.nijmegen", "gb.xxx.gds.2ig", "gb.xxx.gds.3ig", "gb.xxx.147ra"


def attack(att: list[str], dfn: list[str], **kw) -> dict:
    return {"type": "attack", "attackers": att, "defenders": dfn, **kw}


def odds(o: str) -> dict:
    return {"type": "odds", "odds": o}


def roll(a: int, b: int, purpose: str = "combat") -> dict:
    return {"type": "roll", "dice": [a, b], "purpose": purpose}


def result(r: str) -> dict:
    return {"type": "result", "result": r}


def loss(u: str, n: int) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "combat"}


def retreat(u: str, *path: str) -> dict:
    return {"type": "retreat", "unit": u, "path": list(path)}


def battle(att_hex: str = "1111", dfn_hex: str = "1211", said: str = "2:1", res: str = "B2",
           def_loss: int = 3, back: tuple[str, ...] | None = None) -> list[dict]:
    """Two parachute battalions (10 SP) attack the garrison (4 SP) in clear terrain: 2.5:1 rounds to 2:1
    [3.4.1]; a 2 on the CRT at 2:1 is B2; the defender's losses on row 6-10 with a 2, the attacker's on 4-5 with 7;
    then the garrison retreats 2 hexes east [7.4.1] (``back``: its retreat path from the hex it fought on)."""
    if back is None:
        n = int(res[1]) if res[:1] == "B" and res[1:2].isdigit() else 0
        col, row = int(dfn_hex[:2]), dfn_hex[2:]
        back = tuple(f"{col + i:02d}{row}" for i in range(n + 1)) if n else ()
    return [setup(PARA, att_hex), setup(PARA2, att_hex), setup(GARRISON, dfn_hex), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON]), odds(said), roll(1, 1), result(res),
            roll(1, 1, "losses_defender"), roll(3, 4, "losses_attacker"), *([loss(GARRISON, def_loss)] if def_loss
                                                                           else []),
            *([retreat(GARRISON, *back)] if back else []), phase("supply")]


def test_a_battle_at_2_5_to_1_fought_at_2_to_1_is_clean():
    assert rules(*battle()) == []


def test_3_4_1_odds_that_do_not_follow_from_the_strengths_are_flagged():
    errs = errors(*battle(said="3:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"]
    assert "10 SP against 4 SP is 2:1" in errs[0]["message"]


def test_7_1_1_and_7_2_1_an_attack_from_13_hexes_resolved_wrongly_on_a_2():
    errs = errors(*battle(att_hex="0111", dfn_hex="1417", res="A1"))
    assert [e["rule"] for e in errs] == ["TIS 7.1.1", "TIS 7.1.1", "TIS 7.2.1"]
    assert "13 hexes away" in errs[0]["message"] and "gives B2, not A1" in errs[2]["message"]


def test_7_2_1_the_crt_result_must_match_the_roll():
    errs = errors(*battle(res="B1"))
    assert [e["rule"] for e in errs] == ["TIS 7.2.1"] and "a roll of 2 at 2:1 gives B2" in errs[0]["message"]


def test_7_2_1_the_combat_roll_is_two_dice():
    events = battle()
    events[7] = {"type": "roll", "dice": [2], "purpose": "combat"}
    assert "TIS 7.2.1" in rules(*events)


def test_7_2_4_losses_must_match_the_casualties_table():
    errs = errors(*battle(def_loss=1))
    assert [e["rule"] for e in errs] == ["TIS 7.2.4"] and "gives 3" in errs[0]["message"]


def test_7_2_3_losses_are_spread_over_the_units_that_fought():
    # 10 SP against 8 SP (two garrisons): 1.25 -> 1:1; defender's row 6-10, a 2: 3 EP over 2 units, 1 each at least
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1211"), stage(),
            phase("combat"), attack([PARA, PARA2], [GARRISON, NIJMEGEN]), odds("1:1"), roll(3, 4), result("A1"),
            roll(1, 1, "losses_defender")]
    # A1: the attackers retreat one hex [7.4.1]
    back = [retreat(PARA, "1111", "1011"), retreat(PARA2, "1111", "1011")]
    assert rules(*base, loss(GARRISON, 2), loss(NIJMEGEN, 1), *back, phase("supply")) == []
    assert rules(*base, loss(GARRISON, 3), *back, phase("supply")) == ["TIS 7.2.3"]


def test_7_2_5_defender_terrain_moves_the_casualty_rows():
    # garrison in woods (1504): 2:1 - 1 = 1:1; defender's row 6-10 moved up one to 4-5: a 2 gives 1 EP
    base = [setup(PARA, "1503"), setup(PARA2, "1503"), setup(GARRISON, "1504"), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON])]
    assert rules(*base, odds("1:1"), roll(3, 4), result("A1"), roll(1, 1, "losses_defender"), loss(GARRISON, 1),
                 retreat(PARA, "1503", "1502"), retreat(PARA2, "1503", "1502"), phase("supply")) == []
    assert rules(*base, odds("2:1"), phase("supply")) == ["TIS 3.4.1"]
    assert rules(*base, odds("1:1"), roll(1, 1, "losses_defender"), loss(GARRISON, 3),
                 phase("supply")) == ["TIS 7.2.4"]


def test_7_1_5_a_unit_fights_once_a_combat_phase():
    base = [setup(PARA, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1010"), stage(), phase("combat")]
    assert rules(*base, attack([PARA], [GARRISON, NIJMEGEN]), odds("1:2")) == []
    assert rules(*base, attack([PARA], [GARRISON]), odds("1:1"), attack([PARA], [NIJMEGEN]),
                 odds("1:1")) == ["TIS 7.1.5"]


def test_7_1_8_all_defenders_in_a_hex_fight_together():
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1211"), stage(),
            phase("combat")]
    assert rules(*base, attack([PARA, PARA2], [GARRISON, NIJMEGEN]), odds("1:1")) == []
    assert rules(*base, attack([PARA, PARA2], [GARRISON]), odds("2:1")) == ["TIS 7.1.8"]


def test_7_1_7_one_side_must_stand_on_one_hex():
    base = [setup(PARA, "1111"), setup(PARA2, "1211"), setup(GARRISON, "1110"), setup(NIJMEGEN, "1210"), stage(),
            phase("combat")]
    assert rules(*base, attack([PARA, PARA2], [GARRISON, NIJMEGEN]), odds("1:1")) == ["TIS 7.1.7"]


def test_5_1_2_at_most_24_sp_of_a_stack_fight():
    paras = ["gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.1para.3", "gb.1ab.4para.10", "gb.1ab.4para.11"]
    base = [*(setup(u, "1111") for u in paras), setup(GARRISON, "1211"), stage(), phase("combat")]
    assert rules(*base, attack(paras[:4], [GARRISON]), odds("5:1")) == []  # 20 SP: 5:1
    assert rules(*base, attack(paras, [GARRISON]), odds("6:1")) == ["TIS 5.1.2"]  # 25 SP


def test_29_1_black_stars_may_be_used_with_infantry_in_the_hex():
    # 2 IG (5) + 3 IG (motorized infantry, 5) against 4: 2:1, stars +1 (optional [7.2.8]) -> 3:1
    base = [setup(IG2, "1111"), setup(IG3, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
            attack([IG2, IG3], [GARRISON])]
    assert rules(*base, odds("3:1")) == []
    assert rules(*base, odds("2:1")) == []
    assert rules(*base, odds("4:1")) == ["TIS 3.4.1"]


def test_29_1_9_armour_alone_loses_its_star():
    base = [setup(IG2, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"), attack([IG2], [GARRISON])]
    assert rules(*base, odds("1:1")) == []
    assert rules(*base, odds("2:1")) == ["TIS 3.4.1"]


def test_43_1_1_an_ss_defender_of_3_sp_or_more_shifts_one_column_left():
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(PGR, "1211"), stage(), phase("combat"),
            attack([PARA, PARA2], [PGR])]
    assert rules(*base, odds("1:1")) == []
    assert rules(*base, odds("2:1")) == ["TIS 3.4.1"]


def test_7_1_12_attacked_from_opposite_sides():
    # 1111 (NW of 1211) and 1312 (SE of 1211): +1
    base = [setup(PARA, "1111"), setup(PARA2, "1312"), setup(GARRISON, "1211"), stage(), phase("combat"),
            attack([PARA, PARA2], [GARRISON])]
    assert rules(*base, odds("3:1")) == []
    assert rules(*base, odds("2:1")) == ["TIS 3.4.1"]


def test_7_1_10_attackers_of_two_corps():
    # XXX Corps with the 1st Airborne Division: -2
    base = [setup(PARA, "1111"), setup(IG3, "1111"), setup(GARRISON, "1211"), stage(), phase("combat"),
            attack([PARA, IG3], [GARRISON])]
    assert rules(*base, odds("1:2")) == []
    assert rules(*base, odds("2:1")) == ["TIS 3.4.1"]


def test_9_3_artillery_support_adds_its_sp_within_range_once_a_stage():
    # 10 + 4 SP against 4: 3.5 rounds down to 3:1 [3.4.1]
    base = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211")]
    near = [*base, setup(RA147, "1117"), stage(), phase("combat")]
    assert rules(*near, attack([PARA, PARA2], [GARRISON], support=[RA147]), odds("3:1")) == []
    far = [*base, setup(RA147, "1121"), stage(), phase("combat")]
    assert rules(*far, attack([PARA, PARA2], [GARRISON], support=[RA147]), odds("3:1")) == ["TIS 9.3.1"]
    twice = [*base, setup(NIJMEGEN, "1210"), setup(RA147, "1117"), stage(), phase("combat"),
             attack([PARA], [GARRISON], support=[RA147]), odds("2:1"),
             attack([PARA2], [NIJMEGEN], support=[RA147]), odds("2:1")]
    assert rules(*twice) == ["TIS 9.2.1"]


def test_17_2_5_combat_after_the_drop_at_two_thirds_with_the_surprise_roll():
    # 1 Para lands next to the garrison: 5 x 2/3 = 3.33 -> 3 SP against 4: 1:1; the garrison in woods (the
    # bundled landing zone) -1, surprise 10: +3 -> 3:1 [17.2.6]
    base = [setup(GARRISON, "2106"), stage(), phase("airborne"), {"type": "reinforcement", "unit": PARA,
                                                                   "hex": "2105"},
            attack([PARA], [GARRISON]), roll(4, 6, "surprise")]
    assert rules(*base, odds("3:1")) == []
    assert rules(*base, odds("1:2")) == ["TIS 3.4.1"]  # the surprise is not optional


def test_17_2_5_only_units_that_landed_fight_in_the_airborne_phase():
    events = [setup(PARA2, "2105"), setup(GARRISON, "2106"), stage(), phase("airborne"),
              attack([PARA2], [GARRISON])]
    assert rules(*events) == ["TIS 17.2.5"]


def test_17_2_10_a_unit_that_fought_after_landing_may_not_move():
    events = [setup(GARRISON, "2106"), stage(), phase("airborne"), {"type": "reinforcement", "unit": PARA,
                                                                     "hex": "2105"},
              attack([PARA], [GARRISON]), odds("1:2"), phase("movement"),
              {"type": "move", "unit": PARA, "path": ["2105", "2104"]}]
    assert rules(*events) == ["TIS 4.2.2"]


# ---- the Poles' drop date (Arnhem scenario I notes, alternative variant) -----------------------------------------
POLES = {"type": "reinforcement", "unit": "pl.1para.1", "hex": "2409"}


def test_polish_drop_date_roll_sets_the_landing_day():
    alt = {"alternative": True}
    # a 3 sets 20 IX: landing on 20 IX 2e (stage 10) is fine, on 21 IX 1e (stage 12) is not
    ok = [{"type": "roll", "dice": [3], "purpose": "drop_date"}, stage(10), phase("airborne"), POLES]
    assert rules(*ok, options=alt) == []
    late = [{"type": "roll", "dice": [3], "purpose": "drop_date"}, stage(12), phase("airborne"), POLES]
    errs = errors(*late, options=alt)
    assert [e["rule"] for e in errs] == ["TIS scenario"] and "roll of 3 sets 20 IX" in errs[0]["message"]


# ---- the chat verb ---------------------------------------------------------------------------------------------
def test_odds_chat_verb():
    verbs = chat.verbs_for(plugin)
    assert chat.parse("!odds 3:1", verbs).event == {"type": "odds", "odds": "3:1"}
    assert chat.parse("!odds <1:4 id 7", verbs).event == {"type": "odds", "odds": "<1:4", "attack": "7"}
    try:
        chat.parse("!odds three", verbs)
    except chat.ChatSyntaxError as exc:
        assert exc.column == 7
    else:
        raise AssertionError("!odds three parsed")


def test_odds_not_on_the_chart_are_flagged():
    assert rules(*battle(said="11:1")) == ["TIS 7.2.1"]
