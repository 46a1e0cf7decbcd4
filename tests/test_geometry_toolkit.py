"""The shared geometry toolkit (modgen.geometry.arcs, .table, .hexline): expected values computed by hand."""

from __future__ import annotations

import math

import pytest

from modgen.geometry import arcs, hexline
from modgen.geometry.hexgrid import Grid
from modgen.geometry.table import (
    Footprint,
    Pose,
    base_distance,
    corners,
    path_crosses,
    path_length,
    point_in_polygon,
    polygon_distance,
    segment_distance,
    target_arc,
)


# ---- arcs -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("deg, want", [(-90, 270), (720, 0), (361.5, 1.5), (0, 0), (359.75, 359.75)])
def test_normalize(deg, want):
    assert arcs.normalize(deg) == pytest.approx(want)


@pytest.mark.parametrize("a, b, want", [(350, 10, 20), (10, 350, -20), (0, 180, 180), (90, 0, -90)])
def test_difference_is_the_smallest_signed_turn(a, b, want):
    assert arcs.difference(a, b) == pytest.approx(want)


@pytest.mark.parametrize("to, want", [((0, -1), 0), ((1, 0), 90), ((0, 2), 180), ((-3, 0), 270), ((1, -1), 45),
                                      ((-1, 1), 225)])
def test_bearing_is_clockwise_from_up_with_y_down(to, want):
    assert arcs.bearing((0, 0), to) == pytest.approx(want)


def test_bearing_of_a_point_onto_itself_is_zero():
    assert arcs.bearing((2, 2), (2, 2)) == 0


def test_in_arc_counts_the_boundary_as_inside():
    assert arcs.in_arc(0, 90, 180)
    assert not arcs.in_arc(0, 90.001, 180)
    assert arcs.in_arc(350, 10, 60)  # 20 degrees right of a facing that wraps past north
    assert not arcs.in_arc(350, 30, 60)
    assert arcs.in_arc(123, 303, 360)


def test_arc_of_and_front_or_rear():
    arcs_fr = [("front", 180), ("rear", 360)]
    assert arcs.arc_of(90, 200, arcs_fr) == "rear"  # 110 degrees off the facing
    assert arcs.arc_of(90, 10, arcs_fr) == "front"  # 80 degrees off
    assert arcs.arc_of(0, 100, [("front", 120)]) is None
    assert arcs.front_or_rear(270, 180) == "front"  # exactly 90 off: on the line, front
    assert arcs.front_or_rear(270, 90) == "rear"


@pytest.mark.parametrize("side, orientation, want", [(0, "flat", 0), (2, "flat", 120), (7, "flat", 60),
                                                     (0, "pointy", 30), (5, "pointy", 330)])
def test_hexside_degrees(side, orientation, want):
    assert arcs.hexside_degrees(side, orientation) == want


@pytest.mark.parametrize("deg, orientation, want", [(61, "flat", 1), (359, "flat", 0), (29, "flat", 0),
                                                    (31, "flat", 1), (90, "pointy", 1), (0, "pointy", 0),
                                                    (300, "flat", 5)])
def test_degrees_hexside_rounds_to_the_nearest_side(deg, orientation, want):
    assert arcs.degrees_hexside(deg, orientation) == want


# ---- table ----------------------------------------------------------------------------------------------------
def test_corners_facing_up_and_facing_east():
    got = corners(Pose(10, 10, 0), Footprint(2, 1))
    assert [tuple(round(v, 9) for v in p) for p in got] == [(9, 9.5), (11, 9.5), (11, 10.5), (9, 10.5)]
    # facing east the front is x + 0.5 and the right-hand side is down (y + 1)
    got = corners(Pose(0, 0, 90), Footprint(2, 1))
    assert [tuple(round(v, 9) for v in p) for p in got] == [(0.5, -1), (0.5, 1), (-0.5, 1), (-0.5, -1)]


def test_footprint_from_data_in_inches_or_mm():
    fp = Footprint.from_data({"width_mm": 50.8, "depth_mm": 25.4})
    assert (fp.width, fp.depth) == (pytest.approx(2.0), pytest.approx(1.0))
    assert Footprint.from_data({"width_in": 1.5, "depth_in": 3}) == Footprint(1.5, 3.0)
    for bad in ({}, {"width_in": 2}, {"width_mm": 0, "depth_mm": 5}, {"width_in": True, "depth_in": 1},
                {"width_in": float("nan"), "depth_in": 1}):
        with pytest.raises(ValueError, match="base"):
            Footprint.from_data(bad)


def test_edge_to_edge_distance_between_bases():
    b = Footprint(2, 1)
    assert base_distance(Pose(0, 0), b, Pose(5, 0), b) == pytest.approx(3.0)  # x=1 to x=4
    # corner (1, 0.5) to corner (3, 2.5)
    assert base_distance(Pose(0, 0), b, Pose(4, 3), b) == pytest.approx(2 * math.sqrt(2))
    assert base_distance(Pose(0, 0), b, Pose(1.5, 0), b) == 0  # overlapping
    assert base_distance(Pose(0, 0), Footprint(10, 10), Pose(1, 1), b) == 0  # one holds the other
    # a base turned 90 degrees is 1 wide across x: its left edge is at x = 4.5
    assert base_distance(Pose(0, 0), b, Pose(5, 0, 90), b) == pytest.approx(3.5)


def test_segment_and_polygon_distance():
    assert segment_distance((0, 0), (2, 0), (1, 1), (1, 3)) == pytest.approx(1)
    assert segment_distance((0, 0), (2, 2), (0, 2), (2, 0)) == 0  # crossing
    square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    assert polygon_distance(square, [(7, 0), (9, 0), (9, 4)]) == pytest.approx(3)


def test_point_in_terrain_polygon():
    wood = [[10, 10], [20, 10], [20, 18]]
    assert point_in_polygon((18, 11), wood)  # the hypotenuse is at y = 16.4 there
    assert not point_in_polygon((12, 15), wood)  # the hypotenuse is at y = 11.6 there
    assert point_in_polygon((15, 10), wood)  # on an edge
    assert point_in_polygon((20, 18), wood)  # a vertex
    assert not point_in_polygon((0, 0), [[0, 0], [1, 1]])  # not a polygon


def test_path_crosses_terrain():
    square = [[0, 0], [4, 0], [4, 4], [0, 4]]
    assert path_crosses([(-1, 2), (5, 2)], square)  # straight through, no waypoint inside
    assert not path_crosses([(-1, -1), (5, -1)], square)
    assert path_crosses([(-1, 5), (5, 5), (2, 2)], square)  # ends inside
    assert path_crosses([(4, 4), (6, 6)], square)  # touches the corner
    assert not path_crosses([], square)


def test_path_length_and_target_arc():
    assert path_length([(0, 0), (3, 4), (3, 10)]) == pytest.approx(11)
    assert target_arc(Pose(0, 0, 0), (5, 0)) == "front"  # exactly abeam: front
    assert target_arc(Pose(0, 0, 0), (0, 1)) == "rear"
    assert target_arc(Pose(0, 0, 180), (0, 1)) == "front"


# ---- hex lines and line of sight --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def flat() -> Grid:
    return Grid.from_map({"id": "t", "grid": {"columns": 10, "rows": 10, "orientation": "flat"}})


def test_hex_line_through_the_middle_hex(flat):
    # 0000 is cube (0,0,0) and 0201 is (2,0,-2): the midpoint (1,0,-1) is 0100
    assert hexline.lines(flat, "0000", "0201") == [["0000", "0100", "0201"]]


def test_hex_line_along_hexsides_has_two_readings(flat):
    # 0002 (0,2,-2) to 0402 (4,0,-4): at 1/4 and 3/4 the line runs between 0101/0102 and 0301/0302
    got = {tuple(p) for p in hexline.lines(flat, "0002", "0402")}
    assert got == {("0002", "0101", "0202", "0301", "0402"), ("0002", "0102", "0202", "0302", "0402")}


def test_hex_line_along_the_map_edge_keeps_the_reading_on_the_map(flat):
    assert hexline.lines(flat, "0000", "0400") == [["0000", "0100", "0200", "0300", "0400"]]


def test_line_of_sight_blocking_hexes_and_hexsides(flat):
    def wood(h):
        return h == "0101"

    assert hexline.line_of_sight(flat, "0002", "0402", wood).clear  # the other side of the hexsides is open
    seen = hexline.line_of_sight(flat, "0002", "0402", wood, along_side="either")
    assert not seen.clear and seen.hex == "0101"
    town = hexline.line_of_sight(flat, "0002", "0402", lambda h: h == "0202")
    assert not town.clear and town.hex == "0202"
    assert hexline.line_of_sight(flat, "0002", "0402", lambda h: h in ("0002", "0402")).clear  # ends never block
    wall = hexline.line_of_sight(flat, "0000", "0201", blocks_side=lambda a, b: {a, b} == {"0000", "0100"})
    assert not wall.clear and wall.hexside == ("0000", "0100") and wall.hex is None
    with pytest.raises(ValueError):
        hexline.line_of_sight(flat, "0000", "0201", along_side="most")


def test_hex_directions_and_bearings_in_degrees(flat):
    assert hexline.direction_degrees(flat, "0404", "0503") == 60  # NE of an even column is (col+1, row-1)
    assert hexline.direction_degrees(flat, "0404", "0405") == 180
    assert hexline.bearing(flat, "0000", "0002") == pytest.approx(180)
    assert hexline.bearing(flat, "0000", "0200") == pytest.approx(90)  # even columns share centre heights
    pointy = Grid.from_map({"id": "p", "grid": {"columns": 10, "rows": 10, "orientation": "pointy"}})
    assert {hexline.direction_degrees(pointy, "0404", n) for n in pointy.neighbours("0404")} == \
        {30, 90, 150, 210, 270, 330}
