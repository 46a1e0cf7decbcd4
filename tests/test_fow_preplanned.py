"""FoW Pre-planned Artillery Targets, Rocket Launcher templates and Bulletproof Cover Firepower tests, from the
rulebook text (seed 004): p.49 "An Artillery Unit that is not in Reserve may place its Ranged In marker anywhere on
the table at the start of the game ... before Deployment", p.96 "In a Meeting Engagement ... players do not place
their Ranged In markers as Preplanned Artillery Targets", p.49 Repeat Bombardment on the Ranged In marker; p.50
"Rocket Launchers all of which count as two or more weapons, you must use a Double-width Template" (QRS 6" x 12");
p.39 "The Shooting player must roll a die for each unsaved hit on an Infantry or Gun Team in Bulletproof Cover. If
the roll equals or exceeds the weapon's Firepower rating, the target Team is Destroyed", p.48 "Teams behind Stone
Walls, Bocage Hedgerows, and similar linear terrain are not in Bulletproof Cover from an Artillery Bombardment",
p.49 adjusted Firepower (6 -> 4+)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import move, setup, turn_to
from tests.fow_patch import check, patched_game

MORTAR_ART = {"name": "M2 60mm mortar (Firing Bombardments)", "kind": "artillery", "mount": "team",
              "range": {"in": 32, "cm": 80}, "rof": {"halted": None}, "anti_tank": 1, "firepower": "6",
              "notes": ["Artillery"]}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    rockets = {**MORTAR_ART, "name": "Rockets", "notes": ["Artillery", "Counts as 2 weapons"]}
    return {
        "meeting": patched_game(tmp_path_factory.mktemp("pp1")),
        "open": patched_game(tmp_path_factory.mktemp("pp2"), drop_rules=("meeting_engagement",)),
        "rockets": patched_game(tmp_path_factory.mktemp("pp3"), change={"us.mortar.1": {"weapons": [rockets]}}),
    }


PRE = {"type": "preplanned", "unit": "us.mortar.1", "aim": [30, 20]}
TEAMS = [setup("us.mortar.1", 30, 44), setup("de.pak40.1", 31, 20, 180), setup("de.pz4h.1", 60, 10, 180)]
REPEAT = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": [30, 20], "repeat": True}
BP = ("FoW p.49", "FoW p.96")


def test_p49_preplanned_marker_lets_the_first_turn_repeat(games):
    assert check(games["open"], PRE, *TEAMS, *turn_to("shooting"), REPEAT, rules=BP) == []
    found = check(games["open"], *TEAMS, *turn_to("shooting"), REPEAT, rules=BP)
    assert [f["rule"] for f in found] == ["FoW p.49"] and "no Ranged In marker" in found[0]["message"]


def test_p49_preplanned_before_deployment_only(games):
    found = check(games["open"], *TEAMS, PRE, rules=BP)
    assert [f["rule"] for f in found] == ["FoW p.49"] and "before Deployment" in found[0]["message"]


def test_p49_not_for_a_unit_in_reserve_or_without_artillery(games):
    found = check(games["open"], PRE, *TEAMS[1:], *turn_to("starting"), rules=BP)
    assert [f["rule"] for f in found] == ["FoW p.49"] and "not in Reserve" in found[0]["message"]
    found = check(games["open"], {**PRE, "unit": "us.rifle.1"}, rules=BP)
    assert [f["rule"] for f in found] == ["FoW p.49"] and "no Artillery weapon" in found[0]["message"]


def test_p96_no_preplanned_targets_in_a_meeting_engagement(games):
    found = check(games["meeting"], PRE, *TEAMS, rules=BP)
    assert [f["rule"] for f in found] == ["FoW p.96"]


def bombard(game, target_x):
    rng = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": [30, 20], "roll": 6}
    bomb = {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [2], "hits": 0}
    ev = [setup("us.mortar.1", 30, 44), setup("de.pak40.1", target_x, 20, 180), setup("de.pz4h.1", 60, 10, 180),
          *turn_to("shooting", turn=2), rng, bomb]
    return check(game, *ev, rules=("FoW p.48",))


def test_p50_rockets_counting_as_two_weapons_use_the_double_width_template(games):
    # The PaK 40's large base (2.5" wide) at x=35 starts 4.75" from the Aiming Point: outside the 6" Template
    # (3" either side), under the 12"-wide Double-width one (6" either side).
    found = bombard(games["open"], 35)
    assert [f["rule"] for f in found] == ["FoW p.48"] and "outside the Template" in found[0]["message"]
    assert bombard(games["rockets"], 35) == []
    assert [f["rule"] for f in bombard(games["rockets"], 39)] == ["FoW p.48"]


SHOT = {"type": "shoot", "unit": "de.pz4h.1", "target": "us.rifle.1", "hits": 1}
RIFLE = [setup("us.rifle.1", 65, 40), setup("de.pz4h.1", 66, 26, 180)]


def cover_save(game, fp_roll, result):
    save = {"type": "save", "unit": "us.rifle.1", "by": "de.pz4h.1", "cover": True, "roll": 1, "fp_roll": fp_roll,
            "result": result}
    return check(game, *RIFLE, *turn_to("shooting", "german", turn=2), SHOT, save, rules=("FoW p.39",))


def test_p39_failed_save_in_bulletproof_cover_needs_the_firepower(games):
    # the Panzer IV's 7.5cm gun is Firepower 3+
    assert cover_save(games["open"], 2, "saved") == []
    assert cover_save(games["open"], 3, "destroyed") == []
    found = cover_save(games["open"], 2, "destroyed")
    assert [f["rule"] for f in found] == ["FoW p.39"] and "protected by the cover" in found[0]["message"]
    assert [f["rule"] for f in cover_save(games["open"], 4, "saved")] == ["FoW p.39"]


def test_p48_bombardment_firepower_test_uses_the_adjusted_rating(games):
    rng = {"type": "range_in", "unit": "us.mortar.1", "target": "us.mortar.1", "aim": [30, 20], "roll": 6}
    bomb = {"type": "bombard", "unit": "us.mortar.1", "target": "de.pak40.1", "dice": [5, 5], "hits": 1}
    save = {"type": "save", "unit": "de.pak40.1", "by": "us.mortar.1", "cover": True, "roll": 1, "fp_roll": 4,
            "result": "saved"}
    # the PaK 40 left the Foxholes it started in (p.93, p.24 "until they Move") by moving 1"
    left = [*turn_to("movement", "german"), move("de.pak40.1", [31, 20], [32, 20])]
    found = check(games["open"], *TEAMS, *left, *turn_to("shooting", turn=2), rng, bomb, save, rules=("FoW p.48",))
    # Firepower 6 is 4+ in a Bombardment (p.49): a 4 Destroys; and the PaK 40 stands in no bulletproof terrain
    assert sorted((f["rule"], f["severity"]) for f in found) == [("FoW p.48", "error"), ("FoW p.48", "warning")]
    assert any("adjusted Firepower" in f["message"] for f in found)
    assert any("linear terrain" in f["message"] for f in found)
