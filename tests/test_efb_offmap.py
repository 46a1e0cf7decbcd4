"""Events at the map edge and between the waves (issue #15), from the rulebook text.

- 6.4 (both books): "the first unit would be placed on the map, and each other unit would be lined up on the road off
  map, within stacking restrictions. They would pay whatever additional movement points it would require to get them
  onto the first map edge hex. If not all units can make it in a single turn, they would be received on the following
  turn." 6.5: "A player may not deliberately delay or withhold ground reinforcements."
- 8.11 (both books): units "may not [exit] as the result of an advance or retreat after combat. Units forced to
  retreat off the map are, on the contrary, eliminated." MK 13.5 / GT 13.4: "Units may not retreat off the map".
- 14.4: "Air points used in the first wave of attacks may not attack in the second wave. You may withdraw [GT:
  withhold] air points from the first wave to attack in the second wave."

Test world (tests/rules_fixtures/efb_world.py): a road runs 0101-0108 down column 01 (0101 is a map-edge hex), road
rate 1/3 MP (8.7), German stacking limit 3 (9.2 for 1944), g.inf* have 3 MP, g.garrison 0 MP."""

from __future__ import annotations

import pytest

from modgen.logs import chat
from modgen.logs.chat import ChatSyntaxError
from modgen.rules.efb import plugin
from tests.rules_fixtures.efb_world import check, log, make_game, mv

HQ = {"g.hq": "0305", "s.hq": "1010"}
COLUMN = ["g.inf1", "g.inf2", "g.inf3", "g.inf4"]


def _reinf(units):
    return {"reinforcements": [{"turn": 1, "side": "german", "units": units},
                               {"turn": 2, "side": "soviet", "units": ["s.inf3"], "area": "east"}]}


GAME = make_game(scenario=_reinf(COLUMN))
SLOW = make_game(scenario=_reinf(["g.inf1", "g.garrison"]))  # g.garrison has 0 MP
GT = make_game(scenario=_reinf(COLUMN), policies={"rulebook": "gt"})


def errors(report):
    return [(f.rule, f.message) for f in report.findings if f.severity == "error"]


def rules(report):
    return [f.rule for f in report.findings if f.severity == "error"]


def column_log(*movement, units=COLUMN, hex_="0101"):
    """German reinforcement phase with a road column at ``hex_``, then the German movement phase."""
    return log(HQ, {"type": "road_column", "hex": hex_, "units": list(units)},
               {"type": "phase", "phase": "movement", "side": "german"}, *movement,
               phase="reinforcement")


# ---- 6.4 road-column entry ------------------------------------------------------------------------------------
def test_road_column_legal_entry_pays_the_off_map_road():
    # head placed on 0101 (no MP, 6.2); the three others share the first off-map road hex (limit 3): 1/3 MP each
    # to reach 0101, then 0101->0108 by road is 7/3 MP: 8/3 of 3 MP
    r = check(column_log(mv("g.inf1", "0101", "0104"),
                         mv("g.inf2", "0101", "0102", "0103", "0104", "0105", "0106", "0107", "0108"),
                         mv("g.inf3", "0101", "0103"), mv("g.inf4", "0101", "0102")), GAME)
    assert errors(r) == []


def test_road_column_entry_cost_counts_against_the_allowance():
    # 0101->0401 is three clear hexes off the road (3 MP): the head may, a queued unit (3 - 1/3 MP) may not
    assert errors(check(column_log(mv("g.inf1", "0101", "0401"), mv("g.inf2", "0101", "0102"),
                                   mv("g.inf3", "0101", "0102"), mv("g.inf4", "0101", "0102")), GAME)) == []
    r = check(column_log(mv("g.inf2", "0101", "0401"), mv("g.inf3", "0101", "0102"), mv("g.inf4", "0101", "0102")),
              GAME)
    assert rules(r) == ["EFB 8.3"]
    assert "1/3 MP paid to reach 0101 from off-map road hex 1 (6.4)" in errors(r)[0][1]


def test_road_column_unit_enters_elsewhere():
    r = check(column_log(mv("g.inf2", "0201", "0202"), mv("g.inf3", "0101", "0102"), mv("g.inf4", "0101", "0102")),
              GAME)
    assert rules(r) == ["EFB 6.4"]
    assert "0201" in errors(r)[0][1] and "enters at 0101" in errors(r)[0][1]


def test_road_column_must_enter_at_a_map_edge_road_hex():
    six_four = [(x, m) for x, m in errors(check(column_log(hex_="0505"), GAME)) if x == "EFB 6.4"]
    assert len(six_four) == 2  # not a map-edge hex; no road there
    assert "not a map-edge hex" in six_four[0][1] and "no road" in six_four[1][1]
    six_four = [(x, m) for x, m in errors(check(column_log(hex_="0110"), GAME)) if x == "EFB 6.4"]
    assert len(six_four) == 1 and "no road" in six_four[0][1]  # an edge hex without a road


def test_unit_that_cannot_pay_its_way_carries_over_to_the_next_turn():
    # g.garrison (0 MP) queued behind g.inf1 cannot reach 0101; it is received on turn 2 (no 6.2 'due on turn 1')
    body = [{"type": "phase", "phase": "movement", "side": "german"},
            {"type": "turn", "turn": 2},
            {"type": "phase", "phase": "reinforcement", "side": "german"},
            {"type": "reinforcement", "unit": "g.garrison", "hex": "0101"}]
    r = check(log({**HQ, "g.inf2": "0505", "g.inf3": "0505", "g.inf4": "0506"},
                  {"type": "road_column", "hex": "0101", "units": ["g.inf1", "g.garrison"]}, *body,
                  phase="reinforcement"), SLOW)
    assert [x for x in rules(r) if x.startswith("EFB 6")] == []


def test_queued_unit_that_cannot_pay_and_still_moves_is_an_error():
    r = check(column_log(mv("g.garrison", "0101", "0102"), units=["g.inf1", "g.garrison"]), SLOW)
    assert "EFB 6.4" in rules(r)
    assert any("costs 1/3 MP, over its 0 MP" in m for _, m in errors(r))


def test_queued_unit_held_back_although_it_could_enter():
    # g.inf4 had 3 MP and needed 1/3 to reach the empty 0101: it may not stay off the map (6.4, 6.5)
    r = check(column_log(mv("g.inf1", "0101", "0104"), mv("g.inf2", "0101", "0103"), mv("g.inf3", "0101", "0102")),
              GAME)
    assert rules(r) == ["EFB 6.4"]
    assert "g.inf4" in errors(r)[0][1] and "held back" in errors(r)[0][1]


def test_carried_over_unit_must_arrive_the_next_turn():
    body = [{"type": "phase", "phase": "movement", "side": "german"},
            {"type": "turn", "turn": 2},
            {"type": "phase", "phase": "reinforcement", "side": "german"},
            {"type": "phase", "phase": "movement", "side": "german"}]
    r = check(log({**HQ, "g.inf2": "0505", "g.inf3": "0505", "g.inf4": "0506"},
                  {"type": "road_column", "hex": "0101", "units": ["g.inf1", "g.garrison"]}, *body,
                  phase="reinforcement"), SLOW)
    assert [x for x in rules(r) if x.startswith("EFB 6")] == ["EFB 6.5"]


# ---- 8.11 / 13.5: retreat or advance off the map ---------------------------------------------------------------
def combat(result, die, *after, game=GAME):
    """g.tank (6) attacks s.inf1 (2) at 0102, a west-edge hex: +4, column +4,5 (die 5 = D2, die 2 = EX)."""
    return check(log({**HQ, "g.tank": "0103", "s.inf1": "0102"},
                     {"type": "attack", "attackers": ["g.tank"], "defenders": ["s.inf1"], "table": "mobile"},
                     {"type": "roll", "dice": [die]}, {"type": "result", "result": result}, *after,
                     phase="combat1"), game)


def test_retreat_off_the_map_eliminates_the_unit():
    # D2: s.inf1 is forced off the west edge and eliminated (8.11); the tank may advance into the vacated hex
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "hex": "0102", "cause": "retreat"},
               {"type": "advance", "unit": "g.tank", "path": ["0103", "0102"]})
    assert errors(r) == []


def test_loss_logged_after_a_retreat_off_the_map_is_not_an_error():
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "cause": "retreat"},
               {"type": "loss", "unit": "s.inf1", "eliminated": True})
    assert errors(r) == []


def test_retreat_off_the_map_without_a_retreat_result():
    r = combat("EX", 2, {"type": "loss", "unit": "g.tank", "eliminated": True},
               {"type": "exit", "unit": "s.inf1", "cause": "retreat"})
    assert "EFB 13.4" in rules(r)
    assert any("no combat result makes it retreat" in m for _, m in errors(r))


def test_retreat_off_the_map_from_inside_the_map():
    r = check(log({**HQ, "g.tank": "0305", "s.inf1": "0304"},
                  {"type": "attack", "attackers": ["g.tank"], "defenders": ["s.inf1"], "table": "mobile"},
                  {"type": "roll", "dice": [5]}, {"type": "result", "result": "D2"},
                  {"type": "exit", "unit": "s.inf1", "cause": "retreat"}, phase="combat1"), GAME)
    assert [x for x in rules(r) if x.startswith("EFB 13")] == ["EFB 13.5"]


def test_guards_tank_cites_its_own_retreat_numbers():
    r = combat("EX", 2, {"type": "loss", "unit": "g.tank", "eliminated": True},
               {"type": "exit", "unit": "s.inf1", "cause": "retreat"}, game=GT)
    assert "EFB 13.3" in rules(r) and "EFB 13.4" not in rules(r)  # GT 13.3 Retreat After Combat


def test_advance_off_the_map_is_an_error():
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "cause": "retreat"},
               {"type": "advance", "unit": "g.tank", "path": ["0103", "0102"]},
               {"type": "exit", "unit": "g.tank", "hex": "0102", "cause": "advance"})
    assert rules(r) == ["EFB 8.11"]
    assert "advances off the map" in errors(r)[0][1]


def test_exit_by_move_outside_the_movement_phase_is_still_8_11():
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "cause": "retreat"},
               {"type": "exit", "unit": "g.tank"})
    assert "EFB 8.11" in rules(r)


# ---- 14.4: air withdrawn from the first wave for the second ---------------------------------------------------
def waves(*first, second=()):
    """German first wave ``first`` then second wave ``second``; g.tank at 0103 next to s.inf1 (0102) and s.inf2
    (0104)."""
    return check(log({**HQ, "g.tank": "0103", "s.inf1": "0102", "s.inf2": "0104"}, *first,
                     {"type": "phase", "phase": "combat2", "side": "german"}, *second, phase="combat1"), GAME)


def attack(defender, air, die=5, result="D1"):
    return [{"type": "attack", "attackers": ["g.tank"], "defenders": [defender], "table": "mobile", "air": [air]},
            {"type": "roll", "dice": [die]}, {"type": "result", "result": result}]


def air_errors(r):
    return [(f.rule, f.message) for f in r.findings if f.severity == "error" and f.rule in ("EFB 14.4", "EFB 17.11")]


def test_air_withdrawn_from_the_first_wave_attacks_in_the_second():
    r = waves({"type": "air_withdraw", "units": ["g.ga"]}, second=attack("s.inf1", "g.ga"))
    assert air_errors(r) == []


def test_air_used_in_the_first_wave_may_not_attack_in_the_second():
    r = waves(*attack("s.inf1", "g.ga"), second=attack("s.inf2", "g.ga"))
    assert [x for x, _ in air_errors(r)] == ["EFB 14.4"]
    assert "attacked in the first wave" in air_errors(r)[0][1]


def test_withdrawn_air_may_not_attack_in_the_first_wave():
    r = waves({"type": "air_withdraw", "units": ["g.ga"]}, *attack("s.inf1", "g.ga"))
    assert [x for x, _ in air_errors(r)] == ["EFB 14.4"]
    assert "was withdrawn" in air_errors(r)[0][1]


def test_air_that_attacked_cannot_be_withdrawn():
    r = waves(*attack("s.inf1", "g.ga"), {"type": "air_withdraw", "units": ["g.ga"]})
    assert [x for x, _ in air_errors(r)] == ["EFB 14.4"]
    assert "already attacked in this first wave" in air_errors(r)[0][1]


def test_withdrawal_only_in_the_first_wave_and_only_of_air():
    r = waves(second=[{"type": "air_withdraw", "units": ["g.ga"]}])
    assert [x for x, _ in air_errors(r)] == ["EFB 14.4"]
    r = waves({"type": "air_withdraw", "units": ["g.tank"]})
    assert [x for x, _ in air_errors(r)] == ["EFB 14.4"] and "not an air unit" in air_errors(r)[0][1]


# ---- chat syntax -----------------------------------------------------------------------------------------------
VERBS = chat.verbs_for(plugin)


@pytest.mark.parametrize("line, event", [
    ("!column 0101 g.inf1 g.inf2", {"type": "road_column", "hex": "0101", "units": ["g.inf1", "g.inf2"]}),
    ("!exit g.inf1", {"type": "exit", "unit": "g.inf1"}),
    ("!exit g.inf1 0102 retreat", {"type": "exit", "unit": "g.inf1", "hex": "0102", "cause": "retreat"}),
    ("!exit g.tank advance", {"type": "exit", "unit": "g.tank", "cause": "advance"}),
    ("!exit g.tank 0101 move", {"type": "exit", "unit": "g.tank", "hex": "0101"}),
    ("!withdraw g.ga s.ga1", {"type": "air_withdraw", "units": ["g.ga", "s.ga1"]}),
])
def test_chat_verbs(line, event):
    assert chat.parse(line, VERBS).event == event


@pytest.mark.parametrize("line, column, expected", [
    ("!column north g.inf1", 9, "map-edge road hex"),
    ("!column 0101", 13, "the column's units"),
    ("!exit g.inf1 0102 flee", 19, "move, retreat, advance"),
    ("!exit g.inf1 retreat 0102", 22, "end of line"),
    ("!withdraw", 10, "air units"),
])
def test_chat_errors_name_the_column(line, column, expected):
    with pytest.raises(ChatSyntaxError) as e:
        chat.parse(line, VERBS)
    assert e.value.column == column and expected in str(e.value)


def test_events_validate_against_the_merged_schema():
    from modgen.logs.eventlog import event_problems, types_for
    types = types_for(plugin)
    assert event_problems({"type": "road_column", "hex": "0101", "units": ["g.inf1"]}, types) == []
    assert event_problems({"type": "road_column", "hex": "0101", "units": []}, types) != []
    assert event_problems({"type": "air_withdraw", "units": ["g.ga"]}, types) == []
    assert event_problems({"type": "exit", "unit": "g.inf1", "cause": "fled"}, types) != []


# ---- rule numbers inside messages follow the game's book -------------------------------------------------------
@pytest.mark.parametrize(("book", "text", "expected"), [
    ("gt", "advances follow the enemy's retreat route, 13.8", "advances follow the enemy's retreat route, 13.7"),
    ("gt", "retreats (13.4, 13.5) and 6.12", "retreats (13.3, 13.4) and 6.13"),
    ("gt", "major rivers block advances (MK 13.7, GT 13.6)", "major rivers block advances (MK 13.7, GT 13.6)"),
    ("gt", "cited as EFB 13.4 already; 16.2 is alike", "cited as EFB 13.4 already; 16.2 is alike"),
    ("gt", "a 113.55 value and 2.125 MP", "a 113.55 value and 2.125 MP"),
    ("mk", "retreat route, 13.8", "retreat route, 13.8"),
])
def test_renumber_text(book, text, expected):
    from modgen.rules.efb.checks import renumber_text
    assert renumber_text(book, text) == expected


def test_guards_tank_message_citations_are_renumbered():
    # the 8.11 advance message cites the retreat-route rule: MK 13.8 is GT 13.7
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "cause": "retreat"},
               {"type": "advance", "unit": "g.tank", "path": ["0103", "0102"]},
               {"type": "exit", "unit": "g.tank", "hex": "0102", "cause": "advance"}, game=GT)
    assert errors(r) and "retreat route, 13.7)" in errors(r)[0][1]
    r = combat("D2", 5, {"type": "exit", "unit": "s.inf1", "cause": "retreat"},
               {"type": "advance", "unit": "g.tank", "path": ["0103", "0102"]},
               {"type": "exit", "unit": "g.tank", "hex": "0102", "cause": "advance"})
    assert "retreat route, 13.8)" in errors(r)[0][1]
