"""The image cache (modgen/draw/imagecache.py): a rebuild takes unchanged board and face images from it, draws what
changed, and always writes the module a build without the cache writes."""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

from modgen.data.model import load_game
from modgen.draw import imagecache
from modgen.vassal.module import build_module

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled games, a cache folder of its own with the image cache on, fixed zip times."""
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    monkeypatch.setenv("MODGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MODGEN_IMAGE_CACHE", "on")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # zip entry times fixed, so module bytes compare
    return tmp_path


def _edit(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _build(ws: Path, name: str, out: str, workers: int = 1):  # type: ignore[no-untyped-def]
    return build_module(load_game(ws / "games" / name), ws / out, workers=workers)


def _cold(ws: Path, name: str, out: str, monkeypatch: pytest.MonkeyPatch) -> bytes:
    with monkeypatch.context() as m:
        m.setenv("MODGEN_IMAGE_CACHE", "off")
        stats = _build(ws, name, out)
    assert stats.cached == 0
    return (ws / out).read_bytes()


def test_rebuild_takes_every_image_from_the_cache_and_writes_the_same_module(workspace: Path) -> None:
    first = _build(workspace, "minsk44.json", "a.vmod")
    assert first.cached == 0
    second = _build(workspace, "minsk44.json", "b.vmod", workers=2)
    faces = sum(len(u["faces"]) for u in load_game(workspace / "games" / "minsk44.json").units)
    assert second.cached == faces + 1  # every face and the board
    assert (workspace / "a.vmod").read_bytes() == (workspace / "b.vmod").read_bytes()


def test_a_changed_counter_is_drawn_again_and_only_it(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(workspace / "games" / "arnhem44.json")
    _build(workspace, "arnhem44.json", "a.vmod")
    counters = Path(game.files["counters"])
    unit = game.units[5]

    def rename(data: dict) -> None:
        rec = next(u for u in data["counters"] if u["id"] == unit["id"])
        rec["name"] = rec.get("name", "") + " (renamed)"
        rec["designation"] = "XYZ"

    _edit(counters, rename)
    stats = _build(workspace, "arnhem44.json", "b.vmod")
    faces = sum(len(u["faces"]) for u in game.units)
    assert stats.cached == faces + 1 - len(unit["faces"])
    assert (workspace / "b.vmod").read_bytes() == _cold(workspace, "arnhem44.json", "c.vmod", monkeypatch)


def test_a_changed_map_redraws_the_board_only(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(workspace / "games" / "stormsofsteel.json")
    _build(workspace, "stormsofsteel.json", "a.vmod")
    maps_file = next(Path(p) for k, p in game.files.items() if k.startswith("maps["))
    first_hex = next(iter(game.maps[0]["hexes"]))
    other = next(t for t in game.maps[0]["hexes"].values() if t != game.maps[0]["hexes"][first_hex])
    _edit(maps_file, lambda d: d["maps"][0]["hexes"].__setitem__(first_hex, other))
    stats = _build(workspace, "stormsofsteel.json", "b.vmod")
    assert stats.cached == sum(len(u["faces"]) for u in game.units)  # every face, not the board
    assert (workspace / "b.vmod").read_bytes() == _cold(workspace, "stormsofsteel.json", "c.vmod", monkeypatch)


def test_changed_artwork_redraws_every_image(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A counter's picture file changes but no JSON does: the cache must not hand back the old picture."""
    game = load_game(workspace / "games" / "stormsofsteel.json")
    counters = Path(game.files["counters"])
    art = counters.parent / "art" / "pic.png"
    art.parent.mkdir()
    Image.new("RGB", (40, 40), (200, 30, 30)).save(art)
    unit_id = game.units[0]["id"]
    _edit(counters, lambda d: next(u for u in d["counters"] if u["id"] == unit_id).__setitem__("image", "art/pic.png"))
    _build(workspace, "stormsofsteel.json", "a.vmod")
    Image.new("RGB", (40, 40), (30, 30, 200)).save(art)  # same name, other pixels
    stats = _build(workspace, "stormsofsteel.json", "b.vmod")
    assert stats.cached == 0
    assert (workspace / "b.vmod").read_bytes() == _cold(workspace, "stormsofsteel.json", "c.vmod", monkeypatch)
    assert (workspace / "a.vmod").read_bytes() != (workspace / "b.vmod").read_bytes()


def test_a_damaged_entry_is_ignored_and_drawn_again(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(workspace, "stormsofsteel.json", "a.vmod")
    entries = sorted((workspace / "cache" / "images").glob("*/*.png"))
    assert entries
    for k, entry in enumerate(entries):  # a flipped byte, a truncated file, an empty file
        blob = entry.read_bytes()
        entry.write_bytes([blob[:40] + bytes([blob[40] ^ 1]) + blob[41:], blob[: len(blob) // 2], b""][k % 3])
    stats = _build(workspace, "stormsofsteel.json", "b.vmod")
    assert stats.cached == 0
    assert (workspace / "b.vmod").read_bytes() == (workspace / "a.vmod").read_bytes()


def test_cache_off(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("MODGEN_IMAGE_CACHE", "MODGEN_CACHE_DIR"):
        with monkeypatch.context() as m:
            m.setenv(var, "off")
            _build(workspace, "stormsofsteel.json", "a.vmod")
            assert _build(workspace, "stormsofsteel.json", "b.vmod").cached == 0
    assert not (workspace / "cache" / "images").exists()


def test_prune_keeps_the_folder_under_its_cap_dropping_the_least_recently_used(workspace: Path) -> None:
    game = load_game(workspace / "games" / "fow.json")
    cache = imagecache.ImageCache(game, 6)
    buf = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buf, "PNG")
    data = buf.getvalue() + bytes(1000)  # ~1 KB an entry
    keys = [cache.face_key({"id": f"u{k}"}, "front", 10) for k in range(10)]
    for k, key in enumerate(keys):
        cache.put(key, data)
        os.utime(cache._path(key), ns=(k * 10**9, k * 10**9))  # entry k used at time k
    assert cache.get(keys[0]) == data  # using the oldest makes it the newest
    cache.prune(max_bytes=6 * len(data))
    kept = [k for k, key in enumerate(keys) if cache._path(key).exists()]
    assert 0 in kept and 1 not in kept and 9 in kept
    assert sum(cache._path(keys[k]).stat().st_size for k in kept) <= 6 * (len(data) + 16)


def test_cli_build_says_how_many_images_came_from_the_cache(workspace: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from modgen.cli import main

    args = ["build", str(workspace / "games" / "guardstank.json"), "--no-validate", "-j", "1"]
    assert main([*args, "-o", str(workspace / "a.vmod")]) == 0
    assert "from the cache" not in capsys.readouterr().out
    assert main([*args, "-o", str(workspace / "b.vmod"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    faces = sum(len(u["faces"]) for u in load_game(workspace / "games" / "guardstank.json").units)
    assert out["cached_images"] == faces + 1
    assert (workspace / "a.vmod").read_bytes() == (workspace / "b.vmod").read_bytes()
