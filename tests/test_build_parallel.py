"""`modgen build` renders counter faces in worker processes (modgen.draw.counter_export): the module must not depend on
it, and a bad counter must still be one DataError naming it, with no module written."""

from __future__ import annotations

import json
import os
import shutil
import signal
from pathlib import Path

import pytest

from modgen.cli import main
from modgen.cli.common import PROGRESS
from modgen.data.model import load_game
from modgen.draw import boards
from modgen.errors import DataError, ModgenError
from modgen.vassal.module import build_module

REPO = Path(__file__).resolve().parent.parent


def test_module_is_the_same_with_one_or_two_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # zip entry times fixed, so bytes can be compared
    game = load_game(REPO / "games" / "arnhem44.json")
    assert sum(len(u["faces"]) for u in game.units) > 24  # more than counter_export renders in-process
    one, two = tmp_path / "one.vmod", tmp_path / "two.vmod"
    build_module(game, one, workers=1)
    build_module(game, two, workers=2)
    assert one.read_bytes() == two.read_bytes()


def test_bad_counter_in_a_worker_is_a_data_error(tmp_path: Path) -> None:
    _copy_games(tmp_path)
    counters_file = tmp_path / "counters" / "arnhem44.json"
    data = json.loads(counters_file.read_text(encoding="utf-8"))
    bad = data["counters"][40]
    bad["image"] = "art/missing.png"
    counters_file.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "x.vmod"
    with pytest.raises(DataError, match=rf"counter '{bad['id']}': artwork 'art/missing.png' not found"):
        build_module(load_game(tmp_path / "games" / "arnhem44.json"), out, workers=2)
    assert not out.exists()


def _die(*_args: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _copy_games(tmp_path: Path) -> None:
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, tmp_path / folder)


def test_board_drawn_in_its_own_process_gives_the_same_module(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The board of a big game draws in a background process (draw.boards): the module's bytes must not change."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    game = load_game(REPO / "games" / "minsk44.json")
    one, two = tmp_path / "one.vmod", tmp_path / "two.vmod"
    build_module(game, one, workers=1)
    calls: list[bool] = []
    real = boards.board_pngs

    def spy(*a: object, **k: object):  # type: ignore[no-untyped-def]
        calls.append(bool(k["background"]))
        return real(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(boards, "BACKGROUND_MPX", 0.0)  # every board counts as big
    monkeypatch.setattr(boards, "board_pngs", spy)
    build_module(game, two, workers=2)
    assert calls == [True]
    assert one.read_bytes() == two.read_bytes()


def test_bad_board_in_the_background_is_one_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A map the renderer refuses, drawn in the background process: `modgen build` says so in one line, exit 1, and
    writes no module."""
    _copy_games(tmp_path)
    maps_file = tmp_path / "maps" / "arnhem44.json"
    data = json.loads(maps_file.read_text(encoding="utf-8"))
    data["maps"][0]["hexes"]["0101"] = "no_such_terrain"
    maps_file.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(boards, "BACKGROUND_MPX", 0.0)
    out = tmp_path / "x.vmod"
    with pytest.raises(DataError, match="no_such_terrain"):
        build_module(load_game(tmp_path / "games" / "arnhem44.json"), out, workers=2)
    assert not out.exists()
    code = main(["build", str(tmp_path / "games" / "arnhem44.json"), "-o", str(out), "--no-validate", "-j", "2"])
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip() and not PROGRESS.match(ln)]
    assert code == 1 and len(lines) == 1 and "no_such_terrain" in lines[0] and "Traceback" not in err, err
    assert not out.exists()


def test_board_process_killed_is_one_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's process dies (as under the kernel's out-of-memory killer): one error naming the map, no module."""
    monkeypatch.setattr(boards, "BACKGROUND_MPX", 0.0)
    monkeypatch.setattr(boards, "board_png", _die)  # the worker forks with the patch in place
    monkeypatch.setattr(boards, "board_band", _die)  # (a board as big as Minsk's draws in bands)
    out = tmp_path / "x.vmod"
    with pytest.raises(ModgenError, match=r"map 'main': the process drawing its board stopped unexpectedly"):
        build_module(load_game(REPO / "games" / "minsk44.json"), out, workers=2)
    assert not out.exists()
