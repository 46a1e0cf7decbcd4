"""The module's presentation (issue #24): palette grid per formation with one slot per distinct counter, the opening
zoom, the Help menu's scenario notes and rules text, and legible counter text in the bundled games."""

from __future__ import annotations

import glob
import json
import zipfile
from pathlib import Path

import pytest
import vassal_fixture as vf
from lxml import etree

from modgen.data.model import load_game
from modgen.vassal import presentation as pres
from modgen.vassal.module import build_module
from modgen.vassal.scale import counter_size

M = "VASSAL.build.module."
W = "VASSAL.build.widget."


def _unit(uid: str, **kw: object) -> dict:
    return {"id": uid, "side": "red", "designation": "GA", "faces": {"front": {"values": {"attack": 2}}}, **kw}


def test_identical_records_share_one_slot_distinct_ones_do_not() -> None:
    units = [_unit("ga1"), _unit("ga2"), _unit("hq1", name="HQ A"), _unit("hq2", name="HQ B")]
    groups = pres.distinct_counters(units)
    assert [(u["id"], ids) for u, ids in groups] == [("ga1", ["ga1", "ga2"]), ("hq1", ["hq1"]), ("hq2", ["hq2"])]


def test_slot_names_tell_counters_with_one_designation_apart() -> None:
    names = pres.slot_names([_unit("a", designation="5 GTA", name="HQ 5th Guards Tank Army"),
                             _unit("b", designation="5 GTA", name="5 GTA self-propelled gun regiment"),
                             _unit("c", designation="7 Pz"), _unit("d", designation="X", name="Same"),
                             _unit("e", designation="X", name="Same", faces={"front": {}})])
    assert names == {"a": "5 GTA — HQ 5th Guards Tank Army", "b": "5 GTA — 5 GTA self-propelled gun regiment",
                     "c": "7 Pz", "d": "X — Same (d)", "e": "X — Same (e)"}
    assert len(set(names.values())) == len(names)


@pytest.mark.parametrize(("text_px", "zoom"), [(None, 1.0), (12, 1.0), (10, 1.0), (9, 1.25), (7, 1.6), (3, 2.0)])
def test_opening_zoom_makes_the_smallest_text_ten_pixels(text_px: float | None, zoom: float) -> None:
    start = pres.zoom_start(text_px)
    levels = sorted(pres.ZOOM_LEVELS)
    assert levels[len(levels) - start] == zoom  # VASSAL: 1-based, counted from the most zoomed-in level


def test_scenario_notes_page_has_the_data_words_not_ids() -> None:
    game = load_game("games/arnhem44.json")
    page = pres.scenario_html(game, game.scenarios["arnhem"])
    assert "<h1>" in page and "Initiative: Allies." in page and "17 IX 2e" in page
    assert "Allies: XXX Corps unit reaches a held bridge in Arnhem" in page  # the side's name, not its id
    assert "{" not in page and "by_stage" not in page
    etree.fromstring(page.encode())  # well-formed for VASSAL's help viewer


def test_module_palette_help_and_zoom(tmp_path: Path) -> None:
    ws = vf.write_workspace(tmp_path / "ws")
    manifest = json.loads(ws.read_text())
    (ws.parent / "rules.txt").write_text("Rule 1. Move.\n\nRule 2. Fight & win <now>.\n")
    manifest["files"]["rules_text"] = "rules.txt"
    ws.write_text(json.dumps(manifest))
    game = load_game(ws)
    out = tmp_path / "m.vmod"
    build_module(game, out, **vf.STUBS)
    z = zipfile.ZipFile(out)
    root = etree.fromstring(z.read("buildFile.xml"))
    docs = root.findall(f"{M}Documentation/{M}documentation.HelpFile")
    titles = [d.get("title") for d in docs]
    assert titles[0] == "Rules (text)" and all(d.get("fileType") == "archive" for d in docs)
    assert titles[1:] == [f"Scenario: {s.get('title', sid)}" for sid, s in game.scenarios.items()]
    rules = z.read(docs[0].get("fileName")).decode()
    assert "<p>Rule 2. Fight &amp; win &lt;now&gt;.</p>" in rules
    zoomers = root.findall(f"{M}Map/{M}map.Zoomer")
    assert zoomers and all(zm.get("zoomStart") == str(pres.zoom_start(None)) for zm in zoomers)


def test_module_missing_rules_text_is_one_error(tmp_path: Path) -> None:
    from modgen.errors import DataError

    ws = vf.write_workspace(tmp_path / "ws")
    manifest = json.loads(ws.read_text())
    manifest["files"]["rules_text"] = "nowhere.txt"
    ws.write_text(json.dumps(manifest))
    with pytest.raises(DataError, match="rules_text 'nowhere.txt' not found"):
        build_module(load_game(ws), tmp_path / "m.vmod", **vf.STUBS)


@pytest.mark.parametrize("path", sorted(glob.glob("games/*.json")))
def test_bundled_counters_read_at_ten_pixels_at_full_zoom(path: str) -> None:
    """Issue #24: unit ids were 7 px at 100% ("31/I" vs "31/II"), FoW team text 4-5 px."""
    game = load_game(path)
    opts = game.manifest.get("vassal") or {}
    hex_maps = any(m.get("kind", "hex") == "hex" for m in game.maps)
    px = int(counter_size(opts, opts.get("hex_px", 100), opts.get("px_per_inch", 30), hex_maps))
    units = [u for u, _ids in pres.distinct_counters(game.units)]
    assert pres.smallest_text_px(game, units, px) >= pres.MIN_TEXT_PX
    if hex_maps:
        assert px <= opts.get("hex_px", 100), "a counter no wider than the distance between hex centres"
