"""A small EFB test world: a 10x10 map, a handful of counters and tables WRITTEN FOR THESE TESTS.

None of these numbers are from a publisher: the EFB rulebooks print no TEC and no CRT, so the tests use simple
invented tables whose cells are easy to compute by hand (each test says which cell it expects and why).
Map: flat-topped hexes, columns 01-10, rows 01-10, VASSAL numbering without stagger, so e.g. 0505's neighbours
are 0504 (N), 0604, 0605, 0506 (S), 0405, 0404.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from modgen.data.model import Game
from modgen.rules import engine
from modgen.rules.efb import plugin

TEST_SOURCE = {"rule": "tests", "values": "illustrative", "note": "written for the tests"}


def _unit(uid, side, cls, values, *, types=(), tags=(), formation=None, marks=None, back=None, nat=None, **extra):
    faces = {"front": {"kind": "values", "values": values, **({"marks": marks} if marks else {})}}
    if back:
        faces["back"] = back
    return {"id": uid, "kind": "unit", "side": side, "nationality": nat or side, "formation": formation,
            "class": cls, "symbol": {"types": list(types), "size": "II"}, "designation": uid, "tags": list(tags),
            "faces": faces, "count": 1, "source": TEST_SOURCE, **extra}


def _crt(cols: list[tuple[str, int | None, int | None, str]]) -> dict[str, Any]:
    return {"columns": [{"label": lab, "min": lo, "max": hi, "results": res.split()} for lab, lo, hi, res in cols],
            "source": TEST_SOURCE}


ADJ_COLUMNS = [  # differential bands; results for die 1..6
    ("-1-", None, -1, "A2 A1 A1 BR BR EX"),
    ("0", 0, 0, "A1 A1 BR BR EX D1"),
    ("+1", 1, 1, "A1 BR BR EX D1 D1"),
    ("+2,3", 2, 3, "BR BR EX D1 D1 D2"),
    ("+4,5", 4, 5, "BR EX D1 D1 D2 DA"),
    ("+6+", 6, None, "EX D1 D2 D2 DA DE"),
]
RANGED_COLUMNS = [
    ("0-", None, 0, "- - - - DS DS"),
    ("+1,2", 1, 2, "- - - DS DS D1"),
    ("+3,4", 3, 4, "- - DS DS D1 DT"),
    ("+5+", 5, None, "- DS DS D1 DT DE"),
]

TABLES = {
    "tec": {
        "clear": {"mp": 1, "source": TEST_SOURCE},
        "woods": {"mp": {"armored": 2, "other": 1}, "shift": -1, "source": TEST_SOURCE},
        "city": {"mp": 1, "shift": -2, "mobile_forbidden": True, "stand_fast": True, "engineer_bonus": True,
                 "source": TEST_SOURCE},
        "town": {"mp": 1, "shift": -1, "stand_fast": True, "source": TEST_SOURCE},
        "swamp": {"mp": 3, "source": TEST_SOURCE},
        "lake": {"mp": "prohibited", "source": TEST_SOURCE},
        "major_river": {"mp": 2, "river": "major", "shift": -2, "source": TEST_SOURCE},
        "minor_river": {"mp": 1, "river": "minor", "shift": -1, "source": TEST_SOURCE},
        "bridge": {"bridge": True, "source": TEST_SOURCE},
        "road": {"along": "road", "mp": "1/3", "source": {"rule": "EFB 8.7", "values": "rulebook"}},
        "rail": {"along": "rail", "mp": 1, "source": {"rule": "EFB 8.8", "values": "rulebook"}},
    },
    "crt": {"mobile": _crt(ADJ_COLUMNS), "assault": _crt(ADJ_COLUMNS), "ranged": _crt(RANGED_COLUMNS)},
    "ranged_max_differential": 16,
}

MAP = {
    "id": "main", "name": "Test map", "kind": "hex",
    "grid": {"orientation": "flat", "columns": 10, "rows": 10,
             "numbering": {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1,
                           "h_off": 1, "v_off": 1, "h_descend": False, "v_descend": False, "stagger": False}},
    "default_terrain": "clear",
    "hexes": {"0303": "woods", "0304": "woods", "0708": "city", "0707": "town", "0808": "swamp", "0909": "lake"},
    "hexsides": [{"hexes": ["0505", "0605"], "type": "major_river"},
                 {"hexes": ["0505", "0504"], "type": "minor_river"},
                 {"hexes": ["0201", "0202"], "type": "major_river"}, {"hexes": ["0201", "0202"], "type": "bridge"}],
    "lines": [{"type": "road", "hexes": ["0101", "0102", "0103", "0104", "0105", "0106", "0107", "0108"]},
              {"type": "rail", "hexes": ["1001", "1002", "1003", "1004", "1005"]}],
    "areas": [{"id": "east", "name": "East edge", "edge": "east"}],
    "source": TEST_SOURCE,
}

COUNTERS = [
    _unit("g.tank", "german", "maneuver", {"attack": 6, "defense": 4, "movement": 6}, types=["armour"],
          tags=["armored"], formation="div", marks={"attack": ["bracketed"]}),
    _unit("g.inf1", "german", "maneuver", {"attack": 3, "defense": 3, "movement": 3}, types=["infantry"],
          formation="div"),
    _unit("g.inf2", "german", "maneuver", {"attack": 3, "defense": 3, "movement": 3}, types=["infantry"],
          formation="div"),
    _unit("g.inf3", "german", "maneuver", {"attack": 3, "defense": 3, "movement": 3}, types=["infantry"],
          formation="div"),
    _unit("g.inf4", "german", "maneuver", {"attack": 3, "defense": 3, "movement": 3}, types=["infantry"],
          formation="div"),
    _unit("g.eng", "german", "maneuver", {"attack": 2, "defense": 2, "movement": 3}, types=["engineer"],
          formation="div"),
    _unit("g.garrison", "german", "maneuver", {"attack": 1, "defense": 2, "movement": 0}, types=["infantry"],
          formation="div"),
    _unit("g.arty", "german", "artillery", {"barrage": 4, "fpf": 2, "range": 4, "defense": 1, "movement": 2},
          types=["artillery"], formation="div"),
    _unit("g.arty2", "german", "artillery", {"barrage": 3, "fpf": 2, "range": "U", "defense": 1, "movement": 2},
          types=["artillery"], formation="div"),
    _unit("g.hq", "german", "hq", {"movement": 4, "command_radius": 10}, types=["hq"], formation="div"),
    _unit("g.supply", "german", "supply", {"movement": 3, "supply_radius": 4}, types=["supply"], formation="div"),
    _unit("g.untried", "german", "maneuver", {"attack": 2, "defense": 0, "movement": 3}, types=["infantry"],
          formation="div", back={"kind": "untried"}),
    _unit("g.ga", "german", "air", {}, types=["ground_attack"], air_type="GA"),
    _unit("g.mb", "german", "air", {}, types=["medium_bomber"], air_type="MB"),
    _unit("s.tank", "soviet", "maneuver", {"attack": 5, "defense": 3, "movement": 6}, types=["armour"],
          tags=["armored"], formation="corps"),
    _unit("s.inf1", "soviet", "maneuver", {"attack": 2, "defense": 2, "movement": 3}, types=["infantry"],
          formation="corps"),
    _unit("s.inf2", "soviet", "maneuver", {"attack": 2, "defense": 2, "movement": 3}, types=["infantry"],
          formation="corps"),
    _unit("s.inf3", "soviet", "maneuver", {"attack": 2, "defense": 2, "movement": 3}, types=["infantry"],
          formation="corps"),
    _unit("s.at", "soviet", "maneuver", {"attack": 1, "defense": 3, "movement": 2}, types=["anti_tank"],
          formation="corps", marks={"defense": ["bracketed"]}),
    _unit("s.arty", "soviet", "artillery", {"barrage": 3, "fpf": 2, "range": 3, "defense": 1, "movement": 2},
          types=["artillery"], formation="corps"),
    _unit("s.hq", "soviet", "hq", {"movement": 4, "command_radius": 2}, types=["hq"], formation="corps"),
] + [_unit(f"s.ga{i}", "soviet", "air", {}, types=["ground_attack"], air_type="GA") for i in range(1, 6)]

MANIFEST = {
    "id": "efbtest", "title": "EFB test world", "version": "0", "system": "efb",
    "sides": [{"id": "german", "name": "German", "nationalities": ["german"]},
              {"id": "soviet", "name": "Soviet", "nationalities": ["soviet"]}],
    "formations": [{"id": "army", "name": "Army", "side": "german", "parent": None},
                   {"id": "div", "name": "Division", "side": "german", "parent": "army"},
                   {"id": "front", "name": "Front", "side": "soviet", "parent": None},
                   {"id": "corps", "name": "Corps", "side": "soviet", "parent": "front"}],
    "terrain": {t: {"name": t, "kind": k} for t, k in [
        ("clear", "hex"), ("woods", "hex"), ("city", "hex"), ("town", "hex"), ("swamp", "hex"), ("lake", "hex"),
        ("major_river", "hexside"), ("minor_river", "hexside"), ("bridge", "hexside"), ("road", "line"),
        ("rail", "line")]},
    "rules": {"tables": TABLES, "policies": {}},
    "files": {},
    "source": TEST_SOURCE,
}

SCENARIO = {
    "id": "test", "game": "efbtest", "title": "Test", "map": "main", "year": 1944,
    "first_player": "german", "deploys_first": "german", "turns": {"count": 3},
    "setup": [],
    "reinforcements": [{"turn": 2, "side": "soviet", "units": ["s.inf3"], "area": "east", "source": TEST_SOURCE}],
}

# 8.11: exit only where the scenario allows it (written for the tests; neither bundled scenario lets units exit)
EXIT_ALLOWED = {"special_rules": [{"id": "exit_allowed", "text": "German units may exit the map.",
                                   "sides": ["german"], "source": TEST_SOURCE}]}


def make_game(tables: dict[str, Any] | None = None, policies: dict[str, Any] | None = None,
              scenario: dict[str, Any] | None = None) -> Game:
    """The test game; ``tables``/``policies``/``scenario`` replace or extend the defaults."""
    manifest = copy.deepcopy(MANIFEST)
    if tables is not None:
        manifest["rules"]["tables"] = tables
    if policies:
        manifest["rules"]["policies"] = policies
    scen = copy.deepcopy(SCENARIO)
    scen.update(scenario or {})
    return Game(path=Path("efbtest.json"), manifest=manifest, counters_doc={"counters": copy.deepcopy(COUNTERS)},
                maps_docs=[{"maps": [copy.deepcopy(MAP)]}], scenarios={"test": scen})


def log(setup: dict[str, str], *body: dict[str, Any], turn: int = 1, phase: str = "movement",
        side: str = "german", faces: dict[str, str] | None = None, markers: dict[str, list[str]] | None = None
        ) -> list[dict[str, Any]]:
    """scenario_start, setup of ``{unit: hex}``, turn ``turn``, phase ``phase`` for ``side``, then ``body``."""
    events: list[dict[str, Any]] = [{"type": "scenario_start", "game": "efbtest", "scenario": "test"}]
    for u, h in setup.items():
        e = {"type": "setup", "unit": u, "hex": h}
        if faces and u in faces:
            e["face"] = faces[u]
        events.append(e)
    for u, ms in (markers or {}).items():
        events.extend({"type": "marker", "unit": u, "marker": m, "on": True} for m in ms)
    events.append({"type": "turn", "turn": turn})
    if phase:
        events.append({"type": "phase", "phase": phase, "side": side})
    events.extend(body)
    for i, e in enumerate(events):
        e["i"] = i
    return events


def check(events: list[dict[str, Any]], game: Game | None = None):
    """Run the engine; returns the Report."""
    return engine.run(game or make_game(), events, "test", plugin)


def found(report, severity: str = "error") -> list[tuple[str, int | None]]:
    """(rule, event index) of every finding of ``severity``."""
    return [(f.rule, f.event_index) for f in report.findings if f.severity == severity]


def mv(unit: str, *path: str, mode: str | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "move", "unit": unit, "from": path[0], "to": path[-1]}
    if len(path) > 2 or mode:
        e["path"] = list(path)
    if mode:
        e["mode"] = mode
    return e
