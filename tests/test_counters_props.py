"""Property tests: whatever the designation, values and size, every text stays inside its box and the counter."""

from __future__ import annotations

import copy

from fixtures_counters import make_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from modgen.draw.counters import plan_face

LAYOUT_UNITS = [("efb", "de.31.I"), ("efb", "su.art"), ("efb", "su.hq"), ("tis", "gb.art"), ("coh", "ger.tiger"),
                ("fow", "us.sherman"), ("efb", "marker.supp"), ("coh", "vhit.supp")]
TEXT = st.text(alphabet=st.characters(codec="latin-1", exclude_categories=("Cc", "Zl", "Zp")), min_size=0, max_size=40)
VALUE = st.one_of(st.integers(-99, 999), st.sampled_from(["U", "3+", "-", "+1", "½"]), st.none())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(LAYOUT_UNITS), designation=TEXT, name=TEXT, marker_text=TEXT,
       values=st.lists(VALUE, min_size=8, max_size=8), px=st.integers(40, 400))
def test_any_text_fits_inside_its_box(which, designation, name, marker_text, values, px) -> None:
    system, uid = which
    game = make_game(system)
    unit = copy.deepcopy(game.unit(uid))
    unit["designation"], unit["name"] = designation, name
    front = unit["faces"]["front"]
    if front["kind"] == "text":
        front["text"] = marker_text
    else:
        for key, v in zip(list(front["values"]), values, strict=False):
            # star counts must be whole numbers (anything else is a DataError, tested elsewhere)
            front["values"][key] = (abs(v) % 6 if isinstance(v, int) else 0) if key.endswith("_stars") else v
    plan = plan_face(game, unit, "front", px)
    for t in plan.texts:
        x0, y0, x1, y1 = t.bbox
        assert -0.01 <= x0 and -0.01 <= y0 and x1 <= px + 0.01 and y1 <= px + 0.01, (t.text, t.bbox)
        a = t.area
        assert a[0] - 0.5 <= x0 and a[1] - 0.5 <= y0 and x1 <= a[2] + 0.5 and y1 <= a[3] + 0.5, (t.text, t.bbox, a)
