"""Property tests (Hypothesis) for label ⇄ position ⇄ pixel round trips across numbering settings."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from modgen.geometry.hexgrid import Grid, Numbering

numberings = st.builds(
    Numbering,
    first=st.sampled_from(["H", "V"]),
    sep=st.sampled_from(["", "-", ".", "/"]),
    h_type=st.sampled_from(["N", "A"]),
    v_type=st.sampled_from(["N", "A"]),
    h_leading=st.integers(0, 2),
    v_leading=st.integers(0, 2),
    h_off=st.integers(-2, 3),
    v_off=st.integers(-2, 3),
    h_descend=st.booleans(),
    v_descend=st.booleans(),
    stagger=st.booleans(),
)
grids = st.builds(Grid, columns=st.integers(1, 25), rows=st.integers(1, 25),
                  orientation=st.sampled_from(["flat", "pointy"]), numbering=numberings,
                  offset=st.sampled_from(["odd", "even"]))


def vassal_quirk(g: Grid) -> bool:
    """The documented VASSAL non-round-trip: stagger with a descending column axis and an odd max."""
    n = g.numbering
    if not n.stagger:
        return False
    if g.sideways:
        return n.v_descend and g.max_rows % 2 == 1
    return n.h_descend and g.max_columns % 2 == 1


@settings(max_examples=150, deadline=None)
@given(grids, st.data())
def test_label_position_round_trip(g: Grid, data: st.DataObject) -> None:
    labels = g.labels()
    assume(len(set(labels)) == len(labels))  # e.g. "1"+"11" vs "11"+"1" with no separator can collide
    col = data.draw(st.integers(0, g.columns - 1))
    row = data.draw(st.integers(0, g.rows - 1))
    lab = g.label(col, row)
    assert g.position(lab) == (col, row)
    assert g.is_label(lab)


@settings(max_examples=150, deadline=None)
@given(grids, st.data(), st.floats(16, 220))
def test_vassal_names_our_centres(g: Grid, data: st.DataObject, hex_px: float) -> None:
    col = data.draw(st.integers(0, g.columns - 1))
    row = data.draw(st.integers(0, g.rows - 1))
    lab = g.label(col, row)
    x, y = g.center_of(col, row, hex_px)
    lay = g.layout(hex_px)
    assert 0 <= x < lay.width and 0 <= y < lay.height
    assert g.vassal_location_name(x, y, hex_px) == lab  # labels do not depend on the scale
    assert g.snap_to_hex(x, y, hex_px) == (x, y)
    assert g.hex_at_px(x, y, hex_px) == lab


@settings(max_examples=150, deadline=None)
@given(grids, st.data())
def test_vassal_get_location_round_trip(g: Grid, data: st.DataObject) -> None:
    assume(g.numbering.sep != "")  # with no separator VASSAL's greedy regex may split a label differently
    assume(not vassal_quirk(g))
    col = data.draw(st.integers(0, g.columns - 1))
    row = data.draw(st.integers(0, g.rows - 1))
    pt = g.vassal_get_location(g.label(col, row), 100)
    assert pt is not None
    assert g.snap_to_hex(*pt, 100) == g.center_of(col, row, 100)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]))
def test_quirk_is_exactly_the_documented_case(cols: int, rows: int, orient: str, offset: str) -> None:
    for h_desc in (False, True):
        for v_desc in (False, True):
            g = Grid(cols, rows, orient, Numbering(sep="-", stagger=True, h_descend=h_desc, v_descend=v_desc),
                     offset=offset)
            if not vassal_quirk(g):
                assert g.vassal_round_trips()


@settings(max_examples=200, deadline=None)
@given(grids, st.floats(0, 1), st.floats(0, 1), st.sampled_from([40, 100]))
def test_hex_at_px_is_nearest_centre(g: Grid, fx: float, fy: float, hex_px: int) -> None:
    assume(len(set(g.labels())) == len(g))  # ambiguous labels ("1"+"11" = "11"+"1") cannot name one hex
    lay = g.layout(hex_px)
    x, y = fx * (lay.width - 1), fy * (lay.height - 1)
    got = g.hex_at_px(x, y, hex_px)
    best = min(((c, r) for c in range(-1, g.columns + 1) for r in range(-1, g.rows + 1)),
               key=lambda p: math.dist(g.exact_center(*p, hex_px), (math.floor(x), math.floor(y))))
    bx = math.dist(g.exact_center(*best, hex_px), (math.floor(x), math.floor(y)))
    if got is None:
        assert not g.in_bounds(*best) or bx > hex_px / 2 - 2
        return
    d = math.dist(g.exact_center(*g.position(got), hex_px), (math.floor(x), math.floor(y)))
    # Within VASSAL's integer arithmetic of the true nearest centre: centres are truncated to whole pixels and
    # getSingleHexShape widens each hexagon by 1 px on its right/bottom edges, so near a corner VASSAL may pick a
    # neighbour up to ~2.1 px farther than the nearest (found by Hypothesis: flat, offset even, 100 px, point
    # (226, 149) lies inside raw hex (2, 0)'s widened shape). The engine test checks the port against VASSAL itself.
    assert d <= bx + 3.0


@settings(max_examples=100, deadline=None)
@given(grids, st.data())
def test_neighbour_symmetry_and_distance(g: Grid, data: st.DataObject) -> None:
    labels = g.labels()
    assume(len(set(labels)) == len(labels))
    a = data.draw(st.sampled_from(labels))
    b = data.draw(st.sampled_from(labels))
    for n in g.neighbours(a):
        if n is not None:
            assert a in g.neighbours(n)
            assert g.hexside_id(a, n) == g.hexside_id(n, a)
    path = g.line(a, b)
    assert len(path) == g.distance(a, b) + 1
    assert g.distance(a, b) == g.distance(b, a)


def test_from_map_refuses_ambiguous_numbering() -> None:
    import pytest

    from modgen.errors import DataError

    num = {"h_leading": 0, "v_leading": 0, "sep": ""}
    with pytest.raises(DataError, match="same label"):
        Grid.from_map({"id": "m", "grid": {"columns": 12, "rows": 12, "numbering": num}})
    Grid.from_map({"id": "m", "grid": {"columns": 9, "rows": 9, "numbering": num}})  # single digits are fine
