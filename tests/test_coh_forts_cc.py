"""CoH fortification DMs in close combat (18.0, 18.2, 18.6) on the test world of tests/rules_fixtures/coh_world.py.

Rulebook (Storms of Steel fragment), 18.0: "When units occupy a fortification, they are placed under the counter and
receive the cumulative benefit of the terrain DM and the fortification DM. In close combat situations, fortifications
benefit all occupying unit(s). (This includes the attackers if they manage to enter the fortification.)"; 18.2:
"Units assaulting a fortification in CC may attempt to occupy the fortification by taking this +1AP action", the
trench's "red +2DM from all directions", the bunker's black 5 front DM and 2 flank shield; 18.6: "Units in
fortifications defend with their flank defense against flank, artillery/mortar, and CC attacks as normal"; Fig 28:
close combat uses the flank DR and +4FP.

German Rifles 2 hold 0503 (facing 0); the Soviet SMG (red 5FP, flank 11) comes in from 0504. SMG close combat: AV 5 +
4 = 9 + roll against the rifles' flank 11 + the fortification DM. Rifles 2 strike back with 3 + 4 = 7 + roll.
"""

from __future__ import annotations

from tests.rules_fixtures.coh_world import check, mk, rules, start, world

SMG, GRIF2 = "su.smg.1", "de.rifle.2"
PASS_G = {"type": "pass", "side": "german"}


def roll(a, b):
    return {"type": "roll", "dice": [a, b], "purpose": "combat"}


def hit(uid):
    return {"type": "marker", "unit": uid, "marker": "hit.foot", "on": True}


def opening(fort, occupied=True, **kw):
    ev = start([(SMG, "0504", 0.0), (GRIF2, "0503", 0.0)], mk(fort, "0503", **kw))
    if occupied:
        next(e for e in ev if e.get("unit") == GRIF2)["occupies"] = fort
    return ev + [PASS_G, {"type": "activate", "units": [SMG]},
                 {"type": "move", "unit": SMG, "from": "0504", "to": "0503", "ap": 1}, PASS_G]


def cc(att, dfn, ap=3):
    return {"type": "attack", "attackers": [att], "defenders": [dfn], "kind": "close_combat", "ap": ap}


def test_a_trench_benefits_its_occupants_in_close_combat():
    # 9 + 4 = 13 reaches 11 + 2; 9 + 3 = 12 does not, though it would hit the rifles outside the trench
    assert check(world(), opening("fort.trench") + [cc(SMG, GRIF2), roll(2, 2), hit(GRIF2)]) == []
    found = check(world(), opening("fort.trench") + [cc(SMG, GRIF2), roll(2, 1), hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and "+2 Trench" in found[0].message and "DV 13" in found[0].message
    assert found[0].units == [SMG, GRIF2] and found[0].hexes == ["0503"]
    # in the hex but not under the counter: no DM
    assert check(world(), opening("fort.trench", occupied=False) + [cc(SMG, GRIF2), roll(2, 1), hit(GRIF2)]) == []


def test_attackers_that_occupy_the_fortification_benefit_too():
    back = [{"type": "occupy", "unit": SMG, "ap": 1}, {"type": "activate", "units": [GRIF2]}, cc(GRIF2, SMG, ap=2)]
    # the rifles' 7 + 6 = 13 reaches the SMG's 11 + 2 once it occupies the trench; 7 + 5 = 12 does not
    assert check(world(), opening("fort.trench") + back + [roll(3, 3), hit(SMG)]) == []
    found = check(world(), opening("fort.trench") + back + [roll(3, 2), hit(SMG)])
    assert rules(found) == ["CoH Fig 29"] and "Trench" in found[0].message and "DV 13" in found[0].message
    # without occupying (the Soviet stalls instead), the SMG in the trench hex has only its flank 11
    stall = {"type": "stall", "side": "soviet", "unit": SMG, "ap": 1}
    assert check(world(), opening("fort.trench") + [stall] + back[1:] + [roll(3, 2), hit(SMG)]) == []


def test_bunker_in_close_combat_front_dm_or_flank_shield_by_policy():
    ev = opening("fort.bunker", facing=0.0)  # its front faces away from the SMG coming from 0504
    # default cc_fort_dm front: 11 + 5 = 16; 9 + 7 hits, 9 + 6 misses
    assert check(world(), ev + [cc(SMG, GRIF2), roll(4, 3), hit(GRIF2)]) == []
    found = check(world(), ev + [cc(SMG, GRIF2), roll(3, 3), hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and "+5 Bunker" in found[0].message and "DV 16" in found[0].message
    # policy flank: the shield's 2, 11 + 2 = 13
    flank = world(policies={"cc_fort_dm": "flank"})
    assert check(flank, ev + [cc(SMG, GRIF2), roll(3, 3), hit(GRIF2)]) == []
    found = check(flank, ev + [cc(SMG, GRIF2), roll(2, 1), hit(GRIF2)])
    assert rules(found) == ["CoH Fig 29"] and "flank shield" in found[0].message
