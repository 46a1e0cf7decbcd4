"""Bundled Flames of War data: it validates, and the rulebook facts in it match the rulebook text.

Expected values come from quotes of the rulebook (seed 004), parsed here, never from the data under test.
"""

from __future__ import annotations

import re

import pytest

from tests.data_helpers import REPO, game, modgen_validate, norm, schema_errors, seed_text

# QRS p.106 / p.18, as extracted (one line of the seed).
MOBILITY_QUOTE = (
    'Standard Tank 10"/25cm 12"/30cm 18"/45cm 20"/50cm 3+ Light Tank 12"/30cm 16"/40cm 28"/70cm 32"/80cm 3+ '
    'Fast Tank 12"/30cm 16"/40cm 24"/60cm 28"/70cm 3+ Slow Tank 8"/20cm 12"/30cm 14"/35cm 15"/40cm 3+ '
    'Very Slow Tank 6"/15cm 8"/20cm 8"/20cm 8"/20cm 3+ OTHER TANKS TEAMS Jeep, Motorcycle 12"/30cm 12"/30cm '
    '18"/45cm 40"/100cm 4+ Half-tracked 10"/25cm 10"/25cm 18"/40cm 32"/80cm 4+ Wheeled 8"/20cm 8"/20cm 14"/35cm '
    '32"/80cm 5+ Slow Wheeled 8"/20cm 8"/20cm 10"/25cm 24"/60cm 5+ Wagon 6"/15cm 6"/15cm 6"/15cm 8"/20cm 5+ '
    'GUNS TEAMS Light Gun 4"/10cm 4"/10cm 6"/15cm 8"/20cm 3+ Medium Gun 2"/5cm 4"/10cm 6"/15cm 8"/20cm 5+ '
    'Heavy Gun 2"/5cm 2"/5cm 4"/10cm 6"/15cm 5+ Immobile Gun - 2"/5cm 4"/10cm 4"/10cm 6 INFANTRY TEAMS '
    'Infantry 8"/20cm 8"/20cm 12"/30cm 12"/30cm Auto Cavalry 6"/15cm 10"/25cm 20"/50cm 20"/50cm 2+'
)
# p.26 Arsenal example, extracted column by column.
SHERMAN_QUOTE = "M4A1 Sherman M3 75mm gun 26 Standard Tank 32\"/80cm 6 2 4 10 1 3+"
PZ4_QUOTES = [
    "The leading Panzer IV H, which has a mobility rating of Standard Tank",
    "shoot with their 75mm gun's Halted ROF of 2",
    "The Panzer IV H's 75mm gun has an Anti-tank rating of 11 and a Firepower rating of 3+.",
]
FFA_QUOTES = [
    "Set up the four tanks on each side",
    "A 6' x 4' (180cm x 120cm) board",
    "place two Objectives within 8\"/20cm of the opponent's table edge, at least 8\"/20cm from the side table edges",
    "placing Units within 12\"/30cm of their own table edge",
]
VP_QUOTE = "0 or 1 Unit Stunning Victory 8 1 2 Units Major Victory 7 2 3 or more Units Minor Victory 6"


@pytest.fixture(scope="module")
def fow():
    return game("fow")


def test_fow_validates():
    assert schema_errors(REPO / "games" / "fow.json") == []


@pytest.mark.parametrize("quote", [MOBILITY_QUOTE, SHERMAN_QUOTE, VP_QUOTE, *PZ4_QUOTES, *FFA_QUOTES])
def test_quotes_are_verbatim_rulebook_text(quote):
    text = seed_text("004")
    if text is None:
        pytest.skip("rulebook seed text not on this machine; quotes were checked when written")
    assert norm(quote) in text


def _parse_mobility(quote: str) -> dict[str, list]:
    rows = {}
    pat = re.compile(r"([A-Z][A-Za-z ,\-]+?) (-|\d+)\"?(?:/\d+cm)? (\d+)\"/\d+cm (\d+)\"/\d+cm (\d+)\"/\d+cm (\S+)")
    for m in pat.finditer(quote.replace("OTHER TANKS TEAMS ", "").replace("GUNS TEAMS ", "")
                          .replace("INFANTRY TEAMS ", "")):
        name = m.group(1).strip().lower().replace(", ", "_").replace(" ", "_").replace("-", "_")
        tac = None if m.group(2) == "-" else int(m.group(2))
        rows[name] = [tac, int(m.group(3)), int(m.group(4)), int(m.group(5)), m.group(6)]
    return rows


def test_mobility_table_matches_rulebook(fow):
    expected = _parse_mobility(MOBILITY_QUOTE)
    assert len(expected) == 16  # 5 tracked + 5 other + 4 guns + infantry + cavalry in the quote
    table = fow.manifest["rules"]["tables"]["movement"]
    for name, (tac, td, cc, rd, cross) in expected.items():
        key = "jeep_motorcycle" if name == "jeep_motorcycle" else name
        row = table[key]
        assert [row["tactical"], row["terrain_dash"], row["cross_country_dash"], row["road_dash"], row["cross"]] == [
            tac, td, cc, rd, cross], name


def test_victory_points_table_matches_p93(fow):
    rows = fow.manifest["rules"]["tables"]["victory_points"]["rows"]
    assert [(r["result"], r["winner"], r["loser"]) for r in rows] == [
        ("Stunning Victory", 8, 1), ("Major Victory", 7, 2), ("Minor Victory", 6, 3)]


def test_four_tanks_a_side(fow):
    # The introduction's first game: four tanks a side; the infantry and gun platoons are an illustrative extension.
    sc = fow.scenario("free_for_all")
    by_side: dict[str, int] = {}
    for entry in sc["setup"]:
        u = fow.unit(entry["unit"])
        if u["class"] == "tank":
            by_side[u["side"]] = by_side.get(u["side"], 0) + 1
        else:
            assert u["source"]["values"] == "illustrative"
    assert by_side == {"us": 4, "german": 4}


def test_team_data_model_is_complete(fow):
    # Every team carries a base, weapons with range and ROF, mobility, ratings, armour or a save, and its unit.
    for u in fow.units:
        if u["kind"] != "team":
            continue
        # p.23: Transports may be unarmed (then they are Sent to the Rear when empty)
        armed = u["weapons"] or "transport" in u["tags"]
        assert u["base"]["shape"] and armed and u["mobility"]["rating"] and u["ratings"]["skill"], u["id"]
        assert ("armour" in u) != ("save" in u), u["id"]
        assert all(w["range"]["in"] > 0 and w["rof"]["halted"] >= 1 for w in u["weapons"]), u["id"]
        assert u["group"]["id"] == u["formation"], u["id"]
    leaders = {u["group"]["id"] for u in fow.units if u.get("group", {}).get("leader")}
    assert leaders == {"us_tank_platoon", "de_panzer_platoon", "us_rifle_platoon", "de_pak_platoon",
                       "us_rifle_transport"}


def test_sherman_main_gun_is_the_p26_weapon_line(fow):
    w = fow.unit("us.sherman.2")["weapons"][0]
    # p.26: "M3 75mm gun | Range 32"/80cm | ROF 2 | Anti-tank 10 | Firepower 3+"
    assert (w["name"], w["range"], w["rof"]["halted"], w["anti_tank"], w["firepower"]) == \
        ("M3 75mm gun", {"in": 32, "cm": 80}, 2, 10, "3+")
    assert w["source"]["values"] == "rulebook"


def test_sherman_values_are_the_p26_arsenal_entry(fow):
    v = fow.unit("us.sherman.1")["faces"]["front"]["values"]
    # From the quote: Front 6, Side 4, Top 1; range 32", ROF 2, AT 10, FP 3+; Standard Tank.
    assert (v["armour_front"], v["armour_side"], v["armour_top"]) == (6, 4, 1)
    assert (v["range"], v["rof"], v["anti_tank"], v["firepower"], v["mobility"]) == (32, 2, 10, "3+", "Standard Tank")


def test_panzer_iv_rulebook_values(fow):
    v = fow.unit("de.pz4h.1")["faces"]["front"]["values"]
    assert (v["mobility"], v["rof"], v["anti_tank"], v["firepower"]) == ("Standard Tank", 2, 11, "3+")
    # Armour and range are not printed in the rulebook, so the record must not claim to be rulebook data.
    assert fow.unit("de.pz4h.1")["source"]["values"] == "illustrative"


def test_is_hit_on_follows_skill(fow):
    # p.11: Veteran is hit on 4+, Trained 3+, Conscript 2+.
    hit_on = {"Veteran": "4+", "Trained": "3+", "Conscript": "2+"}
    for u in fow.units:
        if u["kind"] == "team":
            v = u["faces"]["front"]["values"]
            assert v["is_hit_on"] == hit_on[v["skill"]], u["id"]


def _inside(poly, pt):
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs) <= pt[0] <= max(xs) and min(ys) <= pt[1] <= max(ys)


def test_free_for_all_table_geometry(fow):
    t = fow.map("table")
    assert (t["width_in"], t["height_in"]) == (6 * 12, 4 * 12)  # "A 6' x 4' (180cm x 120cm) board"
    zones = {z["id"]: z for z in t["zones"]}
    # Deployment within 12" of own long edge.
    assert sorted(p[1] for p in zones["deploy_north"]["polygon"]) == [0, 0, 12, 12]
    assert sorted(p[1] for p in zones["deploy_south"]["polygon"]) == [36, 36, 48, 48]
    sc = fow.scenario("free_for_all")
    for entry in sc["setup"]:
        side = fow.unit(entry["unit"])["side"]
        zone = zones["deploy_north" if side == "german" else "deploy_south"]
        assert _inside(zone["polygon"], entry["pos"]), entry["unit"]
    # Objectives: within 8" of the opponent's edge and at least 8" from the side edges.
    objs = {o["id"]: o["pos"] for o in t["objectives"]}
    for oid in sc["victory"]["objectives"]["us"]:
        x, y = objs[oid]
        assert y <= 8 and 8 <= x <= 64
    for oid in sc["victory"]["objectives"]["german"]:
        x, y = objs[oid]
        assert y >= 40 and 8 <= x <= 64


def test_terrain_effects_cover_every_table_terrain(fow):
    used = {piece["type"] for piece in fow.map("table")["terrain"]}
    declared = set(fow.manifest["terrain"])
    effects = set(fow.manifest["rules"]["tables"]["terrain"]) - {"source"}
    assert used <= declared and used <= effects
    woods = fow.manifest["rules"]["tables"]["terrain"]["woods"]
    # p.21: Woods and Forests are Terrain Dash, Difficult, Tall, no Bulletproof Cover.
    assert (woods["dash"], woods["difficult"], woods["height"], woods["bulletproof"]) == (
        "terrain", True, "tall", False)


def test_modgen_validate_accepts_it():
    assert modgen_validate(REPO / "games" / "fow.json") == []


# p.21 Terrain Chart blocks as extracted: names, then one line per column (Dash, Cross check, Height, Bulletproof).
CHART_BLOCKS = {
    ("crop_field", "woods"): ("Terrain Dash Terrain Dash Terrain Dash Terrain Dash Terrain Dash\nNo No Yes Yes Yes\n"
                              "Flat Short Short Tall Tall\nNo No No No No", (1, 4)),
    ("stone_wall",): ("Terrain Dash Terrain Dash Terrain Dash Terrain Dash Terrain Dash\nNo Yes Yes Yes Yes\n"
                      "Short Short Tall Tall Short or Tall\nNo No Yes No Yes", (4,)),
    ("gentle_hill",): ("Cross-country Dash Terrain Dash Terrain Dash\nNo No Yes\nShort Tall Tall\nYes Yes Yes", (1,)),
}


def _split(line: str) -> list[str]:
    return re.findall(r"Cross-country Dash|Terrain Dash|Short or Tall|\w+", line)


@pytest.mark.parametrize("ids", list(CHART_BLOCKS))
def test_terrain_rows_match_the_p21_chart(fow, ids):
    block, columns = CHART_BLOCKS[ids]
    dash, cross, height, bp = (_split(line) for line in block.splitlines())
    table = fow.manifest["rules"]["tables"]["terrain"]
    for tid, col in zip(ids, columns, strict=True):
        row = table[tid]
        assert row["dash"] == {"Terrain Dash": "terrain", "Cross-country Dash": "cross_country"}[dash[col]]
        assert row["difficult"] == (cross[col] == "Yes")
        assert row["height"] == height[col].lower().replace(" ", "_")
        assert row["bulletproof"] == (bp[col] == "Yes")


@pytest.mark.parametrize("ids", list(CHART_BLOCKS))
def test_chart_blocks_are_verbatim(ids):
    text = seed_text("004")
    if text is None:
        pytest.skip("rulebook seed text not on this machine; quotes were checked when written")
    assert norm(CHART_BLOCKS[ids][0]) in text
