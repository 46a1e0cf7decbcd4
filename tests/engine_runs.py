"""One real-engine run per bundled game, shared by the engine test files (tests/test_engine_*.py).

``run_engine`` loads a built module in VASSAL 3.6.0 through tests/engine/harness/ModgenHarness.java under Xvfb
and returns what the engine made of it (JSON). The session fixture ``bundled`` (made visible by conftest.py) builds
each bundled game's module once and runs the harness once, asking for the label at every hex centre and a point in
each board's legend strip: the module, chart, turn-track and board checks all read that one result.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import bundled_games

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal import module as vmod


def run_engine(classpath: str, vmod_path: Path, points: list[tuple[str, int, int]], tmp: Path) -> dict[str, Any]:
    pts = tmp / "points.tsv"
    pts.write_text("".join(f"{m}\t{x}\t{y}\n" for m, x, y in points), encoding="utf-8")
    proc = subprocess.run(["xvfb-run", "-a", "java", "-Djava.awt.headless=false", "-cp", classpath,
                           "modgen.harness.ModgenHarness", str(vmod_path), str(pts)],
                          capture_output=True, text=True, timeout=900, cwd=tmp)
    assert proc.returncode == 0, f"harness exit {proc.returncode}: {proc.stderr[-3000:]}"
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"harness printed no JSON: {proc.stdout[:500]!r}\n{proc.stderr[-3000:]}")


def hex_points(game: Any, hex_px: float) -> tuple[list[tuple[str, int, int]], list[str]]:
    points, labels = [], []
    for m in game.maps:
        if m.get("kind", "hex") != "hex":
            continue
        grid = Grid.from_map(m)
        for label in grid.labels():
            x, y = grid.center_px(label, hex_px)
            points.append((m["id"], x, y))
            labels.append(label)
    return points, labels


def _table_where_fix(game: Any, result: dict[str, Any]) -> None:
    """Table maps have no grid: VASSAL names no location there, so positions are compared instead."""
    table_maps = {m["id"] for m in game.maps if m.get("kind") == "table"}
    for s in result["setups"]:
        for p in s["pieces"]:
            if p["map"] in table_maps:
                p["label"] = None


@pytest.fixture(scope="session", params=bundled_games(), ids=lambda p: p.stem)
def bundled(request: pytest.FixtureRequest, engine_classpath: str, tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Any, dict[str, Any], list[str]]:
    """A bundled game, what the engine made of its built module (one engine start per game for every engine test
    file that asks: the module, charts, turn track and board checks), and the hex labels the harness asked for.
    ``result["vmod"]`` is the module file."""
    game = load_game(request.param)
    tmp = tmp_path_factory.mktemp(game.id)
    out = tmp / f"{game.id}.vmod"
    vmod.build_module(game, out)
    hex_px = float((game.manifest.get("vassal") or {}).get("hex_px") or vmod.DEFAULT_HEX_PX)
    points, labels = hex_points(game, hex_px)
    # and a point in each hex board's legend strip, below the hexes (the engine must name no hex there)
    strip = [(m["id"], Grid.from_map(m).layout(hex_px).width // 2, Grid.from_map(m).layout(hex_px).height + 5)
             for m in game.maps if m.get("kind", "hex") == "hex"]
    result = run_engine(engine_classpath, out, points + strip, tmp)
    result["strip"] = result["labels"][len(points):]
    result["labels"] = result["labels"][:len(points)]
    _table_where_fix(game, result)
    result["vmod"] = str(out)
    return game, result, labels
