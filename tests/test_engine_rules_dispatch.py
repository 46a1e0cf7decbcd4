"""Engine speed-ups that must not change a verdict: hooks dispatched by the event types a check declares
(``handles``, docs/rules.md "Writing a rule-system plugin"), and the allowance-bounded path search the EFB movement
check tries first (it relies on A* giving the same path under any bound at least the path's cost)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from modgen.rules import engine
from modgen.rules.efb import EFBSystem
from modgen.rules.pathfinding import cheapest_path
from tests.rules_fixtures.efb_world import log, make_game


class Declared:
    """Declares its before hook for moves only; its after hook (not listed) sees every event."""

    handles = {"before": ("move",)}

    def __init__(self) -> None:
        self.calls: list[str] = []

    def before(self, ctx, ev):
        self.calls.append(f"before:{ev['type']}")

    def after(self, ctx, ev):
        self.calls.append(f"after:{ev['type']}")


class Plain(Declared):
    """The same hooks without a declaration: both run for every event."""

    handles = None


@dataclass
class Stub(EFBSystem):
    def checkers(self, ctx):
        return self.checks


def _run(*checks):
    plugin = Stub()
    plugin.checks = list(checks)
    events = log({"g.inf1": "0505"}, {"type": "move", "unit": "g.inf1", "from": "0505", "to": "0506"})
    engine.run(make_game(), events, "test", plugin)
    return [e["type"] for e in events]


def test_a_declared_hook_runs_only_for_its_event_types_in_checker_order():
    declared, plain = Declared(), Plain()
    types = _run(declared, plain)
    assert [c for c in declared.calls if c.startswith("before:")] == ["before:move"]
    assert [c for c in declared.calls if c.startswith("after:")] == [f"after:{t}" for t in types]
    assert plain.calls == [c for t in types for c in (f"before:{t}", f"after:{t}")]
    # the move's before hooks ran in checker order, the declared one first
    assert declared.calls.index("before:move") == declared.calls.index("after:move") - 1


def test_every_efb_check_declares_only_hooks_it_has():
    checks = EFBSystem().checkers(engine.Context(make_game(), make_game().scenario("test"), EFBSystem()))
    for check in checks:
        for hook in getattr(check, "handles", None) or {}:
            assert hook in ("before", "after") and callable(getattr(check, hook, None)), (type(check), hook)


def _grid(seed: int):
    """A random 8x8 grid with 8-neighbour moves, costs in whole units and some impassable or sticky cells."""
    rnd = random.Random(seed)
    cells = [(x, y) for x in range(8) for y in range(8)]
    cost = {c: rnd.choice([1, 1, 1, 2, 3, None]) for c in cells}
    sticky = {c for c in cells if rnd.random() < 0.1}

    def nb(c):
        x, y = c
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < 8]

    def step(a, b):
        return cost[b]

    def dist(a, b):
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    return nb, step, (lambda c: c not in sticky), dist


def test_a_search_bounded_by_the_answer_finds_the_same_path():
    start, goal = (0, 0), (7, 5)
    for seed in range(40):
        nb, step, leave, dist = _grid(seed)

        def search(bound, nb=nb, step=step, leave=leave, dist=dist):
            return cheapest_path(start, goal, nb, step, leave, bound, heuristic=lambda h: dist(h, goal))

        wide = search(60)
        if wide is None:
            continue
        for bound in (wide[0], wide[0] + 1, 59):
            assert search(bound) == wide
        if wide[0] > 1:  # below the answer's cost there is no path: the check then searches wider
            assert search(wide[0] - 1) is None
