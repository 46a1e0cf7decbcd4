"""TiS weather [45], breaking and legal logs written from the rulebook.

[45.1.2]: "During the first stage of any scenario, weather conditions are considered to be good ... In later stages
the weather is checked by the players during the air phase, by rolling two dice and checking the table WEATHER. The
result in the current stage is also affected by the weather during the previous stage." Weather Change Table: after
good 2-8 good, 9-12 cloudy; after cloudy 2-7 good, 8-10 cloudy, 11-12 bad; after bad 2-3 good, 4-9 cloudy, 10-12 bad.
[45.2.3]: in worsened weather each air unit rolls before its attack: 1-3 it goes on, 4-6 it aborts.
"""

from __future__ import annotations

from tests.test_tis_air import TAC, place
from tests.test_tis_movement import PARA, PGR, errors, move, phase, rules, setup, stage


def wroll(a: int, b: int) -> dict:
    return {"type": "roll", "purpose": "weather", "dice": [a, b]}


def weather(w: str) -> dict:
    return {"type": "weather", "weather": w}


def at(n: int, *evs: dict) -> list[dict]:
    return [stage(n), phase("weather", None), *evs]


def test_45_1_2_the_first_stage_is_good_without_a_roll():
    assert rules(*at(1, weather("good"))) == []
    assert rules(*at(1, weather("worsened"))) == ["TIS 45.1.2"]
    errs = errors(*at(1, wroll(6, 6)))
    assert [e["rule"] for e in errs] == ["TIS 45.1.2"] and "first stage" in errs[0]["message"]


def test_45_1_2_after_good_weather_9_to_12_is_cloudy():
    assert rules(*at(1), *at(2, wroll(4, 5), weather("cloudy"))) == []
    assert rules(*at(1), *at(2, wroll(4, 4), weather("good"))) == []
    errs = errors(*at(1), *at(2, wroll(4, 4), weather("cloudy")))
    assert [e["rule"] for e in errs] == ["TIS 45.1.2"]
    assert "roll of 8 after good weather gives good" in errs[0]["message"]


def test_45_1_2_after_cloudy_11_or_12_is_bad_and_2_to_7_good():
    base = [*at(1), *at(2, wroll(6, 6), weather("worsened"))]
    assert rules(*base, *at(3, wroll(5, 6), weather("storm"))) == []
    assert rules(*base, *at(3, wroll(3, 4), weather("good"))) == []
    assert rules(*base, *at(3, wroll(5, 5), weather("bad"))) == ["TIS 45.1.2"]  # 10: cloudy


def test_45_1_2_good_weather_never_turns_bad_in_one_stage():
    errs = errors(*at(1), *at(2, weather("bad")))
    assert [e["rule"] for e in errs] == ["TIS 45.1.2"] and "no roll" in errs[0]["message"]


def test_45_1_2_one_weather_roll_a_stage():
    assert rules(*at(1), *at(2, wroll(1, 1), wroll(6, 6))) == ["TIS 45.1.2"]


def test_45_1_2_the_roll_alone_sets_the_weather():
    # no weather event: the roll of 12 after good gives cloudy, and after cloudy a 12 gives bad, which cancels
    # the air mission [45.2.4]
    log = [setup(PARA, "1011"), setup(PGR, "1111"), *at(1), *at(2, wroll(6, 6)), *at(3, wroll(6, 6)),
           phase("air"), place("1211"), {"type": "airstrike", "units": [TAC], "hex": "1111"}]
    assert rules(*log) == ["TIS 45.2.4"]


def _strike(*before: dict) -> list[dict]:
    """Worsened weather in stage 2; the TAC strikes SS PGR 1 in the air phase."""
    return [setup(PARA, "1011"), setup(PGR, "1111"), *at(1), *at(2, wroll(6, 6), weather("worsened")),
            phase("air"), place("1211"), *before, {"type": "airstrike", "units": [TAC], "hex": "1111"}]


def test_45_2_3_worsened_weather_a_1_to_3_lets_the_mission_go_on():
    assert rules(*_strike({"type": "roll", "purpose": "clouds", "unit": TAC, "dice": [3]})) == []
    assert rules(*_strike({"type": "roll", "purpose": "clouds", "dice": [1]})) == []  # chat roll: no unit


def test_45_2_3_worsened_weather_a_4_to_6_aborts_the_mission():
    errs = errors(*_strike({"type": "roll", "purpose": "clouds", "unit": TAC, "dice": [4]}))
    assert [e["rule"] for e in errs] == ["TIS 45.2.3"] and "aborts" in errs[0]["message"]


def test_45_2_3_worsened_weather_needs_the_roll():
    errs = errors(*_strike())
    assert [e["rule"] for e in errs] == ["TIS 45.2.3"] and "without the die" in errs[0]["message"]
    # in good weather no roll is owed
    good = [e for e in _strike() if e.get("type") not in ("weather",) and e.get("purpose") != "weather"]
    assert rules(*good) == []


def test_45_1_2_the_weather_is_rolled_in_the_air_phase():
    assert rules(*at(1), stage(2), phase("air"), wroll(2, 2)) == []
    assert rules(*at(1), stage(2), phase("movement"), wroll(2, 2)) == ["TIS 45.1.2"]


def test_45_2_5_in_bad_weather_units_move_as_at_night():
    # [13.1.7] at night 2 MP or one hex: 1 Para (5 MP) moves 3 clear hexes in worsened weather, not in bad weather
    walk = [setup(PARA, "0811"), *at(1), *at(2, wroll(5, 5), weather("worsened"))]
    assert rules(*walk, phase("movement"), move(PARA, "0811", "0911", "1011", "1111")) == []
    storm = [*walk, *at(3, wroll(6, 6), weather("bad")), phase("movement")]
    errs = errors(*storm, move(PARA, "0811", "0911", "1011", "1111"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "in bad weather, as at night [45.2.5]" in errs[0]["message"]
    assert rules(*storm, move(PARA, "0811", "0911", "1011")) == []
