"""CoH fortifications, hindrances and smoke, from the Storms of Steel fragment (18.0-18.6, 19.0).

18.0: "No more than 1 of each type ... in a hex, except for hasty defenses"; 18.1: hasty defense by "foot units only
for a cost of 7APs", "+1DM", "removed when that unit pivots, moves"; 18.2: "Trenches may be used by all infantry
squads, but not vehicles or guns", "red +2DM from all directions", bunker "+5DM to its front 12DR for a total 17DV"
and "11DR + 2DM for the bunker's flank", "an additional action to occupy the fortification for an additional +1AP";
18.4: foot units "Roll 1D6 ... Add the movement penalty to the normal terrain movement cost", tracked units "+2AP";
18.5: "On a die result equal to or greater than the number listed, the unit is hit ... 4 more than the number
listed, the unit is destroyed"; 18.6: a hindrance with a red 15DR is removed when hit; 19.0: only engineers fire
smoke, "+2DM". The bundled red mine's number (8) is illustrative.

German Rifles 2 stand at 0503 facing 0; the Soviet SMG at 0803 faces 270, 3 hexes east (normal range, +0FP), so it
hits the rifles' flank (red 11): 5 + roll against 11 plus DMs.
"""

from __future__ import annotations

from tests.coh_figlog import TANK, check, prelude, rules

SMG, GRIF2 = "su.smg.1", "de.rifle.2"
PASS_G, PASS_S = {"type": "pass", "side": "german"}, {"type": "pass", "side": "soviet"}
ACT_SMG = {"type": "activate", "units": [SMG]}


def mk(marker, h, **kw):
    return {"type": "marker", "hex": h, "marker": marker, "on": True, **kw}


def log(*markers, occupies=None):
    ev = prelude()
    for e in ev:
        if e["type"] == "setup" and e["unit"] == GRIF2:
            e["hex"], e["facing"] = "0503", 0
            if occupies:
                e["occupies"] = occupies
        if e["type"] == "setup" and e["unit"] == SMG:
            e["facing"] = 270
    return ev[:1] + list(markers) + ev[1:]


def shot(a, b, hit=False):
    ev = [PASS_G, ACT_SMG, {"type": "attack", "attackers": [SMG], "defenders": [GRIF2], "kind": "fire"},
          {"type": "roll", "dice": [a, b], "purpose": "combat"}]
    return ev + ([{"type": "marker", "unit": GRIF2, "marker": "hit.foot", "on": True}] if hit else [])


def test_one_of_each_type_per_hex_except_hasty_defenses():
    found = check(whole=log(mk("fort.trench", "0503"), mk("fort.trench", "0503")))
    assert rules(found) == ["CoH 18.0"] and "0503" in found[0].hexes
    assert check(whole=log(mk("fort.trench", "0503"), mk("fort.wire", "0503"))) == []


def test_a_trench_gives_its_occupants_red_plus_two():
    # 5 + 7 = 12: hits the flank 11 in the open, misses 11 + 2 in the trench
    assert check(whole=log(mk("fort.trench", "0503")) + shot(4, 3, hit=True)) == []  # in the hex, not occupying
    found = check(whole=log(mk("fort.trench", "0503"), occupies="fort.trench") + shot(4, 3, hit=True))
    assert rules(found) == ["CoH Fig 29"] and "Trench" in found[0].message and "DV 13" in found[0].message


def test_bunker_front_and_flank_shield():
    # 18.2 Ex: front 12 + 5 = 17 against direct frontal fire; flank 11 + 2 = 13 from the bunker's flank
    front = log(mk("fort.bunker", "0503", facing=90), occupies="fort.bunker")
    for e in front:
        if e.get("unit") == GRIF2 and e["type"] == "setup":
            e["facing"] = 90
    assert check(whole=front + shot(6, 6, hit=True)) == []  # 5 + 12 = 17
    found = check(whole=front + shot(6, 5, hit=True))
    assert rules(found) == ["CoH Fig 29"] and "DV 17" in found[0].message
    flank = log(mk("fort.bunker", "0503", facing=0), occupies="fort.bunker")
    assert check(whole=flank + shot(4, 4, hit=True)) == []  # 5 + 8 = 13
    found = check(whole=flank + shot(4, 3, hit=True))
    assert rules(found) == ["CoH Fig 29"] and "flank shield" in found[0].message


def test_who_may_occupy_and_what_it_costs():
    base = log(mk("fort.trench", "0503"))
    occupy = [{"type": "activate", "units": [GRIF2]}, {"type": "occupy", "unit": GRIF2, "ap": 1}]
    assert check(whole=base + occupy) == []
    found = check(whole=base + [{"type": "activate", "units": [GRIF2]}, {"type": "occupy", "unit": GRIF2, "ap": 0}])
    assert rules(found) == ["CoH 18.2"] and "costs 1" in found[0].message
    tank = log(mk("fort.trench", "0607"))
    found = check(whole=tank + [{"type": "activate", "units": [TANK]}, {"type": "occupy", "unit": TANK}])
    assert rules(found) == ["CoH 18.2"] and "infantry squads" in found[0].message


def test_hasty_defense_foot_only_seven_ap_plus_one_until_it_moves():
    dig = [{"type": "activate", "units": [GRIF2]}, {"type": "entrench", "unit": GRIF2, "ap": 7}]
    hit = [ACT_SMG, {"type": "attack", "attackers": [SMG], "defenders": [GRIF2], "kind": "fire"},
           {"type": "roll", "dice": [3, 3], "purpose": "combat"},
           {"type": "marker", "unit": GRIF2, "marker": "hit.foot", "on": True}]  # 5 + 6 = 11 against 11 + 1
    found = check(whole=log() + dig + hit)
    assert rules(found) == ["CoH Fig 29"] and "hasty defence" in found[0].message
    found = check({"type": "activate", "units": [TANK]}, {"type": "entrench", "unit": TANK})
    assert "CoH 18.1" in rules(found)
    ready = {"type": "marker", "unit": GRIF2, "marker": "fort.hasty_defense", "on": True}  # set up with one
    found = check(whole=log() + [ready] + dig)
    assert rules(found) == ["CoH 18.1"] and "second" in found[0].message


def test_wire_foot_rolls_1d6_tracked_pays_two():
    wire = log(mk("fort.wire", "0504"))
    move = {"type": "move", "unit": GRIF2, "from": "0503", "to": "0504"}
    act = {"type": "activate", "units": [GRIF2]}
    found = check(whole=wire + [act, {**move, "ap": 1}])
    assert rules(found) == ["CoH 18.4"] and "1D6" in found[0].message
    rolled = [act, {"type": "roll", "dice": [4], "purpose": "wire", "unit": GRIF2, "hex": "0504"}]
    assert check(whole=wire + rolled + [{**move, "ap": 5}]) == []  # 18.4 Ex: the 4 rolled + 1AP open
    found = check(whole=wire + rolled + [{**move, "ap": 1}])
    assert rules(found) == ["CoH 16.0"] and "costs 5" in found[0].message
    tank = log(mk("fort.wire", "0606"))
    go = [{"type": "activate", "units": [TANK]}, {"type": "move", "unit": TANK, "from": "0607", "to": "0606"}]
    assert check(whole=tank + [go[0], {**go[1], "ap": 3}]) == []  # 1/2 open + 2 wire, rounded up
    assert rules(check(whole=tank + [go[0], {**go[1], "ap": 1}])) == ["CoH 16.0"]


def test_mines_attack_units_of_their_colour_after_entry():
    move = [{"type": "activate", "units": [GRIF2]}, {"type": "move", "unit": GRIF2, "from": "0503", "to": "0504"}]
    red = log(mk("fort.mine.red", "0504"))
    found = check(whole=red + move + [PASS_S])
    assert rules(found) == ["CoH 18.5"] and "no mine attack" in found[0].message
    assert check(whole=red + move + [{"type": "roll", "dice": [3, 4], "purpose": "mine", "unit": GRIF2}, PASS_S]) == []
    hit = {"type": "marker", "unit": GRIF2, "marker": "hit.foot", "on": True}
    roll8 = {"type": "roll", "dice": [4, 4], "purpose": "mine", "unit": GRIF2}
    assert check(whole=red + move + [roll8, hit, PASS_S]) == []
    found = check(whole=red + move + [roll8, PASS_S])
    assert rules(found) == ["CoH 18.5"] and "hit" in found[0].message
    roll12 = {"type": "roll", "dice": [6, 6], "purpose": "mine", "unit": GRIF2}
    found = check(whole=red + move + [roll12, hit, PASS_S])  # 12 >= 8 + 4: destroyed, not just hit
    assert rules(found) == ["CoH 18.5"] and "destroyed" in found[0].message
    assert check(whole=log(mk("fort.mine.blue", "0504")) + move + [PASS_S]) == []  # blue: vehicles only


def test_hindrance_destruction_needs_a_hit_against_red_15():
    wire = log(mk("fort.wire", "0503"))
    attack = [PASS_G, ACT_SMG, {"type": "attack", "attackers": [SMG], "defenders": [], "hex": "0503",
                                "fortification": "fort.wire", "kind": "fire"}]
    gone = {"type": "marker", "hex": "0503", "marker": "fort.wire", "on": False}
    assert check(whole=wire + attack + [{"type": "roll", "dice": [5, 5], "purpose": "combat"}, gone]) == []
    found = check(whole=wire + attack + [{"type": "roll", "dice": [5, 5], "purpose": "combat"}, PASS_G])
    assert rules(found) == ["CoH 18.6"] and "stays" in found[0].message
    found = check(whole=wire + attack + [{"type": "roll", "dice": [5, 4], "purpose": "combat"}, gone])
    assert rules(found) == ["CoH 18.6"] and "missed" in found[0].message


def test_smoke_only_by_engineers_and_it_adds_two():
    found = check(PASS_G, ACT_SMG, {"type": "smoke", "unit": SMG, "hex": "0804"})
    assert rules(found) == ["CoH 19.0"] and "engineers" in found[0].message
    smoky = log(mk("marker.smoke", "0503"))
    found = check(whole=smoky + shot(4, 3, hit=True))  # 12 against 11 + 2
    assert rules(found) == ["CoH Fig 29"] and "smoke" in found[0].message
