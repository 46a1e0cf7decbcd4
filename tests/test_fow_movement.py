"""FoW movement on the table, from the rulebook text (seed 004): Tactical and Dash speeds (p.18 Mobility table:
Standard Tank Tactical 10", Cross-country Dash 18", Road Dash 20"; Infantry Tactical 8"), which Dash applies
(p.20), the Dash ban within 8" of the enemy and the 2" proximity rule (p.19), command distance (p.18) and Movement
Orders (pp.24-25)."""

from __future__ import annotations

from tests.fow_helpers import findings, move, rules, setup, step, turn_to

TANKS = [setup("us.sherman.1", 30, 42), setup("us.sherman.2", 34, 42), setup("de.pz4h.1", 30, 4, 180)]


def test_issue_example_34_inch_sherman_move_breaks_tactical_10():
    # p.18: Standard Tank Tactical 10"/25cm. The issue's 34" move.
    found = findings(*TANKS, *turn_to("movement"), move("us.sherman.1", [30, 42], [30, 8]))
    assert ("FoW p.18", "error") in rules(found)
    assert found[0]["position"] == [30, 8] and "34.0\"" in found[0]["message"]


def test_tactical_10_inches_is_legal():
    assert findings(*TANKS, *turn_to("movement"), move("us.sherman.1", [30, 42], [30, 32]),
                    move("us.sherman.2", [34, 42], [34, 36])) == []


def test_tactical_limit_adds_up_over_several_moves():
    found = findings(*TANKS, *turn_to("movement"), move("us.sherman.1", [30, 42], [30, 36]),
                     move("us.sherman.1", [30, 36], [30, 30]))
    assert rules(found) == [("FoW p.18", "error")]


def test_cross_country_dash_18_inches():
    # p.20: a Dash not on a road and not in Terrain uses Cross-country Dash (18").
    start = [setup("us.sherman.1", 50, 46, 270), setup("de.pz4h.1", 30, 4, 180)]
    ok = findings(*start, *turn_to("movement"), move("us.sherman.1", [50, 46], [32, 46], "dash"))
    assert ok == []
    bad = findings(*start, *turn_to("movement"), move("us.sherman.1", [50, 46], [30, 46], "dash"))
    assert rules(bad) == [("FoW p.20", "error")]


def test_road_dash_20_inches_only_if_the_whole_move_is_on_the_road():
    # The bundled table's road runs east-west between y=22 and y=25.
    start = [setup("us.sherman.1", 2, 23.5, 90), setup("de.pz4h.1", 70, 4, 180)]
    assert findings(*start, *turn_to("movement"), move("us.sherman.1", [2, 23.5], [22, 23.5], "dash")) == []
    off = findings(*start, *turn_to("movement"),
                   move("us.sherman.1", [2, 23.5], [20, 27], "dash"))
    assert rules(off) == [("FoW p.20", "error")] and "off the road" in off[0]["message"]


def test_dash_across_a_stream_is_terrain_dash():
    # p.21 Terrain Chart: Stream or Brook is Terrain Dash; a tank crossing the brook Dashes at most 12".
    start = [setup("us.sherman.1", 30, 42, 270), setup("de.pz4h.1", 30, 4, 180)]
    found = findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 42], [12, 42], "dash"))
    assert rules(found) == [("FoW p.20", "error")] and "stream" in found[0]["message"]


def test_terrain_dash_when_any_part_is_in_woods():
    # West wood polygon spans about x 7-24, y 12-21; Terrain Dash for a Standard Tank is 12".
    start = [setup("us.sherman.1", 15, 30, 0), setup("de.pz4h.1", 70, 4, 180)]
    found = findings(*start, *turn_to("movement"), {"type": "cross", "unit": "us.sherman.1", "roll": 5},
                     move("us.sherman.1", [15, 30], [15, 16], "dash"))
    assert rules(found) == [("FoW p.20", "error")] and "woods" in found[0]["message"]


def test_no_dash_within_8_inches_of_the_enemy():
    start = [setup("us.sherman.1", 30, 30), setup("de.pz4h.1", 30, 10, 180)]
    found = findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 30], [30, 16], "dash"))
    assert ("FoW p.19", "error") in rules(found)
    # ending 8"+ away (edge to edge) is legal
    assert findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 30], [30, 22], "dash")) == []


def test_tank_not_within_2_inches_of_enemy_infantry_in_movement_step():
    start = [setup("us.sherman.1", 60, 20), setup("de.pak40.1", 60, 8, 180)]
    found = findings(*start, *turn_to("movement"), move("us.sherman.1", [60, 20], [60, 12]))
    assert rules(found) == [("FoW p.19", "error")]
    assert findings(*start, *turn_to("movement"), move("us.sherman.1", [60, 20], [60, 13.5])) == []


def test_tank_may_close_on_enemy_tanks():
    # p.19's 2" rule for tanks names enemy Infantry and Gun Teams only.
    start = [setup("us.sherman.1", 30, 20), setup("de.pz4h.1", 30, 12, 180)]
    assert findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 20], [30, 15.5])) == []


def test_tank_cannot_move_through_another_tank():
    start = [setup("us.sherman.1", 30, 42), setup("us.sherman.2", 30, 38), setup("de.pz4h.1", 70, 4, 180)]
    found = findings(*start, *turn_to("movement"), move("us.sherman.1", [30, 42], [30, 33]))
    assert rules(found) == [("FoW p.19", "error")]


def test_one_movement_order_per_unit_per_turn():
    found = findings(*TANKS, *turn_to("movement"), {"type": "order", "unit": "us.sherman.1", "order": "blitz",
                                                   "roll": 5},
                     {"type": "order", "unit": "us.sherman.1", "order": "cross_here"})
    assert rules(found) == [("FoW p.24", "error")]


def test_blitz_adds_4_inches_and_bans_dash():
    # p.24: a passed Blitz moves up to 4" then a normal Tactical move (14" in all for a Standard Tank).
    ok = findings(*TANKS, *turn_to("movement"), {"type": "order", "unit": "us.sherman.1", "order": "blitz",
                                                "roll": 4}, move("us.sherman.1", [30, 42], [30, 28]))
    assert ok == []
    failed = findings(*TANKS, *turn_to("movement"), {"type": "order", "unit": "us.sherman.1", "order": "blitz",
                                                    "roll": 2}, move("us.sherman.1", [30, 42], [30, 28]))
    assert rules(failed) == [("FoW p.18", "error")]
    dash = findings(*TANKS, *turn_to("movement"), {"type": "order", "unit": "us.sherman.1", "order": "blitz",
                                                  "roll": 4}, move("us.sherman.2", [34, 42], [34, 30], "dash"))
    assert ("FoW p.24", "error") in rules(dash)


def test_gun_units_only_dig_in_or_cross_here():
    start = [setup("de.pak40.1", 60, 8, 180), setup("de.pak40.2", 64, 8, 180), setup("us.sherman.1", 30, 42)]
    bad = findings(*start, *turn_to("movement", "german"), {"type": "order", "unit": "de.pak40.1",
                                                            "order": "blitz", "roll": 6})
    assert rules(bad) == [("FoW p.24", "error")]
    ok = findings(*start, *turn_to("movement", "german"), {"type": "order", "unit": "de.pak40.1",
                                                           "order": "dig_in", "roll": 6})
    assert ok == []


def test_bailed_out_tank_cannot_move():
    # bailed out after the Starting Step (one of two tanks Bailed Out would owe a Last Stand test there, p.60)
    found = findings(*TANKS, *turn_to("movement"),
                     {"type": "marker", "unit": "us.sherman.2", "marker": "bailed_out", "on": True},
                     move("us.sherman.2", [34, 42], [34, 40]))
    assert rules(found) == [("FoW p.38", "error")]


def test_out_of_command_dash_must_head_for_the_leader():
    # p.18: 6" for a Unit under 8 teams; an Out of Command team may Dash only directly towards its Leader.
    start = [setup("us.sherman.1", 30, 42), setup("us.sherman.2", 34, 42), setup("de.pz4h.1", 70, 4, 180)]
    away = findings(*start, *turn_to("movement"), move("us.sherman.2", [34, 42], [50, 42], "dash"),
                    step("shooting"))
    assert rules(away) == [("FoW p.18", "warning")] and away[0]["position"] == [50, 42]


def test_out_of_command_tactical_move_adds_one_to_hit():
    start = [setup("us.sherman.1", 30, 42), setup("us.sherman.2", 34, 42), setup("de.pz4h.1", 50, 20, 180)]
    ev = [*start, *turn_to("movement"), move("us.sherman.2", [34, 42], [44, 42]), step("shooting"),
          {"type": "shoot", "unit": "us.sherman.2", "target": "de.pz4h.1", "dice": [4], "need": "5+"}]
    assert rules(findings(*ev)) == [("FoW p.33", "error")]  # Is Hit On 4+, +1 range, +1 Out of Command = 6+


def test_cm_table_uses_the_cm_values(monkeypatch):
    # p.4: a game measured in cm uses the cm values: Tactical 25cm is 9.84", so a 10" move breaks it.
    from modgen.rules.fow import teams
    m = teams.Measure("cm")
    assert abs(m.inches({"in": 10, "cm": 25}) - 25 / 2.54) < 1e-9 and m.show(10) == "25.4cm"
