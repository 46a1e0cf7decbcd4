"""A turn in place is the core ``facing`` event (the VASSAL adapter writes it for every system with rotators): the
log schema accepts it, the engine applies it to the unit's facing, and the map picture draws the unit turned."""

from __future__ import annotations

import json

import pytest

from modgen.data.model import load_game
from modgen.errors import LogFormatError
from modgen.logs import eventlog
from modgen.report.picture import replay
from modgen.rules import engine
from modgen.systems.base import RuleSystem
from tests.data_helpers import REPO

LOG = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}},
       {"type": "setup", "unit": "us.sherman.1", "pos": [26, 42], "facing": 0, "face": "front"},
       {"type": "turn", "turn": 1}, {"type": "phase", "phase": "movement", "side": "us"},
       {"type": "facing", "unit": "us.sherman.1", "facing": 90}]


def _bytes(lines: list[dict]) -> bytes:
    return "\n".join(json.dumps({**e, "i": n}) for n, e in enumerate(lines)).encode()


def test_the_engine_turns_the_unit():
    game = load_game(REPO / "games" / "fow.json")
    seen: list[float] = []

    class Look:
        def after(self, ctx, event):
            if event["type"] == "facing":
                seen.append(ctx.state.facing["us.sherman.1"])

    class Probe(RuleSystem):
        def checkers(self, ctx):
            return [Look()]

    events = eventlog.parse_bytes(_bytes(LOG), "turn.jsonl", game.rule_system())
    engine.run(game, events, plugin=Probe(id="probe"))
    assert seen == [90.0]
    assert replay(events).facing["us.sherman.1"] == 90.0
    assert replay(events).where["us.sherman.1"] == (26.0, 42.0)  # turned where it stands


def test_a_facing_event_needs_its_facing():
    with pytest.raises(LogFormatError, match="facing"):
        eventlog.parse_bytes(_bytes([*LOG[:-1], {"type": "facing", "unit": "us.sherman.1"}]), "bad.jsonl")
