"""Closed schemas: an unknown key anywhere in a record is an error (with a did-you-mean), and only the described
extension points take free-form data."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from modgen.data.documents import Doc, Report, check_against, did_you_mean, schema, schema_issues
from modgen.data.jsonio import escape_token, loads
from modgen.data.scaffold import new_workspace, template_systems
from modgen.data.validate import validate_game

BASE = Path(__file__).parent / "data" / "broken" / "_base"
KINDS = ("game", "counters", "map", "scenario")
FILES = {"games/base.json": "game", "counters/base.json": "counters", "maps/base.json": "map",
         "scenarios/base/s1.json": "scenario"}

# Objects keyed by names or ids (or free-form by design): adding a key there is not an unknown *property*.
OPEN = [r"/x(/|$)", r"^/rules/(tables|policies)(/|$)", r"^/terrain$", r"/faces$", r"/values$", r"/marks$",
        r"^/maps/\d+/hexes$", r"/vp$", r"^/victory(/|$)", r"/params(/|$)", r"^/counter_layouts(/|$)",
        r"^/friendly_edges$", r"^/strength$",
        r"^/charts/names$", r"^/charts/tables/\d+/(columns|result_key|blank|ranges)$"]  # id -> text maps


def _objects(value: Any, ptr: str = "") -> list[str]:
    """Pointers of every object in a document, outermost first."""
    found = []
    if isinstance(value, dict):
        found.append(ptr)
        for k, v in value.items():
            found += _objects(v, f"{ptr}/{escape_token(k)}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _objects(v, f"{ptr}/{i}")
    return found


def _at(doc: Any, ptr: str) -> Any:
    for token in ptr.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


def test_an_unknown_key_in_any_record_of_any_file_is_reported_at_that_record(tmp_path: Path) -> None:
    """Every object of the base workspace, in turn, gets a key no schema describes: the whole validation (schema
    and cross-references) must report exactly that object, at the key's line and column (plain text search)."""
    checked = 0
    root = tmp_path / "base"
    shutil.copytree(BASE, root)
    manifest = root / "games" / "base.json"
    assert [str(i) for i in validate_game(manifest) if i.severity == "error"] == []
    for rel in FILES:
        path = root / rel
        original = path.read_text(encoding="utf-8")
        for ptr in _objects(json.loads(original)):
            if any(re.search(p, ptr) for p in OPEN):
                continue
            changed = json.loads(original)
            _at(changed, ptr)["zz_unknown_key"] = 1
            text = json.dumps(changed, indent=1)
            path.write_text(text, encoding="utf-8")
            try:
                issues = [i for i in validate_game(manifest)
                          if "zz_unknown_key" in i.message and i.severity == "error"]
            finally:
                path.write_text(original, encoding="utf-8")
            assert len(issues) == 1, (rel, ptr, [str(i) for i in issues])
            issue = issues[0]
            assert issue.file.endswith(rel) and issue.pointer == ptr, (rel, ptr, str(issue))
            assert issue.message.startswith("unknown property 'zz_unknown_key'"), str(issue)
            line = text.split("\n")[issue.line - 1]
            assert line[issue.column - 1:].startswith('"zz_unknown_key"'), (rel, ptr, line)
            checked += 1
    assert checked > 30  # the walk really visited the records of all four files


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_schema_is_closed_or_an_explicit_map(kind: str) -> None:
    """Each object schema says what else it accepts: additionalProperties false, or a schema for the entries
    of a keyed map; the only open objects are the described extension points."""
    open_ok = {"/properties/x", "/properties/victory", "/$defs/counter/properties/x",
               "/properties/rules/properties/tables", "/properties/rules/properties/policies",
               "/properties/special_rules/items/properties/params",
               "/properties/counter_layouts/additionalProperties",  # a layout: layout.schema.json checks it
               "/properties/maps/items"}  # closed by its hexMap/tableMap branch (additionalProperties false)
    problems = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            is_object = node.get("type") == "object" or "properties" in node
            if is_object and "additionalProperties" not in node and "unevaluatedProperties" not in node \
                    and "$ref" not in node \
                    and path not in open_ok:
                problems.append(path)
            for k, v in node.items():
                if k not in ("if", "const", "enum"):
                    walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}/{i}")

    walk(schema(kind), "")
    assert problems == []


@pytest.mark.parametrize("kind", KINDS)
def test_extension_point_x_is_described(kind: str) -> None:
    x = schema(kind)["properties"]["x"]
    assert x["type"] == "object" and "additionalProperties" not in x and "extension point" in x["description"]


def test_x_takes_anything_and_leaves_the_data_valid(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(BASE, root)
    anything = {"my_tool": {"deep": [1, {"any": None}]}, "Weird Key!": "ok"}
    for rel in FILES:
        data = json.loads((root / rel).read_text())
        data["x"] = anything
        if rel.startswith("counters"):
            data["counters"][0]["x"] = anything
        (root / rel).write_text(json.dumps(data))
    assert validate_game(root / "games" / "base.json") == []


@pytest.mark.parametrize(("name", "allowed", "expected"), [
    ("valeus", ["kind", "values", "marks"], " (did you mean 'values'?)"),
    ("reinforcments", ["reinforcements", "setup"], " (did you mean 'reinforcements'?)"),
    ("hOff", ["h_off", "v_off", "first"], " (did you mean 'h_off'?)"),
    ("Movement", ["movement", "attack"], " (did you mean 'movement'?)"),  # difflib alone misses the case slip
    ("page", ["rule", "values", "note"], " (allowed: note, rule, values)"),
    ("page", [f"name{i}" for i in range(13)], ""),  # too many names to list, none close
])
def test_did_you_mean(name: str, allowed: list[str], expected: str) -> None:
    assert did_you_mean(name, allowed) == expected


def _issues(schema_: dict[str, Any], text: str) -> list[str]:
    report = Report()
    doc = Doc("scenario", "f.json", loads(text, "f.json"))
    check_against(Draft202012Validator(schema_), doc, "", report)
    return [str(i) for i in report.sorted()]


def test_each_unknown_key_of_one_object_is_its_own_issue() -> None:
    s = {"type": "object", "additionalProperties": False, "properties": {"a": {}, "b": {}}}
    assert _issues(s, '{"a": 1,\n "c": 2, "bb": 3}') == [
        "f.json:2:2: /: unknown property 'c' (allowed: a, b)",
        "f.json:2:10: /: unknown property 'bb' (did you mean 'b'?)"]


def test_unevaluated_properties_across_allof_are_reported_like_additional_ones() -> None:
    """For schemas composed with allOf (where additionalProperties cannot see the branches' properties)."""
    s = {"type": "object", "allOf": [{"properties": {"turn": {}}}, {"properties": {"units": {}}}],
         "unevaluatedProperties": False}
    assert _issues(s, '{"turn": 1, "units": [], "unit": 3}') == [
        "f.json:1:26: /: unknown property 'unit' (did you mean 'units'?)"]


def test_rules_object_is_closed_to_tables_and_policies(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(BASE, root)
    path = root / "games" / "base.json"
    path.write_text(path.read_text().replace('"rules": {"policies": {}}', '"rules": {"policy": {}}'))
    assert "/rules: unknown property 'policy' (did you mean 'policies'?)" in \
        [f"{i.pointer}: {i.message}" for i in validate_game(path)]


def _bundled_files() -> list[tuple[Path, str]]:
    from tests.conftest import REPO

    kinds = {"games": "game", "counters": "counters", "maps": "map", "scenarios": "scenario"}
    return [(p, kind) for folder, kind in kinds.items() for p in sorted((REPO / folder).rglob("*.json"))]


def _check_every_shape_closed(path: Path, kind: str) -> None:
    """The first record of each shape (pointer with indices generalised) of the file, in turn, gets a key no
    schema describes: its schema check must report exactly that record, at the key."""
    original = json.loads(path.read_text(encoding="utf-8"))
    seen: set[str] = set()
    for ptr in _objects(original):
        shape = re.sub(r"/\d+(?=/|$)", "/*", ptr)
        if shape in seen or any(re.search(p, ptr) for p in OPEN):
            continue
        seen.add(shape)
        changed = json.loads(json.dumps(original))
        _at(changed, ptr)["zz_unknown_key"] = 1
        text = json.dumps(changed, indent=1)
        report = Report()
        schema_issues(Doc(kind, path.name, loads(text, path.name)), kind, report)
        got = [i for i in report.issues if "zz_unknown_key" in i.message]
        assert [(i.pointer, i.message.split(" (")[0]) for i in got] == [(ptr, "unknown property 'zz_unknown_key'")]
        assert text.split("\n")[got[0].line - 1][got[0].column - 1:].startswith('"zz_unknown_key"')
        assert [i for i in report.issues if i not in got] == []
    assert seen


@pytest.mark.parametrize(("path", "kind"), _bundled_files(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_every_record_shape_of_the_bundled_data_is_closed(path: Path, kind: str) -> None:
    _check_every_shape_closed(path, kind)


@pytest.mark.parametrize("system", template_systems())
def test_every_record_shape_of_the_new_game_templates_is_closed(system: str, tmp_path: Path) -> None:
    new_workspace(tmp_path / system, system=system, game_id="demo")
    kinds = {"games": "game", "counters": "counters", "maps": "map", "scenarios": "scenario"}
    files = [(p, kinds[p.relative_to(tmp_path / system).parts[0]]) for p in sorted((tmp_path / system).rglob("*.json"))
             if p.relative_to(tmp_path / system).parts[0] in kinds]
    assert len(files) >= 4
    for path, kind in files:
        _check_every_shape_closed(path, kind)


@pytest.mark.parametrize(("path", "kind"), _bundled_files(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_an_editor_resolving_refs_itself_accepts_the_bundled_data(path: Path, kind: str) -> None:
    """modgen inlines $refs for speed; a plain draft 2020-12 validator (as an editor runs it) must agree."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [e.message for e in Draft202012Validator(schema(kind)).iter_errors(data)] == []


def test_an_option_may_cancel_a_roll_with_null_but_a_roll_object_is_closed() -> None:
    plain = Draft202012Validator(schema("scenario"))
    move = {"group": "g", "turn": 2}
    scen = {"id": "s", "game": "g", "title": "T", "turns": {"count": 3}, "setup": [],
            "options": [{"id": "o", "name": "O", "reschedule": [move]}]}
    for roll, ok in ((None, True), ({"die": "1d6", "on": [6]}, True), ({"die": "1d6", "on": [6], "of": 1}, False),
                     ("6", False)):
        move["roll"] = roll
        assert (not any(plain.iter_errors(scen))) == ok, roll


def test_modgen_validate_names_a_typo_inside_a_tis_casualties_band(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The plugins' rules schemas are closed too: a misspelt key in a casualties row of the bundled Arnhem data
    fails `modgen validate` with one line naming the key, the intended one, and its line:column."""
    from modgen.cli import main

    root = Path(__file__).resolve().parent.parent
    for folder in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(root / folder, tmp_path / folder)
    path = tmp_path / "games" / "arnhem44.json"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip() == '"casualties": {')
    row = next(i for i in range(at, len(lines)) if lines[i].strip() == '"label": "1",')
    lines[row] = lines[row].replace('"label"', '"lable"')
    path.write_text("\n".join(lines), encoding="utf-8")
    code = main(["validate", str(path)])
    out = capsys.readouterr().out
    col = lines[row].index('"lable"') + 1
    assert code == 1
    assert (f"{path}:{row + 1}:{col}: /rules/tables/casualties/rows/0: unknown property 'lable' "
            "(did you mean 'label'?)") in out
    assert '/rules/tables/casualties/rows/0: missing required property "label"' in out
