"""FoW p.23 from the rulebook text (seed 004): "BRING TRANSPORTS FORWARD Before moving a Unit, you may place all of
its Transport teams (other than those that have been Destroyed) that have been Sent to the Rear or did not deploy
on the table, back on the table ... within 4"/10cm of a Team from their Unit, and may not be: within 16"/40cm of any
enemy Team within Line of Sight, unless Concealed by Terrain from it, or within 4"/10cm of any enemy Team. Once
Brought Forward in this way, the Transport Teams must move at Dash Speed" and "PASSENGERS IN TRANSPORTS If a
Transport Team is Destroyed by Shooting or an Artillery Bombardment, roll an Infantry or Gun Save for each Passenger
Team ... The surviving Teams of the Unit are automatically Pinned Down ... each Passenger Team still only rolls one
Save ... If a Transport Team is Destroyed in a Assault, all of its Passengers are also Destroyed."."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

# The rifle platoon (core Unit of the truck's Transport Attachment) and a Panzer IV 30" away.
START = [setup("us.rifle.1", 30, 40), setup("us.rifle.2", 33, 40), setup("de.pz4h.1", 30, 10, 180)]


def mount(unit, host):
    return {"type": "mount", "unit": unit, "transport": host}


def forward(x=30, y=44, *then):
    """The truck Brought Forward at (x, y) in the US Movement Step, the rifle leader Mounting it, then ``then``."""
    return [*START, *turn_to("movement"), setup("us.truck.1", x, y), mount("us.rifle.1", "us.truck.1"), *then]


def test_brought_forward_mounts_and_dashes_is_legal():
    # 1.6" from Rifle 1 (its core Unit), 30" from the Panzer: Mount before moving, then Dash 12" (p.23).
    assert findings(*forward(30, 44, move("us.truck.1", [30, 44], [42, 44], mode="dash"), step("shooting"))) == []


def test_sent_to_the_rear_and_brought_forward_again_is_legal():
    ev = [*START, setup("us.truck.1", 36, 44), *turn_to("starting"), {"type": "exit", "unit": "us.truck.1"},
          step("movement"), setup("us.truck.1", 30, 44), mount("us.rifle.1", "us.truck.1"),
          move("us.truck.1", [30, 44], [42, 44], mode="dash"), step("shooting")]
    assert findings(*ev) == []


def test_placed_too_far_from_its_unit():
    found = findings(*forward(30, 50, move("us.truck.1", [30, 50], [42, 50], mode="dash"), step("shooting")))
    assert rules(found) == [("FoW p.23", "error")]
    assert "nearest Team of its Unit" in found[0]["message"] and found[0]["position"] == [30.0, 50.0]


def test_placed_within_4_inches_of_an_enemy():
    ev = [*START, setup("de.pz4h.2", 36, 47, 180), *turn_to("movement"), setup("us.truck.1", 33, 44),
          mount("us.rifle.1", "us.truck.1")]
    found = [f for f in findings(*ev) if "Brought Forward at" in f["message"]]
    assert rules(found) == [("FoW p.23", "error")] and "Pz IV 2" in found[0]["message"]


def test_placed_in_sight_within_16_inches_is_a_warning():
    ev = [*START, setup("de.pz4h.2", 30, 56, 180), *turn_to("movement"), setup("us.truck.1", 30, 44),
          mount("us.rifle.1", "us.truck.1")]
    found = [f for f in findings(*ev) if "Brought Forward at" in f["message"]]
    assert rules(found) == [("FoW p.23", "warning")] and "Line of Sight" in found[0]["message"]


def test_brought_forward_after_its_unit_moved():
    ev = [*START, *turn_to("movement"), move("us.rifle.2", [33, 40], [33, 42]), setup("us.truck.1", 30, 44),
          mount("us.rifle.1", "us.truck.1"), move("us.truck.1", [30, 44], [42, 44], mode="dash")]
    found = findings(*ev)
    assert rules(found) == [("FoW p.23", "error")] and "after Rifle 2" in found[0]["message"]


def test_brought_forward_moves_tactically_or_not_at_all():
    tactical = findings(*forward(30, 44, move("us.truck.1", [30, 44], [36, 44]), step("shooting")))
    assert ("FoW p.23", "error") in rules(tactical) and "Dash speed" in tactical[0]["message"]
    still = findings(*forward(30, 44, step("shooting")))
    assert rules(still) == [("FoW p.23", "error")] and "made no Dash move" in still[0]["message"]


def test_a_destroyed_transport_is_not_brought_forward():
    ev = [*START, setup("us.truck.1", 36, 44), {"type": "loss", "unit": "us.truck.1"}, *turn_to("movement"),
          setup("us.truck.1", 30, 44)]
    found = findings(*ev)
    assert ("FoW p.23", "error") in rules(found) and any("was Destroyed" in f["message"] for f in found)


def destroyed_by_shooting(*saves):
    return [*START, setup("us.truck.1", 30, 36), mount("us.rifle.1", "us.truck.1"), *turn_to("shooting", "german"),
            {"type": "shoot", "unit": "de.pz4h.1", "target": "us.truck.1", "dice": [5]},
            {"type": "save", "unit": "us.truck.1", "roll": 2, "result": "destroyed"},
            {"type": "loss", "unit": "us.truck.1"}, *saves, step("assault", "german")]


def test_passenger_saves_once_when_its_transport_is_shot():
    assert findings(*destroyed_by_shooting({"type": "save", "unit": "us.rifle.1", "roll": 4, "result": "saved"})) == []


def test_passenger_rolls_no_save_or_two():
    none = findings(*destroyed_by_shooting())
    assert rules(none) == [("FoW p.23", "error")] and "rolled no Infantry or Gun Save" in none[0]["message"]
    save = {"type": "save", "unit": "us.rifle.1", "roll": 4, "result": "saved"}
    two = findings(*destroyed_by_shooting(save, save))
    assert rules(two) == [("FoW p.23", "error")] and "only one Save" in two[0]["message"]


def test_survivors_are_pinned_down():
    # p.23: the surviving Teams of the Unit are automatically Pinned Down; a Pinned Unit cannot Assault (p.52).
    save = {"type": "save", "unit": "us.rifle.1", "roll": 4, "result": "saved"}
    ev = [*destroyed_by_shooting(save), {"type": "turn", "turn": 2}, step("starting"), step("movement"),
          step("shooting"), step("assault"), {"type": "assault", "unit": "us.rifle.2", "target": "de.pz4h.1"}]
    found = findings(*ev)
    assert any(f["rule"] == "FoW p.52" and "Pinned" in f["message"] for f in found)


def test_passengers_of_a_transport_destroyed_in_an_assault():
    base = [*START, setup("us.truck.1", 30, 36), mount("us.rifle.1", "us.truck.1"), *turn_to("assault", "german"),
            {"type": "loss", "unit": "us.truck.1"}]
    found = findings(*base, {"type": "turn", "turn": 2}, step("starting"))
    assert rules(found) == [("FoW p.23", "error")] and "Destroyed in an Assault" in found[0]["message"]
    gone = findings(*base, {"type": "loss", "unit": "us.rifle.1"}, {"type": "turn", "turn": 2}, step("starting"))
    assert [f for f in gone if f["rule"] == "FoW p.23"] == []  # (the platoon then owes a Last Stand, p.60)
