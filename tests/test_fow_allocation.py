"""FoW hit allocation and Mistaken Target from the rulebook text (seed 004): p.34 Assign Hits (a valid target of
the team that hit, same Unit and Type as the target, within 6"/15cm of it; the target gets at least one hit);
p.35 Mistaken Target (3+ to swap, same Type, never with the Shooting Team within 4"/10cm of either team or 8"/20cm
for Tank Teams, no further attempt after a failure); p.55 no Mistaken Target in an assault."""

from __future__ import annotations

from tests.fow_helpers import findings, rules, setup, step, turn_to

# clear of the bundled table's terrain: the Panzer IV H 20" north of the rifle platoon
START = [setup("us.rifle.1", 65, 40), setup("us.rifle.2", 68, 40), setup("us.mortar.1", 66, 43),
         setup("us.sherman.1", 61, 40), setup("de.pz4h.1", 66, 18, 180)]
SHOT = {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "hits": 2}


def assign(to, n=1):
    return {"type": "assign", "unit": "de.pz4h.1", "target": to, "hits": n}


def mistaken(a, b, roll, **kw):
    return {"type": "mistaken_target", "unit": a, "target": b, "roll": roll, **kw}


def shooting(*events):
    return findings(*START, *turn_to("shooting", "german"), SHOT, *events, step("assault", "german"))


def test_hits_spread_over_the_targets_unit_within_6_inches():
    assert shooting(assign("us.rifle.1"), assign("us.rifle.2")) == []


def test_hit_on_a_team_of_another_type_and_unit():
    found = shooting(assign("us.rifle.1"), assign("us.sherman.1"))
    assert rules(found) == [("FoW p.34", "error")] * 2
    assert "Tank Team" in found[0]["message"] and "not in the Unit" in found[1]["message"]


def test_hit_on_a_team_more_than_6_inches_from_the_target():
    far = [*START, setup("us.rifle.3", 65, 50)]
    found = findings(*far, *turn_to("shooting", "german"), SHOT, assign("us.rifle.1"), assign("us.rifle.3"),
                     step("assault", "german"))
    assert rules(found) == [("FoW p.34", "error")] and "from its target" in found[0]["message"]


def test_the_target_gets_at_least_one_hit():
    found = shooting(assign("us.rifle.2", 2))
    # (two hits on Rifle 2 and none on Rifle 1 are also not "evenly")
    assert rules(found) == [("FoW p.34", "error")] * 2 and "at least one hit" in found[0]["message"]


def test_more_hits_assigned_than_scored():
    found = shooting(assign("us.rifle.1", 2), assign("us.rifle.2"))
    assert ("FoW p.34", "error") in rules(found) and any("but scored 2" in f["message"] for f in found)


def test_hits_are_assigned_evenly():
    # p.34 "Hits from a weapon must be assigned evenly so that each Team has (as close as possible) the same number
    # of hits": three hits on Rifle 1, Rifle 2 and the mortar (all within 6" of Rifle 1) go one each.
    three = {**SHOT, "hits": 3}
    ev = [*START, *turn_to("shooting", "german"), three]
    even = [assign("us.rifle.1"), assign("us.rifle.2"), assign("us.mortar.1")]
    assert findings(*ev, *even, step("assault", "german")) == []
    uneven = findings(*ev, assign("us.rifle.1", 2), assign("us.rifle.2"), step("assault", "german"))
    assert rules(uneven) == [("FoW p.34", "error")] and "evenly" in uneven[0]["message"]
    assert "Mortar" in uneven[0]["message"]  # the team left with none


def test_mistaken_target_on_a_3_plus():
    # the mortar (a Heavy Weapon the player protects) swaps its hit to a rifle team on a 4
    assert shooting(assign("us.rifle.1"), assign("us.mortar.1"),
                    mistaken("us.mortar.1", "us.rifle.2", 4, result="swapped")) == []
    found = shooting(assign("us.rifle.1"), assign("us.mortar.1"),
                     mistaken("us.mortar.1", "us.rifle.2", 2, result="swapped"))
    assert rules(found) == [("FoW p.35", "error")] and "3+" in found[0]["message"]


def test_no_attempt_after_a_failed_one():
    found = shooting(assign("us.rifle.1"), assign("us.mortar.1"), mistaken("us.mortar.1", "us.rifle.2", 1),
                     mistaken("us.rifle.1", "us.rifle.2", 5))
    assert rules(found) == [("FoW p.35", "error")] and "failed" in found[0]["message"]


def test_mistaken_target_with_another_type():
    found = shooting(assign("us.rifle.1"), assign("us.rifle.2"), mistaken("us.rifle.2", "us.sherman.1", 5))
    assert ("FoW p.35", "error") in rules(found)


def test_too_close_for_error():
    near = [setup("us.rifle.1", 65, 40), setup("us.rifle.2", 68, 40), setup("de.pz4h.1", 66, 35, 180)]
    found = findings(*near, *turn_to("shooting", "german"), SHOT, assign("us.rifle.1"), assign("us.rifle.2"),
                     mistaken("us.rifle.2", "us.rifle.1", 5), step("assault", "german"))
    assert rules(found) == [("FoW p.35", "error")] and "within 4.0\"" in found[0]["message"]


def test_no_mistaken_target_in_an_assault():
    found = findings(*START, *turn_to("assault", "german"), mistaken("us.rifle.2", "us.rifle.1", 5))
    assert rules(found) == [("FoW p.55", "error")]
