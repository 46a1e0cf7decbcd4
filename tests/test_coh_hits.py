"""CoH hit counters and their effects on later events (15.2, Fig 29), rally, the chat verbs, and the shipped Storms of
Steel logs: the Fig 27-30 sequence checks clean, and violations.jsonl gives exactly its planted findings."""

from __future__ import annotations

import pytest

from modgen.logs import chat
from modgen.logs.eventlog import read_events
from modgen.rules.coh import plugin
from tests.coh_figlog import PLANTED, REPO, SRIF, TANK, check, figures, rules, violations

ACT_T = {"type": "activate", "units": [TANK]}
PASS_S = {"type": "pass", "side": "soviet"}
MOVE_T = {"type": "move", "unit": TANK, "from": "0607", "to": "0507"}


def on(marker, unit=TANK, put=True):
    return {"type": "marker", "unit": unit, "marker": marker, "on": put}


def test_immobilized_and_stunned_may_not_move():
    assert rules(check(on("hit.vehicle.immobilized"), ACT_T, MOVE_T)) == ["CoH 15.2"]
    assert rules(check(on("hit.vehicle.stunned"), ACT_T, MOVE_T)) == ["CoH 15.2"]
    assert check(on("hit.vehicle.light_damage"), ACT_T, MOVE_T) == []  # "just psychological"


def test_panicked_and_stunned_may_not_fire_gun_damaged_loses_its_colour():
    fire = {"type": "attack", "attackers": [TANK], "defenders": ["su.57mm_at"]}
    for m in ("hit.vehicle.panicked", "hit.vehicle.stunned"):
        found = check(on(m), ACT_T, fire)
        assert "CoH 15.2" in rules(found), m
    # the gun's flank DR is red: a red Gun Damaged forbids it (Fig 29), a blue one does not
    assert rules(check(on("hit.vehicle.gun_damaged_red"), ACT_T, fire)) == ["CoH 15.2"]
    assert check(on("hit.vehicle.gun_damaged_blue"), ACT_T, fire, {"type": "roll", "dice": [1, 1]}) == []


def test_immobilized_changes_dr_front_minus_one():
    # the gun (blue 8, after pivoting to 180) fires at the tank's front: 15 - 1 = 14, so a roll of 6 hits, and a hit
    # on a vehicle that already has a hit counter destroys it (15.2: resolved as for foot units; Fig 30)
    pre = [on("hit.vehicle.immobilized"), {"type": "pass", "side": "german"},
           {"type": "pivot", "unit": "su.57mm_at", "facing": 180, "cap": 1}, {"type": "pass", "side": "german"},
           {"type": "activate", "units": ["su.57mm_at"]},
           {"type": "attack", "attackers": ["su.57mm_at"], "defenders": [TANK]}, {"type": "roll", "dice": [3, 3]}]
    assert check(*pre, {"type": "loss", "unit": TANK, "eliminated": True},
                 {"type": "vp", "side": "soviet", "points": 1}) == []
    found = check(*pre)
    assert rules(found) == ["CoH Fig 30"] and "-1 Immobilized" in found[0].message


def test_destroyed_counter_removes_the_unit():
    pre = [{"type": "pass", "side": "german"}, {"type": "activate", "units": ["su.57mm_at"]}]
    found = check(on("hit.vehicle.destroyed"), ACT_T, MOVE_T)
    assert found == []  # no attack: nothing to settle; the counter is only wrong after an attack
    found = check(*pre, {"type": "pivot", "unit": "su.57mm_at", "facing": 180}, {"type": "pass", "side": "german"},
                  {"type": "attack", "attackers": ["su.57mm_at"], "defenders": [TANK]},
                  {"type": "roll", "dice": [4, 4]}, on("hit.vehicle.destroyed"))
    assert rules(found) == ["CoH 15.2"] and "Immediately remove" in found[0].message


@pytest.mark.parametrize("policy,roll,ok", [(8, 8, True), (8, 7, False), (9, 8, False), (9, 9, True)])
def test_rally_number_of_suppressed(policy, roll, ok):
    # 15.2: "8 needed to rally" (English), 9 in the Russian text: the suppressed_rally policy
    found = check(on("hit.vehicle.suppressed"), ACT_T, {"type": "rally", "unit": TANK, "roll": roll},
                  on("hit.vehicle.suppressed", put=False), policies={"suppressed_rally": policy})
    found = [f for f in found if f.severity == "error"]
    assert (found == []) is ok and (ok or rules(found) == ["CoH 15.2"])


def test_counters_without_rally_number_stay_and_nothing_leaves_without_a_rally():
    found = check(on("hit.vehicle.immobilized"), ACT_T, {"type": "rally", "unit": TANK, "roll": 12},
                  on("hit.vehicle.immobilized", put=False))
    assert [f.rule for f in found if f.severity == "error"] == ["CoH 15.2"] and "cannot be rallied" in found[-1].message
    found = check(on("hit.vehicle.panicked"), ACT_T, MOVE_T, on("hit.vehicle.panicked", put=False))
    assert rules(found) == ["CoH 15.2"] and "without a rally" in found[0].message
    # Fig 29: the auto-rally card (2AP) removes the hit counter
    assert check(on("hit.foot", SRIF), {"type": "pass", "side": "german"}, {"type": "activate", "units": [SRIF]},
                 {"type": "order", "order": "auto_rally", "unit": SRIF}, on("hit.foot", SRIF, put=False)) == []


def test_chat_verbs():
    verbs = chat.verbs_for(plugin)
    assert chat.parse("!pivot 0605 180 cap 1", verbs).event == {"type": "pivot", "unit": "0605", "facing": 180,
                                                                 "cap": 1}
    assert chat.parse("!activate 0809 0809", verbs).event == {"type": "activate", "units": ["0809", "0809"]}
    assert chat.parse("!pass", verbs).event == {"type": "pass"}
    assert chat.parse("!cap 1 roll", verbs).event == {"type": "cap", "cap": 1, "purpose": "roll"}
    assert chat.parse("!card auto_rally 0705", verbs).event == {"type": "order", "order": "auto_rally",
                                                                 "unit": "0705"}
    assert chat.parse("!spent 0809", verbs).event == {"type": "spent", "units": ["0809"]}
    with pytest.raises(chat.ChatSyntaxError) as err:
        chat.parse("!pivot 0605 left", verbs)
    assert err.value.column == 13
    with pytest.raises(chat.ChatSyntaxError):
        chat.parse("!cap 2 dice", verbs)


def test_hit_counter_is_attached():
    assert plugin.counter_role({"kind": "hit"}) == "attached"


def test_figures_27_to_30_check_clean_and_shipped_logs_match():
    assert check(whole=figures()) == []
    found = check(whole=violations())
    assert [f.rule for f in found] == [r for r, _ in PLANTED]
    for name, events in (("legal", figures()), ("violations", violations())):
        shipped = [{k: v for k, v in e.items() if k not in ("i", "source")}
                   for e in read_events(REPO / "logs" / "stormsofsteel" / f"{name}.jsonl", system=plugin)]
        assert shipped == events, name
