"""Hostile spreadsheets: `modgen counters import` and `modgen setup import` give one clear line and exit 1, in bounded
memory and time, and never write a data file that modgen itself would refuse to read back.

Every case runs the real CLI in a subprocess under tests/hostile.py's caps (1 GB of address space, 30 s).
"""

from __future__ import annotations

import shutil
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
