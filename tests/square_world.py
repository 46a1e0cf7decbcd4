"""A small test world on a square-grid map (no bundled game uses squares): a 6 x 5 map numbered as VASSAL's
RegularGridNumbering with hOff = vOff = 1 and one leading zero ("0101" top-left), clear terrain, a wood, a road, an
objective, an edge area, two sides with one unit each and a scenario placing them on cells."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TERRAIN = {
    "clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"},
    "woods": {"name": "Woods", "kind": "hex", "color": "#7fa060", "pattern": "trees"},
    "red": {"name": "Marker red", "kind": "hex", "color": "#ff0000"},
    "road": {"name": "Road", "kind": "line", "color": "#a04000", "width": 0.08},
}
SQUARE_MAP: dict[str, Any] = {
    "id": "field", "name": "Square field", "kind": "square",
    "grid": {"columns": 6, "rows": 5,
             "numbering": {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
                           "h_off": 1, "v_off": 1}},
    "default_terrain": "clear",
    "hexes": {"0302": "woods", "0303": "woods", "0505": "red"},
    "lines": [{"type": "road", "hexes": ["0101", "0202", "0203", "0304"]}],
    "objectives": [{"hex": "0403", "name": "Hill"}],
    "places": [{"name": "Farm", "hexes": ["0204"]}],
    "areas": [{"id": "west", "name": "West edge", "edge": "west"}],
}
SRC = {"values": "illustrative", "note": "test world"}


def unit(uid: str, side: str, name: str) -> dict[str, Any]:
    return {"id": uid, "kind": "unit", "side": side, "designation": name, "source": SRC,
            "faces": {"front": {"kind": "values", "values": {"attack": 4, "movement": 2}},
                      "back": {"kind": "values", "values": {"attack": 2, "movement": 2}}}}


SETUP = [("red.inf", "0101"), ("red.arm", "0605"), ("blue.inf", "0403")]


def write_square_game(root: Path, square_map: dict[str, Any] | None = None, cell_px: int = 60) -> Path:
    """Write the world under ``root``; the manifest's path."""
    m = json.loads(json.dumps(square_map or SQUARE_MAP))
    for d in ("games", "maps", "counters", "scenarios/sq"):
        (root / d).mkdir(parents=True, exist_ok=True)
    manifest = {"id": "sq", "title": "Squares", "version": "0.1.0", "system": "efb",
                "sides": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}], "terrain": TERRAIN,
                "print": {"hex_size": "0.5in", "paper": "letter", "dpi": 100}, "vassal": {"hex_px": cell_px},
                "files": {"maps": ["../maps/sq.json"], "counters": "../counters/sq.json",
                          "scenarios": ["../scenarios/sq/opening.json"]}}
    counters = [unit("red.inf", "red", "1 Inf"), unit("red.arm", "red", "2 Arm"), unit("blue.inf", "blue", "3 Inf")]
    scenario = {"id": "opening", "game": "sq", "title": "Opening", "map": m["id"],
                "turns": {"count": 3, "source": SRC}, "setup": [{"unit": u, "hex": h} for u, h in SETUP]}
    (root / "games" / "sq.json").write_text(json.dumps(manifest), encoding="utf-8")
    (root / "maps" / "sq.json").write_text(json.dumps({"game": "sq", "maps": [m]}), encoding="utf-8")
    (root / "counters" / "sq.json").write_text(json.dumps({"game": "sq", "counters": counters}), encoding="utf-8")
    (root / "scenarios" / "sq" / "opening.json").write_text(json.dumps(scenario), encoding="utf-8")
    return root / "games" / "sq.json"
