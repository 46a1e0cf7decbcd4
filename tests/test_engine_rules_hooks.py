"""Engine hook dispatch: every checker hook runs, and a crashing checker costs only its own verdict."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from modgen.rules import engine
from modgen.rules.efb import EFBSystem
from tests.rules_fixtures.efb_world import log, make_game


class Recorder:
    """Records which hooks ran, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def before(self, ctx, ev):
        self.calls.append(f"before:{ev['type']}")

    def after(self, ctx, ev):
        self.calls.append(f"after:{ev['type']}")

    def phase_end(self, ctx):
        self.calls.append("phase_end")

    def finish(self, ctx):
        self.calls.append("finish")


class Crasher:
    """Has only a before hook, which fails on moves."""

    def before(self, ctx, ev):
        if ev["type"] == "move":
            raise KeyError("boom")


@dataclass
class Stub(EFBSystem):
    def checkers(self, ctx):
        return [self.recorder, Crasher()]


def run(events):
    plugin = Stub()
    plugin.recorder = Recorder()
    return plugin.recorder, engine.run(make_game(), events, "test", plugin)


def test_hooks_run_in_order_and_a_crash_becomes_one_could_not_check(monkeypatch):
    monkeypatch.delenv("MODGEN_DEBUG", raising=False)
    ev = log({"g.inf1": "0505"}, {"type": "move", "unit": "g.inf1", "from": "0505", "to": "0506"},
             {"type": "move", "unit": "g.inf1", "from": "0506", "to": "0507"})
    rec, report = run(ev)
    # scenario_start, setup, turn, phase, move, move: before/after each; phase_end at the end; then finish
    assert rec.calls[:2] == ["before:scenario_start", "after:scenario_start"]
    assert rec.calls[-2:] == ["phase_end", "finish"]
    assert rec.calls.count("before:move") == 2 and rec.calls.count("after:move") == 2  # the crash spared others
    crashes = [f for f in report.findings if "internal error" in f.message]
    assert len(crashes) == 1  # reported once for the two crashing moves
    assert crashes[0].severity == "could-not-check" and "Crasher check (before)" in crashes[0].message


def test_debug_env_reraises(monkeypatch):
    monkeypatch.setenv("MODGEN_DEBUG", "1")
    with pytest.raises(KeyError):
        run(log({"g.inf1": "0505"}, {"type": "move", "unit": "g.inf1", "from": "0505", "to": "0506"}))
