"""FoW p.40 from the rulebook text (seed 004): "REPLACE DESTROYED UNIT LEADERS ... nominate another Team of the same
Type from the Unit within 6"/15cm as the new Unit Leader Team. If there are no suitable Teams close enough, the Unit
remains leaderless until the Leader is replaced. A Formation Commander may appoint another Team from the Unit within
6"/15cm and in Line of Sight as the new Unit Leader at the start of any of their turns." and "KILLING COMMANDERS ...
nominate another Team of the same type from the HQ Unit within 6"/15cm as the new Formation Commander. If they cannot
do this, the owning player rolls a die. On a roll of 3+, the Commander survives and switches to another Team ...
Otherwise, the Commander is killed." In the bundled force Sherman 1 leads the tank platoon and is the Formation
Commander; Rifle 1 leads the rifle platoon."""

from __future__ import annotations

from tests.fow_helpers import findings, setup, step, turn_to

TANKS = [setup("us.sherman.1", 30, 44), setup("us.sherman.2", 34, 44), setup("us.sherman.3", 44, 44),
         setup("us.sherman.4", 38, 44), setup("de.pz4h.1", 30, 10, 180)]
RIFLES = [setup("us.rifle.1", 10, 44), setup("us.rifle.2", 13, 44), setup("us.rifle.3", 16, 44)]


def lose(unit):
    return {"type": "loss", "unit": unit}


def leader(unit, **kw):
    return {"type": "leader", "unit": unit, **kw}


def p40(*events, rule="FoW p.40"):
    return [f for f in findings(*events) if f["rule"] == rule]


def killed(*then, start=TANKS):
    return [*start, *turn_to("shooting", "german"), lose("us.sherman.1"), *then]


def test_next_in_line_takes_over_at_once():
    # Sherman 2 is 1.4" (hull edges) from where Sherman 1 was Destroyed: Unit Leader and Formation Commander.
    assert p40(*killed(leader("us.sherman.2"), leader("us.sherman.2", role="commander"))) == []


def test_new_leader_too_far_away():
    found = p40(*killed(leader("us.sherman.3")))
    assert [f["severity"] for f in found] == ["error"] and "from where Sherman 1" in found[0]["message"]
    assert found[0]["position"] == [44.0, 44.0]


def test_a_living_leader_is_not_replaced():
    found = p40(*TANKS, *turn_to("starting"), leader("us.sherman.2"))
    assert [f["severity"] for f in found] == ["error"] and "still leads it" in found[0]["message"]


def test_the_replaced_leader_keeps_the_unit_in_good_spirits():
    # p.60: a Unit whose Leader is Destroyed and not replaced is not In Good Spirits and owes a Last Stand test.
    after = [step("assault", "german"), {"type": "turn", "turn": 2}, step("starting"), step("movement")]
    assert p40(*killed(*after), rule="FoW p.60")
    assert p40(*killed(leader("us.sherman.2"), *after), rule="FoW p.60") == []


def test_commander_appoints_a_leaderless_unit_a_leader_at_the_start_of_the_turn():
    start = [*TANKS[:-1], setup("us.rifle.2", 30, 48), setup("us.rifle.3", 40, 50), setup("us.rifle.1", 28, 50)]
    dead = [*start, *turn_to("shooting", "german"), lose("us.rifle.1"), step("assault", "german"),
            {"type": "turn", "turn": 2}, step("starting")]
    assert p40(*dead, leader("us.rifle.2")) == []  # Sherman 1 is 2" from Rifle 2
    far = p40(*dead, leader("us.rifle.3"))
    assert [f["severity"] for f in far] == ["error"] and "Formation Commander appoints" in far[0]["message"]
    late = p40(*dead, step("movement"), leader("us.rifle.2"))
    assert [f["severity"] for f in late] == ["error"] and "at the start of its turn" in late[0]["message"]


def test_commander_survival_roll():
    # The survival roll: on 3+ the Commander switches to another Team of its Formation within 6" (Sherman 4,
    # 4.0" away between hull edges) of the same type; on 1-2 the Commander is killed.
    tanks = [setup("us.sherman.1", 30, 44), setup("us.sherman.4", 35, 44), setup("de.pz4h.1", 30, 10, 180)]
    assert p40(*killed(leader("us.sherman.4", role="commander", roll=3), start=tanks)) == []
    low = p40(*killed(leader("us.sherman.4", role="commander", roll=2), start=tanks))
    assert [f["severity"] for f in low] == ["error"] and "killed" in low[0]["message"]
    rifle = p40(*killed(leader("us.rifle.2", role="commander", roll=5), start=[*tanks, *RIFLES[1:2]]))
    assert any("same type" in f["message"] for f in rifle)


def test_chat_declaration():
    from modgen.logs.chat import parse, verbs_for
    from modgen.rules.fow import plugin

    ev = parse("!leader us.sherman.4 commander roll 3", verbs_for(plugin)).event
    assert {k: ev.get(k) for k in ("type", "unit", "role", "roll")} == {"type": "leader", "unit": "us.sherman.4",
                                                                         "role": "commander", "roll": 3}
