"""FoW p.97 Strategic Withdrawal from the rulebook text (seed 004): "The Defender starts the game with no Delay
Counters. At the start of each turn from turn two onwards, after checking Victory Conditions, the Defender counts the
number of Units (not counting their Attachments and any Independent Teams) and Delay Counters that they have on
table. If the total is six or more, they must Withdraw one Unit ... and remove all Delay Counters. If they have less
than six Units and Delay Counters combined, they gain a Delay Counter, but do not Withdraw any Units." "WITHDRAWING
UNITS ... all of the teams of that Unit (and its Attachments) are removed from the table. If a Withdrawing Unit is
not in Good Spirits, it will be treated as being Destroyed when working out Victory Points." (p.93 Victory Points.)

The Germans defend with two Units (the Panzer IV and PaK 40 platoons): Delay Counters in turns 2-5 (2+0 … 2+3),
then in turn 6 two Units and four Counters make six and a Unit Withdraws."""

from __future__ import annotations

import pytest

from modgen.logs.chat import parse, verbs_for
from modgen.rules.fow import plugin
from tests.fow_helpers import findings, setup
from tests.fow_mission_helpers import check, copy_game, game_turn

# the Panzers placed In Command around their Unit Leader de.pz4h.1 (p.93)
DEPLOYED = [*(setup(f"de.pz4h.{i}", x, 6, 180) for i, x in enumerate((15, 12, 18, 21), 1)),
            setup("de.pak40.1", 40, 6, 180),
            setup("de.pak40.2", 43, 6, 180), setup("us.sherman.1", 30, 44)]
WITHDRAW = [{"type": "withdraw", "unit": "de.pak40.1"}, {"type": "exit", "unit": "de.pak40.1"},
            {"type": "exit", "unit": "de.pak40.2"}]


@pytest.fixture(scope="module")
def rear_guard(tmp_path_factory):
    """The Free For All table with the Rear Guard's "Strategic Withdrawal (Defender)" (p.100) for the Germans."""
    def change(s):
        s["special_rules"].append({"id": "strategic_withdrawal", "sides": ["german"],
                                   "text": "Strategic Withdrawal (Defender), p.97"})
    return copy_game(tmp_path_factory.mktemp("rg"), "free_for_all", change)


def play(game, withdraw_in: dict[int, list[dict]], upto: int = 6, extra: tuple[dict, ...] = ()) -> list[dict]:
    ev = [*DEPLOYED]
    for n in range(1, upto + 1):
        ev += game_turn(n, german=(withdraw_in.get(n, []),))
    return check(game, "free_for_all", *ev, *extra, rule="FoW p.97")


def test_p97_delay_counters_then_withdraw_at_six(rear_guard):
    assert play(rear_guard, {6: WITHDRAW}) == []


def test_p97_six_or_more_must_withdraw(rear_guard):
    found = play(rear_guard, {})
    assert [f["severity"] for f in found] == ["error"]
    assert "2 Unit(s) and 4 Delay Counter(s)" in found[0]["message"] and "must Withdraw" in found[0]["message"]


def test_p97_below_six_gains_a_counter_instead(rear_guard):
    found = play(rear_guard, {3: WITHDRAW}, upto=3)
    assert [f["severity"] for f in found] == ["error"]
    assert "1 Delay Counter(s) on the table, 3 in all" in found[0]["message"]


def test_p97_not_in_turn_one(rear_guard):
    found = play(rear_guard, {1: WITHDRAW}, upto=1)
    assert [f["severity"] for f in found] == ["error"] and "from turn two onwards" in found[0]["message"]


def test_p97_all_the_teams_are_removed(rear_guard):
    found = play(rear_guard, {6: WITHDRAW[:2]})
    assert [f["severity"] for f in found] == ["error"] and found[0]["units"] == ["de.pak40.2"]


def test_p97_only_in_missions_with_the_rule():
    found = [f for f in findings(*DEPLOYED, *game_turn(2, german=(WITHDRAW,))) if f["rule"] == "FoW p.97"]
    assert [f["severity"] for f in found] == ["error"] and "no Strategic Withdrawal" in found[0]["message"]


def test_p97_withdrawn_unit_not_in_good_spirits_is_destroyed_for_victory_points(rear_guard):
    """p.93: the winner's losses are its Units Destroyed; the PaK platoon, one gun lost, Withdraws not In Good
    Spirits (p.60: two Gun Teams needed), the Panzers are all Destroyed: two Units, a Major Victory (7 and 2)."""
    loss = [{"type": "loss", "unit": "de.pak40.2"}]
    killed = [{"type": "loss", "unit": f"de.pz4h.{i}"} for i in range(1, 5)]
    wd = [{"type": "withdraw", "unit": "de.pak40.1"}, {"type": "exit", "unit": "de.pak40.1"}]
    ev = [*DEPLOYED]
    for n in range(1, 7):
        ev += game_turn(n, us=([], [], loss if n == 5 else []), german=(wd if n == 6 else [],))
    ev += killed
    vp = {"type": "game_end", "winner": "german", "vp": {"german": 7, "us": 2}, "level": "Major Victory"}
    assert check(rear_guard, "free_for_all", *ev, vp, rule="FoW p.93") == []
    found = check(rear_guard, "free_for_all", *ev, vp | {"vp": {"german": 8, "us": 1}}, rule="FoW p.93")
    assert [f["severity"] for f in found] == ["error", "error"] and "lost 2 Unit(s)" in found[0]["message"]


def test_withdraw_and_scatter_chat_verbs():
    verbs = verbs_for(plugin)
    assert parse("!withdraw de.pak40.1", verbs).event == {"type": "withdraw", "unit": "de.pak40.1"}
    assert parse("!scatter de.pz4h.1 roll 4", verbs).event == {"type": "scatter", "unit": "de.pz4h.1", "roll": 4}
