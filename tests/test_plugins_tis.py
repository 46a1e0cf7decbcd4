"""Taktyka i Strategia plugin: registration, stage sequence [3.3], stage labels, required values, policies."""

from __future__ import annotations

import jsonschema

from modgen.rules.tis import plugin, stage_labels
from modgen.systems.registry import get_system


def test_registered_under_tis():
    assert get_system("tis") is plugin


def test_eight_player_phases_in_rule_3_3_order_plus_weather():
    # [3.3]: Air, Airborne assault, Artillery barrage, Naval assault, Movement, Counterattack, Combat, Supply;
    # "Each stage is divided into 16 phases" [3.1] = 8 per player.
    phases = plugin.phases(None)
    per_side = [p.id for p in phases if p.per_side]
    assert per_side == ["air", "airborne", "barrage", "naval", "movement", "counterattack", "combat", "supply"]
    assert 2 * len(per_side) == 16
    assert [p.id for p in phases if not p.per_side] == ["weather"]


def test_stage_labels_cover_17_ix_2e_to_26_ix_3e():
    # Scenario IV notes: all scenarios start on 17 IX, 2nd stage and end on 26 IX, 3rd stage; three stages a day.
    labels = stage_labels(17, 2, 26, 3)
    assert labels[0] == "17 IX 2e" and labels[1] == "17 IX 3e" and labels[2] == "18 IX 1e"
    assert labels[-1] == "26 IX 3e"
    assert len(labels) == 2 + 9 * 3  # hand count: 17 IX has 2 stages left, 18..26 IX are 9 full days


def _unit(cls):
    return {"id": "u", "kind": "unit", "class": cls,
            "faces": {"front": {"kind": "values", "values": {}}, "back": {"kind": "blank"}}}


def test_field_artillery_needs_afr_and_back_needs_nothing():
    # [3.2]/[9.0]: field artillery prints its fire range; [1.2]: the reverse shows only the side.
    assert plugin.required_values(_unit("artillery")) == {"front": ["movement", "afr"]}


def test_line_units_need_movement_air_units_nothing():
    assert plugin.required_values(_unit("infantry")) == {"front": ["movement"]}
    assert plugin.required_values(_unit("air")) == {}


def test_layouts():
    assert plugin.default_layout(_unit("infantry")) == "tis-unit"
    assert plugin.default_layout(_unit("artillery")) == "tis-artillery"
    assert plugin.default_layout(_unit("hq")) == "tis-hq"
    assert plugin.default_layout({"kind": "marker"}) == "tis-marker"


def test_policies_for_the_collected_inconsistencies():
    names = {p.name for p in plugin.policies}
    assert {"crt_columns", "combat_phase_actor", "hills_combat_modifier", "at_barricade_modifier",
            "artillery_terrain_modifier", "tactical_air_u_result", "loss_unit", "market_garden_area",
            "vp_pair_order", "phase_order"} <= names
    hills = next(p for p in plugin.policies if p.name == "hills_combat_modifier")
    assert set(hills.choices) == {-1, -2}  # chart -1, [29.1.1] example -2
    for p in plugin.policies:
        assert p.default in p.choices


def test_rules_schema_accepts_a_truncated_crt_with_nulls():
    v = jsonschema.Draft202012Validator(plugin.rules_schema())
    crt = {"source": {"rule": "TIS CRT", "values": "rulebook"}, "columns": ["1:1", "2:1"],
           "rows": {"2": ["B2", "B2"], "3": [None, None]}}
    assert v.is_valid({"tables": {"crt": crt}, "policies": {"crt_columns": "text"}})
    assert not v.is_valid({"tables": {"crt": {"columns": [], "rows": {}}}})  # no source
