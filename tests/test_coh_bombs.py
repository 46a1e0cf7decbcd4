"""CoH bombs (20.4) on the test world of tests/rules_fixtures/coh_world.py (the HS-129b is added there).

Rulebook (Storms of Steel fragment), 20.4: "Certain firefights will allow airplanes to carry bombs. Dropping bombs
costs the same as other air attacks and follows the same rules. The only difference is that an airplane may drop as
many bombs as it wants per attack. Bomb FP is affected by altitude and range the same way a regular plane attack is."
Ex: "A German Henschel HS-129b with four 50kg bombs drops two on a bunker from a height of 250 meters (4 altitude
counters) and a range of 3 hexes. Each bomb's firepower is modified to 2FP (6FP -4FP for the altitude) and each
attacks the target separately. The Plane only expends 1 additional AP for dropping the two bombs." "A-P cluster
bombs are dropped like regular bombs and are placed on the map as a red value mine."

The German HS-129b enters at 0601 facing 180 (down) with 4 altitude counters, moves to 0602 and bombs the Soviet
rifles at 0605 (facing 0, so the bombs come at their front, red 12DR, open ground), 3 hexes away: each bomb
6 - 4 = 2FP, so a bomb hits on 10 or more.
"""

from __future__ import annotations

import pytest

from tests.rules_fixtures.coh_world import check, mk, rules, start, world

HS, STUKA, SRIF = "de.hs129", "de.ju87", "su.rifle.2"
PASS_S = {"type": "pass", "side": "soviet"}
HIT = {"type": "marker", "unit": SRIF, "marker": "hit.foot", "on": True}
GONE = [{"type": "loss", "unit": SRIF}, {"type": "vp", "side": "german", "points": 1}]


def roll(a, b):
    return {"type": "roll", "dice": [a, b], "purpose": "combat"}


def sortie(drop, *after, ap=2, altitude=4, plane=HS, extra=()):
    """The plane's action: enter, one hex forward, the drop, then ``after`` (rolls, counters), and off again."""
    ev = start([(plane, "off", 180.0), (SRIF, "0605", 0.0)], *extra)
    ev += [{"type": "activate", "units": [plane]},
           {"type": "air_action", "unit": plane, "ap": ap, "altitude": altitude},
           {"type": "move", "unit": plane, "from": None, "to": "0601"},
           {"type": "move", "unit": plane, "from": "0601", "to": "0602"},
           {"type": "attack", "attackers": [plane], "kind": "fire", **drop}, *after, PASS_S,
           {"type": "air_action", "unit": plane, "ap": 1},
           {"type": "move", "unit": plane, "from": "0602", "to": "0603"}, {"type": "exit", "unit": plane}]
    return ev


def test_two_bombs_attack_separately_for_one_extra_ap():
    # 20.4 Ex: 2FP each; the first (6+4=10, AV 12) hits, the second (3+3, AV 8) misses: one hit counter
    assert check(world(), sortie({"defenders": [SRIF], "bombs": 2}, roll(6, 4), roll(3, 3), HIT)) == []
    # "The Plane only expends 1 additional AP for dropping the two bombs": 1 per bomb is wrong
    found = check(world(), sortie({"defenders": [SRIF], "bombs": 2}, roll(6, 4), roll(3, 3), HIT, ap=3))
    assert rules(found) == ["CoH 20.4"] and "costs 2" in found[0].message and "0602" in found[0].hexes


def test_each_bomb_is_a_hit_and_two_hits_destroy():
    # both bombs hit (AV 12 and 13 against 12): the second hit destroys the rifles
    assert check(world(), sortie({"defenders": [SRIF], "bombs": 2}, roll(6, 4), roll(5, 6), HIT, *GONE)) == []
    found = check(world(), sortie({"defenders": [SRIF], "bombs": 2}, roll(6, 4), roll(5, 6), HIT))
    assert rules(found) == ["CoH 20.4"] and "bomb 2" in found[0].message and "not removed" in found[0].message
    assert found[0].units == [HS, SRIF] and "0605" in found[0].hexes


def test_bomb_fp_is_lowered_by_altitude_and_range():
    # 6+3 = 9: AV 11 misses the 12DR at 4 altitude counters (2FP) ...
    found = check(world(), sortie({"defenders": [SRIF], "bombs": 1}, roll(6, 3), HIT))
    assert rules(found) == ["CoH Fig 29"] and "bomb FP 6" in found[0].message and "-4" in found[0].message
    # ... and hits at strafing level (6FP: AV 15)
    assert check(world(), sortie({"defenders": [SRIF], "bombs": 1}, roll(6, 3), HIT, altitude=0)) == []


def test_only_what_the_plane_carries():
    found = check(world(), sortie({"defenders": [SRIF], "bombs": 1}, roll(6, 4), plane=STUKA))
    assert rules(found) == ["CoH 20.4"] and "carries none" in found[0].message
    ev = sortie({"defenders": [SRIF], "bombs": 3}, roll(1, 1), roll(1, 1), roll(1, 1))
    i = next(i for i, e in enumerate(ev) if e["type"] == "exit")
    second = [{"type": "attack", "attackers": [HS], "defenders": [SRIF], "kind": "fire", "bombs": 1}, roll(1, 1)]
    legal = ev[:i] + second + ev[i:]
    next(e for e in reversed(legal) if e["type"] == "air_action")["ap"] = 2  # the second action attacks too
    assert check(world(), legal) == []  # 3 + 1 = the four 50kg bombs
    second[0]["bombs"] = 2
    found = check(world(), ev[:i] + second + ev[i:])
    assert rules(found) == ["CoH 20.4"] and "carries 4" in found[0].message


def test_bombs_on_a_bunker_each_roll_against_its_red_15dr():
    bunker = (mk("fort.bunker", "0505", facing=0),)
    drop = {"defenders": [], "hex": "0505", "fortification": "fort.bunker", "bombs": 2}
    gone = {"type": "marker", "hex": "0505", "marker": "fort.bunker", "on": False}
    # one altitude counter: 5FP; 3+3 = AV 11 misses, 5+5 = AV 15 reaches the 15DR: removed
    assert check(world(), sortie(drop, roll(3, 3), roll(5, 5), gone, altitude=1, extra=bunker)) == []
    found = check(world(), sortie(drop, roll(3, 3), roll(5, 5), altitude=1, extra=bunker))
    assert rules(found) == ["CoH 18.6"] and "AV 15" in found[0].message
    # the Ex's 4 altitude counters: 2FP never reaches 15 with two dice
    found = check(world(), sortie(drop, roll(6, 6), roll(6, 6), gone, extra=bunker))
    assert rules(found) == ["CoH 18.6"] and "missed" in found[0].message


def test_cluster_bombs_become_a_red_mine():
    drop = {"defenders": [], "hex": "0505", "bombs": 1, "cluster": True}
    assert check(world(), sortie(drop, mk("fort.mine.red", "0505"))) == []
    found = check(world(), sortie(drop))
    assert rules(found) == ["CoH 20.4"] and "red value mine" in found[0].message and found[0].hexes == ["0505"]
    found = check(world(), sortie(drop, mk("fort.mine.blue", "0505")))
    assert rules(found) == ["CoH 20.4"] and "instead" in found[0].message


def test_bomb_chat_verb_and_its_units_from_a_vassal_log():
    from vassal_logs import add, log_text, piece, save_text, stack, tiny_game, vsav

    from modgen.logs import chat
    from modgen.rules.coh import plugin
    from modgen.vassal.adapter import adapt

    verbs = chat.verbs_for(plugin)
    assert chat.parse("!bomb de.hs129 2 -> 0605", verbs).event == {
        "type": "attack", "attackers": ["de.hs129"], "defenders": ["0605"], "kind": "fire", "bombs": 2}
    assert chat.parse("!bomb de.hs129 1 -> 0505 cluster", verbs).event["cluster"] is True
    for bad, column in (("!bomb de.hs129 0 -> 0605", 16), ("!bomb de.hs129 2 0605", 18),
                        ("!bomb de.hs129 2 -> 0605 napalm", 26)):
        with pytest.raises(chat.ChatSyntaxError) as err:
            chat.parse(bad, verbs)
        assert err.value.column == column, bad
    # in a VASSAL log the hexes stand for the units in them, as for !fire (tiny map: 0203 and 0405 hold de.a, su.b)
    game = tiny_game()
    game.manifest = {**game.manifest, "system": "coh"}
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet", faces=("front", "reduced"))
    pieces = [add("101", ta, sa), add("102", tb, sb), stack("201", "main", 194, 350, "101"),
              stack("202", "main", 367, 550, "102")]
    res = adapt(vsav(log_text(save_text(pieces), [["CHAT&lt;Alice&gt; - !bomb 0203 2 -&gt; 0405"]])), game)
    bomb = next(e for e in res.events if e["type"] == "attack")
    assert (bomb["attackers"], bomb["defenders"], bomb["hex"], bomb["bombs"]) == (["de.a"], ["su.b"], "0405", 2)
