"""More EFB checks, each with a log that breaks it and one that does not (test world, tables written for the tests:
see tests/rules_fixtures/efb_world.py)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import EXIT_ALLOWED, TABLES, check, found, log, make_game, mv

HQ = {"g.hq": "0101", "s.hq": "1010"}


def rules(report):
    return [r for r, _ in found(report)]


def atk(attackers, defenders, table="assault", **kw):
    return {"type": "attack", "attackers": attackers, "defenders": defenders, "table": table, **kw}


def test_soviet_mobile_needs_armour_and_axis_allies_assault_only():
    bad = check(log({**HQ, "s.inf1": "0602", "g.inf1": "0603"}, atk(["s.inf1"], ["g.inf1"], "mobile"),
                    phase="combat1", side="soviet"))
    assert rules(bad) == ["EFB 11.11"]
    ok = check(log({**HQ, "s.tank": "0602", "g.inf1": "0603"}, atk(["s.tank"], ["g.inf1"], "mobile"),
                   phase="combat1", side="soviet"))
    assert rules(ok) == []
    early = check(log({**HQ, "s.tank": "0602", "g.inf1": "0603"}, atk(["s.tank"], ["g.inf1"], "mobile"),
                      phase="combat1", side="soviet"), make_game(scenario={"year": 1942}))
    assert "EFB 11.11" in rules(early)


def test_screening_lets_the_defender_choose():
    game = make_game()
    for u in game.counters_doc["counters"]:
        if u["id"] == "s.inf1":
            u["symbol"]["types"] = ["recon", "motorcycle"]
    ok = check(log({**HQ, "g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"], "mobile"),
                   phase="combat2"), game)
    assert rules(ok) == []  # 22.3: only motorcycle/recon defenders, the defender chose Mobile


def test_adjacent_attack_must_use_mobile_or_assault():
    bad = check(log({**HQ, "g.inf1": "0602", "s.inf1": "0603"}, atk(["g.inf1"], ["s.inf1"], "ranged",
                                                                   kind="adjacent"), phase="combat2"))
    assert rules(bad) == ["EFB 11.2"]


def test_reinforcement_not_into_enemy_hex_and_only_listed_units():
    bad = check(log({**HQ, "g.inf1": "1005"}, {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"},
                    phase="reinforcement", side="soviet", turn=2))
    assert rules(bad) == ["EFB 6.3"]
    other = check(log(HQ, {"type": "reinforcement", "unit": "s.inf2", "hex": "1005"}, phase="reinforcement",
                      side="soviet", turn=2))
    assert "EFB 6.2" in rules(other)


def test_replacement_rules():
    # g.inf1 eliminated in command (HQ radius 10), replaced with roll 2: returns on turn 1 + 2 = 3
    elim = [{"type": "loss", "unit": "g.inf1", "eliminated": True}]
    ok = check(log({**HQ, "g.inf1": "0505"}, *elim, {"type": "replacement", "unit": "g.inf1", "roll": 2,
                                                     "return_turn": 3}, phase="reinforcement"))
    assert rules(ok) == []
    wrong_turn = check(log({**HQ, "g.inf1": "0505"}, *elim, {"type": "replacement", "unit": "g.inf1", "roll": 2,
                                                             "return_turn": 4}, phase="reinforcement"))
    assert rules(wrong_turn) == ["EFB 6.9"]
    gone = check(log({**HQ, "g.inf1": "0505"}, *elim, {"type": "replacement", "unit": "g.inf1", "roll": 6,
                                                       "hex": "0101"}, phase="reinforcement"))
    assert rules(gone) == ["EFB 6.9"]
    # eliminated out of command (no German HQ on the map): permanently destroyed (6.12)
    ooc = check(log({"s.hq": "1010", "g.inf1": "0505"}, *elim, {"type": "replacement", "unit": "g.inf1", "roll": 1},
                    phase="reinforcement"))
    assert rules(ooc) == ["EFB 6.11"]  # MK 6.11 Replacements and Command


def test_river_retreat_roll():
    # s.inf1 at 0504 retreats across the minor river 0504|0505 (no bridge): needs a river roll; 1-3 eliminates.
    # g.tank (6) at 0503 vs s.inf1 (2) at 0504: +4 -> "+4,5" = BR EX D1 D1 D2 DA; die 3 -> D1
    def run(*after):
        return check(log({**HQ, "g.tank": "0503", "s.inf1": "0504"}, atk(["g.tank"], ["s.inf1"]),
                         {"type": "roll", "dice": [3], "purpose": "combat"}, {"type": "result", "result": "D1"},
                         {"type": "retreat", "unit": "s.inf1", "path": ["0504", "0505"]}, *after,
                         {"type": "phase", "phase": "recovery", "side": "german"}, phase="combat2"))
    assert rules(run()) == ["EFB 13.5"]  # no roll logged
    assert rules(run({"type": "roll", "dice": [5], "purpose": "river", "unit": "s.inf1"})) == []
    assert rules(run({"type": "roll", "dice": [2], "purpose": "river", "unit": "s.inf1"})) == ["EFB 13.5"]
    assert rules(run({"type": "roll", "dice": [2], "purpose": "river", "unit": "s.inf1"},
                     {"type": "loss", "unit": "s.inf1", "eliminated": True})) == []


def test_advance_by_suppressed_unit():
    base = [atk(["g.inf1", "g.inf2"], ["s.inf1", "s.inf2"]), {"type": "roll", "dice": [6], "purpose": "combat"}]
    # 6 vs 4 = +2, suppressed attacker -2 -> "0" = A1 A1 BR BR EX D1; die 6 -> D1
    r = check(log({**HQ, "g.inf1": "0602", "g.inf2": "0602", "s.inf1": "0603", "s.inf2": "0603"}, *base,
                  {"type": "result", "result": "D1"},
                  {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]},
                  {"type": "retreat", "unit": "s.inf2", "path": ["0603", "0604"]},
                  {"type": "advance", "unit": "g.inf1", "path": ["0602", "0603"]}, phase="combat1",
                  markers={"g.inf1": ["suppressed"]}))
    assert rules(r) == ["EFB 15.3"]


def test_untried_flip_back():
    r = check(log({**HQ, "g.untried": "0505"}, {"type": "flip", "unit": "g.untried", "face": "back"},
                  phase="combat2"))
    assert rules(r) == ["EFB 21.3"]


def test_special_rail_movement():
    game = make_game(scenario={"special_rules": [{"id": "rail_movement", "sides": ["german"],
                                                  "max_units_per_turn": 1}]})
    ok = check(log({**HQ, "g.inf1": "1001"}, mv("g.inf1", "1001", "1002", "1003", "1004", "1005", mode="rail")),
               game)
    assert rules(ok) == []  # 4 rail hexes > 3 MP, but special rail movement is unlimited
    two = check(log({**HQ, "g.inf1": "1001", "g.inf2": "1002"},
                    mv("g.inf1", "1001", "1002", "1003", mode="rail"), mv("g.inf2", "1002", "1003", "1004",
                                                                          mode="rail")), game)
    assert rules(two) == ["MK 24.6 SR3"]
    soviet = check(log({**HQ, "s.inf1": "1001"}, mv("s.inf1", "1001", "1002", "1003", mode="rail"),
                       side="soviet"), game)
    assert rules(soviet) == ["MK 24.6 SR3"]
    zoc = check(log({**HQ, "g.inf1": "1001", "s.inf1": "0904"},
                    mv("g.inf1", "1001", "1002", "1003", "1004", mode="rail")), game)
    assert rules(zoc) == ["MK 24.6 SR3"]


def test_air_fpf_year_and_close_support_of_ooc_units():
    fpf = {"type": "attack", "attackers": [], "air": ["s.ga1"], "defenders": ["g.inf1"], "hex": "0605",
           "table": "ranged", "kind": "fpf"}
    ok = check(log({**HQ, "g.inf1": "0605", "s.inf1": "0604"}, dict(fpf), phase="fpf", side="german"))
    assert rules(ok) == []
    old = check(log({**HQ, "g.inf1": "0605", "s.inf1": "0604"}, dict(fpf), phase="fpf", side="german"),
                make_game(scenario={"year": 1942}))
    assert "EFB 17.10" in rules(old)
    # close support by air for an out-of-command attacker (no German HQ on the map)
    cs = atk(["g.inf1"], ["s.inf1"], air=["g.ga"], kind="close_support")
    bad = check(log({"s.hq": "1010", "g.inf1": "0602", "s.inf1": "0603"}, dict(cs), phase="combat1"))
    assert "EFB 7.10" in rules(bad)


def test_bombardment_one_hex_and_supply_unit_kind():
    two = check(log({**HQ, "g.arty": "0602", "s.inf1": "0605", "s.inf2": "0705"},
                    atk(["g.arty"], ["s.inf1", "s.inf2"], "ranged", kind="bombardment"), phase="combat1"))
    assert "EFB 12.6" in rules(two)
    not_supply = check(log({**HQ, "g.arty": "0602", "s.inf1": "0605"},
                           atk(["g.arty"], ["s.inf1"], "ranged", kind="bombardment", hex="0605", supply="g.inf2"),
                           phase="combat1"))
    assert rules(not_supply) == ["EFB 20.1"]


def test_heavy_tanks_stack_free_one_per_hex():
    tables = dict(TABLES, stacking=[{"nationality": "german", "limit": 3, "free_tags": ["armored"]}])
    game = make_game(tables=tables)
    # g.tank is tagged armored: 3 infantry + 1 free tank is legal
    ok = check(log({**HQ, "g.inf1": "0505", "g.inf2": "0505", "g.inf3": "0505", "g.tank": "0505"},
                   {"type": "phase", "phase": "fpf", "side": "german"}), game)
    assert rules(ok) == []


def test_fog_reduces_command_radius_and_forbids_air():
    # s.hq radius 2 at 0808; s.inf1 at 0806 is 2 hexes away: in command in clear weather, out of command in fog
    ev = [{"type": "weather", "weather": "fog"},
          {"type": "phase", "phase": "combat2", "side": "soviet"},
          atk(["s.inf1"], ["g.inf1"])]
    r = check(log({"g.hq": "0101", "s.hq": "0808", "s.inf1": "0806", "g.inf1": "0805"}, *ev, phase="movement",
                  side="soviet"))
    assert "EFB 14.1" in rules(r)
    clear = check(log({"g.hq": "0101", "s.hq": "0808", "s.inf1": "0806", "g.inf1": "0805"}, *ev[1:],
                      phase="movement", side="soviet"))
    assert "EFB 14.1" not in rules(clear)
    air = check(log({**HQ, "g.inf1": "0605"}, {"type": "weather", "weather": "fog"},
                    {"type": "airstrike", "units": ["s.ga1"], "hex": "0605"}, phase="combat1", side="soviet"))
    assert "EFB 24.10" in rules(air)  # MK 24.10 weather effects (GT: 18.2 chart)


def test_exit_needs_the_mp_of_an_imaginary_hex():
    # 0104 is a west-edge road hex; exiting along the road costs 1/3 (policy road_exit_cost) after the move.
    # g.inf1 (MA 3): 0404 -> 0304 (woods, 1 for non-armoured) -> 0204 -> 0104 = 3 MP, then 1/3 more: too much
    game = make_game(scenario=EXIT_ALLOWED)
    bad = check(log({**HQ, "g.inf1": "0404"}, mv("g.inf1", "0404", "0304", "0204", "0104"),
                    {"type": "exit", "unit": "g.inf1", "hex": "0104"}), game)
    assert rules(bad) == ["EFB 8.11"]
    ok = check(log({**HQ, "g.inf1": "0304"}, mv("g.inf1", "0304", "0204", "0104"),
                   {"type": "exit", "unit": "g.inf1", "hex": "0104"}), game)
    assert rules(ok) == []  # 2 + 1/3 <= 3


def test_supply_radius_in_mp():
    # g.supply radius 4 MP; g.arty at 0602. From 0501: 2 clear hexes. From 0101: 5 or more.
    shot = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0605", "table": "ranged",
            "kind": "bombardment", "supply": "g.supply"}
    ok = check(log({**HQ, "g.arty": "0602", "s.inf1": "0605", "g.supply": "0501"}, dict(shot), phase="combat1"))
    assert rules(ok) == []
    far = check(log({**HQ, "g.arty": "0602", "s.inf1": "0605", "g.supply": "0101"}, dict(shot), phase="combat1"))
    assert rules(far) == ["EFB 20.3"]


def test_air_draw_matches_the_scenario_roll():
    game = make_game(scenario={"special_rules": [
        {"id": "german_air", "params": {"roll": {"die": "1d6", "on": [5, 6]}, "draw": 1}},
        {"id": "soviet_air", "params": {"roll": {"die": "1d6"}, "draw": "roll"}}]})
    ok = check(log(HQ, {"type": "air_draw", "side": "soviet", "units": ["s.ga1", "s.ga2"], "dice": [2]},
                   phase="reinforcement", side="soviet"), game)
    assert rules(ok) == []
    bad = check(log(HQ, {"type": "air_draw", "side": "soviet", "units": ["s.ga1", "s.ga2", "s.ga3"], "dice": [2]},
                    phase="reinforcement", side="soviet"), game)
    assert rules(bad) == ["EFB 6.6"]
    none = check(log(HQ, {"type": "air_draw", "side": "german", "units": ["g.ga"], "dice": [3]},
                     phase="reinforcement"), game)
    assert rules(none) == ["EFB 6.6"]  # 1-4: no air
    hazy = check(log(HQ, {"type": "weather", "weather": "hazy"},
                     {"type": "air_draw", "side": "soviet", "units": ["s.ga1"], "dice": [3]},
                     phase="reinforcement", side="soviet"), game)
    assert rules(hazy) == []  # 3 halved, rounded down = 1


def test_blowing_bridges():
    game = make_game(scenario={"special_rules": [{"id": "blowing_bridges",
                                                  "params": {"roll": {"die": "1d6", "on": [1, 2, 3, 4]}}}]})
    blow = [{"type": "roll", "dice": [2], "purpose": "bridge"},
            {"type": "bridge", "hexes": ["0201", "0202"], "action": "blow", "side": "german"}]
    ok = check(log({**HQ, "s.inf1": "0202"}, *blow, phase="movement", side="soviet"), game)
    assert rules(ok) == []
    early = check(log(HQ, *blow, phase="movement", side="soviet"), game)
    assert rules(early) == ["MK 24.6 SR2"]
    twice = check(log({**HQ, "s.inf1": "0202"}, *blow, *blow, phase="movement", side="soviet"), game)
    assert rules(twice) == ["MK 24.6 SR2"]
    lucky = check(log({**HQ, "s.inf1": "0202"}, {"type": "roll", "dice": [5], "purpose": "bridge"}, blow[1],
                      phase="movement", side="soviet"), game)
    assert rules(lucky) == ["MK 24.6 SR2"]


def test_elimination_vp():
    victory = {"german": {"eliminations": [{"units": "armored", "vp": 2}, {"units": "other", "vp": 1}]},
               "soviet": {"eliminations": [{"units": "armored", "vp": 4}, {"units": "other", "vp": 2}]}}
    game = make_game(scenario={"victory": victory})
    losses = [{"type": "loss", "unit": "s.tank", "eliminated": True}, {"type": "loss", "unit": "s.inf1"},
              {"type": "loss", "unit": "g.inf1", "reason": "overstack"}]
    # German: tank 2 + infantry 1 = 3; Soviet: g.inf1 (overstack; policy count) = 2
    ok = check(log({**HQ, "s.tank": "0808", "s.inf1": "0807", "g.inf1": "0202"}, *losses,
                   {"type": "vp", "side": "german", "points": 3, "reason": "elimination: 3 GTC/18, 5/1"},
                   {"type": "vp", "side": "soviet", "points": 2, "reason": "elimination of g.inf1"},
                   {"type": "game_end"}, phase="combat1"), game)
    assert rules(ok) == []
    bad = check(log({**HQ, "s.tank": "0808", "s.inf1": "0807", "g.inf1": "0202"}, *losses,
                    {"type": "vp", "side": "german", "points": 2, "reason": "elimination"},
                    {"type": "vp", "side": "soviet", "points": 2, "reason": "elimination"},
                    {"type": "game_end"}, phase="combat1"), game)
    assert rules(bad) == ["EFB 23.1"] and "worth 3" in bad.findings[0].message
    mk = check(log({**HQ, "g.inf1": "0202"}, losses[2], {"type": "vp", "side": "soviet", "points": 2,
                                                        "reason": "elimination"}, phase="combat1"),
               make_game(scenario={"victory": victory}, policies={"overstack_vp": "no_count"}))
    assert rules(mk) == ["EFB 23.1"]  # MK 9.1: overstack eliminations give no VP


def test_rolled_reinforcements_need_their_number():
    game = make_game(scenario={"reinforcements": [
        {"turn": 2, "side": "soviet", "units": ["s.inf3"], "area": "east", "roll": {"die": "1d6", "on": [5, 6]}}]})
    arrive = {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"}
    ok = check(log(HQ, {"type": "roll", "dice": [6], "purpose": "reinforcement"}, dict(arrive),
                   phase="reinforcement", side="soviet", turn=3), game)
    assert rules(ok) == []
    bad = check(log(HQ, {"type": "roll", "dice": [2], "purpose": "reinforcement"}, dict(arrive),
                    phase="reinforcement", side="soviet", turn=3), game)
    assert rules(bad) == ["EFB 6.2"]
    unlogged = check(log(HQ, dict(arrive), phase="reinforcement", side="soviet", turn=3), game)
    assert rules(unlogged) == [] and [f.rule for f in unlogged.findings if f.severity == "warning"] == ["EFB 6.2"]


def test_hq_in_enemy_zoc_need_not_attack():
    r = check(log({**HQ, "g.hq": "0602", "s.inf1": "0603"}, {"type": "phase", "phase": "combat2", "side": "german"},
                  phase="combat1"))
    # the HQ need not attack (no attack factor), but the Soviet unit exerting ZOC on it must be attacked
    assert [f.units for f in r.findings if f.rule == "EFB 10.6"] == [["s.inf1"]]


def test_engineer_bridge():
    # minor river 0504|0505 costs +1. g.inf1 (MA 3): 0506 -> 0505 -> 0504 -> 0503 = 1 + (1 + 1) + 1 = 4 without a
    # bridge, 3 with g.eng's bridge.
    build = {"type": "bridge", "hexes": ["0504", "0505"], "action": "build", "unit": "g.eng"}
    cross = mv("g.inf1", "0506", "0505", "0504", "0503")
    without = check(log({**HQ, "g.eng": "0505", "g.inf1": "0506"}, dict(cross)))
    assert rules(without) == ["EFB 8.3"]
    ok = check(log({**HQ, "g.eng": "0505", "g.inf1": "0506"}, dict(build), dict(cross)))
    assert rules(ok) == []
    not_engineer = check(log({**HQ, "g.inf2": "0505"}, dict(build, unit="g.inf2")))
    assert rules(not_engineer) == ["EFB 22.2"]
    moved = check(log({**HQ, "g.eng": "0605"}, mv("g.eng", "0605", "0505", mode="normal"), dict(build)))
    assert "EFB 22.2" in rules(moved)
    # the bridge goes when the engineer leaves
    gone = check(log({**HQ, "g.eng": "0505", "g.inf1": "0506"}, dict(build),
                     mv("g.eng", "0505", "0405", mode="normal"), dict(cross)))
    assert rules(gone) == ["EFB 8.3"]


def test_blown_bridge_costs_the_river_again():
    game = make_game(scenario={"special_rules": [{"id": "blowing_bridges",
                                                  "params": {"roll": {"die": "1d6", "on": [1, 2, 3, 4]}}}]})
    cross = mv("g.inf1", "0201", "0202", "0203")  # bridged: 1 + 1 = 2; blown: (1 + 2) + 1 = 4 > 3
    ok = check(log({**HQ, "g.inf1": "0201"}, dict(cross)), game)
    assert rules(ok) == []
    blown = check(log({**HQ, "g.inf1": "0201", "s.inf1": "0202"}, {"type": "roll", "dice": [1], "purpose": "bridge"},
                      {"type": "bridge", "hexes": ["0201", "0202"], "action": "blow", "side": "german"},
                      {"type": "loss", "unit": "s.inf1"}, dict(cross)), game)
    assert rules(blown) == ["EFB 8.3"]
