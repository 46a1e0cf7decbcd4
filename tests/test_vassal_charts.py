"""Charts for the module: table shapes typeset by hand-made specs, and every chart of every bundled game drawn with
words from the data only (names, rulebook headings, values), never an id, a JSON key or JSON text (issue #24)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from modgen.draw import chartgrid
from modgen.draw.chartdraw import render_splash
from modgen.errors import DataError
from modgen.vassal import charts

GAMES = sorted((Path(__file__).resolve().parent.parent / "games").glob("*.json"))


def _man(tables: dict[str, Any], specs: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    m: dict[str, Any] = {"rules": {"tables": tables}, **extra}
    if specs is not None:
        m["charts"] = {"tables": specs}
    return m


def test_columns_crt_is_printed_by_die_roll_with_its_key() -> None:
    crt = {"mobile": {"columns": [{"label": "-1,0", "results": ["A1", "BR"]},
                                  {"label": "+1", "results": ["D1", "D2"]}]},
           "source": {"rule": "EFB 13.1", "values": "illustrative"}}
    spec = {"table": "crt", "part": "mobile", "title": "Mobile CRT", "row_title": "Die roll",
            "column_title": "Combat differential", "result_key": {"BR": "Both retreat"},
            "key_source": {"rule": "EFB 13.1", "values": "rulebook"}}
    (ch,) = chartgrid.charts(_man({"crt": crt}, [spec]))
    assert [c.title for c in ch.columns] == ["Die roll", "-1,0", "+1"]
    assert ch.rows == [["1", "A1", "D1"], ["2", "BR", "D2"]]
    assert ch.key == [("BR", "Both retreat")]
    assert ch.notes == ["Source: EFB 13.1", chartgrid.ILLUSTRATIVE_TEXT, "Key: EFB 13.1"]


def test_object_of_objects_names_rows_groups_nested_columns_and_marks_row_sources() -> None:
    tec = {"clear": {"mp": 1, "source": {"rule": "EFB 8.6", "values": "rulebook"}},
           "major_river": {"mp": {"armored": 2, "other": 1}, "stand_fast": True,
                           "source": {"rule": "EFB 8.11", "values": "illustrative"}}}
    spec = {"table": "tec", "title": "Terrain Effects Chart", "row_title": "Terrain",
            "columns": {"mp": "MP", "mp.armored": "Armored", "mp.other": "Other", "stand_fast": "Stand fast"}}
    man = _man({"tec": tec}, [spec], terrain={"major_river": {"name": "Major river"}, "clear": {"name": "Clear"}})
    (ch,) = chartgrid.charts(man)
    assert [(c.group, c.title) for c in ch.columns] == [(None, "Terrain"), ("MP", "Armored"), ("MP", "Other"),
                                                        (None, "Stand fast")]
    # clear's one cost holds for both classes; a row without the key is blank; the illustrative row is marked
    assert ch.rows == [["Clear", "1", "1", ""], ["Major river †", "2", "1", "yes"]]
    assert ch.notes == ["Source: EFB 8.6; EFB 8.11", "† " + chartgrid.ILLUSTRATIVE_TEXT]


def test_rows_by_label_crt_marks_the_printed_row() -> None:
    crt = {"source": {"rule": "TIS 7.2.2", "values": "illustrative"},
           "row_sources": {"2": {"rule": "TIS row 2", "values": "rulebook"}},
           "columns": ["1:1", "2:1"], "rows": {"2": ["--", "B1"], "3": ["A1", "--"]}}
    (ch,) = chartgrid.charts(_man({"crt": crt}, [{"table": "crt", "title": "Combat Results", "row_title": "Dice"}]))
    assert ch.rows == [["2 *", "--", "B1"], ["3", "A1", "--"]]
    assert "* " + chartgrid.RULEBOOK_TEXT in ch.notes


def test_record_rows_name_ids_join_years_and_fill_blanks() -> None:
    stacking = [{"nationality": "german", "limit": 3, "source": {"rule": "EFB 9.2", "values": "rulebook"}},
                {"nationality": "soviet", "years": [1943, 1945], "limit": None,
                 "source": {"rule": "EFB 9.4", "values": "rulebook"}}]
    spec = {"table": "stacking", "title": "Stacking", "columns": {"nationality": "Nationality", "years": "Years",
            "limit": "Units per hex"}, "blank": {"years": "All years"}, "null": "Any number",
            "values": {"german": "German", "soviet": "Soviet"}}
    (ch,) = chartgrid.charts(_man({"stacking": stacking}, [spec]))
    assert ch.rows == [["German", "All years", "3"], ["Soviet", "1943–1945", "Any number"]]
    assert not ch.labelled


def test_ranges_banded_rows_and_scalars() -> None:
    vp = {"rows": [{"losses_min": 0, "losses_max": 1, "result": "Win"}, {"losses_min": 3, "losses_max": None,
                                                                          "result": "Draw"}]}
    spec = {"table": "vp", "title": "Victory Points", "ranges": {"losses_min": "losses_max"},
            "columns": {"losses_min": "Platoons lost", "result": "Result"}}
    (ch,) = chartgrid.charts(_man({"vp": vp}, [spec]))
    assert ch.rows == [["0–1", "Win"], ["3+", "Draw"]]
    bands = {"rows": [{"label": "1-2", "min": 1, "max": 2, "results": [0, 1]}]}
    (ch,) = chartgrid.charts(_man({"m": bands}, [{"table": "m", "title": "Mines", "column_labels": ["1", "2"]}]))
    assert ([c.title for c in ch.columns], ch.rows) == (["", "1", "2"], [["1-2", "0", "1"]])
    (ch,) = chartgrid.charts(_man({"d": {"large": 8, "small": 6}}, [
        {"table": "d", "title": "Command Distance", "value_title": "Inches", "values": {"large": "Large"}}]))
    assert ch.rows == [["Large", "8"], ["small", "6"]]


def test_settings_are_not_charts_and_unknown_tables_are_refused() -> None:
    tables = {"crt": {"columns": [{"label": "0", "results": ["A"]}], "source": {"rule": "r", "values": "rulebook"}},
              "ranged_max_differential": 16, "air_fpf": {"german": 1943}}
    # without a charts section: only tables that carry a source
    assert [c.title for c in chartgrid.charts(_man(tables))] == ["Crt"]
    assert [c.title for c in chartgrid.charts(_man(tables, [{"table": "crt", "title": "CRT"}]))] == ["CRT"]
    with pytest.raises(DataError, match="no rules table 'nope'"):
        chartgrid.charts(_man(tables, [{"table": "nope", "title": "X"}]))


def _data_strings(x: Any, out: set[str]) -> None:
    """Every string value and number of the manifest (keys are ids, so they are not collected)."""
    if isinstance(x, dict):
        for v in x.values():
            _data_strings(v, out)
    elif isinstance(x, list):
        for v in x:
            _data_strings(v, out)
    elif isinstance(x, str):
        out.add(x)
    elif isinstance(x, (int, float)) and not isinstance(x, bool):
        out.add(str(x))


def _keys(x: Any, out: set[str]) -> None:
    if isinstance(x, dict):
        out.update(x)
        for v in x.values():
            _keys(v, out)
    elif isinstance(x, list):
        for v in x:
            _keys(v, out)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_every_chart_of_every_game_draws_names_and_headings_only(game: Path) -> None:
    man = json.loads(game.read_text())
    allowed: set[str] = set()
    _data_strings(man, allowed)
    allowed |= chartgrid.VOCABULARY
    ids: set[str] = set()
    _keys(man["rules"]["tables"], ids)
    ids = {k for k in ids if "_" in k}  # terrain/row/column ids such as major_river, stand_fast
    prose = " ".join(s for s in allowed if " " in s)
    out = charts.chart_images(man)
    assert out, "a bundled game has charts"
    tables = man["rules"]["tables"]
    settings = {k for k, v in tables.items() if not isinstance(v, (dict, list))}
    assert not settings & {t for t, _, _ in out}
    rules = " | ".join(s for s in allowed)
    for ch in chartgrid.charts(man):  # the footnotes: fixed words, then the data's own source fields
        for note in ch.notes:
            body = note
            for prefix in (chartgrid.SOURCE_PREFIX, chartgrid.KEY_PREFIX, chartgrid.RULEBOOK_MARK + " ",
                           chartgrid.ILLUSTRATIVE_MARK + " "):
                body = body.removeprefix(prefix)
            assert body in allowed or body in (chartgrid.RULEBOOK_TEXT, chartgrid.ILLUSTRATIVE_TEXT) or all(
                piece in rules for piece in body.split("; ")), (ch.title, note)
    for (title, img, drawn), ch in zip(out, chartgrid.charts(man), strict=True):
        assert img.width <= 1400 and img.height <= 1200, (title, img.size)  # one legible image, no giant strip
        assert ("title", title) in drawn and title in allowed
        for kind, text in drawn:
            # no JSON text ("[25.1]" is how the TIS rulebook cites a rule, so brackets alone are fine)
            assert not re.search(r'[{}]|\["|":|\[\d+, ', text), (title, text)
            if kind == "note":  # a wrapped line of one of the chart's footnotes
                assert text in " ".join(ch.notes), (title, text)
                continue
            assert text not in ids, (title, text)
            cell = text.removesuffix(" " + chartgrid.RULEBOOK_MARK).removesuffix(" " + chartgrid.ILLUSTRATIVE_MARK)
            if cell in allowed:
                continue
            # wrapped prose (a line of a longer name), a span of years/losses, "3+", or a row number
            parts = re.split(r"–|\+$", cell)
            ok = all(p in allowed or p.isdigit() or p == "" for p in parts) or cell.isdigit() or cell in prose
            assert ok, (game.stem, title, kind, text)


def test_splash_fits_long_titles() -> None:
    title = "Flames of War: Free For All (a tank platoon a side, with infantry and anti-tank guns)"
    img, drawn = render_splash(title, "Version 1. " + "word " * 200, ["American", "German"])
    titles = [t for k, t in drawn if k == "title"]
    assert " ".join(titles) == title  # wrapped, not cut
    from modgen.draw.printing import font
    # every line inside the frame at the size it was drawn: the widest at the largest size is the bound
    assert all(font(34, True).getlength(t) <= img.width - 60 or len(titles) > 1 for t in titles)
    assert [t for k, t in drawn if k == "cell"][-1].endswith("…")  # the long description is cut with an ellipsis


def test_module_charts_are_the_typeset_ones() -> None:
    man = json.loads((Path(__file__).resolve().parent.parent / "games" / "minsk44.json").read_text())
    titles = [t for t, _ in charts.table_images(man)]
    assert titles[:4] == ["Terrain Effects Chart", "Mobile CRT", "Assault CRT", "Ranged CRT"]
    assert "Ranged max differential" not in titles and "Air fpf" not in titles
