"""FoW p.52 from the rulebook text (seed 004): "In the Assault Step, you assault with any or all of your Units one by
one" and "LEADING FROM THE FRONT A Formation Commander and their HQ Unit can combine with a Unit from their Formation
to conduct a joint assault. To do this, the Formation Commander and the Unit Leader must be of the same Type (Tank or
Infantry) and must start the Assault Step within 6"/15cm and in Line of Sight of each other. For the duration of the
Assault Step, the combined Unit is treated as a single Unit having the higher of the two Units' Counterattack
values." The bundled force has no HQ Unit, so these tests give Sherman 1 one (Sherman 2 leads the platoon)."""

from __future__ import annotations

import json
import shutil

import pytest

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.fow_helpers import move, setup, turn_to


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("fow")
    for d in ("games", "counters", "maps", "scenarios/fow"):
        (root / d).mkdir(parents=True)
    for f in ("games/fow.json", "maps/fow.json", "scenarios/fow/free_for_all.json",
              "scenarios/fow/breakthrough.json"):
        shutil.copy(REPO / f, root / f)
    shutil.copytree(REPO / "schema", root / "schema")
    data = json.loads((REPO / "counters/fow.json").read_text())
    for c in data["counters"]:
        if c["id"] == "us.sherman.1":  # the Formation Commander in his own HQ Unit
            c["group"] = {"id": "us_hq", "formation": "us_force", "leader": True, "commander": True, "role": "hq"}
            c["tags"] = ["armoured", "turreted"]
            c.setdefault("ratings", {})["counterattack"] = "3+"  # (illustrative: a Fearless-hearted HQ)
        elif c["id"] == "us.sherman.2":
            c["group"] = {"id": "us_tank_platoon", "formation": "us_force", "leader": True}
    (root / "counters/fow.json").write_text(json.dumps(data))
    return root / "games/fow.json"


def p52(game, *events, rule="FoW p.52"):
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    found = check_bytes(data, "t.jsonl", game, "free_for_all").to_dict()["findings"]
    return [f for f in found if f["rule"] == rule]


def assault(unit, target):
    return {"type": "assault", "unit": unit, "target": target}


def joint(commander_at, leader_at=(14, 40), *more):
    """The HQ Sherman and Sherman 2's platoon assault the PaK 40 at (12, 36) together."""
    return [setup("us.sherman.1", *commander_at), setup("us.sherman.2", *leader_at), setup("us.sherman.3", 17, 40),
            setup("de.pak40.1", 12, 36, 180), *more, *turn_to("assault"),
            assault("us.sherman.1", "de.pak40.1"), assault("us.sherman.2", "de.pak40.1")]


def test_commander_leading_from_the_front_is_legal(game):
    # Commander and Leader 2.9" apart (hull edges), both Tank Teams of one Formation.
    assert p52(game, *joint((10, 40))) == []


def test_commander_too_far_from_the_leader(game):
    found = p52(game, *joint((4, 40)))
    assert [f["severity"] for f in found] == ["error"]
    assert "within 6.0\"" in found[0]["message"] and found[0]["position"] == [4.0, 40.0]


def test_distance_is_measured_where_they_stood_as_the_assault_step_began(game):
    # They were 8.9" apart when the Assault Step began; the charge that brings them together does not help.
    ev = [*joint((4, 40))[:-2], move("us.sherman.1", [4, 40], [8, 40]), assault("us.sherman.1", "de.pak40.1"),
          assault("us.sherman.2", "de.pak40.1")]
    assert [f["severity"] for f in p52(game, *ev)] == ["error"]


def test_two_units_without_an_hq_cannot_assault_together(game):
    ev = [setup("us.sherman.2", 14, 40), setup("us.rifle.1", 10, 40), setup("de.pak40.1", 12, 36, 180),
          *turn_to("assault"), assault("us.sherman.2", "de.pak40.1"), assault("us.rifle.1", "de.pak40.1")]
    found = p52(game, *ev)
    assert [f["severity"] for f in found] == ["error"] and "one by one" in found[0]["message"]


def test_commander_and_leader_of_different_types(game):
    ev = [setup("us.sherman.1", 10, 40), setup("us.rifle.1", 14, 40), setup("de.pak40.1", 12, 36, 180),
          *turn_to("assault"), assault("us.sherman.1", "de.pak40.1"), assault("us.rifle.1", "de.pak40.1")]
    found = p52(game, *ev)
    assert [f["severity"] for f in found] == ["error"] and "same Type" in found[0]["message"]


def test_a_second_team_of_the_pair_assaulting_later_is_legal(game):
    # A team of either Unit declaring after the other Unit's teams is not "its Unit has already Assaulted".
    ev = [*joint((10, 40)), assault("us.sherman.3", "de.pak40.1"), assault("us.sherman.1", "de.pak40.1")]
    assert p52(game, *ev) == []


def counter(roll):
    return {"type": "motivation", "test": "counterattack", "unit": "us.sherman.2", "roll": roll, "result": "passed"}


def test_the_combined_unit_counterattacks_on_the_hq_value(game):
    # The HQ's Counterattack 3+ is better than the platoon's Confident 4+: a 3 passes for the combined Unit (p.52)...
    called = [f for f in p52(game, *joint((10, 40)), counter(3), rule="FoW p.57") if "calls it" in f["message"]]
    assert called == []
    # ... but not for the platoon assaulting alone.
    alone = [setup("us.sherman.2", 14, 40), setup("de.pak40.1", 12, 36, 180), *turn_to("assault"),
             assault("us.sherman.2", "de.pak40.1"), counter(3)]
    called = [f for f in p52(game, *alone, rule="FoW p.57") if "calls it" in f["message"]]
    assert len(called) == 1 and "needing 4+" in called[0]["message"]
