"""Guards Tank: Prochorovka bundled data checked against the rulebook (seed 000, GT 24, 28.5, errata).

Expected values are copied from the rulebook text (section cited next to each) or computed here from the map's own
hexsides with ``modgen.geometry.hexgrid``; none is read back from the data under test.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from modgen.cli import cli
from modgen.data.validate import is_valid, validate_game
from modgen.geometry.hexgrid import Grid

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "games" / "guardstank.json"


def _load(rel: str) -> dict:
    return json.loads((REPO / rel).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def manifest() -> dict:
    return _load("games/guardstank.json")


@pytest.fixture(scope="module")
def units() -> dict[str, dict]:
    return {c["id"]: c for c in _load("counters/guardstank.json")["counters"]}


@pytest.fixture(scope="module")
def hexmap() -> dict:
    return _load("maps/guardstank.json")["maps"][0]


@pytest.fixture(scope="module")
def grid(hexmap: dict) -> Grid:
    return Grid.from_map(hexmap)


@pytest.fixture(scope="module", params=["short", "long"])
def scenario(request: pytest.FixtureRequest) -> dict:
    return _load(f"scenarios/guardstank/{request.param}.json")


@pytest.fixture(scope="module")
def german_zone(hexmap: dict, grid: Grid) -> set[str]:
    """Hexes reachable from the south-west corner without crossing the front-line hexsides."""
    front = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] == "front_line"}
    start = grid.label(0, hexmap["grid"]["rows"] - 1)
    todo, seen = [start], {start}
    while todo:
        h = todo.pop()
        for n in grid.neighbours(h):
            if n and n not in seen and frozenset((h, n)) not in front:
                seen.add(n)
                todo.append(n)
    assert len(seen) < hexmap["grid"]["columns"] * hexmap["grid"]["rows"] / 2, "the front line must enclose the south"
    return seen


def _areas(hexmap: dict) -> dict[str, dict]:
    return {a["id"]: a for a in hexmap["areas"]}


# ---- validation ------------------------------------------------------------------------------------------------
def test_validates_without_issues() -> None:
    issues = validate_game(GAME)
    assert is_valid(issues), "\n".join(str(i) for i in issues)


def test_cli_validate_exits_zero() -> None:
    result = CliRunner().invoke(cli, ["validate", str(GAME)])
    assert result.exit_code == 0, result.output


# ---- scenarios (GT 24.2, 24.4) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("sid", "turns", "last"), [("short", 9, "13 Jul"), ("long", 13, "17 Jul")])
def test_length(sid: str, turns: int, last: str) -> None:
    sc = _load(f"scenarios/guardstank/{sid}.json")
    # 24.4: short 5-13 July 1943, long 5-17 July 1943; 24.3: one day per turn.
    assert sc["turns"]["count"] == turns
    assert sc["turns"]["labels"][0] == "5 Jul" and sc["turns"]["labels"][-1] == last
    assert sc["year"] == 1943


def test_players(scenario: dict) -> None:
    assert scenario["first_player"] == "german" and scenario["deploys_first"] == "german"  # 24.2


# ---- manifest tables ------------------------------------------------------------------------------------------
def test_events_table_as_printed(manifest: dict) -> None:
    ev = manifest["rules"]["tables"]["events"]
    assert ev["die"] == "1d6" and ev["source"]["values"] == "rulebook"
    texts = {k: v["text"] for k, v in ev["results"].items()}
    # GT 24.8, Prokhorovka Events Table, verbatim.
    assert texts["1"] == texts["2"] == "No Effect."
    assert texts["3"].startswith("Run into anti-tank ditch/minefield: roll one die. On a 1-2, the Soviet player")
    assert texts["4"].startswith("Soviet Orel offensive:")
    assert texts["5"] == "Weather this turn: Hazy"
    assert texts["6"] == "Weather this turn: Light Precipitation"
    sub = ev["results"]["3"]["subroll"]
    assert (sub["1-2"], sub["3-5"], sub["6"]) == ("suppress_german_armored", "suppress_soviet_armored", "no_effect")
    assert ev["results"]["4"]["permanent"] is True


def test_weather_chart(manifest: dict) -> None:
    w = manifest["rules"]["tables"]["weather"]
    assert (w["clear"]["los"], w["hazy"]["los"]) == (12, 6)  # "Twelve hexes", "Six hexes"
    assert w["hazy"]["air"].startswith("halve") and w["fog"]["command_radius"] == -1


def test_airborne_landing_table(manifest: dict) -> None:
    t = manifest["rules"]["tables"]["airborne_landing"]
    assert [t["results"][str(d)] for d in range(1, 9)] == ["AL"] * 5 + ["SC", "SC", "EL"]  # 28.5
    assert t["drm"] == {"airfield": -1, "clear": 0, "village": 0, "other_terrain": 1, "enemy_zoc": 1,
                        "enemy_aa_range": 2, "soviet": 1}


def test_heavy_tanks_stack_free(manifest: dict, units: dict) -> None:
    german = next(r for r in manifest["rules"]["tables"]["stacking"] if r["nationality"] == "german")
    assert german["limit"] == 3 and german["free_tags"] == ["heavy_tank_company"]  # 9.2; 24.6 special units
    heavy = [u for u in units.values() if "heavy_tank_company" in u.get("tags", [])]
    assert heavy and all(u["symbol"]["size"] == "I" and "armour" in u["symbol"]["types"] for u in heavy)


def test_policies_follow_the_gt_text(manifest: dict) -> None:
    pol = manifest["rules"]["policies"]
    assert pol["road_movement_ezoc"] == "gt" and pol["overstack_vp"] == "count"  # GT 8.7(3), GT 9.1


# ---- counters (GT 24.6, 24.7) ---------------------------------------------------------------------------------
def test_air_pools_and_supply(units: dict) -> None:
    air = Counter((u["side"], u["designation"]) for u in units.values() if u.get("class") == "air")
    assert air == Counter({("german", "GA"): 8, ("german", "MB"): 4, ("soviet", "GA"): 3, ("soviet", "MB"): 3})
    sup = Counter(u["side"] for u in units.values() if u.get("class") == "supply")
    assert sup == Counter({"german": 4, "soviet": 2})


def test_three_battlegroup_hqs_per_ss_division(units: dict) -> None:
    hqs = Counter(u["formation"] for u in units.values() if u.get("class") == "hq" and u["side"] == "german")
    assert hqs["lah"] == hqs["dr"] == hqs["t"] == 3  # 24.6 command structure
    assert {"de.sspzk.hq", "de.arko312.hq", "de.315.hq"} <= set(units)


def test_soviet_formations(units: dict) -> None:
    forms = {u.get("formation") for u in units.values()}
    # 24.7: seven divisions of 6th Guards Army, six corps of 5th Guards Tank Army.
    assert {"52grd", "375rd", "51grd", "42grd", "95grd", "183rd", "9gad"} <= forms
    assert {"2tc", "2gtc", "5gtc", "18tc", "29tc", "5mc"} <= forms
    assert {"su.6ga.hq", "su.23grc.hq", "su.5gta.hq"} <= set(units)


def test_untried_units_are_soviet(units: dict) -> None:
    untried = [u for u in units.values() if (u["faces"].get("back") or {}).get("kind") == "untried"]
    assert untried and all(u["side"] == "soviet" for u in untried)  # GT 2.5: "Soviet untried units"


# ---- map ---------------------------------------------------------------------------------------------------------
def test_objectives(hexmap: dict) -> None:
    vp = {o["name"]: (o["hex"], o["vp"]["german_at_end"]) for o in hexmap["objectives"]}
    north, prok, malo = (vp["Objective on the north map edge"], vp["Prokhorovka"], vp["Objective east of Maloyabonova"])
    assert (north[1], prok[1], malo[1]) == (5, 10, 5)  # 24.5
    assert north[0].endswith("01")  # on the north map edge
    places = {p["name"]: p["hexes"] for p in hexmap["places"]}
    assert prok[0] in places["Prokhorovka"]
    assert int(malo[0][:2]) > int(places["Maloyabonova"][0][:2])  # east of Maloyabonova


def test_fortification_lines_run_south_to_north(hexmap: dict, german_zone: set[str]) -> None:
    a = _areas(hexmap)
    lines = [a[f"fortification_line_{n}"]["hexes"] for n in (1, 2, 3)]
    assert all(lines)
    mean_row = [sum(int(h[2:]) for h in hs) / len(hs) for hs in lines]
    assert mean_row[0] > mean_row[1] > mean_row[2]  # the 1st line faces the Germans in the south
    assert not set().union(*lines) & german_zone  # all are Soviet fortifications north of the front line
    assert all(hexmap["hexes"].get(h) == "fortification" for hs in lines for h in hs)


def test_friendly_edges(hexmap: dict, german_zone: set[str]) -> None:
    a = _areas(hexmap)
    rows, cols = hexmap["grid"]["rows"], hexmap["grid"]["columns"]
    south = {f"{c:02d}{rows:02d}" for c in range(1, cols + 1)}
    assert south - set(a["german_edge"]["exclude"]) == south & german_zone  # "south, west of initial front line"
    line2_east = next(int(h[2:]) for h in a["fortification_line_2"]["hexes"] if int(h[:2]) == cols)
    east = set(a["soviet_edge"]["hexes"])
    # 24.7: north edge plus all east hexes north of the 2nd fortification line (exclusive)
    assert a["soviet_edge"]["edge"] == "north"
    assert east == {f"{cols:02d}{r:02d}" for r in range(1, line2_east)}


def test_lines_are_adjacent(hexmap: dict, grid: Grid) -> None:
    for line in hexmap["lines"]:
        for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
            assert grid.distance(a, b) == 1, (line["type"], a, b)


# ---- setup (GT 24.6, 24.7) -------------------------------------------------------------------------------------
def test_setup_sides_of_the_front(scenario: dict, units: dict, german_zone: set[str], grid: Grid,
                                  hexmap: dict) -> None:
    a = _areas(hexmap)
    on_map = {e["unit"]: e["hex"] for e in scenario["setup"] if "hex" in e}
    for u, h in on_map.items():
        assert (h in german_zone) == (units[u]["side"] == "german"), u
    line1, line2 = a["fortification_line_1"]["hexes"], a["fortification_line_2"]["hexes"]

    def near(h: str, line: list[str]) -> bool:
        return min(grid.distance(h, f) for f in line) <= 2

    first = [u for u in on_map if units[u].get("formation") in ("52grd", "375rd")]
    first += ["su.23grc.hq", "su.6ga.tb1", "su.6ga.at1", "su.6ga.at2", "su.6ga.art1", "su.6ga.mor"]
    second = [u for u in on_map if units[u].get("formation") == "51grd"]
    second += ["su.6ga.hq", "su.6ga.at3", "su.6ga.rkt", "su.6ga.aa"]
    assert len(first) == 14 and len(second) == 8
    assert all(near(on_map[u], line1) for u in first)
    assert all(near(on_map[u], line2) for u in second)
    assert on_map["su.supply.1"] not in german_zone and on_map["su.supply.2"] not in german_zone


def test_setup_stacking(scenario: dict, units: dict) -> None:
    per_hex: dict[str, list[str]] = {}
    for e in scenario["setup"]:
        if "hex" in e:
            per_hex.setdefault(e["hex"], []).append(e["unit"])
    for h, us in per_hex.items():
        heavy = [u for u in us if "heavy_tank_company" in units[u]["tags"]]
        counted = len(us) - len(heavy)
        side = units[us[0]]["side"]
        assert counted <= (3 if side == "german" else 2), h  # 9.2, 9.4 (Soviet 1943: 2)
        assert len(heavy) <= 1, h


def test_every_unit_placed_once(scenario: dict, units: dict) -> None:
    placed = Counter(e["unit"] for e in scenario["setup"])
    assert set(placed) == {u for u, r in units.items() if r["kind"] == "unit"} and max(placed.values()) == 1


def test_soviet_reinforcement_rolls(scenario: dict) -> None:
    by_group = {r["group"]: r for r in scenario["reinforcements"]}
    for g in ("42grd", "95grd", "183rd", "9gad"):  # 24.7: "On a 5-6 they appear"
        assert by_group[g]["roll"] == {"die": "1d6", "on": [5, 6]}
        assert by_group[g]["pool_draw"] == {"pool": "6gda_pool", "count": 1}
    for g in ("2tc", "2gtc", "5gtc", "18tc", "29tc", "5mc"):
        r = by_group[g]
        assert r["roll"]["requires"] == {"side": "german", "in_area": "north_of_line_1"}  # no roll before line 1
        assert [(t["in_area"], t["on"]) for t in r["roll"]["by_area"]] == [
            ("north_of_line_1", [6]), ("north_of_line_2", [5, 6]), ("north_of_line_3", [4, 5, 6])]
        assert r["pool_draw"]["pool"] == "5gdta_pool"
    assert all(r["side"] == "soviet" for r in scenario["reinforcements"])  # "German Ground Reinforcements: None."


def test_victory_points(scenario: dict) -> None:
    v = scenario["victory"]
    assert v["german"]["eliminations"] == [{"units": "armored", "vp": 2}, {"units": "other", "vp": 1}]
    assert [e["vp"] for e in v["soviet"]["eliminations"]] == [4, 3, 2]
    assert v["soviet"]["at_end"]["areas"] == [{"area": "fortification_line_1", "vp_per_hex": 1},
                                              {"area": "fortification_line_2", "vp_per_hex": 0.5}]
    assert sorted(o["vp"] for o in v["german"]["at_end"]["objectives"]) == [5, 5, 10]
    assert (v["german"]["at_end"]["loc_to"], v["soviet"]["at_end"]["loc_to"]) == ("south_edge", "north_edge")


def test_road_and_rail_river_crossings_have_bridges(hexmap: dict) -> None:
    water = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] in ("minor_river", "stream")}
    bridges = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] == "bridge"}
    crossings = [frozenset((a, b)) for ln in hexmap["lines"] if ln["type"] in ("road", "rail")
                 for a, b in zip(ln["hexes"], ln["hexes"][1:], strict=False) if frozenset((a, b)) in water]
    assert crossings and set(crossings) <= bridges  # 8.10: a printed bridge lets roads cross without extra MP
