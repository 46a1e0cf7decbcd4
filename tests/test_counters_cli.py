"""`modgen counters` end to end, the worker pool, and every bundled game's counters."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import bundled_games
from fixtures_counters import make_game, write_game
from PIL import Image, ImageChops

from modgen.cli import main
from modgen.data.model import load_game
from modgen.draw.counter_export import INLINE_LIMIT, all_faces, export_pngs, png_name, render_images
from modgen.draw.counters import faces_of, plan_face, render_face


def counters_cli(*args) -> int:
    """`modgen counters` on a fixture workspace (fixtures have no map file, so skip validation)."""
    return main(["counters", "--no-validate", *map(str, args)])


def test_counters_cli_writes_one_png_per_face(tmp_path: Path, capsys) -> None:
    manifest = write_game(tmp_path, "efb")
    out = tmp_path / "png"
    assert counters_cli(manifest, "-o", out, "--px", "90") == 0
    game = load_game(manifest)
    expected = {f"{u['id']}.{f}.png" for u in game.units for f in faces_of(u)}
    assert {p.name for p in out.iterdir()} == expected
    img = Image.open(out / "de.31.I.back.png")
    assert img.size == (90, 90)
    ref = render_face(game, game.unit("de.31.I"), "back", 90)
    assert ImageChops.difference(img.convert("RGB"), ref).getbbox() is None  # PNG is lossless
    assert "wrote 15 PNGs" in capsys.readouterr().out


def test_counters_cli_unit_filter_and_errors(tmp_path: Path, capsys) -> None:
    manifest = write_game(tmp_path, "coh")
    out = tmp_path / "png"
    assert counters_cli(manifest, "-o", out, "--unit", "ger.tiger") == 0
    assert sorted(p.name for p in out.iterdir()) == ["ger.tiger.front.png", "ger.tiger.spent.png"]
    assert Image.open(out / "ger.tiger.front.png").mode == "RGB"
    assert counters_cli(manifest, "-o", out, "--unit", "ger.tiger", "--alpha") == 0
    rgba = Image.open(out / "ger.tiger.front.png")
    assert rgba.mode == "RGBA" and rgba.getpixel((0, 0))[3] == 0  # CoH counters are rounded
    assert counters_cli(manifest, "-o", out, "--unit", "nobody") == 1
    assert "no counter 'nobody'" in capsys.readouterr().err
    assert counters_cli(manifest, "-o", out, "--px", "4") == 2  # usage error from click


def test_pool_gives_the_same_images_as_rendering_in_process(tmp_path: Path) -> None:
    units = []
    base = make_game("efb").units
    for i in range(INLINE_LIMIT + 6):  # enough faces that a process pool is used
        u = dict(base[i % len(base)], id=f"u{i}")
        units.append(u)
    game = make_game("efb", units)
    faces = all_faces(game)
    assert len(faces) > INLINE_LIMIT
    pooled = list(render_images(game, faces, 60, workers=2))
    assert [(u, f) for u, f, _ in pooled] == faces  # order kept
    for uid, face, img in pooled[:: max(1, len(pooled) // 8)]:
        ref = render_face(game, game.unit(uid), face, 60)
        assert ImageChops.difference(img, ref).getbbox() is None
    paths = list(export_pngs(game, tmp_path, 60, workers=2))
    assert len(paths) == len(faces) and all(p.exists() for p in paths)
    assert not list(tmp_path.glob(".*.part"))  # no temporary files left behind


def test_png_names_are_safe() -> None:
    assert png_name("de.5pz/31 I", "front") == "de.5pz_31_I.front.png"
    assert png_name("../x", "back") == ".._x.back.png"


@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_every_bundled_counter_renders_with_its_text_inside(manifest: Path) -> None:
    game = load_game(manifest)
    assert game.units
    for unit in game.units:
        for face in faces_of(unit):
            plan = plan_face(game, unit, face, 100)
            for t in plan.texts:
                x0, y0, x1, y1 = t.bbox
                assert 0 <= x0 and 0 <= y0 and x1 <= 100 and y1 <= 100, (unit["id"], face, t.text)
                assert t.size >= 5, (unit["id"], face, t.text, "text shrunk to unreadable")


def test_a_bad_counter_in_a_worker_process_is_reported_as_a_data_error(tmp_path: Path) -> None:
    from modgen.errors import DataError

    base = make_game("efb").units
    units = [dict(base[i % len(base)], id=f"u{i}") for i in range(INLINE_LIMIT + 10)]
    last_tank = max(i for i, u in enumerate(units) if u.get("class") == "maneuver")  # a layout that draws symbols
    units[last_tank] = dict(units[last_tank], symbol={"types": ["zeppelin"]})
    game = make_game("efb", units)
    with pytest.raises(DataError, match="zeppelin"):
        list(export_pngs(game, tmp_path, 48, workers=2))
    assert not list(tmp_path.glob(".*.part"))


def test_commands_validate_the_data_first_by_default(tmp_path: Path, capsys) -> None:
    manifest = write_game(tmp_path, "efb")  # no map file: invalid for modgen validate
    # counters and sheet do not read the map (issue #20): its error is a warning, the counters print
    assert main(["counters", str(manifest), "-o", str(tmp_path / "png"), "--px", "32"]) == 0
    assert "warning: " in (err := capsys.readouterr().err) and "/files/maps" in err
    assert main(["sheet", str(manifest), "-o", str(tmp_path / "s.pdf")]) == 0
    assert "warning: " in (err := capsys.readouterr().err) and "/files/maps" in err
    counters = next((tmp_path / "counters").glob("*.json"))  # an error in what they read stops them
    counters.write_text(counters.read_text().replace('"side": "', '"side": "x', 1))
    assert main(["counters", str(manifest), "-o", str(tmp_path / "png2")]) == 1
    assert "unknown side" in capsys.readouterr().err and not (tmp_path / "png2").exists()
    assert main(["sheet", str(manifest), "-o", str(tmp_path / "s2.pdf")]) == 1
    assert "unknown side" in capsys.readouterr().err and not (tmp_path / "s2.pdf").exists()
    bundled = bundled_games()[0]  # the shipped games are valid
    assert main(["counters", str(bundled), "-o", str(tmp_path / "ok"), "--px", "32"]) == 0
