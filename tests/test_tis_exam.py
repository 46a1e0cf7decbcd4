"""A rules exam for TiS written from the rulebook text (seed 002): odds rounding [3.4.1]-[3.4.4], terrain in
combat [7.3.2], [7.3.4], [7.3.5], encirclement [7.1.13], stacking [5.1.2], [5.1.5], movement [4.2.2], [4.3.2],
ZoC across a small river [6.2.5], moved motorized artillery [9.2.6], the B player's counterattack phase [3.3].

Strengths are the EP tracks of the bundled data: parachute battalions 5 SP (5 4 4 3 2 2 1), US parachute
battalions 6 SP, the Arnhem/Nijmegen garrisons 4 SP (4 3 3 2 1), 2 IG (armour, one black star) 5 SP, 147 RA
(motorized field artillery) 4 SP with an 8-hex range. Hexes 0810-1512 are clear; 1504 is woods.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_combat import IG2, NIJMEGEN, RA147, attack, odds
from tests.test_tis_movement import GARRISON, PARA, PARA2, PGR, findings, move, phase, rules, setup, stage
from tests.tis_world import rules_in, unit, world

PARA3, US504 = "gb.1ab.1para.3", "us.82ab.504"


def lose(u: str, n: int) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "combat"}


def fight(att: list[str], dfn: list[str], said: str, *pre: dict, **kw) -> list[dict]:
    return [*pre, stage(), phase("combat"), attack(att, dfn, **kw), odds(said)]


# ---- [3.4.1] rounding of the ratio ---------------------------------------------------------------------------------
def test_3_4_1_the_books_example_6_against_4_is_1_to_1():
    """[3.4.1] "attacking units have a strength of 6 SP, the defender has only 4 SP. The power ratio is equal to
    1.5:1. After rounding we get a modifier of 1:1." (a US parachute battalion, 6 SP, against the garrison)."""
    base = (setup(US504, "1111"), setup(GARRISON, "1211"))
    assert rules(*fight([US504], [GARRISON], "1:1", *base)) == []
    assert rules(*fight([US504], [GARRISON], "2:1", *base)) == ["TIS 3.4.1"]


def test_3_4_1_more_than_a_half_rounds_up():
    """[3.4.1] "3.51 : 1 rounds up to 4:1": 15 SP against 4 SP is 3.75:1, so 4:1."""
    base = (setup(PARA, "1111"), setup(PARA2, "1111"), setup(PARA3, "1111"), setup(GARRISON, "1211"))
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON], "4:1", *base)) == []
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON], "3:1", *base)) == ["TIS 3.4.1"]


# ---- [3.4.2], [29.1.5] halving rounds up ---------------------------------------------------------------------------
def test_3_4_2_armour_of_5_sp_in_woods_fights_with_3():
    """[3.4.2] "tanks of strength equal to 5 SP attacking in a forest have only 3 SP" ([29.1.5] armour in woods
    at half). 2 IG in the woods at 1504 attacks the Nijmegen garrison reduced to 1 SP at 1503: 3:1 (not 2:1 from
    rounding down, not 5:1 unhalved). Its one black star counts -1 without infantry in its hex [29.1.9]: none."""
    base = (setup(IG2, "1504"), setup(NIJMEGEN, "1503"), lose(NIJMEGEN, 4))
    assert rules(*fight([IG2], [NIJMEGEN], "3:1", *base)) == []
    assert rules(*fight([IG2], [NIJMEGEN], "2:1", *base)) == ["TIS 3.4.1"]


# ---- [7.3.2] attacking out of a swamp ------------------------------------------------------------------------------
def swamp(*hexes: str):
    def edit(m: dict) -> None:
        for h in hexes:
            m["hexes"][h] = "swamp"
    return edit


def swamp_row(g: dict) -> None:
    """A swamp row for the Terrain Effect chart (the seed's chart is truncated before it): the attacker halved
    [7.3.2]; movement costs illustrative."""
    g["rules"]["tables"]["terrain"]["swamp"] = {
        "combat": "half_attacker",
        "movement": {"infantry": 3, "armoured": 99, "motorized": 99, "cavalry": 3, "artillery": 99},
        "source": {"rule": "TIS 7.3.2", "values": "illustrative"}}


def test_7_3_2_a_unit_attacking_from_a_swamp_has_half_its_sp_rounded_down(tmp_path: Path):
    """[7.3.2] "when the attack comes from a swamp: the attacker attacks with half of its strength (round
    down)": 1 Para (5 SP) in a swamp at 1111 has 2 SP against the garrison's 4: 1:2 (rounding up would give
    3 SP and 1:1; unhalved 5:4 is 1:1)."""
    game = world(tmp_path, game=swamp_row, board=swamp("1111"))
    base = (setup(PARA, "1111"), setup(GARRISON, "1211"))
    assert rules_in(game, *fight([PARA], [GARRISON], "1:2", *base)) == []
    assert rules_in(game, *fight([PARA], [GARRISON], "1:1", *base)) == ["TIS 3.4.1"]


def test_7_3_2_a_swamp_under_the_defender_does_not_halve_the_attacker(tmp_path: Path):
    """[7.3.2] only the attacker's swamp halves: 1 Para from clear 1111 against the garrison in a swamp at 1211
    is 5:4, 1:1."""
    game = world(tmp_path, game=swamp_row, board=swamp("1211"))
    base = (setup(PARA, "1111"), setup(GARRISON, "1211"))
    assert rules_in(game, *fight([PARA], [GARRISON], "1:1", *base)) == []


# ---- [7.3.5] the river edge counts when most of the attacking strength crosses it ----------------------------------
def river(m: dict) -> None:
    m.setdefault("hexsides", []).append({"hexes": ["1111", "1211"], "type": "small_river"})


def test_7_3_5_the_books_example_two_4_sp_units_across_the_river_and_one_5_sp_unit_not(tmp_path: Path):
    """[7.3.5] "if unit 1/19 PGR is attacked by units 1/1 and 2/1 with 4 SP each, through a river, and unit 3/1
    with 5 SP which is not attacking through the river, then the river modifier applies. When the attack is
    performed only by units 1/1 and 3/1, the river modifier is not applied." 1 and 2 Para at 4 SP across the small
    river 1111-1211, 3 Para (5 SP) from 1311: 13:4 is 3:1, river -1: 2:1. Only 1 and 3 Para: 9:4, 2:1, no river."""
    game = world(tmp_path, board=river)
    base = (setup(PARA, "1111"), setup(PARA2, "1111"), setup(PARA3, "1311"), setup(GARRISON, "1211"),
            lose(PARA, 1), lose(PARA2, 1))
    assert rules_in(game, *fight([PARA, PARA2, PARA3], [GARRISON], "2:1", *base)) == []
    assert rules_in(game, *fight([PARA, PARA2, PARA3], [GARRISON], "3:1", *base)) == ["TIS 3.4.1"]
    pair = (setup(PARA, "1111"), setup(PARA3, "1311"), setup(GARRISON, "1211"), lose(PARA, 1))
    assert rules_in(game, *fight([PARA, PARA3], [GARRISON], "2:1", *pair)) == []
    assert rules_in(game, *fight([PARA, PARA3], [GARRISON], "1:1", *pair)) == ["TIS 3.4.1"]


def test_7_3_5_the_books_example_the_swamp_halved_unit_is_the_minority(tmp_path: Path):
    """[7.3.5] "If on the hex from which unit 3/1 is attacking there was a swamp (the strength of units attacking
    on swamps is divided in half), then during the attack of units 1/1 and 3/1 the river modifier would be
    applied." 1 Para (4 SP) across the river, 3 Para (5 SP) out of a swamp at 1311: 2 SP [7.3.2]; 6:4 is 1:1, and
    the river counts (4 of 6 SP cross it): 1:2."""
    game = world(tmp_path, game=swamp_row, board=lambda m: (river(m), swamp("1311")(m)))
    base = (setup(PARA, "1111"), setup(PARA3, "1311"), setup(GARRISON, "1211"), lose(PARA, 1))
    assert rules_in(game, *fight([PARA, PARA3], [GARRISON], "1:2", *base)) == []
    assert rules_in(game, *fight([PARA, PARA3], [GARRISON], "1:1", *base)) == ["TIS 3.4.1"]


# ---- [7.3.4] defenders on several hexes ----------------------------------------------------------------------------
def test_7_3_4_equal_defending_hexes_take_the_modifier_better_for_the_defender():
    """[7.3.4] "When two hexes hold units of equal strength, we use the modifier favorable for the defender": the
    garrisons (4 SP each) in woods 1504 and clear 1403, three battalions from 1503: 15:8 is 2:1, woods -1: 1:1."""
    base = (setup(PARA, "1503"), setup(PARA2, "1503"), setup(PARA3, "1503"), setup(GARRISON, "1504"),
            setup(NIJMEGEN, "1403"))
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON, NIJMEGEN], "1:1", *base)) == []
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON, NIJMEGEN], "2:1", *base)) == ["TIS 3.4.1"]


def test_7_3_4_the_stronger_defending_hex_gives_the_terrain():
    """[7.3.4] "we take the modifier of the hex with the strongest defending units": the garrison in the woods
    reduced to 3 SP, the Nijmegen garrison (4 SP) in the clear: clear, 15:7 is 2:1."""
    base = (setup(PARA, "1503"), setup(PARA2, "1503"), setup(PARA3, "1503"), setup(GARRISON, "1504"),
            setup(NIJMEGEN, "1403"), lose(GARRISON, 1))
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON, NIJMEGEN], "2:1", *base)) == []
    assert rules(*fight([PARA, PARA2, PARA3], [GARRISON, NIJMEGEN], "1:1", *base)) == ["TIS 3.4.1"]


# ---- [7.1.13] attacked from 4 directions ---------------------------------------------------------------------------
def test_7_1_13_four_directions_give_plus_1_and_no_more_for_opposite_sides():
    """[7.1.13] "If a unit is attacked from 4 directions, the attacker receives modifier +1 ... In that case
    [7.1.12] does not apply." Four battalions (20 SP) from 1210, 1311, 1212 and 1111 against the garrison (4 SP) at
    1211: 5:1, +1: 6:1 (1210/1212 and 1311/1111... are opposite pairs, which add nothing more)."""
    units = [PARA, PARA2, PARA3, "gb.1ab.4para.10"]
    base = tuple(setup(u, h) for u, h in zip(units, ("1210", "1311", "1212", "1112"), strict=True))
    assert rules(*fight(units, [GARRISON], "6:1", *base, setup(GARRISON, "1211"))) == []
    assert rules(*fight(units, [GARRISON], "7:1", *base, setup(GARRISON, "1211"))) == ["TIS 3.4.1"]


# ---- [5.1.2], [5.1.5] stacking ----------------------------------------------------------------------------------
STACK = ["us.82ab.504", "gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.1para.3", "gb.1ab.4para.10"]  # 6 + 4 x 5 = 26


def test_5_1_2_exactly_28_sp_is_legal_29_is_not():
    """[5.1.2] "A hex can hold up to 28 SP maximum": 26 SP and the recce squadron (2 SP) make 28, legal; with the
    engineers (2 SP) too 30."""
    base = [*(setup(u, "1011") for u in STACK), setup("gb.1ab.recce", "1011")]
    assert rules(*base, stage(), phase("movement")) == []
    assert rules(*base, setup("gb.1ab.re", "1011"), stage(), phase("movement")) == ["TIS 5.1.2"]


def test_5_1_5_field_artillery_of_2_ep_counts_1_sp():
    """[5.1.5] field artillery "1-2 EP is 1 SP. More than 2 EP is 2 SP": 26 SP, the recce reduced to 1 SP and the
    airlanding light regiment (3 2 1) at 2 EP (2 SP, counted 1): 28. At 3 EP it counts 2: 29."""
    base = [*(setup(u, "1011") for u in STACK), setup("gb.1ab.recce", "1011"), lose("gb.1ab.recce", 2),
            setup("gb.1ab.1alr", "1011")]
    assert rules(*base, lose("gb.1ab.1alr", 1), stage(), phase("movement")) == []
    assert rules(*base, stage(), phase("movement")) == ["TIS 5.1.2"]


# ---- [6.2.5] ZoC across a small river --------------------------------------------------------------------------
def test_6_2_5_the_zoc_reaches_across_a_small_river(tmp_path: Path):
    """[6.2.5] "The ZoC of an enemy unit includes fields on the other side of a river": the SS PzGr at 1211 holds
    1111 across the small river 1111-1211, so 1 Para entering 1111 stops there [6.2.1]."""
    game = world(tmp_path, board=river)
    base = (setup(PGR, "1211"), setup(PARA, "0911"), stage(), phase("movement"))
    assert rules_in(game, *base, move(PARA, "0911", "1011", "1111")) == []
    assert rules_in(game, *base, move(PARA, "0911", "1011", "1111", "1110")) == ["TIS 6.2.1"]


# ---- [4.2.2] one hex always --------------------------------------------------------------------------------------
def test_4_2_2_a_single_hex_is_always_allowed_but_not_a_second():
    """[4.2.2] "Regardless of the MP limit, a unit can always move to an adjacent hex": the 147 RA (motorized,
    8 MP) enters the woods (3 MP) next to it after a barrage halves its MP to 4 [9.2.5]... kept simple: 1 Para
    (5 MP) across the small river into the woods 1504 costs 2 + 1; one hex is always legal."""
    assert rules(setup(PARA, "1503"), stage(), phase("movement"), move(PARA, "1503", "1504")) == []


# ---- [9.2.6] moved motorized artillery -----------------------------------------------------------------------
def test_9_2_6_moved_motorized_artillery_supports_with_1_sp_less():
    """[9.2.6] "Each motorized field artillery unit which has moved during its own movement phase fires with its
    strength lowered by 1 point": 147 RA (4 SP) moved, supporting two battalions (10 SP) against the garrison
    reduced to 3 SP: 13:3 is 4.33, 4:1 (unmoved 14:3 = 4.67 would be 5:1)."""
    pre = (setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), lose(GARRISON, 1),
           setup(RA147, "1116"))
    moved = [*pre, stage(), phase("movement"), move(RA147, "1116", "1117"), phase("combat"),
             attack([PARA, PARA2], [GARRISON], support=[RA147])]
    assert rules(*moved, odds("4:1")) == []
    assert rules(*moved, odds("5:1")) == ["TIS 3.4.1"]
    still = [*pre, stage(), phase("combat"), attack([PARA, PARA2], [GARRISON], support=[RA147])]
    assert rules(*still, odds("5:1")) == []


# ---- [3.3] the counterattack phase is the B player's ----------------------------------------------------------
def test_3_3_the_player_with_initiative_does_not_counterattack():
    """[3.3] "Counterattack phase – B player" and Scenario I "Initiative: Allies": an Allied unit moving one hex
    into the German ZoC in the counterattack phase breaks the phase rule; the German counterattack is legal."""
    base = (setup(PARA, "1311"), setup(GARRISON, "1111"), stage(), phase("counterattack"))
    assert rules(*base, move(GARRISON, "1111", "1211")) == []
    assert "TIS 3.3" in rules(*base, move(PARA, "1311", "1211"))


# ---- [9.2.6] moved non-motorized artillery: the sum halved, rounded up once ------------------------------------------
ALR, ALR2 = "gb.1ab.1alr", "gb.1ab.1alr.b"


def second_light_regiment() -> dict:
    """A second non-motorized field artillery unit of the 1st Airborne Division (3 SP, 4 MP, AFR 4), as the
    bundled 1 ALR; values illustrative."""
    rec = unit(ALR2, "artillery", "gb_1ab", "allies", [3, 2, 1], 4, ["artillery", "airborne"])
    rec["faces"]["front"]["values"]["afr"] = 4
    return rec


def test_9_2_6_moved_non_motorized_artillery_halves_the_sum_of_the_moved_units(tmp_path: Path):
    """[9.2.6] "Non-motorized field artillery which has moved during its own movement phase fires with half of its
    strength (rounding up from the sum of artillery units which have moved)": two light regiments of 3 SP that
    moved support with (3 + 3) / 2 = 3 SP, not 2 + 2. Two battalions (10 SP) and 3 SP against the garrison
    reduced to 3 SP: 13:3 is 4:1 (14:3 would be 5:1). Unmoved they add 6: 16:3 is 5:1."""
    game = world(tmp_path, counters=[second_light_regiment()])
    pre = [setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), lose(GARRISON, 1),
           setup(ALR, "1114"), setup(ALR2, "1014")]
    moved = [*pre, stage(), phase("movement"), move(ALR, "1114", "1113"), move(ALR2, "1014", "1013"),
             phase("combat"), attack([PARA, PARA2], [GARRISON], support=[ALR, ALR2])]
    assert rules_in(game, *moved, odds("4:1")) == []
    assert rules_in(game, *moved, odds("5:1")) == ["TIS 3.4.1"]
    still = [*pre, stage(), phase("combat"), attack([PARA, PARA2], [GARRISON], support=[ALR, ALR2])]
    assert rules_in(game, *still, odds("5:1")) == []


# ---- [5.1.6] the 14 SP road limit does not count infantry --------------------------------------------------------
def marsh(g: dict) -> None:
    """A terrain closed to armoured, motorized units and artillery (null chart cells; illustrative)."""
    g["rules"]["tables"]["terrain"]["marsh"] = {
        "combat": 0, "movement": {"infantry": 3, "armoured": None, "motorized": None, "cavalry": 3, "artillery": None},
        "source": {"rule": "TIS 4.3.3", "values": "illustrative"}}


def marsh_road(m: dict) -> None:
    m["hexes"]["1430"] = "marsh"  # on the Eindhoven - Arnhem road


GDS = ["gb.xxx.gds.2ig", "gb.xxx.gds.2gg", "gb.xxx.gds.3ig", "gb.xxx.gds.1gg"]  # 2 armour, 2 motorized infantry


def test_5_1_6_motorized_infantry_does_not_count_against_the_14_sp(tmp_path: Path):
    """[5.1.6] "On a road, on terrain forbidden for armored and motorized units and artillery, only 14 SP of those
    units can stay. It doesn't affect infantry (motorized and mechanized also)." Two armoured battalions (10 SP)
    and two motorized infantry battalions (10 SP) on the road through the marsh at 1430: 10 SP count, legal; a
    third armoured battalion makes 15."""
    game = world(tmp_path, game=marsh, board=marsh_road)
    base = [setup(u, "1430") for u in GDS]
    assert rules_in(game, *base, stage(), phase("movement")) == []
    assert rules_in(game, *base, setup("gb.xxx.8ab.1", "1430"), stage(), phase("movement")) == ["TIS 5.1.6"]


def test_5_1_6_policy_road_stack_infantry_counted(tmp_path: Path):
    """The policy ``road_stack_infantry`` = counted reads [5.1.6] as counting motorized and mechanized infantry:
    the same 20 SP are too many."""
    def both(g: dict) -> None:
        marsh(g)
        g["rules"].setdefault("policies", {})["road_stack_infantry"] = "counted"
    game = world(tmp_path, game=both, board=marsh_road)
    assert rules_in(game, *(setup(u, "1430") for u in GDS), stage(), phase("movement")) == ["TIS 5.1.6"]


# ---- [9.6.2] single-handed fire at exactly 7 SP ----------------------------------------------------------------
def test_9_6_2_single_handed_fire_with_exactly_7_sp_is_legal():
    """[9.6.2] "A single-handed fire at enemy units can be made by unit(s) which have at least 7 SP": 147 RA (4)
    and the light regiment (3) make 7; with the light regiment reduced to 2 SP, 6 is too few."""
    fire = {"type": "attack", "kind": "fire", "attackers": [RA147, ALR], "defenders": [GARRISON]}
    base = [setup(PARA, "1011"), setup(RA147, "1115"), setup(ALR, "1114"), setup(GARRISON, "1211")]
    assert rules(*base, stage(), phase("combat"), fire) == []
    assert rules(*base, lose(ALR, 1), stage(), phase("combat"), fire) == ["TIS 9.6.2"]


# ---- [4.3.2] onto a road from off it ---------------------------------------------------------------------------
ROAD = ["1331", "1430", "1429", "1529", "1528", "1627", "1626", "1726", "1725", "1824", "1823", "1923", "2022",
        "2021"]  # the Eindhoven - Arnhem road, each hex linked to the next


def test_4_3_2_entering_the_road_from_off_it_pays_the_terrain_then_road_rates():
    """[4.3.2] "When a unit enters a hex with a road from a hex without a road, it spends MP for entering the
    terrain on which the road is"; [4.3.1] then road movement. 3 IG (motorized, 8 MP) from 1330 (no road) into
    1331 (clear, 2 MP), then 12 road legs at ½ MP (bundled illustrative road cost): 8 MP. One leg more is 8½."""
    ig3 = "gb.xxx.gds.3ig"
    base = (setup(ig3, "1330"), stage(), phase("movement"))
    assert rules(*base, move(ig3, "1330", *ROAD[:13])) == []
    assert rules(*base, move(ig3, "1330", *ROAD)) == ["TIS 4.2.2"]


# ---- [9.3.3] support against several defenders ------------------------------------------------------------------
def test_9_3_3_support_needs_only_one_attacked_unit_in_range():
    """[9.3.3] "If artillery supports an attack against several units, only one of the attacked units has to be in
    range": 147 RA (AFR 8) at 1119 reaches 1211 (8 hexes) but not 1210 (9); the attack on both garrisons is
    supported. Against the garrison at 1210 alone it is out of range [9.3.1]."""
    base = (setup(PARA, "1111"), setup(PARA2, "1111"), setup(GARRISON, "1211"), setup(NIJMEGEN, "1210"),
            setup(RA147, "1119"))
    assert rules(*fight([PARA, PARA2], [GARRISON, NIJMEGEN], "2:1", *base, support=[RA147])) == []
    alone = (setup(PARA, "1111"), setup(NIJMEGEN, "1210"), setup(RA147, "1119"))
    assert rules(*fight([PARA], [NIJMEGEN], "2:1", *alone, support=[RA147])) == ["TIS 9.3.1"]


# ---- [7.1.13] five directions ------------------------------------------------------------------------------------
def test_7_1_13_five_directions_give_plus_2():
    """[7.1.13] "from 5 directions, +2": five battalions (25 SP) around the garrison (4 SP) at 1211: 6.25:1 is
    6:1, +2: 8:1."""
    units = [PARA, PARA2, PARA3, "gb.1ab.4para.10", "gb.1ab.4para.11"]
    hexes = ("1210", "1311", "1312", "1212", "1112")
    base = (*(setup(u, h) for u, h in zip(units, hexes, strict=True)), setup(GARRISON, "1211"))
    assert rules(*fight(units, [GARRISON], "8:1", *base)) == []
    assert rules(*fight(units, [GARRISON], "7:1", *base)) == ["TIS 3.4.1"]


# ---- [32.1.10] airborne units' supply line: half, as infantry ---------------------------------------------------
def lz_at_1111(m: dict) -> None:
    next(a for a in m["areas"] if a["id"] == "lz_arnhem")["hexes"].append("1111")


def out_of_supply(u: str) -> dict:
    return {"type": "marker", "unit": u, "marker": "out_of_supply", "on": True}


def test_32_1_10_a_landed_unit_is_supplied_within_7_and_a_half_infantry_mp_of_its_landing(tmp_path: Path):
    """[32.1.10] "The supply line from the area of landing of air assault units is half as long as point [32.1.5]
    would indicate. It is also considered an infantry unit": 15 / 2 = 7½ infantry MP. Scenario I gives the Allies no
    supply base. 1 Para lands at 1111 and walks east on clear hexes: at 1811 (7 MP) it has a line, marking it out of
    supply is wrong; at 1911 (8 MP) it has none, and (policy supply_marking every_unit) leaving it unmarked is
    wrong [32.2.1]."""
    game = world(tmp_path, board=lz_at_1111)
    land = [stage(1), phase("airborne"), {"type": "reinforcement", "unit": PARA, "hex": "1111"},
            phase("movement"), move(PARA, "1111", "1211", "1311"), phase("supply"), stage(2), phase("movement"),
            move(PARA, "1311", "1411", "1511", "1611", "1711", "1811"), phase("supply")]
    assert rules_in(game, *land) == []
    assert rules_in(game, *land, out_of_supply(PARA)) == ["TIS 32.1.5"]
    on = [*land, stage(3), phase("movement"), move(PARA, "1811", "1911"), phase("supply")]
    assert rules_in(game, *on, out_of_supply(PARA)) == []

    def every_unit(g: dict) -> None:
        g["rules"].setdefault("policies", {})["supply_marking"] = "every_unit"
    strict = world(tmp_path / "strict", game=every_unit, board=lz_at_1111)
    assert rules_in(strict, *on) == ["TIS 32.2.1"]


# ---- Scenario I victory: British units cut off ------------------------------------------------------------------
def test_scenario_i_only_british_units_cut_off_score_for_the_germans():
    """Scenario I: "For each British unit being cut off (after the game ends): +1 VP (Germans)". 1 Para (British)
    and the 1st Polish Parachute Battalion end the game out of supply (Scenario I: "Allies – none" for supply
    bases); only the British battalion scores: 1 VP, not 2."""
    pl = "pl.1para.1"
    base = [setup(PARA, "1111"), setup(pl, "1113"), stage(), phase("supply"), out_of_supply(PARA),
            out_of_supply(pl)]
    assert rules(*base, {"type": "game_end", "vp": {"germans": 1}}) == []
    assert rules(*base, {"type": "game_end", "vp": {"germans": 2}}) == ["TIS scenario"]


# ---- Scenario I landing dates are days -----------------------------------------------------------------------
def landing(u: str, stage_no: int, h: str = "2005") -> list[dict]:
    return [*(stage(n) for n in range(1, stage_no + 1)), phase("airborne"),
            {"type": "reinforcement", "unit": u, "hex": h}]


def test_scenario_i_the_airborne_division_lands_on_17_september_either_stage():
    """Scenario I notes: "The Allied airborne divisional units land on 17 September" (a day; the play starts on
    17 IX 2e, so 17 IX 3e, stage 2, is 17 September too). Landing on 18 IX 1e (stage 3) is late."""
    assert findings(*landing(PARA, 1)) == []  # 2005: lz_arnhem
    assert findings(*landing(PARA, 2)) == []
    assert rules(*landing(PARA, 3)) == ["TIS scenario"]


def test_scenario_i_the_poles_land_on_21_september_in_the_historical_variant():
    """Scenario I notes: "In the historical variant the Poles land on 21 September": 21 IX 2e (stage 13) is on
    time, 20 IX 3e (stage 11) is early."""
    assert findings(*landing("pl.1para.1", 13, "2409")) == []  # dz_polish
    assert rules(*landing("pl.1para.1", 11, "2409")) == ["TIS scenario"]
