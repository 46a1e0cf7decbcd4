"""Fuzz the engine and the EFB checks: any schema-valid event sequence, including unknown units and hexes that
are not on the map, gives a report and never an exception (MODGEN_DEBUG=1 makes checker crashes surface)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from modgen.logs.eventlog import event_problems
from modgen.rules import engine
from modgen.rules.efb import plugin
from modgen.rules.findings import SEVERITIES
from tests.rules_fixtures.efb_world import COUNTERS, make_game

UNITS = [u["id"] for u in COUNTERS] + ["ghost"]
HEXES = ["0101", "0505", "0506", "0605", "0303", "0708", "0909", "1010", "0201", "0202", "9999", "x"]
PHASES = ["events", "reinforcement", "movement", "fpf", "combat1", "combat2", "recovery", "interphase", "combat"]
SIDES = ["german", "soviet", None]
CODES = ["D1", "D2", "DA", "DE", "EX", "AX", "A1", "AA", "AE", "BR", "DS", "DT", "-"]

unit = st.sampled_from(UNITS)
hexes = st.sampled_from(HEXES)
units = st.lists(unit, min_size=0, max_size=3)
path = st.lists(hexes, min_size=1, max_size=4)

event = st.one_of(
    st.builds(lambda u, h: {"type": "setup", "unit": u, "hex": h}, unit, hexes),
    st.builds(lambda n: {"type": "turn", "turn": n}, st.integers(1, 5)),
    st.builds(lambda p, s: {"type": "phase", "phase": p, "side": s}, st.sampled_from(PHASES), st.sampled_from(SIDES)),
    st.builds(lambda u, p, m: {"type": "move", "unit": u, "from": p[0], "to": p[-1], **({"path": p} if m else {})},
              unit, path, st.booleans()),
    st.builds(lambda a, d, t, k, h: {"type": "attack", "attackers": a, "defenders": d, "table": t, "kind": k,
                                     **({"hex": h} if h else {})},
              units, units, st.sampled_from(["mobile", "assault", "ranged"]),
              st.sampled_from(["adjacent", "bombardment", "fpf", "close_support"]), st.none() | hexes),
    st.builds(lambda d, p: {"type": "roll", "dice": [d], "purpose": p}, st.integers(1, 6),
              st.sampled_from(["combat", "river", "recovery", "bridge", "events"])),
    st.builds(lambda r: {"type": "result", "result": r}, st.sampled_from(CODES)),
    st.builds(lambda u: {"type": "loss", "unit": u, "eliminated": True}, unit),
    st.builds(lambda u, p: {"type": "retreat", "unit": u, "path": p}, unit, path),
    st.builds(lambda u, p: {"type": "advance", "unit": u, "path": p}, unit, path),
    st.builds(lambda u, f: {"type": "flip", "unit": u, "face": f}, unit, st.sampled_from(["front", "back", "zz"])),
    st.builds(lambda u, on: {"type": "marker", "unit": u, "marker": "suppressed", "on": on}, unit, st.booleans()),
    st.builds(lambda u, h: {"type": "reinforcement", "unit": u, "hex": h}, unit, hexes),
    st.builds(lambda u, r: {"type": "replacement", "unit": u, "roll": r}, unit, st.integers(1, 6)),
    st.builds(lambda u, r: {"type": "rally", "unit": u, "roll": r}, unit, st.integers(1, 6)),
    st.builds(lambda u, h: {"type": "exit", "unit": u, "hex": h}, unit, hexes),
    st.builds(lambda us, h: {"type": "airstrike", "units": us or ["s.ga1"], "hex": h}, units, hexes),
    st.builds(lambda w: {"type": "weather", "weather": w}, st.sampled_from(["fog", "hazy", "clear"])),
    st.just({"type": "game_end"}),
)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(event, max_size=40))
def test_any_event_sequence_gives_a_report(monkeypatch, events):
    monkeypatch.setenv("MODGEN_DEBUG", "1")
    for e in events:
        assert event_problems(e) == []
    report = engine.run(make_game(), [dict(e) for e in events], "test", plugin)
    assert report.events == len(events)
    for f in report.findings:
        assert f.severity in SEVERITIES and f.message and f.rule
