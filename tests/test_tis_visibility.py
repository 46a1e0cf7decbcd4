"""TiS visibility [3.5], written from the rulebook (seed 002, [3.5.1]-[3.5.6]), in the checks that need it: fire at
range in the exterior zone [15.2.6], single-handed artillery fire at visible or identified units [9.6.3] and recon
identification at 2 hexes [11.4.4]. Each with a breaking and a legal log.

Arnhem map (bundled): 1823 and 2023 are clear with the city hexes 1923 and 1924 on both fields between them [3.5.3];
1822-2023 runs straight through the city at 1923; 0133-0333 runs along the hexside of woods 0233 and clear 0232;
0911-1511 clear; 1504 woods, seen from 1305 over clear 1404. Terrain rows blocking sight: woods, city (illustrative)
and hills ([3.5.3] names them).
"""

from __future__ import annotations

import json
import shutil

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.test_tis_artillery import err_rules, patched
from tests.test_tis_combat import IG2, RA147
from tests.test_tis_far import PZ, far, shots
from tests.test_tis_movement import GARRISON, PARA, RECCE, phase, rules, setup, stage
from tests.test_tis_results import RA116, fire


def duel(at: str, pz: str, zone: str = "exterior") -> list[dict]:
    return [setup(IG2, at), setup(PZ, pz), stage(), phase("movement"), far(IG2, PZ, zone), *shots(1)]


# ---- [15.2.6] with [3.5.1], [3.5.3], [3.5.4], [3.5.6] ------------------------------------------------------------
def test_15_2_6_and_3_5_1_exterior_fire_needs_sight_which_reaches_2_hexes():
    found = rules(*duel("1011", "1311"))
    assert found == ["TIS 15.2.6"]
    assert rules(*duel("1011", "1211")) == []
    # the interior zone asks no sight
    assert rules(*duel("1011", "1311", "interior")) == []


def test_3_5_3_two_blocking_fields_between_hide_the_hexes():
    assert rules(*duel("1823", "2023")) == ["TIS 15.2.6"]
    # one field of woods and one of clear: not both, so visible
    assert rules(*duel("0133", "0333")) == []


def test_3_5_3_one_hex_between_policy_visibility_one_hex(tmp_path):
    # 1822-2023 runs through the city at 1923 alone: blocks by default, not under "clear"
    assert err_rules(patched(tmp_path / "a", *duel("1822", "2023"))) == ["TIS 15.2.6"]
    assert err_rules(patched(tmp_path / "b", *duel("1822", "2023"), policies={"visibility_one_hex": "clear"})) == []


def test_3_5_4_units_in_woods_are_seen_only_from_next_door(tmp_path):
    # the Panzer made a motorized unit with ARMOR 2 (not armoured [2.0]: no ZoC that bars exterior fire [15.2.5])
    armor2 = {PZ: {"class": "motorized", "faces": {"front": {"kind": "values", "values": {"gun": 4, "armor": 2}},
                                                   "back": {"kind": "blank"}}}}
    assert err_rules(patched(tmp_path / "a", *duel("1305", "1504"), counters=armor2)) == ["TIS 15.2.6"]
    assert err_rules(patched(tmp_path / "b", *duel("1404", "1504"), counters=armor2)) == []


def test_3_5_6_at_night_only_adjacent_hexes_are_visible(tmp_path):
    night = {"night_stage": 2}  # the first stage of scenario I is 17 IX 2e
    found = patched(tmp_path / "a", *duel("1011", "1211"), policies=night)
    assert "TIS 15.2.6" in err_rules(found)
    assert "at night" in next(f["message"] for f in found if f["rule"] == "TIS 15.2.6")
    assert "TIS 15.2.6" not in err_rules(patched(tmp_path / "b", *duel("1111", "1211"), policies=night))


def test_3_5_3_without_blocks_los_in_the_terrain_table_sight_is_could_not_check(tmp_path):
    terrain = json.loads((REPO / "games" / "arnhem44.json").read_text())["rules"]["tables"]["terrain"]
    bare = {k: {f: v for f, v in row.items() if f != "blocks_los"} if isinstance(row, dict) else row
            for k, row in terrain.items()}
    found = patched(tmp_path, *duel("1823", "2023"), tables={"terrain": bare})
    assert err_rules(found) == []
    assert [f["rule"] for f in found if f["severity"] == "could-not-check" and "15.2.6" in f["rule"]] == \
        ["TIS 15.2.6"]


def test_3_5_2_a_scarp_between_adjacent_hexes_is_a_warning(tmp_path):
    """Which side of a scarp is above is not in the map data: a judgement, reported as a warning."""
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    mpath = tmp_path / "maps" / "arnhem44.json"
    maps = json.loads(mpath.read_text())
    maps["maps"][0].setdefault("hexsides", []).append({"hexes": ["1111", "1211"], "type": "scarp"})
    mpath.write_text(json.dumps(maps))
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}},
           *duel("1111", "1211")]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl",
                        tmp_path / "games" / "arnhem44.json", "arnhem").to_dict()["findings"]
    assert [f["rule"] for f in found if f["severity"] == "warning" and "15.2.6" in f["rule"]] == ["TIS 15.2.6"]
    assert not [f for f in found if f["severity"] == "error" and "15.2.6" in f["rule"]]


# ---- [9.6.3] ----------------------------------------------------------------------------------------------------
def single_handed(*spotters: dict, target: str = "1211", guns: tuple[str, str] = ("1115", "1116")) -> list[dict]:
    return [*spotters, setup(RA147, guns[0]), setup(RA116, guns[1]), setup(GARRISON, target), stage(),
            phase("combat"), fire([RA147, RA116], [GARRISON], "fire")]


def test_9_6_3_artillery_fires_only_at_units_a_friend_sees():
    # 147 RA and 116 RA are 4 and 5 hexes from the garrison: no friend sees it
    assert rules(*single_handed()) == ["TIS 9.6.3"]
    assert rules(*single_handed(setup(PARA, "1011"))) == []  # 2 hexes, clear between


def test_9_6_3_in_woods_only_an_adjacent_unit_or_a_recon_unit_sees_it():
    woods = {"target": "1504", "guns": ("1508", "1509")}
    assert rules(*single_handed(setup(PARA, "1305"), **woods)) == ["TIS 9.6.3"]
    assert rules(*single_handed(setup(RECCE, "1305"), **woods)) == []  # recon units see in [3.5.4]


def test_9_6_3_policy_artillery_visibility_firer(tmp_path):
    # the firing artillery itself must see: 147 RA and 116 RA at 1311/1312, the spotter's eyes do not count
    log = [setup(PARA, "1011"), setup(RA147, "1311"), setup(RA116, "1312"), setup(GARRISON, "1211"), stage(),
           phase("combat"), fire([RA147, RA116], [GARRISON], "fire")]
    assert "TIS 9.6.3" not in err_rules(patched(tmp_path / "a", *log, policies={"artillery_visibility": "firer"}))
    far_off = single_handed(setup(PARA, "1011"))
    assert "TIS 9.6.3" in err_rules(patched(tmp_path / "b", *far_off, policies={"artillery_visibility": "firer"}))


def test_3_5_5_an_identified_unit_stays_a_target_to_the_end_of_the_next_own_combat_phase():
    """The Recce identifies the garrison in the woods at 1504 from 1404 (adjacent), then moves off to 1204 (3 hexes)
    where it no longer sees it: the artillery may still fire at the identified garrison in that combat phase."""
    ident = {"type": "identify", "unit": RECCE, "hex": "1504", "identified": True}
    die = {"type": "roll", "purpose": "identify", "dice": [5]}
    base = [setup(RECCE, "1404"), setup(RA147, "1508"), setup(RA116, "1509"), setup(GARRISON, "1504"), stage(),
            phase("movement"), ident, die, {"type": "move", "unit": RECCE, "path": ["1404", "1304", "1204"]},
            phase("combat")]
    shoot = fire([RA147, RA116], [GARRISON], "fire")
    assert "TIS 9.6.3" not in rules(*base, shoot)
    # a stage later the identification has lapsed
    assert "TIS 9.6.3" in rules(*base, phase("supply"), stage(2), phase("movement"), phase("combat"), shoot)


# ---- [11.4.4] ---------------------------------------------------------------------------------------------------
def test_11_4_4_identification_at_2_hexes_needs_a_line_of_sight():
    ident = {"type": "identify", "unit": RECCE, "hex": "2023", "identified": False}
    die = {"type": "roll", "purpose": "identify", "dice": [1]}
    blocked = [setup(RECCE, "1823"), setup(GARRISON, "2023"), stage(), phase("movement"), ident, die]
    assert rules(*blocked) == ["TIS 11.4.4"]
    clear = [setup(RECCE, "1011"), setup(GARRISON, "1211"), stage(), phase("movement"),
             {**ident, "hex": "1211"}, die]
    assert rules(*clear) == []
