"""Hostile spreadsheets: `modgen counters import` and `modgen setup import` give one clear line and exit 1, in bounded
memory and time, and never write a data file that modgen itself would refuse to read back.

Every case runs the real CLI in a subprocess under tests/hostile.py's caps (1 GB of address space, 30 s).
"""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import REPO
from hostile import assert_one_line_error, run_bounded

ENV = {"PYTHONPATH": str(REPO)}
GAME = "g/games/g.json"
COUNTERS = "g/counters/g.json"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace made by `modgen new` (its first counter is de.1), and its order of battle as .xlsx."""
    root = tmp_path_factory.mktemp("sheets")
    assert run_bounded(["new", "g", "-q"], cwd=root, env=ENV).returncode == 0
    assert run_bounded(["counters", "export", GAME, "-o", "oob.xlsx", "-q"], cwd=root, env=ENV).returncode == 0
    return root


@pytest.fixture()
def ws(template: Path, tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(template, root)
    return root


def _import(ws: Path, sheet: str, *more: str):
    return run_bounded(["counters", "import", GAME, sheet, *more], cwd=ws, env=ENV)


# --- cells: nothing goes into the data that reading it back would refuse ----------------------------------------------

@pytest.mark.parametrize(("column", "cell", "said"), [
    ("symbol.types", '"' + "[" * 60_000 + "]" * 60_000 + '"', "json_depth limit"),  # was exit 70 (RecursionError)
    ("faces.front.values", '"{""attack"": NaN}"', "NaN and Infinity are not JSON numbers"),  # was written as NaN
    ("faces.front.values", '"{""attack"": 1e999}"', "out of range"),
    ("faces.front.values.attack", "1e999", "out of range"),  # was written as Infinity
    ("faces.front.values.attack", "9" * 4000, "int_digits limit"),  # was written; the file then refused
    ("faces.front.values.attack", "9" * 5000, "int_digits limit"),  # was Python's sys.set_int_max_str_digits hint
    ("name", "a\x01b", "U+0001"),  # was written; the file then refused
    ("faces.front.values", '"{""a\\u0000"": 1}"', "NUL (U+0000)"),
], ids=["deep-json", "json-nan", "json-inf", "inf", "4000-digits", "5000-digits", "control-char", "json-nul"])
def test_a_cell_game_data_may_not_hold_is_refused_at_its_row_and_column(ws: Path, column: str, cell: str,
                                                                        said: str) -> None:
    before = (ws / COUNTERS).read_bytes()
    (ws / "c.csv").write_text(f"id,{column}\nde.1,{cell}\n")
    line = assert_one_line_error(_import(ws, "c.csv"), "c.csv", "row 2", repr(column), said)
    assert len(line) < 400  # a long cell is cut, not echoed whole
    assert (ws / COUNTERS).read_bytes() == before
    assert run_bounded(["validate", GAME, "-q"], cwd=ws, env=ENV).returncode == 0


# --- files: read like the JSON data files, within the limits ----------------------------------------------------------

def _rewrite(src: Path, dst: Path, entry: str, change) -> None:
    """``src`` (a workbook) copied to ``dst`` with ``entry`` changed by ``change(bytes) -> bytes``."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            zout.writestr(info.filename, change(data) if info.filename == entry else data)


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_fifo_or_device_as_the_sheet_is_one_line(ws: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(ws / "s.csv")  # was a hang: read_bytes() waits for a writer forever
    else:
        (ws / "s.csv").symlink_to("/dev/zero")  # was an endless read until memory ran out
    line = assert_one_line_error(_import(ws, "s.csv"), "s.csv")
    assert "not a regular file" in line


def test_a_csv_over_the_file_limit_is_refused(ws: Path) -> None:
    (ws / "s.csv").write_text("id,name\n" + "de.1,x\n" * 200_000)  # 1.4 MB
    line = assert_one_line_error(run_bounded(["--limit", "file_mb=1", "counters", "import", GAME, "s.csv"], cwd=ws,
                                             env=ENV), "s.csv")
    assert "file_mb limit" in line


def test_a_workbook_that_unpacks_past_the_file_limit_is_refused_before_unpacking(ws: Path) -> None:
    sheet = b'<row r="99"><c r="A99" t="inlineStr"><is><t>' + b"x" * (3 << 20) + b"</t></is></c></row>"
    _rewrite(ws / "oob.xlsx", ws / "bomb.xlsx", "xl/worksheets/sheet1.xml",
             lambda d: d.replace(b"</sheetData>", sheet + b"</sheetData>"))  # 3 MiB from a few KB
    assert (ws / "bomb.xlsx").stat().st_size < 100_000
    res = run_bounded(["--limit", "file_mb=2", "counters", "import", GAME, "bomb.xlsx"], cwd=ws, env=ENV)
    line = assert_one_line_error(res, "bomb.xlsx")  # was a 300 MiB cell echoed whole, or exit 70 (MemoryError)
    assert "file_mb limit" in line and "unpacks to 3." in line


def test_cells_in_the_last_column_of_many_rows_stop_at_the_cell_limit(ws: Path) -> None:
    # openpyxl fills each row up to its last cell: 1,000 rows with a cell in column XFD are 16 million cells
    rows = b"".join(b'<row r="%d"><c r="XFD%d" t="inlineStr"><is><t>x</t></is></c></row>' % (i, i)
                    for i in range(20, 1020))
    _rewrite(ws / "oob.xlsx", ws / "wide.xlsx", "xl/worksheets/sheet1.xml",
             lambda d: d.replace(b"</sheetData>", rows + b"</sheetData>"))
    line = assert_one_line_error(_import(ws, "wide.xlsx"), "wide.xlsx")
    assert "json_values limit" in line


def test_an_ods_row_repeated_a_billion_times_stops_at_the_cell_limit(ws: Path) -> None:
    assert run_bounded(["counters", "export", GAME, "-o", "oob.ods", "-q"], cwd=ws, env=ENV).returncode == 0
    _rewrite(ws / "oob.ods", ws / "rep.ods", "content.xml",
             lambda d: d.replace(b"<table:table-row>", b'<table:table-row table:number-rows-repeated="1000000000">'))
    line = assert_one_line_error(_import(ws, "rep.ods"), "rep.ods")  # was a list of a billion rows (MemoryError)
    assert "json_values limit" in line


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".ods"])
def test_a_sheet_piped_in_or_each_format_still_imports(ws: Path, suffix: str) -> None:
    assert run_bounded(["counters", "export", GAME, "-o", f"oob{suffix}", "-q"], cwd=ws, env=ENV).returncode == 0
    res = _import(ws, f"oob{suffix}", "--json", "-q")
    assert res.returncode == 0 and '"unchanged": 7' in res.stdout, res.stderr
    piped = run_bounded(["counters", "import", GAME, "-", "--json", "-q"], cwd=ws, env=ENV,
                        stdin=(ws / "oob.csv").read_bytes() if suffix == ".csv" else b"id\nde.1\n")
    assert piped.returncode == 0 and '"unchanged"' in piped.stdout, piped.stderr


# --- matching rows to records -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("command", "text", "said"), [
    (["counters", "import", GAME], 'id,name\n"[1]",a\n', "the 'id' cell must be text, not list"),
    (["setup", "import", GAME, "example"], 'unit,hex\n"{""a"": 1}",0101\n', "the 'unit' cell must be text, not dict"),
], ids=["counter-id-list", "setup-unit-object"])
def test_a_key_cell_that_is_not_text_is_one_line(ws: Path, command: list[str], text: str, said: str) -> None:
    (ws / "k.csv").write_text(text)  # was exit 70: rows are matched to records by a dict lookup (unhashable)
    line = assert_one_line_error(run_bounded([*command, "k.csv"], cwd=ws, env=ENV), "k.csv", "row 2")
    assert said in line


def test_sixty_thousand_setup_rows_are_matched_in_linear_time(ws: Path) -> None:
    # each row used to be numbered (``de.1#2``) by counting the rows before it: 60,000 rows took minutes
    (ws / "big.csv").write_text("unit,hex\n" + "de.1,0101\n" * 60_000)
    res = run_bounded(["setup", "import", GAME, "example", "big.csv", "--json", "-q", "-n"], cwd=ws, env=ENV)
    assert res.returncode == 0, res.stderr
    assert '"de.1#60000"' in res.stdout and '"de.1#60001"' not in res.stdout


# --- the mapping file and the messages --------------------------------------------------------------------------------

def test_a_mapping_default_deeper_than_any_field_is_one_line(ws: Path) -> None:
    (ws / "map.json").write_text('{"defaults": {"' + ".".join(["a"] * 100_000) + '": 1}}')
    res = run_bounded(["counters", "import", GAME, "oob.xlsx", "--mapping", "map.json"], cwd=ws, env=ENV)
    line = assert_one_line_error(res, "map.json", "default")  # was exit 70: a record nested 100,000 deep
    assert "'a' is not a field of a counter" in line and len(line) < 300


@pytest.mark.parametrize(("header", "cell", "said"), [
    ("id,name", "x" * 30_000 + ",A", "'kind' is a required property"),
    ("id," + "y" * 30_000, "new.1,A", "is not a field of a counter"),
    ("id,name", "de.1," + "n" * 30_000, "is too long"),
], ids=["long-id", "long-header", "long-value"])
def test_a_long_id_header_or_value_is_cut_in_the_message(ws: Path, header: str, cell: str, said: str) -> None:
    (ws / "long.csv").write_text(f"{header}\n{cell}\n")
    line = assert_one_line_error(_import(ws, "long.csv"), said)  # was echoed whole: a 60,000-character line
    assert len(line) < 400 and "…" in line


def test_a_long_unknown_scenario_to_export_is_cut_in_the_message(ws: Path) -> None:
    res = run_bounded(["setup", "export", GAME, "s" * 100_000, "-o", "s.csv"], cwd=ws, env=ENV)
    line = assert_one_line_error(res, "no scenario")  # the 100,000 characters were echoed whole
    assert len(line) < 300 and "(scenarios: example)" in line
