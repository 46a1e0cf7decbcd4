"""Every map of every bundled game renders (small scale) and lines up with its VASSAL grid parameters."""

from __future__ import annotations

import pytest

from modgen.data.model import load_game
from modgen.draw.mapdraw import render_map
from modgen.geometry.hexgrid import Grid
from tests.conftest import bundled_games

CASES = [(p, m["id"]) for p in bundled_games() for m in load_game(p).maps]


@pytest.mark.parametrize("manifest, map_id", CASES, ids=[f"{p.stem}:{m}" for p, m in CASES])
def test_bundled_map_renders(manifest, map_id: str) -> None:
    game = load_game(manifest)
    m = game.map(map_id)
    if m.get("kind", "hex") == "table":
        img = render_map(game, map_id, px_per_inch=4)
        assert img.size == (round(m["width_in"] * 4), round(m["height_in"] * 4))
    else:
        img = render_map(game, map_id, 24)
        board = Grid.from_map(m).vassal_params(24)["board"]
        assert img.size == (board["width"], board["height"])


def test_there_are_bundled_maps() -> None:
    assert CASES, "games/*.json should bundle at least one map"
