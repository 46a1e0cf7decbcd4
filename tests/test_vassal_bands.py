"""Band names of the holding map (docs/vassal.md "Reinforcements waiting in the holding map"), written by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from modgen.vassal.bands import arrival_name, holding_boxes, waiting

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
    assert holding_boxes(game) == ["air", "pool", "Turn 2 — Allies: y", "Turn 10 — Allies: x"]


def test_malformed_schedules_give_no_bands():
    # the adapter may see unvalidated data: no crash, no band per character of a string
    scen = {"setup": "x", "reinforcements": [{"turn": 1, "units": "abc"}, "junk", {"turn": "2", "units": [5, "u"]}]}
    game = SimpleNamespace(manifest={}, scenarios={"s": scen, "t": "junk"})
    assert waiting(game, scen) == [("u", "Turn 2")]
    assert holding_boxes(game) == ["Turn 2"]
