"""Module assembly (.vmod): archive contents, buildFile.xml structure, set-ups, atomic writing and `modgen build`.

Uses the fixture game (tests/vassal_fixture.py) with stand-in renderers; the real engine checks the same modules
in tests/test_engine_vassal.py. Pixel positions asserted here were confirmed by VASSAL 3.6.0 itself (the engine
named (124, 224) hex 0203 and (235, 96) hex 0401 for this fixture's grid at hex_px 64).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
import vassal_fixture as vf
from lxml import etree

from modgen.cli import main
from modgen.cli.common import PROGRESS
from modgen.data.model import load_game
from modgen.errors import DataError
from modgen.geometry.hexgrid import Grid
from modgen.vassal import buildfile as bf
from modgen.vassal import commands, obfuscation
from modgen.vassal import module as vmod
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr
from modgen.vassal.scale import HOLDING_MAP

LOSS_BOXES = ["Eliminated — Red", "Replacements — Red", "Eliminated — Blue", "Replacements — Blue"]

M = "VASSAL.build.module."


@pytest.fixture()
def built(tmp_path: Path) -> tuple[object, Path, zipfile.ZipFile, etree._Element]:
    game = load_game(vf.write_workspace(tmp_path / "ws"))
    out = tmp_path / "out" / "tiny.vmod"
    stats = vmod.build_module(game, out, **vf.STUBS)
    assert stats.path == out and stats.slots == 4 and stats.setups == 1 and stats.maps == 4
    z = zipfile.ZipFile(out)
    root = etree.fromstring(z.read("buildFile.xml"))
    return game, out, z, root


def test_archive_has_buildfile_moduledata_images_and_setup(built) -> None:
    _, _, z, root = built
    names = set(z.namelist())
    assert {"buildFile.xml", "moduledata", "s1.vsav", "images/map_main.png", "images/holding.png",
            "help/rules.pdf"} <= names
    assert z.read("help/rules.pdf").startswith(b"%PDF")
    pdf = root.find(f"{M}Documentation/{M}documentation.BrowserPDFFile")
    assert pdf.get("pdfFile") == "help/rules.pdf"
    md = etree.fromstring(z.read("moduledata"))
    assert [c.tag for c in md] == ["version", "VassalVersion", "dateSaved", "description", "name"]
    assert md.findtext("VassalVersion") == bf.VASSAL_VERSION
    # every image a piece or board names is in the archive
    for slot in root.iter("VASSAL.build.widget.PieceSlot"):
        for t in tr.parse_definition(slot.text).traits():
            for img in [t.extra.get("image"), *(t.extra.get("images") or [])]:
                if img:
                    assert f"images/{img}" in names
    for board in root.iter(M + "map.boardPicker.Board"):
        assert f"images/{board.get('image')}" in names


def test_version_gate(built) -> None:
    _, _, _, root = built
    # >= 3.5 so VASSAL reads buildFile.xml; <= 3.6.0 so neither 3.6 nor 3.7 calls the module "too new"
    major, minor, _ = (int(x) for x in root.get("VassalVersion").split("."))
    assert (3, 5) <= (major, minor) <= (3, 6)


def test_gpids_unique_and_below_next_slot_id(built) -> None:
    _, _, _, root = built
    gpids = [int(s.get("gpid")) for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert len(gpids) == len(set(gpids)) == 4
    assert int(root.get("nextPieceSlotId")) > max(gpids)


def test_maps_have_interaction_components_and_grid(built) -> None:
    game, _, _, root = built
    maps = root.findall(M + "Map")
    assert [m.get("mapName") for m in maps] == ["main", "alt", HOLDING_MAP, "turntrack"]
    for m in maps:
        tags = {c.tag.rsplit(".", 1)[-1] for c in m}
        assert {"PieceMover", "MenuDisplayer", "KeyBufferer", "StackMetrics", "CounterDetailViewer", "Zoomer",
                "BoardPicker", "ForwardToKeyBuffer", "StackExpander"} <= tags
    # the HexGrid sits in the one zone of a ZonedGrid that covers exactly the hexes (the board image may add a
    # legend strip below them), with no background grid: VASSAL names no hex outside the zone
    params = Grid.from_map(game.map("main")).vassal_params(64)
    board = maps[0].find(f"{M}map.BoardPicker/{M}map.boardPicker.Board")
    (zoned,) = board
    assert zoned.tag == M + "map.boardPicker.board.ZonedGrid"
    (zone,) = zoned
    w, h = params["board"]["width"], params["board"]["height"]
    assert zone.tag == M + "map.boardPicker.board.mapgrid.Zone"
    assert (zone.get("path"), zone.get("locationFormat"), zone.get("useParentGrid")) == \
        (f"0,0;{w},0;{w},{h};0,{h}", "$gridLocation$", "false")
    assert board.get("width") == str(w) and int(board.get("height")) >= h
    (grid,) = zone
    assert grid.tag == M + "map.boardPicker.board.HexGrid"
    assert grid.get("dx") == str(params["HexGrid"]["dx"]) and grid.get("x0") == str(params["HexGrid"]["x0"])
    numbering = grid.find(M + "map.boardPicker.board.mapgrid.HexGridNumbering")
    assert numbering.get("stagger") == "false" and numbering.get("hLeading") == "1"
    assert maps[0].find(M + "map.LOS_Thread") is not None
    zones = maps[2].findall(f".//{M}map.boardPicker.board.mapgrid.Zone")
    # the fixture's system (EFB) replaces eliminated units: Eliminated and Replacements boxes per side come first
    assert [z.get("name") for z in zones] == [*LOSS_BOXES, "Reinforcements"]


def test_palette_tabs_per_side_and_lists_per_formation(built) -> None:
    _, _, _, root = built
    tabs = root.find(f"{M}PieceWindow/VASSAL.build.widget.TabWidget")
    assert [t.get("entryName") for t in tabs] == ["Red", "Blue", "Markers"]
    red = tabs[0]  # a side: one tab per formation, each a grid of counters (issue #24)
    assert red.tag == "VASSAL.build.widget.TabWidget"
    assert [lst.get("entryName") for lst in red] == ["1st Red; Brigade"]
    assert red[0].tag == "VASSAL.build.widget.PanelWidget" and red[0].get("fixed") == "true"
    assert [s.get("entryName") for s in red[0]] == ["1/A"]


def test_dice_turn_tracker_roster_charts(built) -> None:
    _, _, z, root = built
    (dice,) = root.findall(M + "DiceButton")
    assert (dice.get("nDice"), dice.get("nSides")) == ("1", "6")  # EFB rolls one die
    assert dice.get("reportFormat") == "** $playerSide$ rolled $nDice$d$nSides$ [$name$]: $result$ ***"
    assert [e.text for e in root.find(M + "PlayerRoster")] == ["Red", "Blue"]
    phases = root.find(f"{M}turn.TurnTracker/{M}turn.ListTurnLevel/{M}turn.ListTurnLevel")
    assert phases is not None and "First player" in phases.get("list")  # no scenario names the first player
    chart = root.find(".//VASSAL.build.widget.Chart")
    assert chart.get("chartName") == "Crt" and f"images/{chart.get('fileName')}" in z.namelist()
    setup = root.find(M + "PredefinedSetup")
    assert setup.get("file") == "s1.vsav" and setup.get("name") == "First/Last"


def test_setup_places_units_on_hex_centres_right_face_up(built) -> None:
    _, _, z, _ = built
    vsav = zipfile.ZipFile(io.BytesIO(z.read("s1.vsav")))
    assert set(vsav.namelist()) == {"savedGame", "savedata", "moduledata"}
    raw = vsav.read("savedGame")
    assert raw.startswith(b"!VCSK")
    tree = commands.decode(obfuscation.deobfuscate(raw))
    leaves = list(tree.walk())
    assert leaves[0].leaf() == "begin_save" and leaves[-1].leaf() == "end_save"
    pieces = {}
    stacks = []
    for c in leaves:
        if isinstance(c, commands.AddPiece):
            if c.is_stack:
                stacks.append(c.state)
                continue
            types, states = se.split_traits(c.type), se.split_traits(c.state)
            props = tr.modgen_properties(types, states)
            basic = tr.parse_trait(types[-1], states[-1])
            if "mg_track" in props:  # the turn record track's marker (tests/test_turntrack.py)
                continue
            pieces[props["mg_unit"]] = (basic.extra["map"], basic.extra["x"], basic.extra["y"],
                                        tr.face_level(types, states), [tr.trait_kind(t) for t in types])
    # positions VASSAL itself confirmed (module docstring); faces: back = level 2; b.hq's untried back is its mask
    # (piece_traits), not a Face level, so its Face layer is [front, spent] and spent = level 2
    assert pieces["r.1/a;b"][:4] == ("main", 124, 224, 2)
    assert pieces["b.hq"][:4] == ("main", 235, 96, 2)
    assert pieces["b.inf"][:4] == ("main", 235, 96, None)
    assert pieces["marker.supp"][0] == HOLDING_MAP
    # prototypes are expanded as PieceCloner does: no prototype trait left, no placeholder BasicPiece
    assert pieces["r.1/a;b"][4] == ["restrict", "report", "report", "delete", "mark", "rotate", "emb2", "piece"]
    # HQ and infantry share one stack on 0401
    assert any(s.startswith("main;235;96;") and s.count(";") == 5 for s in stacks)
    boards = [c.leaf() for c in leaves if isinstance(c, commands.BoardPicker)]
    assert boards == ["mainBoardPicker\tmain\t0\t0", "altBoardPicker\talt\t0\t0",
                      f"{HOLDING_MAP}BoardPicker\t{HOLDING_MAP}\t0\t0", "turntrackBoardPicker\tturntrack\t0\t0"]


def test_failed_build_leaves_no_file_and_keeps_old_one(tmp_path: Path) -> None:
    bad = dict(vf.SCENARIO, setup=[{"unit": "r.1/a;b", "hex": "9999"}])
    game = load_game(vf.write_workspace(tmp_path / "ws", scen=bad))
    out = tmp_path / "tiny.vmod"
    out.write_bytes(b"old")
    with pytest.raises(DataError, match=r"scen\.json: /setup/0: no hex '9999'"):
        vmod.build_module(game, out, **vf.STUBS)
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_unknown_unit_and_face_are_data_errors(tmp_path: Path) -> None:
    for setup, msg in (([{"unit": "nope", "hex": "0101"}], "unknown unit 'nope'"),
                       ([{"unit": "b.inf", "hex": "0101", "face": "back"}], "no face 'back'")):
        game = load_game(vf.write_workspace(tmp_path / msg[:5], scen=dict(vf.SCENARIO, setup=setup)))
        with pytest.raises(DataError, match=msg):
            vmod.build_module(game, tmp_path / "x.vmod", **vf.STUBS)
        assert not (tmp_path / "x.vmod").exists()


def test_unit_id_with_trailing_backslash_is_refused(tmp_path: Path) -> None:
    counters = {"game": "tiny", "counters": [dict(vf.COUNTERS["counters"][2], id="bad\\")]}
    game = load_game(vf.write_workspace(tmp_path / "ws", counters=counters, scen=dict(vf.SCENARIO, setup=[])))
    with pytest.raises(DataError, match="backslash"):
        vmod.build_module(game, tmp_path / "x.vmod", **vf.STUBS)


def test_cli_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(vmod, "_default_renderers", lambda: (vf.stub_render_map, vf.stub_render_face,
                                                               vf.stub_faces_of))
    manifest = vf.write_workspace(tmp_path / "ws")
    out = tmp_path / "dist" / "tiny.vmod"
    assert main(["build", str(manifest), "-o", str(out), "--no-validate"]) == 0
    assert zipfile.is_zipfile(out)
    assert "wrote" in capsys.readouterr().out


def _problems(err: str) -> str:
    """stderr without the progress lines (`step 1/2: …`): what is left must be the one error line."""
    return "".join(ln + "\n" for ln in err.splitlines() if not PROGRESS.match(ln))


def test_cli_bad_inputs_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(tmp_path / "missing.json"), "-o", str(tmp_path / "x.vmod"), "--no-validate"]) == 1
    err = _problems(capsys.readouterr().err)
    assert "missing.json" in err and "Traceback" not in err and err.count("\n") == 1
    manifest = vf.write_workspace(tmp_path / "ws")
    assert main(["build", str(manifest), "-o", str(tmp_path / "x.zip")]) == 2
    assert ".vmod" in capsys.readouterr().err
    assert not (tmp_path / "x.vmod").exists()


def test_cli_refuses_invalid_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    manifest = vf.write_workspace(tmp_path / "ws", manifest=dict(vf.MANIFEST, system=7))
    assert main(["build", str(manifest), "-o", str(tmp_path / "x.vmod")]) == 1
    err = _problems(capsys.readouterr().err)
    assert err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "x.vmod").exists()


def test_ids_differing_only_in_unsafe_characters_get_distinct_images(tmp_path: Path) -> None:
    inf = vf.COUNTERS["counters"][2]
    # distinct records (names differ): identical ones share one palette slot (issue #24)
    counters = {"game": "tiny", "counters": [dict(inf, id=i, name=i) for i in ("a/b", "a_b", "a b")]}
    game = load_game(vf.write_workspace(tmp_path / "ws", counters=counters, scen=dict(vf.SCENARIO, setup=[])))
    out = tmp_path / "x.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    root = etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))
    images = [tr.parse_definition(s.text).traits()[-1].extra["image"]
              for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert len(images) == len(set(images)) == 3


def test_reproducible_with_source_date_epoch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    game = load_game(vf.write_workspace(tmp_path / "ws"))
    a, b = tmp_path / "a.vmod", tmp_path / "b.vmod"
    vmod.build_module(game, a, **vf.STUBS)
    vmod.build_module(game, b, **vf.STUBS)
    assert a.read_bytes() == b.read_bytes()
    md = etree.fromstring(zipfile.ZipFile(a).read("moduledata"))
    assert md.findtext("dateSaved") == "1700000000000"
    assert zipfile.ZipFile(a).getinfo("buildFile.xml").date_time == (2023, 11, 14, 22, 13, 20)


def test_off_map_entries_keep_their_own_faces(tmp_path: Path) -> None:
    setup = [{"unit": "b.hq", "off_map": "pool", "face": "spent"}, {"unit": "b.hq", "off_map": "pool"},
             {"unit": "r.1/a;b", "off_map": "reinforcements", "face": "back"}]
    game = load_game(vf.write_workspace(tmp_path / "ws", scen=dict(vf.SCENARIO, setup=setup)))
    out = tmp_path / "x.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    z = zipfile.ZipFile(out)
    vsav = zipfile.ZipFile(io.BytesIO(z.read("s1.vsav")))
    tree = commands.decode(obfuscation.deobfuscate(vsav.read("savedGame")))
    got = []
    for c in tree.walk():
        if isinstance(c, commands.AddPiece) and not c.is_stack and "mg_track" not in c.type:
            types, states = se.split_traits(c.type), se.split_traits(c.state)
            basic = tr.parse_trait(types[-1], states[-1])
            unit = tr.modgen_properties(types, states)["mg_unit"]
            got.append((unit, basic.extra["map"], tr.face_level(types, states)))
    assert sorted(got) == [("b.hq", HOLDING_MAP, 1), ("b.hq", HOLDING_MAP, 2), ("r.1/a;b", HOLDING_MAP, 2)]
    root = etree.fromstring(z.read("buildFile.xml"))
    zones = [zn.get("name") for zn in root.iter(M + "map.boardPicker.board.mapgrid.Zone")
             if zn.get("name") != "Hexes"  # the hex area of a board with a legend strip
             and (not zn.get("name").startswith("Turn ") or "—" in zn.get("name"))]  # not the turn record track
    assert zones == [*LOSS_BOXES, "Pool", "Reinforcements"]


def test_setup_reads_back_with_the_log_reader(built) -> None:
    # the contract with modgen.vassal.reader (issue #6): Marker properties and the Face layer identify pieces
    from modgen.vassal import reader

    _, _, z, _ = built
    state = reader.read(z.read("s1.vsav"), reader.Visitor())
    got = sorted((p.props["mg_unit"], p.location.map, p.location.x, p.location.y, p.layers.get("Face"))
                 for p in state.pieces.values() if "mg_track" not in p.props)
    assert got == [("b.hq", "main", 235, 96, 2), ("b.inf", "main", 235, 96, None),
                   ("marker.supp", HOLDING_MAP, got[2][2], got[2][3], None), ("r.1/a;b", "main", 124, 224, 2)]


@pytest.mark.parametrize(("vassal", "msg"), [({"hex_px": "big"}, "vassal.hex_px: expected a number"),
                                             ({"hex_px": -5}, "vassal.hex_px: must be a positive"),
                                             ({"px_per_inch": -1}, "vassal.px_per_inch: must be a positive"),
                                             ({"counter_px": "nan"}, "vassal.counter_px: must be a positive")])
def test_bad_vassal_options_are_data_errors(tmp_path: Path, vassal: dict, msg: str) -> None:
    game = load_game(vf.write_workspace(tmp_path / "ws", manifest=dict(vf.MANIFEST, vassal=vassal)))
    with pytest.raises(DataError, match=msg):
        vmod.build_module(game, tmp_path / "x.vmod", **vf.STUBS)


def test_game_without_maps_is_a_data_error(tmp_path: Path) -> None:
    game = load_game(vf.write_workspace(tmp_path / "ws", maps={"game": "tiny", "maps": []}))
    with pytest.raises(DataError, match="no maps"):
        vmod.build_module(game, tmp_path / "x.vmod", **vf.STUBS)


def test_cli_no_validate_still_reports_malformed_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(vmod, "_default_renderers", lambda: (vf.stub_render_map, vf.stub_render_face,
                                                               vf.stub_faces_of))
    broken = {"game": "tiny", "counters": [{"kind": "unit", "side": "red", "faces": {"front": {"kind": "blank"}}}]}
    manifest = vf.write_workspace(tmp_path / "ws", counters=broken, scen=dict(vf.SCENARIO, setup=[]))
    assert main(["build", str(manifest), "-o", str(tmp_path / "x.vmod"), "--no-validate"]) == 1
    err = _problems(capsys.readouterr().err)
    assert err.startswith("error: ") and "internal error" not in err and err.count("\n") == 1


def test_waiting_reinforcements_get_a_band_per_arrival(tmp_path: Path) -> None:
    """Units of ``reinforcements`` that ``setup`` does not place wait in the holding map, first face up, one band
    per arrival after the set-up boxes (docs/vassal.md); units the set-up places stay where it puts them."""
    setup = [{"unit": "r.1/a;b", "hex": "0203"}, {"unit": "marker.supp", "off_map": "reinforcements"}]
    reinf = [{"turn": 3, "side": "red", "units": ["r.1/a;b"], "area": "west"},  # already set up: stays on 0203
             {"turn": 3, "side": "blue", "units": ["b.hq"], "group": "HQ", "roll": {"die": "1d6", "on": [6]}},
             {"turn": 2, "side": "blue", "units": ["b.inf", "b.hq"], "area": "east"}]
    scen = dict(vf.SCENARIO, setup=setup, reinforcements=reinf)
    game = load_game(vf.write_workspace(tmp_path / "ws", scen=scen))
    out = tmp_path / "x.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    z = zipfile.ZipFile(out)
    root = etree.fromstring(z.read("buildFile.xml"))
    zones = [zn.get("name") for zn in root.iter(M + "map.boardPicker.board.mapgrid.Zone")
             if zn.get("name") != "Hexes"  # the hex area of a board with a legend strip
             and (not zn.get("name").startswith("Turn ") or "—" in zn.get("name"))]  # not the turn record track
    # b.hq waits for its first entry (turn 2); the turn-3 roll band has no unit left, so there is none
    assert zones[:5] == [*LOSS_BOXES, "Reinforcements"] and len(zones) == 6
    assert zones[5].startswith("Turn 2 — Blue: ")
    vsav = zipfile.ZipFile(io.BytesIO(z.read("s1.vsav")))
    tree = commands.decode(obfuscation.deobfuscate(vsav.read("savedGame")))
    got = {}
    for c in tree.walk():
        if isinstance(c, commands.AddPiece) and not c.is_stack and "mg_track" not in c.type:
            types, states = se.split_traits(c.type), se.split_traits(c.state)
            basic = tr.parse_trait(types[-1], states[-1])
            got[tr.modgen_properties(types, states)["mg_unit"]] = (basic.extra["map"], int(basic.extra["y"]),
                                                                   tr.face_level(types, states))
    # fixture: hex_px 64 -> counter 48 px, slot 60 px, band 24 + 3 * 60 = 204 px; band 2 starts at y = 204
    assert got["r.1/a;b"] == ("main", 224, 1)
    assert got["marker.supp"][0] == HOLDING_MAP
    assert got["b.hq"][0] == got["b.inf"][0] == HOLDING_MAP
    assert 204 <= got["b.hq"][1] < 408 and 204 <= got["b.inf"][1] < 408
    assert got["b.hq"][2] == 1  # first face ("front"), not the set-up's spent face of the stock fixture


def test_unknown_reinforcement_unit_is_a_data_error(tmp_path: Path) -> None:
    scen = dict(vf.SCENARIO, reinforcements=[{"turn": 2, "side": "red", "units": ["r.nope"]}])
    game = load_game(vf.write_workspace(tmp_path / "ws", scen=scen))
    out = tmp_path / "x.vmod"
    with pytest.raises(DataError, match=r"scen\.json: /reinforcements: unknown unit 'r\.nope'"):
        vmod.build_module(game, out, **vf.STUBS)
    assert not out.exists()
