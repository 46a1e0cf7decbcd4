"""CoH activations and points, written from the Storms of Steel fragment (20.0, 17.0, Fig 26-30, 21.3).

20.0: an activated unit "receives 7APs"; Fig 28: a tracked vehicle "receives two hexes of open movement per 1AP";
Fig 27: a foot squad "moves into the wooden building for 2APs", a not-activated gun "pivots ... for 1CAP", a group
ends its activation "marking both ... as spent"; Fig 29: a spent tank "fires for 3CAPs"; Fig 28: "stalls by paying
1AP"; 17.0: "the Soviet passes between each German action", a transported unit "may not fire and must unload first";
Fig 30: "The German passes, followed by the Soviet, and the round is over".
"""

from __future__ import annotations

from tests.coh_figlog import APC, GRIF, GUN, SMG, SRIF, TANK, check, rules


def mv(unit, path, **kw):
    return {"type": "move", "unit": unit, "from": path[0], "to": path[-1], "path": path, **kw}


PASS_S, PASS_G = {"type": "pass", "side": "soviet"}, {"type": "pass", "side": "german"}
ROW7 = ["0607", "0507", "0407", "0307", "0207", "0107"]  # 5 open hexes: 3AP for a tank (2 hexes per 1AP)
COL1 = ["0107", "0106", "0105", "0104", "0103", "0102"]  # 5 open hexes (0105 is road): 3AP


def test_seven_ap_pool_spent_exactly_is_legal():
    assert check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7, ap=3), PASS_S, mv(TANK, COL1, ap=3),
                 PASS_S, mv(TANK, ["0102", "0101"], ap=1)) == []


def test_eighth_ap_breaks_20_0():
    found = check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7), PASS_S, mv(TANK, COL1), PASS_S,
                  mv(TANK, ["0102", "0101"]), PASS_S, mv(TANK, ["0101", "0201"]))
    assert rules(found) == ["CoH Fig 29"]  # the pool ran out at 7AP: the tank is spent, its 4th move has no AP
    assert "spent" in found[0].message


def test_over_the_pool_in_one_action_breaks_20_0_and_caps_pay_the_rest():
    nine = ["0107", "0106", "0105", "0104", "0103", "0102", "0101", "0201", "0202", "0302"]  # 9 hexes: 5AP
    assert check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7), PASS_S, mv(TANK, nine[:-1])) == []
    found = check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7), PASS_S, mv(TANK, nine))
    assert rules(found) == ["CoH 20.0"] and "8AP" in found[0].message
    # the extra point paid with a CAP (wire example: "pay 4APs + 1CAP")
    assert check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7), PASS_S, mv(TANK, nine, cap=1)) == []


def test_move_cost_from_terrain_and_movement_type():
    # Fig 27: a foot squad into a wooden building pays 2AP; a tank pays 1AP per 2 open hexes, so 3 hexes cost 2
    assert check({"type": "activate", "units": ["de.rifle.2"]}, mv("de.rifle.2", ["0306", "0305"], ap=1)) == []
    found = check({"type": "activate", "units": ["su.rifle.2"]}, mv("su.rifle.2", ["1003", "0904", "0905"], ap=1))
    assert rules(found) == ["CoH 16.0"]  # 0904 open 1 + 0905 open 1 = 2
    found = check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:4], ap=1))
    assert rules(found) == ["CoH 16.0"] and "costs 2" in found[0].message
    assert check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:3], ap=1)) == []


def test_spent_unit_is_not_activated_again_but_may_act_with_caps():
    base = [{"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:3]), {"type": "spent", "units": [TANK]}, PASS_S]
    found = check(*base, {"type": "activate", "units": [TANK]})
    assert rules(found) == ["CoH Fig 26-30"]
    # Fig 29: "The tank fires for 3CAPs" although spent (German starting CAP 6, illustrative)
    assert check(*base, {"type": "attack", "attackers": [TANK], "defenders": [GUN], "cap": 3},
                 {"type": "roll", "dice": [1, 1]}) == []
    found = check(*base, {"type": "attack", "attackers": [TANK], "defenders": [GUN]}, {"type": "roll", "dice": [1, 1]})
    assert rules(found) == ["CoH Fig 29"] and "spent" in found[0].message


def test_pivot_without_activation_needs_a_cap():
    assert check(PASS_G, {"type": "pivot", "unit": GUN, "facing": 180, "cap": 1}) == []
    found = check(PASS_G, {"type": "pivot", "unit": GUN, "facing": 180})
    assert rules(found) == ["CoH Fig 29"] and "not activated" in found[0].message


def test_stall_pays_one_ap_of_an_active_pool():
    ok = check(PASS_G, {"type": "activate", "units": [SMG]}, mv(SMG, ["0803", "0804"]), PASS_G,
               {"type": "stall", "side": "soviet"})
    assert ok == []
    assert rules(check(PASS_G, {"type": "stall", "side": "soviet"})) == ["CoH Fig 28"]


def test_players_alternate_single_actions():
    found = check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:3]), mv(TANK, ROW7[2:4]))
    assert rules(found) == ["CoH 17.0"]


def test_round_ends_on_consecutive_passes():
    ok = check(PASS_G, {"type": "activate", "units": [SMG]}, mv(SMG, ["0803", "0804"]), PASS_G, PASS_S,
               {"type": "phase", "phase": "round_end", "side": None}, {"type": "turn", "turn": 2},
               {"type": "activate", "units": [SMG]})
    assert ok == []  # a new round: the SMG is fresh again
    found = check(PASS_G, PASS_S, {"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:3]))
    assert rules(found) == ["CoH Fig 30", "CoH Fig 30"]
    found = check({"type": "activate", "units": [TANK]}, mv(TANK, ROW7[:3]), PASS_S,
                  {"type": "phase", "phase": "round_end", "side": None})
    assert rules(found) == ["CoH Fig 30"]


def test_group_shares_one_pool_and_transport_rules():
    # 17.0: the APC group moves (2AP), unloads the squad (its open cost 1AP), the squad moves (2AP), the APC
    # backs up (2AP): 7AP of one pool
    legal = [{"type": "activate", "units": [APC]}, mv(APC, ["0809", "0808", "0807", "0806"]), PASS_S,
             {"type": "unload", "unit": GRIF}, PASS_S, mv(GRIF, ["0806", "0805"]), PASS_S,
             mv(APC, ["0806", "0807", "0808", "0809"])]
    assert check(*legal) == []
    found = check(*legal, PASS_S, mv(GRIF, ["0805", "0804"]))
    assert rules(found) == ["CoH Fig 29"]  # the group's pool is empty, the squad is spent with the APC
    found = check({"type": "activate", "units": [APC]}, mv(GRIF, ["0809", "0808"]))
    assert rules(found) == ["CoH 17.0"] and "carried" in found[0].message
    found = check({"type": "activate", "units": [APC]},
                  {"type": "attack", "attackers": [GRIF], "defenders": ["su.rifle.2"]})
    assert rules(found) == ["CoH 17.0"] and "may not fire" in found[0].message
    found = check({"type": "activate", "units": [TANK]}, {"type": "unload", "unit": TANK})
    assert rules(found) == ["CoH 17.0"]


def test_caps_spent_against_the_starting_level():
    # Soviet starting CAP 5 (illustrative): five 1CAP pivots are legal, a sixth is not
    piv = [x for f in (0, 60, 120, 180, 240) for x in (PASS_G, {"type": "pivot", "unit": GUN, "facing": f, "cap": 1})]
    assert check(*piv) == []
    found = check(*piv, PASS_G, {"type": "pivot", "unit": GUN, "facing": 300, "cap": 1})
    assert rules(found) == ["CoH 21.3"]


def test_a_destroyed_unit_fills_a_cap_space_and_owes_a_vp():
    # Fig 28: the destroyed gun goes on the Soviet CAP track (5 - 1 = 4 left) and "the German receives a victory
    # point"
    loss = [{"type": "loss", "unit": SRIF, "eliminated": True}, {"type": "vp", "side": "german", "points": 1}]
    piv = [x for f in (0, 60, 120, 180) for x in (PASS_G, {"type": "pivot", "unit": GUN, "facing": f, "cap": 1})]
    assert check(*loss, *piv) == []
    found = check(*loss, *piv, PASS_G, {"type": "pivot", "unit": GUN, "facing": 240, "cap": 1})
    assert rules(found) == ["CoH 21.3"] and "1 space(s) filled" in found[0].message
    found = check(loss[0], PASS_G)
    assert rules(found) == ["CoH Fig 28"] and "victory point" in found[0].message


def test_caps_on_a_roll_declared_without_a_side_count_for_the_roller():
    # Fig 29: CAPs added to a roll are spent like any CAPs (21.3: Soviet starting level 5, illustrative); a chat
    # "!cap 3 roll" names no side: they are the rolling (attacking) player's
    piv = [x for f in (0, 60, 180) for x in (PASS_G, {"type": "pivot", "unit": GUN, "facing": f, "cap": 1})]
    fire = [PASS_G, {"type": "activate", "units": [GUN]},
            {"type": "attack", "attackers": [GUN], "defenders": [TANK], "kind": "fire"},
            {"type": "roll", "dice": [1, 1], "purpose": "combat"}]
    assert check(*piv, *fire, {"type": "cap", "cap": 2, "purpose": "roll"}) == []
    found = check(*piv, *fire, {"type": "cap", "cap": 3, "purpose": "roll"})
    assert rules(found) == ["CoH 21.3"] and "6 this round" in found[0].message
