"""A tiny game workspace for the VASSAL module tests, and stand-in renderers (flat colour images).

The stand-ins only honour the renderers' contracts (docs/design.md): a map image exactly the size
``Grid.vassal_params(hex_px)["board"]`` asks for, and one square image per counter face.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PIL import Image

from modgen.geometry.hexgrid import Grid

MANIFEST = {
    "id": "tiny", "title": "Tiny; a/b \\ 'test'", "version": "0.1.0", "system": "efb",
    "description": "Fixture game for the module tests (illustrative).",
    "sides": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
    "formations": [{"id": "r1", "name": "1st Red; Brigade", "side": "red"}],
    "terrain": {"clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"}},
    "rules": {"tables": {"crt": {"source": {"rule": "illustrative", "values": "illustrative"},
                                 "rows": [{"odds": "1:1", "1": "AR", "2": "EX"}]}}},
    "vassal": {"hex_px": 64},
    "files": {"counters": "counters.json", "maps": ["maps.json"], "scenarios": ["scen.json"], "rules_pdf": "rules.pdf"},
}
COUNTERS = {"game": "tiny", "counters": [
    {"id": "r.1/a;b", "kind": "unit", "side": "red", "formation": "r1", "class": "maneuver", "designation": "1/A",
     "faces": {"front": {"kind": "values", "values": {"attack": 4, "defense": 3, "movement": 6}},
               "back": {"kind": "values", "values": {"attack": 2, "defense": 2, "movement": 6}}}, "count": 1},
    {"id": "b.hq", "kind": "unit", "side": "blue", "class": "hq", "designation": "HQ",
     "faces": {"front": {"kind": "values", "values": {"command_radius": 3}}, "back": {"kind": "untried"},
               "spent": {"kind": "spent"}}, "count": 1},
    {"id": "b.inf", "kind": "unit", "side": "blue", "class": "maneuver", "designation": "Inf\\",
     "faces": {"front": {"kind": "values", "values": {"attack": 1, "defense": 1, "movement": 4}}}, "count": 1},
    {"id": "marker.supp", "kind": "marker", "side": None, "class": "marker", "designation": "Supp",
     "faces": {"front": {"kind": "text", "text": "SUPP"}}, "count": 5},
]}
MAPS = {"game": "tiny", "maps": [{
    "id": "main", "name": "Main", "kind": "hex",
    "grid": {"orientation": "flat", "columns": 5, "rows": 4,
             "numbering": {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
                           "h_off": 1, "v_off": 1, "h_descend": False, "v_descend": False, "stagger": False}},
    "default_terrain": "clear"}, {
    # a second grid exercising the other numbering options: pointy, alphabetic, descending, staggered, separator
    "id": "alt", "name": "Alt/grid", "kind": "hex",
    "grid": {"orientation": "pointy", "columns": 7, "rows": 5,
             "numbering": {"first": "V", "sep": "-", "h_type": "A", "v_type": "N", "h_leading": 0, "v_leading": 2,
                           "h_off": 0, "v_off": 3, "h_descend": True, "v_descend": False, "stagger": True}},
    "default_terrain": "clear"}]}
SCENARIO = {"id": "s1", "game": "tiny", "title": "First/Last", "map": "main", "turns": {"count": 3},
            "setup": [{"unit": "r.1/a;b", "hex": "0203", "face": "back", "facing": 120},
                      {"unit": "b.hq", "hex": "0401", "face": "spent"},
                      {"unit": "b.inf", "hex": "0401"},
                      {"unit": "marker.supp", "off_map": "reinforcements"}]}


def write_workspace(folder: Path, **overrides: Any) -> Path:
    """Write the fixture game into ``folder``; returns the manifest path."""
    docs = {"manifest": MANIFEST, "counters": COUNTERS, "maps": MAPS, "scen": SCENARIO}
    docs.update(overrides)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "counters.json").write_text(json.dumps(docs["counters"]))
    (folder / "maps.json").write_text(json.dumps(docs["maps"]))
    (folder / "scen.json").write_text(json.dumps(docs["scen"]))
    Image.new("RGB", (200, 100), "white").save(folder / "rules.pdf")  # a one-page PDF standing in for the rules
    path = folder / "tiny.json"
    path.write_text(json.dumps(docs["manifest"]))
    return path


def stub_render_map(game: Any, map_id: str, hex_px: float) -> Image.Image:
    m = game.map(map_id)
    if m.get("kind", "hex") == "hex":
        b = Grid.from_map(m).vassal_params(hex_px)["board"]
        return Image.new("RGB", (b["width"], b["height"]), "#e8e0b8")
    return Image.new("RGB", (int(m["width_in"] * hex_px), int(m["height_in"] * hex_px)), "#7fa060")


def stub_render_face(game: Any, unit: dict[str, Any], face: str, px: int) -> Image.Image:
    """A grey square with a pure red band along its top edge, so the engine test can see which way it faces."""
    img = Image.new("RGB", (px, px), "#c0c0c0" if face == "front" else "#808080")
    img.paste((255, 0, 0), (0, 0, px, max(2, px // 6)))
    return img


def stub_faces_of(unit: dict[str, Any]) -> list[str]:
    return list(unit.get("faces") or {"front": {}})


STUBS = {"render_map": stub_render_map, "render_face": stub_render_face, "faces_of": stub_faces_of}


TABLE_MAPS = {"game": "tiny", "maps": [{"id": "table", "name": "Table", "kind": "table", "width_in": 24,
                                        "height_in": 16}]}
TABLE_SCENARIO = {"id": "t1", "game": "tiny", "title": "On the table", "map": "table", "turns": {"count": 3},
                  "setup": [{"unit": "r.1/a;b", "pos": [6, 4], "facing": 90, "face": "back"},
                            {"unit": "b.inf", "pos": [12.5, 8], "facing": 300},
                            {"unit": "b.hq", "pos": [20, 2], "facing": 0}],
                  # not in the set-up: waits in the holding map, in a box named after its arrival (awkward name)
                  "reinforcements": [{"turn": 2, "side": "blue", "units": ["marker.supp"], "group": "Supp; 1/2",
                                      "roll": {"die": "1d6", "on": [5, 6]}}]}


def write_table_workspace(folder: Path) -> Path:
    """The fixture game on a 24x16 inch table (free positions and facings, as FoW uses)."""
    return write_workspace(folder, maps=TABLE_MAPS, scen=TABLE_SCENARIO)
