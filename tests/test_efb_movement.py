"""EFB movement checks on the test world (tables written for the tests, see tests/rules_fixtures/efb_world.py)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import EXIT_ALLOWED, check, found, log, make_game, mv

HQ = {"g.hq": "0105"}  # command radius 10 (test counter): every German unit here is in command


def errors(report):
    return found(report)


def test_allowance_exceeded_lists_every_leg():
    # g.inf1 (MA 3, non-armoured): 0303 woods 1 (other), 0304 woods 1, 0305 clear 1, 0306 clear 1 = 4 > 3
    ev = log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0303", "0304", "0305", "0306"))
    r = check(ev)
    assert errors(r) == [("EFB 8.3", len(ev) - 1)]
    msg = r.findings[0].message
    assert "spent 4 MP of its 3 MP" in msg
    assert "0302→0303 woods 1" in msg and "0305→0306 clear 1" in msg
    assert r.findings[0].path == ["0302", "0303", "0304", "0305", "0306"]


def test_armoured_pays_more_in_woods():
    # g.tank MA 6: 0303 woods 2 + 0304 woods 2 + 0305 clear 1 = 5 <= 6 (legal); one more clear hex = 6 (legal);
    # two more = 8 (illegal)
    ok = check(log({**HQ, "g.tank": "0302"}, mv("g.tank", "0302", "0303", "0304", "0305", "0306")))
    assert errors(ok) == []
    bad = check(log({**HQ, "g.tank": "0302"}, mv("g.tank", "0302", "0303", "0304", "0305", "0306", "0307", "0308")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.3"]
    assert "spent 8 MP of its 6 MP" in bad.findings[0].message


def test_out_of_command_halves_allowance():
    # no HQ on the map: MA 3 -> 1 1/2 (policy halving_rounding=retain); two clear hexes cost 2
    bad = check(log({"g.inf1": "0302"}, mv("g.inf1", "0302", "0402", "0502")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.3"]
    assert "of its 1 1/2 MP movement allowance (out of command: no HQ that may command it is on the map" in \
        bad.findings[0].message
    ok = check(log({"g.hq": "0301", "g.inf1": "0302"}, mv("g.inf1", "0302", "0402", "0502")))
    assert errors(ok) == []


def test_halving_rounding_policy_down():
    game = make_game(policies={"halving_rounding": "down"})
    bad = check(log({"g.inf1": "0302"}, mv("g.inf1", "0302", "0402", "0502")), game)
    assert "of its 1 MP" in bad.findings[0].message


def test_road_costs_a_third_and_needs_road_all_the_way():
    # 0101..0108 is a road: 7 road hexes = 7/3 MP <= 3
    ok = check(log({**HQ, "g.inf1": "0101"}, mv("g.inf1", *[f"01{r:02d}" for r in range(1, 9)], mode="road")))
    assert errors(ok) == []
    bad = check(log({**HQ, "g.inf1": "0102"}, mv("g.inf1", "0102", "0103", "0203", mode="road")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.7"]
    assert "0103→0203 does not follow a road" in bad.findings[0].message


def test_road_path_without_mode_uses_cheapest_reading():
    # 5 road hexes without mode: normal costs 5 > 3, road costs 5/3: legal
    ok = check(log({**HQ, "g.inf1": "0101"}, mv("g.inf1", "0101", "0102", "0103", "0104", "0105", "0106")))
    assert errors(ok) == []


def test_unknown_path_finds_cheapest_legal_path_or_explains():
    # from/to only: 0101 -> 0107 along the road costs 2 MP: legal
    ok = check(log({**HQ, "g.inf1": "0101"}, mv("g.inf1", "0101", "0107")))
    assert errors(ok) == []
    # 0302 -> 0602: the cheapest path is 3 clear hexes = 3 MP, fits MA 3 exactly
    ok2 = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0602")))
    assert errors(ok2) == []
    # 0302 -> 0702 needs 4 MP
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0702")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.3"]
    assert "cheapest legal path costs 4 MP of its 3 MP" in bad.findings[0].message
    assert bad.findings[0].path[0] == "0302" and bad.findings[0].path[-1] == "0702"
    assert len(bad.findings[0].path) == 5


def test_minimum_move_one_hex():
    # g.garrison-like case: g.arty MA 2 into swamp (3 MP) is allowed as a one-hex minimum move
    ok = check(log({**HQ, "g.arty": "0807"}, mv("g.arty", "0807", "0808", mode="normal")))
    assert errors(ok) == []


def test_prohibited_terrain():
    bad = check(log({**HQ, "g.inf1": "0908"}, mv("g.inf1", "0908", "0909", mode="normal")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.4"]


def test_no_entry_into_enemy_hex():
    ev = log({**HQ, "g.tank": "0302", "s.inf1": "0402"}, mv("g.tank", "0302", "0402", mode="normal"))
    assert ("EFB 9.6", len(ev) - 1) in errors(check(ev))


def test_stop_on_entering_enemy_zoc():
    # s.inf1 at 0405 has ZOC on 0305 (adjacent); g.tank goes 0302-0303-0304-0305-0306: enters ZOC at 0304?
    # 0405's neighbours are 0404 0504 0505 0406 0306 0305, so the ZOC hexes on the path are 0305 and 0306.
    bad = check(log({**HQ, "g.tank": "0302", "s.inf1": "0405"}, mv("g.tank", "0302", "0303", "0304", "0305", "0306")))
    assert [r for r, _ in errors(bad)] == ["EFB 10.5"]
    assert "0305" in bad.findings[0].message
    ok = check(log({**HQ, "g.tank": "0302", "s.inf1": "0405"}, mv("g.tank", "0302", "0303", "0304", "0305")))
    assert errors(ok) == []


def test_suppressed_units_have_no_zoc():
    ok = check(log({**HQ, "g.tank": "0302", "s.inf1": "0405"}, mv("g.tank", "0302", "0303", "0304", "0305", "0306"),
                   markers={"s.inf1": ["suppressed"]}))
    assert errors(ok) == []


def test_disengagement_halves_and_forbids_zoc_to_zoc():
    # g.inf1 at 0305 is in s.inf1's ZOC (0405). Disengaging: MA 3 -> 1 1/2.
    bad = check(log({**HQ, "g.inf1": "0305", "s.inf1": "0405"}, mv("g.inf1", "0305", "0306", mode="normal")))
    assert [r for r, _ in errors(bad)] == ["EFB 10.10"]  # 0306 is also in the ZOC of 0405
    bad2 = check(log({**HQ, "g.inf1": "0305", "s.inf1": "0405"}, mv("g.inf1", "0305", "0205", "0105")))
    assert [r for r, _ in errors(bad2)] == ["EFB 8.3"]  # 2 MP > 1 1/2
    assert "(disengaging)" in bad2.findings[0].message
    ok = check(log({**HQ, "g.inf1": "0305", "s.inf1": "0405"}, mv("g.inf1", "0305", "0205", mode="normal")))
    assert errors(ok) == []


def test_one_move_per_phase():
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0402"), mv("g.inf1", "0402", "0502")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.3"]
    assert "second time" in bad.findings[0].message


def test_move_outside_movement_phase():
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0402"), phase="combat1"))
    assert "EFB 8.3" in [r for r, _ in errors(bad)]
    assert "allowed only in: movement" in bad.findings[0].message


def test_major_river_costs_extra_unless_bridged():
    # 0505->0605 crosses a major river: clear 1 + river 2 = 3 (fits MA 3); 0201->0202 has a bridge: 1
    ok = check(log({**HQ, "g.inf1": "0505"}, mv("g.inf1", "0505", "0605", mode="normal")))
    assert errors(ok) == []
    bad = check(log({**HQ, "g.inf1": "0505"}, mv("g.inf1", "0505", "0605", "0606", mode="normal")))
    assert "spent 4 MP" in bad.findings[0].message
    ok2 = check(log({**HQ, "g.inf1": "0201"}, mv("g.inf1", "0201", "0202", "0203", "0204", mode="normal")))
    assert errors(ok2) == []


def test_missing_tec_reports_could_not_check_once():
    game = make_game(tables={})
    r = check(log({**HQ, "g.inf1": "0302", "g.inf2": "0402"}, mv("g.inf1", "0302", "0303"),
                  mv("g.inf2", "0402", "0303", "0304")), game)
    cnc = [f for f in r.findings if f.severity == "could-not-check"]
    assert len(cnc) == 1 and cnc[0].message == (
        "could not check: the game data has no Terrain Effects Chart (rules.tables.tec)")
    assert errors(r) == []


def test_path_must_be_contiguous():
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0304", "0305")))
    assert [r for r, _ in errors(bad)] == ["EFB 8.2"]


def test_road_movement_into_ezoc_policy():
    setup = {**HQ, "g.inf1": "0102", "s.inf1": "0205"}  # 0205 projects ZOC onto 0105 (adjacent)
    ev = mv("g.inf1", "0102", "0103", "0104", "0105", mode="road")
    assert errors(check(log(setup, ev))) == []  # GT: may enter, move stops there
    bad = check(log(setup, dict(ev)), make_game(policies={"road_movement_ezoc": "mk"}))
    assert [r for r, _ in errors(bad)] == ["EFB 8.7"]


def test_exit_from_zoc_and_non_edge():
    game = make_game(scenario=EXIT_ALLOWED)
    bad = check(log({**HQ, "g.inf1": "0505", "s.inf1": "0506"}, {"type": "exit", "unit": "g.inf1", "hex": "0505"}),
                game)
    assert sorted(r for r, _ in errors(bad)) == ["EFB 8.11", "EFB 8.11"]
    ok = check(log({**HQ, "g.inf1": "0105"}, {"type": "exit", "unit": "g.inf1", "hex": "0105"}), game)
    assert errors(ok) == []
