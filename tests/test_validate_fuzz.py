"""validate_game never raises on bad data: random values put anywhere in a valid workspace (or any member or item
removed) give issues, not exceptions (a crash here would be a traceback for a designer)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from modgen.data.validate import validate_game

BASE = Path(__file__).parent / "data" / "broken" / "_base"
FILES = ["games/base.json", "counters/base.json", "maps/base.json", "scenarios/base/s1.json"]

values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3000) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "red", "blue", "r1", "r.inf", "0202", "0101", "m", "hex", "values", "woods", "x y"]),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["id", "kind", "side", "hexes", "values"]),
                                                        c, max_size=3),
    max_leaves=6,
)


def _containers(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _containers(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _containers(v, (*path, i))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.data())
def test_random_values_anywhere_give_issues_not_exceptions(file: str, data) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        shutil.copytree(BASE, root)
        doc = json.loads((root / file).read_text())
        spots = [p for p, _ in _containers(doc) if p]
        path = data.draw(st.sampled_from(spots))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(values)
        (root / file).write_text(json.dumps(doc))
        issues = validate_game(root / "games" / "base.json")
        assert all(i.line >= 1 and i.column >= 1 and i.message for i in issues)
