"""TiS drops on water, on a copy of the Arnhem data with lake and sea hexes (the bundled map has none), written from
the rulebook: "In case of landing on a lake, the unit suffers casualties and is placed on the closest land hex"
[17.2.2]; "In case of landing on a sea square which isn't near land, the unit is eliminated" [17.2.3]. The lake's
casualties are a ``lake`` row of the Casualties during the drop table, not printed in the seed: the tests supply
an illustrative row, and without one the drop roll is could-not-check.

The Polish drop zone dz_polish is 2409, 2509, 2510, 2609; 2408 is outside it (a 1-4 wind roll lands there).
"""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_drops import POLE, land, loss, poles, roll
from tests.test_tis_movement import move
from tests.tis_world import findings_in, rules_in, world

LAKE_ROW = [1, 1, 1, 2, 2, 2]  # illustrative, not the publisher's
RING = ["2408", "2308", "2309", "2407", "2409", "2508", "2509"]  # 2408 and its six neighbours


def water(kind: str, hexes: list[str]):
    def edit(m: dict) -> None:
        m.setdefault("hexes", {}).update({h: kind for h in hexes})
    return edit


def manifest(row: bool = True):
    def edit(g: dict) -> None:
        g["terrain"]["lake"] = {"name": "Lake", "kind": "hex", "color": "#8fb3de"}
        g["terrain"]["sea"] = {"name": "Sea", "kind": "hex", "color": "#5f8fc8"}
        if row:
            for kind in ("parachute", "glider"):
                g["rules"]["tables"]["drop_losses"][kind]["lake"] = LAKE_ROW
    return edit


def lake_world(tmp_path: Path, row: bool = True) -> Path:
    return world(tmp_path, game=manifest(row), board=water("lake", ["2408"]))


def test_17_2_2_a_unit_landing_on_a_lake_goes_to_the_closest_land_hex(tmp_path: Path):
    game = lake_world(tmp_path)
    ok = poles(roll("drift", 2, POLE), land(POLE, "2408"), roll("drop", 4, POLE), loss(POLE, 2, "drop"),
               move(POLE, "2408", "2409"))
    assert rules_in(game, *ok) == []
    stays = poles(roll("drift", 2, POLE), land(POLE, "2408"), roll("drop", 4, POLE), loss(POLE, 2, "drop"))
    found = [f for f in findings_in(game, *stays) if f["severity"] == "error"]
    assert [f["rule"] for f in found] == ["TIS 17.2.2"] and "closest land hex" in found[0]["message"]


def test_17_2_2_the_lake_casualties_come_from_the_designers_table(tmp_path: Path):
    base = [roll("drift", 2, POLE), land(POLE, "2408"), roll("drop", 4, POLE)]
    assert rules_in(lake_world(tmp_path / "a"), *poles(*base, loss(POLE, 1, "drop"), move(POLE, "2408", "2409"))) \
        == ["TIS 17.2.1"]
    bare = findings_in(lake_world(tmp_path / "b", row=False), *poles(*base, move(POLE, "2408", "2409")))
    assert [f["rule"] for f in bare if f["severity"] == "could-not-check"] == ["TIS 17.2.1"]
    assert not [f for f in bare if f["severity"] == "error"]


def test_17_2_3_a_unit_landing_on_open_sea_is_eliminated(tmp_path: Path):
    ring = RING
    game = world(tmp_path, game=manifest(), board=water("sea", ring))
    drop = [roll("drift", 2, POLE), land(POLE, "2408")]
    assert rules_in(game, *poles(*drop, {"type": "loss", "unit": POLE, "eliminated": True, "reason": "drop"})) == []
    errs = [f for f in findings_in(game, *poles(*drop)) if f["severity"] == "error"]
    assert [f["rule"] for f in errs] == ["TIS 17.2.3"] and "no land next to it" in errs[0]["message"]


def test_17_2_3_a_sea_hex_near_land_is_read_as_a_lake(tmp_path: Path):
    game = world(tmp_path, game=manifest(), board=water("sea", ["2408"]))
    # policy drop_sea_near_land = as_lake: placed on the closest land hex
    drop = [roll("drift", 2, POLE), land(POLE, "2408")]
    assert rules_in(game, *poles(*drop, move(POLE, "2408", "2409"))) == []
    assert rules_in(game, *poles(*drop)) == ["TIS 17.2.3"]


def test_17_2_2_a_lake_far_from_land_follows_policy_drop_lake_far_from_land(tmp_path: Path):
    ring = RING
    drop = poles(roll("drift", 2, POLE), land(POLE, "2408"), move(POLE, "2408", "2409", "2410"))
    # the rule's text (default): the closest land hex, 2 away
    assert rules_in(world(tmp_path / "a", game=manifest(), board=water("lake", ring)), *drop) == []

    def chart(g: dict) -> None:
        manifest()(g)
        g["rules"].setdefault("policies", {})["drop_lake_far_from_land"] = "eliminated"
    assert rules_in(world(tmp_path / "b", game=chart, board=water("lake", ring)), *drop) == ["TIS 17.2.2"]
