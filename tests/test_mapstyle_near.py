"""The lattice filter of terrain patterns (modgen.draw.mapstyle.NearPoints): which motifs of a pattern drawn across a
whole map are kept. It must say exactly what the plain distance test says, and its row spans must contain every
point it keeps (the lattice is only tested inside them)."""

from __future__ import annotations

import math
import random

import pytest

from modgen.draw.mapstyle import NearPoints


@pytest.mark.parametrize("seed", range(5))
def test_keep_is_the_distance_test(seed: int) -> None:
    rng = random.Random(seed)
    cell = rng.uniform(10, 120)
    radius = cell * rng.uniform(0.3, 1.0)
    centres = [(rng.uniform(-50, 900), rng.uniform(-50, 700)) for _ in range(rng.randrange(1, 300))]
    near = NearPoints(centres, radius, cell)
    for _ in range(3000):
        x, y = rng.uniform(-200, 1100), rng.uniform(-200, 900)
        want = any((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 for cx, cy in centres)
        assert near(x, y) == want, (x, y)
        if want:
            assert any(lo <= x <= hi for lo, hi in near.spans(y)), (x, y)


def test_points_on_the_circle_and_far_away() -> None:
    near = NearPoints([(100.0, 100.0)], 30.0, 40.0)
    assert near(130.0, 100.0) and near(100.0, 70.0)  # exactly at the radius
    assert not near(130.0 + 1e-9, 100.0)
    assert not near(1000.0, 1000.0)
    assert near.spans(100.0) == [(pytest.approx(70.0), pytest.approx(130.0))]
    assert near.spans(131.0) == [] and math.isfinite(near.cell)
