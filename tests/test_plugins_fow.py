"""Flames of War plugin: registration, turn steps (p.16), required team values, policies, rules schema."""

from __future__ import annotations

import jsonschema
import pytest

from modgen.rules.fow import STARTING_STEP, plugin
from modgen.systems.registry import get_system


def test_registered_under_fow():
    assert get_system("fow") is plugin
    assert plugin.rule_prefix == "FoW"


def test_turn_steps_follow_p16():
    # p.16: "Starting Step, Movement Step, Shooting Step, Assault Step", each player's turn in that order.
    assert [p.id for p in plugin.phases(None)] == ["starting", "movement", "shooting", "assault"]
    assert all(p.per_side for p in plugin.phases(None))


def test_starting_step_checklist_order():
    # p.16 lists: Remount, Rally, Unit Last Stand, Formation Last Stand, Victory, Ambushes, Reserves, Aircraft, Smoke.
    assert STARTING_STEP[0] == "remount" and STARTING_STEP[-1] == "remove_smoke"
    assert STARTING_STEP.index("unit_last_stand") < STARTING_STEP.index("formation_last_stand")
    assert STARTING_STEP.index("check_victory") < STARTING_STEP.index("reserves")
    assert len(STARTING_STEP) == 9


def _team(cls, tags=()):
    return {"id": "t", "kind": "team", "class": cls, "tags": list(tags),
            "faces": {"front": {"kind": "values", "values": {}}}}


def test_armoured_tank_needs_three_armour_ratings():
    need = plugin.required_values(_team("tank"))["front"]
    assert {"armour_front", "armour_side", "armour_top"} <= set(need)
    assert "save" not in need


def test_unarmoured_tank_needs_a_save_instead_of_armour():
    need = plugin.required_values(_team("tank", ["unarmoured"]))["front"]
    assert "save" in need and "armour_front" not in need


@pytest.mark.parametrize("cls", ["infantry", "gun", "aircraft"])
def test_non_tank_teams_need_a_save(cls):
    assert "save" in plugin.required_values(_team(cls))["front"]


def test_markers_need_nothing_and_use_generic_layout():
    marker = {"id": "m", "kind": "marker", "class": "marker", "faces": {"front": {"kind": "text", "text": "PIN"}}}
    assert plugin.required_values(marker) == {}
    assert plugin.default_layout(marker) == "fow-marker"
    assert plugin.default_layout(_team("tank")) == "fow-team"


def test_policy_defaults_are_valid_choices_and_names_unique():
    names = [p.name for p in plugin.policies]
    assert len(names) == len(set(names))
    for p in plugin.policies:
        assert p.default in p.choices, p.name
        assert p.doc and p.rule


def test_flagged_contradictions_have_policies():
    # Digest flags: Slow Tank road dash 15"/40cm, half-tracked 18"/40cm, Formation Last Stand p.61 vs QRS,
    # 800-point reserves 460 vs 60%, buildings short vs tall.
    names = {p.name for p in plugin.policies}
    assert {"slow_tank_road_dash", "half_tracked_cross_country_dash", "formation_last_stand",
            "reserves_800_points", "inside_buildings_height"} <= names


def test_policy_values_take_manifest_choice_else_default():
    vals = plugin.policy_values({"rules": {"policies": {"slow_tank_road_dash": 16}}})
    assert vals["slow_tank_road_dash"] == 16
    assert vals["formation_last_stand"] == "two_units"


def test_rules_schema_is_valid_and_rejects_unknown_policy_value():
    schema = plugin.rules_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    assert v.is_valid({"policies": {"slow_tank_road_dash": 15}})
    assert not v.is_valid({"policies": {"slow_tank_road_dash": 17}})
    assert not v.is_valid({"policies": {"no_such_policy": 1}})
    assert not v.is_valid({"tables": {"movement": {"standard_tank": {"tactical": 10}}}})  # no source, incomplete
