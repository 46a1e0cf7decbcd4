"""modgen check on a VASSAL log: the adapter gives start/end-only moves and the checker searches the path.
The .vlog is assembled by hand with tests/vassal_logs.py (VASSAL's command format), on the EFB test world."""

from __future__ import annotations

from vassal_logs import add, log_text, piece, save_text, stack, vsav

from modgen.geometry.hexgrid import Grid
from modgen.report.check import check_bytes
from tests.rules_fixtures.efb_world import MAP, make_game


def centre(label):
    return Grid.from_map(MAP).center_px(label, 100)


def vlog(dest: str) -> bytes:
    x0, y0 = centre("0302")
    xs, ys = centre("0909")
    xh, yh = centre("0101")
    ta, sa = piece("101", "I", "main", x0, y0, unit="g.inf1", game="efbtest", faces=("front",))
    tb, sb = piece("102", "S", "main", xs, ys, unit="s.inf1", game="efbtest", side="soviet", faces=("front",))
    th, sh = piece("103", "HQ", "main", xh, yh, unit="g.hq", game="efbtest", faces=("front",))
    pieces = [add("101", ta, sa), add("102", tb, sb), add("103", th, sh), stack("201", "main", x0, y0, "101"),
              stack("202", "main", xs, ys, "102"), stack("203", "main", xh, yh, "103")]
    x1, y1 = centre(dest)
    steps = [["CHAT&lt;Al&gt; - !phase movement german"],
             [f"M/101/main/{x1}/{y1}/null/main/{x0}/{y0}/null/al", stack("204", "main", x1, y1, "101")]]
    return vsav(log_text(save_text(pieces), steps), module="efbtest")


def game():
    g = make_game()
    g.manifest["vassal"] = {"hex_px": 100}
    return g


def test_vassal_move_too_far_is_reported_with_the_assumed_path():
    report = check_bytes(vlog("0702"), "game.vlog", game(), "test")
    errors = [f for f in report.findings if f.severity == "error"]
    assert [f.rule for f in errors] == ["EFB 8.3"], [f.message for f in report.findings]
    # 0302 -> 0702 is 4 clear hexes = 4 MP; g.inf1 has 3
    assert "cheapest legal path costs 4 MP of its 3 MP" in errors[0].message
    assert errors[0].path[0] == "0302" and errors[0].path[-1] == "0702"


def test_vassal_legal_move_is_clean():
    report = check_bytes(vlog("0602"), "game.vlog", game(), "test")
    assert [f for f in report.findings if f.severity == "error"] == []
