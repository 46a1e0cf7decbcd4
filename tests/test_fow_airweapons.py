"""FoW aircraft weapons, bombs and the AOP from the rulebook text (seed 004): p.44 "CHOOSING WEAPONS ... You can only
shoot one type of weapon during a turn and your must declare what that weapon is for all the Aircraft in the Unit
before you roll for Aircraft arrival", "MGs, Cannons, and Rockets have a range of 8"/20cm. Bombs have of a range of
6"/15cm", "BOMBS AND ROCKETS ... they suffer no penalty for having only 1 or 2 weapons firing. Only Teams from the
Aircraft Unit can Spot for their bombardment"; p.46 "Aircraft may not place an Artillery Template within 8"/20cm of
friendly Teams, but do not restrict the placement of their own Template"; p.49 "Since Aircraft must move every
turn, they will always remove their Ranged In marker between Bombardments"; p.50 "Unlike other aircraft your AOP
Aircraft automatically arrives", "the AOP aircraft model ... must be within 16"/40cm of the Aiming Point". The
bundled force has no aircraft: the tests add illustrative P-47s (MGs ROF 3 and Bombs, p.44) and an L4 AOP."""

from __future__ import annotations

import pytest

from tests.fow_helpers import setup, step, turn_to
from tests.fow_patch import check, patched_game

MGS = {"name": "MGs", "kind": "vehicle_mg", "mount": "turret", "rof": {"halted": 3, "moving": 3}, "anti_tank": 2,
       "firepower": "6", "notes": []}  # no range in the data: p.44 gives 8"/20cm
CANNON = {"name": "Cannon", "kind": "gun", "mount": "turret", "rof": {"halted": 2, "moving": 2}, "anti_tank": 5,
          "firepower": "4+", "notes": []}
BOMBS = {"name": "Bombs", "kind": "artillery", "mount": "turret", "range": {"in": 6, "cm": 15}, "rof": {},
         "anti_tank": 5, "firepower": "1+", "notes": ["Artillery", "Bombs"]}
PLANE = {"class": "aircraft", "save": "3+", "mobility": None, "symbol": {"types": ["infantry"], "size": None},
         "ratings": {"skill": "veteran", "motivation": "confident", "is_hit_on": "5+"},
         "base": {"shape": "round", "width_in": 1, "depth_in": 1}}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    add = []
    for n, weapons in ((1, [MGS, BOMBS]), (2, [MGS, CANNON])):
        add.append((f"us.p47.{n}", "us.rifle.2", {**PLANE, "designation": f"P-47 {n}", "name": "P-47", "tags": [],
                                                  "weapons": weapons,
                                                  "group": {"id": "us_air", "formation": "us_air", "role": "support",
                                                            "leader": n == 1}}))
    add.append(("us.aop", "us.rifle.2", {**PLANE, "designation": "L4 AOP", "name": "L4", "tags": ["aop", "observer"],
                                         "weapons": [], "group": {"id": "us_aop", "formation": "us_air",
                                                                  "type": "independent", "leader": True}}))
    return patched_game(tmp_path_factory.mktemp("airw"), add=add)


START = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 30, 10, 180), setup("de.pak40.1", 50, 10, 180)]
AIR = ("FoW p.44", "FoW p.46", "FoW p.48", "FoW p.49", "FoW p.50")


def turn2(*starting, movement=(), shooting=()):
    """The Germans' turn 1, then the Americans' turn 2 (past the Meeting Engagement's first turn); the aircraft
    leave at the end of the Shooting Step (p.44)."""
    return [*turn_to("assault", "german"), step("starting"), step("movement"), step("shooting"), step("assault"),
            {"type": "turn", "turn": 2}, step("starting", "german"), step("movement", "german"),
            step("shooting", "german"), step("assault", "german"), step("starting"), *starting, step("movement"),
            *movement, step("shooting"), *shooting, *({"type": "exit", "unit": m["unit"]} for m in movement)]


def roll(weapon=None):
    return {"type": "aircraft", "side": "us", "roll": 5, **({"weapon": weapon} if weapon else {})}


def strafe(unit, weapon, target="de.pz4h.1"):
    return {"type": "shoot", "unit": unit, "target": target, "weapon": weapon, "dice": [5]}


def test_p44_weapon_declared_before_the_arrival_roll(game):
    ok = [*START, *turn2(roll("MGs"), movement=[setup("us.p47.1", 30, 16)], shooting=[strafe("us.p47.1", "MGs")])]
    assert check(game, *ok, rules=AIR) == []
    found = check(game, *START, *turn2(roll(), movement=[setup("us.p47.1", 30, 16)],
                                       shooting=[strafe("us.p47.1", "MGs")]), rules=AIR)
    assert [f["rule"] for f in found] == ["FoW p.44"] and "before the arrival roll" in found[0]["message"]
    other = check(game, *START, *turn2(roll("MGs"), movement=[setup("us.p47.2", 30, 16)],
                                       shooting=[strafe("us.p47.2", "Cannon")]), rules=AIR)
    assert [f["rule"] for f in other] == ["FoW p.44"] and "declared mgs" in other[0]["message"]


def test_p44_one_type_of_weapon_for_the_whole_unit(game):
    ev = [*START, *turn2(roll(), movement=[setup("us.p47.1", 30, 16), setup("us.p47.2", 32, 16)],
                         shooting=[strafe("us.p47.1", "MGs"), strafe("us.p47.2", "Cannon")])]
    found = check(game, *ev, rules=AIR)
    assert [f["rule"] for f in found] == ["FoW p.44", "FoW p.44"]
    assert "one type of weapon in a turn" in found[1]["message"]


def test_p44_aircraft_mgs_reach_8_inches(game):
    far = check(game, *START, *turn2(roll("MGs"), movement=[setup("us.p47.1", 30, 22)],
                                     shooting=[strafe("us.p47.1", "MGs")]), rules=AIR)
    assert [f["rule"] for f in far] == ["FoW p.44"] and '8.0"' in far[0]["message"]


def bombing(spotter, aim, *extra, plane_at=(40, 24)):
    rng = {"type": "range_in", "unit": spotter, "target": "us.p47.1", "aim": list(aim), "roll": 6}
    return [*START, *extra, *turn2(roll("Bombs"), movement=[setup("us.p47.1", *plane_at)], shooting=[rng])]


def test_p44_only_the_aircraft_unit_spots_its_bombs(game):
    assert check(game, *bombing("us.p47.1", (50, 20)), rules=AIR) == []
    found = check(game, *bombing("us.sherman.1", (50, 20)), rules=AIR)
    assert "FoW p.44" in [f["rule"] for f in found] and any("Aircraft Unit" in f["message"] for f in found)


def test_p46_aircraft_danger_close_8_inches_own_aircraft_ignored(game):
    # The Sherman at (30, 44): a 6" Template centred at (30, 34) ends about 6" from its hull, legal for artillery
    # (4") but not for Aircraft (8"); the P-47 under its own Template does not count.
    near = check(game, *bombing("us.p47.1", (30, 34), plane_at=(30, 30)), rules=AIR)
    assert [f["rule"] for f in near] == ["FoW p.46"] and "Aircraft may not place" in near[0]["message"]
    assert check(game, *bombing("us.p47.1", (30, 24), plane_at=(30, 24)), rules=AIR) == []


def test_p49_aircraft_never_repeat(game):
    rng = {"type": "range_in", "unit": "us.p47.1", "target": "us.p47.1", "aim": [50, 20], "repeat": True}
    ev = [*START, *turn2(roll("Bombs"), movement=[setup("us.p47.1", 40, 24)], shooting=[rng])]
    assert "FoW p.49" in [f["rule"] for f in check(game, *ev, rules=AIR)]


def test_p44_bombs_have_no_penalty_for_one_or_two_weapons(game):
    rng = {"type": "range_in", "unit": "us.p47.1", "target": "us.p47.1", "aim": [50, 14], "roll": 6}
    bomb = {"type": "bombard", "unit": "us.p47.1", "target": "de.pak40.1", "dice": [5], "hits": 1}
    ev = [*START, *turn2(roll("Bombs"), movement=[setup("us.p47.1", 50, 18)], shooting=[rng, bomb])]
    assert check(game, *ev, rules=AIR) == []


def test_p50_aop_arrives_without_a_roll_and_spots_within_16_inches(game):
    def spot(aim):
        rng = {"type": "range_in", "unit": "us.aop", "target": "us.mortar.1", "aim": list(aim), "roll": 6}
        return [*START, setup("us.mortar.1", 20, 44), *turn2(movement=[setup("us.aop", 50, 30)], shooting=[rng])]
    assert check(game, *spot((50, 16)), rules=AIR) == []  # 13.5" from the AOP's edge
    found = check(game, *spot((40, 10)), rules=AIR)
    assert [f["rule"] for f in found] == ["FoW p.50"] and "16" in found[0]["message"]
