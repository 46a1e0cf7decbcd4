"""Map labels: boxes, placement clear of markers and other labels, and the table map's zone titles."""

from __future__ import annotations

from PIL import Image, ImageDraw

from modgen.draw import maplabels as ml
from modgen.draw.maptable import _labels
from modgen.draw.printing import font


def test_overlaps_and_inside_polygon() -> None:
    assert ml.overlaps((0, 0, 10, 10), (5, 5, 15, 15))
    assert not ml.overlaps((0, 0, 10, 10), (10, 0, 20, 10))  # touching edges share no area
    tri = [(0, 0), (10, 0), (0, 10)]
    assert ml.inside_polygon((2, 2), tri)
    assert not ml.inside_polygon((8, 8), tri)  # beyond the hypotenuse x + y = 10


def test_first_free_skips_blocked_and_out_of_bounds_candidates() -> None:
    taken = [(40, 40, 60, 60)]
    bounds = (0, 0, 100, 100)
    # centre blocked, second candidate sticks out of bounds, third is free
    assert ml.first_free([(50, 50), (98, 50), (50, 20)], (10, 10), taken, bounds) == (45, 15, 55, 25)
    assert ml.first_free([(50, 50)], (10, 10), taken, bounds) is None


def test_spiral_starts_at_the_centre_and_stays_in_the_area() -> None:
    pts = ml.spiral((50, 50), (0, 40, 100, 60), 10, 5)
    assert pts[0] == (50, 50)
    assert all(0 <= x <= 100 and 40 <= y <= 60 for x, y in pts)
    assert len(pts) == 11 * 5  # x 0..100 step 10, y 40..60 step 5


def test_zone_title_moves_off_an_objective_at_the_zone_centre_and_stays_in_its_zone() -> None:
    ppi = 10.0
    img = Image.new("RGB", (720, 480))
    d = ImageDraw.Draw(img)
    zone = [(0.0, 360.0), (720.0, 360.0), (720.0, 480.0), (0.0, 480.0)]  # the south 12" of a 72x48 table
    marker = (350.0, 410.0, 370.0, 430.0)  # a 1" radius objective at the zone's centre (36", 42")
    labels = _labels(d, img.size, ppi, "Table", [(marker, "Obj")], [("Deploy", zone, (40, 90, 200))], [])
    by_text = {lb.text: lb.box for lb in labels}
    assert set(by_text) == {"Table", "Deploy", "Obj"}
    deploy = by_text["Deploy"]
    assert not ml.overlaps(deploy, marker) and not ml.overlaps(deploy, by_text["Obj"])
    assert 0 <= deploy[0] and deploy[2] <= 720 and 360 <= deploy[1] and deploy[3] <= 480
    # the caption sits just below its marker, centred on it
    obj = by_text["Obj"]
    assert obj[1] > marker[3] and abs((obj[0] + obj[2]) / 2 - 360) < 1


def test_a_title_over_a_smaller_zone_prefers_the_part_outside_it() -> None:
    ppi = 10.0
    d = ImageDraw.Draw(Image.new("RGB", (720, 480)))
    deploy = [(0.0, 0.0), (720.0, 0.0), (720.0, 120.0), (0.0, 120.0)]  # north 12"
    objectives = [(80.0, 0.0), (640.0, 0.0), (640.0, 80.0), (80.0, 80.0)]  # north 8", 8" from the sides
    labels = _labels(d, (720, 480), ppi, "", [], [("Deploy", deploy, (200, 40, 40)),
                                                   ("Objectives", objectives, (30, 140, 60))], [])
    box = {lb.text: lb.box for lb in labels}
    assert not ml.overlaps(box["Deploy"], (80, 0, 640, 80))  # in the 8"-12" strip or beside the inner zone
    assert not ml.overlaps(box["Deploy"], box["Objectives"])


def test_draw_puts_a_light_box_under_the_text() -> None:
    img = Image.new("RGB", (100, 40), (0, 0, 0))
    out = ml.draw(img, [ml.Label("x", font(10), (0, 0, 0), (10, 10, 60, 30))], 2)
    r, g, b = out.getpixel((12, 20))  # inside the box, away from the glyph: white at alpha 200 over black
    assert abs(r - 200) <= 2 and abs(b - 196) <= 2
    assert out.getpixel((5, 5)) == (0, 0, 0)
    assert out.mode == "RGB"
