"""Table moves (FoW): ``move`` events carrying ``from_pos``/``to_pos`` in inches and ``facing`` in degrees."""

from __future__ import annotations

import pytest

from modgen.errors import LogFormatError
from modgen.logs import eventlog
from modgen.rules.engine import _apply
from modgen.rules.state import GameState

TABLE_MOVE = {"type": "move", "unit": "us.sherman1", "from_pos": [12.5, 30], "to_pos": [20, 24.25], "facing": 90}


def test_table_move_round_trips_and_passes_both_validators(tmp_path):
    out = tmp_path / "fow.jsonl"
    eventlog.write_events(out, [TABLE_MOVE])
    back = eventlog.read_events(out)[0]
    assert (back["from_pos"], back["to_pos"], back["facing"]) == ([12.5, 30], [20, 24.25], 90)
    assert eventlog.validate_strict([TABLE_MOVE]) == []
    assert eventlog.event_problems(TABLE_MOVE) == []


def test_move_positions_reads_pos_as_alias_of_to_pos():
    assert eventlog.move_positions(TABLE_MOVE) == ([12.5, 30], [20, 24.25], 90)
    assert eventlog.move_positions({"type": "move", "unit": "u", "pos": [1, 2]}) == (None, [1, 2], None)
    both = {"type": "move", "unit": "u", "pos": [1, 2], "to_pos": [3, 4]}
    assert eventlog.move_positions(both)[1] == [3, 4]
    assert eventlog.move_positions({"type": "move", "unit": "u", "from": "0101", "to": "0102"}) == (None, None, None)


@pytest.mark.parametrize("line, fragment", [
    ('{"type": "move", "unit": "u", "to_pos": [1]}', "/to_pos: needs at least 2"),
    ('{"type": "move", "unit": "u", "from_pos": [1, 2, 3]}', "/from_pos: takes at most 2"),
    ('{"type": "move", "unit": "u", "to_pos": ["1", 2]}', "/to_pos/0"),
    ('{"type": "move", "unit": "u", "to_pos": [true, 2]}', "/to_pos/0"),
    ('{"type": "move", "unit": "u", "to_pos": [NaN, 2]}', "not a finite number"),
    ('{"type": "move", "unit": "u", "facing": Infinity}', "/facing: inf is not a finite number"),
    ('{"type": "move", "unit": "u", "facing": "north"}', "/facing"),
])
def test_bad_table_moves_name_line_and_field(line, fragment):
    with pytest.raises(LogFormatError) as err:
        eventlog.parse_lines(line, "fow.jsonl")
    assert "fow.jsonl:1" in str(err.value)
    assert fragment in str(err.value)


def test_full_schema_agrees_on_bad_shapes():
    for bad in ({"type": "move", "unit": "u", "to_pos": [1]}, {"type": "move", "unit": "u", "facing": "n"},
                {"type": "move", "unit": "u", "from_pos": [1, 2, 3]}):
        assert eventlog.event_problems(bad) and eventlog.validate_strict([bad])


class _Ctx:
    """Just enough of engine.Context for _apply on setup/move events."""

    def __init__(self) -> None:
        self.state = GameState()
        self.index = 0

    def unit(self, uid):
        return {}

    def side_of(self, uid):
        return "us"


def test_engine_state_tracks_table_position_and_facing():
    ctx = _Ctx()
    _apply(ctx, {"type": "setup", "unit": "u", "pos": [1.0, 2.0], "facing": 0})
    assert ctx.state.table_pos["u"] == (1.0, 2.0) and ctx.state.facing["u"] == 0
    _apply(ctx, {"type": "move", "unit": "u", "from_pos": [1, 2], "to_pos": [7, 9], "facing": 270})
    assert ctx.state.table_pos["u"] == (7.0, 9.0) and ctx.state.facing["u"] == 270
    _apply(ctx, {"type": "move", "unit": "u", "pos": [3, 4]})  # the adapter's spelling; facing unchanged
    assert ctx.state.table_pos["u"] == (3.0, 4.0) and ctx.state.facing["u"] == 270
