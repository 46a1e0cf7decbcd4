"""The Charts window in the real engine (issue #24, charts part): VASSAL's own Chart components, read back from
each bundled module, carry the typeset charts' names in order, and every image loads from the module archive at the
size modgen drew it."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from conftest import bundled_games
from PIL import Image
from test_engine_vassal import hex_points, run_engine

from modgen.data.model import load_game
from modgen.vassal import charts
from modgen.vassal import module as vmod


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_engine_charts_window_has_the_typeset_charts(engine_classpath: str, tmp_path: Path, manifest: Path) -> None:
    game = load_game(manifest)
    out = tmp_path / f"{game.id}.vmod"
    vmod.build_module(game, out)
    hex_px = float((game.manifest.get("vassal") or {}).get("hex_px") or vmod.DEFAULT_HEX_PX)
    points, _ = hex_points(game, hex_px)
    result = run_engine(engine_classpath, out, points[:1], tmp_path)
    want = [title for title, _ in charts.table_images(json.loads(manifest.read_text()))]
    got = result["charts"]
    assert [c["name"] for c in got] == want
    with zipfile.ZipFile(out) as z:
        for c in got:
            size = Image.open(io.BytesIO(z.read("images/" + c["file"]))).size
            assert (c["w"], c["h"]) == size and c["w"] > 0, c
