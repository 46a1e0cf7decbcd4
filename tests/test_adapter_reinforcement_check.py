"""`modgen check` on a VASSAL log of a modgen-built Minsk '44 module: a Soviet reinforcement dragged from its holding
box onto the map is a canonical ``reinforcement`` (not a move), so EFB 6.2 checks its entry hex.

The saved state is the module's own set-up (.vsav); the log steps are assembled by hand in VASSAL's command format
(tests/vassal_logs.py). Expected findings come from the scenario: FD enters on turn 1 along the north edge east of
the Berezina (MK 24.7), which by the map data is the north-edge row xx01 from 2801 to 5001; 3805 is inland.
"""

from __future__ import annotations

import io
import zipfile

import pytest
from conftest import bundled_games
from vassal_logs import log_text, stack, vsav

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.report.check import check_bytes
from modgen.vassal import obfuscation
from modgen.vassal.adapter import adapt
from modgen.vassal.module import build_module
from modgen.vassal.reader import Visitor, read

MINSK = next((p for p in bundled_games() if p.stem == "minsk44"), None)


@pytest.fixture(scope="module")
def minsk(tmp_path_factory):
    if MINSK is None:
        pytest.fail("games/minsk44.json is missing")
    game = load_game(MINSK)
    out = tmp_path_factory.mktemp("minsk") / "minsk44.vmod"
    build_module(game, out)
    raw = zipfile.ZipFile(out).read("historical.vsav")
    saved = obfuscation.deobfuscate(zipfile.ZipFile(io.BytesIO(raw)).read("savedGame"))
    fd = next(p for p in read(raw, Visitor()).pieces.values() if p.props.get("mg_unit") == "su.fd.hq")
    return game, saved, fd


def _log(game, saved, fd, dest: str) -> bytes:
    main = game.maps[0]["id"]
    x, y = Grid.from_map(game.maps[0]).center_px(dest, (game.manifest.get("vassal") or {}).get("hex_px") or 100)
    loc = fd.location
    steps = [["CHAT&lt;Al&gt; - !turn 1"], ["CHAT&lt;Al&gt; - !phase reinforcement soviet"],
             [f"M/{fd.id}/{main}/{x}/{y}/null/{loc.map}/{loc.x}/{loc.y}/null/al", stack("990", main, x, y, fd.id)]]
    return vsav(log_text(saved, steps), module="minsk44")


def test_the_reinforcement_waits_in_its_box(minsk):
    game, _, fd = minsk
    assert fd.location.map == "holding"
    setup = next(e for e in game.scenarios["historical"]["setup"] if e["unit"] == "su.fd.hq")
    res = adapt(_log(*minsk, "3801"), game, scenario="historical")
    start = next(e for e in res.events if e["type"] == "setup" and e["unit"] == "su.fd.hq")
    assert start["off_map"] == setup["off_map"]


@pytest.mark.parametrize("dest, illegal", [("3801", False), ("3805", True)])
def test_entry_hex_is_checked(minsk, dest, illegal):
    game, saved, fd = minsk
    data = _log(game, saved, fd, dest)
    events = adapt(data, game, scenario="historical").events
    entered = [e for e in events if e.get("unit") == "su.fd.hq" and e["type"] in ("move", "reinforcement")]
    assert [(e["type"], e.get("hex")) for e in entered] == [("reinforcement", dest)]
    report = check_bytes(data, "game.vlog", game, "historical")
    # only FD enters in this log: the rest of its group is (rightly) reported as withheld under 6.5
    found = [(f.severity, f.message) for f in report.findings if f.rule == "EFB 6.2"]
    if illegal:
        assert found == [("error", f"FD (Soviet Forward Detachment) enters at {dest}, which is not in its entry area "
                                    "north_east_of_berezina")]
    else:
        assert found == [], found
    assert {f.rule for f in report.findings if f.severity == "error"} <= {"EFB 6.2", "EFB 6.5"}


def test_a_unit_waiting_in_its_arrival_band_enters_as_a_reinforcement(tmp_path):
    """Arnhem's airborne units are not in the set-up: they wait in "Turn 1 — Allies: lz_arnhem" (the scenario's
    first reinforcement entry, MK-style schedule in scenarios/arnhem44/arnhem.json) and enter from there."""
    manifest = next(p for p in bundled_games() if p.stem == "arnhem44")
    game = load_game(manifest)
    out = tmp_path / "arnhem.vmod"
    build_module(game, out)
    raw = zipfile.ZipFile(out).read("arnhem.vsav")
    saved = obfuscation.deobfuscate(zipfile.ZipFile(io.BytesIO(raw)).read("savedGame"))
    hq = next(p for p in read(raw, Visitor()).pieces.values() if p.props.get("mg_unit") == "gb.1ab.hq")
    main = game.scenarios["arnhem"].get("map") or game.maps[0]["id"]
    grid = Grid.from_map(game.map(main))
    dest = grid.labels()[len(grid.labels()) // 2]  # any hex will do: the adapter does not judge the rules
    x, y = grid.center_px(dest, (game.manifest.get("vassal") or {}).get("hex_px") or 100)
    loc = hq.location
    steps = [[f"M/{hq.id}/{main}/{x}/{y}/null/{loc.map}/{loc.x}/{loc.y}/null/al", stack("990", main, x, y, hq.id)]]
    res = adapt(vsav(log_text(saved, steps), module="arnhem44"), game, scenario="arnhem")
    assert res.warnings == []
    mine = [e for e in res.events if e.get("unit") == "gb.1ab.hq"]
    assert [(e["type"], e.get("off_map"), e.get("hex")) for e in mine] == [
        ("setup", "Turn 1 — Allies: lz_arnhem", None), ("reinforcement", None, dest)]


def test_rearranging_the_holding_map_is_not_a_move(minsk):
    """Dragging a waiting unit to another spot of the holding map (tidying the box) is no event, so no EFB 8.3
    "move in the reinforcement phase" finding."""
    game, saved, fd = minsk
    loc = fd.location
    steps = [["CHAT&lt;Al&gt; - !turn 1"], ["CHAT&lt;Al&gt; - !phase reinforcement soviet"],
             [f"M/{fd.id}/holding/{loc.x + 250}/{loc.y + 10}/null/{loc.map}/{loc.x}/{loc.y}/null/al",
              stack("990", "holding", loc.x + 250, loc.y + 10, fd.id)]]
    data = vsav(log_text(saved, steps), module="minsk44")
    events = adapt(data, game, scenario="historical").events
    assert [e["type"] for e in events if e.get("unit") == "su.fd.hq"] == ["setup"]
    report = check_bytes(data, "game.vlog", game, "historical")
    assert not [f for f in report.findings if f.rule == "EFB 8.3"]
