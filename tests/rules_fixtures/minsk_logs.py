"""Writes logs/minsk44/legal.jsonl and logs/minsk44/violations.jsonl (run: python -m tests.rules_fixtures.minsk_logs).

The play is hand-planned on the bundled (illustrative) Minsk '44 map and tables; each move's MP cost is worked out
in the notes from the bundled map's terrain (column 32: rows 01-07 clear, 08-10 woods; row 05: clear from column 34
to 45 except woods in 3905 and 4005) and the bundled TEC (clear 1, woods 2 for armoured units).
violations.jsonl is legal.jsonl plus part of turn 3 with three planted rules errors:
  1. EFB 6.2  a 3rd Guards Mechanized Corps unit enters east of the Berezina (its entry area is the north edge
              WEST of the Berezina, MK 24.7 (4));
  2. EFB 8.3  su.3gtc.20 (armoured) moves 3405-4505 along row 05: 9 clear + 2 woods = 13 MP of its 10 MP;
  3. EFB 9.1  three Soviet units end the movement phase in 3601 (Soviet 1944 stacking limit 2, EFB 9.4).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from modgen.data.model import load_game
from modgen.logs import eventlog

REPO = Path(__file__).resolve().parents[2]
PHASES = ["reinforcement", "movement", "fpf", "combat1", "combat2", "recovery"]


def _row(col_from: int, col_to: int, row: int) -> list[str]:
    return [f"{c:02d}{row:02d}" for c in range(col_from, col_to + 1)]


class Log:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def add(self, type_: str, **kw: Any) -> None:
        self.events.append({"type": type_, **kw})

    def phase(self, phase: str, side: str | None) -> None:
        self.add("phase", phase=phase, side=side)

    def player_turn(self, side: str, actions: dict[str, list[dict[str, Any]]]) -> None:
        for p in PHASES:
            self.phase(p, side)
            for e in actions.get(p, []):
                self.events.append(e)


def place(units: list[str], hexes: list[str], note: str) -> list[dict[str, Any]]:
    """Two units per hex (Soviet stacking 2, EFB 9.4)."""
    return [{"type": "reinforcement", "unit": u, "hex": hexes[i // 2], "note": note} for i, u in enumerate(units)]


def build() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    game = load_game(REPO / "games" / "minsk44.json")
    scen = game.scenario("historical")
    groups = {r["group"]: r["units"] for r in scen["reinforcements"]}
    log = Log()
    log.add("scenario_start", game="minsk44", scenario="historical", options={})
    for e in scen["setup"]:
        ev = {"unit": e["unit"], "face": e.get("face", "front")}
        ev.update({"hex": e["hex"]} if e.get("hex") else {"off_map": e.get("off_map", "reinforcements")})
        log.add("setup", **ev)

    # ---- turn 1 (27 Jun): no events roll on turn 1 (5.0); Soviet first player (MK 24.2) ---------------------------
    log.add("turn", turn=1)
    log.phase("events", None)
    fd3 = groups["fd+3gtc"]
    assert set(fd3) == {"su.fd.hq", "su.3gtc.hq", "su.3gtc.18", "su.3gtc.19", "su.3gtc.20", "su.3gtc.2"}
    log.player_turn("soviet", {
        "reinforcement": place(["su.3gtc.18", "su.3gtc.19", "su.3gtc.hq", "su.fd.hq", "su.3gtc.20", "su.3gtc.2"],
                               ["3201", "3301", "3401"], "north edge east of the Berezina (MK 24.7 (1))"),
        "movement": [
            {"type": "move", "unit": "su.3gtc.18", "from": "3201", "to": "3206",
             "path": ["3201", "3202", "3203", "3204", "3205", "3206"], "note": "5 clear hexes = 5 of 10 MP"},
            {"type": "move", "unit": "su.3gtc.19", "from": "3201", "to": "3206",
             "note": "VASSAL-style: only start and end known; 5 MP straight down column 32"},
            {"type": "move", "unit": "su.3gtc.hq", "from": "3301", "to": "3305",
             "path": ["3301", "3302", "3303", "3304", "3305"], "note": "4 clear hexes = 4 of 10 MP"},
            {"type": "move", "unit": "su.3gtc.20", "from": "3401", "to": "3405",
             "path": ["3401", "3402", "3403", "3404", "3405"], "note": "4 clear hexes"},
        ],
    })
    log.player_turn("german", {
        "movement": [
            {"type": "move", "unit": "de.5pz.31.I", "from": "3712", "to": "4010", "mode": "road",
             "path": ["3712", "3811", "3911", "4010"], "note": "3 road hexes = 1 MP (8.7); 3811 holds 3 (limit 3)"},
        ],
    })
    log.phase("interphase", None)

    # ---- turn 2 (28 Jun) ---------------------------------------------------------------------------------------------
    log.add("turn", turn=2)
    log.phase("events", None)
    log.add("roll", dice=[2], purpose="events", note="MK events table is not printed; no effect assumed")
    gta, gtc2 = groups["5gta"], groups["2gtc"]
    log.player_turn("soviet", {
        "reinforcement": place(gta, _row(41, 45, 1), "5GTA, north edge east of the Berezina (MK 24.7 (2))")
        + place(gtc2, ["5001", "5002", "5003"], "2nd Guards Tank Corps, east edge (MK 24.7 (3))"),
        "movement": [
            {"type": "move", "unit": "su.3gtc.18", "from": "3206", "to": "3209", "path": ["3206", "3207", "3208",
             "3209"], "note": "clear 1 + woods 2 + woods 2 (armoured) = 5 of 10 MP; stops in the EZOC of 3210"},
            {"type": "move", "unit": "su.3gtc.19", "from": "3206", "to": "3209", "note": "same hexes, path unknown"},
        ],
        "combat1": [
            {"type": "attack", "attackers": ["su.3gtc.18", "su.3gtc.19"], "defenders": ["de.31id.17", "de.31id.82"],
             "table": "mobile", "kind": "adjacent",
             "note": "7+7 - (4+4) = +6 -> column +6,8; woods -1 -> +4,5 (bundled Mobile CRT: D1 D1 D2 D2 D3 D4)"},
            {"type": "roll", "dice": [1], "purpose": "combat"},
            {"type": "result", "result": "D1"},
            {"type": "retreat", "unit": "de.31id.17", "path": ["3210", "3111"]},
            {"type": "retreat", "unit": "de.31id.82", "path": ["3210", "3111"]},
        ],
    })
    log.player_turn("german", {
        "reinforcement": [
            {"type": "roll", "dice": [d], "purpose": "reinforcement", "note": f"group {g}: no arrival"}
            for g, d in [("7pz", 3), ("170id", 1), ("221sich", 5), ("kggottberg", 2), ("kgflorke", 3)]
        ],
        "movement": [
            {"type": "move", "unit": "de.23flak.1", "from": "1424", "to": "1425", "note": "one hex"},
        ],
    })
    log.phase("interphase", None)
    legal = [dict(e) for e in log.events]

    # ---- turn 3 (29 Jun), Soviet reinforcement and movement, with three planted errors -----------------------------
    log.add("turn", turn=3)
    log.phase("events", None)
    log.add("roll", dice=[4], purpose="events")
    gmc3, gc8 = groups["3gmc"], groups["8gc"]
    entries = place(gmc3, _row(20, 22, 1), "3GMC, north edge west of the Berezina (MK 24.7 (4))")
    entries[-1]["hex"] = "2901"  # planted error 1: east of the Berezina
    entries[-1]["note"] = "PLANTED: wrong entry area"
    entries += place(gc8, _row(36, 40, 1), "8th Guards Corps, north edge east of the Berezina (MK 24.7 (5))")
    log.phase("reinforcement", "soviet")
    log.events.extend(entries)
    log.phase("movement", "soviet")
    log.add("move", unit="su.3gtc.20", **{"from": "3405", "to": "4505"}, path=_row(34, 45, 5),
            note="PLANTED: 9 clear x 1 + 2 woods x 2 = 13 MP, allowance 10")
    third = gc8[2]  # placed in 3701 with gc8[3]
    log.add("move", unit=third, **{"from": "3701", "to": "3601"}, note="PLANTED: a third Soviet unit in 3601")
    log.phase("fpf", "soviet")
    violations = log.events
    for events in (legal, violations):
        for i, e in enumerate(events):
            e["i"] = i
    return legal, violations


def main() -> None:
    legal, violations = build()
    eventlog.write_events(REPO / "logs" / "minsk44" / "legal.jsonl", legal)
    eventlog.write_events(REPO / "logs" / "minsk44" / "violations.jsonl", violations)


if __name__ == "__main__":
    main()
