"""The bundled EFB data drives the rules checker: short canonical logs against Minsk '44 and Guards Tank.

What a log should produce comes from the scenario rules (MK 24.6/24.7, GT 24.6/24.7, EFB 6.2, 9.2), not from the
data: e.g. 3rd Guards Tank Corps enters on 27 June on the north edge east of the Berezina, so an entry on that edge
west of the river is an error and one east of it is not.
"""

from __future__ import annotations

import json
from pathlib import Path

from modgen.report.check import check_bytes

REPO = Path(__file__).resolve().parent.parent
MINSK = REPO / "games" / "minsk44.json"
GT = REPO / "games" / "guardstank.json"


def _log(*events: dict) -> bytes:
    return "\n".join(json.dumps(e) for e in events).encode()


def _errors(game: Path, *events: dict) -> list[dict]:
    report = check_bytes(_log(*events), "t.jsonl", game).to_dict()
    return [f for f in report["findings"] if f["severity"] == "error"]


# MK 24.7 (1): 27 June, FD HQ and 3rd Guards Tank Corps (all units). Column 40 and east lie east of the Berezina on
# every row of the map (Krupki 4209 is east of it), two units per hex (Soviet stacking 2 in 1944, 9.4).
TURN1_ARRIVALS = tuple({"type": "reinforcement", "unit": u, "hex": h} for u, h in (
    ("su.fd.hq", "4001"), ("su.3gtc.hq", "4001"), ("su.3gtc.18", "4101"), ("su.3gtc.19", "4101"),
    ("su.3gtc.20", "4201"), ("su.3gtc.2", "4201")))

MK_START = ({"type": "scenario_start", "game": "minsk44", "scenario": "historical", "options": {}},
            {"type": "turn", "turn": 1},
            {"type": "phase", "phase": "events", "side": None},
            {"type": "phase", "phase": "reinforcement", "side": "soviet"})


def test_minsk_turn1_soviet_entry_east_of_berezina_is_clean() -> None:
    errs = _errors(MINSK, *MK_START, *TURN1_ARRIVALS, {"type": "phase", "phase": "movement", "side": "soviet"})
    assert errs == []


def test_minsk_withheld_reinforcement_is_an_error() -> None:
    # 6.5: scheduled reinforcements may not be withheld; 3 GTC/2 is due on turn 1 and is not placed.
    errs = _errors(MINSK, *MK_START, *TURN1_ARRIVALS[:-1], {"type": "phase", "phase": "movement", "side": "soviet"})
    assert [(e["rule"], e["units"]) for e in errs] == [("EFB 6.5", ["su.3gtc.2"])]


def test_minsk_entry_west_of_berezina_is_an_error() -> None:
    # 0501 is on the north edge in Moldechno's part of the map: west of the Berezina.
    arrivals = [dict(e, hex="0501") if e["unit"] == "su.3gtc.18" else e for e in TURN1_ARRIVALS]
    errs = _errors(MINSK, *MK_START, *arrivals)
    assert [(e["rule"], e["units"]) for e in errs] == [("EFB 6.2", ["su.3gtc.18"])]


def test_minsk_early_arrival_is_an_error() -> None:
    # MK 24.7 (4): 3rd Guards Mechanized Corps arrives 29 June (turn 3), not turn 1.
    errs = _errors(MINSK, *MK_START, *TURN1_ARRIVALS, {"type": "reinforcement", "unit": "su.3gmc.hq", "hex": "0501"})
    assert any(e["rule"] == "EFB 6.2" and "turn 3" in e["message"] for e in errs), errs


def test_minsk_german_setup_is_legal_at_start() -> None:
    # The bundled German setup obeys German stacking (9.2); advancing through turn 1 finds nothing to report.
    errs = _errors(MINSK, *MK_START, *TURN1_ARRIVALS,
                   {"type": "phase", "phase": "movement", "side": "soviet"},
                   {"type": "phase", "phase": "recovery", "side": "soviet"},
                   {"type": "phase", "phase": "reinforcement", "side": "german"},
                   {"type": "phase", "phase": "recovery", "side": "german"})
    assert errs == []


def test_minsk_german_phase_before_soviet_is_out_of_order() -> None:
    # MK 24.2: the Soviet player is the first player, so the German player turn cannot precede it.
    errs = _errors(MINSK, *MK_START[:3], {"type": "phase", "phase": "reinforcement", "side": "german"},
                   {"type": "phase", "phase": "reinforcement", "side": "soviet"})
    order = [e for e in errs if e["rule"] == "EFB 4.3"]
    assert len(order) == 1 and "out of order" in order[0]["message"]


def test_guards_tank_german_first_and_setup_clean() -> None:
    # GT 24.2: the German player is the first player; the bundled setup breaks no stacking rule (9.2, 9.4, 24.6).
    errs = _errors(GT,
                   {"type": "scenario_start", "game": "guardstank", "scenario": "short", "options": {}},
                   {"type": "turn", "turn": 1},
                   {"type": "phase", "phase": "events", "side": None},
                   {"type": "phase", "phase": "reinforcement", "side": "german"},
                   {"type": "phase", "phase": "movement", "side": "german"})
    assert errs == []


def test_guards_tank_soviet_phase_first_is_out_of_order() -> None:
    # GT 24.2: the German player is the first player, so the Soviet player turn cannot precede it.
    errs = _errors(GT,
                   {"type": "scenario_start", "game": "guardstank", "scenario": "short", "options": {}},
                   {"type": "turn", "turn": 1},
                   {"type": "phase", "phase": "events", "side": None},
                   {"type": "phase", "phase": "reinforcement", "side": "soviet"},
                   {"type": "phase", "phase": "reinforcement", "side": "german"})
    assert [e["rule"] for e in errs] == ["EFB 4.3"]


GT_TURN1_SOVIET = ({"type": "scenario_start", "game": "guardstank", "scenario": "long", "options": {}},
                   {"type": "turn", "turn": 1},
                   {"type": "phase", "phase": "events", "side": None},
                   {"type": "phase", "phase": "reinforcement", "side": "german"},
                   {"type": "phase", "phase": "reinforcement", "side": "soviet"})


def _line2_row_on_east_edge() -> int:
    m = json.loads((REPO / "maps" / "guardstank.json").read_text(encoding="utf-8"))["maps"][0]
    line2 = next(a for a in m["areas"] if a["id"] == "fortification_line_2")["hexes"]
    return next(int(h[2:]) for h in line2 if int(h[:2]) == m["grid"]["columns"])


def test_guards_tank_east_edge_entry_north_of_line2_only() -> None:
    # GT 24.7: Soviet friendly edge = north edge plus east-edge hexes north of the 2nd fortification line (exclusive).
    row = _line2_row_on_east_edge()
    ok = [{"type": "reinforcement", "unit": u, "hex": f"40{row - 1 - i // 2:02d}"}
          for i, u in enumerate(["su.42grd.1", "su.42grd.2", "su.42grd.3", "su.42grd.art"])]
    assert _errors(GT, *GT_TURN1_SOVIET, *ok) == []
    bad = [dict(ok[0], hex=f"40{row:02d}")]
    errs = _errors(GT, *GT_TURN1_SOVIET, *bad)
    assert [(e["rule"], e["units"]) for e in errs] == [("EFB 6.2", ["su.42grd.1"])]


def test_guards_tank_german_air_draw_matches_the_dice() -> None:
    # GT 24.6: before the Orel offensive the German rolls two dice and draws their total.
    start = ({"type": "scenario_start", "game": "guardstank", "scenario": "short", "options": {}},
             {"type": "turn", "turn": 1}, {"type": "phase", "phase": "events", "side": None},
             {"type": "phase", "phase": "reinforcement", "side": "german"})
    three = ["de.air.ga1", "de.air.ga2", "de.air.mb1"]
    assert _errors(GT, *start, {"type": "air_draw", "side": "german", "dice": [1, 2], "units": three}) == []
    errs = _errors(GT, *start, {"type": "air_draw", "side": "german", "dice": [2, 2], "units": three})
    assert [e["rule"] for e in errs] == ["EFB 6.6"]


def _mk_german_movement() -> tuple[dict, ...]:
    return (*MK_START, *TURN1_ARRIVALS,
            {"type": "phase", "phase": "recovery", "side": "soviet"},
            {"type": "phase", "phase": "reinforcement", "side": "german"},
            {"type": "phase", "phase": "movement", "side": "german"})


def _rail(unit: str, path: list[str]) -> dict:
    return {"type": "move", "unit": unit, "from": path[0], "to": path[-1], "path": path, "mode": "rail"}


def test_minsk_fourth_german_rail_move_in_a_turn_is_an_error() -> None:
    # MK 24.6 SR3.2: "A maximum of three German units per turn may use railroad movement." The bundled setup puts
    # 505 and two 5th Panzer battalions on the railroad at 3712 and two more at 3811; the line runs 3712-3811-3911.
    moves = [_rail("de.505.tiger", ["3712", "3811", "3911"]), _rail("de.5pz.31.I", ["3712", "3811", "3911"]),
             _rail("de.5pz.31.II", ["3712", "3612", "3513"]), _rail("de.5pz.14.I", ["3811", "3712", "3612"])]
    errs = [e for e in _errors(MINSK, *_mk_german_movement(), *moves) if e["rule"].startswith("MK 24.6")]
    assert [(e["rule"], e["units"]) for e in errs] == [("MK 24.6 SR3", ["de.5pz.14.I"])]
    ok = [e for e in _errors(MINSK, *_mk_german_movement(), *moves[:3]) if e["rule"].startswith("MK 24.6")]
    assert ok == []
