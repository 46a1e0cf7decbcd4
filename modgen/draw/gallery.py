"""Galleries for eyeballing the renderer: every NATO symbol and size marker, every built-in layout's faces.

    python -m modgen.draw.gallery docs/img      # writes gallery-symbols.png and gallery-layouts.png

The sample counters below are illustrative (values made up to fill every field), not any game's data.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from modgen.atomic import atomic_path
from modgen.data.model import Game
from modgen.draw import nato
from modgen.draw.counters import faces_of, font, render_face
from modgen.draw.layouts import builtin_layouts

COMBINED = [["armour", "infantry"], ["artillery", "self_propelled"], ["artillery", "rocket"], ["armour", "recon"],
            ["recon", "motorcycle"], ["tank_destroyer"], ["assault_engineer"], ["infantry", "airborne"],
            ["infantry", "mountain"], ["infantry", "motorized"], ["anti_aircraft", "self_propelled"], ["hq", "armour"]]

_SIDES = [{"id": "a", "name": "Blue", "color": "#8a9a6b"}, {"id": "b", "name": "Red", "color": "#b03020",
                                                             "text_color": "#ffffff"}]


def _v(**values: Any) -> dict[str, Any]:
    return {"kind": "values", "values": values}


# One sample counter per built-in layout: (layout, system, unit)
SAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("generic", {"class": "x", "symbol": {"types": ["infantry"], "size": "X"}, "designation": "1 Bde",
                 "faces": {"front": _v(attack=4, defense=4, movement=3), "spent": {"kind": "spent"}}}),
    ("generic-marker", {"kind": "marker", "side": None, "designation": "Game Turn",
                        "faces": {"front": {"kind": "text", "text": "TURN"}}}),
    ("efb-maneuver", {"symbol": {"types": ["armour"], "size": "II"}, "designation": "I/31",
                      "faces": {"front": {**_v(attack=7, defense=5, movement=8), "marks": {"attack": ["bracketed"]}},
                                "back": {"kind": "untried"}}}),
    ("efb-artillery", {"side": "b", "symbol": {"types": ["artillery", "self_propelled"], "size": "II"},
                       "designation": "1435", "faces": {"front": _v(barrage=6, fpf=3, range="U", defense=2, movement=5),
                                                        "back": {"kind": "parent", "text": "3 GTC"}}}),
    ("efb-hq", {"side": "b", "symbol": {"types": ["hq", "armour"], "size": "XXX"}, "designation": "3 GTC",
                "faces": {"front": _v(defense=2, movement=10, command_radius=4)}}),
    ("efb-supply", {"symbol": {"types": ["supply", "motorized"]}, "designation": "Sup",
                    "faces": {"front": _v(movement=8, supply_radius=6)}}),
    ("efb-air", {"symbol": {"types": ["ground_attack"]}, "designation": "Ju 87", "faces": {"front": _v()}}),
    ("efb-marker", {"kind": "marker", "side": None, "designation": "Suppressed",
                    "faces": {"front": {"kind": "text", "text": "SUPP"}}}),
    ("tis-unit", {"symbol": {"types": ["armour"], "size": "II"}, "designation": "I/9 SS PzR",
                  "faces": {"front": _v(gun=4, armor=3, movement=10, black_stars=2, yellow_stars=1),
                            "back": {"kind": "blank"}}}),
    ("tis-artillery", {"side": "b", "symbol": {"types": ["artillery"], "size": "II"}, "designation": "1 ALR",
                       "faces": {"front": _v(afr=6, movement=5)}}),
    ("tis-hq", {"symbol": {"types": ["hq"], "size": "XX"}, "designation": "9 SS",
                "faces": {"front": _v(movement=8)}}),
    ("tis-marker", {"kind": "marker", "side": None, "designation": "Minefield",
                    "faces": {"front": {"kind": "text", "text": "MINES"}}}),
    ("coh-unit", {"symbol": {"types": ["armour"]}, "designation": "Tiger Ie", "tags": ["turret"],
                  "faces": {"front": {**_v(fp_red=6, fp_blue=12, fire_cost=3, range=8, move_cost=1, defense_front=18,
                                           defense_flank=15),
                                      "marks": {"defense_front": ["blue"], "defense_flank": ["blue"]}},
                            "spent": {"kind": "spent"}}}),
    ("coh-hit", {"kind": "hit", "side": None, "designation": "Suppressed",
                 "faces": {"front": _v(fire_cost="+1", fp_red="-3", fp_blue="-5", rally=8),
                           "back": {"kind": "text", "text": "HIT"}}}),
    ("coh-marker", {"kind": "marker", "side": None, "designation": "Altitude",
                    "faces": {"front": {"kind": "text", "text": "50m"}}}),
    ("fow-team", {"class": "tank", "symbol": {"types": ["armour"]}, "name": "M4A1 Sherman",
                  "faces": {"front": _v(armour_front=6, armour_side=4, armour_top=1, skill="3+", motivation="4+",
                                        is_hit_on="4+")}}),
    ("fow-marker", {"kind": "marker", "side": None, "designation": "Pinned Down",
                    "faces": {"front": {"kind": "text", "text": "PINNED"}}}),
]


def _sample_game() -> tuple[Game, list[dict[str, Any]]]:
    units = []
    for i, (layout, u) in enumerate(SAMPLES):
        rec = {"id": f"s{i}", "kind": "unit", "side": "a", "class": "x", "count": 1, **u, "layout": layout}
        units.append(rec)
    game = Game(path=Path("gallery.json"), manifest={"id": "gallery", "title": "Gallery", "system": "gallery",
                                                      "sides": _SIDES},
                counters_doc={"counters": units})
    return game, units


def layout_gallery(px: int = 120) -> Image.Image:
    """Every face of one sample counter per built-in layout, labelled with the layout name."""
    game, units = _sample_game()
    missing = set(builtin_layouts()) - {u["layout"] for u in units}
    if missing:
        raise RuntimeError(f"gallery has no sample for layouts: {', '.join(sorted(missing))}")
    cells = [(u["layout"] + ("" if f == "front" else f" ({f})"), render_face(game, u, f, px))
             for u in units for f in faces_of(u)]
    return _grid(cells, px, px, cols=8)


def symbol_gallery(width: int = 90) -> Image.Image:
    """Every symbol type alone, the combinations above, and every size marker."""
    cells = [(t, nato.render_symbol([t], None, width)) for t in sorted(nato.DRAWERS) if t != "assault"]
    cells += [("+".join(c), nato.render_symbol(c, None, width)) for c in COMBINED]
    cells += [(f"size {s}", nato.render_symbol(["infantry"], s, width)) for s in nato.SIZE_MARKERS]
    h = max(img.height for _, img in cells)
    return _grid(cells, width, h, cols=10)


def _grid(cells: list[tuple[str, Image.Image]], w: int, h: int, cols: int) -> Image.Image:
    label_h, pad = 16, 8
    rows = -(-len(cells) // cols)
    sheet = Image.new("RGB", (cols * (w + pad) + pad, rows * (h + label_h + pad) + pad), "#d8d4c8")
    d = ImageDraw.Draw(sheet)
    f = font("regular", 10)
    for i, (label, img) in enumerate(cells):
        x, y = pad + (i % cols) * (w + pad), pad + (i // cols) * (h + label_h + pad)
        sheet.paste(img, (x, y), img if img.mode == "RGBA" else None)
        d.text((x + w / 2, y + h + 2), label[:19], fill="#000000", font=f, anchor="ma")
    return sheet


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/img")
    for name, img in (("gallery-symbols.png", symbol_gallery()), ("gallery-layouts.png", layout_gallery())):
        with atomic_path(out / name) as tmp:
            img.save(tmp, format="PNG", optimize=True)
        print(out / name, img.size)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
