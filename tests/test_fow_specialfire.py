"""FoW Snipers and Flame-throwers from the rulebook text (seed 004): p.43 "Any platoon hit by a Sniper Team is
automatically Pinned Down", "A Sniper team may not fire if there are any friendly Teams within 4"/10cm" (Sniper rifle
16"/40cm ROF 1 AT 0 FP 4+); p.42 "Infantry, Gun and Unarmoured Tank Units hit by a Flamethrower are automatically
Pinned Down" (sample Flame-thrower 4"/10cm ROF 2 AT 2 FP 1+); p.41 "Armoured Tank Teams ... cannot be Pinned Down";
p.26/p.41 a Pinned Down team shoots at its Moving ROF; p.42 "Tank Teams with Flame-throwers cannot Charge into
Contact and must Break Off. As an exception, Soviet Flame-thrower Tank Teams may Charge into Contact" and "FUEL TANKS
Tank Teams with Flame-throwers increase the number required to pass a Remount by 1". The bundled force has neither:
the tests make the third American rifle team a Sniper and give Shermans 2 and 3 (Soviet) a flame-thrower (values
from pp.42-43)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import setup, step, turn_to
from tests.fow_patch import check, patched_game

SNIPER_RIFLE = {"name": "Sniper rifle", "kind": "small_arms", "main": True, "mount": "team",
                "range": {"in": 16, "cm": 40}, "rof": {"halted": 1, "moving": 1}, "anti_tank": 0, "firepower": "4+",
                "notes": ["Sniper"]}
FLAME = {"name": "Flame-thrower", "kind": "flame_thrower", "main": True, "mount": "hull", "range": {"in": 4, "cm": 10},
         "rof": {"halted": 2, "moving": 2}, "anti_tank": 2, "firepower": "1+",
         "notes": ["Breakthrough Gun", "Full ROF When Moving", "Hits Top Armour"]}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return patched_game(tmp_path_factory.mktemp("sf"), change={
        "us.rifle.3": {"tags": ["sniper"], "weapons": [SNIPER_RIFLE],
                       "group": {"id": "us_sniper", "formation": "us_force", "type": "independent", "leader": True}},
        "us.sherman.2": {"weapons": [FLAME]},
        "us.sherman.3": {"weapons": [FLAME], "tags": ["armoured", "turreted", "soviet"]},
    })


PAK = [setup("de.pak40.1", 50, 20, 180), setup("de.pz4h.1", 20, 10, 180), setup("us.sherman.1", 50, 44)]
PAK_FIRES = {"type": "shoot", "unit": "de.pak40.1", "target": "us.sherman.1", "dice": [5, 5]}


def german_turn(*ours):
    """The Americans' turn 1 up to shooting, then the Germans' turn: the PaK 40 fires both dice (Halted ROF 2)."""
    return [*turn_to("shooting"), *ours, step("assault"), step("starting", "german"), step("movement", "german"),
            step("shooting", "german"), PAK_FIRES]


def test_p43_a_unit_hit_by_a_sniper_is_pinned_down(game):
    sniper = [setup("us.rifle.3", 50, 32)]
    clean = check(game, *PAK, *sniper, *german_turn(), rules=("FoW p.26", "FoW p.43"))
    assert clean == []  # not hit: the PaK 40 fires its Halted ROF 2
    hit = {"type": "shoot", "unit": "us.rifle.3", "target": "de.pak40.1", "dice": [4], "hits": 1}
    found = check(game, *PAK, *sniper, *german_turn(hit), rules=("FoW p.26", "FoW p.43"))
    assert [f["rule"] for f in found] == ["FoW p.26"] and "Pinned" in found[0]["message"]


def test_p43_no_sniper_fire_with_a_friend_within_4_inches(game):
    crowded = [setup("us.rifle.3", 50, 32), setup("us.rifle.1", 52, 34)]
    shot = {"type": "shoot", "unit": "us.rifle.3", "target": "de.pak40.1", "dice": [2], "hits": 0}
    found = check(game, *PAK, *crowded, *turn_to("shooting"), shot, rules=("FoW p.43",))
    assert len(found) == 1 and "within 4" in found[0]["message"]
    apart = [setup("us.rifle.3", 50, 32), setup("us.rifle.1", 56, 34)]
    assert check(game, *PAK, *apart, *turn_to("shooting"), shot, rules=("FoW p.43",)) == []


def test_p42_flame_thrower_pins_guns_not_armoured_tanks(game):
    flame = [setup("us.sherman.2", 50, 26)]
    hit = {"type": "shoot", "unit": "us.sherman.2", "target": "de.pak40.1", "dice": [4, 1], "hits": 1}
    found = check(game, *PAK, *flame, *german_turn(hit), rules=("FoW p.26",))
    assert len(found) == 1 and "Pinned" in found[0]["message"]
    # an Armoured Tank hit by the flame-thrower is not Pinned Down (p.41): the Panzer IV keeps its Halted ROF 2
    tank = [setup("de.pz4h.1", 50, 20, 180), setup("us.sherman.2", 50, 26), setup("us.sherman.1", 50, 44)]
    burn = {"type": "shoot", "unit": "us.sherman.2", "target": "de.pz4h.1", "dice": [4, 1], "hits": 1}
    back = {"type": "shoot", "unit": "de.pz4h.1", "target": "us.sherman.1", "dice": [5, 5]}
    ev = [*turn_to("shooting"), burn, step("assault"), step("starting", "german"), step("movement", "german"),
          step("shooting", "german"), back]
    assert check(game, *tank, *ev, rules=("FoW p.26",)) == []


def test_p42_tank_flame_throwers_do_not_charge(game):
    def charge(unit):
        return check(game, setup(unit, 50, 24), setup("de.pak40.1", 50, 20, 180), *turn_to("assault", turn=2),
                     {"type": "assault", "unit": unit, "target": "de.pak40.1"}, rules=("FoW p.42",))
    found = charge("us.sherman.2")
    assert len(found) == 1 and "cannot Charge into Contact" in found[0]["message"]
    assert charge("us.sherman.3") == []  # the Soviet exception
    assert charge("us.sherman.4") == []  # no flame-thrower


def test_p42_fuel_tanks_remount_one_harder(game):
    def remount(unit, roll):
        return check(game, setup(unit, 50, 40), {"type": "marker", "unit": unit, "marker": "bailed_out", "on": True},
                     *turn_to("starting"), {"type": "motivation", "unit": unit, "test": "remount", "roll": roll,
                                            "result": "passed"}, rules=("FoW p.38",))
    assert remount("us.sherman.4", 4) == []  # Confident 4+
    found = remount("us.sherman.2", 4)
    assert len(found) == 1 and "5+" in found[0]["message"]
    assert remount("us.sherman.2", 5) == []
