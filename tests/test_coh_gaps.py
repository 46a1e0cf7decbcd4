"""CoH checks whose values the Storms of Steel fragment lacks (the core rules 1-14): each value is game data the bundled
file leaves null (missing), so the check is could-not-check there, and checks when a designer supplies it. The values
these tests supply (a per-roll limit of 2, a gun's close-combat +2, group fire +1 per extra firer, a rally cost of 2,
a foot rally number of 8) are the tests' own, not the publisher's.

Also from the fragment's text: towing an immobilized vehicle (17.0: "All vehicles may transport one foot unit, pull
one gun, or pull one immobilized vehicle (14.1)"), the hasty defence counter mix (18.1: "Players may build as many
hasty defenses as there are counters available in the game") and cards played from the declared hands (Fig 29, 21.0).

Positions (tests/coh_figlog.py): the PzIIIh at 0607 facing 0 (red FP 4, blue 5, flank blue 14), the 57mm AT gun at
0605 facing 300 (blue FP 8, fire cost 5, flank red 10), the 251/1 and German Rifles 1 at 0809 (red FP 3, the APC's
range 4, the rifles' 5; 0605 is 5 hexes away: long range for the APC, normal for the rifles).
"""

from __future__ import annotations

from typing import Any

import pytest

from modgen.data.model import load_game
from modgen.logs import chat
from modgen.rules import engine
from modgen.rules.coh import plugin
from tests.coh_figlog import APC, GRIF, GUN, NO_CAP_LIMIT, REPO, SMG, SRIF, TANK, prelude

ACT_T = {"type": "activate", "units": [TANK]}
PASS_S, PASS_G = {"type": "pass", "side": "soviet"}, {"type": "pass", "side": "german"}


def run(*events: dict[str, Any], carried: bool = True, tables: dict[str, Any] | None = None,
        counts: dict[str, Any] | None = None) -> list[Any]:
    """Errors and could-not-check of the prelude plus ``events``, with table rows set (``{"table": {"row": {field:
    value}}}`` or ``{"table": {field: value}}``) and counter counts changed (None removes the count)."""
    game = load_game(REPO / "games" / "stormsofsteel.json")
    t = game.manifest["rules"]["tables"]
    for name, rows in (tables or {}).items():
        for key, value in rows.items():
            if isinstance(value, dict):
                t[name].setdefault(key, {}).update(value)
            else:
                t[name][key] = value
    for c in game.counters_doc["counters"]:
        if c["id"] in (counts or {}):
            c.pop("count", None)
            if counts[c["id"]] is not None:
                c["count"] = counts[c["id"]]
    log = prelude(carried) + [dict(e) for e in events]
    return [f for f in engine.run(game, log).findings if f.severity != "warning"]


def errors(found: list[Any]) -> list[str]:
    return [f.rule for f in found if f.severity == "error"]


def cnc(found: list[Any]) -> list[str]:
    return [f.message for f in found if f.severity == "could-not-check"]


def fire(att: list[str], dfn: str, **kw: Any) -> dict[str, Any]:
    return {"type": "attack", "attackers": att, "defenders": [dfn], **kw}


def roll(a: int, b: int, **kw: Any) -> dict[str, Any]:
    return {"type": "roll", "dice": [a, b], "purpose": "combat", **kw}


def mark(unit: str, marker: str, on: bool = True) -> dict[str, Any]:
    return {"type": "marker", "unit": unit, "marker": marker, "on": on}


# ---- Fig 29 / 18.5: CAPs on one roll, against the designer's per-roll limit ------------------------------------------
def test_fig29_caps_on_a_roll_are_could_not_check_without_a_limit():
    found = run(ACT_T, fire([TANK], GUN), roll(2, 3, cap=1), mark(GUN, "hit.foot"))
    assert errors(found) == [] and [m for m in cnc(found) if m.startswith(NO_CAP_LIMIT)] != []


def test_fig29_caps_on_one_roll_over_the_per_roll_limit():
    limit = {"cap_limit": {"per_roll": 2}}
    # 1 CAP on the roll and 1 more declared after it: 2 on one roll, the limit (4 + 2 + 2 = 8 < 10: a miss)
    assert run(ACT_T, fire([TANK], GUN), roll(1, 1, cap=1), {"type": "cap", "side": "german", "cap": 1,
                                                             "purpose": "roll"}, tables=limit) == []
    found = run(ACT_T, fire([TANK], GUN), roll(1, 1, cap=1), {"type": "cap", "side": "german", "cap": 2,
                                                              "purpose": "roll"}, tables=limit)
    assert errors(found) == ["CoH Fig 29"] and "3 CAPs are added to one roll" in found[0].message
    # the limit is per roll: 2 CAPs on each of two rolls (the tank's two shots, 3AP each) are legal
    two = [ACT_T, fire([TANK], GUN), roll(1, 1, cap=2), PASS_S, fire([TANK], GUN), roll(1, 1, cap=2)]
    assert run(*two, tables=limit) == []


# ---- Fig 28: a gun's close-combat modifier ---------------------------------------------------------------------------
CC_GUN = [ACT_T, {"type": "move", "unit": TANK, "from": "0607", "to": "0605", "path": ["0607", "0606", "0605"]},
          {"type": "activate", "units": [GUN]}, fire([GUN], TANK, kind="close_combat")]


def test_fig28_gun_close_combat_needs_the_guns_modifier():
    found = run(*CC_GUN, roll(2, 2))
    assert errors(found) == [] and any("fire_modifiers.close_combat_gun" in m for m in cnc(found))


def test_fig28_gun_close_combat_with_the_designers_modifier():
    gun_cc = {"fire_modifiers": {"close_combat_gun": {"fp": 2}}}
    # close combat meets the tank's flank DR, blue 14: blue 8 + 2 + roll 4 = 14, a hit (without the +2 a miss)
    found = run(*CC_GUN, roll(2, 2), tables=gun_cc)
    assert errors(found) == ["CoH Fig 29"] and "no hit counter" in found[0].message
    assert run(*CC_GUN, roll(2, 2), mark(TANK, "hit.vehicle.light_damage"), tables=gun_cc) == []
    assert run(*CC_GUN, roll(1, 2), tables=gun_cc) == []  # 13 < 14: a miss


# ---- 9.11 (missing): group fire FP -----------------------------------------------------------------------------------
GROUP = [{"type": "activate", "units": [APC, GRIF]}, fire([APC, GRIF], GUN)]


def test_9_11_group_fire_is_could_not_check_without_its_fp():
    found = run(*GROUP, roll(3, 3), carried=False)
    assert errors(found) == [] and any("fire_modifiers.group_fire" in m for m in cnc(found))


def test_9_11_group_fire_best_member_plus_the_designers_fp_per_other_firer():
    group = {"fire_modifiers": {"group_fire": {"fp": 1}}}
    # the APC is at long range (5 > 4), the rifles at normal range: the rifles' red 3 + 0 is the best; +1 for the
    # APC; against the gun's flank red 10: a roll of 6 hits, 5 misses
    assert run(*GROUP, roll(3, 3), mark(GUN, "hit.foot"), carried=False, tables=group) == []
    found = run(*GROUP, roll(2, 3), mark(GUN, "hit.foot"), carried=False, tables=group)
    assert errors(found) == ["CoH Fig 29"] and "AV 9" in found[0].message and "+1 group fire" in found[0].message


# ---- 15.2 / 7.x (missing): the rally cost and the foot rally numbers -------------------------------------------------
RALLY_T = [mark(TANK, "hit.vehicle.suppressed"), ACT_T]


def test_15_2_rally_cost_is_could_not_check_without_data_and_checked_with_it():
    found = run(*RALLY_T, {"type": "rally", "unit": TANK, "roll": 8, "ap": 2}, mark(TANK, "hit.vehicle.suppressed",
                                                                                     False))
    assert errors(found) == [] and any("AP cost of a rally" in m for m in cnc(found))
    cost = {"action_costs": {"rally": {"ap": 2}}}
    assert run(*RALLY_T, {"type": "rally", "unit": TANK, "roll": 8, "ap": 2},
               mark(TANK, "hit.vehicle.suppressed", False), tables=cost) == []
    found = run(*RALLY_T, {"type": "rally", "unit": TANK, "roll": 8, "ap": 3},
                mark(TANK, "hit.vehicle.suppressed", False), tables=cost)
    assert errors(found) == ["CoH 15.2"] and "costs 2" in found[0].message


def test_7_4_foot_rally_number_from_the_designers_data():
    pre = [mark(SRIF, "hit.foot"), {"type": "activate", "units": [SRIF]}]
    found = run(*pre, {"type": "rally", "unit": SRIF, "roll": 7}, mark(SRIF, "hit.foot", False))
    assert errors(found) == [] and any("rally numbers (7.4)" in m for m in cnc(found))
    data = {"action_costs": {"rally": {"ap": 2}}, "hit_counters": {"hit.foot": {"rally": 8}}}
    assert run(*pre, {"type": "rally", "unit": SRIF, "roll": 8}, mark(SRIF, "hit.foot", False), tables=data) == []
    found = run(*pre, {"type": "rally", "unit": SRIF, "roll": 7}, mark(SRIF, "hit.foot", False), tables=data)
    assert errors(found) == ["CoH 15.2"] and "8 is needed" in found[0].message


# ---- 17.0 / 14.1: pulling an immobilized vehicle ---------------------------------------------------------------------
TOW = [{"type": "activate", "units": [APC]},
       {"type": "move", "unit": APC, "from": "0809", "to": "0607", "path": ["0809", "0808", "0707", "0607"]}, PASS_S]


def test_17_0_a_vehicle_pulls_an_immobilized_vehicle():
    load = {"type": "load", "unit": TANK, "vehicle": APC}
    assert run(mark(TANK, "hit.vehicle.immobilized"), PASS_S, *TOW, load, PASS_S,
               {"type": "move", "unit": APC, "from": "0607", "to": "0608"}, carried=False) == []
    found = run(*TOW, load, carried=False)
    assert errors(found) == ["CoH 17.0"] and "not immobilized" in found[0].message
    # a Stunned vehicle may not move either, but it is not immobilized (15.2)
    found = run(mark(TANK, "hit.vehicle.stunned"), PASS_S, *TOW, load, carried=False)
    assert errors(found) == ["CoH 17.0"]


def test_17_0_only_vehicles_transport_and_one_unit_at_a_time():
    pre = [mark(TANK, "hit.vehicle.immobilized"), PASS_S, *TOW]
    found = run(*pre, {"type": "load", "unit": TANK, "vehicle": APC})  # the APC still carries Rifles 1
    assert errors(found) == ["CoH 17.0"] and "already carries" in found[0].message
    found = run({"type": "activate", "units": [GRIF]}, {"type": "load", "unit": APC, "vehicle": GRIF}, carried=False)
    assert "CoH 17.0" in errors(found) and any("only vehicles" in f.message for f in found)


# ---- 18.1: hasty defenses, as many as the counters -------------------------------------------------------------------
HASTY = "fort.hasty_defense"


def test_18_1_no_more_hasty_defenses_than_counters():
    units = [GRIF, "de.rifle.2", SRIF, "su.rifle.2"]
    four = [mark(u, HASTY) for u in units]
    assert run(*four, carried=False, counts={HASTY: 4}) == []
    found = run(*four, mark(SMG, HASTY), carried=False, counts={HASTY: 4})
    assert errors(found) == ["CoH 18.1"] and "(4)" in found[0].message
    # a hasty defense is removed when its unit moves (18.1): its counter may be built again
    moved = [{"type": "activate", "units": [SRIF]}, {"type": "move", "unit": SRIF, "from": "0705", "to": "0704"}]
    assert run(*four, *moved, mark(SMG, HASTY), carried=False, counts={HASTY: 4}) == []
    found = run(*four, mark(SMG, HASTY), carried=False, counts={HASTY: None})
    assert errors(found) == [] and any("no count for fort.hasty_defense" in m for m in cnc(found))


# ---- Fig 29, 21.0: cards played from the hand, when the draws are in the log -----------------------------------------
AUTO = {"type": "order", "order": "auto_rally", "unit": SRIF}
DRAW = {"type": "draw", "card": "auto_rally", "side": "soviet"}
RALLIED = [mark(SRIF, "hit.foot"), {"type": "activate", "units": [SRIF]}]


def test_fig29_a_card_is_played_from_the_players_hand():
    assert run(DRAW, *RALLIED, AUTO, mark(SRIF, "hit.foot", False)) == []
    found = run({"type": "draw", "card": "command_action", "side": "soviet"}, *RALLIED, AUTO)
    assert errors(found) == ["CoH Fig 29"] and "not in his hand" in found[0].message
    # one card, played twice
    found = run(DRAW, *RALLIED, AUTO, mark(SRIF, "hit.foot", False), PASS_G, mark(SRIF, "hit.foot"), AUTO)
    assert errors(found) == ["CoH Fig 29"]
    # no draws of the Soviet player in the log: his hand is not known, the play is not checked
    assert run({"type": "draw", "card": "command_action", "side": "german"}, *RALLIED, AUTO,
               mark(SRIF, "hit.foot", False)) == []


def test_draw_chat_verb():
    verbs = chat.verbs_for(plugin)
    assert chat.parse("!draw auto_rally soviet", verbs).event == {"type": "draw", "card": "auto_rally",
                                                                   "side": "soviet"}
    with pytest.raises(chat.ChatSyntaxError):
        chat.parse("!draw auto_rally", verbs)


# ---- 15.4: an open-topped flank is red against artillery or mortar fire and foot units' close combat ----------------
def test_15_4_open_top_flank_red_in_foot_close_combat():
    # the SMG (red 5, blue 0) in the 251/1's hex: CC meets the flank DR 11, red for a foot attacker: 5 + 4 + 2 = 11
    cc = [{"type": "setup", "unit": SMG, "hex": "0809", "facing": 0}, {"type": "activate", "units": [SMG]},
          fire([SMG], APC, kind="close_combat")]
    found = run(*cc, roll(1, 1), carried=False)
    assert errors(found) == ["CoH Fig 29"] and "red FP 5 +4 close combat" in found[0].message
    assert run(*cc, roll(1, 1), mark(APC, "hit.vehicle.light_damage"), carried=False) == []
    # the tank is not open-topped: its flank stays blue, the SMG's blue 0 + 4 + 2 misses
    assert run({"type": "setup", "unit": SMG, "hex": "0607", "facing": 0}, {"type": "activate", "units": [SMG]},
               fire([SMG], TANK, kind="close_combat"), roll(1, 1)) == []


def test_15_4_open_top_flank_red_against_artillery():
    # the gun (red 2, blue 8), pivoted to face the 251/1, fires as artillery: the flank DR 11 turns red,
    # 2 + 0 + 9 = 11, one hit; as direct fire it meets the blue front 13: 8 + 9 = 17, two hits
    pre = [PASS_G, {"type": "pivot", "unit": GUN, "facing": 120, "cap": 1}, PASS_G,
           {"type": "activate", "units": [GUN]}]
    assert run(*pre, fire([GUN], APC, kind="artillery"), roll(5, 4), mark(APC, "hit.vehicle.light_damage"),
               carried=False) == []
    found = run(*pre, fire([GUN], APC, kind="fire", fp_colour="blue"), roll(5, 4),
                mark(APC, "hit.vehicle.light_damage"), carried=False)
    assert errors(found) == ["CoH Fig 28"] and "front DR 13" in found[0].message
    found = run(*pre, fire([GUN], APC, kind="artillery", fp_colour="blue"), roll(5, 4), carried=False)
    assert "CoH 15.1" in errors(found)


# ---- 18.5: a hidden mine found by moving onto it attacks the unit that moved in --------------------------------------
def test_18_5_a_hidden_mine_revealed_by_a_move_attacks_the_mover():
    # German Rifles 2 (red movement) moves from 0306 into open 0406; the firefight's hidden red mine there is found
    move = [{"type": "activate", "units": ["de.rifle.2"]},
            {"type": "move", "unit": "de.rifle.2", "from": "0306", "to": "0406"},
            {"type": "marker", "hex": "0406", "marker": "fort.mine.red", "on": True}]
    found = run(*move, PASS_S)
    assert errors(found) == ["CoH 18.5"] and "no mine attack" in found[0].message
    assert run(*move, {"type": "roll", "dice": [1, 2], "purpose": "mine", "unit": "de.rifle.2"}, PASS_S) == []
    # a mine counter placed in a hex nobody just moved into attacks no one
    assert run({"type": "marker", "hex": "0406", "marker": "fort.mine.red", "on": True}, PASS_S) == []
