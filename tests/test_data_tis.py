"""Bundled Arnhem 1944 data: it validates, and the scenario sheet's and rulebook's facts are in it.

Expected values are parsed from quotes of the rulebook / scenario sheet (seed 002), never taken from the data.
"""

from __future__ import annotations

import re

import pytest

from modgen.geometry.hexgrid import Grid
from tests.data_helpers import REPO, game, modgen_validate, norm, schema_errors, seed_text

SCEN_I_VP = """| 22 IX, 1e | 100 |
| 22 IX, 2e | 90 |
| 22 IX, 3e | 80 |
| 23 IX, 1e | 70 |
| 23 IX, 2e | 60 |
| 23 IX, 3e | 50 |
| 24 IX, 1e | 45 |
| 24 IX, 2e | 40 |
| 24 IX, 3e | 35 |
| 25 IX, 1e | 30 |
| 25 IX, 2e | 25 |
| 25 IX, 3e | 20 |"""
SCEN_II_ALLIED = """| 20 IX, 1e | +100 |
| 20 IX, 2e | +90 |
| 20 IX, 3e | +80 |
| 21 IX, 1e | +70 |
| 21 IX, 2e | +60 |
| 21 IX, 3e | +50 |
| 22 IX, 1e | +45 |
| 22 IX, 2e | +40 |
| 22 IX, 3e | +35 |"""
SCEN_II_GERMAN = """| 19 IX, 3e | +10 |
| 20 IX, 1e | +16 |
| 20 IX, 2e | +24 |
| 20 IX, 3e | +32 |
| 21 IX, 1e | +40 |
| 21 IX, 2e | +50 |
| 21 IX, 3e | +60 |
| 22 IX, 1e | +70 |
| 22 IX, 2e | +80 |
| 22 IX, 3e | +100 |"""
EINDHOVEN = """| 17 IX | - | - | 100/0 |
| 18 IX | 90/0 | 70/5 | 50/10 |
| 19 IX | 30/20 | 20/30 | 10/40 |
| 20 IX | 5/50 | 0/60 | 0/70 |
| 21 IX | 0/80 | 0/90 | 0/100 |
| 22 IX | 0/100 | 0/100 | 0/100 |
| 23 IX | 0/100 |"""
NIJMEGEN_IV = """| 19 IX | 100/0 | 90/0 | 80/0 |
| 20 IX | 70/0 | 65/0 | 60/0 |
| 21 IX | 55/0 | 50/0 | 45/10 |
| 22 IX | 40/15 | 30/20 | 25/25 |
| 23 IX | 20/30 | 15/35 | 10/40 |
| 24 IX | 5/100 | 0/100 | 0/100 |
| 25 IX | 0/100 |"""
ARNHEM_IV = """| 19 IX | 100/0 | 90/0 | 80/0 |
| 20 IX | 70/0 | 65/0 | 60/0 |
| 21 IX | 55/0 | 50/0 | 45/10 |
| 22 IX | 40/15 | 30/20 | 25/25 |
| 23 IX | 20/30 | 15/35 | 10/40 |
| 24 IX | 5/45 | 0/50 | 0/60 |
| 25 IX | 0/70 |"""
DROP_PARA = """| hills | - | - | -1 | -1 | -1 | -1 |
| mountain | -1 | -2 | -3 | -4 | -5 | -6 |
| forest | -1 | -2 | -3 | -4 | -5 | -6 |
| swamp | -1 | -1 | -2 |"""
DROP_GLIDER = """| hills | - | -1 | -1 | -2 | -2 | -3 |
| mountain | -4 | -5 | -6 | -7 | -7 | -7 |
| forest | -3 | -4 | -5 | -6 | -7 | -7 |
| swamp | -2 | -2 | -3 |"""
CRT_ROW2 = "| 2 | -- | -- | B1 | B2 | B2 | B2 | B2 | B3 | B3 | B3 | B4 | B4 | B4 | B4 |"
CAS_ROW1 = "| 1 | 1 | - | - | - | - | - | - | - | - | - | 1 |"
TERRAIN_ROWS = """| "clear" | 0 | 1 | 1 | 2 | 1 | 1.5 |
| hills | -1 | 2 | 2 | 2.5 | 1.5 | 2.5 |"""
SUPPLY = {
    "arnhem": "Initiative: Allies. Supply bases: Germans – N, E, W; Allies – none.",
    "nijmegen": "Initiative: Allies. Supply bases: Germans – N, E, W; Allies – S.",
    "eindhoven": "Initiative: Allies. Supply lines: Germans – E, W; Allies – S.",
    "market_garden": "Initiative: Allies. Supply lines: Germans – N, E, W; Allies – S.",
}
NOTES = [
    "All scenarios start on 17th (2nd stage) of September and end on 26th (3rd stage) of September.",
    "In the alternative variant the Allied player rolls one die to establish the date of the assault: 1-2 – 19 "
    "September; 3-4 – 20 September; 5-6 – 21 September.",
    "\"20 IX, 2e, 24 SP/XXX KA – Y\"",
    "The 147th and 116th RA have 8 hexes of fire range.",
    "\"17 IX, 3e – Liebsh – A\"",
    "For destroying the 1st British AD HQ: +8 VP (Germans).",
    "For each Allied SP destroyed: +2 VP (Germans).",
    "HQs of airborne troops are exceptional: they move with 5 MP",
    "Air units: Allies – 1 TAC (17 IX, 2E). Minefields: Germans – 3.",
    "Minefields: Germans – 2. Air units: Allies – 1 TAC (17 IX).",
]
QUOTES = [SCEN_I_VP, SCEN_II_ALLIED, SCEN_II_GERMAN, EINDHOVEN, NIJMEGEN_IV, ARNHEM_IV, DROP_PARA, DROP_GLIDER,
          CRT_ROW2, CAS_ROW1, TERRAIN_ROWS, *SUPPLY.values(), *NOTES]
SCENARIOS = ("arnhem", "nijmegen", "eindhoven", "market_garden")


@pytest.fixture(scope="module")
def arn():
    return game("arnhem44")


def test_arnhem_validates():
    assert schema_errors(REPO / "games" / "arnhem44.json") == []


def test_modgen_validate_accepts_it():
    assert modgen_validate(REPO / "games" / "arnhem44.json") == []


@pytest.mark.parametrize("quote", QUOTES)
def test_quotes_are_verbatim_rulebook_text(quote):
    text = seed_text("002")
    if text is None:
        pytest.skip("rulebook seed text not on this machine; quotes were checked when written")
    assert norm(quote) in text


def _stage(day: str, stage: str) -> str:
    return f"{int(day)} IX {stage}"


def _vp_rows(quote):
    return [(_stage(d, s), int(v)) for d, s, v in re.findall(r"\| (\d+) IX, (\de) \| \+?(\d+) \|", quote)]


def _xy_rows(quote):
    out = []
    for line in quote.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        day = cells[0].split()[0]
        for stage, cell in zip(("1e", "2e", "3e"), cells[1:], strict=False):
            if cell != "-":
                a, g = cell.split("/")
                out.append((_stage(day, stage), int(a), int(g)))
    return out


def _turn_of(sc, label):
    return sc["turns"]["labels"].index(label) + 1


def test_stage_track_17_ix_2e_to_26_ix_3e(arn):
    for sid in SCENARIOS:
        labels = arn.scenario(sid)["turns"]["labels"]
        assert labels[0] == "17 IX 2e" and labels[-1] == "26 IX 3e"
        assert arn.scenario(sid)["turns"]["count"] == len(labels) == 29  # 2 + 9 days x 3 stages
        assert arn.manifest["rules"]["tables"]["stages_per_day"] == 3


def test_allies_have_initiative_everywhere(arn):
    for sid in SCENARIOS:
        assert arn.scenario(sid)["first_player"] == "allies"


def test_supply_bases_as_printed(arn):
    for sid, quote in SUPPLY.items():
        m = re.search(r"Germans – ([NEWS, ]+); Allies – (none|[NEWS, ]+)\.", quote)
        expected = {"Germans": [e.strip().lower() for e in m.group(1).split(",")],
                    "Allies": [] if m.group(2) == "none" else [e.strip().lower() for e in m.group(2).split(",")]}
        rule = next(r for r in arn.scenario(sid)["special_rules"] if r["id"] == "supply_bases")
        assert rule["params"]["supply_bases"] == expected, sid


def test_scenario_i_vp_table_and_turns(arn):
    sc = arn.scenario("arnhem")
    table = sc["victory"]["allies"][0]["by_stage"]
    assert [(r["stage"], r["vp"]) for r in table] == _vp_rows(SCEN_I_VP)
    assert all(r["turn"] == _turn_of(sc, r["stage"]) for r in table)
    germans = sc["victory"]["germans"]
    assert any(g.get("per_enemy_sp_destroyed") == 2 for g in germans)
    assert any(g.get("unit") == "gb.1ab.hq" and g.get("vp") == 8 for g in germans)


def test_scenario_ii_vp_tables(arn):
    v = arn.scenario("nijmegen")["victory"]
    assert [(r["stage"], r["vp"]) for r in v["allies"][0]["by_stage"]] == _vp_rows(SCEN_II_ALLIED)
    assert [(r["stage"], r["vp"]) for r in v["germans"][0]["by_stage"]] == _vp_rows(SCEN_II_GERMAN)


def test_city_tables_iii_and_iv(arn):
    def rows(sid, place):
        cities = arn.scenario(sid)["victory"]["cities"]
        return [(r["stage"], r["allies"], r["germans"]) for r in next(c for c in cities if c["place"] == place)[
            "by_stage"]]
    assert rows("eindhoven", "Eindhoven") == _xy_rows(EINDHOVEN)
    assert rows("market_garden", "Eindhoven") == _xy_rows(EINDHOVEN)
    assert rows("market_garden", "Nijmegen") == _xy_rows(NIJMEGEN_IV)
    assert rows("market_garden", "Arnhem") == _xy_rows(ARNHEM_IV)


def test_polish_drop_dates(arn):
    for sid in ("arnhem", "market_garden"):
        sc = arn.scenario(sid)
        entry = next(r for r in sc["reinforcements"] if "pl.1para.1" in r["units"])
        assert entry["turn"] == _turn_of(sc, "21 IX 1e")  # historical: 21 IX, 1st stage
        alt = next(o for o in sc["options"] if o["id"] == "alternative")
        move = next(r for r in alt["reschedule"] if r["group"] == entry["group"])
        # "1-2 – 19 September; 3-4 – 20 September; 5-6 – 21 September"
        assert {r["turn"]: r["on"] for r in move["by_roll"]} == {
            _turn_of(sc, "19 IX 1e"): [1, 2], _turn_of(sc, "20 IX 1e"): [3, 4], _turn_of(sc, "21 IX 1e"): [5, 6]}
        assert move["turn"] == min(r["turn"] for r in move["by_roll"])


def test_airborne_lands_17_ix_and_liebsh_17_ix_3e_at_a(arn):
    sc = arn.scenario("market_garden")
    first = [r for r in sc["reinforcements"] if r.get("drop") and r["turn"] == 1]
    assert {"gb.1ab.hq", "us.82ab.505", "us.101ab.501"} <= {u for r in first for u in r["units"]}
    liebsh = next(r for r in sc["reinforcements"] if "de.liebsh" in r["units"])
    assert (liebsh["turn"], liebsh["area"]) == (_turn_of(sc, "17 IX 3e"), "entry_a")


def test_xxx_corps_pool_is_24_sp_at_y_on_20_ix_2e(arn):
    sc = arn.scenario("market_garden")
    pool = next(r for r in sc["reinforcements"] if "gb.xxx.8ab.1" in r["units"])
    assert (pool["turn"], pool["area"]) == (_turn_of(sc, "20 IX 2e"), "entry_y")
    assert sum(arn.unit(u)["steps"]["track"][0] for u in pool["units"]) == 24


def test_ra_fire_range_8_and_hq_movement(arn):
    for uid in ("gb.xxx.147ra", "gb.xxx.116ra"):
        assert arn.unit(uid)["faces"]["front"]["values"]["afr"] == 8
    assert arn.unit("gb.1ab.hq")["faces"]["front"]["values"]["movement"] == 5  # airborne HQ [14.1.3]
    assert arn.unit("gb.xxx.hq")["faces"]["front"]["values"]["movement"] == 8  # HQs move as motorized, 8 MP


def test_minefields_and_tac(arn):
    def rule(sid, rid):
        return next(r for r in arn.scenario(sid)["special_rules"] if r["id"] == rid)
    assert rule("eindhoven", "minefields")["params"]["germans"] == 3
    assert rule("market_garden", "minefields")["params"]["germans"] == 2
    for sid in ("eindhoven", "market_garden"):
        tac = next(r for r in arn.scenario(sid)["reinforcements"] if "gb.tac.1" in r["units"])
        assert tac["turn"] == 1  # 17 IX (2e)


def _d6_rows(quote):
    out = {}
    for line in quote.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        out[cells[0]] = [0 if c == "-" else -int(c) for c in cells[1:]]
    return out


def test_drop_loss_tables_keep_printed_cells(arn):
    table = arn.manifest["rules"]["tables"]["drop_losses"]
    for kind, quote in (("parachute", DROP_PARA), ("glider", DROP_GLIDER)):
        for terrain, printed in _d6_rows(quote).items():
            assert table[kind][terrain][: len(printed)] == printed, (kind, terrain)
    assert table["parachute"]["clear"] == [0] * 6  # [17.2.1] no loss in clear terrain
    assert table["source"]["values"] == "illustrative"  # swamp 4-6 and city are filled in


def test_crt_row_2_and_casualty_row_1_as_printed(arn):
    t = arn.manifest["rules"]["tables"]
    assert t["crt"]["rows"]["2"] == [c.strip() for c in CRT_ROW2.strip("|").split("|")][1:]
    assert len(t["crt"]["columns"]) == 14
    assert t["crt"]["row_sources"]["2"]["values"] == "rulebook"
    assert t["crt"]["source"]["values"] == "illustrative"
    row1 = next(r for r in t["casualties"]["rows"] if r["label"] == "1")
    assert row1["results"] == [0 if c.strip() == "-" else int(c) for c in CAS_ROW1.strip("|").split("|")[1:]]


def test_terrain_chart_rows(arn):
    t = arn.manifest["rules"]["tables"]["terrain"]
    for line in TERRAIN_ROWS.splitlines():
        cells = [c.strip().strip('"') for c in line.strip("|").split("|")]
        row = t[cells[0]]
        assert row["combat"] == int(cells[1])
        assert [row["movement"][k] for k in ("infantry", "armoured", "motorized", "cavalry", "artillery")] == [
            float(c) if "." in c else int(c) for c in cells[2:]]


def test_map_has_the_named_places_and_bridges(arn):
    m = arn.map("main")
    names = {p["name"] for p in m["places"]}
    assert {"Arnhem", "Nijmegen", "Groesbeek", "Grave", "Eindhoven"} <= names
    bridges = {s["name"] for s in m["hexsides"] if s["type"] == "bridge"}
    assert "Neder Rijn road bridge" in bridges and "Waal road bridge" in bridges
    grid = Grid.from_map(m)
    road = m["lines"][0]["hexes"]
    assert all(grid.adjacent(a, b) for a, b in zip(road, road[1:], strict=False))
    # The road runs from Eindhoven to Arnhem.
    place = {p["name"]: set(p["hexes"]) for p in m["places"]}
    assert road[0] in place["Eindhoven"] and road[-1] in place["Arnhem"]


def test_scenario_i_is_north_of_the_waal(arn):
    m = arn.map("main")
    north = set(next(a for a in m["areas"] if a["id"] == "north_of_waal")["hexes"])
    sc = arn.scenario("arnhem")
    hexes = [s["hex"] for s in sc["setup"] if "hex" in s]
    for r in sc["reinforcements"]:
        area = next(a for a in m["areas"] if a["id"] == r["area"])
        hexes += area.get("hexes", [])
    assert hexes and set(hexes) <= north


def test_strength_tracks_and_ss_colours(arn):
    for u in (u for u in arn.units if u["kind"] == "unit"):
        track = u["steps"]["track"]
        # Strength never rises as steps are lost.
        assert track and all(a >= b for a, b in zip(track, track[1:], strict=False)), u["id"]
    assert arn.unit("gb.1ab.1para.1")["steps"]["track"] == [5, 4, 4, 3, 2, 2, 1]  # [3.6.1] 5 SP - 7 EP example
    ss = [f for f in arn.manifest["formations"] if "SS" in f["name"]]
    assert ss and all(f["background"] == "#000000" for f in ss)  # [43.0] SS counters are black


def test_reverse_shows_only_the_side(arn):
    for u in (u for u in arn.units if u["kind"] == "unit"):
        assert u["faces"]["back"] == {"kind": "blank"}  # the layout prints the side's name on a blank reverse


def test_each_unit_enters_each_scenario_at_most_once_and_market_garden_uses_all(arn):
    units = {u["id"] for u in arn.units if u["kind"] == "unit"}
    for sid in SCENARIOS:
        sc = arn.scenario(sid)
        used = [s["unit"] for s in sc["setup"]] + [u for r in sc["reinforcements"] for u in r["units"]]
        assert len(used) == len(set(used)), sid
    sc = arn.scenario("market_garden")
    assert units == {s["unit"] for s in sc["setup"]} | {u for r in sc["reinforcements"] for u in r["units"]}


def test_map_locations_are_not_claimed_as_rulebook(arn):
    # The text gives no hex numbers, so every hex-bearing map record must be illustrative.
    m = arn.map("main")
    assert m["source"]["values"] == "illustrative"
    for rec in [*m["objectives"], *m["areas"], *m["places"]]:
        assert (rec.get("source") or {}).get("values") != "rulebook", rec.get("name")
