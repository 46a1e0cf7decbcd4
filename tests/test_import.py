"""`modgen import` (issue #23) on a module written here to look hand-made: no modgen Marker properties, palette lists by
side, nested prototypes, an activatable Embellishment for the reduced face, a numbered hex grid whose first on-board
column and row are VASSAL raw index -1 (offsets), an off-map pool map and a predefined set-up. Expected hex labels come
from VASSAL's HexGridNumbering rule (label = raw column + hOff, raw row + vOff, one leading zero), not from modgen."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image
from vassal_logs import add, log_text, save_text, stack, vsav

from modgen.cli import main
from modgen.data.model import load_game
from modgen.data.validate import validate_game
from modgen.vassal import sequence as se
from modgen.vassal.adapter import adapt
from modgen.vassal.importer import import_module

B = "VASSAL.build."
X0, Y0, DX, DY = 80, 70, 52, 60  # the board: 700 x 520, flat hexes; raw column -1 and raw row -1 (odd columns) on it


def centre(a: int, b: int) -> tuple[int, int]:
    """VASSAL HexGrid.hexPointCenterFromRawIndex for raw column a, raw row b (odd columns half a hex lower)."""
    return int(DX * a + X0), int(DY * b + Y0) if a % 2 == 0 else int(DY * b + DY / 2 + Y0)


def label(a: int, b: int) -> str:
    """HexGridNumbering with hOff=vOff=1, one leading zero each, H first, no separator."""
    return f"{a + 1:02d}{b + 1:02d}"


def png(w: int, h: int, colour: str = "white") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def step_layer(images: list[str]) -> str:
    """An activatable Layer 'Step' (Ctrl+F shows the reduced side): emb2, alwaysActive false."""
    f = ["Flip", "130", "F", "", "130", "", "", "130", "", "", "", "1", "false", "0", "0", ",".join(images),
         ",".join("" for _ in images), "false", "Step", "", "", "false", "", "1", "1", "false", "70,130", "", "",
         "Step", "1.0"]
    return "emb2;" + se.encode(f, ";")


def definition(types: list[str], states: list[str]) -> str:
    return "+/null/" + se.encode([se.join_traits(types), se.join_traits(states)], "/")


INF = (["prototype;Axis Unit", step_layer(["inf_r.png"]), "piece;;;inf_f.png;4-2 Inf"],
       ["", "-1", "null;0;0;;0"])
ARM = (["prototype;Allied Unit", "piece;;;arm.png;5-3 Arm"], ["", "null;0;0;;0"])
DIS = (["piece;;;dis.png;Disrupted"], ["null;0;0;;0"])
PROTOS = {"Unit": (["delete;Delete;68,130;", "piece;;;;"], ["", "null;0;0;;0"]),
          "Axis Unit": (["prototype;Unit", "mark;Nation", "piece;;;;"], ["", "Axis", "null;0;0;;0"]),
          "Allied Unit": (["prototype;Unit", "mark;Nation", "piece;;;;"], ["", "Allies", "null;0;0;;0"])}


def expanded(piece: tuple[list[str], list[str]], map_id: str, x: int, y: int, gpid: str,
             level: str | None = None) -> tuple[str, str]:
    """(type, state) of a placed piece as VASSAL saves it: prototypes expanded (PieceCloner), position set."""
    types, states = list(piece[0]), list(piece[1])
    while any(t.startswith("prototype;") for t in types):
        i = next(i for i, t in enumerate(types) if t.startswith("prototype;"))
        pt, ps = PROTOS[types[i][len("prototype;"):]]
        types[i:i + 1], states[i:i + 1] = pt[:-1], ps[:-1]
    if level is not None:
        states[[i for i, t in enumerate(types) if t.startswith("emb2;")][0]] = level
    states[-1] = f"{map_id};{x};{y};{gpid};0"
    return se.join_traits(types), se.join_traits(states)


def setup_pieces() -> list[str]:
    (ix, iy), (ax, ay), (jx, jy) = centre(2, 3), centre(3, 3), centre(-1, 2)
    cmds = [add("1001", *expanded(INF, "Main Map", ix, iy, "11")),
            add("1002", *expanded(ARM, "Main Map", ax, ay, "12")),
            add("1003", *expanded(INF, "Main Map", jx, jy, "11", level="1")),
            add("1004", *expanded(DIS, "Pool", 50, 50, "13"))]
    return [*cmds, stack("2001", "Main Map", ix, iy, "1001"), stack("2002", "Main Map", ax, ay, "1002"),
            stack("2003", "Main Map", jx, jy, "1003"), stack("2004", "Pool", 50, 50, "1004")]


def buildfile(*, board: tuple[int, int] = (700, 520)) -> bytes:
    el = etree.SubElement
    root = etree.Element(B + "GameModule", name="Hand Battle", version="1.2", VassalVersion="3.4.12",
                         nextPieceSlotId="20")
    el(root, B + "module.BasicCommandEncoder")  # every module the editor makes has one (it builds the pieces)
    roster = el(root, B + "module.PlayerRoster")
    for side in ("Axis", "Allies"):
        el(roster, "entry").text = side
    m = el(root, B + "module.Map", mapName="Main Map", edgeWidth="0", edgeHeight="0")
    bp = el(m, B + "module.map.BoardPicker")
    bd = el(bp, B + "module.map.boardPicker.Board", name="Battlefield", image="board.png",
            width=str(board[0]), height=str(board[1]))
    g = el(bd, B + "module.map.boardPicker.board.HexGrid", x0=str(X0), y0=str(Y0), dx=str(DX), dy=str(DY),
           sideways="false", snapTo="true")
    el(g, B + "module.map.boardPicker.board.mapgrid.HexGridNumbering", first="H", sep="", hType="N", vType="N",
       hLeading="1", vLeading="1", hOff="1", vOff="1", stagger="false", hDescend="false", vDescend="false")
    pool = el(root, B + "module.Map", mapName="Pool", launch="true")
    el(el(pool, B + "module.map.BoardPicker"), B + "module.map.boardPicker.Board", name="Pool", image="pool.png")
    protos = el(root, B + "module.PrototypesContainer")
    for name, (t, s) in PROTOS.items():
        el(protos, B + "module.PrototypeDefinition", name=name).text = definition(t, s)
    tabs = el(el(root, B + "module.PieceWindow", name="Counters"), B + "widget.TabWidget", entryName="Forces")
    for list_name, slots in (("Axis", [("4-2 Inf", "11", INF)]), ("Allies", [("5-3 Arm", "12", ARM)]),
                             ("Markers", [("Disrupted", "13", DIS)])):
        lst = el(tabs, B + "widget.ListWidget", entryName=list_name)
        for name, gpid, (t, s) in slots:
            el(lst, B + "widget.PieceSlot", entryName=name, gpid=gpid, width="48", height="48").text = \
                definition(t, s)
    el(root, B + "module.PredefinedSetup", name="Opening Moves", file="opening.vsav", useFile="true")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def write_module(path: Path, *, build: bytes | None = None, images: dict[str, bytes] | None = None,
                 entry: str = "buildFile") -> Path:
    files = {entry: build if build is not None else buildfile(),
             "opening.vsav": vsav(save_text(setup_pieces()), module="Hand Battle")}
    imgs = images if images is not None else {"board.png": png(700, 520), "pool.png": png(200, 200),
                                                "inf_f.png": png(48, 48, "grey"), "inf_r.png": png(48, 48, "red"),
                                                "arm.png": png(48, 48, "green"), "dis.png": png(48, 48, "yellow")}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
        for name, data in imgs.items():
            z.writestr("images/" + name, data)
    return path


@pytest.fixture
def imported(tmp_path: Path) -> tuple[Path, object]:
    mod = write_module(tmp_path / "hand.vmod")
    result = import_module(mod, tmp_path / "ws")
    return result.manifest, result


def test_import_writes_a_workspace_that_validates(imported):
    manifest, result = imported
    errors = [str(i) for i in validate_game(manifest) if i.severity == "error"]
    assert errors == []
    game = load_game(manifest)
    assert [s["name"] for s in game.manifest["sides"]] == ["Axis", "Allies"]
    by_name = {u["designation"]: u for u in game.units}
    inf = by_name["4-2 Inf"]
    assert inf["side"] == "axis" and inf["kind"] == "unit"  # side from the palette list "Axis"
    assert inf["faces"]["front"]["values"] == {"attack": 4, "movement": 2}
    assert list(inf["faces"]) == ["front", "back"]  # the Step layer's level is the reduced face
    assert inf["source"]["values"] == "imported"
    assert (manifest.parent.parent / "counters" / inf["faces"]["back"]["image"]).is_file()
    assert by_name["5-3 Arm"]["side"] == "allies"
    assert by_name["Disrupted"]["kind"] == "marker" and by_name["Disrupted"]["side"] is None
    assert any("Disrupted'" in line and "marker" in line for line in result.report)  # not a silent guess
    report = (manifest.parent.parent / "import-report.txt").read_text()
    assert "Disrupted" in report


def test_imported_labels_and_setup_match_the_modules_numbering(imported):
    manifest, _ = imported
    game = load_game(manifest)
    from modgen.geometry.hexgrid import Grid

    grid = Grid.from_map(game.maps[0])
    # centres more than half a hex inside the 700x520 board: raw columns -1..11, rows -1..6
    assert (grid.columns, grid.rows) == (13, 8)
    assert grid.label(0, 0) == label(-1, -1) and grid.label(12, 7) == label(11, 6)
    assert {label(a, b) for a in range(-1, 12) for b in range(-1, 7)} == set(grid.labels())
    (sc,) = game.scenarios.values()
    assert sc["title"] == "Opening Moves"
    placed = sorted((game.unit(e["unit"])["designation"], e.get("hex") or e.get("off_map"), e.get("face", "front"))
                    for e in sc["setup"])
    assert placed == sorted([("4-2 Inf", label(2, 3), "front"), ("4-2 Inf", label(-1, 2), "back"),
                             ("5-3 Arm", label(3, 3), "front"), ("Disrupted", "Pool", "front")])


def test_log_played_with_the_original_module_reads_through_the_binding(imported, tmp_path, capsys):
    manifest, _ = imported
    game = load_game(manifest)
    (sid,) = game.scenarios
    (ax, ay), (bx, by) = centre(3, 3), centre(4, 3)
    flip_old = expanded(INF, "Main Map", *centre(2, 3), "11")[1]
    flip_new = expanded(INF, "Main Map", *centre(2, 3), "11", level="1")[1]
    esc = lambda s: s.replace("/", "\\/")  # noqa: E731
    text = log_text(save_text(setup_pieces()),
                    [[f"M/1002/Main Map/{bx}/{by}/null/Main Map/{ax}/{ay}/null/bob",
                      stack("2005", "Main Map", bx, by, "1002")],
                     [f"D/1001/{esc(flip_new)}/{esc(flip_old)}"]])
    log = tmp_path / "game.vlog"
    log.write_bytes(vsav(text, module="Hand Battle"))
    res = adapt(str(log), game, scenario=sid)
    ev = [{k: v for k, v in e.items() if k not in ("source", "i")} for e in res.events]
    units = {c["designation"]: c["id"] for c in game.units}
    setups = sorted((game.unit(e["unit"])["designation"], e.get("hex") or e.get("off_map"))
                    for e in ev if e["type"] == "setup")  # markers are not set-up events (adapter rule)
    assert setups == sorted([("4-2 Inf", label(2, 3)), ("4-2 Inf", label(-1, 2)), ("5-3 Arm", label(3, 3))])
    sc_hex = {e["unit"]: e.get("hex") for e in game.scenarios[sid]["setup"]}
    assert all(sc_hex[e["unit"]] == e.get("hex") for e in ev if e["type"] == "setup" and "hex" in e)
    move = [e for e in ev if e["type"] == "move"]
    assert move == [{"type": "move", "unit": units["5-3 Arm"], "from": label(3, 3), "to": label(4, 3),
                     "side": "allies"}]
    flips = [e for e in ev if e["type"] == "flip"]
    assert len(flips) == 1 and flips[0]["face"] == "back" and sc_hex[flips[0]["unit"]] == label(2, 3)
    assert not any("mg_game" in w for w in res.warnings)
    # and `modgen check` reads the same log with the imported data
    assert main(["check", str(log), "--game", str(manifest), "--scenario", sid, "--json"]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    text = json.dumps(report)
    assert "unknown unit" not in text and "mg_game" not in text


def test_module_modgen_built_round_trips(tmp_path):
    from modgen.geometry.hexgrid import Grid
    from modgen.vassal.module import build_module

    src = load_game(Path(__file__).parent.parent / "games" / "minsk44.json")
    vmod = tmp_path / "m.vmod"
    build_module(src, vmod)
    res = import_module(vmod, tmp_path / "ws", game_id="minsk_again")
    game = load_game(res.manifest)
    assert [str(i) for i in validate_game(res.manifest) if i.severity == "error"] == []
    assert Grid.from_map(game.maps[0]).labels() == Grid.from_map(src.maps[0]).labels()
    for sc_src in src.scenarios.values():
        sc = next(s for s in game.scenarios.values() if s["title"] == sc_src["title"])
        want = sorted((src.unit(e["unit"]).get("designation", e["unit"]), e["hex"]) for e in sc_src["setup"]
                      if "hex" in e)
        got = sorted((game.unit(e["unit"])["designation"], e["hex"]) for e in sc["setup"] if "hex" in e)
        assert got == want


@pytest.mark.parametrize("case, expect", [
    ("bad_xml", "not well-formed XML"),
    ("not_zip", "not a readable zip"),
    ("no_buildfile", "no buildFile"),
    ("huge_board", "map_hexes"),
])
def test_hostile_modules_give_one_line_errors(tmp_path, capsys, case, expect):
    path = tmp_path / "bad.vmod"
    if case == "bad_xml":
        write_module(path, build=b"<VASSAL.build.GameModule><oops></VASSAL.build.GameModule>")
    elif case == "not_zip":
        path.write_bytes(b"hello, not a module")
    elif case == "no_buildfile":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("images/x.png", png(4, 4))
    else:
        write_module(path, build=buildfile(board=(200_000, 200_000)))
    code = main(["import", str(path), str(tmp_path / "ws")])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1 and expect in err and "Traceback" not in err
    assert not (tmp_path / "ws" / "games").exists()


def test_missing_images_are_reported_not_fatal(tmp_path, capsys):
    mod = write_module(tmp_path / "m.vmod", images={"board.png": png(700, 520)})
    assert main(["import", str(mod), str(tmp_path / "ws")]) == 0
    out = capsys.readouterr().out
    assert "image 'inf_f.png' is not in the module" in out
    man = tmp_path / "ws" / "games" / "hand_battle.json"
    assert [str(i) for i in validate_game(man) if i.severity == "error"] == []
    assert json.loads((tmp_path / "ws" / "bindings" / "hand_battle.json").read_text())["pieces"]
