"""A module built at another hex scale (`modgen build --hex-px`) reads back with the same scale passed to the
adapter: hexes *and* off-map holding boxes, whose band height follows the counter size (modgen.vassal.scale).

Expected side: the scenario JSON (each off-map entry's box), independent of the module code.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import vassal_fixture as vf

from modgen.data.model import load_game
from modgen.vassal.adapter import adapt
from modgen.vassal.archive import Archive
from modgen.vassal.module import build_module

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("hex_px", [60, 137])
def test_off_map_boxes_read_back_at_the_built_scale(tmp_path: Path, hex_px: int) -> None:
    game = load_game(REPO / "games" / "minsk44.json")
    scen = game.scenarios["historical"]
    assert float((game.manifest.get("vassal") or {}).get("hex_px") or 100) != hex_px  # really another scale
    out = tmp_path / "m.vmod"
    build_module(game, out, hex_px=hex_px, **vf.STUBS)
    with Archive(out) as arc:
        name = next(n for n in arc.names() if n.endswith(".vsav"))
        res = adapt(arc.read(name), game, scenario="historical", name=name, hex_px=hex_px)
    got = Counter((e["unit"], e.get("hex"), e.get("off_map")) for e in res.events if e["type"] == "setup")
    want = Counter((e["unit"], e.get("hex"), e.get("off_map")) for e in scen["setup"])
    assert len({e["off_map"] for e in scen["setup"] if e.get("off_map")}) > 1  # several bands to tell apart
    assert got == want, (got - want, want - got)
