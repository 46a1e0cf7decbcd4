"""FoW Spearhead deployment from the rulebook text (seed 004), p.68: "When a Spearhead Unit is placed on table during
Deployment ..., the player may immediately Move its Teams at Tactical or Dash speed. This movement may not use any
Movement Orders, and may not take a Team within: 16"/40cm of an enemy Team it is not Concealed from, 8"/20cm of any
enemy Team, 16"/40cm of the enemy Deployment Area or any Objective outside your own Deployment Area. When Deploying
their remaining Units, a player may treat the area entirely within 8"/20cm of a Spearhead Team that is In Command as
an extension of their Deployment Area. Teams placed here may not be placed in the areas that a Spearhead Team may not
move into." The Free For All table (p.97): the Americans deploy within 12" of the south edge (y 36-48), the Germans
of the north edge (y 0-12); the German objectives stand at (18, 43) and (50, 43), the American ones at (20, 5) and
(54, 5). The bundled Shermans get the tag ``spearhead`` (illustrative). Standard Tank: Road Dash 20" (p.18)."""

from __future__ import annotations

import pytest

from tests.fow_helpers import findings, move, setup, turn_to
from tests.fow_mission_helpers import check
from tests.fow_patch import patched_game

TAGS = ["armoured", "turreted"]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return patched_game(tmp_path_factory.mktemp("sph"), change={
        "us.sherman.1": {"tags": [*TAGS, "unit_leader", "spearhead"]}, "us.sherman.2": {"tags": [*TAGS, "spearhead"]}})


def run(game, *events):
    return check(game, "free_for_all", *events, *turn_to("starting"), rule="FoW p.68") + \
        check(game, "free_for_all", *events, *turn_to("starting"), rule="FoW p.97")


GERMANS = [setup("de.pz4h.1", 60, 6, 180)]


def test_p68_spearhead_moves_forward_out_of_its_deployment_area(game):
    ev = [*GERMANS, setup("us.sherman.1", 10, 42), move("us.sherman.1", [10, 42], [10, 30], "dash")]
    assert run(game, *ev) == []


def test_p97_another_team_moved_while_deploying_is_re_placed():
    """Only a Spearhead Unit moves at Deployment (p.68); another team dragged then (VASSAL records a ``move``) is
    re-placed, and its new place must be in its Deployment Area (p.97), with no Spearhead limits."""
    ok = findings(*GERMANS, setup("us.sherman.3", 10, 42), move("us.sherman.3", [10, 42], [10, 38]),
                  *turn_to("starting"), deployment=True)
    assert ok == []
    found = findings(*GERMANS, setup("us.sherman.3", 10, 42), move("us.sherman.3", [10, 42], [10, 30]),
                     *turn_to("starting"), deployment=True)
    assert [f["rule"] for f in found] == ["FoW p.97"] and " is deployed at [10, 30]" in found[0]["message"]


def test_p68_no_further_than_its_dash(game):
    found = run(game, *GERMANS, setup("us.sherman.1", 10, 47), move("us.sherman.1", [10, 47], [31, 47], "dash"))
    assert [f["severity"] for f in found] == ["error"] and "fastest Dash speed 20.0\"" in found[0]["message"]


def test_p68_keeps_16_inches_from_the_enemy_deployment_area(game):
    # y=26 leaves 14" minus half the hull (2.3" deep) to the German area's edge at y=12
    found = run(game, *GERMANS, setup("us.sherman.1", 10, 42), move("us.sherman.1", [10, 42], [10, 26], "dash"))
    assert [f["severity"] for f in found] == ["error"] and "enemy Deployment Area" in found[0]["message"]


def test_p68_8_inches_from_any_enemy_and_16_a_concealment_warning(game):
    german = [setup("de.pz4h.1", 10, 20, 180)]  # a German tank forward of its area (its own p.97 error aside)
    found = [f for f in run(game, *german, setup("us.sherman.1", 10, 42),
                            move("us.sherman.1", [10, 42], [10, 30], "dash")) if f["rule"] == "FoW p.68"]
    assert [f["severity"] for f in found] == ["error"] and "within 8.0\"" in found[0]["message"]
    found = [f for f in run(game, *german, setup("us.sherman.1", 10, 42),
                            move("us.sherman.1", [10, 42], [10, 34], "dash")) if f["rule"] == "FoW p.68"]
    assert [f["severity"] for f in found] == ["warning"] and "Concealed" in found[0]["message"]


def test_p68_no_movement_orders(game):
    found = run(game, *GERMANS, setup("us.sherman.1", 10, 42), {"type": "order", "unit": "us.sherman.1",
                                                                "order": "blitz"})
    assert [f["severity"] for f in found] == ["error"] and "Movement Orders" in found[0]["message"]


def test_p68_deployment_area_extended_8_inches_round_an_in_command_spearhead(game):
    sp = [*GERMANS, setup("us.sherman.1", 10, 42), move("us.sherman.1", [10, 42], [10, 30], "dash")]
    assert run(game, *sp, setup("us.rifle.1", 14, 31)) == []  # beside the hull, fully within 8", 18" from y=12
    far = run(game, *sp, setup("us.rifle.1", 20, 30))
    assert [f["rule"] for f in far] == ["FoW p.97"]
    # the extension keeps the Spearhead's limits: 16" from the German area (y=12)
    bad = run(game, setup("de.pz4h.1", 60, 6, 180), setup("us.sherman.1", 10, 42),
              move("us.sherman.1", [10, 42], [10, 31], "dash"), setup("us.rifle.1", 10, 26))
    assert [f["severity"] for f in bad] == ["error"] and "Spearhead extension" in bad[0]["message"]


def test_p68_a_team_placed_in_the_extension_does_not_spearhead_move(game):
    sp = [*GERMANS, setup("us.sherman.1", 10, 42), move("us.sherman.1", [10, 42], [10, 30], "dash"),
          setup("us.sherman.2", 16, 30), move("us.sherman.2", [16, 30], [16, 29], "dash")]
    found = run(game, *sp)
    assert [f["severity"] for f in found] == ["error"] and "may not move" in found[0]["message"]
