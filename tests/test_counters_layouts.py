"""Counter layouts as data: the built-ins are valid, named as plugins expect, and designers can extend them."""

from __future__ import annotations

import json

import jsonschema
import pytest
from fixtures_counters import make_game

from modgen.draw.counters import plan_face
from modgen.draw.layouts import LAYOUTS_DIR, builtin_layouts, get_layout, layout_name
from modgen.errors import DataError
from modgen.resources import schema_path

PLUGIN_NAMES = ["generic", "efb-maneuver", "efb-artillery", "efb-hq", "efb-supply", "efb-air", "efb-marker",
                "tis-unit", "tis-artillery", "tis-marker", "coh-unit", "coh-hit", "fow-team"]


def test_layout_schema_is_a_valid_draft_2020_12_schema_with_descriptions() -> None:
    schema = json.loads(schema_path("layout").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://modgen.example/schema/layout.schema.json"

    def walk(node, path="#"):
        if isinstance(node, dict):
            for key, sub in (node.get("properties") or {}).items():
                assert "description" in sub or "$ref" in sub, f"{path}/properties/{key} has no description"
            for key, sub in node.items():
                walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}/{i}")

    walk(schema)


@pytest.mark.parametrize("name", sorted(builtin_layouts()))
def test_builtin_layout_is_valid_and_says_where_it_comes_from(name: str) -> None:
    raw = json.loads((LAYOUTS_DIR / f"{name}.json").read_text())
    assert raw["name"] == name
    assert raw["source"]["values"] in ("rulebook", "illustrative")
    layout = get_layout(name)  # applies extends and validates against the schema
    assert layout["faces"], name


@pytest.mark.parametrize("name", PLUGIN_NAMES)
def test_names_plugins_return_are_shipped(name: str) -> None:
    assert name in builtin_layouts()


@pytest.mark.parametrize(("system", "unit", "expected"), [
    ("efb", {"kind": "unit", "class": "maneuver"}, "efb-maneuver"),
    ("efb", {"kind": "unit", "class": "artillery"}, "efb-artillery"),
    ("efb", {"kind": "marker", "class": "marker"}, "efb-marker"),
    ("coh", {"kind": "hit", "class": "vehicle_hit"}, "coh-hit"),
    ("coh", {"kind": "unit", "class": "tank"}, "coh-unit"),
    ("fow", {"kind": "team", "class": "tank"}, "fow-team"),
    ("tis", {"kind": "unit", "class": "cavalry"}, "tis-unit"),
    ("zzz", {"kind": "unit", "class": "x"}, "generic"),
    ("zzz", {"kind": "marker", "class": "x"}, "generic-marker"),
    ("efb", {"kind": "unit", "class": "maneuver", "layout": "coh-unit"}, "coh-unit"),
])
def test_layout_choice_falls_back_from_unit_to_system_and_class(system: str, unit: dict, expected: str) -> None:
    assert layout_name(system, unit) == expected


def test_manifest_layout_extends_a_builtin_and_changes_one_face() -> None:
    mine = {"extends": "efb-maneuver", "background": "#123456",
            "faces": {"values": {"elements": [{"type": "text", "box": [0.1, 0.1, 0.9, 0.9], "text": "{name}"}]}}}
    game = make_game("efb", counter_layouts={"mine": mine})
    unit = dict(game.unit("de.31.I"), layout="mine", name="Big Cat")
    plan = plan_face(game, unit, "front", 100)
    assert [t.text for t in plan.texts] == ["Big Cat"]
    assert plan.background == "#123456"
    back = plan_face(game, unit, "back", 100)  # the untried face is inherited from efb-maneuver
    assert "?" in [t.text for t in back.texts]


def test_manifest_layout_may_replace_a_builtin_of_the_same_name() -> None:
    game = make_game("efb", counter_layouts={"efb-maneuver": {"extends": "efb-maneuver", "background": "#000000"}})
    assert plan_face(game, game.unit("de.31.I"), "front", 100).background == "#000000"


@pytest.mark.parametrize(("layouts", "message"), [
    ({"a": {"extends": "b"}, "b": {"extends": "a"}}, "extends itself"),
    ({"a": {"extends": "generic", "shape": "hexagon"}}, "invalid"),
    ({"a": {"extends": "generic", "faces": {"values": {"elements": [{"type": "text"}]}}}}, "'box' is a required"),
    ({"a": {"extends": "missing"}}, "unknown counter layout 'missing'"),
])
def test_bad_manifest_layouts_are_data_errors(layouts: dict, message: str) -> None:
    game = make_game("efb", counter_layouts=layouts)
    unit = dict(game.unit("de.31.I"), layout="a")
    with pytest.raises(DataError, match=message):
        plan_face(game, unit, "front", 100)


@pytest.mark.parametrize("template", ["{designation", "{0}", "}{"])
def test_a_malformed_text_template_is_a_data_error(template: str) -> None:
    bad = {"bad": {"extends": "generic",
                   "faces": {"values": {"elements": [{"type": "text", "box": [0, 0, 1, 1], "text": template}]}}}}
    game = make_game("efb", counter_layouts=bad)
    with pytest.raises(DataError, match="bad text template"):
        plan_face(game, dict(game.unit("de.31.I"), layout="bad"), "front", 100)
