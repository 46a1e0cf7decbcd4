"""CoH airplanes (20.0-20.3) on the test world of tests/rules_fixtures/coh_world.py (the Shturmovik, the Stuka and the
251-17 with the blue anti-air circle are added there).

Rulebook (Storms of Steel fragment), 20.0: "Airplanes always begin and end their activations off the map", "Each
impulse allows an airplane to move one hex, pivot one hexside, change one altitude level, or conduct one attack.
Each action sequence consists of a combination of these impulses up to the total number printed in the blue hex and
costs 1AP. A player must pay an additional 1AP for each attack impulse taken", "The first impulse in an action
sequence must be a forward movement ... into any of its three front arc hexes. Airplanes may attack once or pivot
only 1 hex side after moving forward one hex. An airplane may not move forward one hex, then pivot and attack",
"Players may not stall with airplanes or take group actions", "Once an airplane runs out of APs the airplane is marked
as spent and moves in a straight line off of the map ... Moving a spent airplane off of the map costs the player no
APs per action. A player may take no actions with other units until the spent airplane has exited the map", "An
airplane may not re-enter the map", "Actions cards may not be played on airplanes", only units with the blue circle
fire at airplanes (policy ``anti_aircraft_fire``), "Airplanes do not receive hit markers ... A second hit destroys
the airplane"; 20.1: "change their altitude by one counter up or down per hex moved ... Each altitude increase (not
decrease) impulse costs an extra 1AP", each counter -1FP against the ground and +1DR; 20.2: "may not fire at targets
closer than 2 hexes ... For every hex beyond 3 hexes that the airplane fires, its FP is decreased by 1, up to double
its printed range" (Ex: the Stuka, one altitude counter, 6 hexes: red 2FP); 20.3: "The hex directly behind any
obstacle is considered a blind hex".
"""

from __future__ import annotations

import copy

from tests.rules_fixtures.coh_world import check, rules, start, world

IL2, STUKA, FLAK, GRIF2, SRIF2 = "su.il2", "de.ju87", "de.sdkfz251_17", "de.rifle.2", "su.rifle.2"
PASS_G, PASS_S = {"type": "pass", "side": "german"}, {"type": "pass", "side": "soviet"}
HIT_G = {"type": "marker", "unit": GRIF2, "marker": "hit.foot", "on": True}


def move(uid, a, b):
    return {"type": "move", "unit": uid, "from": a, "to": b}


def air(uid, ap, **kw):
    return {"type": "air_action", "unit": uid, "ap": ap, **kw}


def pivot(uid, facing):
    return {"type": "pivot", "unit": uid, "facing": facing}


def attack(att, dfn):
    return {"type": "attack", "attackers": [att], "defenders": [dfn], "kind": "fire"}


def roll(a, b):
    return {"type": "roll", "dice": [a, b], "purpose": "combat"}


def sortie_log():
    """The 20.0 Ex shape: 4 impulses for 1AP, then move 2, attack, move for 2AP, then on and off the map."""
    ev = start([(IL2, "off", 180.0), (GRIF2, "0606", 0.0)])
    ev += [{"type": "activate", "units": [IL2]},
           air(IL2, 1, altitude=0), move(IL2, None, "0501"), pivot(IL2, 120.0), move(IL2, "0501", "0601"),
           pivot(IL2, 180.0), PASS_G,
           air(IL2, 2), move(IL2, "0601", "0602"), move(IL2, "0602", "0603"), attack(IL2, GRIF2), roll(3, 3), HIT_G,
           move(IL2, "0603", "0604"), PASS_G,
           air(IL2, 1), move(IL2, "0604", "0605"), move(IL2, "0605", "0606"), move(IL2, "0606", "0607"),
           move(IL2, "0607", "0608"), PASS_G,
           air(IL2, 1), move(IL2, "0608", "0609"), {"type": "exit", "unit": IL2}, PASS_G, PASS_S,
           {"type": "phase", "phase": "round_end"}]
    return ev


def at(ev, **match):
    return next(i for i, e in enumerate(ev) if all(e.get(k) == v for k, v in match.items()))


def test_the_example_sortie_checks_clean():
    # 3 hexes from 0604 to the rifles' front 12: red 6 + 6 = 12, a hit
    assert check(world(), sortie_log()) == []


def test_impulses_up_to_the_blue_hexagon():
    ev = sortie_log()
    i = at(ev, type="move", **{"from": "0607", "to": "0608"})
    ev.insert(i + 1, move(IL2, "0608", "0609"))
    del ev[i + 4]  # the last action's move to 0609 was made already
    found = check(world(), ev)
    assert rules(found) == ["CoH 20.0"] and found[0].units == [IL2]


def test_first_impulse_a_forward_move_into_the_front_arc():
    ev = sortie_log()
    i = at(ev, type="air_action", ap=2)
    ev[i + 1:i + 3] = [pivot(IL2, 120.0), move(IL2, "0601", "0702"), move(IL2, "0702", "0703")]
    found = check(world(), ev)
    assert "CoH 20.0" in rules(found) and any("begins its action with a pivot" in f.message for f in found)
    ev = sortie_log()
    ev[at(ev, type="move", **{"from": "0601", "to": "0602"})] = move(IL2, "0601", "0501")  # bearing 300: behind
    found = [f for f in check(world(), ev) if "front arc" in f.message]
    assert rules(found) == ["CoH 20.0"] and found[0].hexes == ["0601", "0501"]


def test_attack_or_pivot_after_a_forward_move_not_both():
    ev = sortie_log()
    i = at(ev, type="attack")
    ev.insert(i, pivot(IL2, 180.0 + 60))
    ev.insert(i + 1, pivot(IL2, 180.0))
    found = [f for f in check(world(), ev) if f.rule == "CoH 20.0" and "not both" in f.message]
    assert len(found) == 2 and "after a pivot" in found[0].message


def test_the_action_costs_one_plus_attacks_plus_climbs():
    ev = sortie_log()
    ev[at(ev, type="air_action", ap=2)]["ap"] = 1
    found = check(world(), ev)
    assert rules(found) == ["CoH 20.0"] and "costs 2" in found[0].message and "attack: 1" in found[0].message
    climb = third([air(IL2, 2), move(IL2, "0604", "0605"), {"type": "altitude", "unit": IL2, "altitude": 1},
                   move(IL2, "0605", "0606"), {"type": "altitude", "unit": IL2, "altitude": 0}])  # dive: free
    assert check(world(), climb) == []
    climb[_third(climb)]["ap"] = 1
    found = check(world(), climb)
    assert rules(found) == ["CoH 20.0"] and "altitude increase: 1" in found[0].message


def _third(ev):
    return [i for i, e in enumerate(ev) if e["type"] == "air_action"][2]


def third(actions):
    """The example sortie with its third action replaced; the fourth flies from wherever the plane is, off south."""
    ev = sortie_log()
    i = _third(ev)
    last = actions[-1] if actions[-1]["type"] == "move" else next(e for e in reversed(actions) if e["type"] == "move")
    col, row = last["to"][:2], int(last["to"][2:])
    fourth = [air(IL2, 1), *[move(IL2, f"{col}{r:02d}", f"{col}{r + 1:02d}") for r in range(row, 9)],
              {"type": "exit", "unit": IL2}]
    return ev[:i] + actions + [PASS_G] + fourth + ev[at(ev, type="exit") + 1:]


def test_altitude_one_counter_per_impulse_and_per_hex_moved():
    ev = third([air(IL2, 2), move(IL2, "0604", "0605"), {"type": "altitude", "unit": IL2, "altitude": 2},
                move(IL2, "0605", "0606")])
    found = check(world(), ev)
    assert rules(found) == ["CoH 20.1"] and "from 0 to 2" in found[0].message
    ev = third([air(IL2, 3), move(IL2, "0604", "0605"), {"type": "altitude", "unit": IL2, "altitude": 1},
                {"type": "altitude", "unit": IL2, "altitude": 2}, move(IL2, "0605", "0606")])
    found = check(world(), ev)
    assert rules(found) == ["CoH 20.1"] and "twice for one hex" in found[0].message


def stuka(target_hex, dice, hit):
    """The Stuka with one altitude counter enters at 0601 facing 180 and fires at the Soviet rifles (front 12)."""
    ev = start([(STUKA, "off", 180.0), (SRIF2, target_hex, 0.0)])
    ev += [PASS_S, {"type": "activate", "units": [STUKA]}, air(STUKA, 2, altitude=1), move(STUKA, None, "0601"),
           attack(STUKA, SRIF2), roll(*dice)]
    return ev + ([{"type": "marker", "unit": SRIF2, "marker": "hit.foot", "on": True}] if hit else [])


def test_stuka_example_range_and_altitude_lower_the_fp():
    # 20.2 Ex: 6 hexes away, one altitude counter: red 6 - 1 - 3 = 2FP; 2 + 10 = 12 hits the front 12
    assert check(world(), stuka("0607", (5, 5), True)) == []
    found = check(world(), stuka("0607", (5, 4), True))
    assert rules(found) == ["CoH Fig 29"] and "-3 beyond range 3 (20.2)" in found[0].message
    assert "-1 for 1 altitude counter(s) (20.1)" in found[0].message


def test_airplane_range_two_hexes_to_double_the_printed_range():
    found = check(world(), stuka("0602", (1, 1), False))
    assert rules(found) == ["CoH 20.2"] and "closer than 2 hexes" in found[0].message
    found = check(world(), stuka("0608", (1, 1), False))
    assert rules(found) == ["CoH 20.2"] and "at most 6 hexes" in found[0].message
    assert check(world(), stuka("0603", (1, 1), False)) == []


def test_blind_hex_behind_an_obstacle():
    # the Stuka at 0401 looks south over the woods 0402-0404: 0405 is directly behind them, 0406 is not
    def log(h):
        ev = start([(STUKA, "off", 180.0), (SRIF2, h, 0.0)])
        return ev + [PASS_S, {"type": "activate", "units": [STUKA]}, air(STUKA, 2, altitude=0),
                     move(STUKA, None, "0401"), attack(STUKA, SRIF2), roll(1, 1)]

    found = check(world(), log("0405"))
    assert rules(found) == ["CoH 20.3"] and "blind hex behind 0404" in found[0].message
    assert check(world(), log("0406")) == []


def aa_log(shooter, dice, *after):
    """The Shturmovik enters at 0501 facing 180 (front toward 0502, flank blue 12); the shooter at 0502 fires."""
    ev = start([(IL2, "off", 180.0), (shooter, "0502", 0.0), (GRIF2, "0504", 0.0)])
    return ev + [{"type": "activate", "units": [IL2]}, air(IL2, 1, altitude=0), move(IL2, None, "0501"),
                 {"type": "activate", "units": [shooter]}, attack(shooter, IL2), roll(*dice), *after]


def test_only_the_blue_circle_fires_at_airplanes_and_hits_take_no_counter():
    # 20.0 Ex: the 251-17's blue 4 + 3 close range; the plane's front 13: a roll of 6 hits
    assert check(world(), aa_log(FLAK, (3, 3))) == []
    counter = {"type": "marker", "unit": IL2, "marker": "hit.vehicle.stunned", "on": True}
    found = check(world(), aa_log(FLAK, (3, 3), counter))
    assert "CoH 20.0" in rules(found) and any("do not receive hit markers" in f.message for f in found)
    found = check(world(), aa_log(FLAK, (6, 6)))  # 19 >= 13 + 4: two hits destroy the plane
    assert rules(found) == ["CoH 20.0"] and "not removed" in found[0].message
    found = check(world(), aa_log(GRIF2, (1, 1)))
    assert rules(found) == ["CoH 20.0"] and "blue anti-air circle" in found[0].message
    assert check(world(policies={"anti_aircraft_fire": "any_unit"}), aa_log(GRIF2, (1, 1))) == []


def test_a_hit_plane_may_no_longer_attack():
    again = [air(IL2, 2), move(IL2, "0501", "0502"), move(IL2, "0502", "0503"), attack(IL2, GRIF2)]
    ev = aa_log(FLAK, (3, 3), *again)
    found = [f for f in check(world(), ev) if "after taking a hit" in f.message]
    assert rules(found) == ["CoH 20.0"] and found[0].units == [IL2]


def test_spent_plane_exits_straight_for_free_and_holds_up_its_side():
    # the player marks the plane spent (its activation ends, Fig 27); it then flies south off the map, 4 hexes an
    # action at most (its impulses), for no APs
    ev = start([(IL2, "off", 180.0), (SRIF2, "0909", 0.0)])
    ev += [{"type": "activate", "units": [IL2]}, air(IL2, 1, altitude=0), move(IL2, None, "0501"), PASS_G,
           {"type": "spent", "units": [IL2]}]
    out = [move(IL2, "0501", "0505"), PASS_G, move(IL2, "0505", "0509"), {"type": "exit", "unit": IL2}, PASS_G,
           {"type": "activate", "units": [SRIF2]}, move(SRIF2, "0909", "0908")]
    assert check(world(), ev + out) == []
    bent = copy.deepcopy(out)
    bent[0] = {"type": "move", "unit": IL2, "from": "0501", "to": "0603", "path": ["0501", "0502", "0603"]}
    bent[2] = move(IL2, "0603", "0609")
    found = check(world(), ev + bent)
    assert "CoH 20.0" in rules(found) and any("straight line" in f.message for f in found)
    far = copy.deepcopy(out)
    far[0], far[2] = move(IL2, "0501", "0506"), move(IL2, "0506", "0509")
    found = check(world(), ev + far)
    assert rules(found) == ["CoH 20.0"] and "moves 5 hexes" in found[0].message
    early = out[:2] + out[5:]
    found = [f for f in check(world(), ev + early) if "still on the map" in f.message]
    assert rules(found) == ["CoH 20.0"] and found[0].units == [SRIF2, IL2]


def test_no_reentry_no_cards_no_groups_and_off_the_map_at_round_end():
    ev = sortie_log()
    back = [air(IL2, 1), move(IL2, None, "0501"), PASS_G]
    end = at(ev, type="phase", phase="round_end") - 2
    found = check(world(), ev[:end] + back + ev[end:])
    assert "CoH 20.0" in rules(found) and any("re-enters" in f.message for f in found)
    stay = sortie_log()
    k = at(stay, type="exit")
    stay[k - 1:k + 1] = []
    found = [f for f in check(world(), stay) if "end of the round" in f.message]
    assert rules(found) == ["CoH 20.0"]
    card = start([(IL2, "off", 180.0)]) + [{"type": "order", "order": "auto_rally", "unit": IL2, "cap": 2}]
    assert rules(check(world(), card)) == ["CoH 20.0"]
    group = start([(IL2, "off", 180.0), (SRIF2, "0909", 0.0)]) + [{"type": "activate", "units": [IL2, SRIF2]}]
    found = check(world(), group)
    assert rules(found) == ["CoH 20.0"] and "group" in found[0].message


def entry_check(h, areas=None):
    """A one-action sortie of the Shturmovik (facing 180) entering at ``h`` and flying one hex on before leaving;
    ``areas`` is the scenario's air_entry designation (20.0: "An activated plane moves onto a map as designated by
    the firefight")."""
    from modgen.rules import engine

    game = world()
    scen = copy.deepcopy(game.scenario("kolkhoz_road"))
    if areas is not None:
        scen["special_rules"].append({"id": "air_entry", "text": "Soviet planes enter from the north (test)",
                                      "params": {"areas": areas}})
    col, row = h[:2], int(h[2:])
    ev = start([(IL2, "off", 180.0), (GRIF2, "0606", 0.0)])
    ev += [{"type": "activate", "units": [IL2]}, air(IL2, 1, altitude=0), move(IL2, None, h),
           move(IL2, h, f"{col}{row + 1:02d}"), {"type": "exit", "unit": IL2}, PASS_G, PASS_S,
           {"type": "phase", "phase": "round_end"}]
    return [f for f in engine.run(game, ev, scenario=scen).findings if f.severity != "warning"]


def test_airplanes_enter_where_the_firefight_designates():
    assert entry_check("0501") == []  # row 01: the north edge
    found = entry_check("0503")
    assert rules(found) == ["CoH 20.0"] and "not on a map edge" in found[0].message and found[0].hexes == ["0503"]
    assert entry_check("0501", {"soviet": ["north"], "german": ["south"]}) == []
    found = entry_check("0501", {"soviet": "west"})
    assert rules(found) == ["CoH 20.0"] and "outside west" in found[0].message
    found = entry_check("0501", {"soviet": ["nowhere"]})
    assert [f.severity for f in found] == ["could-not-check"] and "air_entry" in found[0].message
