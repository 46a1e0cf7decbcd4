"""FoW assaults after the charge, from the rulebook text (seed 004): p.55 Defensive Fire (teams within 8"/20cm of an
Assaulting Team in Contact, targets within 8"/20cm, Side armour, no Bulletproof Cover), p.56 Fall Back (five
hits), p.57 the hits (teams in Contact, the Assault rating, no save for Infantry), whether the assault is over, the
Counterattack test, p.58 no Defensive Fire against a Counterattack, p.59 Break Off (further than 6"/15cm from all
Assaulting Teams, at Tactical speed) and Consolidation (up to 4"/10cm, not within 2"/5cm of the enemy)."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

# A Panzer IV H (hull 1.14" x 2.32") assaults three US rifle teams (bases 1.97" square) in a line at y=30.
RIFLES = [setup("us.rifle.1", 30, 30), setup("us.rifle.2", 33, 30), setup("us.rifle.3", 36, 30)]
PANZER = [setup("de.pz4h.1", 30, 24, 180)]
CONTACT = [30, 27.85]  # hull front at 29.01, the rifle base's edge at 29.015


def charge():
    return [*RIFLES, *PANZER, *turn_to("assault", "german"), {"type": "assault", "unit": "de.pz4h.1",
                                                              "target": "us.rifle.1"},
            move("de.pz4h.1", [30, 24], CONTACT, facing=180)]


def hit(unit, target, roll, **kw):
    return {"type": "assault_hit", "unit": unit, "target": target, "roll": roll, **kw}


def ca_test(unit, roll):
    return {"type": "motivation", "test": "counterattack", "unit": unit, "roll": roll}


def df(unit, target, dice, hits):
    return {"type": "shoot", "unit": unit, "target": target, "dice": dice, "hits": hits, "need": "4+"}


BREAK_AWAY = [move("us.rifle.1", [30, 30], [30, 36]), move("us.rifle.2", [33, 30], [33, 36]),
              move("us.rifle.3", [36, 30], [36, 35])]


def test_failed_counterattack_then_break_off_beyond_6_inches_and_consolidate():
    # p.59: each team moves at Tactical speed to be further than 6"/15cm from all Assaulting Teams; the winner
    # Consolidates up to 4"/10cm, not within 2"/5cm of the enemy.
    ev = [*charge(), df("us.rifle.2", "de.pz4h.1", [2, 3], 0), hit("de.pz4h.1", "us.rifle.1", 2),
          ca_test("us.rifle.1", 2), {"type": "break_off", "unit": "us.rifle.1"}, *BREAK_AWAY,
          move("de.pz4h.1", CONTACT, [30, 29.85], facing=180)]
    assert findings(*ev) == []


def test_break_off_short_of_6_inches_surrenders():
    ev = [*charge(), hit("de.pz4h.1", "us.rifle.1", 2), ca_test("us.rifle.1", 2),
          {"type": "break_off", "unit": "us.rifle.1"}, move("us.rifle.1", [30, 30], [30, 34]), *BREAK_AWAY[1:]]
    found = findings(*ev)
    assert rules(found) == [("FoW p.59", "error")] and "4.0\"" in found[0]["message"] \
        and "Rifle" in found[0]["message"] and found[0]["position"] == [30.0, 34.0]


def test_consolidation_limits():
    base = [*charge(), hit("de.pz4h.1", "us.rifle.1", 2), ca_test("us.rifle.1", 2),
            {"type": "break_off", "unit": "us.rifle.1"}, *BREAK_AWAY]
    too_far = findings(*base, move("de.pz4h.1", CONTACT, [30, 22.85], facing=180))
    assert rules(too_far) == [("FoW p.59", "error")] and "5.0\"" in too_far[0]["message"]
    # Rifle 1 stops 4" away (it surrenders); the tank may not then consolidate to within 2" of it.
    near = [*base[:-3], move("us.rifle.1", [30, 30], [30, 34]), *BREAK_AWAY[1:]]
    too_close = findings(*near, move("de.pz4h.1", CONTACT, [30, 31.5], facing=180))
    assert rules(too_close) == [("FoW p.59", "error")] * 2 and "within 2.0\"" in too_close[1]["message"]


def test_defensive_fire_only_within_8_inches_of_an_assaulting_team():
    far = [setup("us.rifle.3", 42, 30)]  # 10.4" from the panzer
    found = findings(*RIFLES[:2], *far, *PANZER, *turn_to("assault", "german"),
                     {"type": "assault", "unit": "de.pz4h.1", "target": "us.rifle.1"},
                     move("de.pz4h.1", [30, 24], CONTACT, facing=180), df("us.rifle.3", "de.pz4h.1", [2, 3], 0))
    assert ("FoW p.55", "error") in rules(found)
    assert any("10.4\"" in f["message"] for f in found)


def test_defensive_fire_after_the_hits():
    found = findings(*charge(), hit("de.pz4h.1", "us.rifle.1", 2), df("us.rifle.2", "de.pz4h.1", [2, 3], 0))
    assert rules(found) == [("FoW p.55", "error")]


def test_defensive_fire_hits_side_armour():
    ev = [*charge(), df("us.rifle.2", "de.pz4h.1", [5, 3], 1),
          {"type": "save", "unit": "de.pz4h.1", "by": "us.rifle.2", "armour": "front", "roll": 3}]
    assert rules(findings(*ev)) == [("FoW p.55", "error")]
    ev[-1]["armour"] = "side"
    assert findings(*ev) == []


def test_assault_hit_needs_contact_and_the_assault_rating():
    # p.57: Veteran Assault rating 3+; a 2 is a miss.
    found = findings(*charge(), hit("de.pz4h.1", "us.rifle.1", 2, result="hit"))
    assert rules(found) == [("FoW p.57", "error")] and "3+" in found[0]["message"]
    start = [*RIFLES, *PANZER, *turn_to("assault", "german"), {"type": "assault", "unit": "de.pz4h.1",
                                                                 "target": "us.rifle.1"},
             move("de.pz4h.1", [30, 24], [30, 26], facing=180), hit("de.pz4h.1", "us.rifle.1", 5)]
    assert ("FoW p.57", "error") in rules(findings(*start))


def test_no_save_for_infantry_hit_in_an_assault():
    ev = [*charge(), hit("de.pz4h.1", "us.rifle.1", 4),
          {"type": "save", "unit": "us.rifle.1", "by": "de.pz4h.1", "roll": 5, "result": "saved"}]
    found = findings(*ev)
    assert rules(found) == [("FoW p.57", "error")] and "no save" in found[0]["message"]
    ev[-1] = {"type": "loss", "unit": "us.rifle.1", "eliminated": True}
    assert findings(*ev, *BREAK_AWAY[1:]) == []


def test_counterattack_test_after_the_assault_is_won():
    # p.57: rifle 1 destroyed; rifles 2 and 3 are 1.4" and 4.4" away: 2 can still be reached, so not won yet.
    ev = [*charge(), hit("de.pz4h.1", "us.rifle.1", 4), {"type": "loss", "unit": "us.rifle.1", "eliminated": True},
          ca_test("us.rifle.2", 5)]
    assert findings(*ev, {"type": "counterattack", "unit": "us.rifle.2"}) == []
    gone = [*charge(), hit("de.pz4h.1", "us.rifle.1", 4)] + [
        {"type": "loss", "unit": u, "eliminated": True} for u in ("us.rifle.1", "us.rifle.2", "us.rifle.3")]
    assert rules(findings(*gone, ca_test("us.rifle.2", 5))) == [("FoW p.57", "error")]


def test_counterattack_after_a_failed_test():
    found = findings(*charge(), hit("de.pz4h.1", "us.rifle.1", 2), ca_test("us.rifle.1", 3),
                     {"type": "counterattack", "unit": "us.rifle.1"})
    assert ("FoW p.57", "error") in rules(found)


def test_no_defensive_fire_against_a_counterattack():
    ev = [*charge(), hit("de.pz4h.1", "us.rifle.1", 2), ca_test("us.rifle.1", 5),
          {"type": "counterattack", "unit": "us.rifle.1"},
          {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.2", "dice": [3]}]
    # the Panzer's side shoots in its own Assault Step (p.26) and against a Counterattack (p.58)
    assert rules(findings(*ev)) == [("FoW p.26", "error"), ("FoW p.58", "error")]


def test_counterattack_improvised_hit_on_top_armour():
    # p.57: improvised anti-tank AT 2, FP 1+ against Top armour (Panzer IV top 1): 1 + 1 = 2 = AT -> Bailed Out on
    # the Firepower roll.
    ev = [*charge(), hit("de.pz4h.1", "us.rifle.1", 2), ca_test("us.rifle.1", 5),
          {"type": "counterattack", "unit": "us.rifle.1"}, hit("us.rifle.1", "de.pz4h.1", 4, improvised=True),
          {"type": "save", "unit": "de.pz4h.1", "by": "us.rifle.1", "armour": "top", "roll": 1, "fp_roll": 3,
           "result": "bailed_out"}]
    assert findings(*ev) == []
    ev[-1]["result"] = "bounced"
    assert rules(findings(*ev)) == [("FoW p.57", "error")]
    ev[-1]["armour"] = "front"
    assert rules(findings(*ev)) == [("FoW p.57", "error")]


def test_five_defensive_fire_hits_fall_back():
    # p.56 (the Bersaglieri example): five hits pin the Assaulting Unit, which Falls Back beyond 2"/5cm.
    rifles = [setup("de.pak40.1", 34, 15, 180), setup("de.pak40.2", 30, 16, 180)]
    us = [setup("us.rifle.1", 30, 20), setup("us.rifle.2", 34, 20)]
    charge_ = [*rifles, *us, *turn_to("assault"), {"type": "assault", "unit": "us.rifle.1", "target": "de.pak40.2"},
               move("us.rifle.1", [30, 20], [30, 17.99])]
    five = [df("de.pak40.2", "us.rifle.1", [5, 5], 2), df("de.pak40.1", "us.rifle.1", [5, 5], 2)]
    found = findings(*charge_, *five, {**df("de.pak40.2", "us.rifle.1", [5, 5], 1)}, hit("us.rifle.1", "de.pak40.2", 5))
    assert ("FoW p.56", "error") in rules(found)
    fell = findings(*charge_, *five, df("de.pak40.2", "us.rifle.1", [5, 5], 1),
                    move("us.rifle.1", [30, 17.99], [30, 19]), step("starting", "german"))
    assert ("FoW p.56", "error") in rules(fell) and "more than 2.0\"" in fell[-1]["message"]
    ok = findings(*charge_, *five, df("de.pak40.2", "us.rifle.1", [5, 5], 1),
                  move("us.rifle.1", [30, 17.99], [30, 20.5]), step("starting", "german"))
    assert ("FoW p.56", "error") not in rules(ok)
