"""The Charts window in the real engine (issue #24, charts part): VASSAL's own Chart components, read back from
each bundled module, carry the typeset charts' names in order, and every image loads from the module archive at the
size modgen drew it."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from modgen.vassal import charts

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_engine_charts_window_has_the_typeset_charts(bundled: tuple[Any, dict[str, Any], list[str]]) -> None:
    game, result, _ = bundled
    out = Path(result["vmod"])
    want = [title for title, _ in charts.table_images(json.loads(Path(game.path).read_text()))]
    got = result["charts"]
    assert [c["name"] for c in got] == want
    with zipfile.ZipFile(out) as z:
        for c in got:
            size = Image.open(io.BytesIO(z.read("images/" + c["file"]))).size
            assert (c["w"], c["h"]) == size and c["w"] > 0, c
