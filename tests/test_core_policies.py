"""Core policies (modgen.systems.core, docs/rules.md "Core policies") are settable in every game: validation accepts
them in ``rules.policies`` whatever the plugin's closed rules schema says, every plugin's ``policy_values`` gives the
manifest's choice, and the VASSAL reader honours it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from test_adapter import units_save
from test_drops import A_0303_TO_0403, A_TO_0303
from vassal_logs import log_text, save_text, tiny_game, vsav

from modgen.data.scaffold import new_workspace, template_systems
from modgen.data.validate import validate_game
from modgen.systems.core import CORE_POLICIES, with_core_policies
from modgen.vassal.adapter import adapt

SYSTEMS = template_systems()


def _with_policies(tmp_path: Path, system: str, policies: dict) -> Path:
    manifest = new_workspace(tmp_path / system, system=system, game_id="demo")
    doc = json.loads(manifest.read_text())
    doc.setdefault("rules", {}).setdefault("policies", {}).update(policies)
    manifest.write_text(json.dumps(doc, indent=1))
    return manifest


def _errors(manifest: Path) -> list[str]:
    return [str(i) for i in validate_game(manifest) if i.severity == "error"]


def test_every_bundled_system_has_a_template():
    assert {"efb", "tis", "coh", "fow"} <= set(SYSTEMS)


@pytest.mark.parametrize("system", SYSTEMS)
def test_merge_drops_validates_in_every_game(tmp_path, system):
    manifest = _with_policies(tmp_path, system, {"merge_drops": False})
    assert _errors(manifest) == []
    from modgen.data.model import load_game

    game = load_game(manifest)
    assert game.rule_system().policy_values(game.manifest)["merge_drops"] is False


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_misspelt_core_policy_gets_a_did_you_mean(tmp_path, system):
    errors = _errors(_with_policies(tmp_path, system, {"merge_drop": False}))
    assert len(errors) == 1, errors
    assert "unknown policy 'merge_drop'" in errors[0] and "did you mean 'merge_drops'" in errors[0], errors


def test_a_core_policy_value_outside_its_choices_is_refused(tmp_path):
    errors = _errors(_with_policies(tmp_path, "efb", {"merge_drops": "sometimes"}))
    assert len(errors) == 1 and "'merge_drops' must be one of True, False" in errors[0], errors


def test_the_merged_schema_keeps_the_plugins_own_policies_and_stays_closed():
    from modgen.data.model import Game

    plugin = Game(path=Path("g.json"), manifest={"system": "efb"}).rule_system()
    merged = with_core_policies(plugin.rules_schema())
    v = jsonschema.Draft202012Validator(merged)
    own = plugin.policies[0]
    assert v.is_valid({"policies": {"merge_drops": False, own.name: own.default}})
    assert not v.is_valid({"policies": {"merge_drops": "no"}})
    assert not v.is_valid({"policies": {"no_such_policy": 1}})
    assert plugin.rules_schema() != merged  # the plugin's schema itself is not changed
    assert "merge_drops" not in plugin.rules_schema()["properties"]["policies"]["properties"]
    # a plugin without a policies object (the base class's open schema) gets the core ones
    assert set(with_core_policies({"type": "object"})["properties"]["policies"]["properties"]) == {
        p.name for p in CORE_POLICIES}


@pytest.mark.parametrize(("choice", "moves"), [(None, 1), (True, 1), (False, 2)])
def test_two_drops_are_two_moves_when_the_manifest_turns_merging_off(choice, moves):
    """Two drops of one unit to neighbouring hexes in one phase: one move by default, two with merge_drops false
    (read through the plugin's policy_values, as the engine's ctx.policies)."""
    game = tiny_game()
    if choice is not None:
        game.manifest["rules"] = {"policies": {"merge_drops": choice}}
    res = adapt(vsav(log_text(save_text(units_save()), [[A_TO_0303], [A_0303_TO_0403]])), game)
    assert [e["type"] for e in res.events].count("move") == moves
