"""A small Conflict of Heroes test world: the bundled Storms of Steel game (map, tables, counters) with counters and
terrain the bundled data lacks, ADDED IN MEMORY FOR THESE TESTS ONLY (the bundled files are not changed).

Added counters (values illustrative unless a rulebook example prints them):
- ``de.opel``: a wheeled truck (green movement, 16.0), range 0;
- ``su.engineer``: an engineer squad (19.0), otherwise a rifle squad;
- ``de.pak40``: an anti-tank gun for gun pits (18.2 Ex: "the PaKs blue front 13DR");
- ``su.il2``: the Shturmovik (20.0 Ex: 4 impulses; 20.1 Ex: with two altitude counters blue 8FP / red 4FP, blue
  flank 14DR, front 15DR, so printed blue 10 / red 6, flank 12, front 13); range 3 (20.2: "2-3 hexes");
- ``de.ju87``: the Stuka (20.2 Ex: red 6FP); its 3 impulses and the rest are illustrative;
- ``de.sdkfz251_17``: the 251-17 APC with the blue AA circle (tag ``aa``) and a blue 4FP (20.0 Ex).
- ``de.hs129``: the Henschel HS-129b with "four 50kg bombs" of 6FP (20.4 Ex: ``bombs`` 4, ``bomb_fp`` 6, colour not
  stated); its gun FP, impulses and DRs are illustrative.
Added terrain: ``at_ditch`` (an A-T ditch map overlay hex, 18.3: no DM, "too steep and deep"), placed by ``world``.

The bundled board: flat-topped hexes, columns 01-13, rows 01-09, no stagger; woods 0303 0304 0402 0403 0404, wooden
buildings 0705 0805, hill 1002 1003 1102 1103, balka 0408 0508 0609, road along row 05.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
TEST_SOURCE = {"rule": "tests", "values": "illustrative", "note": "written for the tests"}


def make_unit(uid: str, side: str, cls: str, values: dict[str, Any], tags: list[str], name: str) -> dict[str, Any]:
    """A unit counter of the test world (``values`` may carry ``_front``/``_flank``: the DR colours, red by default)."""
    marks = {"fp_red": ["red"], "fp_blue": ["blue"], "defense_front": [values.pop("_front", "red")],
             "defense_flank": [values.pop("_flank", "red")]}
    face = {"kind": "values", "values": values, "marks": marks}
    return {"id": uid, "kind": "unit", "side": side, "nationality": side, "formation": None, "class": cls,
            "symbol": {"types": ["infantry"], "size": ""}, "designation": name, "name": name, "tags": tags,
            "faces": {"front": face, "spent": {**copy.deepcopy(face), "kind": "spent"}}, "count": 1,
            "source": TEST_SOURCE}


_GROUND = {"move_hexes": 1, "move_colour": "red", "defense_front": 12, "defense_flank": 11}
UNITS = [
    make_unit("de.opel", "german", "vehicle", {"fp_red": 1, "fp_blue": 0, "fire_cost": 3, "range": 0, "move_cost": 1,
                                           "move_hexes": 2, "move_colour": "green", "defense_front": 9,
                                           "defense_flank": 8}, ["truck"], "Opel truck"),
    make_unit("su.engineer", "soviet", "foot", {"fp_red": 4, "fp_blue": 0, "fire_cost": 3, "range": 3, "move_cost": 1,
                                            **_GROUND}, ["engineer"], "Engineers"),
    make_unit("de.pak40", "german", "gun", {"fp_red": 3, "fp_blue": 9, "fire_cost": 4, "range": 10, "move_cost": 4,
                                        "move_hexes": 1, "move_colour": "red", "defense_front": 13,
                                        "defense_flank": 10, "_front": "blue"}, ["gun_shield"], "PaK 40"),
    make_unit("su.il2", "soviet", "airplane", {"fp_red": 6, "fp_blue": 10, "range": 3, "impulses": 4,
                                           "defense_front": 13, "defense_flank": 12, "_front": "blue",
                                           "_flank": "blue"}, [], "Shturmovik"),
    make_unit("de.ju87", "german", "airplane", {"fp_red": 6, "fp_blue": 5, "range": 3, "impulses": 3,
                                            "defense_front": 12, "defense_flank": 11, "_front": "blue",
                                            "_flank": "blue"}, [], "Stuka"),
    make_unit("de.sdkfz251_17", "german", "vehicle", {"fp_red": 3, "fp_blue": 4, "fire_cost": 2, "range": 4,
                                                  "move_cost": 1, "move_hexes": 2, "move_colour": "blue",
                                                  "defense_front": 13, "defense_flank": 11, "_front": "blue",
                                                  "_flank": "blue"}, ["aa", "apc", "open_top", "tracked"],
          "251-17"),
    make_unit("de.hs129", "german", "airplane", {"fp_red": 4, "fp_blue": 6, "range": 3, "impulses": 4, "bombs": 4,
                                             "bomb_fp": 6, "defense_front": 12, "defense_flank": 11,
                                             "_front": "blue", "_flank": "blue"}, [], "HS-129b"),
]
AT_DITCH = {"move_foot": 0, "move_tracked": None, "move_wheeled": None, "dm": 0, "blocks_los": False, "level": 0,
            "at_ditch": True, "source": TEST_SOURCE}


def world(hexes: dict[str, str] | None = None, policies: dict[str, Any] | None = None,
          tables: dict[str, Any] | None = None) -> Any:
    """The bundled game plus :data:`UNITS`, the ``at_ditch`` terrain, map hexes set to ``hexes`` (hex -> terrain),
    ``policies`` and table rows merged over the bundled ones."""
    from modgen.data.model import load_game

    game = load_game(REPO / "games" / "stormsofsteel.json")
    game.counters_doc = copy.deepcopy(game.counters_doc)
    game.counters_doc["counters"] = [*game.counters_doc["counters"], *copy.deepcopy(UNITS)]
    game.manifest = copy.deepcopy(game.manifest)
    rules = game.manifest.setdefault("rules", {})
    rules["tables"]["terrain"]["at_ditch"] = dict(AT_DITCH)
    for name, rows in (tables or {}).items():
        rules["tables"].setdefault(name, {}).update(rows)
    if policies:
        rules["policies"] = dict(policies)
    game.maps_docs = copy.deepcopy(game.maps_docs)
    game.maps_docs[0]["maps"][0]["hexes"].update(hexes or {})
    return game


def start(setup: list[tuple[str, str, float]], *extra: dict[str, Any]) -> list[dict[str, Any]]:
    """A log opening: ``extra`` events (hex markers: fortifications are in place before units set up in them), the
    units of ``setup`` (unit, hex, facing; a hex of ``off`` sets up off the map) and the start of round 1."""
    ev: list[dict[str, Any]] = [{"type": "scenario_start", "game": "stormsofsteel", "scenario": "kolkhoz_road"}]
    ev += list(extra)
    for uid, h, facing in setup:
        ev.append({"type": "setup", "unit": uid, "hex": h, "facing": facing} if h != "off"
                  else {"type": "setup", "unit": uid, "facing": facing})
    ev.append({"type": "turn", "turn": 1})
    ev += [{"type": "phase", "phase": p, "side": None} for p in ("pre_round", "initiative", "actions")]
    return ev


def check(game: Any, events: list[dict[str, Any]]) -> list[Any]:
    """Errors and could-not-check findings of ``events`` for ``game``."""
    from modgen.rules import engine

    return [f for f in engine.run(game, events).findings if f.severity != "warning"]


def rules(findings: list[Any]) -> list[str]:
    return [f.rule for f in findings]


def mk(marker: str, h: str, **kw: Any) -> dict[str, Any]:
    return {"type": "marker", "hex": h, "marker": marker, "on": True, **kw}
