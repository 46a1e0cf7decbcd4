"""EFB events phase with an events table written for the tests (shaped like GT 24.8: 4 = a permanent offensive,
5 = hazy, 6 = light precipitation, 3 = a sub-roll that suppresses an armored unit of one side)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import TABLES, check, found, log, make_game

HQ = {"g.hq": "0101", "s.hq": "1010"}
EVENTS = {"die": "1d6", "results": {
    "1-2": {"event": "no_effect"},
    "3": {"event": "ditch_minefield", "subroll": {"1-2": "suppress_german_armored", "3-5": "suppress_soviet_armored",
                                                   "6": "no_effect"}},
    "4": {"event": "orel_offensive", "permanent": True},
    "5": {"event": "weather", "weather": "hazy"},
    "6": {"event": "weather", "weather": "light_precipitation"}}}
GAME = dict(tables=dict(TABLES, events=EVENTS), scenario={"first_player": "soviet", "reinforcements": [],
                                                          "special_rules": [
    {"id": "events", "params": {"table": "events", "from_turn": 2}},
    {"id": "soviet_air", "params": {"before_orel": 0, "draw": None,
                                    "after_orel": {"roll": {"die": "1d6"}, "draw": "ceil(roll/2)"}}}]})


def rules(report):
    return [r for r, _ in found(report)]


def run(*body, setup=None):
    ev = log({**HQ, **(setup or {})}, *body, {"type": "phase", "phase": "reinforcement", "side": "german"},
             turn=2, phase="events", side=None)
    return check(ev, make_game(**GAME))


def roll(d):
    return {"type": "roll", "dice": [d], "purpose": "events"}


def test_weather_must_follow_the_roll():
    assert rules(run(roll(5), {"type": "weather", "weather": "hazy"})) == []
    assert rules(run(roll(5))) == ["EFB 5.0"]
    assert rules(run(roll(6), {"type": "weather", "weather": "hazy"})) == ["EFB 5.0"]


def test_one_roll_per_events_phase_from_turn_2():
    assert rules(run()) == ["EFB 5.0"]  # no roll on turn 2
    assert rules(run(roll(1), roll(2))) == ["EFB 5.0"]
    assert rules(run(roll(1))) == []


def test_ditch_suppresses_an_armored_unit_of_the_right_side():
    setup = {"g.tank": "0505", "s.tank": "0808", "s.inf1": "0807"}
    ok = run(roll(3), roll(4), {"type": "marker", "unit": "s.tank", "marker": "suppressed", "on": True}, setup=setup)
    assert rules(ok) == []  # 3-5: a Soviet armored unit
    wrong = run(roll(3), roll(4), {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True},
                setup=setup)
    assert rules(wrong) == ["EFB 5.0"]
    missing = run(roll(3), roll(1), setup=setup)
    assert rules(missing) == ["EFB 5.0"]


def test_permanent_event_changes_the_air_draw():
    draw = {"type": "air_draw", "side": "soviet", "units": ["s.ga1", "s.ga2"], "dice": [3]}
    before = check(log(HQ, dict(draw), phase="reinforcement", side="soviet", turn=2), make_game(**GAME))
    assert rules(before) == ["EFB 6.6"]  # no Soviet air before the offensive
    after = run(roll(4), {"type": "phase", "phase": "reinforcement", "side": "soviet"}, dict(draw))
    assert rules(after) == []  # ceil(3 / 2) = 2


def test_orel_cuts_german_replacement_points():
    # GT 24.6 shape: 2 RP a turn, 1 once the Orel offensive (events roll 4) has happened; two attempts on turn 2
    game_args = {**GAME, "scenario": {**GAME["scenario"], "special_rules": GAME["scenario"]["special_rules"] + [
        {"id": "german_replacements", "params": {"per_turn": 2, "per_turn_after_orel": 1}}]}}
    tries = [{"type": "loss", "unit": u, "eliminated": True} for u in ("g.inf1", "g.inf2")] + [
        {"type": "replacement", "unit": u, "roll": 6} for u in ("g.inf1", "g.inf2")]
    setup = {**HQ, "g.inf1": "0505", "g.inf2": "0506"}
    calm = log(setup, roll(1), {"type": "phase", "phase": "reinforcement", "side": "german"}, *tries,
               turn=2, phase="events", side=None)
    assert rules(check(calm, make_game(**game_args))) == []
    orel = log(setup, roll(4), {"type": "phase", "phase": "reinforcement", "side": "german"}, *tries,
               turn=2, phase="events", side=None)
    assert rules(check(orel, make_game(**game_args))) == ["EFB 6.8"]
