"""The findings picture drawn on the FoW table (issue #18 acceptance): for logs/fow/violations.jsonl the 34"
Tactical move is drawn as its path, the 33.7" shot as an arrow from Sherman 4 to Pz IV 4, and each finding is
ringed at its own table position in inches."""

from __future__ import annotations

from modgen.data.model import load_game
from modgen.draw.findingsdraw import SEVERITY_COLOURS
from modgen.logs import eventlog
from modgen.report.check import check_bytes
from modgen.report.picture import marks, render_findings, replay
from modgen.rules.fow import plugin
from tests.data_helpers import REPO

MAGENTA = SEVERITY_COLOURS["error"]
LOG = REPO / "logs" / "fow" / "violations.jsonl"


def _near(px, colour, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour, strict=False))


def _setup():
    game = load_game(REPO / "games" / "fow.json")
    report = check_bytes(LOG.read_bytes(), "violations.jsonl", game)
    events = eventlog.read_events(LOG, plugin)
    return game, report, events


def test_marks_carry_the_move_path_and_the_shot_arrow():
    game, report, events = _setup()
    found = [f for f in report.findings if f.severity in ("error", "warning")]
    wanted = [f.event_index for f in found if f.event_index is not None]
    drawn = {m.rule: m for m in marks(found, replay(events, wanted))}
    move, shot = drawn["FoW p.18"], drawn["FoW p.28"]
    assert move.path == [(26.0, 42.0), (26.0, 8.0)]
    # from Sherman 4's own place (44, 42), where the finding is ringed, to Pz IV 4 at (46, 6)
    assert shot.spots == [(44.0, 42.0)] and shot.arrows == [((44.0, 42.0), (46.0, 6.0))]


def test_picture_draws_the_path_on_the_table():
    game, report, events = _setup()
    ppi = 20
    img = render_findings(report, game, events=events, px_per_inch=ppi)
    bare = render_findings(report, game, px_per_inch=ppi, units=False, legend=False, findings=[])
    # halfway along the 34" move, (26, 25) on the road, the path is drawn in the error colour; the bare table is not
    x, y = 26 * ppi, 25 * ppi
    assert _near(img.getpixel((x, y)), MAGENTA) and not _near(bare.getpixel((x, y)), MAGENTA)
