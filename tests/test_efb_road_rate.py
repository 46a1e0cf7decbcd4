"""Road movement (8.7) read from logs that give only where a unit started and ended (as VASSAL writes them) or a path
without a mode: a move is legal when ANY legal way fits (road rate or normal rate, any path), and an error says why
none does, including why the road rate was refused.

8.7 (both books): 1/3 MP road hex to road hex; a unit using road movement "(1) must begin in a road hex, and enter
only road hexes during that movement phase; (2) may not enter a road hex if that hex is over-stacked; (3)" MK: "may
not enter EZOCs under normal movement", GT: "may enter enemy ZOCs per normal movement" (policy road_movement_ezoc).
Test world: a road runs 0101-0108 down column 01 (all clear); g.inf1 has 3 MP; German stacking limit 3 (9.2)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, log, make_game, mv

HQ = {"g.hq": "0101", "s.hq": "1010"}
FULL = {"g.inf2": "0104", "g.inf3": "0104", "g.inf4": "0104"}  # three Germans: 0104 is full (9.2)
MK = make_game(policies={"road_movement_ezoc": "mk"})


def errors(setup, *moves, game=None):
    r = check(log({**HQ, **setup}, *moves), game)
    return [f for f in r.findings if f.severity == "error"]


def rules(fs):
    return [f.rule for f in fs]


# ---- 8.7(2): the road rate may not be used to enter an over-stacked hex ----------------------------------------
def test_start_end_move_through_full_stack_needs_the_road_and_is_refused():
    # 0101->0107 is 2 MP by road, 6 MP off it; the road passes the full stack at 0104
    fs = errors({"g.inf1": "0101", **FULL}, mv("g.inf1", "0101", "0107"))
    assert rules(fs) == ["EFB 8.7"]
    assert "0104" in fs[0].message and "overstacked" in fs[0].message
    assert "road rate" in fs[0].message


def test_start_end_move_legal_at_normal_rate_through_full_stack():
    # 0103->0105 through 0104 costs 2 MP at the normal rate (9.1: stacking counts only at the end of the phase)
    assert errors({"g.inf1": "0103", **FULL}, mv("g.inf1", "0103", "0105")) == []


def test_given_path_through_full_stack_without_mode_is_legal_at_normal_rate():
    # the path follows the road, but the normal rate (2 MP) fits: no road rate need be assumed
    assert errors({"g.inf1": "0103", **FULL}, mv("g.inf1", "0103", "0104", "0105")) == []


def test_given_path_through_full_stack_at_road_rate_only_is_an_error():
    fs = errors({"g.inf1": "0101", **FULL}, mv("g.inf1", "0101", "0102", "0103", "0104", "0105", "0106", "0107"))
    assert rules(fs) == ["EFB 8.7"]
    assert "0104" in fs[0].message


# ---- 8.7(3): policy road_movement_ezoc (MK: no road rate into an enemy ZOC) --------------------------------------
# s.inf1 at 0206 exerts a ZOC into 0106 and 0107
def test_mk_start_end_road_into_ezoc_is_refused_with_reason():
    fs = errors({"g.inf1": "0101", "s.inf1": "0206"}, mv("g.inf1", "0101", "0106"), game=MK)
    assert rules(fs) == ["EFB 8.7"]
    assert "enemy ZOC at 0106" in fs[0].message


def test_mk_given_path_without_mode_into_ezoc_is_refused():
    fs = errors({"g.inf1": "0101", "s.inf1": "0206"}, mv("g.inf1", "0101", "0102", "0103", "0104", "0105", "0106"),
                game=MK)
    assert rules(fs) == ["EFB 8.7"]
    assert "road rate" in fs[0].message and "0106" in fs[0].message


def test_gt_road_into_ezoc_is_legal():
    assert errors({"g.inf1": "0101", "s.inf1": "0206"}, mv("g.inf1", "0101", "0106")) == []
    assert errors({"g.inf1": "0101", "s.inf1": "0206"},
                  mv("g.inf1", "0101", "0102", "0103", "0104", "0105", "0106")) == []


def test_mk_short_move_into_ezoc_legal_at_normal_rate():
    # 0104->0106 is 2 MP at the normal rate: legal even though the road rate is refused
    assert errors({"g.inf1": "0104", "s.inf1": "0206"}, mv("g.inf1", "0104", "0106"), game=MK) == []
    assert errors({"g.inf1": "0104", "s.inf1": "0206"}, mv("g.inf1", "0104", "0105", "0106"), game=MK) == []


def test_8_3_message_says_when_the_road_rate_was_refused():
    # 0101->0108: 7/3 MP by road, but the road passes the full stack at 0104 AND the MK EZOC of s.inf1 at 0106/0107;
    # neither relaxation alone fits, so the allowance binds (8.3); the message says why the road rate was refused
    fs = errors({"g.inf1": "0101", **FULL, "s.inf1": "0206"}, mv("g.inf1", "0101", "0108"), game=MK)
    assert rules(fs) == ["EFB 8.3"]
    assert "road rate" in fs[0].message and "refused" in fs[0].message
