"""Spreadsheet import and export of orders of battle and set-ups (issue #20, docs/spreadsheets.md)."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import REPO, bundled_games

from modgen.cli import main
from modgen.data import oob, sheets
from modgen.data.model import read_json
from modgen.vassal.archive import read_saved_game
from modgen.vassal.obfuscation import deobfuscate

MINSK = REPO / "games" / "minsk44.json"


def run(*args: object) -> int:
    return main([str(a) for a in args])


def _module_parts(vmod: Path) -> dict[str, bytes | str]:
    """A module's pieces: buildFile (piece slots, prototypes), every image, and each set-up decoded (the .vsav's
    obfuscation key and the moduledata timestamp differ from build to build)."""
    out: dict[str, bytes | str] = {}
    with zipfile.ZipFile(vmod) as z:
        for name in z.namelist():
            if name.endswith(".vsav"):
                out[name] = deobfuscate(read_saved_game(z.read(name))[0])
            elif name != "moduledata":
                out[name] = z.read(name)
    return out


def test_minsk_order_of_battle_round_trips_through_csv_into_a_new_workspace(tmp_path: Path, capsys) -> None:
    """Acceptance (issue #20): export, import into an empty workspace, validate passes, the module's pieces equal."""
    oob_csv, setup_csv = tmp_path / "oob.csv", tmp_path / "setup.csv"
    assert run("counters", "export", MINSK, "-o", oob_csv) == 0
    assert run("setup", "export", MINSK, "historical", "-o", setup_csv) == 0
    ws = tmp_path / "ws"
    assert run("new", ws, "--id", "minsk44") == 0
    # the designer's non-OOB data (sides, formations, map) goes in; counters and set-up come only from the sheets
    shutil.copy(MINSK, ws / "games" / "minsk44.json")
    shutil.copy(REPO / "maps" / "minsk44.json", ws / "maps" / "minsk44.json")
    for old in (ws / "scenarios" / "minsk44").iterdir():
        old.unlink()
    scenario = read_json(REPO / "scenarios" / "minsk44" / "historical.json")
    (ws / "scenarios" / "minsk44" / "historical.json").write_text(json.dumps({**scenario, "setup": []}))
    counters = read_json(ws / "counters" / "minsk44.json")
    (ws / "counters" / "minsk44.json").write_text(json.dumps({**counters, "counters": []}))
    manifest = ws / "games" / "minsk44.json"
    capsys.readouterr()
    assert run("counters", "import", manifest, oob_csv) == 0
    assert "172 added, 0 changed (0 fields), 0 unchanged" in capsys.readouterr().err
    assert run("setup", "import", manifest, "historical", setup_csv, "-q") == 0
    assert capsys.readouterr().err == ""
    assert run("validate", manifest) == 0
    assert read_json(ws / "counters" / "minsk44.json")["counters"] == read_json(REPO / "counters" / "minsk44.json")[
        "counters"]
    assert run("build", MINSK, "-o", tmp_path / "a.vmod") == 0
    assert run("build", manifest, "-o", tmp_path / "b.vmod") == 0
    a, b = _module_parts(tmp_path / "a.vmod"), _module_parts(tmp_path / "b.vmod")
    assert sorted(a) == sorted(b)
    assert [n for n in a if a[n] != b[n]] == []


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".ods"])
@pytest.mark.parametrize("manifest", bundled_games(), ids=lambda p: p.stem)
def test_every_bundled_order_of_battle_round_trips(manifest: Path, suffix: str, tmp_path: Path) -> None:
    rows = oob.export_counters(manifest)
    sheet = tmp_path / f"oob{suffix}"
    sheets.write_table(sheet, rows)
    back = oob.read_rows(sheet, oob.counter_fields(), "id")
    original = read_json(oob.counters_path(manifest))["counters"]
    # same values and types (1 is not 1.0, "6" is not 6), key order aside
    assert [json.dumps(r, sort_keys=True) for _, r in back] == [json.dumps(r, sort_keys=True) for r in original]


def _workspace(tmp_path: Path) -> Path:
    assert run("new", tmp_path / "ws", "--id", "g") == 0
    return tmp_path / "ws" / "games" / "g.json"


def test_merge_keeps_hand_edited_fields_and_reports_the_diff(tmp_path: Path, capsys) -> None:
    manifest = _workspace(tmp_path)
    path = oob.counters_path(manifest)
    doc = read_json(path)
    first = doc["counters"][0]
    first["notes"] = "hand-written note"
    first["x"] = {"tool": {"kept": True}}
    path.write_text(json.dumps(doc))
    old_value = first["faces"]["front"]["values"]
    name = next(iter(old_value))
    sheet = tmp_path / "s.csv"
    new_row = {"id": "new.unit", "kind": "marker", "class": "marker", "faces.front.kind": "text",
               "faces.front.text": "NEW"}
    sheet.write_text(f"id,faces.front.values.{name},notes,kind,class,faces.front.kind,faces.front.text\n"
                     f"{first['id']},{old_value[name] + 1},,,,,\n"
                     f"{new_row['id']},,,marker,marker,text,NEW\n")
    capsys.readouterr()
    assert run("counters", "import", manifest, sheet) == 0
    err = capsys.readouterr().err
    assert f"1 added, 1 changed (1 fields), 0 unchanged, {len(doc['counters']) - 1} not in the sheet, kept" in err
    assert f"~ {first['id']}: faces.front.values.{name}" in err and "+ new.unit" in err
    after = read_json(path)["counters"]
    assert after[0]["notes"] == "hand-written note" and after[0]["x"] == {"tool": {"kept": True}}
    assert after[0]["faces"]["front"]["values"][name] == old_value[name] + 1
    assert after[1:-1] == doc["counters"][1:] and after[-1]["id"] == "new.unit"
    assert after[-1]["faces"] == {"front": {"kind": "text", "text": "NEW"}}
    assert run("validate", manifest) == 0
    # importing the same sheet again changes nothing and does not rewrite the file
    before = path.stat().st_mtime_ns
    assert run("counters", "import", manifest, sheet, "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["added"] == [] and result["changed"] == {} and result["unchanged"] == 2 and not result["written"]
    assert path.stat().st_mtime_ns == before


def test_prune_and_dry_run(tmp_path: Path, capsys) -> None:
    manifest = _workspace(tmp_path)
    path = oob.counters_path(manifest)
    ids = [c["id"] for c in read_json(path)["counters"]]
    sheet = tmp_path / "s.csv"
    sheet.write_text(f"id\n{ids[0]}\n")
    text = path.read_text()
    assert run("counters", "import", manifest, sheet, "--prune", "--dry-run") == 0
    assert (f"would update {os.path.normpath(path)}: 0 added, 0 changed (0 fields), 1 unchanged, "
            f"{len(ids) - 1} not in the sheet, removed") in capsys.readouterr().err
    assert path.read_text() == text
    assert run("counters", "import", manifest, sheet, "--prune", "-q") == 0
    assert [c["id"] for c in read_json(path)["counters"]] == ids[:1]


def test_mapping_file_names_columns_and_defaults(tmp_path: Path) -> None:
    manifest = _workspace(tmp_path)
    side = read_json(manifest)["sides"][0]["id"]
    mapping = tmp_path / "map.json"
    mapping.write_text(json.dumps({"columns": {"Unit": "id", "Text": "faces.front.text", "Comment": None},
                                   "defaults": {"kind": "marker", "class": "marker", "side": side,
                                                "faces.front.kind": "text"}}))
    sheet = tmp_path / "s.csv"
    sheet.write_text("Unit,Text,Comment,#mine\nm.one,ONE,whatever,x\nm.two,TWO,,\n")
    assert run("counters", "import", manifest, sheet, "--mapping", mapping, "-q") == 0
    made = {c["id"]: c for c in read_json(oob.counters_path(manifest))["counters"]}
    assert made["m.two"] == {"kind": "marker", "class": "marker", "side": side, "faces": {"front": {
        "kind": "text", "text": "TWO"}}, "id": "m.two"}
    out = tmp_path / "back.csv"
    assert run("counters", "export", manifest, "-o", out, "--mapping", mapping, "-q") == 0
    assert out.read_text().splitlines()[0].startswith("Unit,")


def test_typed_cells_lists_and_json(tmp_path: Path) -> None:
    fields = oob.counter_fields()
    rows = [["id", "kind", "symbol.types", "count", "designation", "faces.front.kind", "faces.front.values.range",
             "faces.front.values.firepower", "side"],
            ["a", "unit", "infantry; motorized", "2", "185", "values", "U", '"6"', "null"]]
    [(_, rec)] = oob.rows_to_records(rows, fields, "id", oob.Mapping(), "t")
    assert rec["symbol"]["types"] == ["infantry", "motorized"] and rec["count"] == 2
    assert rec["designation"] == "185" and rec["side"] is None  # text field stays text; null where allowed
    assert rec["faces"]["front"]["values"] == {"range": "U", "firepower": "6"}


@pytest.mark.parametrize(("text", "message"), [
    ("id,symbol.typs\na,x\n", "s.csv: column 'symbol.typs': 'typs' is not a field of 'symbol' of a counter "
                              "(did you mean 'types'?)"),
    ("id,count\na,two\n", "s.csv: row 2, column 'count': 'two' is not an integer"),
    ("name\nA\n", "s.csv: no 'id' column"),
    ("id,name\na,A\na,B\n", "s.csv: row 3: a has two rows in the sheet"),
    ("id,kind,faces.front.kind\na,unti,blank\n", "counters/g.json: a: kind: 'unti' is not one of"),
    ("id,name\n,A\n", "s.csv: row 2: the 'id' cell is empty"),
])
def test_bad_sheets_are_one_line_and_write_nothing(tmp_path: Path, capsys, text: str, message: str) -> None:
    manifest = _workspace(tmp_path)
    path = oob.counters_path(manifest)
    before = path.read_text()
    sheet = tmp_path / "s.csv"
    sheet.write_text(text)
    capsys.readouterr()
    assert run("counters", "import", manifest, sheet) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert path.read_text() == before


def test_bad_sheet_files(tmp_path: Path, capsys) -> None:
    manifest = _workspace(tmp_path)
    assert run("counters", "import", manifest, tmp_path / "oob.txt") == 1
    assert "oob.txt: a spreadsheet must end in .csv, .xlsx or .ods" in capsys.readouterr().err
    broken = tmp_path / "oob.xlsx"
    broken.write_bytes(b"not a zip")
    assert run("counters", "import", manifest, broken) == 1
    assert "oob.xlsx: cannot read the spreadsheet" in capsys.readouterr().err
    assert run("setup", "export", manifest, "histrical", "-o", tmp_path / "s.csv") == 1
    assert "no scenario 'histrical' (scenarios: example)" in capsys.readouterr().err


def test_setup_rows_match_entries_by_unit_and_occurrence(tmp_path: Path, capsys) -> None:
    manifest = _workspace(tmp_path)
    scenario = oob.scenario_path(manifest, "example")
    doc = read_json(scenario)
    entry = doc["setup"][0]
    sheet = tmp_path / "setup.csv"
    sheet.write_text(f"unit,hex\n{entry['unit']},{entry['hex']}\n")
    capsys.readouterr()
    assert run("setup", "import", manifest, "example", sheet, "--json", "-q") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["unchanged"] == 1 and result["changed"] == {} and result["added"] == []


def test_export_to_stdout_and_counters_render_still_default(tmp_path: Path, capsys) -> None:
    capsys.readouterr()
    assert run("counters", "export", MINSK, "-o", "-") == 0
    out = capsys.readouterr().out
    assert out.startswith("id,kind,side,") and out.count("\n") == 173
    assert run("counters", "--help") == 0
    assert "render" in capsys.readouterr().out
