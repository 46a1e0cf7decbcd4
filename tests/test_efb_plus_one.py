"""The scenario's "plus one unit from any other command" (MK 24.6 command 2: "each HQ may command all units of that
division plus one unit from any other command"; GT 24.6: "plus one unit from the 2nd SS Panzer Corps"): a
``command_assign`` event (chat ``!assign UNIT to HQ``) makes the choice; until the log makes one, a unit that only
such a slot could command is could-not-check, not an error.

Test world plus g.army1/g.army2 (German, formation "army", outside g.hq's division "div"); g.hq (radius 10) at 0101
gets a plus-one slot from the special rule. g.army1 moves 3 hexes of clear (3 MP): legal at its full 3 MF, an error
when out of command (7.7: MA halved)."""

from __future__ import annotations

import copy
from pathlib import Path

from modgen.data.model import Game
from modgen.logs import chat
from tests.rules_fixtures import efb_world as w

PLUS_ONE = {"id": "command_plus_one", "text": "Each divisional HQ commands one unit from any other command.",
            "sides": ["german"], "params": {"hqs": ["div"]}, "source": w.TEST_SOURCE}


def game(plus_one: bool = True) -> Game:
    counters = copy.deepcopy(w.COUNTERS) + [
        w._unit(f"g.army{i}", "german", "maneuver", {"attack": 3, "defense": 3, "movement": 3},
                types=["infantry"], formation="army") for i in (1, 2)]
    scen = copy.deepcopy(w.SCENARIO)
    if plus_one:
        scen["special_rules"] = [PLUS_ONE]
    return Game(path=Path("efbtest.json"), manifest=copy.deepcopy(w.MANIFEST), counters_doc={"counters": counters},
                maps_docs=[{"maps": [copy.deepcopy(w.MAP)]}], scenarios={"test": scen})


def run(*before_move: dict, plus_one: bool = True, to: str = "0508"):
    setup = {"g.hq": "0101", "s.hq": "1010", "g.army1": "0505", "g.army2": "0905"}
    ev = w.log(setup, *before_move, phase=None)
    ev += [{"type": "phase", "phase": "movement", "side": "german"}, w.mv("g.army1", "0505", to)]
    for i, e in enumerate(ev):
        e["i"] = i
    r = w.check(ev, game(plus_one))
    return [f.rule for f in r.findings if f.severity == "error"], \
        [f.rule for f in r.findings if f.severity == "could-not-check"]


def assign(unit: str, hq: str = "g.hq") -> dict:
    return {"type": "command_assign", "hq": hq, "unit": unit}


def test_chat_assign_verb():
    from modgen.rules.efb import plugin
    d = chat.parse("!assign g.army1 to g.hq", chat.verbs_for(plugin))
    assert d.event == {"type": "command_assign", "unit": "g.army1", "hq": "g.hq"}


def test_without_a_slot_the_unit_is_out_of_command():
    assert run(plus_one=False)[0] == ["EFB 8.3"]


def test_unassigned_slot_is_could_not_check_not_an_error():
    # g.army2 (also only in reach of the open slot) does nothing, so only g.army1's move is could-not-check
    errors, cnc = run()
    assert errors == [] and cnc == ["EFB 24.6"]


def test_assigned_unit_is_in_command():
    assert run(assign("g.army1")) == ([], [])


def test_slot_given_to_another_unit_leaves_it_out_of_command():
    errors, cnc = run(assign("g.army2"))
    assert errors == ["EFB 8.3"] and cnc == []


def test_assignment_of_own_unit_or_by_hq_without_slot_is_an_error():
    errors, _ = run(assign("g.inf1"))  # g.inf1 is of g.hq's own division
    assert "EFB 24.6" in errors
    errors, _ = run(assign("g.army1"), plus_one=False)
    assert "EFB 24.6" in errors


def test_open_slot_does_not_excuse_a_move_over_the_full_allowance():
    # 8.3: 4 hexes of clear is 4 MP, over g.army1's full 3 MF, so an error whatever the open slot decides
    errors, cnc = run(to="0509")
    assert errors == ["EFB 8.3"] and cnc == []


def test_open_slot_within_the_halved_allowance_is_no_finding():
    # 7.7: one hex (1 MP) is within even the halved allowance (1 1/2 MP), so the unmade choice does not matter
    assert run(to="0506") == ([], [])
