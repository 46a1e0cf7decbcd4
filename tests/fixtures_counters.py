"""Small hand-written games (one per rule system) that exercise every built-in counter layout.

All values are illustrative test data, not the publishers' numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from modgen.data.model import Game, load_game

SRC = {"rule": "test fixture", "values": "illustrative"}


def _manifest(game_id: str, system: str) -> dict[str, Any]:
    return {
        "id": game_id, "title": f"Fixture {system.upper()}", "system": system,
        "sides": [{"id": "german", "name": "German", "color": "#8a9a6b"},
                  {"id": "soviet", "name": "Soviet", "color": "#b03020", "text_color": "#ffffff"}],
        "formations": [
            {"id": "5pz", "name": "5th Panzer Division", "short": "5 Pz", "side": "german", "background": "#5d8a3c",
             "symbol_color": "#000000", "text_color": "#000000", "source": SRC},
            {"id": "3gtc", "name": "3rd Guards Tank Corps", "side": "soviet", "background": "#d06a20",
             "symbol_color": "#ffffff", "text_color": "#ffffff", "source": SRC}],
        "terrain": {"clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"}},
        "files": {"counters": f"../counters/{game_id}.json", "maps": []},
    }


def _u(uid: str, side: str | None, cls: str, types: list[str], size: str | None, faces: dict[str, Any], **kw: Any):
    rec = {"id": uid, "kind": kw.pop("kind", "unit"), "side": side, "class": cls,
           "symbol": {"types": types, "size": size}, "faces": faces, "count": kw.pop("count", 1), "source": SRC}
    rec.update(kw)
    return rec


def efb_counters() -> list[dict[str, Any]]:
    v = lambda **vals: {"kind": "values", "values": vals}  # noqa: E731
    return [
        _u("de.31.I", "german", "maneuver", ["armour"], "II",
           {"front": {"kind": "values", "values": {"attack": 7, "defense": 5, "movement": 8},
                      "marks": {"attack": ["bracketed"]}}, "back": {"kind": "untried"}},
           formation="5pz", designation="I/31"),
        _u("de.14pzg", "german", "maneuver", ["mechanized"], "III", {"front": v(attack=5, defense=6, movement=7),
           "back": {"kind": "parent", "text": "5 Pz"}}, formation="5pz", designation="14"),
        _u("su.art", "soviet", "artillery", ["artillery", "self_propelled"], "II",
           {"front": v(barrage=6, fpf=3, range="U", defense=2, movement=5), "back": {"kind": "blank"}},
           formation="3gtc", designation="1435"),
        _u("su.rkt", "soviet", "artillery", ["artillery", "rocket"], "III",
           {"front": v(barrage=9, fpf=4, range=12, defense=1, movement=6)}, designation="3 Gd"),
        _u("su.hq", "soviet", "hq", ["hq", "armour"], "XXX", {"front": v(defense=2, movement=10, command_radius=4)},
           formation="3gtc", designation="3 GTC"),
        _u("de.sup", "german", "supply", ["supply", "motorized"], None, {"front": v(movement=8, supply_radius=6)},
           designation="Sup"),
        _u("de.ga", "german", "air", ["ground_attack"], None, {"front": v()}, designation="Ju 87"),
        _u("su.mb", "soviet", "air", ["medium_bomber"], None, {"front": v()}, designation="Pe-2"),
        _u("su.untried", "soviet", "maneuver", ["infantry"], "II",
           {"front": {"kind": "values", "values": {"attack": 3, "defense": 0, "movement": 4},
                      "marks": {"defense": ["bracketed"]}}, "back": {"kind": "untried"}}, designation="2/171"),
        {"id": "marker.supp", "kind": "marker", "side": None, "class": "marker", "designation": "Suppressed",
         "faces": {"front": {"kind": "text", "text": "SUPP"}}, "count": 3, "source": SRC},
        {"id": "marker.ooc", "kind": "marker", "side": None, "class": "marker", "designation": "Out of Command",
         "faces": {"front": {"kind": "text", "text": "OOC", "color": "#f0d000"}}, "count": 2, "source": SRC},
    ]


def tis_counters() -> list[dict[str, Any]]:
    return [
        _u("de.ss.pz", "german", "armor", ["armour"], "II",
           {"front": {"kind": "values", "values": {"gun": 4, "armor": 3, "movement": 10, "black_stars": 2}},
            "back": {"kind": "blank"}}, designation="I/9 SS PzR"),
        _u("gb.art", "soviet", "artillery", ["artillery"], "II",
           {"front": {"kind": "values", "values": {"afr": 6, "movement": 5, "yellow_stars": 1}},
            "back": {"kind": "blank"}}, layout="tis-artillery", designation="1 ALR"),
        {"id": "tis.mine", "kind": "marker", "side": None, "class": "marker", "designation": "Minefield",
         "faces": {"front": {"kind": "text", "text": "MINES"}}, "count": 2, "source": SRC},
    ]


def coh_counters() -> list[dict[str, Any]]:
    return [
        _u("ger.tiger", "german", "tank", ["armour"], None,
           {"front": {"kind": "values", "values": {"fp_red": 6, "fp_blue": 12, "fire_cost": 3, "range": 8,
                                                   "move_cost": 1, "defense_front": 18, "defense_flank": 15},
                      "marks": {"defense_front": ["blue"], "defense_flank": ["blue"], "move_cost": ["blue"]}},
            "spent": {"kind": "spent"}}, tags=["turret"], designation="Tiger Ie"),
        _u("ger.marder", "german", "spg", ["anti_tank", "self_propelled"], None,
           {"front": {"kind": "values", "values": {"fp_red": 3, "fp_blue": 9, "fire_cost": 3, "range": 9,
                                                   "move_cost": 1, "defense_front": 14, "defense_flank": 12},
                      "marks": {"defense_front": ["blue"], "defense_flank": ["blue"]}},
            "spent": {"kind": "spent"}}, tags=["open_top"], designation="Marder IIIh"),
        _u("sov.rifle", "soviet", "squad", ["infantry"], "•••",
           {"front": {"kind": "values", "values": {"fp_red": 5, "fp_blue": 0, "fire_cost": 2, "range": 5,
                                                   "move_cost": 1, "defense_front": 12, "defense_flank": 11},
                      "marks": {"defense_front": ["red"], "defense_flank": ["red"], "move_cost": ["red"]}},
            "spent": {"kind": "spent"}}, designation="Rifle squad"),
        {"id": "vhit.supp", "kind": "hit", "side": None, "class": "hit", "designation": "Suppressed",
         "faces": {"front": {"kind": "values", "values": {"fire_cost": "+1", "fp_red": "-3", "fp_blue": "-5",
                                                          "rally": 8}},
                   "back": {"kind": "text", "text": "HIT"}}, "count": 5, "source": SRC},
        {"id": "vhit.gun", "kind": "hit", "side": None, "class": "hit", "designation": "Gun Damaged (red)",
         "faces": {"front": {"kind": "text", "text": "Gun Damaged (red)"}}, "count": 1, "source": SRC},
    ]


def fow_counters() -> list[dict[str, Any]]:
    return [
        _u("us.sherman", "german", "tank", ["armour"], None,
           {"front": {"kind": "values", "values": {"armour_front": 6, "armour_side": 4, "armour_top": 1,
                                                   "skill": "3+", "motivation": "4+", "is_hit_on": "4+"}}},
           kind="team", name="M4A1 Sherman", designation="Sherman"),
        _u("us.rifle", "soviet", "infantry", ["infantry"], None,
           {"front": {"kind": "values", "values": {"save": "3+", "skill": "4+", "motivation": "4+",
                                                   "is_hit_on": "3+"}}},
           kind="team", name="Rifle Team", designation="Rifle"),
        _u("us.gun", "soviet", "gun", ["anti_tank"], None,
           {"front": {"kind": "values", "values": {"save": "3+", "skill": "4+", "motivation": "4+",
                                                   "is_hit_on": "3+"}}},
           kind="team", name="57mm gun", designation="57mm"),
    ]


def generic_counters() -> list[dict[str, Any]]:
    return [
        _u("x.inf", "german", "infantry", ["infantry", "mountain"], "X",
           {"front": {"kind": "values", "values": {"attack": 4, "defense": 4, "movement": 3}},
            "reduced": {"kind": "values", "values": {"attack": 2, "defense": 2, "movement": 3}},
            "spent": {"kind": "spent"}}, designation="1 Mtn"),
        {"id": "x.turn", "kind": "marker", "side": None, "class": "marker", "designation": "Game Turn",
         "faces": {"front": {"kind": "text", "text": "TURN"}}, "source": SRC},
    ]


SYSTEMS = {"efb": efb_counters, "tis": tis_counters, "coh": coh_counters, "fow": fow_counters, "xyz": generic_counters}


def make_game(system: str, counters: list[dict[str, Any]] | None = None, **manifest_extra: Any) -> Game:
    """An in-memory game of ``system`` with the fixture counters (or ``counters``)."""
    manifest = _manifest(f"fx{system}", system)
    manifest.update(manifest_extra)
    recs = counters if counters is not None else SYSTEMS[system]()
    return Game(path=Path(f"/nonexistent/games/fx{system}.json"), manifest=manifest,
                counters_doc={"game": manifest["id"], "counters": recs})


def write_game(root: Path, system: str, counters: list[dict[str, Any]] | None = None, **manifest_extra: Any) -> Path:
    """Write a fixture workspace under ``root`` and return its manifest path."""
    game = make_game(system, counters, **manifest_extra)
    (root / "games").mkdir(parents=True, exist_ok=True)
    (root / "counters").mkdir(parents=True, exist_ok=True)
    mpath = root / "games" / f"{game.id}.json"
    mpath.write_text(json.dumps(game.manifest), encoding="utf-8")
    (root / "counters" / f"{game.id}.json").write_text(json.dumps(game.counters_doc), encoding="utf-8")
    assert load_game(mpath).id == game.id
    return mpath


def all_games() -> list[Game]:
    return [make_game(s) for s in SYSTEMS]
