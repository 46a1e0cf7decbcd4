"""FoW re-roll limits from the rulebook text (seed 004): p.4 "RE-ROLLS ... You never get more than one re-roll per
situation"; p.33 "If you are re-rolling a die requiring a 7 or 8, treat both the initial roll (needing a 6) and the
further roll as a single roll. For example, if you had three dice and were trying to get 7 and your rolls were 6,
6, and 1 ... You now re-roll the two misses"; p.71 Tiger Ace "A Formation Commander Tank Team with Tiger Ace
re-rolls any failed roll to hit when shooting their main gun"; p.73 Volley Fire (did not move, main weapon, within
16"/40cm) and Komissar "If the Motivation Test has already been re-rolled by the Formation Commander, a Komissar may
attempt another re-roll as an exception to normal re-rolls rule", with the p.73 Strelkovy Company example (Rally
failed, the Commander's re-roll fails, the Komissar within 6"/15cm of the Unit Leader re-rolls a second time).
The bundled force has none of these rules: the tests give them to bundled teams (illustrative)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import move, setup, step, turn_to
from tests.fow_patch import check, patched_game

SHERMAN_TAGS = ["armoured", "turreted", "unit_leader"]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    gun = {"name": "M3 75mm gun", "kind": "gun", "main": True, "mount": "turret", "range": {"in": 32, "cm": 80},
           "rof": {"halted": 3}, "anti_tank": 10, "firepower": "3+", "notes": []}
    return patched_game(tmp_path_factory.mktemp("rr"), change={
        "us.sherman.1": {"tags": [*SHERMAN_TAGS, "tiger_ace"], "weapons": [gun]},
        "us.sherman.2": {"tags": ["armoured", "turreted", "tiger_ace"], "weapons": [gun]},
        "us.sherman.3": {"tags": ["armoured", "turreted", "volley_fire"], "weapons": [gun]},
        "us.rifle.3": {"tags": ["komissar"]},
    })


TANKS = [setup("us.sherman.1", 30, 40), setup("us.sherman.2", 40, 40), setup("us.sherman.3", 50, 40),
         setup("de.pz4h.1", 30, 14, 180), setup("de.pz4h.2", 50, 30, 180)]


def shot(unit, dice, rerolls, target="de.pz4h.1", **kw):
    return {"type": "shoot", "unit": unit, "target": target, "dice": dice, "rerolls": rerolls, **kw}


# Pz IV Is Hit On 4+, over 16" +1, Concealed and Gone to Ground +2: it needs 7 (p.33).
SEVEN = {"mods": ["concealed", "gone_to_ground"]}


def test_p33_example_three_dice_needing_7_re_roll_the_two_misses(game):
    ok = check(game, *TANKS, *turn_to("shooting", turn=2), shot("us.sherman.1", [6, 6, 1], [6, 2], **SEVEN))
    assert ok == []


def test_p4_a_die_is_re_rolled_at_most_once(game):
    found = check(game, *TANKS, *turn_to("shooting", turn=2), shot("us.sherman.1", [6, 6, 1], [6, 2, 3, 1], **SEVEN))
    assert [f["rule"] for f in found] == ["FoW p.4"] and "each once" in found[0]["message"]
    # needing 4+ (10" away, no modifiers), the rolls 5, 2, 1 leave two misses to re-roll
    near = [setup("us.sherman.1", 30, 40), setup("de.pz4h.1", 30, 28, 180)]
    assert check(game, *near, *turn_to("shooting", turn=2), shot("us.sherman.1", [5, 2, 1], [4, 6])) == []
    found = check(game, *near, *turn_to("shooting", turn=2), shot("us.sherman.1", [5, 2, 1], [4, 6, 3]))
    assert [f["rule"] for f in found] == ["FoW p.4"] and "2 miss" in found[0]["message"]


def test_p4_no_re_roll_without_a_rule(game):
    plain = [setup("us.sherman.4", 30, 40), setup("de.pz4h.1", 30, 28, 180)]
    found = check(game, *plain, *turn_to("shooting", turn=2), shot("us.sherman.4", [2, 1], [5, 5]))
    assert [f["rule"] for f in found] == ["FoW p.4"] and "no rule" in found[0]["message"]


def test_p71_tiger_ace_only_for_the_formation_commander(game):
    found = check(game, *TANKS, *turn_to("shooting", turn=2), shot("us.sherman.2", [1, 2, 3], [5, 5]))
    assert [f["rule"] for f in found] == ["FoW p.71"] and "Formation Commander" in found[0]["message"]


def test_p73_volley_fire_halted_and_within_16_inches(game):
    at_20 = check(game, *TANKS, *turn_to("shooting", turn=2), shot("us.sherman.3", [1, 2, 3], [5, 5, 5],
                                                                     target="de.pz4h.2"))
    assert at_20 == []  # 8.8" away
    far = check(game, *TANKS, *turn_to("shooting", turn=2), shot("us.sherman.3", [1, 2, 3], [5, 5, 5]))
    assert [f["rule"] for f in far] == ["FoW p.73"] and "within 16" in far[0]["message"]
    moved = check(game, *TANKS, *turn_to("movement", turn=2), move("us.sherman.3", [50, 40], [50, 38]),
                  step("shooting"), shot("us.sherman.3", [1], [5], target="de.pz4h.2"))
    assert [f["rule"] for f in moved] == ["FoW p.73"] and "did not move" in moved[0]["message"]


PINNED = [setup("us.rifle.1", 20, 40), setup("us.rifle.2", 22, 40), setup("us.rifle.3", 24, 40),
          setup("us.sherman.1", 20, 44), setup("de.pz4h.1", 30, 4, 180),
          {"type": "marker", "unit": "us.rifle.1", "marker": "pinned_down", "on": True}]


def rally(game, *dice, pieces=PINNED):
    return check(game, *pieces, *turn_to("starting"),
                 {"type": "motivation", "unit": "us.rifle.1", "test": "rally", "dice": list(dice)})


def test_p73_komissar_second_re_roll_of_a_failed_rally(game):
    assert rally(game, 2, 3, 5) == []  # the p.73 example: failed, Commander's re-roll failed, the Komissar's re-roll
    far = [*PINNED[:2], setup("us.rifle.3", 20, 30), *PINNED[3:]]
    found = rally(game, 2, 3, 5, pieces=far)
    assert [f["rule"] for f in found] == ["FoW p.73"] and "within 6" in found[0]["message"]
    found = rally(game, 2, 3, 5, 6)
    assert [f["rule"] for f in found] == ["FoW p.4"]
    found = rally(game, 2, 5, 6)
    assert [f["rule"] for f in found] == ["FoW p.4"] and "passed" in found[0]["message"]


def test_p4_no_second_re_roll_without_a_komissar(tmp_path):
    plain = patched_game(tmp_path)
    found = check(plain, *PINNED, *turn_to("starting"),
                  {"type": "motivation", "unit": "us.rifle.1", "test": "rally", "dice": [2, 3, 5]})
    assert [f["rule"] for f in found] == ["FoW p.4"] and "Komissar" in found[0]["message"]
    remount = check(plain, setup("us.sherman.1", 20, 44), {"type": "marker", "unit": "us.sherman.1",
                                                            "marker": "bailed_out", "on": True},
                    *turn_to("starting"), {"type": "motivation", "unit": "us.sherman.1", "test": "remount",
                                           "dice": [2, 3, 5]}, rules=("FoW p.4", "FoW p.8", "FoW p.73"))
    assert [f["rule"] for f in remount] == ["FoW p.4"]  # (its lone Unit's Last Stand, p.60, left out)
