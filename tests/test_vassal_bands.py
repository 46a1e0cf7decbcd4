"""Band names of the holding map (docs/vassal.md "Reinforcements waiting in the holding map"), written by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from modgen.vassal.bands import Names, arrival_name, arrival_title, box_at, holding_boxes, layout, waiting
from modgen.vassal.scale import HOLDING_TITLE_PX, holding_cell

SIDES = {"german": "German", "germans": "Germans", "allies": "Allies"}


@pytest.mark.parametrize("entry, name", [
    ({"turn": 2, "side": "germans", "units": ["x"], "area": "entry_a"}, "Turn 2 — Germans: entry_a"),
    ({"turn": 2, "side": "german", "units": ["x"], "area": "west_edge", "group": "7pz",
      "roll": {"die": "1d6", "on": [6]}}, "Turn 2 — German: 7pz (6 on 1d6)"),
    ({"turn": 3, "side": "german", "units": ["x"], "group": "18ss", "option": "what_if",
      "roll": {"die": "1d6", "on": [6, 4, 5]}}, "Turn 3 — German: 18ss (4-6 on 1d6) [option what_if]"),
    ({"turn": 1, "side": "german", "units": ["x"], "roll": {"die": "1d6", "on": [2, 4]}},
     "Turn 1 — German (2, 4 on 1d6)"),
    ({"turn": 12, "stage": "1e", "side": "allies", "units": ["x"], "area": "dz_polish"},
     "Turn 12 1e — Allies: dz_polish"),
    ({"turn": 5, "units": ["x"]}, "Turn 5"),
    ({"turn": 5, "side": "nobody", "units": ["x"], "group": "g"}, "Turn 5 — nobody: g"),
])
def test_arrival_names(entry, name):
    assert arrival_name(entry, SIDES) == name


def test_boxes_and_waiting_units():
    s1 = {"setup": [{"unit": "a", "hex": "0101"}, {"unit": "p", "off_map": "pool"}],
          "reinforcements": [{"turn": 10, "side": "allies", "units": ["a", "b"], "area": "x"},
                             {"turn": 2, "side": "allies", "units": ["c", "b"], "area": "y"}]}
    s2 = {"setup": [{"unit": "q", "off_map": "air"}],
          "reinforcements": [{"turn": 10, "side": "allies", "units": ["a"], "area": "x"}]}
    game = SimpleNamespace(manifest={"sides": [{"id": "allies", "name": "Allies"}]},
                           scenarios={"s1": s1, "s2": s2})
    # a: set up in s1; b: named twice, waits for turn 2; in s2 a waits
    assert waiting(game, s1) == [("c", "Turn 2 — Allies: y"), ("b", "Turn 2 — Allies: y")]  # as that entry lists
    assert waiting(game, s2) == [("a", "Turn 10 — Allies: x")]
    # set-up boxes by name, then arrivals by turn (10 after 2, although "1" < "2" as text)
    # an Eliminated box per side (no Replacements: the game has no rule system declaring them), set-up boxes by
    # name, then arrivals by turn (10 after 2, although "1" < "2" as text)
    boxes = holding_boxes(game)
    assert [b.id for b in boxes] == ["eliminated:allies", "air", "pool", "Turn 2 — Allies: y", "Turn 10 — Allies: x"]
    assert [b.title for b in boxes][:3] == ["Eliminated — Allies", "Air", "Pool"]
    assert [b.units for b in boxes][1:] == [1, 1, 2, 1]  # b and c wait for turn 2 in s1


def test_malformed_schedules_give_no_bands():
    # the adapter may see unvalidated data: no crash, no band per character of a string
    scen = {"setup": "x", "reinforcements": [{"turn": 1, "units": "abc"}, "junk", {"turn": "2", "units": [5, "u"]}]}
    game = SimpleNamespace(manifest={}, scenarios={"s": scen, "t": "junk"})
    assert waiting(game, scen) == [("u", "Turn 2")]
    assert [b.id for b in holding_boxes(game)] == ["Turn 2"]


GAME = SimpleNamespace(
    manifest={"sides": [{"id": "de", "name": "German"}, {"id": "su", "name": "Soviet"}],
              "formations": [{"id": "7pz", "name": "7th Panzer Division"},
                             {"id": "3gtc", "name": "3rd Guards Tank Corps"},
                             {"id": "fd", "name": "Forward Detachment"}]},
    units=[{"id": "pz1", "formation": "7pz"}, {"id": "pz2", "formation": "7pz"},
           {"id": "kg", "formation": "39k", "name": "Kampfgruppe 12"},
           {"id": "fd1", "formation": "fd"}, {"id": "t1", "formation": "3gtc"}],
    maps=[{"id": "main", "areas": [{"id": "west_edge", "name": "West map edge"}, {"id": "ne", "name": "North-east"}]}],
    scenarios={"s": {"turns": {"count": 3, "labels": ["27 Jun", "28 Jun", "29 Jun"]},
                     "setup": [{"unit": "pz1", "off_map": "german_reinforcements", "face": "back"},
                               {"unit": "kg", "off_map": "39_corps", "face": "back"},
                               {"unit": "a1", "off_map": "air_pool"}],
                     "reinforcements": [
                         {"turn": 2, "side": "de", "group": "7pz", "units": ["pz1", "pz2"], "area": "west_edge",
                          "roll": {"die": "1d6", "on": [4, 5, 6]}},
                         {"turn": 2, "side": "de", "group": "kg12", "units": ["kg"], "area": "west_edge",
                          "roll": {"die": "1d6", "on": [6]}},
                         {"turn": 1, "side": "su", "group": "fd+3gtc", "units": ["fd1", "t1"], "area": "ne"}]}})


def test_titles_name_the_group_area_turn_label_and_side():
    """Names from the data: the formation, the map area, the scenario's date label, the side; a run of die results
    with an en dash."""
    names = Names(GAME)
    sc = GAME.scenarios["s"]
    labels = sc["turns"]["labels"]
    got = [arrival_title(e, names, labels) for e in sc["reinforcements"]]
    assert got == ["Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (4–6 on 1d6)",
                   "Turn 2 (28 Jun) — German: Kampfgruppe 12, West map edge (6 on 1d6)",
                   "Turn 1 (27 Jun) — Soviet: Forward Detachment + 3rd Guards Tank Corps, North-east"]


def test_scheduled_units_set_aside_off_the_map_wait_by_arrival():
    """A unit of the schedule that the set-up sets aside off the map waits in its arrival's box (Minsk '44 and Guards
    Tank list their reinforcements in generic off-map boxes); pools and air boxes stay."""
    sc = GAME.scenarios["s"]
    assert dict(waiting(GAME, sc)) == {"pz1": "Turn 2 — German: 7pz (4-6 on 1d6)",
                                       "pz2": "Turn 2 — German: 7pz (4-6 on 1d6)",
                                       "kg": "Turn 2 — German: kg12 (6 on 1d6)",
                                       "fd1": "Turn 1 — Soviet: ne", "t1": "Turn 1 — Soviet: ne"}
    boxes = holding_boxes(GAME)
    assert [(b.kind, b.title) for b in boxes] == [
        ("eliminated", "Eliminated — German"), ("eliminated", "Eliminated — Soviet"), ("box", "Air pool"),
        ("arrival", "Turn 1 (27 Jun) — Soviet: Forward Detachment + 3rd Guards Tank Corps, North-east"),
        ("arrival", "Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (4–6 on 1d6)"),
        ("arrival", "Turn 2 (28 Jun) — German: Kampfgruppe 12, West map edge (6 on 1d6)")]


def test_pool_units_stay_in_their_pool():
    sc = {"setup": [{"unit": "p1", "off_map": "pool"}],
          "reinforcements": [{"turn": 1, "units": ["p1", "x"], "pool_draw": {"pool": "pool", "count": 1}}]}
    game = SimpleNamespace(manifest={}, scenarios={"s": sc})
    assert waiting(game, sc) == [("x", "Turn 1")]


def test_boxes_are_sized_to_their_units_and_do_not_overlap():
    boxes = holding_boxes(GAME)
    placed, width, height = layout(boxes, 80)
    cell = holding_cell(80)
    for p in placed:
        assert len(p.slots(cell)) >= p.band.units  # room for every unit at the start
        assert p.height <= p.title_px + 8 * cell
        assert p.x + p.width <= width and p.y + p.height <= height
        cx, cy = p.slots(cell)[0]
        assert box_at(placed, cx, cy) == p.band and box_at(placed, p.x + 2, p.y + HOLDING_TITLE_PX // 2) == p.band
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert a.x + a.width <= b.x or b.x + b.width <= a.x or a.y + a.height <= b.y or b.y + b.height <= a.y
    # six small boxes: far smaller than the old 12-slot-wide, 3-row band per box
    assert width * height < len(boxes) * (12 * cell) * (HOLDING_TITLE_PX + 3 * cell) / 2
    assert box_at(placed, width - 1, height - 1) is None  # the margin is no box


def test_replacements_boxes_where_the_plugin_declares_them():
    efb = SimpleNamespace(**vars(GAME), rule_system=lambda: SimpleNamespace(replacements=True))
    kinds = [(b.kind, b.title) for b in holding_boxes(efb)][:4]
    assert kinds == [("eliminated", "Eliminated — German"), ("replacements", "Replacements — German"),
                     ("eliminated", "Eliminated — Soviet"), ("replacements", "Replacements — Soviet")]


def test_a_box_shared_by_two_lifts_of_one_formation_names_it_once() -> None:
    # Arnhem's two turn-1 lifts of the 1st Airborne Division land in one box: its title names the division once
    entry = {"turn": 1, "side": "german", "area": "west"}
    title = arrival_title(entry, Names(GAME), None, ["1st Airborne", "1st Airborne", "Polish Brigade"])
    assert title.endswith(": 1st Airborne + Polish Brigade, " + Names(GAME).areas.get("west", "west"))
