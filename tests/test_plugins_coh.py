"""Conflict of Heroes plugin: registration, round structure, required unit values, policies, rules schema."""

from __future__ import annotations

import jsonschema

from modgen.rules.coh import plugin
from modgen.systems.registry import get_system


def test_registered_under_coh():
    assert get_system("coh") is plugin


def test_round_structure_has_no_per_side_phases():
    # Digest §5: pre-round sequence, initiative roll, alternating actions, round ends on consecutive passes.
    phases = plugin.phases(None)
    assert [p.id for p in phases] == ["pre_round", "initiative", "actions", "round_end"]
    assert not any(p.per_side for p in phases)


def _unit(cls, faces=None):
    return {"id": "u", "kind": "unit", "class": cls,
            "faces": faces or {"front": {"kind": "values", "values": {}}, "back": {"kind": "spent"}}}


def test_ground_units_need_red_blue_fp_and_front_flank_defence():
    for cls in ("foot", "vehicle", "gun"):
        need = plugin.required_values(_unit(cls))
        assert set(need) == {"front"}, cls  # a spent back without values needs nothing
        assert {"fp_red", "fp_blue", "defense_front", "defense_flank", "fire_cost", "move_cost", "range"} <= set(
            need["front"])


def test_spent_back_that_prints_values_needs_them_too():
    faces = {"front": {"kind": "values", "values": {}}, "spent": {"kind": "spent", "values": {}}}
    assert set(plugin.required_values(_unit("vehicle", faces))) == {"front", "spent"}


def test_airplane_needs_impulses_not_move_cost():
    need = plugin.required_values(_unit("airplane"))["front"]
    assert "impulses" in need and "move_cost" not in need


def test_hit_counters_use_coh_hit_layout():
    hit = {"id": "h", "kind": "hit", "class": "vehicle_hit", "faces": {"front": {"kind": "text", "text": "x"}}}
    assert plugin.default_layout(hit) == "coh-hit"
    assert plugin.required_values(hit) == {}
    assert plugin.default_layout(_unit("foot")) == "coh-unit"
    assert plugin.default_layout({"kind": "fortification"}) == "coh-marker"


def test_policies_cover_the_digest_open_questions():
    names = {p.name for p in plugin.policies}
    assert {"two_hit_threshold", "suppressed_rally", "gun_damaged_split", "vehicle_cover",
            "truck_fp_modifier", "unload_payment", "anti_aircraft_fire"} <= names
    for p in plugin.policies:
        assert p.default in p.choices


def test_suppressed_rally_default_is_the_english_8():
    # 15.2 (EN): "Suppressed ... Rally 8"; the RU text says 9.
    suppressed = next(p for p in plugin.policies if p.name == "suppressed_rally")
    assert suppressed.default == 8 and set(suppressed.choices) == {8, 9}


def test_rules_schema_validates_policies():
    v = jsonschema.Draft202012Validator(plugin.rules_schema())
    assert v.is_valid({"policies": {"suppressed_rally": 9}, "tables": {"activation_ap": 7}})
    assert not v.is_valid({"policies": {"suppressed_rally": 10}})
