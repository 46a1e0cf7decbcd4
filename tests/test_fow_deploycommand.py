"""FoW p.93 "PLACING UNITS IN COMMAND You must place all of a Unit's Teams so that they are In Command (page 18)."
p.18: "A Team from a smaller Unit is In Command if it ends its Move within 6"/15cm of its Unit Leader" (8"/20cm in a
Unit of eight or more Teams), measured like every distance from the nearest edge of base or hull (p.28).

The bundled Sherman platoon: four tanks, us.sherman.1 its Unit Leader, hulls 26 mm (1.02") wide."""

from __future__ import annotations

from tests.fow_helpers import findings, move, setup, step

PLAY = [{"type": "turn", "turn": 1}, step("starting")]


def p93(*events: dict) -> list[dict]:
    return [f for f in findings(*events, deployment=True) if f["rule"] == "FoW p.93"]


def shermans(*xs: float, y: float = 42) -> list[dict]:
    return [setup(f"us.sherman.{i}", x, y) for i, x in enumerate(xs, start=1)]


def test_p93_every_team_within_6_inches_of_the_leader_is_legal():
    assert p93(*shermans(30, 26, 34, 37), *PLAY) == []


def test_p93_a_team_placed_10_inches_from_its_leader_is_an_error():
    found = p93(*shermans(30, 26, 34, 41), *PLAY)
    # judged when play starts: the first phase event
    assert [(f["severity"], f["event_index"]) for f in found] == [("error", 6)]
    msg = found[0]["message"]
    assert msg.startswith("Sherman 4 (American Sherman Plt) is deployed at (41, 42)") and "Sherman 1" in msg
    assert "within 6.0\"" in msg and found[0]["position"] == [41.0, 42.0]
    assert set(found[0]["units"]) == {"us.sherman.4", "us.sherman.1"}


def test_p93_measured_between_nearest_hull_edges():
    """Centres 7.0" apart are 5.98" between the hulls (In Command); 7.1" apart, 6.08" (Out of Command)."""
    assert p93(*shermans(30, 37.0), *PLAY) == []
    assert len(p93(*shermans(30, 37.1), *PLAY)) == 1


def test_p93_the_leader_placed_last_still_counts():
    """The Unit is judged as placed, whatever order its teams went down in."""
    late = [setup("us.sherman.2", 26, 42), setup("us.sherman.3", 34, 42), setup("us.sherman.1", 30, 42)]
    assert p93(*late, *PLAY) == []


def test_p93_a_team_re_placed_before_play_is_judged_where_it_ends():
    """Dragged back In Command while deploying: legal; dragged out of it: an error."""
    back = move("us.sherman.4", [45, 42], [36, 42])
    assert p93(*shermans(30, 26, 34, 45), back, *PLAY) == []
    away = move("us.sherman.4", [36, 42], [45, 42])
    assert len(p93(*shermans(30, 26, 34, 36), away, *PLAY)) == 1


def test_p93_a_log_of_deployment_alone_is_judged_at_its_end():
    assert len(p93(*shermans(30, 26, 34, 41))) == 1


def test_p93_moves_during_play_are_p18s_not_p93s():
    """Placed In Command; a Tactical move in the Movement Step that ends far from the Leader is judged by p.18."""
    ev = [*shermans(30, 26, 34, 37), *PLAY, step("movement"), move("us.sherman.4", [37, 42], [45, 42])]
    assert p93(*ev) == []


def test_p93_a_unit_held_off_the_table_is_not_placed():
    """Only placed teams are judged: the Panzers never set up (held in Reserve, p.96) raise nothing here."""
    assert p93(*shermans(30, 26, 34), setup("de.pz4h.1", 30, 6, 180), *PLAY) == []
