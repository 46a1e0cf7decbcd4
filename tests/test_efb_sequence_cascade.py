"""One phase out of order gives one finding, naming the phase expected (4.3 Sequence of Play: each player turn runs
Reinforcement, Movement, Final Protective Fire, First Wave Combat, Second Wave Combat, Recovery; the first player's
turn, then the second player's). The phases after a misplaced one are judged from where the log then is, not each
reported again. Test world: the German player is the first player."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, log

GERMAN = ["reinforcement", "movement", "fpf", "combat1", "combat2", "recovery"]


def run(order: list[tuple[str, str]]):
    ev = log({"g.hq": "0101", "s.hq": "1010"}, phase=None)
    ev += [{"type": "phase", "phase": p, "side": s} for p, s in order]
    for i, e in enumerate(ev):
        e["i"] = i
    return [f for f in check(ev).findings if f.severity == "error"]


def test_in_order_with_skipped_phases_is_legal():
    assert run([(p, "german") for p in GERMAN] + [("reinforcement", "soviet"), ("combat1", "soviet")]) == []


def test_movement_after_combat_is_one_error_naming_the_expected_phase():
    order = [("reinforcement", "german"), ("combat1", "german"), ("movement", "german")] + \
        [(p, "german") for p in GERMAN[2:]] + [(p, "soviet") for p in GERMAN]
    fs = run(order)
    assert [f.rule for f in fs] == ["EFB 4.3"]
    assert "german movement phase is out of order" in fs[0].message
    assert "after the german combat1 phase comes the german combat2 phase" in fs[0].message


def test_second_player_first_is_one_error():
    order = [(p, "soviet") for p in GERMAN] + [(p, "german") for p in GERMAN]
    fs = run(order)
    assert [f.rule for f in fs] == ["EFB 4.3"]
    assert "german reinforcement phase is out of order" in fs[0].message
