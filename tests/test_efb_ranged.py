"""EFB ranged fire, FPF, fire control, air and supply (test world; Ranged CRT written for the tests:
columns "0-" "+1,2" "+3,4" "+5+"; "+1,2" = - - - DS DS D1)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import TABLES, check, found, log, make_game

HQ = {"g.hq": "0101", "s.hq": "1010"}


def rules(report):
    return [r for r, _ in found(report)]


def bombard(firers, defenders, hex_, **kw):
    return {"type": "attack", "attackers": firers, "defenders": defenders, "hex": hex_, "table": "ranged",
            "kind": "bombardment", **kw}


def run(setup, *body, phase="combat1", side="german", game=None, markers=None):
    return check(log({**HQ, **setup}, *body, phase=phase, side=side, markers=markers), game)


def test_bombardment_result_lookup():
    # g.arty barrage 4 vs s.inf1 defense 2 in clear: +2 -> "+1,2"; die 6 -> D1, die 4 -> DS
    ok = run({"g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
             {"type": "roll", "dice": [4]}, {"type": "result", "result": "DS"},
             {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True})
    assert rules(ok) == []
    bad = run({"g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
              {"type": "roll", "dice": [6]}, {"type": "result", "result": "DE"}, {"type": "loss", "unit": "s.inf1"})
    assert rules(bad) == ["EFB 12.8"]
    assert "gives D1" in bad.findings[0].message


def test_range_and_once_per_player_turn():
    # g.arty range 4: 0602 -> 0608 is 6 hexes
    far = run({"g.arty": "0602", "s.inf1": "0608"}, bombard(["g.arty"], ["s.inf1"], "0608"))
    assert rules(far) == ["EFB 12.3"]
    twice = run({"g.arty": "0602", "s.inf1": "0605", "s.inf2": "0705"},
                bombard(["g.arty"], ["s.inf1"], "0605"), bombard(["g.arty"], ["s.inf2"], "0705"))
    assert rules(twice) == ["EFB 12.1"]


def test_suppressed_ooc_or_adjacent_artillery_cannot_fire():
    supp = run({"g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
               markers={"g.arty": ["suppressed"]})
    assert rules(supp) == ["EFB 15.3"]
    ooc = check(log({"s.hq": "1010", "g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
                    phase="combat1"))
    assert "EFB 7.7" in rules(ooc)
    adj = run({"g.arty": "0602", "s.inf1": "0603", "s.inf2": "0605"}, bombard(["g.arty"], ["s.inf2"], "0605"))
    assert "EFB 12.11" in rules(adj)


def test_fire_control_limit():
    tables = dict(TABLES, fire_control=[{"nationality": "german", "fpf_close_support": 1, "bombardment": 1}])
    r = run({"g.arty": "0602", "g.arty2": "0601", "s.inf1": "0605"}, bombard(["g.arty", "g.arty2"], ["s.inf1"],
            "0605"), game=make_game(tables=tables))
    assert rules(r) == ["EFB 22.4"]
    ok = run({"g.arty": "0602", "g.arty2": "0601", "s.inf1": "0605"},
             bombard(["g.arty", "g.arty2"], ["s.inf1"], "0605"))  # rulebook 22.4: German 4
    assert rules(ok) == []


def test_fpf_phase_side_and_target():
    # Soviet moves next to g.inf1; German FPF in the Soviet player's FPF phase
    fpf = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0605", "table": "ranged",
           "kind": "fpf"}
    ok = run({"g.arty": "0602", "g.inf1": "0604", "s.inf1": "0605"}, dict(fpf), phase="fpf", side="soviet")
    assert rules(ok) == []
    by_phasing = run({"g.arty": "0602", "g.inf1": "0604", "s.inf1": "0605"}, dict(fpf), phase="fpf", side="german")
    assert rules(by_phasing) == ["EFB 12.12"]
    lonely = run({"g.arty": "0602", "s.inf1": "0605"}, dict(fpf), phase="fpf", side="soviet")
    assert rules(lonely) == ["EFB 12.13"]


def test_air_limits():
    five = [f"s.ga{i}" for i in range(1, 6)]
    r = run({"g.inf1": "0605", "s.inf1": "0202"},
            {"type": "attack", "attackers": [], "air": five, "defenders": ["g.inf1"], "hex": "0605",
             "table": "ranged", "kind": "bombardment"}, side="soviet")
    assert rules(r) == ["EFB 17.9"]  # 17.9: Soviet 1944 = 4 per hex
    twice = run({"g.inf1": "0605", "g.inf2": "0705"},
                {"type": "airstrike", "units": ["s.ga1"], "hex": "0605"},
                {"type": "airstrike", "units": ["s.ga1"], "hex": "0705"}, side="soviet")
    assert rules(twice) == ["EFB 17.11"]
    mb = run({"g.tank": "0602", "s.inf1": "0603"},
             {"type": "attack", "attackers": ["g.tank"], "defenders": ["s.inf1"], "air": ["g.mb"],
              "table": "assault", "kind": "adjacent"}, phase="combat2")
    assert "EFB 17.3" in rules(mb)


def test_supply_used_once():
    r = run({"g.arty": "0602", "g.arty2": "0601", "s.inf1": "0605", "s.inf2": "0705", "g.supply": "0501"},
            bombard(["g.arty"], ["s.inf1"], "0605", supply="g.supply"),
            bombard(["g.arty2"], ["s.inf2"], "0705", supply="g.supply"))
    assert rules(r) == ["EFB 20.1"]


def test_ranged_results_applied():
    # g.arty 4 vs s.inf1 2: "+1,2" = - - - DS DS D1
    def run(die, code, *after, markers=None):
        return check(log({**HQ, "g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
                         {"type": "roll", "dice": [die]}, {"type": "result", "result": code}, *after,
                         {"type": "phase", "phase": "combat2", "side": "german"}, phase="combat1",
                         markers=markers))
    supp = {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True}
    assert rules(run(4, "DS")) == ["EFB 13.2"]  # not suppressed
    assert rules(run(4, "DS", supp)) == []
    assert rules(run(4, "DS", markers={"s.inf1": ["suppressed"]})) == []  # already suppressed: no change
    assert rules(run(6, "D1")) == ["EFB 13.2"]  # did not retreat
    assert rules(run(6, "D1", {"type": "retreat", "unit": "s.inf1", "path": ["0605", "0606"]})) == []
    assert rules(run(1, "-")) == []


def test_dt_eliminates_an_already_suppressed_target():
    tables = dict(TABLES)
    tables["crt"] = dict(TABLES["crt"], ranged={"columns": [
        {"label": "all", "min": None, "max": None, "results": ["DT"] * 6}]})
    game = make_game(tables=tables)
    ev = log({**HQ, "g.arty": "0602", "s.inf1": "0605"}, bombard(["g.arty"], ["s.inf1"], "0605"),
             {"type": "roll", "dice": [3]}, {"type": "result", "result": "DT"},
             {"type": "phase", "phase": "combat2", "side": "german"}, phase="combat1",
             markers={"s.inf1": ["suppressed"]})
    bad = check(ev, game)
    assert rules(bad) == ["EFB 13.2"] and "eliminated" in bad.findings[0].message
