"""A module built at another hex scale (`modgen build --hex-px`) reads back with the same scale passed to the
adapter: hexes *and* off-map holding boxes, whose band height follows the counter size (modgen.vassal.scale).

Expected side: the scenario JSON (each off-map entry's box; a scheduled reinforcement set aside off the map waits in
its arrival's box, docs/vassal.md), independent of the module code.
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
    want = Counter((e["unit"], e.get("hex"), _expected_box(game, scen, e)) for e in scen["setup"])
    assert len({e["off_map"] for e in scen["setup"] if e.get("off_map")}) > 1  # several bands to tell apart
    assert got == want, (got - want, want - got)


def _expected_box(game, scen: dict, entry: dict) -> str | None:
    """The set-up's box, or for a unit of the schedule its arrival's box id as docs/vassal.md spells it: "Turn 2 —
    German: 7pz (6 on 1d6)" (group when it arrives on a roll, else the entry area)."""
    if not entry.get("off_map"):
        return None
    due = [r for r in scen["reinforcements"] if entry["unit"] in r["units"]]
    if not due:
        return entry["off_map"]
    r = due[0]
    side = next(s["name"] for s in game.manifest["sides"] if s["id"] == r["side"])
    if r.get("roll"):
        on = sorted(r["roll"]["on"])
        rng = f"{on[0]}-{on[-1]}" if len(on) > 1 else str(on[0])
        box = f"Turn {r['turn']} — {side}: {r['group']} ({rng} on {r['roll']['die']})"
    else:
        box = f"Turn {r['turn']} — {side}: {r['area']}"
    return box + (f" [option {r['option']}]" if r.get("option") else "")
