"""The plugins' ``rules`` schemas are closed: a misspelt key anywhere inside ``rules`` (a CRT column, a terrain row,
a provenance record…) is an error with a did-you-mean at the key's exact line:column; the only free-form place is
the described extension point ``rules.tables.x``.

Which objects of the bundled data are closed is worked out here by walking the schema beside the data (not by
asking the validator); the expected positions come from a plain text search for the inserted key.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from jsonschema import Draft202012Validator

from modgen.data.documents import Doc, Report, check_against
from modgen.data.jsonio import escape_token, loads
from modgen.data.scaffold import new_workspace, template_systems
from modgen.data.validate import validate_game
from modgen.systems.registry import systems

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.json"))
SYSTEMS = sorted(systems())
EXTENSION = "/properties/tables/properties/x"


def _described(node: dict[str, Any]) -> bool:
    return isinstance(node.get("description"), str) and bool(node["description"].strip())


def _schema_problems(node: Any, path: str = "") -> list[str]:
    """Object schemas that are neither closed nor a keyed map, and properties without a description."""
    problems: list[str] = []
    if isinstance(node, dict):
        is_object = node.get("type") == "object" or "properties" in node or "patternProperties" in node
        extra = node.get("additionalProperties", node.get("unevaluatedProperties"))
        if is_object and extra is not False and not (isinstance(extra, dict) and extra) and path != EXTENSION:
            problems.append(f"open object {path or '/'}")
        for name, sub in (node.get("properties") or {}).items():
            if not (isinstance(sub, dict) and _described(sub)):
                problems.append(f"undescribed property {path}/properties/{name}")
        for key in ("additionalProperties", "items"):
            sub = node.get(key)
            if isinstance(sub, dict) and sub and not _described(sub):
                problems.append(f"undescribed {path}/{key}")
        for k, v in node.items():
            if k not in ("enum", "const"):
                problems += _schema_problems(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            problems += _schema_problems(v, f"{path}/{i}")
    return problems


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_object_of_the_rules_schema_is_closed_and_described(system: str) -> None:
    schema = systems()[system].rules_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert _schema_problems(schema) == []
    ext = schema["properties"]["tables"]["properties"]["x"]
    assert ext["type"] == "object" and "additionalProperties" not in ext
    assert "extension point" in ext["description"]


def _branch(schema: dict[str, Any], value: Any) -> dict[str, Any]:
    """The branch of a oneOf/anyOf that describes an object ``value`` (the others take numbers or strings)."""
    for key in ("oneOf", "anyOf"):
        for b in schema.get(key) or []:
            if isinstance(value, dict) and (b.get("type") == "object" or "properties" in b):
                return b
    return schema


def objects(schema: dict[str, Any], value: Any, ptr: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, schema) of every object in ``value`` outside the extension point."""
    schema = _branch(schema, value)
    if isinstance(value, dict):
        yield ptr, schema
        for k, v in value.items():
            sub = (schema.get("properties") or {}).get(k)
            if sub is None:
                sub = next((s for p, s in (schema.get("patternProperties") or {}).items() if re.search(p, k)), None)
            if sub is None and isinstance(schema.get("additionalProperties"), dict):
                sub = schema["additionalProperties"]
            if isinstance(sub, dict) and ptr + "/" + escape_token(k) != "/tables/x":
                yield from objects(sub, v, f"{ptr}/{escape_token(k)}")
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, v in enumerate(value):
            yield from objects(schema["items"], v, f"{ptr}/{i}")


def closed_objects(schema: dict[str, Any], value: Any) -> list[tuple[str, dict[str, Any]]]:
    """(pointer, schema) of every object in ``value`` whose schema is closed (additionalProperties false)."""
    return [(p, s) for p, s in objects(schema, value) if s.get("additionalProperties") is False]


def _at(doc: Any, ptr: str) -> Any:
    for token in ptr.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


@cache
def _validator(system: str) -> Draft202012Validator:
    return Draft202012Validator(systems()[system].rules_schema())


def _rules_issues(manifest: dict[str, Any], schema: dict[str, Any]) -> tuple[str, list[Any]]:
    """Issues of the manifest's ``rules`` as ``modgen validate`` reports them (its ``rules_schema_issues`` less the
    schema self-check, with one validator per system to keep the walk fast)."""
    text = json.dumps(manifest, indent=1, ensure_ascii=False)
    report = Report()
    check_against(_validator(manifest["system"]), Doc("game", "g.json", loads(text, "g.json")), "/rules", report)
    return text, report.sorted()


def _manifests() -> list[tuple[str, dict[str, Any]]]:
    found = [(p.name, json.loads(p.read_text(encoding="utf-8"))) for p in GAMES]
    return found


def _template(tmp_path: Path, system: str) -> dict[str, Any]:
    root = tmp_path / f"ws_{system}"
    new_workspace(root, system)
    (manifest,) = (root / "games").glob("*.json")
    return json.loads(manifest.read_text(encoding="utf-8"))


def _check_every_closed_object(manifest: dict[str, Any]) -> int:
    schema = systems()[manifest["system"]].rules_schema()
    base_text, base = _rules_issues(manifest, schema)
    assert base == [], [str(i) for i in base]
    # every object of the data is a closed record or a map of ids whose entries have a schema
    open_ = [p for p, s in objects(schema, manifest.get("rules", {}))
             if s.get("additionalProperties") is not False and not s.get("additionalProperties")]
    assert open_ == []
    checked = 0
    for ptr, _ in closed_objects(schema, manifest.get("rules", {})):
        if ptr == "/policies":  # an unknown policy is reported by crossref (corpus case unknown_policy)
            continue
        changed = json.loads(base_text)
        _at(changed["rules"], ptr)["zz_unknown_key"] = 1
        text, issues = _rules_issues(changed, schema)
        assert len(issues) == 1, (ptr, [str(i) for i in issues])
        issue = issues[0]
        assert issue.pointer == "/rules" + ptr, str(issue)
        assert issue.message.startswith("unknown property 'zz_unknown_key'"), str(issue)
        line = text.split("\n")[issue.line - 1]
        assert line[issue.column - 1:].startswith('"zz_unknown_key"'), (ptr, line, issue.column)
        checked += 1
    return checked


@pytest.mark.parametrize(("name", "manifest"), _manifests(), ids=[p.stem for p in GAMES])
def test_an_unknown_key_in_any_rules_record_of_a_bundled_game_is_reported_at_the_key(
        name: str, manifest: dict[str, Any]) -> None:
    assert _check_every_closed_object(manifest) >= 3, name  # every bundled game has tables with sources


@pytest.mark.parametrize("system", template_systems())
def test_template_rules_are_closed_too(tmp_path: Path, system: str) -> None:
    manifest = _template(tmp_path, system)
    _check_every_closed_object(manifest)


def _misspell(key: str) -> str:
    """A one-letter slip: the last two letters swapped (or the last one doubled for a two-letter key)."""
    return key[:-2] + key[-1] + key[-2] if len(key) > 2 else key + key[-1]


@pytest.mark.parametrize(("name", "manifest"), _manifests(), ids=[p.stem for p in GAMES])
def test_a_misspelt_rules_key_suggests_the_right_one(name: str, manifest: dict[str, Any]) -> None:
    schema = systems()[manifest["system"]].rules_schema()
    tried = 0
    for ptr, sch in closed_objects(schema, manifest.get("rules", {})):
        obj = _at(manifest["rules"], ptr)
        key = next((k for k in obj if len(k) >= 4 and _misspell(k) not in sch.get("properties", {})), None)
        if key is None or ptr == "/policies":
            continue
        changed = json.loads(json.dumps(manifest))
        target = _at(changed["rules"], ptr)
        target[_misspell(key)] = target.pop(key)
        _, issues = _rules_issues(changed, schema)
        unknown = [i for i in issues if i.message.startswith("unknown property")]
        assert [i.message for i in unknown] == [f"unknown property '{_misspell(key)}' (did you mean '{key}'?)"], ptr
        tried += 1
    assert tried >= 3


def test_the_extension_point_takes_anything(tmp_path: Path) -> None:
    for name, manifest in _manifests():
        schema = systems()[manifest["system"]].rules_schema()
        manifest.setdefault("rules", {}).setdefault("tables", {})["x"] = {
            "my_tool": {"deep": [1, {"any": None}]}, "Weird Key!": "ok"}
        assert _rules_issues(manifest, schema)[1] == [], name


@pytest.mark.parametrize("game", ["guardstank", "arnhem44", "stormsofsteel", "fow"])
def test_whole_validation_reports_a_deep_rules_typo_once_at_the_key(tmp_path: Path, game: str) -> None:
    """Through ``validate_game`` (schema, crossref and the plugin schema together): the deepest closed record of
    the game's rules gets a typo; exactly one error, at the key."""
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        if (ROOT / folder).exists():
            shutil.copytree(ROOT / folder, tmp_path / folder)
    path = tmp_path / "games" / f"{game}.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    schema = systems()[manifest["system"]].rules_schema()
    ptr = max((p for p, _ in closed_objects(schema, manifest["rules"]) if p != "/policies"),
              key=lambda p: p.count("/"))
    _at(manifest["rules"], ptr)["zz_unknown_key"] = 1
    text = json.dumps(manifest, indent=2, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    errors = [i for i in validate_game(path) if i.severity == "error"]
    assert len(errors) == 1, [str(i) for i in errors]
    assert errors[0].pointer == "/rules" + ptr and "zz_unknown_key" in errors[0].message
    assert text.split("\n")[errors[0].line - 1][errors[0].column - 1:].startswith('"zz_unknown_key"')


def test_a_tis_crt_row_outside_2d6_is_named_at_its_key() -> None:
    """Row keys of the TiS CRT are 2d6 totals; a "13" (or a typo such as "l2") is reported at the key."""
    manifest = {"system": "tis", "rules": {"tables": {"crt": {
        "source": {"rule": "TIS CRT", "values": "illustrative"}, "columns": ["1-1"],
        "rows": {"2": ["B1"], "13": ["A1"]}}}}}
    text, issues = _rules_issues(manifest, systems()["tis"].rules_schema())
    assert [i.message for i in issues] == ['invalid name "13": expected a 2d6 total, 2 to 12']
    line = text.split("\n")[issues[0].line - 1]
    assert line[issues[0].column - 1:].startswith('"13"')
