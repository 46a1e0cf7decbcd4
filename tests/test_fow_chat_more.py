"""FoW chat verbs for what a JSON log could already say and a chat line could not (docs/logs.md): each verb gives the
very event the JSON log uses, and a violation declared in chat is found like the JSON one. Rules (seed 004): p.91
"morning breaks ... on a score of 5+"; p.4 "You never get more than one re-roll per situation" and re-rolls only by a
rule; p.44 "declare what that weapon is ... before you roll for Aircraft arrival"; p.49 Pre-planned markers "before
Deployment"; p.95 Ambush "at least 4"/10cm from all enemy Tank, Infantry, or Gun Teams"; p.96 Reserves (dice 5+);
p.39 a Bulletproof Cover Firepower test."""

from __future__ import annotations

import pytest

from modgen.logs.chat import ChatSyntaxError, parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import findings, move, setup, step, turn_to
from tests.fow_mission_helpers import SHERMANS, breakthrough, game_turn
from tests.fow_patch import check, patched_game

VERBS = verbs_for(plugin)


def ev(line: str) -> dict:
    return parse(line, VERBS).event


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return {"dawn": patched_game(tmp_path_factory.mktemp("cdawn"), special_rules=["dawn"]),
            "open": patched_game(tmp_path_factory.mktemp("copen"), drop_rules=("meeting_engagement",))}


def test_each_verb_gives_the_json_log_event():
    assert ev("!light day dice 2 5") == {"type": "time_of_day", "light": "day", "dice": [2, 5]}
    assert ev("!light night") == {"type": "time_of_day", "light": "night"}
    assert ev("!reserves side german dice 5 2") == {"type": "reserves", "side": "german", "dice": [5, 2]}
    assert ev('!aircraft "MGs" side us roll 5') == {"type": "aircraft", "weapon": "MGs", "side": "us", "roll": 5}
    assert ev("!intercept side german roll 5") == {"type": "intercept", "side": "german", "roll": 5}
    assert ev("!preplanned us.mortar.1 at 30 20") == {"type": "preplanned", "unit": "us.mortar.1", "aim": [30, 20]}
    assert ev("!hold de.pak40.1 ambush") == {"type": "setup", "unit": "de.pak40.1", "off_map": "ambush"}
    assert ev("!hold de.pz4h.1 reserve") == {"type": "setup", "unit": "de.pz4h.1", "off_map": "reserve"}
    assert ev("!place de.pak40.1 at 30 8 facing 180") == {"type": "setup", "unit": "de.pak40.1", "pos": [30, 8],
                                                          "facing": 180}
    assert ev("!shoot us.sherman.1 -> de.pz4h.1 dice 6 6 1 rerolls 6 2 concealed gone_to_ground") == {
        "type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "dice": [6, 6, 1], "rerolls": [6, 2],
        "mods": ["concealed", "gone_to_ground"]}
    assert ev("!save us.rifle.1 by de.pz4h.1 cover roll 1 fp 2 destroyed") == {
        "type": "save", "unit": "us.rifle.1", "by": "de.pz4h.1", "cover": True, "roll": 1, "fp_roll": 2,
        "result": "destroyed"}
    assert ev('!victory us vp us 8 german 1 level "Stunning Victory"') == {
        "type": "game_end", "winner": "us", "vp": {"us": 8, "german": 1}, "level": "Stunning Victory"}
    assert ev("!victory none vp us 3 german 2") == {"type": "game_end", "winner": None, "vp": {"us": 3, "german": 2}}
    # the verbs that already existed keep their events
    assert ev('!shoot us.sherman.1 -> de.pz4h.1 "M3 75mm gun" need 5+ hits 1') == {
        "type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "weapon": "M3 75mm gun", "need": "5+",
        "hits": 1}
    assert ev("!withdraw de.pak40.1") == {"type": "withdraw", "unit": "de.pak40.1"}
    assert ev("!scatter de.pz4h.1 roll 4") == {"type": "scatter", "unit": "de.pz4h.1", "roll": 4}


@pytest.mark.parametrize(("line", "column"), [
    ("!light dusk", 8), ("!light day dice 7", 17), ("!shoot a.1 -> b.2 rerolls 0", 27), ("!reserves", 1),
    ("!preplanned us.mortar.1 30 20", 25), ("!hold de.pak40.1 table", 18), ("!place de.pak40.1 at 30", 24),
    ('!aircraft "MGs" roll 9', 22), ("!save us.rifle.1 fp", 20), ("!victory us vp", 15), ("!victory us vp us x", 19),
])
def test_bad_declarations_name_the_column(line, column):
    with pytest.raises(ChatSyntaxError) as e:
        parse(line, VERBS)
    assert e.value.column == column


def test_p91_light_changed_without_a_5_declared_in_chat(games):
    dawn = [setup("us.sherman.1", 50, 46, 270), setup("de.pz4h.1", 30, 4, 180), *turn_to("starting")]
    assert check(games["dawn"], *dawn, ev("!light day dice 2 5")) == []
    found = check(games["dawn"], *dawn, ev("!light day dice 2 4"))
    assert [f["rule"] for f in found] == ["FoW p.91"] and "5+" in found[0]["message"]


def test_p4_rerolls_declared_in_chat(games):
    plain = [setup("us.sherman.4", 30, 40), setup("de.pz4h.1", 30, 28, 180), *turn_to("shooting", turn=2)]
    found = check(games["open"], *plain, ev("!shoot us.sherman.4 -> de.pz4h.1 dice 2 1 rerolls 5 5"))
    assert [f["rule"] for f in found] == ["FoW p.4"] and "no rule" in found[0]["message"]
    assert check(games["open"], *plain, ev("!shoot us.sherman.4 -> de.pz4h.1 dice 2 1")) == []


def test_p49_preplanned_in_chat_before_deployment_only(games):
    teams = [setup("us.mortar.1", 30, 44), setup("de.pak40.1", 31, 20, 180)]
    rules = ("FoW p.49", "FoW p.96")
    assert check(games["open"], ev("!preplanned us.mortar.1 at 30 20"), *teams, rules=rules) == []
    found = check(games["open"], *teams, ev("!preplanned us.mortar.1 at 30 20"), rules=rules)
    assert [f["rule"] for f in found] == ["FoW p.49"] and "before Deployment" in found[0]["message"]


def test_p95_ambush_held_and_placed_in_chat():
    held = [ev("!hold de.pak40.1 ambush"), ev("!hold de.pak40.2 ambush")]
    roll = ev("!reserves side german dice 1")
    far = [ev("!place de.pak40.1 at 30 8 facing 180"), ev("!place de.pak40.2 at 33 8 facing 180")]
    assert breakthrough(*held, *SHERMANS, *game_turn(1, german=([*far, roll],))) == []
    closer = [move("us.sherman.4", [26, 40], [34, 40])]
    near = [ev("!place de.pak40.1 at 37.5 40 facing 180"), ev("!place de.pak40.2 at 41 43 facing 180")]
    found = breakthrough(*held, *SHERMANS, *game_turn(1, us=([], closer), german=([*near, roll],)),
                         rule="FoW p.95", severity=("error",))
    assert len(found) == 1 and "within 4.0\"" in found[0]["message"]


def test_p96_reserve_dice_declared_in_chat():
    """Breakthrough's Immediate Reserves (Defender) roll one die in turn 1 (p.96)."""
    held = [ev("!hold de.pak40.1 ambush"), ev("!hold de.pak40.2 ambush")]
    found = breakthrough(*held, *SHERMANS, *game_turn(1, german=([ev("!reserves side german dice 1 2")],)),
                         rule="FoW p.96")
    assert found and "rolls 2 dice" in found[0]["message"]


def test_p39_cover_firepower_test_declared_in_chat(games):
    start = [setup("us.rifle.1", 65, 40), setup("de.pz4h.1", 66, 26, 180), *turn_to("shooting", "german", turn=2),
             {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "hits": 1}]
    ok = ev("!save us.rifle.1 by de.pz4h.1 cover roll 1 fp 3 destroyed")
    assert check(games["open"], *start, ok, rules=("FoW p.39",)) == []
    bad = ev("!save us.rifle.1 by de.pz4h.1 cover roll 1 fp 2 destroyed")
    found = check(games["open"], *start, bad, rules=("FoW p.39",))
    assert [f["rule"] for f in found] == ["FoW p.39"] and "protected by the cover" in found[0]["message"]


def test_p44_aircraft_weapon_declared_in_chat_step(games):
    """The declaration reaches the checker: an Aircraft roll at Night is refused whatever the weapon (p.90), and
    the weapon the chat names is the event's."""
    assert ev('!aircraft "Bombs" roll 4')["weapon"] == "Bombs"
    dark = [setup("us.sherman.1", 50, 46, 270), *turn_to("starting"), ev('!aircraft "Bombs" side us roll 4'),
            step("movement")]
    assert [f["rule"] for f in check(games["dawn"], *dark, rules=("FoW p.90",))] == ["FoW p.90"]


def test_p93_victory_points_claimed_in_chat():
    """p.93 Victory Points Table: a winner who lost no Unit scores 8, the loser 1 (Stunning Victory)."""
    start = [setup("us.sherman.1", 20, 9), setup("de.pz4h.1", 60, 30, 180), {"type": "turn", "turn": 1},
             {"type": "phase", "phase": "starting", "side": "us"}]
    good = ev('!victory us vp us 8 german 1 level "Stunning Victory"')
    assert [f for f in findings(*start, good) if f["rule"] == "FoW p.93"] == []
    found = [f for f in findings(*start, ev("!victory us vp us 7 german 2")) if f["rule"] == "FoW p.93"]
    assert [f["severity"] for f in found] == ["error", "error"]  # one per side's points
    assert "gives as 1" in found[0]["message"] and "gives as 8" in found[1]["message"]
