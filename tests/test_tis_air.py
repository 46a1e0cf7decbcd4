"""TiS air units [26], each with a breaking and a legal log written from the rulebook.

"An air unit can make only one mission during a stage" [26.1.3]; "A CAS unit can support an allied land unit which
is within a 10-hex radius of the CAS unit", placed there in the air phase [26.5.4], once per stage [26.5.7], adding
its strength to the supported units [26.5.6]; unused air units support land units in the movement and combat phases
[26.2.6]; tactical attacks are made in the enemy's movement or counterattack phase on units within 10 hexes
[26.9.1]-[26.9.2]; "There can't be more than 5 air units on one airfield. Allocated air units can't be moved to
other airfields" [26.3.3]; "During bad weather all air missions ... are cancelled" [45.2.4].

Scenario I's counters: the Allied "TAC" (symbol ground attack: a CAS unit, 3 SP). Hexes 0810-1512 are clear.
"""

from __future__ import annotations

from tests.test_tis_combat import attack, odds
from tests.test_tis_movement import PARA, PGR, errors, findings, phase, rules, setup, stage

TAC = "gb.tac.1"


def place(h: str) -> dict:
    """The TAC put on the map in the air phase [26.2.1]."""
    return {"type": "move", "unit": TAC, "path": [h]}


def cas(station: str, *after: dict, n: int = 1) -> list[dict]:
    """PARA at 1011 next to SS PGR 1 at 1111; the TAC placed at ``station`` in the Allied air phase."""
    return [setup(PARA, "1011"), setup(PGR, "1111"), stage(n), phase("air"), place(station), *after]


def test_26_5_4_cas_supports_a_unit_within_10_hexes():
    log = cas("2011", phase("movement"), phase("counterattack"), phase("combat"),
              attack([PARA], [PGR], air=[TAC]))  # 2011 is 10 hexes from 1011
    assert rules(*log) == []


def test_26_5_4_cas_placed_11_hexes_away_cannot_support():
    log = cas("2111", phase("movement"), phase("counterattack"), phase("combat"), attack([PARA], [PGR], air=[TAC]))
    errs = errors(*log)
    assert [e["rule"] for e in errs] == ["TIS 26.5.4"] and "2111" in errs[0]["message"] and "11 hexes" in \
        errs[0]["message"]


def test_26_5_6_the_cas_strength_is_added_to_the_attack():
    # 5 SP paratroops + 3 SP TAC against the 5 SP SS PGR in the clear: 8:5 rounds to 2:1 [3.4.1], one column left
    # for the SS defender [43.1.1]: 1:1; without the TAC 5:5 = 1:1, shifted to 1:2
    base = cas("1211", phase("movement"), phase("counterattack"), phase("combat"))
    assert rules(*base, attack([PARA], [PGR], air=[TAC]), odds("1:1")) == []
    assert rules(*base, attack([PARA], [PGR], air=[TAC]), odds("1:2")) == ["TIS 3.4.1"]
    assert rules(*base, attack([PARA], [PGR]), odds("1:2")) == []


def test_26_1_3_one_mission_a_stage():
    second = [phase("supply"), phase("air", "germans"), phase("movement", "germans"),
              phase("counterattack", "germans"), {"type": "airstrike", "units": [TAC], "hex": "1111"}]
    log = cas("1211", phase("movement"), phase("counterattack"), phase("combat"), attack([PARA], [PGR], air=[TAC]),
              *second)
    errs = errors(*log)
    assert [e["rule"] for e in errs] == ["TIS 26.1.3"] and "second mission" in errs[0]["message"]


def test_26_1_3_a_new_stage_gives_a_new_mission():
    log = cas("1211", phase("movement"), phase("counterattack"), phase("combat"), attack([PARA], [PGR], air=[TAC]))
    again = [stage(2), phase("air"), place("1211"), {"type": "airstrike", "units": [TAC], "hex": "1111"}]
    assert rules(*log, *again) == []


def test_26_2_6_no_air_support_in_the_airborne_assault_phase():
    log = [setup(PGR, "1111"), stage(1), phase("air"), place("1211"), phase("airborne"),
           {"type": "reinforcement", "unit": PARA, "hex": "1011"}, attack([PARA], [PGR], air=[TAC])]
    assert "TIS 26.2.6" in rules(*log)


def test_26_9_1_an_airstrike_in_ones_own_movement_phase_is_flagged():
    log = cas("1211", phase("movement"), {"type": "airstrike", "units": [TAC], "hex": "1111"})
    assert rules(*log) == ["TIS 26.9.1"]
    assert rules(*cas("1211", {"type": "airstrike", "units": [TAC], "hex": "1111"})) == []  # the air phase


def test_26_9_2_tactical_attacks_reach_10_hexes():
    # the TAC placed in the Allied air phase attacks SS PGR 1 in the German movement phase [26.9.1]
    def log(station: str) -> list[dict]:
        return [setup(PGR, "1111"), stage(1), phase("air"), place(station), phase("movement"), phase("supply"),
                phase("air", "germans"), phase("movement", "germans"),
                {"type": "airstrike", "units": [TAC], "hex": "1111"}]
    assert rules(*log("2111")) == []  # 10 hexes
    errs = errors(*log("2211"))  # 11 hexes
    assert [e["rule"] for e in errs] == ["TIS 26.9.2"] and "11 hexes" in errs[0]["message"]


def test_45_2_4_no_air_mission_in_bad_weather():
    # the first stage is good [45.1.2] and bad weather follows only worsened or bad (Weather Change Table)
    log = [setup(PARA, "1011"), setup(PGR, "1111"), stage(1), stage(2), phase("weather", None),
           {"type": "weather", "weather": "worsened"}, stage(3), phase("weather", None),
           {"type": "weather", "weather": "bad"}, phase("air"), place("1211"),
           {"type": "airstrike", "units": [TAC], "hex": "1111"}]
    assert rules(*log) == ["TIS 45.2.4"]
    good = [e if e["type"] != "weather" else {"type": "weather", "weather": "good"} for e in log]
    assert rules(*good) == []


def test_26_3_3_airfield_allocation_before_the_game_and_never_changed():
    ok = [{"type": "airfield", "airfield": "Eindhoven", "units": [TAC]}, stage(1), phase("air")]
    assert rules(*ok) == []
    moved = [*ok, {"type": "airfield", "airfield": "Grave", "units": [TAC]}]
    assert sorted(rules(*moved)) == ["TIS 26.3.3", "TIS 26.3.3"]  # during the game, and to another airfield


def test_airfield_chat_verb():
    from modgen.logs import chat
    from modgen.rules.tis import plugin
    d = chat.parse("!airfield Eindhoven gb.tac.1", chat.verbs_for(plugin))
    assert d is not None and d.event == {"type": "airfield", "airfield": "Eindhoven", "units": ["gb.tac.1"]}


def test_air_family_is_declared_checked():
    fams = {f["id"] if isinstance(f, dict) else f.id: f for f in __import__("modgen.rules.tis", fromlist=["plugin"])
            .plugin.families}
    assert fams["air"].implemented and "26.1.3" in fams["air"].note


def test_findings_name_the_air_unit():
    log = cas("2111", phase("movement"), phase("counterattack"), phase("combat"), attack([PARA], [PGR], air=[TAC]))
    f = [x for x in findings(*log) if x["rule"] == "TIS 26.5.4"][0]
    assert TAC in f["units"] and PARA in f["units"]
