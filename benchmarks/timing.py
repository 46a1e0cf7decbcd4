"""Timing helper shared by the benchmark scripts (imported as a sibling: the scripts run from this folder)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best(fn: Callable[[], Any], repeats: int = 3) -> float:
    """The shortest wall time of ``repeats`` calls of ``fn``, in seconds (the least disturbed run)."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)
