"""FoW p.46 "Pick a point on the table within Line of Sight of the Spotting Team", with Line of Sight as p.28 gives
it: "Buildings and Hills block Line of Sight", and "Line of Sight to a target Team is Blocked if it is more than
2"/5cm through Tall terrain, unless the Range is 6"/15cm or less". Judged from a 2-D map, so a warning with the
geometry. The bundled map: Hill (30..45, 29..38), East wood (50..64, 27..36), Farmhouse (33..37, 16..20)."""

from __future__ import annotations

from modgen.geometry.table import length_inside
from tests.fow_helpers import findings, setup, turn_to

START = [setup("us.mortar.1", 40, 40), setup("de.pak40.1", 38.5, 8, 180), setup("de.pak40.2", 41.5, 8, 180)]


def spot(aim, spotter="us.mortar.1", **kw):
    return {"type": "range_in", "unit": spotter, "target": "us.mortar.1", "aim": aim, "roll": 6, **kw}


def sight(*events, start=START):
    found = findings(*start, *turn_to("shooting", turn=2), *events)
    return [f for f in found if f["rule"] == "FoW p.46" and "Line of Sight" in f["message"]]


def test_length_inside_a_polygon():
    square = [[0, 0], [4, 0], [4, 4], [0, 4]]
    assert length_inside((-2, 2), (6, 2), square) == 4.0
    assert length_inside((1, 1), (1, 10), square) == 3.0
    assert length_inside((5, 5), (6, 6), square) == 0.0


def test_hill_between_spotter_and_aiming_point_is_a_warning():
    found = sight(spot([40, 8]))
    assert [f["severity"] for f in found] == ["warning"]
    assert "Hill" in found[0]["message"] and "(40.0, 40.0)" in found[0]["message"]
    assert found[0]["position"] == [40.0, 8.0]


def test_open_line_is_clean_and_attempts_at_one_point_warn_once():
    # From (40, 40) to (20, 44) nothing stands between; three attempts at a hidden point warn once.
    assert sight(spot([20, 44])) == []
    assert len(sight(spot([40, 8]), spot([40, 8]), spot([40, 8]))) == 1


def test_tall_terrain_more_than_2_inches_beyond_6_inches():
    # The East wood: from (56, 40) to (56, 22) the line runs 8.3" through it (blocked); from (56, 38.5) to (56, 33)
    # it runs 2.7" through it, but the range is 5.5" (6" or less: visible).
    start = [setup("us.mortar.1", 56, 40)]
    found = sight(spot([56, 22]), start=start)
    assert [f["severity"] for f in found] == ["warning"] and "through East wood" in found[0]["message"]
    assert sight(spot([56, 33]), start=[setup("us.mortar.1", 56, 38.5)]) == []
