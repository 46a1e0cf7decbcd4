"""CoH rules exam (second round: CAPs, congestion, loading, fortifications, policies): one rule per test, each with
a breaking log (the finding and its rule number) and a legal log, written from the Storms of Steel rulebook
fragment (sections 15-21, Fig 26-30), on the test world of tests/rules_fixtures/coh_world.py (bundled counters
plus a truck, an engineer, a PaK 40 and airplanes; the board's geometry: tests/rules_fixtures/coh_exam.py)."""

from __future__ import annotations

from tests.rules_fixtures.coh_exam import (
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
from tests.rules_fixtures.coh_world import check, make_unit, mk, rules, start, world


# ---- 15.5 the turret surcharge paid in CAPs, and with Suppressed -----------------------------------------------------
def test_15_5_out_of_arc_surcharge_is_paid_in_caps_too_and_adds_to_suppressed():
    """15.5: turreted vehicles fire outside their arcs "for an additional 1AP/CAP cost to fire"; 15.2 Suppressed:
    "Costs +1AP to fire". The tank (fire cost 3) at 1206 faces 180, the 57mm due north. Not activated, it fires
    for CAPs: 3 + 1 = 4; activated and Suppressed: 3 + 1 + 1 = 5AP."""
    base = start([(GUN, "1203", 0.0), (TANK, "1206", 180.0)])
    assert check(world(), base + [fire(TANK, GUN, cap=4), roll(1, 1)]) == []
    found = check(world(), base + [fire(TANK, GUN, cap=3), roll(1, 1)])
    assert rules(found) == ["CoH Fig 29"] and "turret out of arc" in found[0].message and found[0].units == [TANK]
    sup = base + [hit(TANK, "hit.vehicle.suppressed"), act(TANK)]
    assert check(world(), sup + [fire(TANK, GUN, ap=5), roll(1, 1)]) == []
    found = check(world(), sup + [fire(TANK, GUN, ap=4), roll(1, 1)])
    assert rules(found) == ["CoH 15.2"] and "costs 5" in found[0].message


# ---- 16.0 road congestion: per vehicle, wheeled only -----------------------------------------------------------------
def test_16_0_congestion_is_one_ap_per_vehicle_and_only_for_wheeled_vehicles():
    """16.0: "Wheeled vehicles entering a road hex with other vehicles already in it must pay an additional movement
    penalty of +1AP per vehicle." The Opel (1AP per 2 open hexes) drives along the road 0405 -> 0505 where the tank
    and the 251/1 stand: 1/2 + 2, rounded up to 3AP. The tracked tank entering a road hex holding the Opel pays
    only its 1/2, rounded up to 1AP."""
    base = start([(OPEL, "0405", 120.0), (TANK, "0505", 0.0), (APC, "0505", 0.0)])
    drive = mv(OPEL, ["0405", "0505"])
    assert check(world(), base + [act(OPEL), {**drive, "ap": 3}]) == []
    found = check(world(), base + [act(OPEL), {**drive, "ap": 2}])
    assert rules(found) == ["CoH 16.0"] and "costs 3" in found[0].message and found[0].units == [OPEL]
    tracked = start([(TANK, "0405", 120.0), (OPEL, "0505", 0.0)])
    assert check(world(), tracked + [act(TANK), mv(TANK, ["0405", "0505"], ap=1)]) == []


# ---- 17.0 loading costs the loaded unit's open-terrain move cost ----------------------------------------------------
def test_17_0_loading_costs_the_loaded_units_open_terrain_move_cost():
    """17.0: "The vehicle moves onto the same hex as the unit it wishes to transport and uses a group action to pay
    the open terrain movement cost of the unit that is to be loaded." The PaK 40 moves 4AP per open hex (Fig 26:
    the PaK38 unloads "for 4APs")."""
    base = start([(OPEL, "1205", 180.0), (PAK, "1206", 0.0)])
    drive = [act(OPEL), mv(OPEL, ["1205", "1206"], ap=1), PASS_S]
    assert check(world(), base + drive + [{"type": "load", "unit": PAK, "vehicle": OPEL, "ap": 4}]) == []
    found = check(world(), base + drive + [{"type": "load", "unit": PAK, "vehicle": OPEL, "ap": 1}])
    assert rules(found) == ["CoH 17.0"] and "costs 4" in found[0].message


# ---- 17.1 survivors of a destroyed transport -------------------------------------------------------------------------
def test_17_1_survivors_of_a_destroyed_vehicle_are_on_the_map_facing_its_way():
    """17.1: "If a transporting vehicle is destroyed, any surviving unit is placed on the map facing the same way the
    vehicle was facing when destroyed." The 57mm destroys the 251/1 (facing 0) at 1206 and misses Rifles 1 inside
    (set up facing 180); Rifles 1 may then move or fire without unloading, and faces north: the SMG at 1203 fires at
    its front 12, so a roll of 6 (5 + 6 = 11) misses (its flank is 11)."""
    base = start([(GUN, "1203", 180.0), (APC, "1206", 0.0), (SMG, "1202", 180.0)])
    i = next(j for j, e in enumerate(base) if e.get("unit") == APC)
    base.insert(i + 1, {"type": "setup", "unit": GRIF, "hex": "1206", "facing": 180.0, "carried_by": APC})
    shot = base + [PASS_G, act(GUN), fire(GUN, APC, GRIF), roll(4, 5), roll(4, 5),
                   {"type": "loss", "unit": APC, "eliminated": True}, {"type": "vp", "side": "soviet", "points": 1}]
    assert check(world(), shot + [act(GRIF), mv(GRIF, ["1206", "1207"], ap=1)]) == []
    assert check(world(), shot + [act(GRIF), fire(GRIF, GUN, ap=2), roll(1, 1)]) == []
    smg = shot + [PASS_G, act(SMG), mv(SMG, ["1202", "1203"], ap=1), PASS_G, fire(SMG, GRIF), roll(3, 3)]
    assert check(world(), smg) == []
    found = check(world(), smg + [hit(GRIF)])
    assert rules(found) == ["CoH Fig 29"] and "front DR 12" in found[0].message


# ---- 18.1 hasty defense goes when its unit pivots -------------------------------------------------------------------
def test_18_1_a_hasty_defense_is_removed_when_its_unit_pivots():
    """18.1: "A hasty defense counter ... is removed when that unit pivots, moves, or is killed ... adds a +1DM".
    Rifles 2 at 1206 (front 12) with a hasty defense; the SMG 3 hexes north rolls 7: 12 misses 13, hits 12 once the
    rifles have pivoted (to the same facing: a pivot is a pivot)."""
    base = start([(SMG, "1203", 180.0), (GRIF2, "1206", 0.0)])
    ready = {"type": "marker", "unit": GRIF2, "marker": "fort.hasty_defense", "on": True}
    shot = [act(SMG), fire(SMG, GRIF2), roll(3, 4), hit(GRIF2)]
    assert check(world(), base + [ready, act(GRIF2), {"type": "pivot", "unit": GRIF2, "facing": 0.0, "ap": 1},
                                  *shot]) == []
    found = check(world(), base + [ready, PASS_G, *shot])
    assert rules(found) == ["CoH Fig 29"] and "hasty defence" in found[0].message


# ---- 18.2 who occupies a bunker; occupying during close combat -------------------------------------------------------
def test_18_2_bunkers_take_foot_units_and_guns_and_assaulting_units_may_occupy():
    """18.2: "Bunkers may be occupied by all foot units, including AT guns"; "Units assaulting a fortification in CC
    may attempt to occupy the fortification by taking this +1AP action.\""""
    bunker = start([(PAK, "1206", 0.0), (TANK, "1207", 0.0)], mk("fort.bunker", "1206", facing=0.0))
    assert check(world(), bunker + [act(PAK), {"type": "occupy", "unit": PAK, "ap": 1}]) == []
    found = check(world(), bunker + [act(TANK), mv(TANK, ["1207", "1206"], ap=1), PASS_S,
                                     {"type": "occupy", "unit": TANK, "ap": 1}])
    assert rules(found) == ["CoH 18.2"] and found[0].units == [TANK] and "bunker" in found[0].message
    trench = start([(SRIF2, "1206", 0.0), (GRIF2, "1207", 0.0)], mk("fort.trench", "1206"))
    next(e for e in trench if e.get("unit") == SRIF2)["occupies"] = "fort.trench"
    assault = [act(GRIF2), mv(GRIF2, ["1207", "1206"], ap=1), PASS_S]
    assert check(world(), trench + assault + [{"type": "occupy", "unit": GRIF2, "ap": 1}]) == []
    found = check(world(), trench + assault + [{"type": "occupy", "unit": GRIF2, "ap": 0}])
    assert rules(found) == ["CoH 18.2"] and "costs 1" in found[0].message


# ---- 18.4 a tracked vehicle destroys the wire ------------------------------------------------------------------------
def test_18_4_wire_entered_by_a_tracked_vehicle_is_gone_for_the_next_unit():
    """18.4: "Wire counters are automatically destroyed and removed when a tracked unit with blue movement value moves
    into the hex." After the tank (1/2 + 2, rounded up: 3AP) has entered, Rifles 2 walk in for their open cost with no
    1D6 penalty; with the wire still there they would need the roll."""
    base = start([(TANK, "1207", 0.0), (GRIF2, "1205", 180.0)], mk("fort.wire", "1206"))
    walk = [act(GRIF2), mv(GRIF2, ["1205", "1206"], ap=1)]
    assert check(world(), base + [act(TANK), mv(TANK, ["1207", "1206"], ap=3), PASS_S,
                                  {"type": "spent", "units": [TANK]}, *walk]) == []
    found = check(world(), base + walk)
    assert rules(found) == ["CoH 18.4"] and "1D6" in found[0].message


# ---- 18.5 mine colours, CAPs and no terrain DM -----------------------------------------------------------------------
def test_18_5_mine_colour_decides_who_is_attacked():
    """18.5: "Mines with a blue number explode against vehicles with blue or green movement values. Mines with a red
    number explode against units with red movement values." The wheeled Opel entering a blue mine must be attacked;
    the tracked tank entering a red mine is not."""
    opel = start([(OPEL, "1207", 0.0)], mk("fort.mine.blue", "1206"))
    found = check(world(), opel + [act(OPEL), mv(OPEL, ["1207", "1206"], ap=1), PASS_S])
    assert rules(found) == ["CoH 18.5"] and found[0].units == [OPEL]
    assert check(world(), opel + [act(OPEL), mv(OPEL, ["1207", "1206"], ap=1),
                                  {"type": "roll", "dice": [1, 1], "purpose": "mine", "unit": OPEL}, PASS_S]) == []
    tank = start([(TANK, "1207", 0.0)], mk("fort.mine.red", "1206"))
    assert check(world(), tank + [act(TANK), mv(TANK, ["1207", "1206"], ap=1), PASS_S]) == []


def test_18_5_caps_modify_the_mine_roll_and_terrain_does_not():
    """18.5: "A player may modify the die roll with CAPs"; "Terrain and fortification DMs do not affect mine attacks."
    Red mine number 8 (illustrative). A roll of 6 with 2 CAPs is 8, a hit; in the woods hex 0403 a roll of 8 still
    hits."""
    base = start([(GRIF2, "1207", 0.0)], mk("fort.mine.red", "1206"))
    walk = [act(GRIF2), mv(GRIF2, ["1207", "1206"], ap=1),
            {"type": "roll", "dice": [3, 3], "purpose": "mine", "unit": GRIF2, "cap": 2}]
    assert errors(check(world(), base + walk + [hit(GRIF2), PASS_S])) == []
    found = errors(check(world(), base + walk + [PASS_S]))
    assert rules(found) == ["CoH 18.5"] and "rolls 8" in found[0].message
    woods = start([(GRIF2, "0503", 0.0)], mk("fort.mine.red", "0403"))
    walk = [act(GRIF2), mv(GRIF2, ["0503", "0403"], ap=2), {"type": "roll", "dice": [4, 4], "purpose": "mine",
                                                             "unit": GRIF2}]
    assert check(world(), woods + walk + [hit(GRIF2), PASS_S]) == []
    assert rules(check(world(), woods + walk + [PASS_S])) == ["CoH 18.5"]


# ---- 18.6 a hindrance's DR takes the terrain DM ----------------------------------------------------------------------
def test_18_6_wire_in_woods_needs_15_plus_the_woods_dm():
    """18.4/18.6: wire is destroyed "with an attack equal to or greater than its red 15DR ... The DR of wire is
    modified by any applicable terrain DM." Wire in the woods hex 0403 (DM 2, illustrative): DV 17. The SMG (red 5)
    at 0603, 2 hexes away: a roll of 12 removes it, 10 does not."""
    base = start([(SMG, "0603", 270.0)], mk("fort.wire", "0403"))
    atk = [PASS_G, act(SMG), fire(SMG, hex="0403", fortification="fort.wire")]
    gone = {"type": "marker", "hex": "0403", "marker": "fort.wire", "on": False}
    assert check(world(), base + atk + [roll(6, 6), gone]) == []
    found = check(world(), base + atk + [roll(5, 5), gone])
    assert rules(found) == ["CoH 18.6"] and "DV 17" in found[0].message and found[0].hexes == ["0403"]


# ---- 16.1 / 17.1 fire at a transport attacks everything in it --------------------------------------------------------
def test_17_1_fire_at_a_transport_is_resolved_against_the_vehicle_and_its_passengers():
    """17.1: "Incoming fire is resolved simultaneously against a vehicle and the flank DRs of any transported units.
    Attacks are rolled individually for each unit. Both the vehicle and the transported unit receive the hex's terrain
    modifier." The 251/1 carrying Rifles 1 in the woods hex 0403 (DM 2, illustrative); the SMG (red 5) at 0603, 2
    hexes away: the rifles' DV is flank 11 + 2 woods + 2 APC shield = 15."""
    base = carrying(start([(SMG, "0603", 270.0), (APC, "0403", 90.0)]), GRIF, APC)
    shot = base + [PASS_G, act(SMG), fire(SMG, APC, GRIF), roll(1, 1)]
    assert check(world(), shot + [roll(5, 5), hit(GRIF)]) == []
    found = check(world(), shot + [roll(4, 5), hit(GRIF)])
    assert rules(found) == ["CoH Fig 29"] and "+2 woods, +2 APC shield" in found[0].message
    found = check(world(), base + [PASS_G, act(SMG), fire(SMG, APC), roll(1, 1)])
    assert rules(found) == ["CoH 17.1"] and GRIF in found[0].units and "leaves out Rifles 1" in found[0].message


def test_16_1_towed_guns_in_an_apc_get_its_shield():
    """16.1: "All units transported by an APC with a +2 red shield receive a +2DM. Towed guns and mortar units also
    receive this bonus, since the gun crew rides in the APC." The PaK 40 in the 251/1: flank red 10 + 2 = 12; the SMG
    (red 5) 3 hexes away misses the APC's front (blue 13, blue 0) and rolls 7 against the PaK: 12 hits, 6 does not."""
    base = carrying(start([(SMG, "1203", 180.0), (APC, "1206", 0.0)]), PAK, APC)
    shot = base + [PASS_G, act(SMG), fire(SMG, APC, PAK), roll(1, 1)]
    assert check(world(), shot + [roll(3, 4), hit(PAK)]) == []
    found = check(world(), shot + [roll(3, 3), hit(PAK)])
    assert rules(found) == ["CoH Fig 29"] and "DV 12" in found[0].message and "APC shield" in found[0].message


def test_17_0_a_vehicle_loads_only_a_unit_in_its_own_hex():
    """17.0: "The vehicle moves onto the same hex as the unit it wishes to transport" before loading it."""
    base = start([(OPEL, "1205", 180.0), (PAK, "1206", 0.0)])
    found = check(world(), base + [act(OPEL), {"type": "load", "unit": PAK, "vehicle": OPEL, "ap": 4}])
    assert rules(found) == ["CoH 17.0"] and "another hex" in found[0].message and found[0].units == [OPEL, PAK]
    assert check(world(), base + [act(OPEL), mv(OPEL, ["1205", "1206"], ap=1), PASS_S,
                                  {"type": "load", "unit": PAK, "vehicle": OPEL, "ap": 4}]) == []


# ---- 15.2 Panicked rally ---------------------------------------------------------------------------------------------
def test_15_2_panicked_rallies_on_9():
    """15.2 Panicked: "9 needed to rally" (Russian: "Бросьте >=9"): 9 removes the counter, 8 does not. The rally's AP
    cost (7.x) is not in the fragment: could-not-check, not an error."""
    base = start([(TANK, "1206", 0.0)])
    pan, off = hit(TANK, "hit.vehicle.panicked"), {"type": "marker", "unit": TANK, "marker": "hit.vehicle.panicked",
                                                  "on": False}
    assert errors(check(world(), base + [pan, act(TANK), {"type": "rally", "unit": TANK, "roll": 9}, off])) == []
    found = errors(check(world(), base + [pan, act(TANK), {"type": "rally", "unit": TANK, "roll": 8}, off]))
    assert rules(found) == ["CoH 15.2"] and "9 is needed" in found[0].message


# ---- 18.6 Ex: artillery on a bunker ----------------------------------------------------------------------------------
def test_18_6_example_artillery_on_two_rifles_under_a_bunker():
    """18.6 Ex: "Soviet artillery with a red 6FP fires at 2 rifle squads under a bunker counter with a 15DV and a black
    5 DM. The artillery rolls a 10 for a total 16AV and the bunker counter is removed. The Soviet rolls a 14AV against
    the first rifle's 16DV (11 flank DR +5DM from the bunker) and misses. For the second rifle squad, the Soviet rolls
    a 12AV and misses." (18.2: the black DM counts against "all mortar/artillery fire"; 18.6: flank DR against
    artillery.) The artillery is a test unit (red 6FP from the example, the rest illustrative)."""
    w = world()
    w.counters_doc["counters"].append(make_unit("su.arty", "soviet", "gun", {
        "fp_red": 6, "fp_blue": 4, "fire_cost": 4, "range": 12, "move_cost": 4, "move_hexes": 1, "move_colour": "red",
        "defense_front": 12, "defense_flank": 10, "_front": "blue"}, ["artillery"], "Artillery"))
    base = start([("su.arty", "1201", 180.0), (GRIF, "1206", 180.0), (GRIF2, "1206", 180.0)],
                 mk("fort.bunker", "1206", facing=180.0))
    for e in base:
        if e.get("unit") in (GRIF, GRIF2):
            e["occupies"] = "fort.bunker"
    shot = base + [PASS_G, act("su.arty"), fire("su.arty", GRIF, GRIF2, hex="1206", fortification="fort.bunker"),
                   roll(5, 5), roll(4, 4), roll(3, 3), {"type": "marker", "hex": "1206", "marker": "fort.bunker",
                                                        "on": False}]
    assert check(w, shot) == []
    found = check(w, shot + [hit(GRIF)])
    assert rules(found) == ["CoH Fig 29"] and "DV 16 (flank DR 11, +5 Bunker (18.2))" in found[0].message


# ---- 20.2 air to air -------------------------------------------------------------------------------------------------
def test_20_2_the_higher_plane_gets_one_fp_and_one_dm_in_air_to_air_combat():
    """20.2: "In air to air combat, higher altitude units receive +1DM and +1FP"; "For every hex beyond 3 hexes that the
    airplane fires, its FP is decreased by 1"; 20.1: each altitude counter "increases its defense ratings by 1DR"
    (the -1FP is for ground attacks only). The Shturmovik (blue 10, range 3) at altitude 1 fires from 1203 at the
    Stuka (front 12) at altitude 0 in 1209, 6 hexes: 10 - 3 + 1 = 8, so a roll of 4 hits. The Stuka (blue 5, range 3)
    answers from 1208, 5 hexes: 5 - 2 = 3 against the Shturmovik's front 13 + 1 altitude + 1 higher = 15: 12 hits."""
    il2, stuka = "su.il2", "de.ju87"

    def air(uid, ap, **kw):
        return {"type": "air_action", "unit": uid, "ap": ap, **kw}

    def fly(uid, a, b):
        return {"type": "move", "unit": uid, "from": a, "to": b}

    base = start([(il2, "off", 180.0), (stuka, "off", 0.0)])
    seq = base + [act(il2), air(il2, 1, altitude=1), fly(il2, None, "1201"), act(stuka), air(stuka, 1, altitude=0),
                  fly(stuka, None, "1209"), air(il2, 2), fly(il2, "1201", "1202"), fly(il2, "1202", "1203"),
                  fire(il2, stuka)]
    assert check(world(), seq + [roll(2, 2), {"type": "result", "result": "hit"}]) == []
    found = check(world(), seq + [roll(1, 2), {"type": "result", "result": "hit"}])
    assert rules(found) == ["CoH Fig 29"] and "+1 higher altitude (20.2)" in found[0].message
    answer = seq + [roll(1, 2), air(stuka, 2), fly(stuka, "1209", "1208"), fire(stuka, il2)]
    assert check(world(), answer + [roll(6, 6), {"type": "result", "result": "hit"}]) == []
    found = check(world(), answer + [roll(5, 6), {"type": "result", "result": "hit"}])
    assert rules(found) == ["CoH Fig 29"] and "DV 15" in found[0].message


# ---- 21.3 / Fig 28 CAPs are a round's --------------------------------------------------------------------------------
def test_21_3_the_cap_level_is_spent_per_round():
    """21.3: a firefight's "starting CAP level" (Soviet 5 in the bundled firefight, illustrative); the five 1CAP pivots
    of round 1 do not use up round 2's CAPs, a sixth in one round is one too many (Fig 27: "pivots ... for 1CAP")."""
    base = start([(GUN, "1203", 0.0), (TANK, "1206", 0.0)])

    def pivots(*facings):
        return [e for f in facings for e in (PASS_G, {"type": "pivot", "unit": GUN, "facing": f, "cap": 1})]

    new_round = [PASS_G, PASS_S, {"type": "phase", "phase": "round_end", "side": None}, {"type": "turn", "turn": 2}]
    assert check(world(), base + pivots(60, 120, 180, 240, 300) + new_round + pivots(0, 60, 120, 180, 240)) == []
    found = check(world(), base + pivots(60, 120, 180, 240, 300, 0))
    assert rules(found) == ["CoH 21.3"] and found[0].severity == "error"


# ---- 18.1 hasty defenses of several units in one hex -----------------------------------------------------------------
def test_18_1_several_units_may_entrench_in_one_hex_but_one_each():
    """18.1: "Multiple hasty defenses may be built by multiple units in a hex, but only one hasty defense may by placed
    on each individual unit"; "foot units only for a cost of 7APs"."""
    base = start([(GRIF2, "1206", 0.0), (GRIF, "1206", 0.0)])
    two = [act(GRIF2), {"type": "entrench", "unit": GRIF2, "ap": 7}, PASS_S,
           act(GRIF), {"type": "entrench", "unit": GRIF, "ap": 7}]
    assert check(world(), base + two) == []
    ready = {"type": "marker", "unit": GRIF2, "marker": "fort.hasty_defense", "on": True}  # set up with one
    found = check(world(), base + [ready] + two[:2])
    assert rules(found) == ["CoH 18.1"] and found[0].units[:1] == [GRIF2]


# ---- 16.0 congestion only on roads -----------------------------------------------------------------------------------
def test_16_0_no_congestion_off_the_road():
    """16.0: the +1AP per vehicle is for "Wheeled vehicles entering a road hex with other vehicles already in it". The
    Opel entering the open 1206 (no road) with the tank and the 251/1 pays its 1/2, rounded up to 1AP; on the road
    (0505) the same entry costs 3."""
    base = start([(OPEL, "1207", 0.0), (TANK, "1206", 0.0), (APC, "1206", 0.0)])
    assert check(world(), base + [act(OPEL), mv(OPEL, ["1207", "1206"], ap=1)]) == []
    road = start([(OPEL, "0405", 120.0), (TANK, "0505", 0.0), (APC, "0505", 0.0)])
    found = check(world(), road + [act(OPEL), mv(OPEL, ["0405", "0505"], ap=1)])
    assert rules(found) == ["CoH 16.0"] and "costs 3" in found[0].message


# ---- 17.0 / 15.6 an unloaded unit is under the vehicle and gets its cover --------------------------------------------
def test_17_0_an_unloaded_squad_takes_cover_under_its_vehicle():
    """17.0: "The unloaded unit is now placed under the vehicle"; 15.6: "+1DM per vehicle to all non-transported
    infantry squads in the same hex". Rifles 1 unloaded from the 251/1 at 1206 (facing 0): front 12 + 1 = 13 against
    the SMG 3 hexes north; 5 + 8 hits, 5 + 7 does not."""
    base = carrying(start([(SMG, "1203", 180.0), (APC, "1206", 0.0)]), GRIF, APC)
    pre = base + [act(APC), {"type": "unload", "unit": GRIF, "ap": 1}, act(SMG), fire(SMG, GRIF)]
    assert check(world(), pre + [roll(4, 4), hit(GRIF)]) == []
    found = check(world(), pre + [roll(3, 4), hit(GRIF)])
    assert rules(found) == ["CoH Fig 29"] and "+1 vehicle cover (15.6)" in found[0].message


# ---- 20.0 no stalling with airplanes ---------------------------------------------------------------------------------
def test_20_0_players_may_not_stall_with_airplanes():
    """20.0: "Players may not stall with airplanes"; Fig 28: a ground unit's stall pays 1AP of its pool."""
    il2 = "su.il2"
    base = start([(il2, "off", 180.0), (SMG, "0903", 180.0), (TANK, "1206", 0.0)])
    enter = [act(il2), {"type": "air_action", "unit": il2, "ap": 1, "altitude": 0},
             {"type": "move", "unit": il2, "from": None, "to": "0101"}, PASS_G]
    found = check(world(), base + enter + [{"type": "stall", "side": "soviet"}])
    assert rules(found) == ["CoH 20.0"] and found[0].units == [il2] and "may not stall" in found[0].message
    walk = [act(SMG), mv(SMG, ["0903", "0904"], ap=1), PASS_G]
    assert check(world(), base + walk + [{"type": "stall", "side": "soviet"}]) == []


# ---- 18.5 acting in a mined hex --------------------------------------------------------------------------------------
def test_18_5_occupying_a_trench_in_a_mined_hex_triggers_the_mine_firing_does_not():
    """18.5: mines attack units that "take any action other than firing, rallying, or spotting for OBA" in the hex.
    Rifles 2 stand in 1206 with a red mine and a trench: occupying the trench (+1AP, 18.2) needs a mine attack, firing
    at the SMG 3 hexes north does not."""
    base = start([(GRIF2, "1206", 0.0), (SMG, "1203", 180.0)], mk("fort.mine.red", "1206"),
                 mk("fort.trench", "1206"))
    found = check(world(), base + [act(GRIF2), {"type": "occupy", "unit": GRIF2, "ap": 1}, PASS_S])
    assert rules(found) == ["CoH 18.5"] and found[0].units == [GRIF2]
    assert check(world(), base + [act(GRIF2), {"type": "occupy", "unit": GRIF2, "ap": 1},
                                  {"type": "roll", "dice": [1, 1], "purpose": "mine", "unit": GRIF2}, PASS_S]) == []
    assert check(world(), base + [act(GRIF2), fire(GRIF2, SMG, ap=2), roll(1, 1), PASS_S]) == []


# ---- policies for two gaps of 15.2 and 17.0 --------------------------------------------------------------------------
def test_17_0_which_unload_keeps_the_gun_fresh_is_policy_unload_payment():
    """17.0 Opel Ex: "begins his activation by unloading the gun for 4CAPs ... The gun remains fresh" (English); the
    Russian text pays "4 АР" for the same unload. Fig 26: a gun unloaded "for 4APs" after the vehicle has moved is
    "marked as spent" with it. Policy ``unload_payment``: 'cap' (default) keeps only a CAP-paid unload fresh,
    'first_action' one made before the activation has paid any AP, 'either' both."""
    first_for_aps = opel_with_pak() + [act(OPEL), {"type": "unload", "unit": PAK, "ap": 4}, PASS_S,
                                        mv(OPEL, ["1206", "1207"], ap=1), {"type": "spent", "units": [OPEL]}, PASS_S,
                                        act(PAK)]
    found = check(world(), first_for_aps)
    assert rules(found) == ["CoH Fig 26-30"] and found[0].units == [PAK]
    assert check(world(policies={"unload_payment": "first_action"}), first_for_aps) == []
    assert check(world(policies={"unload_payment": "either"}), first_for_aps) == []
    after_moving = opel_with_pak() + [act(OPEL), mv(OPEL, ["1206", "1207"], ap=1), PASS_S,
                                       {"type": "unload", "unit": PAK, "ap": 4}, PASS_S,
                                       {"type": "spent", "units": [OPEL]}, act(PAK)]
    found = check(world(policies={"unload_payment": "first_action"}), after_moving)
    assert rules(found) == ["CoH Fig 26-30"] and found[0].units == [PAK]


def test_15_2_light_damage_is_never_rallied_off_unless_policy_says_so():
    """15.2: Light Damage: "Unit mechanical stats are not affected in any way, just psychological" and prints no rally
    number; "Some vehicle hit counters can not be rallied". Policy ``light_damage_removal``: 'never' (default), or
    'rally_as_suppressed' (on Suppressed's 8, policy suppressed_rally)."""
    base = start([(TANK, "1206", 0.0)])
    light = hit(TANK, "hit.vehicle.light_damage")
    off = {"type": "marker", "unit": TANK, "marker": "hit.vehicle.light_damage", "on": False}
    rally8 = base + [light, act(TANK), {"type": "rally", "unit": TANK, "roll": 8}, off]
    found = errors(check(world(), rally8))
    assert rules(found) == ["CoH 15.2"] and "cannot be rallied" in found[0].message
    assert errors(check(world(policies={"light_damage_removal": "rally_as_suppressed"}), rally8)) == []
    rally7 = base + [light, act(TANK), {"type": "rally", "unit": TANK, "roll": 7}, off]
    found = errors(check(world(policies={"light_damage_removal": "rally_as_suppressed"}), rally7))
    assert rules(found) == ["CoH 15.2"] and "8 is needed" in found[0].message


def test_policies_for_the_hit_threshold_the_two_hit_margin_vehicle_cover_and_trucks():
    """The fragment's gaps as policies: ``hit_comparison`` (every example hits on AV >= DV: Fig 28 "needs to roll a
    2" for 8 against 10; 'gt' the older summary sheet), ``two_hit_threshold`` (Fig 28's 17 against 10 fits >= and >
    DV + 4), ``vehicle_cover`` (15.6 "All vehicles" against Fig 29's squad in an enemy tank's hex with "only an
    11DV"), ``truck_fp_modifier`` (16.0 "Trucks have a -2FP": a close-combat modifier or the printed FP). The SMG
    (red 5) fires 3 hexes at Rifles 2's front 12."""
    base = start([(SMG, "1203", 180.0), (GRIF2, "1206", 0.0)])
    at12 = base + [PASS_G, act(SMG), fire(SMG, GRIF2), roll(3, 4), hit(GRIF2)]  # 12 against 12
    assert check(world(), at12) == []
    found = check(world(policies={"hit_comparison": "gt"}), at12)
    assert rules(found) == ["CoH Fig 29"] and "misses" in found[0].message
    at16 = base + [PASS_G, act(SMG), fire(SMG, GRIF2), roll(5, 6)]  # 16 = 12 + 4
    dead = [{"type": "loss", "unit": GRIF2, "eliminated": True}, {"type": "vp", "side": "soviet", "points": 1}]
    assert check(world(), at16 + dead) == []
    found = check(world(policies={"two_hit_threshold": "gt_dv_plus_4"}), at16 + dead)
    assert rules(found) == ["CoH Fig 30"] and "after one hit" in found[0].message
    assert check(world(policies={"two_hit_threshold": "gt_dv_plus_4"}), at16 + [hit(GRIF2)]) == []
    # the Soviet SMG in the German tank's hex, fired on by Rifles 2 (red 3) from 3 hexes: 12 against 12 (+1)
    enemy = start([(GRIF2, "1203", 180.0), (SMG, "1206", 0.0), (TANK, "1206", 0.0)])
    shot = enemy + [act(GRIF2), fire(GRIF2, SMG), roll(4, 5), hit(SMG)]
    assert check(world(), shot) == []
    found = check(world(policies={"vehicle_cover": "any_vehicle"}), shot)
    assert rules(found) == ["CoH Fig 29"] and "+1 vehicle cover (15.6)" in found[0].message
    # the Opel (printed red 1, illustrative) in close combat with the SMG (flank 11): 1 - 2 + 11 = 10 misses;
    # with the printed FP and the vehicles' +4, 1 + 4 + 11 = 16, two hits
    cc = start([(OPEL, "1206", 0.0), (SMG, "1206", 180.0)]) + [act(OPEL), fire(OPEL, SMG, kind="close_combat"),
                                                               roll(5, 6)]
    assert check(world(), cc) == []
    found = check(world(policies={"truck_fp_modifier": "printed_fp"}), cc)
    assert rules(found) == ["CoH Fig 28"] and "+4 close combat" in found[0].message


def test_policies_front_arc_and_command_cards_on_airplanes():
    """``front_arc``: 15.5's designer's note speaks of the "front 120 degree arc"; 180 is the other reading. The tank
    at 0906 faces 0; the 57mm at 1205 lies at a bearing of 79 degrees: outside 120 (+1AP to fire, 15.5), inside 180.
    ``command_card_on_airplane``: 20.0 "Actions cards may not be played on airplanes" but they "may take command
    actions"."""
    base = start([(TANK, "0906", 0.0), (GUN, "1205", 240.0)])
    shot = base + [act(TANK), fire(TANK, GUN, ap=3), roll(1, 1)]
    found = check(world(), shot)
    assert rules(found) == ["CoH 15.5"] and "turret out of arc" in found[0].message
    assert check(world(policies={"front_arc": 180}), shot) == []
    il2 = "su.il2"
    card = start([(il2, "off", 180.0)]) + [{"type": "order", "order": "command_action", "unit": il2}]
    assert check(world(), card) == []
    found = check(world(policies={"command_card_on_airplane": "forbidden"}), card)
    assert rules(found) == ["CoH 20.0"] and found[0].units == [il2]


def test_18_2_leaving_a_fortification_in_the_hex_costs_one_and_pivots_for_free():
    """18.2: "Units must pay +1AP if they wish to exit a fortification without leaving the hex and may pivot freely
    as part of this action." Rifles 2 in a trench at 1206 face 180 with their back to the SMG at 1203 (flank 11);
    leaving for 1AP and turning to face it is one action, so the SMG's 5 + 6 = 11 now misses the front 12. A separate
    pivot after the leave would be a second German action in a row (17.0)."""
    base = start([(SMG, "1203", 180.0), (GRIF2, "1206", 180.0)], mk("fort.trench", "1206"))
    next(e for e in base if e.get("unit") == GRIF2)["occupies"] = "fort.trench"
    turn = [act(GRIF2), {"type": "leave", "unit": GRIF2, "ap": 1, "facing": 0.0}]
    shot = [act(SMG), fire(SMG, GRIF2), roll(3, 3)]
    assert check(world(), base + turn + shot) == []
    found = check(world(), base + turn + shot + [hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and "front DR 12" in found[0].message
    found = check(world(), base + [act(GRIF2), {"type": "leave", "unit": GRIF2, "ap": 1},
                                   {"type": "pivot", "unit": GRIF2, "facing": 0.0, "ap": 1}])
    assert rules(found) == ["CoH 17.0"] and "second action in a row" in found[0].message


def test_18_4_wire_affects_units_moving_in_not_out():
    """18.4: "Wire counters affect foot units that want to move into the hex from any direction": Rifles 2 standing in
    the wire at 1206 walk out to open 1207 for 1AP with no 1D6 penalty; walking back in needs the roll."""
    base = start([(GRIF2, "1206", 0.0)], mk("fort.wire", "1206"))
    out = [act(GRIF2), mv(GRIF2, ["1206", "1207"], ap=1)]
    assert check(world(), base + out) == []
    found = check(world(), base + out + [PASS_S, mv(GRIF2, ["1207", "1206"], ap=1)])
    assert rules(found) == ["CoH 18.4"] and "1D6" in found[0].message and found[0].units == [GRIF2]
