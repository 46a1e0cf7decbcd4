"""EFB stacking, sequence of play, reinforcements, replacements and recovery on the test world."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, found, log, make_game, mv

HQ = {"g.hq": "0101", "s.hq": "1010"}


def rules(report):
    return [r for r, _ in found(report)]


def phase(p, side="german"):
    return {"type": "phase", "phase": p, "side": side}


def test_stacking_at_phase_end():
    # German limit 3 (9.2): four German units in 0505 at the end of movement
    setup = {"g.inf1": "0505", "g.inf2": "0505", "g.inf3": "0505", "g.inf4": "0504"}
    bad = check(log({**HQ, **setup}, mv("g.inf4", "0504", "0505"), phase("fpf", "soviet")))
    assert rules(bad) == ["EFB 9.1"]
    # passing through is fine (9.1: only the end of a phase counts)
    ok = check(log({**HQ, **setup}, mv("g.inf4", "0504", "0505", "0506", mode="normal"), phase("fpf", "soviet")))
    assert rules(ok) == []


def test_soviet_stacking_by_year():
    setup = {"s.inf1": "0808", "s.inf2": "0808", "s.inf3": "0808"}
    r = check(log({**HQ, **setup}, phase("fpf", "soviet"), side="soviet"))
    assert rules(r) == ["EFB 9.1"]  # 1944: 2 per hex
    r42 = check(log({**HQ, "s.inf1": "0806", "s.inf2": "0806"}, phase("fpf", "soviet"), side="soviet"),
                make_game(scenario={"year": 1942}))
    assert rules(r42) == ["EFB 9.1"]  # 1941-42: 1 per hex


def test_phase_order():
    ok = check(log(HQ, phase("movement"), phase("combat1"), phase("recovery"), phase("reinforcement", "soviet"),
                   phase="reinforcement"))
    assert rules(ok) == []
    back = check(log(HQ, phase("recovery"), phase("movement"), phase="combat1"))
    assert "EFB 4.3" in rules(back)


def test_turn_limit_and_events_roll():
    over = check(log(HQ, {"type": "turn", "turn": 4}, turn=3, phase=""))
    assert rules(over) == ["EFB 24.4"]
    ev = check(log(HQ, {"type": "roll", "dice": [3], "purpose": "events"}, phase="events", side=None))
    assert rules(ev) == ["EFB 5.0"]


def test_attack_outside_combat_phase():
    r = check(log({**HQ, "g.inf1": "0602", "s.inf1": "0603"},
                  {"type": "attack", "attackers": ["g.inf1"], "defenders": ["s.inf1"], "table": "assault"}))
    assert "EFB 11.1" in rules(r)


def test_reinforcement_timing_and_area():
    early = check(log(HQ, {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"}, phase="reinforcement",
                      side="soviet"))
    assert rules(early) == ["EFB 6.2"]
    wrong = check(log(HQ, {"type": "reinforcement", "unit": "s.inf3", "hex": "0505"}, phase="reinforcement",
                      side="soviet", turn=2))
    assert rules(wrong) == ["EFB 6.2"]
    ok = check(log(HQ, {"type": "reinforcement", "unit": "s.inf3", "hex": "1005"}, phase("movement", "soviet"),
                   phase="reinforcement", side="soviet", turn=2))
    assert rules(ok) == []
    withheld = check(log(HQ, phase("movement", "soviet"), phase="reinforcement", side="soviet", turn=2))
    assert rules(withheld) == ["EFB 6.5"]


def test_replacement_needs_elimination():
    r = check(log({**HQ, "g.inf1": "0505"}, {"type": "replacement", "unit": "g.inf1", "roll": 2},
                  phase="reinforcement"))
    assert rules(r) == ["EFB 6.9"]


def test_recovery():
    # in command (g.hq radius 10): recovers automatically; staying suppressed is an error
    stays = check(log({**HQ, "g.inf1": "0505"}, phase("reinforcement", "soviet"), phase="recovery",
                      markers={"g.inf1": ["suppressed"]}))
    assert rules(stays) == ["EFB 15.4"]
    ok = check(log({**HQ, "g.inf1": "0505"}, {"type": "rally", "unit": "g.inf1"}, phase("reinforcement", "soviet"),
                   phase="recovery", markers={"g.inf1": ["suppressed"]}))
    assert rules(ok) == []
    # out of command (no German HQ): needs 4-6
    bad = check(log({"g.inf1": "0505"}, {"type": "rally", "unit": "g.inf1", "roll": 2}, phase="recovery",
                    markers={"g.inf1": ["suppressed"]}))
    assert rules(bad) == ["EFB 15.4"]
    good = check(log({"g.inf1": "0505"}, {"type": "rally", "unit": "g.inf1", "roll": 5}, phase="recovery",
                     markers={"g.inf1": ["suppressed"]}))
    assert rules(good) == []


def test_unknown_unit_is_reported_once():
    r = check(log(HQ, mv("zz.ghost", "0505", "0506"), mv("zz.ghost", "0506", "0507")))
    logs = [f for f in r.findings if f.rule == "LOG"]
    assert len(logs) == 1 and "zz.ghost" in logs[0].message
