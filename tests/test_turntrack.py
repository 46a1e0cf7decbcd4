"""The turn record track (issue #24): its window, zones, the Turn marker in every set-up, the keys that move it, and
the log adapter ignoring the marker. The engine side (the marker really moves on Next) is
tests/test_engine_turntrack.py."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import vassal_fixture as vf
from lxml import etree
from vassal_logs import add, log_text, piece, save_text, tiny_game, vsav

from modgen.data.model import load_game
from modgen.vassal import commands, obfuscation, turntrack
from modgen.vassal import module as vmod
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr
from modgen.vassal.adapter import adapt

M = "VASSAL.build.module."
GAMES = Path(__file__).resolve().parent.parent / "games"


def _built(tmp_path: Path):
    game = load_game(vf.write_workspace(tmp_path / "ws"))
    out = tmp_path / "tiny.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    z = zipfile.ZipFile(out)
    return game, z, etree.fromstring(z.read("buildFile.xml"))


def test_box_text_is_the_number_and_the_scenario_label() -> None:
    assert turntrack.box_text(2, "Turn 2 (28 Jun)") == ("2", "28 Jun")
    assert turntrack.box_text(7, "Turn 7") == ("7", "")
    assert turntrack.box_text(3, "Round 3") == ("3", "Round 3")


def test_track_has_a_box_per_turn_of_the_scenario(tmp_path: Path) -> None:
    # Minsk '44 plays 6 turns, 27 Jun to 2 Jul (scenario turns.labels); the boxes do not overlap
    game = load_game(GAMES / "minsk44.json")
    (t,) = turntrack.tracks(game, 60)
    assert [z[0] for z in t.zones] == ["Turn 1 (27 Jun)", "Turn 2 (28 Jun)", "Turn 3 (29 Jun)", "Turn 4 (30 Jun)",
                                       "Turn 5 (1 Jul)", "Turn 6 (2 Jul)"]
    rects = [r for _n, r in t.zones]
    for a, b in zip(rects, rects[1:], strict=False):
        assert a[2] < b[0] or a[3] < b[1]
    assert all(0 <= r[0] and r[2] < t.width and r[3] < t.height for r in rects)
    x, y = t.centre(2)
    assert rects[1][0] < x < rects[1][2] and rects[1][1] < y < rects[1][3]
    img = turntrack.board_image(t)
    assert img.size == (t.width, t.height)


def test_module_has_the_track_window_and_the_keys_that_move_the_marker(tmp_path: Path) -> None:
    game, z, root = _built(tmp_path)
    track = next(m for m in root.findall(M + "Map") if m.get("mapName") == "turntrack")
    assert track.get("launch") == "true" and track.get("buttonName") == "Turn record track"
    zones = [zn.get("name") for zn in track.iter(M + "map.boardPicker.board.mapgrid.Zone")]
    assert zones == ["Turn 1", "Turn 2", "Turn 3"]  # the fixture scenario: turns.count 3, no labels
    assert "images/mg_turntrack.png" in z.namelist()
    # the tracker fires a key on Next/Previous; a toolbar GKC takes it and sends the marker its Send-to key
    (hot,) = root.iter(M + "turn.TurnGlobalHotkey")
    (gkc,) = [g for g in root.findall(M + "GlobalKeyCommand") if "mg_track" in g.get("filter")]
    assert gkc.get("buttonHotkey") == hot.get("hotkey") != ""
    assert gkc.get("filter") == '{mg_track=="turntrack" && mg_turn!=""}'
    assert gkc.get("hotkey") == turntrack.MARKER_KEY
    # the turn level's global property is mg_turn: the zone expression of the marker's Send-to-Location
    assert [lv.get("property") for lv in root.iter(M + "turn.ListTurnLevel")][0] == "mg_turn"


def test_every_setup_puts_the_marker_on_turn_one(tmp_path: Path) -> None:
    game, z, _root = _built(tmp_path)
    vsav_zip = zipfile.ZipFile(io.BytesIO(z.read("s1.vsav")))
    tree = commands.decode(obfuscation.deobfuscate(vsav_zip.read("savedGame")))
    markers = []
    for c in tree.walk():
        if isinstance(c, commands.AddPiece) and not c.is_stack:
            types, states = se.split_traits(c.type), se.split_traits(c.state)
            props = tr.modgen_properties(types, states)
            if "mg_track" in props:
                markers.append((props, types, tr.parse_trait(types[-1], states[-1])))
    ((props, types, basic),) = markers
    assert props == {"mg_track": "turntrack", "mg_game": "tiny"}  # no mg_unit: not a unit
    assert (basic.extra["map"], basic.extra["name"]) == ("turntrack", "Turn")
    (t,) = turntrack.tracks(game, vmod._Builder(game, None, *vmod._default_renderers()).counter_px)
    x0, y0, x1, y1 = t.zones[0][1]
    assert x0 < basic.extra["x"] < x1 and y0 < basic.extra["y"] < y1
    send = tr.parse_trait(types[0])
    assert send.kind == "sendto"
    # VASSAL 3.6 SendToLocation field order: …, description (12), destination (13), zone (14)
    assert (send.fields[1], send.fields[13], send.fields[14]) == (turntrack.MARKER_KEY, "Z", "$mg_turn$")


def _marker(pid: str, x: int) -> str:
    types = ["sendto;Move to current turn;84,715;;;0;0;;;0;0;1;1;;Z;$mg_turn$;;;", "mark;mg_track,mg_game",
             "piece;;;marker.png;Turn"]
    states = [";;", "turntrack,tiny", f"turntrack;{x};100;{pid};0"]
    return add(pid, se.join_traits(types), se.join_traits(states))


def test_adapter_ignores_the_turn_marker() -> None:
    # set up on turn 1, moved to turn 2's box by the tracker; the unit's move still decodes
    ta, sa = piece("101", "A", "main", 281, 300, unit="de.a")
    save = save_text([add("101", ta, sa), _marker("900", 50)])
    log = log_text(save, [["M/900/turntrack/134/100/null/turntrack/50/100/null/alice"],
                          ["M/101/main/194/350/null/main/281/300/null/alice"]])
    for game in (tiny_game(), None):
        res = adapt(vsav(log), game)
        assert res.warnings == []
        assert [e["unit"] for e in res.events if "unit" in e] == ["de.a", "de.a"], res.events
        assert [e["type"] for e in res.events if "unit" in e] == ["setup", "move"]
