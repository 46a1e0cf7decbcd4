"""The system-independent engine and path search, with a dummy plugin and hand-computed graphs."""

from __future__ import annotations

from fractions import Fraction

from modgen.rules import engine
from modgen.rules.pathfinding import cheapest_path, path_cost
from modgen.systems.base import RuleSystem
from tests.rules_fixtures.efb_world import make_game

# a 1-D strip a-b-c-d plus a detour a-x-d; costs chosen by hand
EDGES = {("a", "b"): Fraction(1, 3), ("b", "c"): Fraction(1, 3), ("c", "d"): Fraction(1, 3),
         ("a", "x"): Fraction(1), ("x", "d"): Fraction(1, 2)}


def nb(h):
    return sorted({b for a, b in EDGES if a == h} | {a for a, b in EDGES if b == h})


def step(a, b):
    return EDGES.get((a, b)) or EDGES.get((b, a))


def test_cheapest_path_is_exact():
    cost, path = cheapest_path("a", "d", nb, step)
    assert cost == Fraction(1) and path == ["a", "b", "c", "d"]  # 3 x 1/3 = 1 < 1 + 1/2


def test_limit_and_may_leave():
    assert cheapest_path("a", "d", nb, step, limit=Fraction(2, 3)) is None
    # b may not be left (say, an enemy ZOC): the detour costs 3/2
    cost, path = cheapest_path("a", "d", nb, step, may_leave=lambda h: h != "b")
    assert cost == Fraction(3, 2) and path == ["a", "x", "d"]


def test_heuristic_gives_same_answer():
    dist = {"a": 3, "b": 2, "c": 1, "d": 0, "x": 1}
    found = cheapest_path("a", "d", nb, step, heuristic=lambda h: Fraction(1, 3) * dist[h])
    assert found == (Fraction(1), ["a", "b", "c", "d"])


def test_path_cost_legs():
    total, legs = path_cost(["a", "x", "d"], step)
    assert total == Fraction(3, 2) and legs[1] == ("x", "d", Fraction(1, 2))
    total, _ = path_cost(["a", "c"], step)
    assert total is None


class Recorder:
    def __init__(self):
        self.calls = []

    def before(self, ctx, ev):
        self.calls.append(("before", ev["type"], ctx.state.phase))

    def after(self, ctx, ev):
        self.calls.append(("after", ev["type"], ctx.state.phase))

    def phase_end(self, ctx):
        self.calls.append(("phase_end", ctx.state.phase))
        ctx.could_not_check("X 1", "the game data has no Widget table")

    def finish(self, ctx):
        self.calls.append(("finish",))


class Dummy(RuleSystem):
    def __init__(self):
        super().__init__(id="dummy", name="Dummy", rule_prefix="X")
        self.rec = Recorder()

    def checkers(self, ctx):
        return [self.rec]


def test_engine_hooks_state_and_dedup():
    plugin = Dummy()
    events = [{"type": "setup", "unit": "g.inf1", "hex": "0505"}, {"type": "turn", "turn": 1},
              {"type": "phase", "phase": "p1", "side": "german"},
              {"type": "move", "unit": "g.inf1", "from": "0505", "to": "0506"},
              {"type": "phase", "phase": "p2", "side": "german"},
              {"type": "move", "unit": "ghost", "from": "0101", "to": "0102"}]
    report = engine.run(make_game(), events, "test", plugin)
    calls = plugin.rec.calls
    assert ("before", "move", "p1") in calls and ("after", "phase", "p1") in calls
    assert calls.count(("phase_end", "p1")) == 1 and calls.count(("phase_end", "p2")) == 1
    assert calls[-1] == ("finish",)
    # phase_end(p1) runs just before the p2 phase event is applied (its before hook still sees p1)
    i = calls.index(("phase_end", "p1"))
    assert calls[i + 1:i + 3] == [("before", "phase", "p1"), ("after", "phase", "p2")]
    cnc = [f for f in report.findings if f.severity == "could-not-check"]
    assert len(cnc) == 1 and cnc[0].message == "could not check: the game data has no Widget table"
    unknown = [f for f in report.findings if f.rule == "LOG"]
    assert len(unknown) == 1 and unknown[0].event_index == 5
    d = report.to_dict()
    assert d["events"] == 6 and d["scenario"] == "test"


def test_engine_positions():
    class Peek(RuleSystem):
        def checkers(self, ctx):
            self.ctx = ctx
            return []

    p = Peek(id="peek", rule_prefix="P")
    events = [{"type": "setup", "unit": "g.inf1", "hex": "0505"},
              {"type": "move", "unit": "g.inf1", "from": "0505", "to": "0507", "path": ["0505", "0506", "0507"]},
              {"type": "loss", "unit": "s.inf1", "eliminated": True},
              {"type": "marker", "unit": "g.inf1", "marker": "suppressed", "on": True}]
    engine.run(make_game(), events, "test", p)
    st = p.ctx.state
    assert st.position["g.inf1"] == "0507" and "s.inf1" in st.eliminated
    assert st.markers["g.inf1"] == {"suppressed"}
