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
from modgen.vassal.scale import HOLDING_MAP

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
    assert fd.location.map == HOLDING_MAP == "Off-map and reinforcements"
    # MK 24.7 (1): FD and 3 GTC arrive on 27 June (turn 1) north of the Berezina; the set-up sets them aside off the
    # map, and the module shows them waiting in that arrival's box
    res = adapt(_log(*minsk, "3801"), game, scenario="historical")
    start = next(e for e in res.events if e["type"] == "setup" and e["unit"] == "su.fd.hq")
    assert start["off_map"] == "Turn 1 — Soviet: north_east_of_berezina"


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
             [f"M/{fd.id}/{HOLDING_MAP}/{loc.x + 250}/{loc.y + 10}/null/{loc.map}/{loc.x}/{loc.y}/null/al",
              stack("990", HOLDING_MAP, loc.x + 250, loc.y + 10, fd.id)]]
    data = vsav(log_text(saved, steps), module="minsk44")
    events = adapt(data, game, scenario="historical").events
    assert [e["type"] for e in events if e.get("unit") == "su.fd.hq"] == ["setup"]
    report = check_bytes(data, "game.vlog", game, "historical")
    assert not [f for f in report.findings if f.rule == "EFB 8.3"]


def _counter_px(game) -> int:
    """The module's counter size (manifest ``vassal.counter_px``, else 3/4 of a hex)."""
    opts = game.manifest.get("vassal") or {}
    return int(opts.get("counter_px") or float(opts.get("hex_px") or 100) * 0.75)


def _box(game, kind: str, side: str) -> tuple[int, int]:
    """A point inside the side's Eliminated/Replacements box as the builder lays the holding map out."""
    from modgen.vassal.bands import holding_boxes, layout
    placed, _, _ = layout(holding_boxes(game), _counter_px(game))
    p = next(p for p in placed if p.band.kind == kind and p.band.side == side)
    return p.x + p.width // 2, p.y + p.height // 2


def test_a_unit_dragged_into_the_eliminated_box_is_eliminated(minsk):
    """A German unit on the map dragged into "Eliminated — German" is ``loss … eliminated`` (EFB 6.8: eliminated
    units go to the eliminated box); dragged on to the Replacements box is bookkeeping; back onto the map from there
    it returns as a ``replacement`` at that hex (EFB 6.9-6.10)."""
    game, saved, _ = minsk
    pieces = read(vsav(log_text(saved, [])), Visitor()).pieces.values()
    unit = next(p for p in pieces if p.props.get("mg_unit") == "de.31id.hq")
    loc = unit.location
    assert loc.map == game.maps[0]["id"]  # set up on the map
    main = game.maps[0]["id"]
    ex, ey = _box(game, "eliminated", "german")
    rx, ry = _box(game, "replacements", "german")
    x, y = Grid.from_map(game.maps[0]).center_px("1126", (game.manifest.get("vassal") or {}).get("hex_px") or 100)
    steps = [[f"M/{unit.id}/{HOLDING_MAP}/{ex}/{ey}/null/{loc.map}/{loc.x}/{loc.y}/null/al",
              stack("990", HOLDING_MAP, ex, ey, unit.id)],
             [f"M/{unit.id}/{HOLDING_MAP}/{rx}/{ry}/null/{HOLDING_MAP}/{ex}/{ey}/null/al",
              stack("991", HOLDING_MAP, rx, ry, unit.id)],
             [f"M/{unit.id}/{main}/{x}/{y}/null/{HOLDING_MAP}/{rx}/{ry}/null/al", stack("992", main, x, y, unit.id)]]
    res = adapt(vsav(log_text(saved, steps), module="minsk44"), game, scenario="historical")
    assert res.warnings == []
    mine = [{k: v for k, v in e.items() if k not in ("source", "i")} for e in res.events
            if e.get("unit") == "de.31id.hq"]
    assert mine[1:] == [{"type": "loss", "unit": "de.31id.hq", "eliminated": True},
                        {"type": "replacement", "unit": "de.31id.hq", "hex": "1126", "side": "german"}]


def test_logs_of_the_old_holding_map_still_decode(minsk):
    """Modules built before the boxes were sized had the map ``holding``: bands of equal height (24 px title + 3
    rows of slots 1.25 counters wide), the set-up's boxes by name first. A piece there still reads
    as the box of its band."""
    game, saved, _ = minsk
    unit = next(p for p in read(vsav(log_text(saved, [])), Visitor()).pieces.values()
                if p.props.get("mg_unit") == "de.31id.hq")
    loc = unit.location
    band_h = 24 + 3 * int(_counter_px(game) * 1.25)  # title strip and 3 rows of slots
    boxes = sorted({e["off_map"] for e in game.scenarios["historical"]["setup"] if e.get("off_map")})
    steps = [[f"M/{unit.id}/holding/50/{band_h * 2 + 60}/null/{loc.map}/{loc.x}/{loc.y}/null/al",
              stack("990", "holding", 50, band_h * 2 + 60, unit.id)]]
    res = adapt(vsav(log_text(saved, steps), module="minsk44"), game, scenario="historical")
    from modgen.vassal import bands
    assert bands.legacy_boxes(game)[:len(boxes)] == boxes
    assert res.warnings == []
    ad = __import__("modgen.vassal.adapter", fromlist=["Adapter"]).Adapter(game)
    assert ad._holding_box("holding", 50, band_h * 2 + 60).id == boxes[2]
