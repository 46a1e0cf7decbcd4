"""modgen validate: valid data passes, the CLI's exit codes and output, the plugin hooks, and the schemas."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from modgen.cli import main
from modgen.data.documents import schema
from modgen.data.validate import validate_game
from modgen.systems import registry
from modgen.systems.base import Policy, RuleSystem
from tests.conftest import REPO, bundled_games

BASE = Path(__file__).parent / "data" / "broken" / "_base"
KINDS = ("game", "counters", "map", "scenario")


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(BASE, root)
    monkeypatch.chdir(root)
    return root


def edit_json(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


# --- bundled data and schemas ------------------------------------------------------------------------------

@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.name)
def test_bundled_games_are_valid(manifest: Path) -> None:
    assert [str(i) for i in validate_game(manifest) if i.severity == "error"] == []


@pytest.mark.parametrize("kind", KINDS)
def test_schemas_are_valid_draft_2020_12_with_ids(kind: str) -> None:
    s = schema(kind)
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == f"https://modgen.example/schema/{kind}.schema.json"


def _undescribed(node, path=""):
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            if isinstance(sub, dict) and not sub.get("description"):
                yield f"{path}/properties/{name}"
        for key, sub in node.items():
            if key not in ("if", "const", "enum"):
                yield from _undescribed(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _undescribed(sub, f"{path}/{i}")


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_has_a_description(kind: str) -> None:
    assert list(_undescribed(schema(kind))) == []


def test_bundled_files_reference_their_schema_relatively() -> None:
    for manifest in bundled_games():
        data = json.loads(manifest.read_text())
        assert (manifest.parent / data["$schema"]).resolve() == (REPO / "schema" / "game.schema.json")
        files = data["files"]
        for rel, kind in [(files["counters"], "counters")] + [(m, "map") for m in files["maps"]] + \
                [(s, "scenario") for s in files.get("scenarios", [])]:
            path = (manifest.parent / rel).resolve()
            ref = json.loads(path.read_text())["$schema"]
            assert (path.parent / ref).resolve() == REPO / "schema" / f"{kind}.schema.json", path


def test_one_counters_schema_serves_every_system() -> None:
    """A unit of each system's vocabulary validates against the one counters schema."""
    units = [
        {"id": "efb", "kind": "unit", "side": "a", "class": "maneuver", "faces": {
            "front": {"kind": "values", "values": {"attack": 7, "defense": 5, "movement": 8},
                      "marks": {"attack": ["bracketed"]}}, "back": {"kind": "untried"}}},
        {"id": "tis", "kind": "unit", "side": "a", "class": "armour", "faces": {
            "front": {"kind": "values", "values": {"movement": 10, "gun": 3, "armor": 3, "black_stars": 1}},
            "back": {"kind": "blank"}}},
        {"id": "coh", "kind": "unit", "side": "a", "class": "vehicle", "faces": {
            "front": {"kind": "values", "values": {"fp_red": 6, "fp_blue": 9, "fire_cost": 3, "range": 8,
                                                   "move_cost": 1, "defense_front": 16, "defense_flank": 13},
                      "marks": {"fp_blue": ["blue"], "defense_flank": ["boxed", "red"]}},
            "spent": {"kind": "spent"}}},
        {"id": "fow", "kind": "team", "side": "a", "class": "tank", "faces": {
            "front": {"kind": "values", "values": {"armour_front": 6, "armour_side": 4, "armour_top": 1,
                                                   "skill": "4+", "is_hit_on": "3+", "movement": None}}}},
    ]
    errors = list(Draft202012Validator(schema("counters")).iter_errors({"game": "g", "counters": units}))
    assert errors == []


# --- the CLI -----------------------------------------------------------------------------------------------

def test_valid_exit_0_and_summary(ws: Path, capsys) -> None:
    assert main(["validate", "games/base.json"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == "games/base.json: valid\n"


def test_all_errors_across_files_at_once(ws: Path, capsys) -> None:
    edit_json(ws / "counters/base.json", lambda d: d["counters"][0].update(side="green"))
    edit_json(ws / "scenarios/base/s1.json", lambda d: d["turns"].update(count=1))
    assert main(["validate", "games/base.json"]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("counters/base.json:") and "/counters/0/side: unknown side 'green'" in lines[0]
    assert lines[1].startswith("scenarios/base/s1.json:") and "turn 2 is beyond the scenario's 1 turns" in lines[1]
    assert err == "games/base.json: invalid: 2 errors\n"


def test_json_output(ws: Path, capsys) -> None:
    edit_json(ws / "counters/base.json", lambda d: d["counters"][0].update(side="green"))
    assert main(["validate", "--json", "games/base.json"]) == 1
    issues = json.loads(capsys.readouterr().out)
    assert [(i["file"], i["pointer"], i["severity"]) for i in issues] == [
        ("counters/base.json", "/counters/0/side", "error")]


@pytest.mark.parametrize("args", [["validate"], ["validate", "--bogus", "x.json"], ["validate", "a", "b"]])
def test_usage_errors_exit_2(args: list[str], capsys) -> None:
    assert main(args) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.write_text('"just a string"'), "expected a JSON object at the top level, got a string"),
        (lambda p: p.write_bytes(b"\xff\xfe{}"), "invalid JSON: not UTF-8 text (byte 0xff)"),
        (lambda p: p.write_text('{"$schema": "../schema/game.schema.json"}'),
         'missing required properties "id", "title", "system", "sides", "terrain", "files"'),
    ],
)
def test_bad_manifests_give_one_line_and_exit_1(tmp_path: Path, make, message: str, capsys) -> None:
    path = tmp_path / "m.json"
    make(path)
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}:1:1: ") and message in out and len(out.splitlines()) == 1
    assert "Traceback" not in err


def test_directory_or_missing_manifest_is_a_usage_error(ws: Path, capsys) -> None:
    assert main(["validate", "."]) == 2
    err = capsys.readouterr().err
    assert "Error: Invalid value for MANIFEST: . is a directory; did you mean games/base.json?" in err
    assert main(["validate", "games/nope.json"]) == 2
    assert "Error: Invalid value for MANIFEST: games/nope.json does not exist" in capsys.readouterr().err


def test_library_reports_a_directory_or_missing_manifest_as_an_issue(tmp_path: Path) -> None:
    assert [i.message for i in validate_game(tmp_path)] == ["is a directory, not a JSON file"]
    assert [i.message for i in validate_game(tmp_path / "x.json")] == ["file not found"]


def test_manifest_validated_even_if_referenced_files_are_broken(ws: Path, capsys) -> None:
    (ws / "counters/base.json").write_text("{")
    (ws / "maps/base.json").unlink()
    assert main(["validate", "games/base.json"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["games/base.json:20:59: /files/maps/0: file not found: maps/base.json",
                   "counters/base.json:1:2: invalid JSON: unexpected end of file inside an object; "
                   "expected a key or '}'"]


# --- plugin hooks: validate asks the plugin, it does not hard-code system tables ----------------------------

class _FakeSystem(RuleSystem):
    def rules_schema(self):
        return {"type": "object", "required": ["tables"], "properties": {"tables": {
            "type": "object", "required": ["crt"], "properties": {"crt": {"type": "array"}}}}}

    def required_values(self, unit):
        return {"front": ["oomph"]} if unit.get("class") == "maneuver" else {}


@pytest.fixture
def fake_system(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeSystem(id="fake", name="Fake", policies=(Policy("p", "a", ("a", "b"), "doc"),))
    monkeypatch.setattr(registry, "systems", lambda: {"fake": fake})


def test_rules_checked_against_the_plugins_schema(ws: Path, fake_system, capsys) -> None:
    edit_json(ws / "games/base.json", lambda d: d.update(system="fake", rules={"tables": {"crt": {}},
                                                                              "policies": {"p": "c"}}))
    assert main(["validate", "--json", "games/base.json"]) == 1
    got = [(i["file"], i["pointer"], i["message"]) for i in json.loads(capsys.readouterr().out)]
    assert ("games/base.json", "/rules/tables/crt", "expected an array, got an object") in got
    assert ("games/base.json", "/rules/policies/p", "policy 'p' must be one of 'a', 'b', got 'c'") in got
    # the fake system needs "oomph" on maneuver units' fronts: both maneuver counters lack it
    oomph = [g for g in got if "oomph" in g[2]]
    assert [g[1] for g in oomph] == ["/counters/0/faces/front/values", "/counters/2/faces/front/values"]
    assert len(got) == 4


def test_missing_rules_reported_when_the_plugin_needs_them(ws: Path, fake_system, capsys) -> None:
    edit_json(ws / "games/base.json", lambda d: (d.update(system="fake"), d.pop("rules")))
    edit_json(ws / "counters/base.json", lambda d: [c.update({"class": "x"}) for c in d["counters"]])
    assert main(["validate", "games/base.json"]) == 1
    assert capsys.readouterr().out == \
        "games/base.json:1:1: /: missing required property \"rules\" (the 'fake' system needs rule tables)\n"


