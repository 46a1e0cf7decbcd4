"""CoH fortifications and hindrances the bundled counters cannot show, on the test world of
tests/rules_fixtures/coh_world.py (a wheeled truck, an engineer, a PaK in a gun pit, an A-T ditch hex).

Rulebook (Storms of Steel fragment): 18.2 "Gun pit emplacements add a blue frontal +3DM, no flank DM, and may be used
by anti-tank guns, infantry guns, and artillery guns ... the gun pit defense bonuses are based on the gun pit's
orientation, rather than the unit's" (Ex: "The PaK does not receive any DMs from the gun pit, because the T-34 is
firing through the gun pit's flank"); 18.3 "Vehicles and guns may not enter an anti-tank ditch hex. Infantry squads
may move into an A-T ditch at an extra 2AP movement penalty"; 18.4 "Wheeled green units may not enter a wire hex",
"If after rolling for the penalty cost, an activated unit does not have enough APs/CAPs to move into the wire hex or
if the player does not wish to pay ... the unit loses all of its remaining APs. This attempt counts as an action. The
activated unit may still take further CAP or card actions"; 18.2 "wheeled vehicles are not allowed into trench
hexes"; 19.0 "Engineers do not trigger land mine attacks. Engineers can fire +2DM smoke up to 1 hex distance for
3APs"; 18.6 smoke is a terrain DM (policy ``smoke_dm``).
"""

from __future__ import annotations

from tests.rules_fixtures.coh_world import check, mk, rules, start, world

PAK, AT57, SMG, ENG, OPEL = "de.pak40", "su.57mm_at", "su.smg.1", "su.engineer", "de.opel"
GRIF2, TANK = "de.rifle.2", "de.pz3h"
PASS_G, PASS_S = {"type": "pass", "side": "german"}, {"type": "pass", "side": "soviet"}


def act(*units):
    return {"type": "activate", "units": list(units)}


def fire(att, dfn, **kw):
    return {"type": "attack", "attackers": [att], "defenders": [dfn], "kind": "fire", **kw}


def roll(a, b):
    return {"type": "roll", "dice": [a, b], "purpose": "combat"}


HIT_PAK = {"type": "marker", "unit": PAK, "marker": "hit.foot", "on": True}


# ---- 18.2 gun pits: direction and colour --------------------------------------------------------------------------
def pit(pak_facing, pit_facing=0.0, occupies=True, attacker=(AT57, "0502", 180.0)):
    """The PaK in a gun pit at 0505; the attacker 3 hexes north (bearing 0 from the pit)."""
    marker = mk("fort.gun_pit", "0505", **({} if pit_facing is None else {"facing": pit_facing}))
    ev = start([(PAK, "0505", pak_facing), attacker], marker)
    if occupies:
        next(e for e in ev if e.get("unit") == PAK)["occupies"] = "fort.gun_pit"
    return ev


def test_gun_pit_front_adds_blue_three_against_blue_fp():
    # 57mm blue 8 + normal range 0 + 7 = 15 against the PaK's blue front 13 (+3 gun pit = 16)
    shot = [PASS_G, act(AT57), fire(AT57, PAK), roll(3, 4)]
    assert check(world(), pit(0.0) + shot) == []  # a miss against 16
    found = check(world(), pit(0.0) + shot + [HIT_PAK])
    assert rules(found) == ["CoH Fig 29"] and "Gun pit (18.2)" in found[0].message and "DV 16" in found[0].message
    found = check(world(), pit(0.0, occupies=False) + shot)  # in the hex, not in the pit: 15 >= 13 hits
    assert rules(found) == ["CoH Fig 29"] and "no hit counter" in found[0].message


def test_gun_pit_orientation_not_the_units_counts():
    # 18.2 Ex: the PaK faces the attacker but its pit faces away; the fire comes through the pit's flank: no DM
    shot = [PASS_G, act(AT57), fire(AT57, PAK), roll(2, 3)]  # 8 + 5 = 13 against front 13: a hit
    assert check(world(), pit(0.0, pit_facing=180.0) + shot + [HIT_PAK]) == []
    found = check(world(), pit(0.0, pit_facing=180.0) + shot)
    assert rules(found) == ["CoH Fig 29"] and "through its flank" in found[0].message


def test_gun_pit_blue_dm_does_not_count_against_red_fp_by_default():
    # the pit faces the SMG, the PaK faces away: its red flank 10 meets the SMG's red 5 + 5 = 10, a hit
    smg = (SMG, "0502", 180.0)
    shot = [PASS_G, act(SMG), fire(SMG, PAK), roll(2, 3)]
    assert check(world(), pit(180.0, attacker=smg) + shot + [HIT_PAK]) == []
    found = check(world(), pit(180.0, attacker=smg) + shot)
    assert rules(found) == ["CoH Fig 29"] and "no DM from the blue Gun pit against red FP" in found[0].message
    any_fp = world(policies={"fort_dm_colour": "any_fp"})  # the pit's +3 against any FP: 10 < 13, a miss
    assert check(any_fp, pit(180.0, attacker=smg) + shot) == []
    assert rules(check(any_fp, pit(180.0, attacker=smg) + shot + [HIT_PAK])) == ["CoH Fig 29"]


def test_a_gun_pit_without_a_facing_cannot_be_checked():
    found = check(world(), pit(0.0, pit_facing=None) + [PASS_G, act(AT57), fire(AT57, PAK), roll(3, 4)])
    assert [(f.rule, f.severity) for f in found] == [("CoH 18.2", "could-not-check")]
    assert "no facing for the Gun pit in 0505" in found[0].message


def test_only_guns_occupy_gun_pits():
    base = start([(PAK, "0505", 0.0), (GRIF2, "0505", 0.0)], mk("fort.gun_pit", "0505", facing=0.0))
    assert check(world(), base + [act(PAK), {"type": "occupy", "unit": PAK, "ap": 1}]) == []
    found = check(world(), base + [act(GRIF2), {"type": "occupy", "unit": GRIF2, "ap": 1}])
    assert rules(found) == ["CoH 18.2"] and "anti-tank, infantry and artillery guns" in found[0].message
    tank = start([(TANK, "0505", 0.0)], mk("fort.gun_pit", "0505", facing=0.0))
    occupy = [act(TANK), {"type": "occupy", "unit": TANK, "ap": 1}]
    assert rules(check(world(), tank + occupy)) == ["CoH 18.2"]
    assert check(world(policies={"gun_pit_vehicles": "allowed"}), tank + occupy) == []  # "some firefights"


# ---- 18.3 anti-tank ditches ---------------------------------------------------------------------------------------
def test_vehicles_and_guns_may_not_enter_an_at_ditch():
    ditch = world(hexes={"0504": "at_ditch"})
    go = [act(TANK), {"type": "move", "unit": TANK, "from": "0506", "to": "0504", "path": ["0506", "0505", "0504"],
                      "ap": 1}]
    found = check(ditch, start([(TANK, "0506", 0.0)]) + go)
    # the ditch has no tracked cost (vehicles may not enter), so the move's AP cannot be worked out either
    assert [(f.rule, f.severity) for f in found] == [("CoH 18.3", "error"), ("CoH 16.0", "could-not-check")]
    assert "0504" in found[0].hexes and "anti-tank ditch" in found[0].message and found[0].units == [TANK]
    found = check(ditch, start([(PAK, "0505", 0.0)]) + [act(PAK), {"type": "move", "unit": PAK, "from": "0505",
                                                                     "to": "0504", "ap": 4}])
    assert rules(found) == ["CoH 18.3"] and "PaK 40" in found[0].message
    # the same move next to the ditch is legal
    assert check(ditch, start([(TANK, "0506", 0.0)]) + [act(TANK), {**go[1], "to": "0505", "path": None}]) == []


def test_infantry_pay_two_extra_to_enter_an_at_ditch():
    ditch = world(hexes={"0504": "at_ditch"})
    move = {"type": "move", "unit": GRIF2, "from": "0503", "to": "0504"}
    assert check(ditch, start([(GRIF2, "0503", 180.0)]) + [act(GRIF2), {**move, "ap": 3}]) == []  # 1 open + 2
    found = check(ditch, start([(GRIF2, "0503", 180.0)]) + [act(GRIF2), {**move, "ap": 1}])
    assert rules(found) == ["CoH 16.0"] and "costs 3" in found[0].message


# ---- 18.4 wire and wheeled units; 18.2 trenches ------------------------------------------------------------------
def test_wheeled_units_may_not_enter_wire_or_trench_hexes():
    move = [act(OPEL), {"type": "move", "unit": OPEL, "from": "0502", "to": "0503", "ap": 1}]
    found = check(world(), start([(OPEL, "0502", 180.0)], mk("fort.wire", "0503")) + move)
    assert rules(found) == ["CoH 18.4"] and "wheeled" in found[0].message and found[0].units == [OPEL]
    found = check(world(), start([(OPEL, "0502", 180.0)], mk("fort.trench", "0503")) + move)
    assert rules(found) == ["CoH 18.2"] and "trench" in found[0].message
    assert check(world(), start([(OPEL, "0502", 180.0)], mk("fort.wire", "0403")) + move) == []


def test_a_failed_wire_attempt_is_an_action_and_forfeits_the_units_aps():
    wire = start([(GRIF2, "0503", 180.0), (SMG, "0803", 270.0)], mk("fort.wire", "0504"))
    soviet = [act(SMG), {"type": "move", "unit": SMG, "from": "0803", "to": "0804", "ap": 1}]
    attempt = [act(GRIF2), {"type": "roll", "dice": [6], "purpose": "wire", "unit": GRIF2, "hex": "0504"}]
    again = {"type": "move", "unit": SMG, "from": "0804", "to": "0904", "ap": 1}
    # the German declines the 7AP (6 + 1 open) move: the attempt was his action, the Soviet moves again
    assert check(world(), wire + soviet + attempt + [again]) == []
    # his rifles keep acting with CAPs (18.4: "may still take further CAP or card actions")
    later = {"type": "move", "unit": GRIF2, "from": "0503", "to": "0502"}
    assert check(world(), wire + soviet + attempt + [again, {**later, "cap": 1}]) == []
    found = check(world(), wire + soviet + attempt + [again, {**later, "ap": 1}])
    assert rules(found) == ["CoH 18.4"] and "loses all of its remaining APs" in found[0].message
    assert found[0].units == [GRIF2]
    # paying the roll: 6 + 1 = 7AP, the whole pool, is the move itself
    assert check(world(), wire + soviet + attempt + [{"type": "move", "unit": GRIF2, "from": "0503", "to": "0504",
                                                     "ap": 7}]) == []


# ---- 19.0 engineers -----------------------------------------------------------------------------------------------
def test_engineer_smoke_one_hex_for_three_aps_adds_two():
    base = start([(ENG, "0803", 270.0), (GRIF2, "0503", 90.0), (SMG, "0703", 270.0)])
    smoke = [PASS_G, act(ENG), {"type": "smoke", "unit": ENG, "hex": "0703", "ap": 3}]
    assert check(world(), base + smoke) == []
    found = check(world(), base + [PASS_G, act(ENG), {"type": "smoke", "unit": ENG, "hex": "0603", "ap": 3}])
    assert rules(found) == ["CoH 19.0"] and "2 hexes away" in found[0].message
    found = check(world(), base + [PASS_G, act(ENG), {"type": "smoke", "unit": ENG, "hex": "0703", "ap": 2}])
    assert rules(found) == ["CoH 19.0"] and "costs 3" in found[0].message
    # the smoke lies on the SMG's hex: the German rifles' fire at it meets DV 12 + 2
    shoot = [act(GRIF2), fire(GRIF2, SMG), roll(6, 5)]  # red 3 + 11 = 14 against front 12 + 2 smoke: a hit
    assert check(world(), base + smoke + shoot + [{"type": "marker", "unit": SMG, "marker": "hit.foot",
                                                   "on": True}]) == []
    found = check(world(), base + smoke + [act(GRIF2), fire(GRIF2, SMG), roll(5, 5),  # 13 < 14
                                           {"type": "marker", "unit": SMG, "marker": "hit.foot", "on": True}])
    assert rules(found) == ["CoH Fig 29"] and "+2 smoke (19.0)" in found[0].message


def test_engineers_never_trigger_mines():
    mined = start([(ENG, "0503", 180.0), (SMG, "0603", 180.0)], mk("fort.mine.red", "0504"),
                  mk("fort.mine.red", "0604"))
    eng = [PASS_G, act(ENG), {"type": "move", "unit": ENG, "from": "0503", "to": "0504", "ap": 1}, PASS_G]
    assert check(world(), mined + eng) == []
    found = check(world(), mined + eng[:3] + [{"type": "roll", "dice": [5, 5], "purpose": "mine", "unit": ENG}])
    assert rules(found) == ["CoH 19.0"] and "engineers do not trigger" in found[0].message
    smg = [PASS_G, act(SMG), {"type": "move", "unit": SMG, "from": "0603", "to": "0604", "ap": 1}, PASS_G]
    found = check(world(), mined + smg)  # an ordinary squad on the same kind of mine is attacked
    assert rules(found) == ["CoH 18.5"] and "no mine attack" in found[0].message


# ---- 18.6 / 19.0 smoke_dm -----------------------------------------------------------------------------------------
def test_smoke_dm_policy_target_hex_or_the_line_of_fire():
    # the SMG at 0803 fires at the rifles' front (12) at 0503 through smoke in 0703: 5 + 7 = 12
    base = start([(SMG, "0803", 270.0), (GRIF2, "0503", 90.0)], mk("marker.smoke", "0703"))
    shot = [PASS_G, act(SMG), fire(SMG, GRIF2), roll(3, 4), {"type": "marker", "unit": GRIF2, "marker": "hit.foot",
                                                             "on": True}]
    assert check(world(), base + shot) == []  # target_hex: smoke counts only in the target's hex
    found = check(world(policies={"smoke_dm": "target_or_line"}), base + shot)
    assert rules(found) == ["CoH Fig 29"] and "+2 smoke (19.0)" in found[0].message and "DV 14" in found[0].message


# ---- 16.0 road congestion ------------------------------------------------------------------------------------------
def test_wheeled_vehicles_pay_one_more_per_vehicle_in_a_road_hex():
    # the Opel (1AP per 2 open hexes) drives along the road 0405 -> 0505, where the PzIIIh stands: 1/2 + 1 -> 2AP
    base = start([(OPEL, "0405", 120.0), (TANK, "0505", 0.0)])
    drive = {"type": "move", "unit": OPEL, "from": "0405", "to": "0505", "path": ["0405", "0505"]}
    assert check(world(), base + [act(OPEL), {**drive, "ap": 2}]) == []
    found = check(world(), base + [act(OPEL), {**drive, "ap": 1}])
    assert rules(found) == ["CoH 16.0"] and "costs 2" in found[0].message and found[0].units == [OPEL]
