"""FoW p.51 Smoke Bombardments from the rulebook text (seed 004): "Each such Artillery Unit may do this once per
game. Smoke Bombardments must be fired at the beginning of the Shooting Step before all other fire. Use the normal
Artillery rules to Range In, except that there is no modifier for Ranging In near Terrain and no Danger Close
restriction. ... The Bombardment has no other effect. If the Unit fails to Range In, they may attempt to fire a
Smoke Bombardment again later in the game." and "a line ... 4"/10cm long for each weapon firing ... The line starts
at the Aiming Point". The bundled 60mm mortar (Trained: Ranges In on 4+; one weapon) has an illustrative Smoke
Bombardment note; it stands at (40, 40), on the edge of the Hill, and lays smoke at (40, 34) on the Hill."""

from __future__ import annotations

from modgen.logs.chat import parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import rules, step, turn_to
from tests.test_fow_artillery import START, findings

AIM = [40, 34]


def smoke(roll, spotter="us.mortar.1", target="us.mortar.1", to=(44, 34), **kw):
    """A Smoke Bombardment attempt, announced as Ranged In unless ``result`` says otherwise."""
    kw.setdefault("result", "ranged_in")
    ev = {"type": "range_in", "unit": spotter, "target": target, "aim": AIM, "roll": roll,
          "smoke_bombardment": True, **kw}
    if to is not None:
        ev["screen_to"] = list(to)
    return ev


def shooting(*events, turn=2):
    return findings(*START, *turn_to("shooting", turn=turn), *events)


def next_turn(turn):
    return [step("assault"), step("starting", "german"), step("movement", "german"), step("shooting", "german"),
            step("assault", "german"), {"type": "turn", "turn": turn}, step("starting"), step("movement"),
            step("shooting")]


def test_smoke_on_the_hill_near_friends_is_legal():
    # A 4 Ranges In (Trained 4+: no Terrain modifier, no Danger Close 4" from the mortar itself); one weapon lays 4".
    assert shooting(smoke(4)) == []


def test_a_normal_bombardment_there_has_both_restrictions():
    found = shooting(smoke(4, to=None, smoke_bombardment=False))
    assert sorted(set(rules(found))) == [("FoW p.46", "error"), ("FoW p.47", "error")]


def test_screen_longer_than_4_inches_per_weapon():
    found = shooting(smoke(4, to=(48, 34)))
    assert rules(found) == [("FoW p.51", "error")] and "8.0\" long" in found[0]["message"]


def test_smoke_after_other_fire_and_hits_after_smoke():
    shot = {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.2", "dice": [4]}
    found = shooting(shot, smoke(4))
    assert ("FoW p.51", "error") in rules(found) and any("before all other fire" in f["message"] for f in found)
    hit = {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [5]}
    found = shooting(smoke(4), hit)
    assert ("FoW p.51", "error") in rules(found) and any("no other effect" in f["message"] for f in found)


def test_once_per_game_but_again_after_a_failure():
    again = findings(*START, *turn_to("shooting", turn=2), smoke(5), *next_turn(3), smoke(4))
    assert rules(again) == [("FoW p.51", "error")] and "once per game" in again[0]["message"]
    retry = findings(*START, *turn_to("shooting", turn=2), smoke(2, result="missed"), *next_turn(3), smoke(4))
    # (a 2 Ranges In nothing: the Unit may try again in a later turn)
    assert retry == []


def test_a_unit_without_smoke_bombardment():
    found = shooting(smoke(4, spotter="us.sherman.1", target="us.sherman.1"))
    assert any(f["rule"] == "FoW p.51" and "no weapon with Smoke Bombardment" in f["message"] for f in found)


def test_chat_declaration():
    ev = parse("!rangein us.mortar.1 -> us.mortar.1 at 40 34 smokescreen to 44 34", verbs_for(plugin)).event
    assert ev["smoke_bombardment"] is True and ev["aim"] == [40, 34] and ev["screen_to"] == [44, 34]
