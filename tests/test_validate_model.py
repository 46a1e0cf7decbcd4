"""modgen.data.model.load_game: loads the bundled games, and bad files give one DataError naming file, line, column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from modgen.data.model import load_game, read_json
from modgen.data.validate import load_valid_game
from modgen.errors import DataError
from tests.conftest import bundled_games

BASE = Path(__file__).parent / "data" / "broken" / "_base"


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.name)
def test_bundled_games_load(manifest: Path) -> None:
    game = load_valid_game(manifest)
    assert game.units and game.maps and game.scenarios
    assert game.side(game.manifest["sides"][0]["id"]) is game.manifest["sides"][0]


def test_lookups(tmp_path: Path) -> None:
    game = load_game(BASE / "games" / "base.json")
    assert game.unit("b.inf")["side"] == "blue"
    assert game.formation("r2")["parent"] == "r1"
    assert game.map()["id"] == "m" and game.scenario("s1")["turns"]["count"] == 3
    assert sorted(game.terrain) == ["clear", "river", "road", "woods"]
    with pytest.raises(KeyError):
        game.side("green")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"a": 1,}', "x.json:1:9: invalid JSON: trailing comma before '}'"),
        (b"[NaN]", "x.json:1:2: invalid JSON: NaN and Infinity are not JSON numbers"),
        (b'{"a":\n "\xe9"}', "x.json:2:3: invalid JSON: not UTF-8 text (byte 0xe9)"),
    ],
)
def test_read_json_errors_are_located(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(DataError) as info:
        read_json(path)
    assert str(info.value).startswith(f"{tmp_path}/{message}")


def test_read_json_accepts_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_json(path) == {"a": 1}


def test_load_game_validate_lists_errors(tmp_path: Path) -> None:
    shutil.copytree(BASE, tmp_path / "ws")
    scenario = tmp_path / "ws" / "scenarios" / "base" / "s1.json"
    scenario.write_text(scenario.read_text().replace('"turn": 2', '"turn": 7'))
    load_game(tmp_path / "ws" / "games" / "base.json")  # loading alone does not validate
    with pytest.raises(DataError, match=r"invalid game data: .*s1.json:9:12: /reinforcements/0/turn: turn 7"):
        load_valid_game(tmp_path / "ws" / "games" / "base.json")


def test_non_object_files_are_data_errors(tmp_path: Path) -> None:
    shutil.copytree(BASE, tmp_path / "ws")
    (tmp_path / "ws" / "counters" / "base.json").write_text("[]")
    with pytest.raises(DataError, match=r"counters/base.json:1:1: /: the counters file must be a JSON object"):
        load_game(tmp_path / "ws" / "games" / "base.json")
