"""Chart images for the module: table shapes become grids of strings (by hand from small tables), with provenance."""

from __future__ import annotations

from modgen.vassal import charts


def test_columns_table_is_printed_by_die_roll() -> None:
    crt = {"columns": [{"label": "-1,0", "results": ["A1", "BR"]}, {"label": "+1", "results": ["D1", "D2"]}]}
    assert charts.table_grid(crt) == (["roll", "-1,0", "+1"], [["1", "A1", "D1"], ["2", "BR", "D2"]])


def test_object_of_objects_shows_row_sources() -> None:
    tec = {"clear": {"mp": 1, "source": {"rule": "EFB 8.6", "values": "rulebook"}},
           "woods": {"mp": {"armored": 2, "other": 1}, "shift": -1,
                     "source": {"rule": "EFB 8.11", "values": "illustrative"}}}
    assert charts.table_grid(tec) == (["", "mp", "shift", "source"],
                                      [["clear", "1", "-", "EFB 8.6 (rulebook)"],
                                       ["woods", "armored 2, other 1", "-1", "EFB 8.11 (illustrative)"]])


def test_rows_and_scalars() -> None:
    vp = {"rows": [{"losses": 0, "result": "Win"}, {"losses": 2, "result": None}], "source": {"rule": "x"}}
    assert charts.table_grid(vp) == (["losses", "result"], [["0", "Win"], ["2", "-"]])
    assert charts.table_grid({"large": 8, "small": True}) == (["", "value"], [["large", "8"], ["small", "yes"]])
    assert charts.table_grid(7) == (["value"], [["7"]])


def test_families_of_results_tables_become_one_chart_each() -> None:
    col = {"columns": [{"label": "0", "results": ["A"]}]}
    manifest = {"rules": {"tables": {"crt": {"mobile": col, "ranged": col, "source": {"rule": "r", "values": "v"}},
                                     "stacking": {"max": 3}}}}
    titles = [t for t, _ in charts.table_images(manifest)]
    assert titles == ["Crt: mobile", "Crt: ranged", "Stacking"]


def test_long_cells_are_cut() -> None:
    (_, rows) = charts.table_grid({"a": "x" * 100})
    assert len(rows[0][1]) == charts.MAX_CELL and rows[0][1].endswith("…")
