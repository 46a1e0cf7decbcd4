"""Real-engine checks of square maps (VASSAL 3.6.0, tests/engine/ harness): VASSAL's own ``Map.locationName`` at every
cell centre of a modgen-built square module is the cell's label, and the module's set-up, executed by the engine,
puts each piece on the cell the scenario names; the hand-made square module of tests/test_import_square.py, loaded
by the engine, names each imported cell centre (in its own pixels) with the imported label."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from engine_runs import run_engine
from square_world import write_square_game
from test_import_square import write_square_module

from modgen.data.model import load_game
from modgen.geometry.squaregrid import SquareGrid
from modgen.vassal.binding import binding_path, load
from modgen.vassal.importer import import_module
from modgen.vassal.module import build_module

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_engine_names_every_cell_of_a_modgen_square_module(engine_classpath: str, tmp_path: Path) -> None:
    game = load_game(write_square_game(tmp_path / "w"))
    vmod = tmp_path / "sq.vmod"
    build_module(game, vmod)
    grid = SquareGrid.from_map(game.maps[0])
    px = game.manifest["vassal"]["hex_px"]
    points = [(game.maps[0]["id"], *grid.center_px(lb, px)) for lb in grid.labels()]
    result = run_engine(engine_classpath, vmod, points, tmp_path)
    assert "fatal" not in result and result["errors"] == [], result.get("fatal") or result["errors"]
    assert [p["label"] for p in result["labels"]] == grid.labels()
    (setup,) = result["setups"]
    assert setup["error"] is None, setup["error"]
    engine = Counter((p["name"], p["label"]) for p in setup["pieces"] if p["map"] == game.maps[0]["id"])
    (sc,) = game.scenarios.values()
    assert engine == Counter((game.unit(e["unit"])["designation"], e["hex"]) for e in sc["setup"])


@pytest.mark.parametrize("variant", ["direct", "zoned"])
def test_engine_names_imported_cells_like_the_import(engine_classpath: str, tmp_path: Path, variant: str) -> None:
    mod = write_square_module(tmp_path / "hand.vmod", variant)
    res = import_module(mod, tmp_path / "ws")
    game = load_game(res.manifest)
    (geo,) = load(binding_path(tmp_path / "ws", game.id)).maps
    grid = SquareGrid.from_map(game.maps[0])
    labels = grid.labels()
    result = run_engine(engine_classpath, mod, [(geo.vassal_map, *geo.center(grid, lb)) for lb in labels], tmp_path)
    assert "fatal" not in result and result["errors"] == [], result.get("fatal") or result["errors"]
    wrong = [(want, p) for want, p in zip(labels, result["labels"], strict=True) if p["label"] != want]
    assert not wrong, f"{len(wrong)} of {len(labels)} labels differ, e.g. {wrong[:5]}"
    (setup,) = result["setups"]
    engine = Counter((p["name"], p["label"]) for p in setup["pieces"] if p["map"] == geo.vassal_map)
    (sc,) = game.scenarios.values()
    assert engine == Counter((game.unit(e["unit"])["designation"], e["hex"]) for e in sc["setup"] if "hex" in e)
