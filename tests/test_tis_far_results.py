"""TiS fire at range results, written from the rulebook (seed 002, chapter 15 and the FIRING AT RANGE table): the table
[15.3.5] c) (row +7 and part of +6 as printed, rows +1 and 0 from the [15.3.5] example), the modifiers of [15.5]
(terrain [15.5.1], mechanized infantry with armour [15.5.5], two opposite sides) and the morale roll after FaR losses
[15.4.1], [15.4.3], [15.4.4]. Each with a breaking and a legal log.

Units (bundled Arnhem counters): 2 IG (armour, GUN 4, ARMOR 3, track 5-4-3-2-1: one EP lost is one SP), 10 SS Pz
(armour, GUN 4, ARMOR 3, track 4-3-2-1), XXX Corps HQ (2 IG's HQ). Hexes 0911-1411 are clear; 1923 is city (-2),
next to clear 1822.
"""

from __future__ import annotations

from tests.test_tis_artillery import err_rules, patched
from tests.test_tis_combat import IG2, IG3, retreat, roll
from tests.test_tis_far import PZ, far, morale
from tests.test_tis_movement import PGR, move, phase, rules, setup, stage

XXX_HQ = "gb.xxx.hq"


def vals(**v: int) -> dict:
    return {"faces": {"front": {"kind": "values", "values": {"movement": 10, **v}}, "back": {"kind": "blank"}}}


def loss(u: str, n: int = 1, reason: str = "far") -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": reason}


def shot(total: int) -> dict:
    a = min(6, total - 1)
    return roll(a, total - a, "far")


def duel(*events: dict, at: str = "1011", pz: str = "1211") -> list[dict]:
    return [setup(IG2, at), setup(PZ, pz), stage(), phase("movement"), *events]


def cnc(found: list[dict], rule: str) -> list[str]:
    return [f["rule"] for f in found if f["severity"] == "could-not-check" and f["rule"] == rule]


# ---- [15.3.5] c) the table ----------------------------------------------------------------------------------------
def test_15_3_5_row_plus_7_as_printed(tmp_path):
    """Row +7 prints 4 3 3 2 2 2 1 1 1 1 Z for 2..12: a roll of 5 takes 2 EP."""
    gun10 = {IG2: vals(gun=10, armor=3)}  # GUN 10 less ARMOR 3 = +7
    log = duel(far(IG2, PZ), shot(5), loss(PZ, 2), morale(PZ))
    assert err_rules(patched(tmp_path / "a", *log, counters=gun10)) == []
    bad = duel(far(IG2, PZ), shot(5), loss(PZ, 1), morale(PZ))
    found = patched(tmp_path / "b", *bad, counters=gun10)
    assert err_rules(found) == ["TIS 15.3.5"]
    assert "table gives 2 EP" in next(f["message"] for f in found if f["rule"] == "TIS 15.3.5")


def test_15_3_5_a_difference_above_plus_7_reads_row_plus_7(tmp_path):
    gun12 = {IG2: vals(gun=12, armor=3)}  # +9: row +7, a roll of 5 takes 2 EP
    assert err_rules(patched(tmp_path / "a", *duel(far(IG2, PZ), shot(5), loss(PZ, 2), morale(PZ)),
                             counters=gun12)) == []
    assert err_rules(patched(tmp_path / "b", *duel(far(IG2, PZ), shot(5), loss(PZ, 3), morale(PZ)),
                             counters=gun12)) == ["TIS 15.3.5"]


def test_15_3_5_z_jams_the_weapon_for_the_rest_of_the_stage(tmp_path):
    """Z: 'weapon jammed, no more fire during the current turn' (row +7, roll 12)."""
    gun10 = {IG2: vals(gun=10, armor=3)}
    jam = duel(far(IG2, PZ), shot(12), phase("combat"), far(IG2, PZ, "interior"), shot(12))
    assert err_rules(patched(tmp_path / "a", *jam, counters=gun10)) == ["TIS 15.3.5"]
    ok = duel(far(IG2, PZ), shot(11), loss(PZ), morale(PZ), phase("combat"), far(IG2, PZ, "interior"), shot(12))
    assert err_rules(patched(tmp_path / "b", *ok, counters=gun10)) == []


def test_15_3_5_the_examples_rows_plus_1_and_0(tmp_path):
    """[15.3.5] example: at +1 'for a roll of 6 or less, unit B loses 1 EP'; at 0 'for each roll of 5 or less'."""
    assert rules(*duel(far(IG2, PZ), shot(6), shot(7), loss(PZ), morale(PZ))) == []
    assert rules(*duel(far(IG2, PZ), shot(7), shot(8), loss(PZ), morale(PZ))) == ["TIS 15.3.5"]
    armor4 = {PZ: vals(gun=4, armor=4)}  # 2 IG's GUN 4 less ARMOR 4: 0
    assert err_rules(patched(tmp_path / "a", *duel(far(IG2, PZ), shot(5), loss(PZ), morale(PZ)),
                             counters=armor4)) == []
    assert err_rules(patched(tmp_path / "b", *duel(far(IG2, PZ), shot(6), loss(PZ), morale(PZ)),
                             counters=armor4)) == ["TIS 15.3.5"]


def test_15_3_5_a_cell_the_seed_does_not_print_is_could_not_check(tmp_path):
    # row +6 prints 2..8 only: a roll of 9 has no cell
    found = patched(tmp_path, *duel(far(IG2, PZ), shot(9), loss(PZ), morale(PZ)), counters={IG2: vals(gun=9, armor=3)})
    assert err_rules(found) == [] and cnc(found, "TIS 15.3.5") == ["TIS 15.3.5"]


# ---- [15.5] modifiers -------------------------------------------------------------------------------------------
def test_15_5_1_the_targets_surface_terrain_lowers_the_difference(tmp_path):
    """GUN 4 less ARMOR 1 is +3; the Panzer in the city (-2 on the Terrain Effect chart) is fired at on row +1."""
    armor1 = {PZ: vals(gun=4, armor=1)}
    city = [setup(IG2, "1822"), setup(PZ, "1923"), stage(), phase("movement"), far(IG2, PZ, "interior"), shot(6)]
    assert err_rules(patched(tmp_path / "a", *city, loss(PZ), morale(PZ), counters=armor1)) == []
    found = patched(tmp_path / "b", *city, counters=armor1)
    assert err_rules(found) == ["TIS 15.3.5"]
    # in the clear the same shot reads row +3, which the seed does not print
    clear = patched(tmp_path / "c", *duel(far(IG2, PZ), shot(6)), counters=armor1)
    assert err_rules(clear) == [] and cnc(clear, "TIS 15.3.5") == ["TIS 15.3.5"]


def test_15_5_5_mechanized_infantry_in_the_open_with_armour_of_its_strength_gains_1_armor(tmp_path):
    """SS PGR 1 (mechanized, given ARMOR 1 and 4 SP) in the clear with the 4-SP Panzer: GUN 3 less ARMOR 2 = +1."""
    units = {IG2: vals(gun=3, armor=3), PGR: {**vals(armor=1), "steps": {"track": [4, 3, 2, 1], "value": "strength"}}}
    base = [setup(IG2, "1011"), setup(PGR, "1211"), setup(PZ, "1211"), stage(), phase("movement"), far(IG2, PGR),
            shot(6)]
    assert err_rules(patched(tmp_path / "a", *base, loss(PGR), morale(PGR), counters=units)) == []
    assert err_rules(patched(tmp_path / "b", *base, counters=units)) == ["TIS 15.3.5"]
    alone = patched(tmp_path / "c", setup(IG2, "1011"), setup(PGR, "1211"), stage(), phase("movement"),
                    far(IG2, PGR), shot(6), counters=units)
    assert cnc(alone, "TIS 15.3.5") == ["TIS 15.3.5"]  # +2: no printed row


def test_15_5_two_opposite_sides_take_1_off_the_targets_armor(tmp_path):
    """(printed "[15.2.6]" under 15.5) 2 IG from 1011 and 3 IG from 1411, on both sides of the Panzer at 1211, given
    GUN 4 against its ARMOR 4: 2 IG's shot reads row 0, 3 IG's row +1; a roll of 6 costs 1 EP on +1 only."""
    units = {PZ: vals(gun=4, armor=4), IG3: vals(gun=4)}
    base = [setup(IG3, "1411"), *duel(far(IG2, PZ), shot(6), far(IG3, PZ), shot(6))]
    assert err_rules(patched(tmp_path / "a", *base, loss(PZ), morale(PZ), counters=units)) == []
    assert err_rules(patched(tmp_path / "b", *base, counters=units)) == ["TIS 15.3.5"]


# ---- [15.4] the morale roll ---------------------------------------------------------------------------------------
def fired_at(*after: dict, zone: str = "exterior", pz: str = "1211", extra: tuple[dict, ...] = ()) -> list[dict]:
    """The Panzer fires at 2 IG in the allies' movement phase (window c), a 6 on +1: 1 EP, which is 1 SP (5 -> 4)."""
    return [*extra, setup(IG2, "1011"), setup(PZ, pz), stage(), phase("movement"), far(PZ, IG2, zone), shot(6),
            loss(IG2), *after]


def test_15_4_1_a_unit_that_lost_ep_to_far_throws_the_morale_die():
    assert rules(*fired_at()) == ["TIS 15.4.1"]
    assert rules(*fired_at(morale(IG2, 6))) == []
    # and only such a unit throws it
    assert rules(*duel(far(IG2, PZ), shot(7), morale(PZ))) == ["TIS 15.4.1"]


def test_15_4_1_exterior_zone_a_result_at_most_the_sp_lost_keeps_the_unit_in_its_hex():
    # no HQ of 2 IG on the map: -1 [15.4.3]; a 2 is 1, not more than the 1 SP lost: it stays to the end of the phase
    assert rules(*fired_at(morale(IG2, 2), move(IG2, "1011", "0911"))) == ["TIS 15.4.1"]
    assert rules(*fired_at(morale(IG2, 3), move(IG2, "1011", "0911"))) == []


def test_15_4_1_interior_zone_a_result_at_most_the_sp_lost_makes_the_unit_retreat_one_hex():
    found = rules(*fired_at(morale(IG2, 1), zone="interior", pz="1111"))
    assert found == ["TIS 15.4.1"]
    # [15.4.2] the retreat is one of [7.4]: no combat result is needed for it
    assert rules(*fired_at(morale(IG2, 1), retreat(IG2, "1011", "0911"), zone="interior", pz="1111")) == []
    assert rules(*fired_at(morale(IG2, 1), move(IG2, "1011", "0911", "0811"), zone="interior", pz="1111")) == \
        ["TIS 15.4.1"]  # two hexes, not one


def test_15_4_3_its_hq_in_the_hex_adds_1():
    # XXX Corps HQ with 2 IG: a 1 becomes 2, more than the 1 SP lost: it may move on
    assert rules(*fired_at(morale(IG2, 1), move(IG2, "1011", "0911"), extra=(setup(XXX_HQ, "1011"),))) == []


def test_15_4_3_out_of_the_hq_range_takes_1_off_policy_far_morale_hq_range(tmp_path):
    # the HQ 4 hexes away (1015); a 2: 2 in range, 1 out of it, so the range decides
    log = fired_at(morale(IG2, 2), move(IG2, "1011", "0911"), extra=(setup(XXX_HQ, "1015"),))
    unset = patched(tmp_path / "a", *log)
    assert err_rules(unset) == [] and cnc(unset, "TIS 15.4.3") == ["TIS 15.4.3"]
    assert err_rules(patched(tmp_path / "b", *log, policies={"far_morale_hq_range": 3})) == ["TIS 15.4.1"]
    assert err_rules(patched(tmp_path / "c", *log, policies={"far_morale_hq_range": 6})) == []


def test_15_4_4_one_more_ep_avoids_the_effect_only_with_its_hq_on_the_map(tmp_path):
    extra_ep = loss(IG2, 1, "far_morale")
    assert rules(*fired_at(morale(IG2, 1), extra_ep)) == ["TIS 15.4.4"]
    # (and the effect then stands: a move is flagged too)
    assert rules(*fired_at(morale(IG2, 1), extra_ep, move(IG2, "1011", "0911"))) == ["TIS 15.4.4", "TIS 15.4.1"]
    ok = fired_at(morale(IG2, 1), extra_ep, move(IG2, "1011", "0911"), extra=(setup(XXX_HQ, "1015"),))
    assert err_rules(patched(tmp_path, *ok, policies={"far_morale_hq_range": 3})) == []
    # no extra EP is owed when the roll had no effect
    assert rules(*fired_at(morale(IG2, 6), extra_ep)) == ["TIS 15.4.4"]


# ---- the chat: !farmorale ----------------------------------------------------------------------------------------
def test_15_4_the_chat_names_the_unit_of_the_morale_die_and_the_extra_ep():
    """As the chat logs it: '!farmorale 2IG' then a die with no purpose; '!farmorale 2IG avoid' then '!loss 2IG'
    (no reason) is the extra EP of [15.4.4]; '!roll far_morale' alone is the die of the one unit owing it."""
    who = {"type": "far_morale", "unit": IG2}
    bare_die = {"type": "roll", "dice": [2]}
    assert rules(*fired_at(who, bare_die, move(IG2, "1011", "0911"))) == ["TIS 15.4.1"]  # 2 - 1 <= 1: held
    assert rules(*fired_at(who, {"type": "roll", "dice": [3]}, move(IG2, "1011", "0911"))) == []
    unnamed = {"type": "roll", "purpose": "far_morale", "dice": [2]}
    assert rules(*fired_at(unnamed, move(IG2, "1011", "0911"))) == ["TIS 15.4.1"]
    avoid = [{"type": "far_morale", "unit": IG2, "avoid": True}, {"type": "loss", "unit": IG2, "steps": 1}]
    assert rules(*fired_at(who, bare_die, *avoid)) == ["TIS 15.4.4"]  # no HQ on the map
