"""modgen new: the example workspace for each system validates, schemas are copied, nothing is overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from modgen.cli import main
from modgen.data.scaffold import new_workspace, template_systems
from modgen.data.validate import validate_game

#: the four built-in systems, each of which ships a template
SYSTEMS = ("efb", "tis", "coh", "fow")


def test_every_cli_system_has_a_template() -> None:
    assert sorted(SYSTEMS) == template_systems()


@pytest.mark.parametrize("system", SYSTEMS)
def test_scaffold_validates_with_no_issues(system: str, tmp_path: Path, capsys) -> None:
    target = tmp_path / "My Game"
    assert main(["new", str(target), "--system", system, "--id", "demo", "--title", 'Demo "1944"']) == 0
    manifest = target / "games" / "demo.json"
    assert f"created {manifest}" in capsys.readouterr().out
    assert [str(i) for i in validate_game(manifest)] == []
    data = json.loads(manifest.read_text())
    assert (data["id"], data["system"], data["title"]) == ("demo", system, 'Demo "1944"')
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*.json") if "schema" not in p.parts) == [
        "counters/demo.json", "games/demo.json", "maps/demo.json", "scenarios/demo/example.json"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_scaffold_schema_refs_resolve_inside_the_workspace(system: str, tmp_path: Path) -> None:
    new_workspace(tmp_path, system=system, game_id="g")
    for path in tmp_path.rglob("*.json"):
        if "schema" in path.relative_to(tmp_path).parts:
            continue
        ref = json.loads(path.read_text())["$schema"]
        assert (path.parent / ref).is_file(), (path, ref)


def test_every_record_with_numbers_says_illustrative(tmp_path: Path) -> None:
    """Example data must not pass as a publisher's numbers."""
    new_workspace(tmp_path, system="efb", game_id="g")
    counters = json.loads((tmp_path / "counters/g.json").read_text())["counters"]
    assert counters and all(c["source"]["values"] == "illustrative" for c in counters)


def test_default_id_from_folder_name(tmp_path: Path) -> None:
    manifest = new_workspace(tmp_path / "Battle of X-1", system="coh")
    assert manifest == tmp_path / "Battle of X-1" / "games" / "battle_of_x-1.json"


def test_refuses_to_overwrite_and_writes_nothing(tmp_path: Path, capsys) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "g.json").write_text("mine")
    assert main(["new", str(tmp_path), "--id", "g"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: refusing to overwrite existing file: ") and "maps/g.json" in err
    assert (tmp_path / "maps" / "g.json").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["g.json"]


def test_second_run_refuses(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path), "--id", "g"]) == 0
    assert main(["new", str(tmp_path), "--id", "g"]) == 1


@pytest.mark.parametrize(
    ("args", "code"),
    [(["--system", "chess"], 2), (["--id", "bad id"], 2), (["--id", "../escape"], 2)],
)
def test_bad_options(tmp_path: Path, args: list[str], code: int, capsys) -> None:
    assert main(["new", str(tmp_path / "w"), *args]) == code
    assert "Traceback" not in capsys.readouterr().err
    assert not (tmp_path / "w").exists()


def test_target_is_a_file(tmp_path: Path, capsys) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["new", str(f)]) in (1, 2)
    assert "Traceback" not in capsys.readouterr().err
