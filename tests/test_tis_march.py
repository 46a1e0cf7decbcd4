"""TiS attack from march (AfM) [16], each rule with a breaking and a legal log written from the rulebook text, on the
bundled Arnhem data (hexes 0810-1512 clear; the Neder Rijn, a big river, between 1108 and 1109; the road 1331-1430-
1429; the Waal road bridge 2516|2517 between city hexes).

An AfM is an ``attack`` with ``kind`` ``march`` in the phasing player's movement phase (``!attack 1211 -> 1311
march``). Strengths: paratroop battalions 5 SP, 3 IG (motorized) 5 SP, the Arnhem garrison 4 SP.
"""

from __future__ import annotations

from modgen.logs import chat
from modgen.rules.tis import plugin
from tests.test_tis_combat import IG3, NIJMEGEN, attack, odds, result, retreat, roll
from tests.test_tis_movement import GARRISON, PARA, PARA2, errors, move, phase, rules, setup, stage

PARA3 = "gb.1ab.1para.3"


def afm(att: list[str], dfn: list[str], **kw) -> dict:
    return attack(att, dfn, kind="march", **kw)


def entrenched(u: str) -> dict:
    return {"type": "marker", "unit": u, "marker": "entrenched", "on": True}


def movement(*units: tuple[str, str]) -> list[dict]:
    return [*(setup(u, h) for u, h in units), stage(), phase("movement")]


# ---- [16.1.1] one hex, every unit whose ZoC covers it --------------------------------------------------------------
def test_16_1_1_attackers_on_two_hexes_are_flagged():
    # "all units have to be on one square": PARA at 1211 and PARA2 at 1310, both next to the garrison at 1311
    base = movement((PARA, "1211"), (PARA2, "1310"), (GARRISON, "1311"))
    errs = errors(*base, afm([PARA, PARA2], [GARRISON]))
    assert [e["rule"] for e in errs] == ["TIS 16.1.1"] and "from 2 hexes" in errs[0]["message"]
    # joined on one hex first [16.1.2] (1310 -> 1211 is in the garrison's ZoC both ends: the stack starts together)
    ok = movement((PARA, "1211"), (PARA2, "1211"), (GARRISON, "1311"))
    assert rules(*ok, afm([PARA, PARA2], [GARRISON])) == []


def test_16_1_1_an_afm_attacks_every_unit_whose_zoc_covers_the_hex():
    # the Nijmegen garrison at 1212 also has 1211 in its ZoC: "always an attack on all units with a ZoC covering
    # the hex"
    base = movement((PARA, "1211"), (PARA2, "1211"), (GARRISON, "1311"), (NIJMEGEN, "1212"))
    errs = errors(*base, afm([PARA, PARA2], [GARRISON]))
    assert [e["rule"] for e in errs] == ["TIS 16.1.1"] and "leaves out" in errs[0]["message"]
    assert rules(*base, afm([PARA, PARA2], [GARRISON, NIJMEGEN])) == []


def test_16_1_1_an_afm_is_fought_in_the_movement_phase():
    base = [setup(PARA, "1211"), setup(GARRISON, "1311"), stage(), phase("combat")]
    assert rules(*base, afm([PARA], [GARRISON])) == ["TIS 16.1.1"]
    assert rules(*base, attack([PARA], [GARRISON])) == []  # an ordinary battle there


# ---- [16.1.3] 1 MP -----------------------------------------------------------------------------------------------
def test_16_1_3_every_attacker_spends_1_mp():
    # 5 MP: 0811 -> 1211 is 4 clear hexes, 1 MP is left for the AfM on the garrison at 1311
    row = ["0811", "0911", "1011", "1111", "1211"]
    assert rules(*movement((PARA, "0811"), (GARRISON, "1311")), move(PARA, *row), afm([PARA], [GARRISON])) == []
    # 0711 -> 1211 is 5 hexes: no MP left to attack from march
    errs = errors(*movement((PARA, "0711"), (GARRISON, "1311")), move(PARA, "0711", *row),
                  afm([PARA], [GARRISON]))
    assert [e["rule"] for e in errs] == ["TIS 16.1.3"] and "with 0 MP left" in errs[0]["message"]


def test_16_1_3_the_afm_mp_counts_against_later_moves():
    # 3 IG (8 MP, 2 a clear hex) attacks from march from 0911 (1 MP) and, the attack failing (A1), falls back and
    # moves on: 1 + 2 x 4 hexes = 9 > 8 MP
    base = movement((IG3, "0911"), (GARRISON, "1011"))
    fight = [afm([IG3], [GARRISON]), odds("1:1"), roll(4, 3), result("A1"), retreat(IG3, "0911", "0811")]
    errs = errors(*base, *fight, move(IG3, "0811", "0711", "0611", "0511", "0411"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]
    assert "less 1 MP spent attacking from march [16.1.3]" in errs[0]["message"]
    assert rules(*base, *fight, move(IG3, "0811", "0711", "0611")) == []


# ---- [16.1.4], [16.2.3] strengths -----------------------------------------------------------------------------------
def test_16_1_4_attackers_and_an_unentrenched_defender_fight_at_two_thirds():
    # three paratroop battalions: 15 SP against 4 would be 4:1 [3.4.1]; from march 3 x (5 x 2/3 = 3.3 -> 3) = 9
    # against 4 x 2/3 = 2.7 -> 3: 3:1
    base = movement((PARA, "1211"), (PARA2, "1211"), (PARA3, "1211"), (GARRISON, "1311"))
    assert rules(*base, afm([PARA, PARA2, PARA3], [GARRISON]), odds("3:1")) == []
    errs = errors(*base, afm([PARA, PARA2, PARA3], [GARRISON]), odds("4:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "9 SP against 3 SP is 3:1" in errs[0]["message"]


def test_16_1_4_an_entrenched_defender_keeps_full_strength():
    # 9 against the entrenched garrison's full 4: 2.25 -> 2:1, entrenched -1 [12.1.6]: 1:1
    # (dug in at the set-up: a fortification built in the enemy's movement phase would break [12.1.1])
    base = [*(setup(u, h) for u, h in ((PARA, "1211"), (PARA2, "1211"), (PARA3, "1211"), (GARRISON, "1311"))),
            entrenched(GARRISON), stage(), phase("movement")]
    assert rules(*base, afm([PARA, PARA2, PARA3], [GARRISON]), odds("1:1")) == []
    errs = errors(*base, afm([PARA, PARA2, PARA3], [GARRISON]), odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "9 SP against 4 SP" in errs[0]["message"]


# ---- [16.1.5] scarp, big river -------------------------------------------------------------------------------------
def test_16_1_5_no_afm_across_a_big_river():
    errs = errors(*movement((PARA, "1109"), (GARRISON, "1108")), afm([PARA], [GARRISON]))
    assert [e["rule"] for e in errs] == ["TIS 16.1.5"] and "across a big river" in errs[0]["message"]
    # through the Waal bridge (2517 -> 2516) it is allowed
    assert rules(*movement((PARA, "2517"), (GARRISON, "2516")), afm([PARA], [GARRISON])) == []


# ---- [16.2.2] artillery support ------------------------------------------------------------------------------------
def test_16_2_2_only_self_propelled_artillery_supports_an_afm():
    # 147 RA is motorized (towed) artillery; in the combat phase the same support is allowed [9.3]
    base = [setup(PARA, "1211"), setup(PARA2, "1211"), setup(GARRISON, "1311"), setup("gb.xxx.147ra", "1111"),
            stage()]
    assert rules(*base, phase("movement"), afm([PARA, PARA2], [GARRISON], support=["gb.xxx.147ra"])) == \
        ["TIS 16.2.2"]
    assert rules(*base, phase("combat"), attack([PARA, PARA2], [GARRISON], support=["gb.xxx.147ra"])) == []


def test_16_2_2_self_propelled_artillery_supports_at_two_thirds():
    # German AfM: 9 SS PzGren (5 -> 3) and the SS self-propelled artillery (3 x 2/3 = 2 [16.2.3]) against a
    # paratroop battalion (5 -> 3): 5:3 -> 2:1 (with the full 3 SP: 6:3, also 2:1; without it 1:1)
    base = [setup("de.9ss.pgr1", "1211"), setup("de.9ss.art", "1111"), setup(PARA, "1311"), stage(),
            phase("movement", "germans")]
    ev = afm(["de.9ss.pgr1"], [PARA], support=["de.9ss.art"])
    assert [r for r in rules(*base, ev, odds("2:1"))] == []
    errs = errors(*base, ev, odds("1:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "5 SP against 3 SP" in errs[0]["message"]


# ---- [16.2.6], [16.2.14], [16.2.15] after the battle ---------------------------------------------------------------
def _won() -> list[dict]:
    # PARA and PARA2 (6 from march) against the garrison (3): 2:1; a 2 gives B2; the garrison retreats 2 hexes east
    return [*movement((PARA, "1111"), (PARA2, "1111"), (GARRISON, "1211")), afm([PARA, PARA2], [GARRISON]),
            odds("2:1"), roll(1, 1), result("B2"), retreat(GARRISON, "1211", "1311", "1411")]


def _held() -> list[dict]:
    # PARA came from 1011 to 1111; at 2:1 a 5 gives "--": nobody retreats
    return [*movement((PARA, "1011"), (PARA2, "1111"), (GARRISON, "1211")), move(PARA, "1011", "1111"),
            afm([PARA, PARA2], [GARRISON]), odds("2:1"), roll(2, 3), result("--")]


def test_16_2_6_the_victor_may_not_move_after_an_afm():
    errs = errors(*_won(), move(PARA, "1111", "1112"))
    assert [e["rule"] for e in errs] == ["TIS 16.2.6"]
    assert rules(*_won(), move(PARA3, "0811", "0911")) == []  # other units move on


def test_16_2_14_an_undecided_attacker_may_withdraw_one_hex_the_way_it_came():
    assert rules(*_held(), move(PARA, "1111", "1011")) == []
    errs = errors(*_held(), move(PARA, "1111", "1110"))
    assert [e["rule"] for e in errs] == ["TIS 16.2.14"] and "to 1011, the hex it came from" in errs[0]["message"]
    assert rules(*_held(), move(PARA, "1111", "1011", "0911")) == ["TIS 16.2.14"]


def test_16_2_15_attackers_without_a_bx_result_do_not_fight_in_the_combat_phase():
    held = [*_held(), phase("counterattack"), phase("combat")]
    errs = errors(*held, attack([PARA, PARA2], [GARRISON]), odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 16.2.15"]
    # and, though they start it in the garrison's ZoC, they need not fight [7.1.3] (the combat-phase exception)
    assert rules(*held, phase("supply")) == []
    # winners (B2) may fight again in the combat phase [16.2.10]
    won = [*_won(), phase("counterattack"), phase("combat"), attack([PARA, PARA2], [GARRISON])]
    assert "TIS 16.2.15" not in rules(*won)


# ---- [16.2.7] the beaten defender's ZoC, [16.2.12] -----------------------------------------------------------------
def test_16_2_7_the_next_unit_ignores_the_beaten_defenders_zoc_the_one_after_does_not():
    # after the B2 the garrison stands at 1411; its ZoC covers 1310 and 1311. PARA3 moves 1209 -> 1310 -> 1311
    # (ZoC to ZoC) as the next unit: legal; moved as the unit after another one it must stop [6.2.1]
    through = move(PARA3, "1209", "1310", "1311", "1312")
    base = [setup(PARA3, "1209"), setup("gb.1ab.4para.10", "0811"), *_won()]
    assert rules(*base, through) == []
    errs = errors(*base, move("gb.1ab.4para.10", "0811", "0911"), through)
    assert [e["rule"] for e in errs] in (["TIS 6.2.1"], ["TIS 6.2.4"])


def test_16_2_12_a_stack_using_16_2_7_does_not_split():
    # the winning stack pursues [16.2.5], [16.2.9]: together is legal; only PARA going is a split
    both = [*_won(), {"type": "advance", "unit": PARA, "path": ["1111", "1211"]},
            {"type": "advance", "unit": PARA2, "path": ["1111", "1211"]}, phase("counterattack")]
    assert "TIS 16.2.12" not in rules(*both)
    one = [*_won(), {"type": "advance", "unit": PARA, "path": ["1111", "1211"]}, phase("counterattack")]
    assert "TIS 16.2.12" in rules(*one)


# ---- [16.2.13] no retreat along a road -----------------------------------------------------------------------------
def test_16_2_13_the_defender_does_not_retreat_along_a_road_when_another_way_is_open():
    # AfM from 1331 on the garrison at 1430 (road 1331-1430-1429); a B1 retreat along the road to 1429 while 1530
    # is open off the road
    base = [*movement((PARA, "1331"), (PARA2, "1331"), (GARRISON, "1430")), afm([PARA, PARA2], [GARRISON]),
            odds("2:1"), roll(2, 2), result("B1")]
    errs = errors(*base, retreat(GARRISON, "1430", "1429"))
    assert [e["rule"] for e in errs] == ["TIS 16.2.13"] and "1530" in errs[0]["message"]
    assert rules(*base, retreat(GARRISON, "1430", "1530")) == []


def test_16_2_13_a_defender_in_a_city_may_retreat_along_the_road():
    # the garrison in the city hex 2517 retreats along the road to 2417
    base = [*movement((PARA, "2618"), (PARA2, "2618"), (GARRISON, "2517")), afm([PARA, PARA2], [GARRISON])]
    assert "TIS 16.2.13" not in rules(*base, roll(2, 2), result("B1"), retreat(GARRISON, "2517", "2417"))


# ---- the declaration ----------------------------------------------------------------------------------------------
def test_afm_chat_declaration():
    d = chat.parse("!attack 1211 -> 1311 march", chat.verbs_for(plugin))
    assert d.kind == "march" and d.attackers == ["1211"] and d.defenders == ["1311"]
