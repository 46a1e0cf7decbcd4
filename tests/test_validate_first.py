"""`validate` reports first what a later command trips over (issue #20).

For every case of the broken-data corpus (tests/data/broken/), `counters`, `sheet`, `build` and `map` either
succeed or fail with an error `validate` already reported on that data: no error reaches a designer only when a
later command runs. And each command refuses only errors in what it reads: `sheet` and `counters` print counters of
a game whose map is broken (the map errors become warnings), `map` draws a map whose counters are broken.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_validate_broken import CASES, workspace

from modgen.cli import main
from modgen.data.validate import validate_game

#: Each command with options that keep the output small (the data is what is under test, not the rendering).
COMMANDS: dict[str, list[str]] = {
    "counters": ["counters", "games/base.json", "-o", "out/png", "--px", "16", "-j", "1"],
    "sheet": ["sheet", "games/base.json", "-o", "out/sheet.pdf", "-j", "1"],
    "build": ["build", "games/base.json", "-o", "out/base.vmod", "--hex-px", "40", "-j", "1"],
    "map": ["map", "games/base.json", "-o", "out/map.png", "--hex-px", "16", "--validate"],
}


def _run(root: Path, argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys) -> tuple[int, str]:
    monkeypatch.chdir(root)
    (root / "out").mkdir(exist_ok=True)
    capsys.readouterr()
    code = main(argv)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("case", CASES)
def test_later_commands_fail_only_on_what_validate_reported(case: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    root = workspace(tmp_path, case)
    monkeypatch.chdir(root)
    reported = [str(i) for i in validate_game("games/base.json") if i.severity == "error"]
    for name, argv in COMMANDS.items():
        code, err = _run(root, argv, monkeypatch, capsys)
        assert "Traceback" not in err and code != 70, (name, err)
        if code != 0:
            errors = [line for line in err.splitlines() if line.startswith("error:")]
            assert errors, (name, err)
            assert any(issue in errors[0] for issue in reported), \
                f"`modgen {name}` failed with an error validate did not report first:\n{errors[0]}\n" \
                f"validate reported:\n" + "\n".join(reported)


@pytest.mark.parametrize("command", ["sheet", "counters"])
def test_counters_print_despite_map_and_scenario_errors(command: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    for case, where in (("terrain_undeclared", "maps/base.json:5:"),
                        ("setup_unknown_hex", "scenarios/base/s1.json:4:")):
        code, err = _run(workspace(tmp_path / case, case), COMMANDS[command], monkeypatch, capsys)
        assert code == 0, err
        assert f"warning: {where}" in err, err


def test_counters_refuse_counter_errors_and_map_refuses_map_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys) -> None:
    code, err = _run(workspace(tmp_path / "a", "unknown_side"), COMMANDS["sheet"], monkeypatch, capsys)
    assert code == 1 and "error: counters/base.json:2:" in err and "unknown side 'green'" in err, err
    code, err = _run(workspace(tmp_path / "b", "terrain_pattern_typo"), COMMANDS["map"], monkeypatch, capsys)
    assert code == 1 and "error: games/base.json:15:" in err and "unknown fill pattern 'tress'" in err, err


def test_map_draws_despite_counter_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, err = _run(workspace(tmp_path, "symbol_unknown_type"), COMMANDS["map"], monkeypatch, capsys)
    assert code == 0, err
    assert "warning: counters/base.json:2:" in err and "panzer_division" in err, err
    assert (tmp_path / "ws" / "out" / "map.png").stat().st_size > 0


def test_misspelt_symbol_type_suggests_the_known_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workspace(tmp_path, "symbol_misspelt_type"))
    [issue] = [i for i in validate_game("games/base.json") if i.severity == "error"]
    assert issue.message.endswith("; did you mean 'armour'?)"), issue.message
