"""CLI conventions on the file-writing commands (issue #20): -q prints nothing, --json puts one JSON object on
stdout and the message on stderr, --version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from modgen import __version__
from modgen.cli import main


@pytest.fixture()
def manifest(tmp_path: Path) -> Path:
    assert main(["new", str(tmp_path / "ws"), "--id", "g", "-q"]) == 0
    return tmp_path / "ws" / "games" / "g.json"


@pytest.mark.parametrize(("args", "key"), [
    (["map", "{m}", "-o", "{t}/map.png"], "width"),
    (["counters", "{m}", "-o", "{t}/png", "-j", "1"], "pngs"),
    (["sheet", "{m}", "-o", "{t}/s.pdf", "-j", "1"], "sheets"),
    (["build", "{m}", "-o", "{t}/g.vmod", "-j", "1"], "pieces"),
])
def test_quiet_and_json(manifest: Path, tmp_path: Path, capsys, args: list[str], key: str) -> None:
    fill = [a.format(m=manifest, t=tmp_path) for a in args]
    capsys.readouterr()
    assert main([*fill, "-q"]) == 0
    assert capsys.readouterr() == ("", "")
    assert main([*fill, "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["output"] == fill[fill.index("-o") + 1] and isinstance(data[key], int)
    assert err.startswith("wrote ")


def test_new_json_and_version(tmp_path: Path, capsys) -> None:
    assert main(["new", str(tmp_path / "w"), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {"manifest": str(tmp_path / "w" / "games" / "w.json"), "system": "efb"}
    assert err.startswith("created ")
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"modgen, version {__version__}\n"
