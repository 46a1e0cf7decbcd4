"""Real-engine acceptance of ``modgen import`` (issue #23): the hand-made module of tests/test_import.py is loaded by
VASSAL 3.6.0 itself (tests/engine/ harness, unchanged) and its predefined set-up executed; the units of the imported
scenario must sit on the hex labels the engine reports for the original pieces, and the engine must name every hex
centre of the imported grid (mapped back into the module's pixels) with the imported label.

Expected values come from the engine, not from modgen: the harness asks VASSAL's own ``Map.locationName``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from test_engine_vassal import run_engine
from test_import import write_module

from modgen.cli import main
from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal import traits as tr
from modgen.vassal.binding import binding_path, load
from modgen.vassal.importer import import_module
from modgen.vassal.module import build_module
from modgen.vassal.scale import DEFAULT_HEX_PX

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_imported_setup_sits_on_the_labels_the_engine_reports(engine_classpath: str, tmp_path: Path) -> None:
    mod = write_module(tmp_path / "hand.vmod")
    res = import_module(mod, tmp_path / "ws")
    game = load_game(res.manifest)
    binding = load(binding_path(tmp_path / "ws", game.id))
    (geo,) = binding.maps
    grid = Grid.from_map(game.maps[0])
    labels = grid.labels()
    points = [(geo.vassal_map, *geo.center(grid, lb)) for lb in labels]
    result = run_engine(engine_classpath, mod, points, tmp_path)
    assert "fatal" not in result, result.get("fatal")
    assert result["errors"] == [], "VASSAL reported problems loading the hand-made module"

    # the engine names each imported hex centre, in the module's own pixels, with the imported label
    wrong = [(want, p) for want, p in zip(labels, result["labels"], strict=True) if p["label"] != want]
    assert not wrong, f"{len(wrong)} of {len(labels)} labels differ, e.g. {wrong[:5]}"

    # the original set-up, executed by the engine: each piece's name and the label VASSAL gives its position
    (setup,) = result["setups"]
    assert setup["error"] is None, setup["error"]
    # and the face it shows: the reduced face's image (inf_r.png) is the only pure red one, and the harness reports
    # where red shows on the piece as VASSAL draws it (red_dir is None when no red pixel is drawn)
    engine = Counter((p["name"], p["label"], "back" if p["red_dir"] is not None else "front")
                     for p in setup["pieces"] if p["map"] == geo.vassal_map)
    assert sum(engine.values()) == 3  # two 4-2 Inf and the 5-3 Arm are on the battlefield
    assert sum(n for k, n in engine.items() if k[2] == "back") == 1
    (sc,) = game.scenarios.values()
    imported = Counter((game.unit(e["unit"])["designation"], e["hex"], e.get("face", "front"))
                       for e in sc["setup"] if "hex" in e)
    assert imported == engine
    off = Counter((p["name"], p["map"]) for p in setup["pieces"] if p["map"] != geo.vassal_map)
    assert Counter((game.unit(e["unit"])["designation"], e["off_map"]) for e in sc["setup"] if "off_map" in e) == off


def test_rebuilt_module_matches_the_original_in_the_engine(engine_classpath: str, tmp_path: Path) -> None:
    """Round trip (Minsk '44): modgen's module → import → ``modgen build`` → VASSAL names every hex centre the same in
    both modules and executes both set-ups to the same pieces, on the same hexes, showing the same face."""
    src = load_game(Path(__file__).parent.parent / "games" / "minsk44.json")
    m1, m2 = tmp_path / "m1.vmod", tmp_path / "m2.vmod"
    build_module(src, m1)
    res = import_module(m1, tmp_path / "ws")
    assert main(["build", str(res.manifest), "-o", str(m2), "-j", "1"]) == 0
    grid = Grid.from_map(src.maps[0])
    hex_px = float((src.manifest.get("vassal") or {}).get("hex_px") or DEFAULT_HEX_PX)  # the module's scale
    points = [(src.maps[0]["id"], *grid.center_px(lb, hex_px)) for lb in grid.labels()]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    r1 = run_engine(engine_classpath, m1, points, tmp_path / "a")
    r2 = run_engine(engine_classpath, m2, points, tmp_path / "b")
    for r in (r1, r2):
        assert "fatal" not in r and r["errors"] == [], r.get("fatal") or r["errors"]
    assert [p["label"] for p in r1["labels"]] == [p["label"] for p in r2["labels"]] == grid.labels()

    def on_hexes(r: dict) -> Counter:
        (setup,) = r["setups"]
        assert setup["error"] is None, setup["error"]
        return Counter((p["name"], p["label"], p["face"]) for p in setup["pieces"] if p["map"] == src.maps[0]["id"])

    s1, s2 = on_hexes(r1), on_hexes(r2)
    (sc,) = src.scenarios.values()
    assert sum(s1.values()) == sum(1 for e in sc["setup"] if "hex" in e) and s1 == s2
    # the palettes: the same piece names (BasicPiece), each with the same face layer state
    pieces = [Counter((tr.parse_trait(s["traits"][-1]).extra["name"], s["face"]) for s in r["slots"]) for r in (r1, r2)]
    assert pieces[0] == pieces[1]
