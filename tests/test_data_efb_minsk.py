"""Minsk '44 bundled data checked against the rulebook (seed 001, MK 24).

Every expected value below is copied from the rulebook text (section cited next to it) or computed here from the
map's own hexsides and lines with ``modgen.geometry.hexgrid``, never read back from the data under test.
"""

from __future__ import annotations

import colorsys
import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from modgen.cli import cli
from modgen.data.validate import is_valid, validate_game
from modgen.geometry.hexgrid import Grid

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "games" / "minsk44.json"


def _load(rel: str) -> dict:
    return json.loads((REPO / rel).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def manifest() -> dict:
    return _load("games/minsk44.json")


@pytest.fixture(scope="module")
def units() -> dict[str, dict]:
    return {c["id"]: c for c in _load("counters/minsk44.json")["counters"]}


@pytest.fixture(scope="module")
def hexmap() -> dict:
    return _load("maps/minsk44.json")["maps"][0]


@pytest.fixture(scope="module")
def grid(hexmap: dict) -> Grid:
    return Grid.from_map(hexmap)


@pytest.fixture(scope="module")
def scenario() -> dict:
    return _load("scenarios/minsk44/historical.json")


@pytest.fixture(scope="module")
def west_bank(hexmap: dict, grid: Grid) -> set[str]:
    """Hexes reachable from the west map edge without crossing a major-river hexside (the Berezina)."""
    river = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] == "major_river"}
    cols, rows = hexmap["grid"]["columns"], hexmap["grid"]["rows"]
    todo = [grid.label(0, r) for r in range(rows)]
    seen = set(todo)
    while todo:
        h = todo.pop()
        for n in grid.neighbours(h):
            if n and n not in seen and frozenset((h, n)) not in river:
                seen.add(n)
                todo.append(n)
    assert len(seen) < cols * rows, "the Berezina must cut the map in two"
    return seen


def _hue(color: str) -> tuple[float, float, float]:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    return h * 360, s, v


# ---- the game validates ---------------------------------------------------------------------------------------
def test_validates_without_issues() -> None:
    issues = validate_game(GAME)
    assert is_valid(issues), "\n".join(str(i) for i in issues)


def test_cli_validate_exits_zero() -> None:
    result = CliRunner().invoke(cli, ["validate", str(GAME)])
    assert result.exit_code == 0, result.output


# ---- manifest: sides and colours (MK 24.2) ---------------------------------------------------------------------
def test_sides(manifest: dict) -> None:
    assert [s["id"] for s in manifest["sides"]] == ["german", "soviet"]


@pytest.mark.parametrize(("formation", "hue_range"), [
    ("vonsaucken", (70, 170)),  # Group von Saucken: green background
    ("5pz", (70, 170)),         # 5th Panzer Division: green background
    ("luftwaffe", (190, 250)),  # Luftwaffe: blue background
    ("5gta", (345, 375)),       # 5th Guards Tank Army: red background
    ("3gmc", (18, 40)),         # 3rd Guards Mechanized Corps: orange background
    ("vvs", (38, 56)),          # Red Air Force: mustard background
])
def test_group_background_colours(manifest: dict, formation: str, hue_range: tuple[int, int]) -> None:
    f = next(f for f in manifest["formations"] if f["id"] == formation)
    h, s, _ = _hue(f["background"])
    lo, hi = hue_range
    assert s > 0.3, f"{formation} background is grey: {f['background']}"
    assert lo <= h <= hi or lo <= h + 360 <= hi, f"{formation} hue {h:.0f} outside {hue_range}"


def test_eleventh_guards_army_is_brown(manifest: dict) -> None:
    f = next(f for f in manifest["formations"] if f["id"] == "11ga")
    h, s, v = _hue(f["background"])
    assert 15 <= h <= 40 and s > 0.4 and v < 0.6, f["background"]  # brown = dark orange


def test_formations_wear_their_group_colour(manifest: dict) -> None:
    # 24.2 colours are per group: every formation of a group shares the group's background.
    forms = {f["id"]: f for f in manifest["formations"]}

    def group(fid: str) -> str:
        while forms[fid]["parent"] not in (None, "fd", "vonsaucken"):
            fid = forms[fid]["parent"]
        return fid

    for fid in ("3gtc", "29tc"):
        assert group(fid) == "5gta" and forms[fid]["background"] == forms["5gta"]["background"]
    for fid in ("2gtc", "8gc", "16gc", "36gc"):
        assert group(fid) == "11ga" and forms[fid]["background"] == forms["11ga"]["background"]
    assert len({forms[f]["background"] for f in ("5gta", "11ga", "3gmc", "vvs")}) == 4
    assert forms["luftwaffe"]["background"] != forms["vonsaucken"]["background"]


def test_symbol_colours(manifest: dict) -> None:
    # 24.2: German groups have black types/icons, Soviet groups white.
    for f in manifest["formations"]:
        want = "#000000" if f["side"] == "german" else "#ffffff"
        assert f["symbol_color"].lower() == want, f["id"]


def test_command_tree(manifest: dict) -> None:
    parents = {f["id"]: f["parent"] for f in manifest["formations"]}
    side = {f["id"]: f["side"] for f in manifest["formations"]}

    def root(fid: str) -> str:
        while parents[fid]:
            fid = parents[fid]
        return fid

    # 24.6 command 1: HQ von Saucken commands all German units -> every German ground formation below it.
    for fid in ("5pz", "7pz", "31id", "267id", "170id", "221sich", "23flak", "kgflorke", "kggottberg", "kganhalt",
                "39k"):
        assert root(fid) == "vonsaucken", fid
    # 24.7 command 4: FD HQ commands any Soviet unit; 3rd GMC is in neither army (command 3 note).
    for fid in ("5gta", "11ga", "3gtc", "2gtc", "3gmc"):
        assert root(fid) == "fd", fid
    assert parents["3gmc"] == "fd"
    # 24.7 item 6 ("11th Guards Army (all units other than those received under (3) and (5))"): 2 GTC is 11GA's.
    assert parents["2gtc"] == "11ga"
    assert parents["3gtc"] == "5gta"
    assert all(side[p] == side[f] for f, p in parents.items() if p)


def test_policies_follow_the_minsk_text(manifest: dict) -> None:
    pol = manifest["rules"]["policies"]
    assert pol["overstack_vp"] == "no_count"  # MK 9.1: overstack eliminations do not count for VPs
    assert pol["one_time_rp"] == "same_turn"  # MK 6.12
    assert pol["halving_rounding"] == "down"  # MK 7.7, 10.10 "(rounding down)"


def test_tables_marked_illustrative(manifest: dict) -> None:
    tables = manifest["rules"]["tables"]
    for name in ("mobile", "assault", "ranged"):
        assert tables["crt"][name]["source"]["values"] == "illustrative"  # MK prints no CRT
    assert tables["tec"]["woods"]["source"]["values"] == "illustrative"  # nor a TEC
    # The few TEC facts the prose gives: clear 1 MP (8.6), woods 2 MP for armour (8.11), road 1/3 (8.7),
    # rail and trail 1 (8.8, 8.9), bridges cost nothing (8.10), swamp gives the attacker +1 column (MK 11.2).
    tec = tables["tec"]
    assert tec["clear"]["mp"] == 1 and tec["woods"]["mp"]["armored"] == 2 and tec["road"]["mp"] == "1/3"
    assert tec["rail"]["mp"] == tec["trail"]["mp"] == 1 and tec["bridge"]["mp"] == 0 and tec["bridge"]["bridge"]
    assert tec["swamp"]["shift"] == 1
    assert tec["city"]["mobile_forbidden"] and tec["city"]["stand_fast"]  # 11.11, 13.1
    # Printed prose that is data: 1944 Soviet stacking 2 (9.4), fire control 2/3 (22.4), 4 airstrikes per hex (17.9).
    def soviet_1944(table: str) -> list[dict]:
        return [r for r in tables[table] if r["nationality"] == "soviet" and r["years"][0] <= 1944 <= r["years"][1]]

    assert [r["limit"] for r in soviet_1944("stacking")] == [2]
    assert [(r["fpf_close_support"], r["bombardment"]) for r in soviet_1944("fire_control")] == [(2, 3)]
    assert [r["limit"] for r in soviet_1944("air_per_hex")] == [4]
    assert tables["ranged_max_differential"] == 16  # MK 2.2 errata
    # 11.12 example: +6 shifted two columns left lands on "+2,3"; 12.16: +3 shifted one left lands on "+1".
    cols = tables["crt"]["assault"]["columns"]
    labels = [c["label"] for c in cols]

    def column(diff: int) -> int:
        return next(i for i, c in enumerate(cols) if (c["min"] is None or c["min"] <= diff)
                    and (c["max"] is None or diff <= c["max"]))

    col6, col3 = column(6), column(3)
    assert labels[col6 - 2] == "+2,3"
    assert labels[col3 - 1] == "+1"


# ---- map (MK 24.5, efb.md section 3) ---------------------------------------------------------------------------
def test_grid_size_and_numbering(hexmap: dict, grid: Grid) -> None:
    assert hexmap["grid"]["orientation"] == "flat"
    assert hexmap["grid"]["columns"] >= 48 and hexmap["grid"]["rows"] >= 26  # Bopr 4807, Minsk 1126
    assert grid.label(0, 0) == "0101"
    assert grid.position("4807") == (47, 6)


@pytest.mark.parametrize(("name", "hex_"), [
    ("Minsk", "1126"), ("Moldechno", "0108"), ("Krupki", "4209"), ("Borisov", "3114"), ("Berezino", "4225"),
    ("Bopr", "4807")])
def test_named_towns_at_printed_hexes(hexmap: dict, name: str, hex_: str) -> None:
    place = next(p for p in hexmap["places"] if p["name"] == name)
    assert hex_ in place["hexes"]
    assert hexmap["hexes"].get(hex_) in ("town", "city")


def test_minsk_is_a_city_of_several_hexes(hexmap: dict, grid: Grid) -> None:
    # 24.5 "Minsk (hex 1126 only, city center)" and 24.6 "any hex of the city of Minsk": several city hexes.
    minsk = next(p for p in hexmap["places"] if p["name"] == "Minsk")["hexes"]
    assert len(minsk) > 1 and all(hexmap["hexes"][h] == "city" for h in minsk)
    assert all(grid.distance("1126", h) <= 1 for h in minsk)


@pytest.mark.parametrize(("hex_", "name", "german_vp", "soviet_vp"), [
    ("1126", "Minsk", 4, 12), ("0108", "Moldechno", 2, 6), ("4209", "Krupki", 1, 3), ("3114", "Borisov", 1, 3),
    ("4225", "Berezino", 1, 3), ("4807", "Bopr", 1, 1)])
def test_objectives_vp_from_24_5(hexmap: dict, scenario: dict, hex_: str, name: str, german_vp: int,
                                 soviet_vp: int) -> None:
    obj = next(o for o in hexmap["objectives"] if o["hex"] == hex_)
    assert name in obj["name"]
    assert obj["vp"] == {"german_per_turn": german_vp, "soviet_at_end": soviet_vp}
    assert obj["source"]["values"] == "rulebook"
    ger = next(o for o in scenario["victory"]["german"]["each_turn"]["objectives"] if o["hex"] == hex_)
    sov = next(o for o in scenario["victory"]["soviet"]["at_end"]["objectives"] if o["hex"] == hex_)
    assert (ger["vp"], sov["vp"]) == (german_vp, soviet_vp)


def test_berezina_runs_north_to_south(hexmap: dict, west_bank: set[str]) -> None:
    # Minsk and Moldechno lie west of the river, Krupki and Bopr east of it; Borisov sits on it.
    assert {"1126", "0108"} <= west_bank
    assert not {"4209", "4807"} & west_bank
    river_hexes = {h for s in hexmap["hexsides"] if s["type"] == "major_river" for h in s["hexes"]}
    assert "3114" in river_hexes and "4225" in river_hexes
    rows = {int(h[2:]) for h in river_hexes}
    assert min(rows) == 1 and max(rows) == hexmap["grid"]["rows"], "the river crosses the whole map"


def test_lines_are_adjacent_hexes(hexmap: dict, grid: Grid) -> None:
    for line in hexmap["lines"]:
        for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
            assert grid.distance(a, b) == 1, (line["type"], a, b)


def test_krupki_borisov_minsk_railroad(hexmap: dict) -> None:
    # 24.5 / SR3: a railroad runs Krupki - Borisov - Minsk.
    rail = [ln["hexes"] for ln in hexmap["lines"] if ln["type"] == "rail"]
    assert any({"4209", "3114", "1126"} <= set(r) for r in rail)
    main = next(r for r in rail if {"4209", "3114", "1126"} <= set(r))
    i = sorted([main.index("1126"), main.index("3114"), main.index("4209")])
    assert i == [main.index("1126"), main.index("3114"), main.index("4209")], "Borisov lies between Minsk and Krupki"


def test_every_river_crossing_by_road_or_rail_has_a_bridge(hexmap: dict) -> None:
    water = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] in ("major_river", "minor_river", "stream")}
    bridges = {frozenset(s["hexes"]) for s in hexmap["hexsides"] if s["type"] == "bridge"}
    for line in hexmap["lines"]:
        if line["type"] in ("road", "rail"):
            for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
                if frozenset((a, b)) in water:
                    assert frozenset((a, b)) in bridges, (a, b)
    assert frozenset(("3114", "3214")) in bridges  # the Borisov crossing the 24.5 railroad needs


def test_rail_vp_areas(hexmap: dict) -> None:
    areas = {a["id"]: a for a in hexmap["areas"]}
    rail = set().union(*(ln["hexes"] for ln in hexmap["lines"] if ln["type"] == "rail"))
    kb, bm = set(areas["rail_krupki_borisov"]["hexes"]), set(areas["rail_borisov_minsk"]["hexes"])
    assert kb and bm and kb <= rail and bm <= rail and not kb & bm
    # "between": west of Krupki and east of Borisov; west of Borisov and east of Minsk (columns grow eastwards).
    assert all(31 <= int(h[:2]) <= 42 for h in kb)
    assert all(11 <= int(h[:2]) <= 31 for h in bm)


def test_entry_areas(hexmap: dict, west_bank: set[str]) -> None:
    areas = {a["id"]: a for a in hexmap["areas"]}
    cols = hexmap["grid"]["columns"]
    north = {f"{c:02d}01" for c in range(1, cols + 1)}
    ne = north - set(areas["north_east_of_berezina"]["exclude"])
    nw = north - set(areas["north_west_of_berezina"]["exclude"])
    assert ne and nw and ne == north - west_bank and nw == north & west_bank
    assert areas["west_edge"]["edge"] == "west" and areas["east_edge"]["edge"] == "east"
    assert set(areas["west_of_berezina"]["hexes"]) == west_bank


# ---- counters (order of battle, MK 24.6/24.7) ------------------------------------------------------------------
def test_listed_units_exist(units: dict) -> None:
    designations = {u["designation"] for u in units.values() if u["kind"] == "unit"}
    # 24.6 east edge: "KG A/FHH, KG B/FHH, KG 12, KG 110, KG 337, A/Kav, B/Kav"
    assert {"A/FHH", "B/FHH", "KG 12", "KG 110", "KG 337", "A/Kav", "B/Kav"} <= designations
    assert {"185", "505", "Harko 302", "FB"} <= designations
    formations = {u.get("formation") for u in units.values()}
    assert {"5pz", "7pz", "31id", "267id", "170id", "221sich", "23flak", "kgflorke", "kggottberg", "kganhalt",
            "18ss", "16fj", "walkyrie", "3gtc", "2gtc", "3gmc", "8gc", "16gc", "5gta", "11ga"} <= formations


def test_supply_and_air_counts(units: dict) -> None:
    by = Counter((u["side"], u["class"]) for u in units.values() if u["kind"] == "unit")
    assert by[("german", "supply")] == 1  # 24.6 "1 x supply unit"
    assert by[("soviet", "supply")] == 2  # 24.7 "2 x supply units"
    air = Counter((u["side"], u["designation"]) for u in units.values() if u.get("class") == "air")
    assert air[("german", "GA")] == 1 and air[("german", "MB")] == 1  # 24.6 air power
    assert air[("soviet", "GA")] >= 4 and air[("soviet", "MB")] >= 2  # 24.7: 4 GA + 2 MB at the start


def test_hqs_have_command_radius(units: dict) -> None:
    hqs = [u for u in units.values() if u.get("class") == "hq"]
    named = {"de.vonsaucken.hq", "su.fd.hq", "su.5gta.hq", "su.11ga.hq", "su.3gtc.hq", "su.3gmc.hq"}  # 24.6/24.7
    assert named <= {u["id"] for u in hqs}
    for u in hqs:
        assert isinstance(u["faces"]["front"]["values"]["command_radius"], int)


def test_every_divisional_command_has_a_battle_group_hq(units: dict) -> None:
    # 24.6 command 2: each of these divisional commands "has one or more battle group HQs".
    hq_forms = Counter(u["formation"] for u in units.values() if u.get("class") == "hq")
    for f in ("5pz", "7pz", "31id", "267id", "170id", "221sich", "23flak", "kgflorke", "kggottberg", "kganhalt"):
        assert hq_forms[f] >= 1, f
    assert hq_forms["39k"] == 0  # command 3: the units of the 39 Corps have no HQ
    assert hq_forms["18ss"] == 1 and hq_forms["16fj"] == 1 and hq_forms["walkyrie"] == 0  # SR6


def test_garrison_has_zero_movement(units: dict) -> None:
    # SR4: "units that have a movement value of 0 (for example, the garrison unit starting in Minsk)"
    assert units["de.fp.garrison"]["faces"]["front"]["values"]["movement"] == 0


def test_untried_units_are_german(units: dict) -> None:
    untried = [u for u in units.values() if (u["faces"].get("back") or {}).get("kind") == "untried"]
    assert untried and all(u["side"] == "german" for u in untried)  # MK: the unproven units are German (SR1)


def test_invented_factors_are_marked(units: dict) -> None:
    for u in units.values():
        if u["kind"] == "unit" and u["faces"]["front"]["kind"] == "values":
            assert u["source"]["values"] == "illustrative", u["id"]  # MK prints no counter values
            assert u["source"]["rule"].startswith("MK 24."), u["id"]


def test_armored_tag_matches_symbol(units: dict) -> None:
    # 2.6: armored = the oval armour symbol, alone or overlaid (self-propelled, mechanized, assault gun).
    oval = {"armour", "mechanized", "assault_gun", "tank_destroyer", "self_propelled"}
    for u in units.values():
        if u["kind"] == "unit" and u["class"] != "air":
            assert ("armored" in u["tags"]) == bool(oval & set(u["symbol"]["types"])), u["id"]


def test_markers(units: dict) -> None:
    ids = {u["id"] for u in units.values() if u["kind"] == "marker"}
    assert {"marker.suppressed", "marker.ooc", "marker.turn", "marker.bridge", "marker.weather"} <= ids


# ---- scenario (MK 24.2-24.7) -----------------------------------------------------------------------------------
def test_scenario_frame(scenario: dict) -> None:
    assert scenario["turns"]["count"] == 6  # 24.4
    assert scenario["turns"]["labels"][0] == "27 Jun" and scenario["turns"]["labels"][-1] == "2 Jul"
    assert scenario["first_player"] == "soviet" and scenario["deploys_first"] == "german"  # 24.2
    assert scenario["year"] == 1944


def test_german_setup_obeys_24_6(scenario: dict, hexmap: dict, grid: Grid, units: dict, west_bank: set[str]) -> None:
    on_map = {e["unit"]: e["hex"] for e in scenario["setup"] if "hex" in e}
    minsk = set(next(p for p in hexmap["places"] if p["name"] == "Minsk")["hexes"])
    river_hexes = {h for s in hexmap["hexsides"] if s["type"] == "major_river" for h in s["hexes"]}
    rail = set().union(*(ln["hexes"] for ln in hexmap["lines"] if ln["type"] == "rail"))

    def group(prefix: str) -> list[str]:
        return [u for u in units if u.startswith(prefix) and units[u]["kind"] == "unit"]

    assert on_map["de.fp.garrison"] in minsk                                          # (1)
    for u in group("de.31id.") + group("de.267id.") + ["de.185.stug"]:                 # (2)
        assert min(grid.distance(on_map[u], r) for r in river_hexes) <= 1, u
    for u in group("de.5pz.") + ["de.505.tiger"]:                                      # (3), (4)
        assert any(grid.distance(on_map[u], r) <= 1 for r in rail), u
    assert on_map["de.harko302.art"] in minsk and on_map["de.supply.1"] in minsk       # (5)
    for u in ["de.vonsaucken.hq"] + group("de.23flak.") + group("de.kganhalt."):       # (6)
        assert on_map[u] in west_bank, u
    assert all(units[u]["side"] == "german" for u in on_map)  # 24.7: no Soviet unit deploys initially
    # 9.2: at most 3 German units per hex.
    assert max(Counter(on_map.values()).values()) <= 3


def test_every_unit_has_a_place(scenario: dict, units: dict) -> None:
    placed = Counter(e["unit"] for e in scenario["setup"])
    ground_and_air = {u for u, r in units.items() if r["kind"] == "unit"}
    assert set(placed) == ground_and_air and max(placed.values()) == 1


def test_unproven_units_start_unproven(scenario: dict, units: dict) -> None:
    for e in scenario["setup"]:  # SR1
        back = (units[e["unit"]]["faces"].get("back") or {}).get("kind")
        assert (e.get("face") == "back") == (back == "untried"), e["unit"]


def test_air_start(scenario: dict) -> None:
    boxes = Counter((e["off_map"], e["unit"].split(".")[0], e["unit"].split(".")[2][:2]) for e in scenario["setup"]
                    if e.get("off_map", "").startswith("air_"))
    assert boxes[("air_used", "de", "ga")] == 1 and boxes[("air_used", "de", "mb")] == 1            # 24.6
    assert boxes[("air_available", "su", "ga")] == 4 and boxes[("air_available", "su", "mb")] == 2  # 24.7


def _entry(scenario: dict, unit: str) -> dict:
    return next(r for r in scenario["reinforcements"] if unit in r["units"])


@pytest.mark.parametrize(("unit", "turn", "area"), [
    ("su.fd.hq", 1, "north_east_of_berezina"), ("su.3gtc.hq", 1, "north_east_of_berezina"),  # 24.7 (1) 27 June
    ("su.5gta.hq", 2, "north_east_of_berezina"),                                             # (2) 28 June
    ("su.2gtc.hq", 2, "east_edge"),                                                          # (3) 28 June
    ("su.3gmc.hq", 3, "north_west_of_berezina"),                                             # (4) 29 June
    ("su.8gc.5.1", 3, "north_east_of_berezina"),                                             # (5) 29 June
    ("su.11ga.hq", 4, "north_east_of_berezina"), ("su.supply.2", 4, "north_east_of_berezina")])  # (6) 30 June
def test_soviet_schedule(scenario: dict, unit: str, turn: int, area: str) -> None:
    e = _entry(scenario, unit)
    assert (e["turn"], e["area"], e["side"]) == (turn, area, "soviet") and "roll" not in e


@pytest.mark.parametrize(("unit", "turn", "on", "area"), [
    ("de.7pz.hq", 2, [6], "west_edge"), ("de.170id.hq", 2, [6], "west_edge"), ("de.221sich.hq", 2, [6], "west_edge"),
    ("de.kggottberg.hq", 2, [4, 5, 6], "north_edge"), ("de.kgflorke.hq", 2, [4, 5, 6], "north_edge"),
    ("de.18ss.hq", 3, [4, 5, 6], "west_edge"), ("de.16fj.hq", 3, [6], "west_edge"),
    ("de.fb.pzgren", 3, [5, 6], "west_edge"), ("de.walk.1", 3, [4, 5, 6], "west_edge")])
def test_german_rolled_reinforcements(scenario: dict, unit: str, turn: int, on: list[int], area: str) -> None:
    e = _entry(scenario, unit)
    assert (e["turn"], e["roll"], e["area"]) == (turn, {"die": "1d6", "on": on}, area)


def test_39_corps_rolls_individually(scenario: dict, units: dict) -> None:
    entries = [r for r in scenario["reinforcements"] if r["area"] == "east_edge" and r["side"] == "german"]
    assert sorted(units[r["units"][0]]["designation"] for r in entries) == sorted(
        ["A/FHH", "B/FHH", "KG 12", "KG 110", "KG 337", "A/Kav", "B/Kav"])
    assert all(len(r["units"]) == 1 and r["roll"] == {"die": "1d6", "on": [6]} for r in entries)
    face_down = {e["unit"] for e in scenario["setup"] if e.get("off_map") == "39_corps"}
    assert face_down == {r["units"][0] for r in entries}


def test_historical_option_schedule(scenario: dict) -> None:
    opt = next(o for o in scenario["options"] if o["id"] == "historical_reinforcements")
    sched = {r["group"]: r["turn"] for r in opt["reschedule"]}
    labels = scenario["turns"]["labels"]
    assert labels[sched["221sich"] - 1] == "30 Jun" and labels[sched["170id"] - 1] == "2 Jul"  # SR5
    assert sched["7pz"] is None


def test_victory_tables(scenario: dict) -> None:
    v = scenario["victory"]
    assert v["german"]["eliminations"] == [{"units": "armored", "vp": 2}, {"units": "other", "vp": 1}]
    assert v["soviet"]["eliminations"] == [{"units": "armored", "vp": 4}, {"units": "other", "vp": 2}]
    rail = {r["area"]: r["vp_by_turn"] for r in v["soviet"]["railroad"]}
    assert rail["rail_krupki_borisov"] == {"1": 10, "2": 10, "3": 5, "4": 5}
    assert rail["rail_borisov_minsk"] == {"1": 20, "2": 20, "3": 10, "4": 10, "5": 5, "6": 0}
    assert v["soviet"]["what_if_unit_received"] == 2
    assert v["german"]["each_turn"]["loc_to"] == "west_edge"


def test_special_rules(scenario: dict) -> None:
    rules = {r["id"]: r for r in scenario["special_rules"]}
    assert {"unproven_german", "blowing_bridges", "rail_movement", "german_road_movement"} <= set(rules)
    assert rules["rail_movement"]["max_units_per_turn"] == 3 and rules["rail_movement"]["sides"] == ["german"]
    assert rules["blowing_bridges"]["params"]["roll"] == {"die": "1d6", "on": [1, 2, 3, 4]}
    assert {o["id"] for o in scenario["options"]} >= {"historical_reinforcements", "what_if"}  # SR5, SR6


# ---- provenance (house rule: every record that carries numbers says where they come from) --------------------
@pytest.mark.parametrize("game", ["minsk44", "guardstank"])
def test_every_record_has_provenance(game: str) -> None:
    man = _load(f"games/{game}.json")
    recs = [("formation", f) for f in man["formations"]]
    recs += [("counter", c) for c in _load(f"counters/{game}.json")["counters"]]
    m = _load(f"maps/{game}.json")["maps"][0]
    recs += [("map", m)] + [("objective", o) for o in m["objectives"]] + [("area", a) for a in m["areas"]]
    for path in man["files"]["scenarios"]:
        sc = json.loads((REPO / "games" / path).resolve().read_text(encoding="utf-8"))
        recs += [("setup", e) for e in sc["setup"]] + [("reinforcement", r) for r in sc["reinforcements"]]
        recs += [("special rule", r) for r in sc["special_rules"]] + [("scenario", sc), ("turns", sc["turns"])]
    for name, t in man["rules"]["tables"]["crt"].items():
        recs.append((f"crt {name}", t))
    recs += [(f"tec {k}", v) for k, v in man["rules"]["tables"]["tec"].items()]
    for kind, rec in recs:
        src = rec.get("source")
        assert src and src["values"] in ("rulebook", "illustrative") and src.get("rule"), (kind, rec.get("id"))


def test_german_replacement_hexes(scenario: dict) -> None:
    # 24.6 replacements: 1/2 RP per turn from turn 2 for Minsk (1126), Moldechno (0108), Borisov (3114), Krupki (4209).
    rp = next(r for r in scenario["special_rules"] if r["id"] == "german_replacements")["params"]
    assert sorted(rp["hexes"]) == ["0108", "1126", "3114", "4209"]
    assert (rp["from_turn"], rp["per_hex"], rp["round"]) == (2, 0.5, "up")
