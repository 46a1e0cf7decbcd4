"""CoH rules exam (hits, cover, transport, fortifications): one rule per test, each with a breaking log (the finding
and its rule number) and a legal log, written from the Storms of Steel rulebook fragment (sections 15-21, Fig
26-30), on the test world of tests/rules_fixtures/coh_world.py (bundled counters plus a truck, an engineer, a PaK
40 and airplanes; the board's geometry: tests/rules_fixtures/coh_exam.py)."""

from __future__ import annotations

from tests.rules_fixtures.coh_exam import (
    AA,
    APC,
    GRIF,
    GRIF2,
    GUN,
    OPEL,
    PAK,
    PASS_G,
    PASS_S,
    SMG,
    SRIF2,
    TANK,
    act,
    carrying,
    errors,
    fire,
    hit,
    mv,
    opel_with_pak,
    roll,
)
from tests.rules_fixtures.coh_world import check, mk, rules, start, world


# ---- 15.1 multiple target types --------------------------------------------------------------------------------
def test_15_1_each_unit_in_the_hex_is_rolled_against_with_its_own_fp_colour():
    """15.1: "A unit firing at a hex with multiple units that have different DR colors rolls against each with the
    appropriate FP color." The 57mm (blue 8, red 2) at 1203 facing 180 fires 3 hexes south at 1206: the PzIIIh
    (front blue 15) and German Rifles 2 (front red 12, +1 vehicle cover, 15.6). Rolls: 7 against the tank (8 + 7 = 15,
    a hit), 10 against the rifles (2 + 10 = 12 < 13, a miss; with the blue 8 it would be a hit)."""
    base = start([(GUN, "1203", 180.0), (TANK, "1206", 0.0), (GRIF2, "1206", 0.0)])
    shot = [PASS_G, act(GUN), fire(GUN, TANK, GRIF2), roll(3, 4), roll(5, 5)]
    assert check(world(), base + shot + [hit(TANK, "hit.vehicle.light_damage")]) == []
    found = check(world(), base + shot + [hit(TANK, "hit.vehicle.light_damage"), hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and found[0].units == [GUN, GRIF2] and "DV 13" in found[0].message


# ---- 15.2 vehicle hits ------------------------------------------------------------------------------------------
def test_15_2_panicked_front_dr_decreases_by_4():
    """15.2 Panicked: "Front DR decreases by 4." The 57mm (blue 8) fires 3 hexes at the tank's front: 15 - 4 = 11,
    so a roll of 3 hits."""
    base = start([(GUN, "1203", 180.0), (TANK, "1206", 0.0)])
    pre = base + [hit(TANK, "hit.vehicle.panicked"), PASS_G, act(GUN), fire(GUN, TANK), roll(1, 2)]
    found = check(world(), pre)
    assert rules(found) == ["CoH Fig 30"] and "second hit" in found[0].message  # a hit on a hit vehicle destroys
    assert check(world(), pre + [{"type": "loss", "unit": TANK, "eliminated": True},
                                 {"type": "vp", "side": "soviet", "points": 1}]) == []
    # a roll of 2: 10 < 11, a miss
    miss = base + [hit(TANK, "hit.vehicle.panicked"), PASS_G, act(GUN), fire(GUN, TANK), roll(1, 1)]
    assert check(world(), miss) == []


def test_15_2_immobilized_flank_dr_increases_by_1():
    """15.2 Immobilized: "Front DR decreases by 1. Flank DR increases by 1." The 57mm fires at the tank's flank
    (the tank faces 60, the gun is due north: outside its front arc): blue 14 + 1 = 15; 8 + 7 = 15 hits, 8 + 6 does
    not."""
    base = start([(GUN, "1203", 180.0), (TANK, "1206", 120.0)])
    pre = base + [hit(TANK, "hit.vehicle.immobilized"), PASS_G, act(GUN), fire(GUN, TANK)]
    assert check(world(), pre + [roll(3, 3)]) == []
    found = check(world(), pre + [roll(3, 3), {"type": "loss", "unit": TANK, "eliminated": True},
                                  {"type": "vp", "side": "soviet", "points": 1}])
    assert rules(found) == ["CoH Fig 29"] and "DV 15" in found[0].message


def test_15_2_suppressed_blue_fp_decreases_by_5():
    """15.2 Suppressed: "Costs +1AP to fire. FP decreases by -3 for red and -5 for blue." The tank (blue 5, fire
    cost 3) at 1206 facing 0 fires at the 57mm's blue front 13 at 1203: 5 - 5 + 12 = 12 < 13, a miss; unsuppressed
    the same roll is 17, two hits."""
    base = start([(GUN, "1203", 180.0), (TANK, "1206", 0.0)])
    sup = base + [hit(TANK, "hit.vehicle.suppressed"), act(TANK), fire(TANK, GUN, ap=4, fp_colour="blue"), roll(6, 6)]
    assert check(world(), sup) == []
    found = check(world(), sup + [hit(GUN)])
    assert rules(found) == ["CoH Fig 29"] and "DV 13" in found[0].message


def test_15_2_stunned_may_take_no_action_but_rally():
    """15.2 Stunned: "Unit may not move, fire or take any action other than rally." A stunned tank that pivots
    breaks it; a rally roll of exactly 9 ("9 needed to rally") removes the counter."""
    base = start([(TANK, "1206", 0.0), (SMG, "0903", 180.0)])
    stun = hit(TANK, "hit.vehicle.stunned")
    found = check(world(), base + [stun, act(TANK), {"type": "pivot", "unit": TANK, "facing": 60}])
    assert rules(errors(found)) == ["CoH 15.2"] and found[0].units == [TANK]
    ok = base + [stun, act(TANK), {"type": "rally", "unit": TANK, "roll": 9},
                 {"type": "marker", "unit": TANK, "marker": "hit.vehicle.stunned", "on": False}]
    assert errors(check(world(), ok)) == []
    bad = base + [stun, act(TANK), {"type": "rally", "unit": TANK, "roll": 8},
                  {"type": "marker", "unit": TANK, "marker": "hit.vehicle.stunned", "on": False}]
    assert rules(errors(check(world(), bad))) == ["CoH 15.2"]


# ---- 15.4 open topped: red only against artillery/mortar and foot close combat ------------------------------------
def test_15_4_open_top_flank_stays_blue_against_ordinary_fire_by_foot_units():
    """15.4: the open-topped flank DR "changes from blue to red when attacked by artillery or mortar fire and in CC by
    foot units" - not against ordinary direct fire. The SMG 2 hexes north of the 251-17 (facing 180, so on its
    flank, blue 11) must fire blue (15.1)."""
    base = start([(SMG, "1204", 180.0), (AA, "1206", 120.0)])
    found = check(world(), base + [PASS_G, act(SMG), fire(SMG, AA, fp_colour="red"), roll(1, 1)])
    assert rules(found) == ["CoH 15.1"] and "blue" in found[0].message
    assert check(world(), base + [PASS_G, act(SMG), fire(SMG, AA, fp_colour="blue"), roll(1, 1)]) == []


# ---- 15.5 turret and command action card ------------------------------------------------------------------------
def test_15_5_command_action_card_fire_out_of_arc_pays_no_turret_surcharge_but_a_gun_still_must_pivot():
    """15.5: "Turreted vehicles firing outside of their arc with an opportunity action or a command action card do not
    have to pay an additional 1AP/CAP", but "vehicles with turreted guns are the only units that can fire at targets
    outside their arcs". The tank at 1206 faces 180, the 57mm due north at 1203."""
    base = start([(GUN, "1203", 0.0), (TANK, "1206", 180.0)])
    card = {"type": "order", "order": "command_action", "unit": TANK}
    assert check(world(), base + [card, fire(TANK, GUN), roll(1, 1)]) == []
    gcard = {"type": "order", "order": "command_action", "unit": GUN}
    found = check(world(), base + [PASS_G, gcard, fire(GUN, TANK), roll(1, 1)])
    assert rules(found) == ["CoH 15.5"] and found[0].units == [GUN]


# ---- 15.6 vehicles as cover ---------------------------------------------------------------------------------------
def test_15_6_plus_one_per_vehicle_and_only_for_infantry_squads():
    """15.6: "All vehicles offer +1DM per vehicle to all non-transported infantry squads in the same hex." Rifles 2
    (front 12) at 1206 with the tank and the empty 251/1: DV 14. The SMG at 1203 (3 hexes, +0): 5 + 8 = 13 misses,
    5 + 9 = 14 hits."""
    base = start([(SMG, "1203", 180.0), (GRIF2, "1206", 0.0), (TANK, "1206", 0.0), (APC, "1206", 0.0)])
    shot = base + [PASS_G, act(SMG), fire(SMG, GRIF2)]
    found = check(world(), shot + [roll(4, 4), hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and "DV 14" in found[0].message
    assert check(world(), shot + [roll(4, 5), hit(GRIF2)]) == []


def test_15_6_a_gun_is_no_infantry_squad_and_gets_no_vehicle_cover():
    """15.6 covers "infantry squads"; a gun team in a tank's hex gets none. The SMG (red 5) at 1203 fires at the
    PaK 40's red flank 10 at 1206 (facing 180, the SMG behind it): 5 + 5 = 10 hits."""
    base = start([(SMG, "1203", 180.0), (PAK, "1206", 180.0), (TANK, "1206", 0.0)])
    shot = base + [PASS_G, act(SMG), fire(SMG, PAK), roll(2, 3)]
    assert check(world(), shot + [hit(PAK)]) == []
    found = check(world(), shot)
    assert rules(found) == ["CoH Fig 29"] and "no hit counter" in found[0].message


# ---- 16.0 trucks --------------------------------------------------------------------------------------------------
def test_16_0_truck_range_0_only_close_combat():
    """16.0: "Trucks have a -2FP and a range of 0, so they may attempt feeble CC attacks." The Opel may not fire at
    the adjacent SMG."""
    base = start([(OPEL, "1206", 0.0), (SMG, "1205", 180.0)])
    found = check(world(), base + [act(OPEL), fire(OPEL, SMG), roll(6, 6)])
    assert rules(found) == ["CoH 16.0"] and found[0].units == [OPEL] and "range of 0" in found[0].message


# ---- 16.1 APC destroyed: the carried unit keeps +2 for that attack ----------------------------------------------
def test_16_1_carried_units_keep_the_apc_shield_when_the_apc_is_destroyed():
    """16.1: "If the APC is destroyed, transported units still receive the APC's +2DM for that attack." The 57mm
    (blue 8 / red 2) at 1203 fires 3 hexes at the 251/1 facing it at 1206 (front blue 13) carrying Rifles 1 (flank
    red 11 + 2, 17.1): 8 + 9 = 17, two hits, the APC is destroyed; 2 + 9 = 11 < 13 misses the rifles."""
    base = start([(GUN, "1203", 180.0), (APC, "1206", 0.0)])
    base = carrying(base, GRIF, APC)
    shot = base + [PASS_G, act(GUN), fire(GUN, APC, GRIF), roll(4, 5), roll(4, 5),
                   {"type": "loss", "unit": APC, "eliminated": True}, {"type": "vp", "side": "soviet", "points": 1}]
    assert check(world(), shot) == []
    found = check(world(), shot + [hit(GRIF)])
    assert rules(found) == ["CoH Fig 29"] and found[0].units == [GUN, GRIF] and "DV 13" in found[0].message


# ---- 17.0 transport -----------------------------------------------------------------------------------------------
def test_17_0_a_gun_unloaded_for_caps_stays_fresh_one_unloaded_in_the_group_is_spent():
    """17.0 Ex: the Opel "begins his activation by unloading the gun for 4CAPs and then moves the truck on. The gun
    remains fresh and can still be activated later in the round"; Fig 26: a gun unloaded for APs in the group's
    activation is "marked as spent" with the vehicle."""
    fresh = opel_with_pak() + [act(OPEL), {"type": "unload", "unit": PAK, "cap": 4}, PASS_S,
                                mv(OPEL, ["1206", "1207"]), {"type": "spent", "units": [OPEL]}, PASS_S,
                                act(PAK)]
    assert check(world(), fresh) == []
    grouped = opel_with_pak() + [act(OPEL, PAK), {"type": "unload", "unit": PAK}, PASS_S,
                                  mv(OPEL, ["1206", "1207"]), {"type": "spent", "units": [OPEL, PAK]},
                                  PASS_S, act(PAK)]
    found = check(world(), grouped)
    assert rules(found) == ["CoH Fig 26-30"] and found[0].units == [PAK]


def test_17_0_a_truck_gives_its_passenger_no_cover():
    """17.0: "Transported units receive no vehicle cover from the vehicle they are being transported by (exception -
    16.1 APCs)"; 17.1: fire is resolved "simultaneously against a vehicle and the flank DRs of any transported
    units". Rifles 2 in the Opel: DV = flank 11. The SMG (red 5) 3 hexes away misses the Opel's front 9 with a 2, then
    rolls 6 against the rifles: 11 hits."""
    base = carrying(start([(SMG, "1203", 180.0), (OPEL, "1206", 0.0)]), GRIF2, OPEL)
    shot = base + [PASS_G, act(SMG), fire(SMG, OPEL, GRIF2), roll(1, 1), roll(3, 3)]
    assert check(world(), shot + [hit(GRIF2)]) == []
    found = check(world(), shot)
    assert rules(found) == ["CoH Fig 29"] and "no hit counter" in found[0].message


# ---- 18.2 fortifications --------------------------------------------------------------------------------------------
def test_18_2_leaving_a_trench_as_part_of_a_move_out_of_the_hex_is_free():
    """18.2: "Units must pay +1AP if they wish to exit a fortification without leaving the hex ... Units may exit a
    fortification at no additional costs if part of a movement action out of the hex." Rifles 2 in a trench at 1206
    move to open 1207 for 1AP."""
    base = start([(GRIF2, "1206", 0.0)], mk("fort.trench", "1206"))
    next(e for e in base if e.get("unit") == GRIF2)["occupies"] = "fort.trench"
    assert check(world(), base + [act(GRIF2), mv(GRIF2, ["1206", "1207"], ap=1)]) == []
    found = check(world(), base + [act(GRIF2), {"type": "leave", "unit": GRIF2, "ap": 0}])
    assert rules(found) == ["CoH 18.2"]


def test_18_2_units_in_a_trench_may_fire_in_any_direction():
    """18.2: "Units in trenches may face, and subsequently fire, in any direction"; 15.5: otherwise only turreted
    vehicles fire outside their arc. The SMG faces 0; the rifles are due south (bearing 180)."""
    shot = [PASS_G, act(SMG), fire(SMG, GRIF2), roll(1, 1)]
    out = start([(SMG, "1203", 0.0), (GRIF2, "1206", 0.0)], mk("fort.trench", "1203"))
    found = check(world(), out + shot)
    assert rules(found) == ["CoH 15.5"] and found[0].units == [SMG]
    inside = start([(SMG, "1203", 0.0), (GRIF2, "1206", 0.0)], mk("fort.trench", "1203"))
    next(e for e in inside if e.get("unit") == SMG)["occupies"] = "fort.trench"
    assert check(world(), inside + shot) == []


def test_18_6_occupants_keep_the_bunker_dm_when_it_is_destroyed():
    """18.6: "incoming fire is resolved simultaneously against the fortification and any units inside ... If the
    fortification is destroyed, units still receive the fortification's DM for that attack." The SMG (red 5) at 1203
    fires 3 hexes at a bunker (front to the north, DR 15) at 1206 holding Rifles 2 (front 12 + 5 = 17): rolls 10
    (15, the bunker is removed) and 11 (16 < 17, a miss; 16 >= 12 + 4 without the DM)."""
    base = start([(SMG, "1203", 180.0), (GRIF2, "1206", 0.0)], mk("fort.bunker", "1206", facing=0.0))
    next(e for e in base if e.get("unit") == GRIF2)["occupies"] = "fort.bunker"
    shot = base + [PASS_G, act(SMG), fire(SMG, GRIF2, fortification="fort.bunker", hex="1206"), roll(5, 5),
                   roll(5, 6), {"type": "marker", "hex": "1206", "marker": "fort.bunker", "on": False}]
    assert errors(check(world(), shot)) == []
    found = errors(check(world(), shot + [hit(GRIF2)]))
    assert rules(found) == ["CoH Fig 29"] and "DV 17" in found[0].message


# ---- 18.4 wire: the example's payment -------------------------------------------------------------------------------
def test_18_4_wire_paid_with_aps_and_a_cap_exactly():
    """18.4 Ex: "The Soviet has 4APs and 2CAPs left. He ... rolls 1D6 for a 4 and so must pay 5APs total ... The
    Soviet may either pay 4APs + 1CAP to move in". Soviet Rifles 2 (move 1) walk 3 open hexes (3AP, 4 left) then into
    the wire at 1206: 4AP + 1CAP is legal, 4AP alone is not."""
    base = start([(SRIF2, "1202", 180.0)], mk("fort.wire", "1206"))
    walk = [PASS_G, act(SRIF2), mv(SRIF2, ["1202", "1203", "1204", "1205"], ap=3), PASS_G,
            {"type": "roll", "dice": [4], "purpose": "wire", "unit": SRIF2, "hex": "1206"}]
    assert check(world(), base + walk + [mv(SRIF2, ["1205", "1206"], ap=4, cap=1)]) == []
    found = check(world(), base + walk + [mv(SRIF2, ["1205", "1206"], ap=4)])
    assert rules(found) == ["CoH 16.0"] and "costs 5" in found[0].message


# ---- 18.5 mines: only the new unit; none on leaving; any other action triggers ------------------------------------
def test_18_5_leaving_a_mine_hex_is_safe_but_an_action_in_it_triggers_the_mine():
    """18.5: "Mines attack ... immediately after the units move into a mined hex or take any action other than firing,
    rallying, or spotting for OBA. Units moving out of a mine hex are not affected by the mines." Rifles 2 stand on a
    red mine at 1206 (set up there)."""
    base = start([(GRIF2, "1206", 0.0)], mk("fort.mine.red", "1206"))
    assert check(world(), base + [act(GRIF2), mv(GRIF2, ["1206", "1207"], ap=1), PASS_S]) == []
    found = check(world(), base + [act(GRIF2), {"type": "pivot", "unit": GRIF2, "facing": 60}, PASS_S])
    assert rules(found) == ["CoH 18.5"] and found[0].units == [GRIF2]
    mined = base + [act(GRIF2), {"type": "pivot", "unit": GRIF2, "facing": 60},
                    {"type": "roll", "dice": [1, 2], "purpose": "mine", "unit": GRIF2}, PASS_S]
    assert check(world(), mined) == []


def test_18_5_only_the_new_unit_is_attacked():
    """18.5: "If a new unit moves into a mined hex with an existing unit in it, only the new unit is affected by the
    mine attack." Rifles 2 at 1206 on a red mine; the German Rifles 1 (not carried) walk in from 1207."""
    base = start([(GRIF2, "1206", 0.0), (GRIF, "1207", 0.0)], mk("fort.mine.red", "1206"))
    walk = [act(GRIF), mv(GRIF, ["1207", "1206"], ap=1)]
    assert check(world(), base + walk + [{"type": "roll", "dice": [1, 2], "purpose": "mine", "unit": GRIF},
                                         PASS_S]) == []
    found = check(world(), base + walk + [{"type": "roll", "dice": [1, 2], "purpose": "mine", "unit": GRIF2},
                                          PASS_S])
    assert rules(found) == ["CoH 18.5", "CoH 18.5"] and [f.units for f in found] == [[GRIF], [GRIF2]]


# ---- Fig 30 round end ----------------------------------------------------------------------------------------------
def test_fig30_passes_separated_by_an_action_do_not_end_the_round():
    """Fig 30: "The German passes, followed by the Soviet, and the round is over" - two passes in a row. A German
    pass, a Soviet action, a German pass: the round goes on; a Soviet pass then ends it, and an activation after
    that is out of the round."""
    base = start([(SMG, "0903", 180.0), (TANK, "1206", 0.0)])
    go_on = base + [PASS_G, act(SMG), mv(SMG, ["0903", "0904"], ap=1), PASS_G, mv(SMG, ["0904", "0905"], ap=1),
                    PASS_G, PASS_S, {"type": "phase", "phase": "round_end", "side": None}]
    assert check(world(), go_on) == []
    found = check(world(), base + [PASS_G, act(SMG), mv(SMG, ["0903", "0904"], ap=1), PASS_G, PASS_S,
                                   act(TANK)])
    assert "CoH Fig 30" in rules(found)
