"""TiS airborne drops [17], breaking and legal logs written from the rulebook.

[17.1.2] wind: "1, 2, 3, 4 - the unit missed the point/zone; 5, 6 - the unit landed in the designated area".
[17.2.1] "Landing units can land without any losses in a clear area. In case of dropping into other terrain squares
they can suffer casualties" (Casualties during the drop: paratroops in forest 1-6 SP by die, gliders 3-7).
[17.2.4] AA fire at dropping units, the [17.4] table (Day, on hex 0 heavy AA: 1 2 2 2 3 3 EP), "one AA unit can fire
at landing units analogously to [10.2.4]" (as many targets as its SP); heavy AA reaches 2 hexes [10.2.3].
[17.2.9] the order: a) wind, b) AA fire, c) losses after the drop, d) the combat after the drop.
[17.2.13] "An airborne unit can't land in an area with enemy fighter planes." [45.2.4] "During bad weather all air
missions and airborne assaults are cancelled."

The bundled Arnhem map: the Polish drop zone dz_polish (2409, 2509, 2510, 2609) is clear, 2408 and 2309 next to
2409 are clear and outside it; the landing zones west of Arnhem (lz_arnhem, 2005-2206) are woods. The 88 mm Flak
(2 SP) is heavy AA [10.3.3].
"""

from __future__ import annotations

import json
import shutil

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_movement import GARRISON, PARA, errors, findings, phase, rules, setup, stage

POLE, POLE2, POLE3 = "pl.1para.1", "pl.1para.2", "pl.1para.3"
GLIDER = "gb.1ab.1al.border"
FLAK = "de.flak88"


def land(unit: str, h: str) -> dict:
    return {"type": "reinforcement", "unit": unit, "hex": h}


def roll(purpose: str, die: int, unit: str | None = None) -> dict:
    ev: dict = {"type": "roll", "purpose": purpose, "dice": [die]}
    if unit:
        ev["unit"] = unit
    return ev


def loss(unit: str, steps: int, reason: str) -> dict:
    return {"type": "loss", "unit": unit, "steps": steps, "reason": reason}


def aa(target: str, unit: str = FLAK) -> dict:
    return {"type": "aa_fire", "unit": unit, "target": target}


def poles(*evs: dict) -> list[dict]:
    """The Polish brigade's historical drop day, 21 IX 1e (stage 12), airborne assault phase."""
    return [stage(12), phase("airborne"), *evs]


def first_day(*evs: dict) -> list[dict]:
    return [stage(1), phase("airborne"), *evs]


# ---- [17.1.2] wind -----------------------------------------------------------------------------------------------
def test_17_1_2_a_5_or_6_lands_in_the_designated_zone():
    assert rules(*poles(roll("drift", 5, POLE), land(POLE, "2409"))) == []
    errs = errors(*poles(roll("drift", 6, POLE), land(POLE, "2408")))
    assert [e["rule"] for e in errs] == ["TIS 17.1.2"] and "outside its zone dz_polish" in errs[0]["message"]


def test_17_1_2_a_1_to_4_misses_the_zone():
    assert rules(*poles(roll("drift", 4, POLE), land(POLE, "2408"))) == []
    errs = errors(*poles(roll("drift", 1, POLE), land(POLE, "2409")))
    assert [e["rule"] for e in errs] == ["TIS 17.1.2"] and "missed the zone" in errs[0]["message"]


def test_17_1_2_the_chat_roll_without_a_unit_is_the_next_drops():
    assert rules(*poles(roll("drift", 2), land(POLE, "2309"))) == []
    assert rules(*poles(roll("drift", 2), land(POLE, "2509"))) == ["TIS 17.1.2"]


# ---- [17.2.1] losses on landing ------------------------------------------------------------------------------------
def test_17_2_1_no_losses_on_clear_terrain():
    assert rules(*poles(land(POLE, "2409"), roll("drop", 6, POLE))) == []
    errs = errors(*poles(land(POLE, "2409"), roll("drop", 6, POLE), loss(POLE, 1, "drop")))
    assert [e["rule"] for e in errs] == ["TIS 17.2.1"] and "gives 0" in errs[0]["message"]


def test_17_2_1_paratroops_in_woods_lose_the_die():
    assert rules(*first_day(land(PARA, "2005"), roll("drop", 3, PARA), loss(PARA, 3, "drop"))) == []
    errs = errors(*first_day(land(PARA, "2005"), roll("drop", 3, PARA), loss(PARA, 1, "drop")))
    assert [e["rule"] for e in errs] == ["TIS 17.2.1"]
    assert "woods at 2005, rolls 3 and loses 1 EP; Casualties during the drop gives 3" in errs[0]["message"]


def test_17_2_1_gliders_in_woods_lose_more():
    # glider units, forest: -3 on a 1
    assert rules(*first_day(land(GLIDER, "2106"), roll("drop", 1, GLIDER), loss(GLIDER, 3, "drop"))) == []
    assert rules(*first_day(land(GLIDER, "2106"), roll("drop", 1, GLIDER), loss(GLIDER, 1, "drop"))) \
        == ["TIS 17.2.1"]


def test_17_2_1_drop_losses_in_sp_under_the_policy(tmp_path):
    # 1 Para's track 5 4 4 3 2 2 1: a 1 in woods is 1 SP; one EP takes 5 -> 4 = 1 SP
    log = first_day(land(PARA, "2005"), roll("drop", 1, PARA), loss(PARA, 1, "drop"))
    assert rules(*log, policies={"drop_loss_unit": "sp"}, tmp_path=tmp_path / "a") == []
    # 2 EP take 5 -> 4 -> 4 = still 1 SP; a roll of 2 in woods is 2 SP
    log2 = first_day(land(PARA, "2005"), roll("drop", 2, PARA), loss(PARA, 2, "drop"))
    assert rules(*log2, policies={"drop_loss_unit": "sp"}, tmp_path=tmp_path / "b") == ["TIS 17.2.1"]
    assert rules(*log2, tmp_path=tmp_path / "c") == []  # as EP: 2 EP for a 2


# ---- [17.2.4] AA fire ------------------------------------------------------------------------------------------------
def test_17_2_4_heavy_aa_on_the_landing_hex_uses_the_day_table():
    base = [setup(FLAK, "2409"), *poles(land(POLE, "2409"), aa(POLE), roll("aa", 3))]
    assert rules(*base, loss(POLE, 2, "aa")) == []  # on hex 0, heavy AA, die 3: -2
    errs = errors(*base, loss(POLE, 1, "aa"))
    assert [e["rule"] for e in errs] == ["TIS 17.2.4"] and "the [17.4] table gives 2" in errs[0]["message"]


def test_17_2_4_a_missing_cell_is_could_not_check():
    fs = findings(setup(FLAK, "2408"), *poles(land(POLE, "2409"), aa(POLE), roll("aa", 3)))
    assert not [f for f in fs if f["severity"] == "error"]
    assert any("range 1" in f["message"] and f["rule"] == "TIS 17.2.4" for f in fs)


def test_10_2_3_heavy_aa_reaches_two_hexes():
    assert rules(setup(FLAK, "2407"), *poles(land(POLE, "2409"), aa(POLE), roll("aa", 1))) == []  # 2 hexes
    errs = errors(setup(FLAK, "2611"), *poles(land(POLE, "2409"), aa(POLE), roll("aa", 1)))
    assert [e["rule"] for e in errs] == ["TIS 10.2.3"] and "3 hexes away" in errs[0]["message"]


def test_10_2_4_an_aa_unit_fires_at_as_many_drops_as_its_sp():
    # the Flak at 2408 is one hex from 2409 and 2509, two from 2510; heavy AA at range 1, die 1: 0 EP
    evs = [land(POLE, "2409"), land(POLE2, "2509"), land(POLE3, "2510"), aa(POLE), roll("aa", 1),
           aa(POLE2), roll("aa", 1)]
    assert rules(setup(FLAK, "2408"), *poles(*evs)) == []
    errs = errors(setup(FLAK, "2408"), *poles(*evs, aa(POLE3)))
    assert [e["rule"] for e in errs] == ["TIS 10.2.4"] and "(2 SP) fires at 3" in errs[0]["message"]


def test_17_2_4_only_at_units_dropping_in_the_airborne_phase():
    assert rules(setup(FLAK, "2409"), setup(POLE, "2409"), stage(12), phase("airborne"), aa(POLE)) \
        == ["TIS 17.2.4"]


# ---- [17.2.9] order ----------------------------------------------------------------------------------------------
def test_17_2_9_aa_fire_before_the_losses_on_landing():
    ok = [setup(FLAK, "2407"), *poles(roll("drift", 5, POLE), land(POLE, "2409"), aa(POLE), roll("aa", 1),
                                      roll("drop", 1, POLE))]
    assert rules(*ok) == []
    late = [setup(FLAK, "2407"), *poles(roll("drift", 5, POLE), land(POLE, "2409"), roll("drop", 1, POLE),
                                        aa(POLE), roll("aa", 1))]
    errs = errors(*late)
    assert [e["rule"] for e in errs] == ["TIS 17.2.9"] and "AA fire [17.2.4] after the losses" in errs[0]["message"]


# ---- [45.2.4] weather, [17.2.13] fighters ---------------------------------------------------------------------------
def test_45_2_4_no_drop_in_bad_weather():
    w = [stage(11), phase("weather", None), {"type": "weather", "weather": "worsened"}, stage(12),
         phase("weather", None)]
    assert rules(*w, {"type": "weather", "weather": "bad"}, phase("airborne"), land(POLE, "2409")) == ["TIS 45.2.4"]
    assert rules(*w, {"type": "weather", "weather": "worsened"}, phase("airborne"), land(POLE, "2409")) == []


def _with_fighter(tmp_path) -> object:
    """The bundled data plus a German fighter (test data: the Arnhem counters have none)."""
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    path = tmp_path / "counters" / "arnhem44.json"
    data = json.loads(path.read_text())
    tac = next(u for u in data["counters"] if u["id"] == "gb.tac.1")
    data["counters"].append({**tac, "id": "de.jg.1", "side": "germans", "nationality": "german",
                             "formation": "de_army", "symbol": {"types": ["fighter"], "size": None}})
    path.write_text(json.dumps(data))
    return tmp_path / "games" / "arnhem44.json"


def test_17_2_13_no_landing_where_enemy_fighters_are(tmp_path):
    game = _with_fighter(tmp_path)

    def check(station: str) -> list[str]:
        log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}}, stage(12),
               phase("air"), {"type": "move", "unit": "de.jg.1", "path": [station]},
               phase("airborne"), land(POLE, "2409")]
        data = "\n".join(json.dumps(e) for e in log).encode()
        fs = check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"]
        return [f["rule"] for f in fs if f["severity"] == "error"]

    assert check("2409") == ["TIS 17.2.13"]
    assert check("2509") == []


# ---- [17.2.6] the surprise roll's losses ----------------------------------------------------------------------------
def _drop_next_to_the_garrison(total: tuple[int, int], *after: dict) -> list[dict]:
    """1 Para lands at 2105 next to the garrison at 2106 and attacks; the surprise roll ``total``."""
    return [setup(GARRISON, "2106"), *first_day(land(PARA, "2105"),
                                                {"type": "attack", "attackers": [PARA], "defenders": [GARRISON]},
                                                {"type": "roll", "purpose": "surprise", "dice": list(total)}, *after)]


def test_17_2_6_landing_next_to_the_enemy_a_2_or_3_costs_3():
    assert "TIS 17.2.6" not in rules(*_drop_next_to_the_garrison((1, 2), loss(PARA, 3, "surprise")))
    errs = [e for e in errors(*_drop_next_to_the_garrison((1, 2), loss(PARA, 1, "surprise")))
            if e["rule"] == "TIS 17.2.6"]
    assert len(errs) == 1 and "costs the attacker 3 SP" in errs[0]["message"]
    assert "TIS 17.2.6" not in rules(*_drop_next_to_the_garrison((2, 2)))  # 4: no effect


def test_17_2_6_landing_on_the_enemy_a_2_to_4_eliminates_the_attacker():
    on = [setup(GARRISON, "2106"), *first_day(land(PARA, "2106"),
                                              {"type": "attack", "attackers": [PARA], "defenders": [GARRISON]},
                                              {"type": "roll", "purpose": "surprise", "dice": [2, 2]})]
    assert "TIS 17.2.6" in rules(*on)
    assert "TIS 17.2.6" not in rules(*on, {"type": "loss", "unit": PARA, "eliminated": True, "reason": "surprise"})
