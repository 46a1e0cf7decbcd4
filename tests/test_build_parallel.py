"""`modgen build` renders counter faces in worker processes (modgen.draw.counter_export): the module must not depend on
it, and a bad counter must still be one DataError naming it, with no module written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.errors import DataError
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
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    counters_file = tmp_path / "counters" / "arnhem44.json"
    data = json.loads(counters_file.read_text(encoding="utf-8"))
    bad = data["counters"][40]
    bad["image"] = "art/missing.png"
    counters_file.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "x.vmod"
    with pytest.raises(DataError, match=rf"counter '{bad['id']}': artwork 'art/missing.png' not found"):
        build_module(load_game(tmp_path / "games" / "arnhem44.json"), out, workers=2)
    assert not out.exists()
