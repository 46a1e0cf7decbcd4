"""The broken-data corpus: every case in tests/data/broken/ gives exactly its expected issues and exit code.

Each case overlays its files on tests/data/broken/_base/ (a small valid EFB workspace) and runs
`modgen validate games/base.json` from the workspace root. Expected positions were written by hand as
(line, text on that line); here each one is also checked against the stdlib json decoder: the value (or key)
its pointer names must start exactly at the reported line:column.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from modgen.cli import main

BROKEN = Path(__file__).parent / "data" / "broken"
BASE = BROKEN / "_base"
CASES = sorted(p.name for p in BROKEN.iterdir() if p.is_dir() and not p.name.startswith("_"))


def workspace(tmp_path: Path, case: str | None) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(BASE, root)
    if case:
        for src in (BROKEN / case).rglob("*"):
            if src.is_file() and src.name != "expect.json":
                dst = root / src.relative_to(BROKEN / case)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
    return root


def run(root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    monkeypatch.chdir(root)
    code = main(["validate", "games/base.json"])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_corpus_has_at_least_30_cases() -> None:
    assert len(CASES) >= 30


def test_base_workspace_is_valid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    code, lines, err = run(workspace(tmp_path, None), monkeypatch, capsys)
    assert (code, lines) == (0, [])
    assert err.strip() == "games/base.json: valid"


def _resolve(doc, ptr: str):
    for token in ptr.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


def _check_position_with_stdlib(root: Path, line: str) -> None:
    """An independent oracle: the text at file:line:col decodes (stdlib json) to the value the pointer names,
    or is the pointer's key in quotes, or (unknown properties) is the named key of the object the pointer names."""
    file, lno, col, rest = line.split(":", 3)
    ptr = rest.strip().split(": ", 1)[0]
    if not ptr.startswith("/") or "invalid JSON" in rest:
        return
    ptr = "" if ptr == "/" else ptr
    text = (root / file).read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
        target = _resolve(doc, ptr)
    except (KeyError, IndexError, TypeError, ValueError):
        return  # a missing property: the issue points at the nearest existing ancestor, checked below
    offset = sum(len(x) + 1 for x in text.split("\n")[: int(lno) - 1]) + int(col) - 1
    unknown = re.search(r": unknown property '(.*?)'", rest)
    if unknown:  # reported at the object, located at the unknown key: a key of that object, followed by ':'
        key, end = json.JSONDecoder().raw_decode(text, offset)
        assert key == unknown.group(1) and key in target and text[end:].lstrip().startswith(":"), line
        return
    if text[offset] == '"' and json.JSONDecoder().raw_decode(text, offset)[0] == ptr.rsplit("/", 1)[-1] \
            and text[json.JSONDecoder().raw_decode(text, offset)[1]:].lstrip().startswith(":"):
        return  # points at the key
    assert json.JSONDecoder().raw_decode(text, offset)[0] == target, line


@pytest.mark.parametrize("case", CASES)
def test_broken_case(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    expect = json.loads((BROKEN / case / "expect.json").read_text(encoding="utf-8"))
    root = workspace(tmp_path, case)
    code, lines, err = run(root, monkeypatch, capsys)
    assert code == expect["exit"]
    assert len(lines) == len(expect["issues"]), "\n".join(lines)
    for got, want in zip(lines, expect["issues"], strict=True):
        if want.endswith("…"):
            assert got.startswith(want[:-1]), got
        else:
            assert got == want
        _check_position_with_stdlib(root, got)
    assert "Traceback" not in err
    summary = "games/base.json: invalid:" if expect["exit"] else "games/base.json: valid ("
    assert err.strip().startswith(summary)
