"""FoW and CoH checks on canonical logs against the bundled games.

FoW (p.16): each player's turn is Starting, Movement, Shooting, Assault; in a Meeting Engagement a roll-off after
set-up decides who goes first (p.93), so either side may open, and the players then alternate. Free For All
(p.97): units deploy within 12" of their own long edge. CoH: a round is pre-round, initiative, actions, round end;
the sample firefight lasts five rounds.
"""

from __future__ import annotations

import json

from modgen.report.check import check_bytes
from modgen.rules.fow.checks import inside
from tests.data_helpers import REPO


def _errors(game: str, scenario: str, *events: dict) -> list[dict]:
    log = [{"type": "scenario_start", "game": game, "scenario": scenario, "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    found = check_bytes(data, "t.jsonl", REPO / "games" / f"{game}.json", scenario).to_dict()["findings"]
    return [f for f in found if f["severity"] == "error"]


def _fow(*events: dict) -> list[dict]:
    return _errors("fow", "free_for_all", *events)


def _turn(side: str, steps=("starting", "movement", "shooting", "assault")) -> list[dict]:
    return [{"type": "phase", "phase": s, "side": side} for s in steps]


def test_either_side_may_take_the_first_turn():
    assert _fow({"type": "turn", "turn": 1}, *_turn("german"), *_turn("us")) == []
    assert _fow({"type": "turn", "turn": 1}, *_turn("us"), *_turn("german")) == []


def test_steps_out_of_order():
    errs = _fow({"type": "turn", "turn": 1}, *_turn("us", ("starting", "shooting", "movement")))
    assert [e["rule"] for e in errs] == ["FoW p.16"]


def test_first_player_keeps_going_first():
    errs = _fow({"type": "turn", "turn": 1}, *_turn("us"), *_turn("german"),
                {"type": "turn", "turn": 2}, *_turn("german"))
    assert not errs  # German steps may follow an empty US turn in the log ...
    errs = _fow({"type": "turn", "turn": 1}, *_turn("us"), *_turn("german"),
                {"type": "turn", "turn": 2}, *_turn("german"), *_turn("us"))
    # ... but the US cannot then play after the Germans: each of its four steps is out of order.
    assert [e["rule"] for e in errs] == ["FoW p.16"] * 4
    assert all("the us " in e["message"] for e in errs)


def test_deployment_within_12_inches_of_own_edge():
    ok = {"type": "setup", "unit": "us.sherman.1", "pos": [30, 40], "facing": 0}
    # 14" from the south edge, though In Command of Sherman 1 (p.93)
    bad = {"type": "setup", "unit": "us.sherman.2", "pos": [30, 34], "facing": 0}
    enemy_side = {"type": "setup", "unit": "de.pz4h.1", "pos": [30, 44], "facing": 180}  # in the US strip
    errs = _fow(ok, bad, enemy_side)
    assert [(e["rule"], e["units"]) for e in errs] == [("FoW p.97", ["us.sherman.2"]), ("FoW p.97", ["de.pz4h.1"])]


def test_point_in_polygon():
    square = [[0, 0], [10, 0], [10, 10], [0, 10]]
    assert inside(square, [5, 5]) and inside(square, [0, 5]) and inside(square, [10, 10])
    assert not inside(square, [10.01, 5]) and not inside(square, [-1, -1])
    tri = [[0, 0], [10, 0], [0, 10]]
    assert inside(tri, [2, 2]) and not inside(tri, [6, 6])


def _round(n: int) -> list[dict]:
    return [{"type": "turn", "turn": n}] + [{"type": "phase", "phase": p, "side": None}
                                            for p in ("pre_round", "initiative", "actions", "round_end")]


def test_coh_rounds_in_order_and_firefight_length():
    assert _errors("stormsofsteel", "kolkhoz_road", *_round(1), *_round(2)) == []
    errs = _errors("stormsofsteel", "kolkhoz_road", *_round(5), *_round(6))
    assert [e["rule"] for e in errs] == ["CoH firefight"]
    errs = _errors("stormsofsteel", "kolkhoz_road", {"type": "turn", "turn": 1},
                   {"type": "phase", "phase": "actions", "side": None},
                   {"type": "phase", "phase": "initiative", "side": None})
    assert [e["rule"] for e in errs] == ["CoH 21.0"]
