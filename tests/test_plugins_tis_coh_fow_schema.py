"""The TiS, CoH and FoW rules schemas are valid draft 2020-12 and describe every property (design.md: 'a
description on every property'), and the policies object lists exactly the plugin's policies."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from modgen.rules.coh import plugin as coh
from modgen.rules.fow import plugin as fow
from modgen.rules.tis import plugin as tis

PLUGINS = [tis, coh, fow]


def _undescribed(schema: Any, path: str = "") -> list[str]:
    missing: list[str] = []
    if isinstance(schema, dict):
        for name, sub in (schema.get("properties") or {}).items():
            if isinstance(sub, dict) and "description" not in sub:
                missing.append(f"{path}/{name}")
            missing += _undescribed(sub, f"{path}/{name}")
        for key in ("additionalProperties", "items"):
            if isinstance(schema.get(key), dict):
                missing += _undescribed(schema[key], f"{path}/{key}")
    return missing


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.id)
def test_schema_is_valid_and_every_property_described(plugin):
    schema = plugin.rules_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert _undescribed(schema) == []


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.id)
def test_policies_schema_matches_policy_list(plugin):
    props = plugin.rules_schema()["properties"]["policies"]["properties"]
    assert set(props) == {p.name for p in plugin.policies}
    for p in plugin.policies:
        assert props[p.name]["enum"] == list(p.choices)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.id)
def test_every_policy_default_validates(plugin):
    v = jsonschema.Draft202012Validator(plugin.rules_schema())
    assert v.is_valid({"policies": {p.name: p.default for p in plugin.policies}})
