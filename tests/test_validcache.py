"""The validation cache (modgen/data/validcache.py): a workspace that validated clean is not validated again until one
of its files, modgen or the plugins change; a damaged entry is ignored; `check` on changed data still refuses it."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from modgen.cli import cli
from modgen.cli.common import require_valid
from modgen.data import validcache
from modgen.data.validate import validate_game
from modgen.errors import DataError

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MODGEN_CACHE_DIR", str(folder))
    return folder / "valid"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the bundled Minsk '44 workspace (the files the cache lists are ours to change)."""
    root = tmp_path / "ws"
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, root / folder)
    return root / "games" / "minsk44.json"


def _files(manifest: Path) -> list[str]:
    files: list[str] = []
    assert not [i for i in validate_game(manifest, files) if i.severity == "error"]
    return files


def test_validate_game_lists_the_files_it_read(game: Path) -> None:
    files = {Path(f).resolve() for f in _files(game)}
    root = game.parent.parent
    assert {game.resolve(), root / "counters" / "minsk44.json", root / "maps" / "minsk44.json",
            root / "scenarios" / "minsk44" / "historical.json"} <= files


def test_remembered_until_a_file_changes(cache: Path, game: Path) -> None:
    assert not validcache.known_valid(game)
    validcache.remember(game, _files(game))
    assert validcache.known_valid(game)
    counters = game.parent.parent / "counters" / "minsk44.json"
    counters.write_text(counters.read_text(encoding="utf-8") + " ", encoding="utf-8")  # same data, other bytes
    assert not validcache.known_valid(game)


def test_a_deleted_or_new_file_is_a_change(cache: Path, game: Path) -> None:
    gone = game.parent.parent / "scenarios" / "minsk44" / "historical.json"
    validcache.remember(game, [*_files(game), str(game.parent / "later.png")])
    assert validcache.known_valid(game)
    (game.parent / "later.png").write_bytes(b"x")  # listed as absent: appearing is a change
    assert not validcache.known_valid(game)
    (game.parent / "later.png").unlink()
    assert validcache.known_valid(game)
    gone.unlink()
    assert not validcache.known_valid(game)


@pytest.mark.parametrize("damage", [b"", b"\x00\xff garbage", b"[]", b'{"version": 1}', b'{"version": 1, "files": []}',
                                    b'{"version": 1, "files": {"a": 3}}', b'{"version": 99, "files": {}}',
                                    b'{"version": 1, "files": {}}', b"[" * 100_000])
def test_a_damaged_entry_is_ignored(cache: Path, game: Path, damage: bytes) -> None:
    validcache.remember(game, _files(game))
    (entry,) = cache.iterdir()
    entry.write_bytes(damage)
    assert not validcache.known_valid(game)
    require_valid(game)  # validates again, no error
    assert validcache.known_valid(game)  # and the entry is written anew


def test_no_entry_for_invalid_data_and_none_when_off(cache: Path, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = json.loads(game.read_text(encoding="utf-8"))
    manifest["sides"] = "nobody"
    game.write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(DataError):
        require_valid(game)
    assert not cache.exists() or not list(cache.iterdir())
    monkeypatch.setenv("MODGEN_CACHE_DIR", "off")
    game.write_text(json.dumps({**manifest, "sides": json.loads((REPO / "games" / "minsk44.json").read_text(
        encoding="utf-8"))["sides"]}), encoding="utf-8")
    require_valid(game)
    assert validcache.cache_dir() is None and not validcache.known_valid(game)
    assert not cache.exists() or not list(cache.iterdir())


def test_check_refuses_data_broken_after_a_clean_check(cache: Path, game: Path, tmp_path: Path) -> None:
    log = tmp_path / "one.jsonl"
    log.write_text('{"type": "scenario_start", "game": "minsk44", "scenario": "historical"}\n', encoding="utf-8")
    runner = CliRunner()
    first = runner.invoke(cli, ["check", str(log), "--game", str(game)])
    assert first.exit_code == 0, first.output
    assert validcache.known_valid(game)
    again = runner.invoke(cli, ["check", str(log), "--game", str(game)])
    assert (again.exit_code, again.output) == (first.exit_code, first.output)  # from the cache: the same report
    maps = game.parent.parent / "maps" / "minsk44.json"
    data = json.loads(maps.read_text(encoding="utf-8"))
    data["maps"][0]["grid"] = "round"
    maps.write_text(json.dumps(data), encoding="utf-8")
    broken = runner.invoke(cli, ["check", str(log), "--game", str(game)])
    assert broken.exit_code == 1 and "/maps/0/grid" in str(broken.exception)


def test_a_fifo_or_a_link_in_place_of_a_file_is_a_change_and_never_blocks(cache: Path, game: Path) -> None:
    art = game.parent / "art.png"
    art.write_bytes(b"x")
    validcache.remember(game, [*_files(game), str(art)])
    assert validcache.known_valid(game)
    art.unlink()
    os.mkfifo(art)  # opening it for reading would wait for a writer: the cache must not
    assert not validcache.known_valid(game)
    art.unlink()
    (game.parent / "real.png").write_bytes(b"x")
    art.symlink_to(game.parent / "real.png")  # the same bytes behind a link: the validation may judge it otherwise
    assert not validcache.known_valid(game)


def test_big_files_are_keyed_by_their_stat(cache: Path, game: Path) -> None:
    pdf = game.parent / "rules.pdf"
    pdf.write_bytes(b"%PDF" + b"0" * (validcache._HASH_LIMIT + 1))
    validcache.remember(game, [*_files(game), str(pdf)])
    assert validcache.known_valid(game)
    os.utime(pdf, ns=(1, 1))  # same bytes, but touched: validate again
    assert not validcache.known_valid(game)


def test_nothing_remembered_when_a_file_changed_during_validation(cache: Path, game: Path) -> None:
    started = time.time_ns()
    files = _files(game)
    game.write_text(game.read_text(encoding="utf-8"), encoding="utf-8")  # touched while "validating"
    validcache.remember(game, files, since=started)
    assert not validcache.known_valid(game)
    validcache.remember(game, files)  # (without the guard it would have been)
    assert validcache.known_valid(game)


def test_other_limits_validate_again(cache: Path, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    validcache.remember(game, _files(game))
    assert validcache.known_valid(game)
    monkeypatch.setenv("MODGEN_LIMIT_JSON_DEPTH", "3")  # this data is deeper: valid before, not under this limit
    assert not validcache.known_valid(game)
    with pytest.raises(DataError):
        require_valid(game)
