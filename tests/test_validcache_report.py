"""`modgen validate` remembers its report (issue #22): validating unchanged data again prints the same lines (the
text-fit warnings of issue #19 included) without running the checks; a changed data or font file, another spelling
of the manifest's path, or a damaged entry means checking again."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_counter_art import SERIF, _layout

from modgen.cli import cli
from modgen.data import validcache

LONG = "Panzer-Grenadier-Regiment Grossdeutschland " * 3  # shrinks below every layout's min_size
REPO = Path(__file__).resolve().parent.parent


def _workspace(tmp: Path, unit_extra: dict, layouts: dict | None = None) -> Path:
    """A copy of the bundled Minsk '44 workspace, its first counter changed by ``unit_extra``; ``layouts`` become the
    manifest's counter layouts."""
    root = tmp / "ws"
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, root / folder)
    counters = root / "counters" / "minsk44.json"
    doc = json.loads(counters.read_text())
    doc["counters"][0].update(unit_extra)
    counters.write_text(json.dumps(doc, indent=1))
    manifest = root / "games" / "minsk44.json"
    if layouts:
        m = json.loads(manifest.read_text())
        m["counter_layouts"] = layouts
        manifest.write_text(json.dumps(m, indent=1))
    return manifest


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MODGEN_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "valid"


def _age(root: Path) -> None:
    """Files written more than a second before a validation starts (a file newer than that is not trusted)."""
    past = __import__("time").time() - 10
    for path in root.rglob("*"):
        os.utime(path, (past, past))


def _validate(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["validate", *args])
    return r.exit_code, r.stdout, r.stderr


def _checks_run(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records each run of the data checks and the fit check."""
    import modgen.data.validate as validate
    import modgen.draw.fitcheck as fitcheck

    runs: list[str] = []
    real_v, real_f = validate.validate_game, fitcheck.text_fit_issues
    monkeypatch.setattr(validate, "validate_game", lambda *a, **k: runs.append("data") or real_v(*a, **k))
    monkeypatch.setattr(fitcheck, "text_fit_issues", lambda *a, **k: runs.append("fit") or real_f(*a, **k))
    return runs


def test_warnings_are_printed_the_same_from_the_cache(cache: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    m = _workspace(tmp_path, {"designation": LONG})
    runs = _checks_run(monkeypatch)
    _age(tmp_path / "ws")
    first = _validate(str(m))
    assert first[0] == 0 and "warning" in first[1] and LONG in first[1] and runs == ["data", "fit"]
    assert _validate(str(m)) == first and runs == ["data", "fit"]  # from the cache: same lines, nothing run
    as_json = _validate(str(m), "--json")
    assert json.loads(as_json[1]) and runs == ["data", "fit"]
    monkeypatch.setenv("MODGEN_CACHE_DIR", "off")
    assert _validate(str(m), "--json") == as_json and _validate(str(m)) == first  # what checking gives


def test_a_changed_file_or_another_spelling_of_the_path_checks_again(cache: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    m = _workspace(tmp_path, {"designation": LONG})
    runs = _checks_run(monkeypatch)
    _age(tmp_path / "ws")
    _validate(str(m))
    counters = tmp_path / "ws" / "counters" / "minsk44.json"
    counters.write_text(counters.read_text().replace(LONG, "I/31"))
    code, out, _ = _validate(str(m))
    assert code == 0 and "warning" not in out and runs == ["data", "fit", "data", "fit"]
    _age(tmp_path / "ws")
    assert _validate(str(m))[1] == out and len(runs) == 6  # remembered again
    assert _validate(str(m))[1] == out and len(runs) == 6
    monkeypatch.chdir(tmp_path)  # the report names files as the manifest was given: a relative path is checked
    code, out, _ = _validate(os.path.relpath(m))
    assert code == 0 and runs[-2:] == ["data", "fit"] and len(runs) == 8


def test_a_changed_font_file_checks_again(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fit check measures with the layout's own font: it is one of the files the entry lists."""
    m = _workspace(tmp_path, {"designation": LONG, "layout": "art"},
                   _layout(type="text", text="{designation}", font="../fonts/F.ttf", box=[0.05, 0.4, 0.95, 0.5]))
    (tmp_path / "ws" / "fonts").mkdir()
    shutil.copy(SERIF, tmp_path / "ws" / "fonts" / "F.ttf")
    runs = _checks_run(monkeypatch)
    _age(tmp_path / "ws")
    first = _validate(str(m))
    assert first[0] == 0 and "warning" in first[1]
    assert _validate(str(m)) == first and len(runs) == 2
    with open(tmp_path / "ws" / "fonts" / "F.ttf", "ab") as fh:
        fh.write(b"\0")
    _validate(str(m))
    assert runs == ["data", "fit", "data", "fit"]


def test_invalid_data_is_never_remembered_and_a_damaged_report_is_ignored(cache: Path, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    m = _workspace(tmp_path, {"designation": LONG})
    _age(tmp_path / "ws")
    first = _validate(str(m))
    assert validcache.known_report(str(m))
    for entry in cache.iterdir():
        data = json.loads(entry.read_text())
        data["issues"][0]["severity"] = "error"  # a report of an error: never written, so never trusted
        entry.write_text(json.dumps(data))
    assert validcache.known_report(str(m)) is None
    assert _validate(str(m)) == first
    manifest = json.loads(m.read_text())
    manifest["sides"] = "broken"
    m.write_text(json.dumps(manifest))
    shutil.rmtree(cache)
    assert _validate(str(m))[0] == 1
    assert not cache.exists() or not list(cache.iterdir())
