"""FoW transports from the rulebook text (seed 004): p.22 Transport Teams carry six Infantry Teams unless stated,
up to three Infantry Teams ride on an Armoured Tank, Passengers cannot Shoot or Assault; p.23 Mount and Dismount
in the Movement Step, never both in one turn, Dismount before the Transport Moves, Passengers cannot be targeted,
empty unarmoured or unarmed Transports are Sent to the Rear at the end of any Step."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

START = [setup("us.rifle.1", 30, 40), setup("us.rifle.2", 33, 40), setup("us.sherman.1", 30, 36),
         setup("de.pz4h.1", 30, 10, 180)]


def mount(unit, host):
    return {"type": "mount", "unit": unit, "transport": host}


def dismount(unit):
    return {"type": "dismount", "unit": unit}


def test_riders_on_a_tank_and_the_pz4_example_dismount_before_moving():
    # p.22: riders on an Armoured Tank; p.23 the Sd Kfz 251 example: passengers dismount, then the vehicle moves.
    ev = [*START, *turn_to("movement"), mount("us.rifle.1", "us.sherman.1"), mount("us.rifle.2", "us.sherman.1"),
          step("shooting"), step("assault"), *turn_to("movement", "german")[1:], step("shooting", "german"),
          step("assault", "german"), {"type": "turn", "turn": 2}, step("starting"), step("movement"),
          dismount("us.rifle.1"), move("us.rifle.1", [30, 36], [28, 36]),
          move("us.sherman.1", [30, 36], [30, 30])]
    assert findings(*ev) == []


def test_mount_and_dismount_in_one_turn():
    found = findings(*START, *turn_to("movement"), mount("us.rifle.1", "us.sherman.1"), dismount("us.rifle.1"))
    assert rules(found) == [("FoW p.23", "error")] and "same turn" in found[0]["message"]


def test_dismount_after_the_transport_moved():
    ev = [*START, mount("us.rifle.1", "us.sherman.1"), *turn_to("movement"),
          move("us.sherman.1", [30, 36], [30, 30]), dismount("us.rifle.1")]
    found = findings(*ev)
    assert rules(found) == [("FoW p.23", "error")] and "before the Transport Team Moves" in found[0]["message"]


def test_passenger_shoots_or_is_targeted():
    ev = [*START, mount("us.rifle.1", "us.sherman.1"), *turn_to("shooting"),
          {"type": "shoot", "unit": "us.rifle.1", "target": "de.pz4h.1", "dice": [3]}]
    assert ("FoW p.22", "error") in rules(findings(*ev))
    at = [*START, mount("us.rifle.1", "us.sherman.1"), *turn_to("shooting", "german"),
          {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "dice": [3]}]
    assert ("FoW p.23", "error") in rules(findings(*at))


def test_mount_outside_the_movement_step_and_a_gun_on_a_tank():
    found = findings(*START, *turn_to("shooting"), mount("us.rifle.1", "us.sherman.1"))
    assert rules(found) == [("FoW p.23", "error")]
    gun = findings(setup("de.pak40.1", 30, 10), setup("de.pz4h.1", 34, 10), mount("de.pak40.1", "de.pz4h.1"))
    assert rules(gun) == [("FoW p.22", "error")]


def test_empty_truck_is_sent_to_the_rear():
    # p.23: the empty, unarmoured truck must leave at the end of the Step (an exit event); loaded it may stay.
    base = [*START, setup("us.truck.1", 36, 40)]
    found = findings(*base, *turn_to("movement"), step("shooting"))
    assert rules(found) == [("FoW p.23", "error")] and "Sent to the Rear" in found[0]["message"]
    assert findings(*base, *turn_to("starting"), {"type": "exit", "unit": "us.truck.1"}, step("movement")) == []
    assert findings(*base, mount("us.rifle.2", "us.truck.1"), *turn_to("movement"), step("shooting")) == []
