"""FoW p.95 Ambush, on the bundled Breakthrough (p.101: "Ambush (Defender)", "may hold one Unit in Ambush"), from
the rulebook text (seed 004): "At the start of your turn, in the Starting Step, you may place any or all Units that
you have been holding in Ambush. You must place an entire Unit at a time, and the Unit must be placed with all of
its Teams In Command (page 18). You may place a Team from Ambush anywhere in your Deployment Area ..., provided that
it is: at least 16"/40cm from any enemy Tank, Infantry, or Gun Team within Line of Sight, unless Concealed by Terrain
from it, and at least 4"/10cm from all enemy Tank, Infantry, or Gun Teams." "ALREADY THERE Ambushing Teams do not
have to move. They can remain where they are placed and shoot at their Halted ROF."

The German PaK 40 platoon (two Gun Teams) waits in Ambush; the Shermans stand in the American quarter."""

from __future__ import annotations

from tests.fow_helpers import findings, move, setup
from tests.fow_mission_helpers import PAK_HELD, SHERMANS, breakthrough, game_turn, hold

ROLL = {"type": "reserves", "side": "german", "dice": [1]}  # Immediate Reserves (Defender): one die in turn 1


def reveal(*at: tuple[float, float]) -> list[dict]:
    return [setup(f"de.pak40.{i}", x, y, 180) for i, (x, y) in enumerate(at, start=1)]


def test_p95_placed_in_the_starting_step_far_from_the_enemy():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((30, 8), (33, 8)), ROLL],))]
    assert breakthrough(*ev) == []


def test_p95_already_there_shoots_at_halted_rof():
    """Placed, not moved: the PaK's Halted ROF 2 (p.95) in the same turn's Shooting Step."""
    shot = {"type": "shoot", "unit": "de.pak40.1", "target": "us.sherman.4", "dice": [4, 5], "hits": 0}
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((30, 14), (33, 14)), ROLL], [], [shot]))]
    assert breakthrough(*ev, rule="FoW p.26") == [] and breakthrough(*ev, rule="FoW p.95") == []


def test_p95_never_within_4_inches_of_an_enemy():
    closer = [move("us.sherman.4", [26, 40], [34, 40])]
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, us=([], closer), german=([*reveal((37.5, 40), (41, 43)), ROLL],))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["error", "warning"]
    assert "never placed from Ambush within 4.0\"" in found[0]["message"] and found[0]["position"] == [37.5, 40.0]


def test_p95_within_16_inches_is_a_line_of_sight_warning():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((38, 30), (40, 30)), ROLL],))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["warning", "warning"]
    assert "Line of Sight" in found[0]["message"] and "us.sherman.4" in found[0]["units"]


def test_p95_only_in_the_own_deployment_area():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((50, 10), (52, 10)), ROLL],))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["error", "error"] and "Deployment Area" in found[0]["message"]


def test_p95_only_in_the_starting_step():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([ROLL], reveal((30, 8), (33, 8))))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert found and all("Starting Step" in f["message"] for f in found)


def test_p95_an_entire_unit_at_a_time():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((30, 8)), ROLL],))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["error"] and "entire Unit" in found[0]["message"]


def test_p95_all_teams_in_command():
    ev = [*PAK_HELD, *SHERMANS, *game_turn(1, german=([*reveal((10, 8), (30, 8)), ROLL],))]
    found = breakthrough(*ev, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["error"] and "In Command" in found[0]["message"]
    assert found[0]["units"] == ["de.pak40.2", "de.pak40.1"]


def test_p95_one_unit_as_the_mission_says():
    held = [*PAK_HELD, *(hold(f"de.pz4h.{i}") for i in range(1, 5))]
    found = breakthrough(*held, *SHERMANS, rule="FoW p.95")
    assert [f["severity"] for f in found] == ["error"] and "allows 1" in found[0]["message"]


def test_p95_no_ambush_in_a_mission_without_it():
    """The Free For All (p.97) has no Ambush special rule."""
    found = [f for f in findings(hold("de.pak40.1"), setup("us.sherman.1", 30, 44)) if f["rule"] == "FoW p.95"]
    assert [f["severity"] for f in found] == ["error"] and "no Ambush" in found[0]["message"]
