"""Issue #12: absurdly long text and huge maps on paths that skip validation.

A million-character title must not crash the module's splash screen (Pillow refuses to lay out strings that long) and
must not be echoed back whole by `modgen validate`; a 10,000 x 10,000 hex map must be refused before a grid is built,
whichever command meets it first (`build --no-validate` included).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hostile import assert_one_line_error, run_bounded

REPO = Path(__file__).resolve().parent.parent
ENV = {"PYTHONPATH": str(REPO)}


@pytest.fixture()
def sos(tmp_path: Path) -> Path:
    """A copy of the Storms of Steel workspace (small and quick to build)."""
    for folder in ("games", "counters", "maps", "scenarios", "schema"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    return tmp_path


def _edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def test_million_character_title(sos: Path) -> None:
    _edit(sos / "games" / "stormsofsteel.json", lambda d: d.__setitem__("title", "A" * 1_000_001))
    res = run_bounded(["validate", "games/stormsofsteel.json"], cwd=sos, env=ENV)
    assert res.returncode == 1
    assert "/title: expected at most 200 characters, got 1,000,001" in res.stdout
    assert len(res.stdout) < 1000 and "AAAA" not in res.stdout  # the value is not echoed back
    built = run_bounded(["build", "--no-validate", "games/stormsofsteel.json", "-o", "x.vmod"], cwd=sos, env=ENV)
    assert built.returncode == 0, built.stderr  # the splash screen shows the title cut to its width
    assert (sos / "x.vmod").stat().st_size > 0


def test_huge_map_refused_by_build_without_validation(sos: Path) -> None:
    def grow(doc: dict) -> None:
        doc["maps"][0]["grid"].update(columns=10_000, rows=10_000)

    _edit(sos / "maps" / "stormsofsteel.json", grow)
    res = run_bounded(["build", "--no-validate", "games/stormsofsteel.json", "-o", "x.vmod"], cwd=sos, env=ENV)
    line = assert_one_line_error(res, "map_hexes", "10,000 × 10,000 hexes", "--limit map_hexes=N")
    assert not (sos / "x.vmod").exists(), line
