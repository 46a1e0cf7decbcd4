"""TiS casualties at sea, on a copy of the Arnhem data with a sea hex and a barge (the bundled data has neither),
written from the rulebook: "Good weather doesn't affect units" [45.2.1]; "In the case of worsened or bad weather,
the player should check for casualties in units which are loaded on barges, in the CASUALTIES ON SEA table. Barges
and transported units can suffer losses" [45.2.2]. The table is not printed in the seed: the tests supply an
illustrative one (designer data), and without it the roll is could-not-check.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_movement import PARA, phase, setup
from tests.test_tis_weather import at, weather, wroll
from tests.tis_world import findings_in, rules_in, unit, world

BARGE = "gb.barge.1"
SEA_TABLE = {"source": {"rule": "test", "values": "illustrative"}, "worsened": [0, 0, 0, 1, 1, 2],
             "bad": [0, 1, 1, 2, 2, 3]}


def sea_world(tmp_path: Path, table: bool = True) -> Path:
    def game(g: dict) -> None:
        g["terrain"]["sea"] = {"name": "Sea", "kind": "hex", "color": "#5f8fc8"}
        if table:
            g["rules"]["tables"]["sea_casualties"] = SEA_TABLE
    return world(tmp_path, game=game, board=lambda m: m.setdefault("hexes", {}).update({"1111": "sea"}),
                 counters=[unit(BARGE, "barge", "gb.barge", "allies", [1], 8)])


def sea_roll(u: str, die: int) -> dict:
    return {"type": "roll", "purpose": "sea", "unit": u, "dice": [die]}


def sea_loss(u: str, steps: int) -> dict:
    return {"type": "loss", "unit": u, "steps": steps, "reason": "sea"}


LOADED = [setup(BARGE, "1111"), setup(PARA, "1111"), *at(1), *at(2, wroll(4, 5), weather("cloudy"))]


def test_45_2_2_a_unit_on_a_barge_loses_what_the_table_gives_in_worsened_weather(tmp_path: Path):
    game = sea_world(tmp_path)
    # worsened, die 5: 1 EP (the illustrative table)
    assert rules_in(game, *LOADED, sea_roll(PARA, 5), sea_loss(PARA, 1), phase("movement")) == []
    errs = [f for f in findings_in(game, *LOADED, sea_roll(PARA, 5), phase("movement")) if f["severity"] == "error"]
    assert [f["rule"] for f in errs] == ["TIS 45.2.2"] and "gives 1" in errs[0]["message"]


def test_45_2_1_good_weather_has_no_sea_casualties(tmp_path: Path):
    game = sea_world(tmp_path)
    assert rules_in(game, setup(BARGE, "1111"), setup(PARA, "1111"), *at(1), sea_roll(PARA, 5)) == ["TIS 45.2.1"]


def test_45_2_2_only_barges_and_their_loads_check_the_table(tmp_path: Path):
    game = sea_world(tmp_path)
    ashore = [setup(BARGE, "1111"), setup(PARA, "1211"), *at(1), *at(2, wroll(4, 5), weather("cloudy"))]
    assert rules_in(game, *ashore, sea_roll(PARA, 5)) == ["TIS 45.2.2"]
    assert rules_in(game, *ashore, sea_roll(BARGE, 1), phase("movement")) == []  # the barge itself, 0 EP


def test_45_2_2_without_the_designers_table_is_could_not_check(tmp_path: Path):
    found = findings_in(sea_world(tmp_path, table=False), *LOADED, sea_roll(PARA, 5), phase("movement"))
    assert [f["rule"] for f in found if f["severity"] == "could-not-check"] == ["TIS 45.2.2"]
    assert not [f for f in found if f["severity"] == "error"]
