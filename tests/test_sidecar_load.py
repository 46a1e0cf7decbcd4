"""A bounded load test of the running sidecar on 127.0.0.1: 120 uploads, 20 at a time, two pages on the event stream;
no upload may fail and every page must receive every report.

Throughput and latency are printed by benchmarks/bench_sidecar.py; this test asserts only correctness under load.
"""

from __future__ import annotations

import importlib.util

from tests.conftest import REPO
from tests.sidecar_helpers import GAME, VIOLATIONS


def test_burst_of_concurrent_uploads_all_succeed() -> None:
    spec = importlib.util.spec_from_file_location("bench_sidecar", REPO / "benchmarks" / "bench_sidecar.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.load_test(str(GAME), str(VIOLATIONS), requests=120, concurrency=20, time_limit=240, pages=2)
    assert result["errors"] == 0
    assert result["missed"] == 0
    assert result["requests"] == 120
