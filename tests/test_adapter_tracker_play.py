"""The turn tracker as players press it (modgen.vassal.adapter, modgen.vassal.tracker): a Next pressed by mistake
and put right with Prev leaves no trace, and when the scenario leaves the first player to a roll (FoW p.93: "the
higher has the first turn") a ``!phase <phase> <side>`` declaration names who sits in the first seat.

Phase list of the fake system (modgen.vassal.tracker: each run of per-side phases for the first seat, then the
second): 0 First player Movement, 1 First player Combat, 2 Second player Movement, 3 Second player Combat, 4 End.
"""

from __future__ import annotations

from vassal_logs import log_text, save_text, tiny_game, vsav

from modgen.systems.base import Phase
from modgen.vassal.adapter import adapt
from modgen.vassal.tracker import tracker_for


class FakeSystem:
    def phases(self, game):
        return [Phase("movement", "Movement"), Phase("combat", "Combat"), Phase("end", "End", per_side=False)]

    def policy_values(self, manifest):
        return {}


def _game(first=None):
    game = tiny_game()
    game.manifest["sides"] = [{"id": "german", "name": "German"}, {"id": "soviet", "name": "Soviet"}]
    game.rule_system = lambda: FakeSystem()
    game.scenarios = {"s1": {"first_player": first} if first else {}}
    return game


def turn(t, idx):
    return f"TURNTurnTracker0\t0|{t};0;false;-1;{idx}\\;0\\;0\\;true"


def events(game, steps):
    out = adapt(vsav(log_text(save_text([]), steps)), game, scenario="s1").events
    return [{k: v for k, v in e.items() if k in ("type", "phase", "side", "turn", "text")} for e in out[1:]]


def test_next_then_prev_with_only_chat_between_is_taken_back():
    game = _game("german")
    steps = [[turn(1, 0)], [turn(1, 1)], ["CHAT&lt;Alice&gt; - oops"], [turn(1, 0)], [turn(1, 1)]]
    assert events(game, steps) == [
        {"type": "turn", "turn": 1}, {"type": "phase", "phase": "movement", "side": "german"},
        {"type": "chat", "text": "oops"},
        {"type": "phase", "phase": "combat", "side": "german"}]


def test_next_then_prev_across_the_turn_boundary_is_taken_back():
    game = _game("german")
    steps = [[turn(1, 4)], [turn(2, 0)], [turn(1, 4)]]
    assert events(game, steps) == [{"type": "turn", "turn": 1}, {"type": "phase", "phase": "end"}]


def test_going_back_after_playing_in_the_phase_is_kept():
    # a declaration (here a !vp) between the presses is play, not a mis-click: the way back stays in the log
    game = _game("german")
    steps = [[turn(1, 0)], [turn(1, 1)], ["CHAT&lt;Alice&gt; - !vp german 1 test"], [turn(1, 0)]]
    assert [e.get("phase") for e in events(game, steps) if e["type"] == "phase"] == ["movement", "combat",
                                                                                      "movement"]


def test_a_phase_declaration_names_the_rolled_first_player():
    game = _game(None)  # the scenario leaves the first turn to a roll
    assert [e.label for e in tracker_for(game).entries][:1] == ["First player Movement"]
    steps = [[turn(1, 0)], ["CHAT&lt;Bob&gt; - !phase movement soviet"], [turn(1, 1)], [turn(1, 2)], [turn(1, 4)]]
    assert [(e["phase"], e.get("side")) for e in events(game, steps) if e["type"] == "phase"] == [
        ("movement", "soviet"), ("combat", "soviet"), ("movement", "german"), ("end", None)]


def test_a_declaration_in_the_second_seat_names_the_other_side_first():
    game = _game(None)
    steps = [[turn(1, 0)], [turn(1, 2)], ["CHAT&lt;Bob&gt; - !phase movement soviet"], [turn(1, 3)]]
    assert [(e["phase"], e.get("side")) for e in events(game, steps) if e["type"] == "phase"] == [
        ("movement", "german"), ("movement", "soviet"), ("combat", "soviet")]


def test_without_a_declaration_rolled_seats_stay_unsided():
    game = _game(None)
    steps = [[turn(1, 0)], [turn(1, 1)]]
    assert [(e["phase"], e.get("side")) for e in events(game, steps) if e["type"] == "phase"] == [
        ("movement", None), ("combat", None)]
