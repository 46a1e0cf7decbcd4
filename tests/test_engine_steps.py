"""Strength steps end to end (issue #14 item 6): a canonical ``loss {"unit", "steps"}`` reduces the unit's steps in
the engine state, and a check that reads the unit's current strength (``ctx.strength``) sees the reduced value.
Arnhem '44 (TiS) counters carry a strength track (SP per EP step, full strength first); a scenario's ``strength``
table overrides it (TiS unit tables are per scenario)."""

from __future__ import annotations

import json

import pytest

from modgen.data.model import load_game
from modgen.logs import eventlog
from modgen.rules import engine
from modgen.systems.base import RuleSystem
from tests.data_helpers import REPO

PARA = "gb.1ab.1para.1"  # bundled track [5, 4, 4, 3, 2, 2, 1]


class Strength:
    """A check that reads current strength after every loss."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, float | None, bool]] = []

    def after(self, ctx, event):
        if event["type"] == "loss":
            u = event["unit"]
            self.seen.append((ctx.steps(u), ctx.strength(u), ctx.state.position.get(u) is not None))


class Probe(RuleSystem):
    def __init__(self) -> None:
        super().__init__(id="probe", rule_prefix="P")
        self.check = Strength()

    def checkers(self, ctx):
        return [self.check]


@pytest.fixture(scope="module")
def arnhem():
    return load_game(REPO / "games" / "arnhem44.json")


def _hex(game, scenario: str) -> str:
    return next(s["hex"] for s in game.scenario(scenario)["setup"] if s.get("hex"))


def _run(game, lines: list[dict], scenario) -> Strength:
    """Parse ``lines`` as a canonical log (the schema accepts ``loss.steps``) and replay it with the probe."""
    data = "\n".join(json.dumps({**e, "i": n}) for n, e in enumerate(lines)).encode()
    events = eventlog.parse_bytes(data, "steps.jsonl", game.rule_system())
    probe = Probe()
    engine.run(game, events, scenario, plugin=probe)
    return probe.check


def test_losses_walk_down_the_counters_strength_track(arnhem):
    h = _hex(arnhem, "arnhem")
    seen = _run(arnhem, [{"type": "setup", "unit": PARA, "hex": h},
                         {"type": "loss", "unit": PARA, "steps": 1},
                         {"type": "loss", "unit": PARA, "steps": 2}], "arnhem")
    # 7 steps: 5 at full strength, then 4 (1 step lost), then 3 (3 lost); the unit stays on the map
    assert seen.seen == [(6, 4, True), (4, 3, True)]


def test_the_scenarios_strength_table_overrides_the_counter(arnhem):
    scen = {**arnhem.scenario("arnhem"), "strength": {PARA: {"track": [6, 3]}}}
    h = _hex(arnhem, "arnhem")
    seen = _run(arnhem, [{"type": "setup", "unit": PARA, "hex": h},
                         {"type": "loss", "unit": PARA, "steps": 1},
                         {"type": "loss", "unit": PARA, "steps": 1},
                         {"type": "loss", "unit": PARA, "eliminated": True}], scen)
    # no steps left: strength 0, but elimination is the log's own event
    assert seen.seen == [(1, 3, True), (0, 0, True), (0, 0, False)]


def test_a_reinforcement_loses_from_its_full_strength(arnhem):
    h = _hex(arnhem, "arnhem")
    seen = _run(arnhem, [{"type": "reinforcement", "unit": PARA, "hex": h},
                         {"type": "loss", "unit": PARA, "steps": 2}], "arnhem")
    assert seen.seen == [(5, 4, True)]  # never set up: 7 steps before the loss, not 1


def test_a_loss_of_steps_that_says_eliminated_removes_the_unit(arnhem):
    h = _hex(arnhem, "arnhem")
    seen = _run(arnhem, [{"type": "setup", "unit": PARA, "hex": h},
                         {"type": "loss", "unit": PARA, "steps": 7, "eliminated": True}], "arnhem")
    assert seen.seen == [(0, 0, False)]


def test_a_unit_without_a_track_has_no_track_strength():
    minsk = load_game(REPO / "games" / "minsk44.json")
    seen = _run(minsk, [{"type": "setup", "unit": "de.31id.17", "hex": "3210"},
                        {"type": "loss", "unit": "de.31id.17", "steps": 1}], "historical")
    assert seen.seen == [(0, None, True)]  # one step (no reduced face); its printed values are its strength
