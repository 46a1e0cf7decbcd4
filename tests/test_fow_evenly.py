"""FoW p.34 Assign Hits, per type of weapon (seed 004): "Hits from a weapon must be assigned evenly so that each
Team has (as close as possible) the same number of hits from that type of weapon. The combined Hits from a Unit
must also be assigned evenly." Two Panzer IVs of one Unit shoot the rifle platoon, one with its 7.5cm gun and one
with its co-axial MG, two hits each."""

from __future__ import annotations

from tests.fow_helpers import findings, rules, setup, step, turn_to

START = [setup("us.rifle.1", 65, 40), setup("us.rifle.2", 68, 40), setup("de.pz4h.1", 64, 26, 180),
         setup("de.pz4h.2", 70, 26, 180)]
GUN = {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "weapon": "7.5cm gun", "hits": 2}
MG = {"type": "shoot", "unit": "de.pz4h.2", "target": "us.rifle.1", "weapon": "Co-ax MG", "hits": 2}


def assign(by, to, n=1):
    return {"type": "assign", "unit": by, "target": to, "hits": n}


def play(*assigns):
    return findings(*START, *turn_to("shooting", "german"), GUN, MG, *assigns, step("assault", "german"))


def test_each_weapon_type_spreads_its_hits():
    assert play(assign("de.pz4h.1", "us.rifle.1"), assign("de.pz4h.1", "us.rifle.2"),
                assign("de.pz4h.2", "us.rifle.1"), assign("de.pz4h.2", "us.rifle.2")) == []


def test_even_in_total_but_not_per_weapon_type():
    # two gun hits on Rifle 1 and two MG hits on Rifle 2: 2 and 2 combined, but 2 and 0 from the 7.5cm gun.
    found = play(assign("de.pz4h.1", "us.rifle.1", 2), assign("de.pz4h.2", "us.rifle.2", 2))
    assert rules(found) == [("FoW p.34", "error")] * 2
    assert "7.5cm gun" in found[0]["message"] and "type of weapon" in found[0]["message"]
    assert "Co-ax MG" in found[1]["message"]


def test_one_weapon_type_is_judged_only_in_total():
    # a single weapon type: the combined rule alone applies (no second finding for the same spread)
    one = findings(*START, *turn_to("shooting", "german"), GUN, assign("de.pz4h.1", "us.rifle.1", 2),
                   step("assault", "german"))
    assert rules(one) == [("FoW p.34", "error")] and "type of weapon" not in one[0]["message"]
