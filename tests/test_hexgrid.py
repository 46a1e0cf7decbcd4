"""Hex geometry: hand-computed cases (Minsk '44 XXYY labels, VASSAL examples) and geometric cross-checks."""

from __future__ import annotations

import math
from collections import deque

import pytest

from modgen.errors import DataError
from modgen.geometry.hexgrid import Grid, Layout, Numbering, name_of, parse_name


def minsk_grid(**numbering: object) -> Grid:
    num = {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
           "h_off": 1, "v_off": 1, "stagger": False}
    num.update(numbering)
    return Grid.from_map({"id": "main", "grid": {"orientation": "flat", "columns": 50, "rows": 30, "numbering": num}})


# ---- labels (hand-computed) ----

def test_minsk_labels_xxyy() -> None:
    g = minsk_grid()
    # MK prints XXYY ids; column 01 is offset col 0, row 01 is offset row 0.
    assert g.label(0, 0) == "0101"
    assert g.position("1126") == (10, 25)
    assert g.position("0108") == (0, 7)
    assert g.position("4209") == (41, 8)
    assert g.position("3114") == (30, 13)
    assert g.position("4225") == (41, 24)
    assert g.position("4807") == (47, 6)
    assert len(g.labels()) == 50 * 30 == len(set(g.labels()))
    assert g.labels()[:3] == ["0101", "0102", "0103"]
    assert "5030" in g and "5131" not in g and "0100" not in g


def test_minsk_neighbours_by_hand() -> None:
    g = minsk_grid()
    assert g.directions == ("N", "NE", "SE", "S", "SW", "NW")
    # Column 11 (offset col 10, even) is not shifted: its NE/NW neighbours are one row up.
    assert g.neighbours("1126") == ["1125", "1225", "1226", "1127", "1026", "1025"]
    # Column 42 (offset col 41, odd) is shifted down half a hex: its SE/SW neighbours are one row down.
    assert g.neighbours("4209") == ["4208", "4309", "4310", "4210", "4110", "4109"]
    # West edge: nothing to the west.
    assert g.neighbours("0108") == ["0107", "0207", "0208", "0109", None, None]
    # Corner hex 0101.
    assert g.neighbours("0101") == [None, None, "0201", "0102", None, None]
    assert g.neighbours("0101", on_map=False) == ["0100", "0200", "0201", "0102", "0001", "0000"]
    assert g.neighbour("4209", "se") == "4310"
    assert g.direction("4209", "4110") == "SW"
    with pytest.raises(ValueError):
        g.direction("4209", "4211")


def test_distance_hand_and_bfs() -> None:
    g = minsk_grid()
    # Cube by hand: (10,25) -> q=10, r=25-5=20; (41,8) -> q=41, r=8-20=-12; max(31, 32, 1) = 32.
    assert g.distance("1126", "4209") == 32
    assert g.distance("1126", "1126") == 0
    assert g.distance("0101", "0501") == 4
    # Independent check: breadth-first search over the neighbour relation.
    start = "3114"
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in g.neighbours(h):
            if n is not None and n not in seen:
                seen[n] = seen[h] + 1
                q.append(n)
    assert len(seen) == 1500
    for lab in ("1126", "0108", "4209", "4225", "4807", "0101", "5030"):
        assert g.distance(start, lab) == seen[lab], lab


def test_neighbours_are_one_hex_away_in_pixels_and_clockwise() -> None:
    # Geometric cross-check independent of the cube arithmetic.
    for orient, offset in (("flat", "odd"), ("pointy", "odd"), ("flat", "even"), ("pointy", "even")):
        g = Grid.from_map({"grid": {"orientation": orient, "columns": 6, "rows": 6, "offset": offset}})
        start_angle = -90.0 if orient == "flat" else 0.0  # N for flat, E for pointy (y down)
        for lab in g.labels():
            cx, cy = g.exact_center(*g.position(lab), 100)
            for i, n in enumerate(g.neighbours(lab, on_map=False)):
                nx, ny = g.exact_center(*g.position(n), 100)
                assert math.hypot(nx - cx, ny - cy) == pytest.approx(100.0)
                ang = math.degrees(math.atan2(ny - cy, nx - cx))
                assert (ang - (start_angle + 60 * i)) % 360 == pytest.approx(0.0, abs=1e-6) or \
                    (ang - (start_angle + 60 * i)) % 360 == pytest.approx(360.0, abs=1e-6)


def test_line_and_tie_break() -> None:
    g = minsk_grid()
    assert g.line("1101", "1105") == ["1101", "1102", "1103", "1104", "1105"]
    assert g.line("1126", "1126") == ["1126"]
    # 1126 (col 10) and 1326 (col 12) are unshifted columns, so their centres share a pixel row; column 11 between
    # them is shifted half a hex, so the segment runs exactly along the 1225/1226 hexside. Each tie-break picks a side.
    assert g.distance("1126", "1326") == 2
    a, b = g.line("1126", "1326"), g.line("1126", "1326", tie=-1)
    assert a[0] == b[0] == "1126" and a[-1] == b[-1] == "1326"
    assert {a[1], b[1]} == {"1225", "1226"}


def test_line_geometry_property() -> None:
    g = minsk_grid()
    rad = 100 / math.sqrt(3)
    for a, b in (("0101", "4807"), ("1126", "4209"), ("3114", "0108"), ("4225", "1126")):
        path = g.line(a, b)
        assert path[0] == a and path[-1] == b and len(path) == g.distance(a, b) + 1
        assert all(g.adjacent(p, q) for p, q in zip(path, path[1:], strict=False))
        (ax, ay), (bx, by) = (g.exact_center(*g.position(x), 100) for x in (a, b))
        for h in path:  # the centre-to-centre segment passes within a corner radius of every hex on the line
            hx, hy = g.exact_center(*g.position(h), 100)
            t = max(0.0, min(1.0, ((hx - ax) * (bx - ax) + (hy - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
            assert math.hypot(ax + t * (bx - ax) - hx, ay + t * (by - ay) - hy) <= rad + 1e-6


def test_hexside_id_canonical() -> None:
    g = minsk_grid()
    assert g.hexside_id("3114", "3214") == g.hexside_id("3214", "3114") == "3114/3214"
    assert g.hexside_id("1126", "1125") == "1125/1126"
    with pytest.raises(ValueError):
        g.hexside_id("1126", "1128")
    ids = {g.hexside_id(h, n) for h in g.labels() for n in g.neighbours(h) if n}
    # Independent count for flat columns, C columns by R rows: C*(R-1) sides inside columns, and between two
    # neighbouring columns the zigzag of 2R-1 sides.
    assert len(ids) == 50 * 29 + 49 * (2 * 30 - 1)


def test_edge_hexes() -> None:
    g = minsk_grid()
    assert g.edge_hexes("north")[:3] == ["0101", "0201", "0301"]
    assert g.edge_hexes("west") == [f"01{r:02d}" for r in range(1, 31)]
    assert g.edge_hexes("east")[0] == "5001" and g.edge_hexes("south")[-1] == "5030"
    with pytest.raises(ValueError):
        g.edge_hexes("up")


# ---- VASSAL numbering port ----

def test_name_of_and_parse_name() -> None:
    # RegularGridNumbering.getName: A..Z, then doubled letters (AA = 26, BB = 27), not Excel-style.
    cases = {0: "A", 25: "Z", 26: "AA", 27: "BB", 51: "ZZ", 52: "AAA", -1: "-B"}
    for v, s in cases.items():
        assert name_of(v, "A", 0) == s
        assert parse_name(s, "A") == v
    assert name_of(5, "N", 1) == "05" and name_of(12, "N", 1) == "12"
    assert name_of(5, "N", 2) == "005" and name_of(50, "N", 2) == "050" and name_of(5, "N", 0) == "5"
    assert name_of(-3, "N", 1) == "-03"


def test_vassal_real_module_examples() -> None:
    # From vassal-format.md §5.3 [TLD]: dx=55.4256, dy=64, x0=-19, y0=32, hOff=0, vOff=1, no stagger, first=H.
    g = Grid(60, 60, "flat", Numbering(h_off=0, v_off=1))
    tld = Layout(64, 55.4256, 64.0, -19, 32, 3000, 3000)
    assert g.vassal_location_name(1477, 1536, tld) == "2724"
    # [KAS] SetupStack points are snap centres: dx=227.9, dy=265.9, x0=51, y0=55.
    kas = Layout(265.9, 227.9, 265.9, 51, 55, 3000, 3000)
    for pt in ((734, 718), (506, 586)):
        assert g.snap_to_hex(*pt, kas) == pt
        assert g.snap_to_hex(pt[0] + 40, pt[1] - 50, kas) == pt


def test_alphabetic_first_v() -> None:
    g = Grid.from_map({"grid": {"columns": 30, "rows": 28, "numbering": {
        "first": "V", "v_type": "A", "h_type": "N", "h_leading": 0, "h_off": 1, "sep": "-"}}})
    assert g.label(0, 0) == "A-1"
    assert g.label(4, 27) == "BB-5"
    assert g.position("BB-5") == (4, 27)
    assert g.vassal_round_trips()


def test_stagger() -> None:
    g = minsk_grid(stagger=True)
    # "Odd-numbered rows numbered higher": odd raw columns get row + 1.
    assert g.label(0, 0) == "0101" and g.label(1, 0) == "0202" and g.label(2, 0) == "0301"
    assert g.vassal_round_trips()


def test_descending_and_vassal_quirk() -> None:
    g = minsk_grid(h_descend=True)
    assert g.label(0, 0) == name_of(g.max_columns + 1, "N", 1) + "01"
    assert g.vassal_round_trips()
    for cols, max_cols, vassal_ok in ((4, 5, False), (5, 6, True)):
        q = Grid.from_map({"grid": {"columns": cols, "rows": 5, "numbering": {"stagger": True, "h_descend": True}}})
        assert q.max_columns == max_cols
        # Our table inverts labels exactly even where VASSAL's getLocation does not (odd max_columns).
        assert all(q.position(q.label(c, r)) == (c, r) for c in range(cols) for r in range(5))
        assert q.vassal_round_trips() is vassal_ok


# ---- pixels ----

@pytest.mark.parametrize("hex_px", [20, 64, 100, 137.5])
def test_pixels_agree_with_vassal(hex_px: float) -> None:
    g = minsk_grid()
    lay = g.layout(hex_px)
    for lab in ("0101", "1126", "4209", "5030", "0130", "5001"):
        x, y = g.center_px(lab, hex_px)
        assert 0 <= x < lay.width and 0 <= y < lay.height
        assert g.vassal_location_name(x, y, hex_px) == lab
        assert g.hex_at_px(x, y, hex_px) == lab
        assert g.snap_to_hex(x + hex_px * 0.3, y - hex_px * 0.3, hex_px) == (x, y)
        gx, gy = g.vassal_get_location(lab, hex_px)
        assert abs(gx - x) <= 1 and abs(gy - y) <= 1
    # Whole hex fits on the board with the margin.
    c = g.corners(*g.position("5030"), hex_px)
    assert max(p[0] for p in c) < lay.width and max(p[1] for p in c) < lay.height
    assert g.hex_at_px(1, 1, hex_px) is None


def test_vassal_params() -> None:
    g = minsk_grid()
    p = g.vassal_params(100)
    hg, num = p["HexGrid"], p["HexGridNumbering"]
    assert hg["dy"] == 100.0 and hg["dx"] == pytest.approx(100 * math.sqrt(3) / 2)
    assert hg["sideways"] is False and isinstance(hg["x0"], int) and isinstance(hg["y0"], int)
    assert num["hOff"] == 1 and num["vLeading"] == 1 and num["first"] == "H"
    # getMaxColumns/getMaxRows of the board are the scale-free integers the labels were computed with.
    for px in (50, 100, 173):
        b = g.vassal_params(px)["board"]
        assert math.floor(b["width"] / px + 0.5) == g.max_columns
        assert math.floor(b["height"] / (px * math.sqrt(3) / 2) + 0.5) == g.max_rows


def test_pointy_grid() -> None:
    num = {"h_off": 1, "v_off": 1}
    g = Grid.from_map({"grid": {"orientation": "pointy", "columns": 8, "rows": 6, "numbering": num}})
    assert g.directions == ("E", "SE", "SW", "W", "NW", "NE")
    assert g.vassal_params(100)["HexGrid"]["sideways"] is True
    for lab in g.labels():
        x, y = g.center_px(lab, 100)
        assert g.vassal_location_name(x, y, 100) == lab
        assert g.hex_at_px(x, y, 100) == lab
    # Odd rows shift right: (0,1) is SE of (0,0).
    assert g.neighbours(g.label(0, 0))[1] == g.label(0, 1)


@pytest.mark.parametrize("bad, msg", [
    ({"id": "m"}, "grid: missing"),
    ({"id": "m", "grid": {"columns": 0, "rows": 3}}, "columns"),
    ({"id": "m", "grid": {"columns": 3, "rows": "3"}}, "rows"),
    ({"id": "m", "grid": {"columns": 3, "rows": 3, "orientation": "round"}}, "orientation"),
    ({"id": "m", "grid": {"columns": 3, "rows": 3, "numbering": {"first": "X"}}}, "first"),
    ({"id": "m", "grid": {"columns": 3, "rows": 3, "numbering": {"h_off": 1.5}}}, "h_off"),
    ({"id": "m", "grid": {"columns": 3, "rows": 3, "numbering": {"hoff": 1}}}, "unknown field"),
])
def test_from_map_errors(bad: dict, msg: str) -> None:
    with pytest.raises(DataError, match=msg):
        Grid.from_map(bad)


def test_position_errors() -> None:
    g = minsk_grid()
    with pytest.raises(KeyError):
        g.position("Minsk")
    assert g.position("5131") == (50, 30)  # off-map labels still parse, as VASSAL would


def test_area_hexes() -> None:
    from modgen.geometry.hexgrid import area_hexes

    g = minsk_grid()
    north_east = {"id": "ne", "edge": "north", "exclude": [f"{c:02d}01" for c in range(1, 28)]}
    assert area_hexes(g, north_east) == [f"{c:02d}01" for c in range(28, 51)]
    assert area_hexes(g, {"id": "m", "hexes": ["1126", "1125", "1126"]}) == ["1126", "1125"]
    both = area_hexes(g, {"id": "w", "edge": "west", "hexes": ["1126"], "exclude": ["0101"]})
    assert both[0] == "0102" and both[-1] == "1126" and len(both) == 30
    with pytest.raises(DataError, match="area 'x'"):
        area_hexes(g, {"id": "x", "hexes": ["0000"]})
    with pytest.raises(DataError, match="area 'y'"):
        area_hexes(g, {"id": "y", "edge": "up"})


def test_even_offset_grid() -> None:
    # "even": column 0 (label 01) is the shifted one. VASSAL shifts odd raw columns, so our column 0 is raw column 1
    # and the numbering starts one lower (h_off 0 labels it "01").
    g = Grid.from_map({"grid": {"orientation": "flat", "columns": 10, "rows": 8, "offset": "even",
                                "numbering": {"h_off": 0, "v_off": 1}}})
    assert g.label(0, 0) == "0101" and g.label(1, 0) == "0201"
    (x0, y0), (x1, y1) = g.exact_center(0, 0, 100), g.exact_center(1, 0, 100)
    assert y0 - y1 == pytest.approx(50.0) and x1 - x0 == pytest.approx(100 * math.sqrt(3) / 2)
    # Column 01 is now "low": its NE/SE neighbours are in the same row and the row below.
    assert g.neighbours("0105") == ["0104", "0205", "0206", "0106", None, None]
    assert g.neighbours("0205") == ["0204", "0304", "0305", "0206", "0105", "0104"]
    assert g.vassal_params(100)["HexGrid"]["x0"] < g.center_px("0101", 100)[0]
    assert g.hex_at_px(*g.center_px("0101", 100), 100) == "0101"
    with pytest.raises(DataError, match="offset"):
        Grid.from_map({"grid": {"columns": 2, "rows": 2, "offset": "both"}})
