"""FoW p.93 "NO LEAVING THE TABLE Once a Unit is placed on the table or arrives from Reserve, it cannot move off the
table" (seed 004), with the book's exceptions: p.23 "SEND TRANSPORTS TO THE REAR You must remove all empty
unarmoured or unarmed Transport teams from the table", p.44 "All Aircraft are removed from the table at the end of
the Shooting Step" and p.97 Strategic Withdrawal (tests/test_fow_withdrawal.py). The Free For All table is 72" x
48"."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, turn_to

START = [setup("us.sherman.1", 26, 42), setup("de.pz4h.1", 28, 6, 180)]


def test_p93_a_tank_taken_off_the_table():
    found = findings(*START, *turn_to("movement"), {"type": "exit", "unit": "us.sherman.1"})
    assert rules(found) == [("FoW p.93", "error")] and "cannot move off the table" in found[0]["message"]
    assert found[0]["position"] == [26.0, 42.0]


def test_p93_a_move_ending_off_the_table():
    found = findings(*START, *turn_to("movement"), move("us.sherman.1", [26, 42], [26, 49]))
    assert rules(found) == [("FoW p.93", "error")] and "off the 72\" x 48\" table" in found[0]["message"]
    # up to the edge is on the table (6" Tactical)
    assert findings(*START, *turn_to("movement"), move("us.sherman.1", [26, 42], [26, 48])) == []


def test_p23_an_empty_transport_sent_to_the_rear_may_leave():
    truck = setup("us.truck.1", 40, 44)
    assert findings(*START, truck, *turn_to("starting"), {"type": "exit", "unit": "us.truck.1"}) == []


def test_p93_before_play_is_not_leaving():
    """A team taken back off the table while deploying has not been placed in play yet."""
    assert findings(*START, {"type": "exit", "unit": "us.sherman.1"}, *turn_to("movement")) == []
