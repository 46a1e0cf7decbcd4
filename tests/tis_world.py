"""A copy of the bundled Arnhem data under ``tmp_path`` that a test changes (extra hexsides, terrain, counters,
scenario rules), for TiS rules the bundled map or counters have no case of (swamps, ferries, pontoon columns)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from modgen.report.check import check_bytes
from tests.data_helpers import REPO

Json = dict[str, Any]


def world(tmp_path: Path, game: Callable[[Json], None] | None = None, board: Callable[[Json], None] | None = None,
          counters: list[Json] | None = None, scenario: Callable[[Json], None] | None = None) -> Path:
    """Copy games/, counters/, maps/ and scenarios/ to ``tmp_path``, let the callables change the manifest, the
    map and the Arnhem scenario, append ``counters``; return the manifest's path."""
    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    for fn, rel in ((game, "games/arnhem44.json"), (board, "maps/arnhem44.json"),
                    (scenario, "scenarios/arnhem44/arnhem.json")):
        if fn is not None:
            p = tmp_path / rel
            data = json.loads(p.read_text())
            fn(data["maps"][0] if rel.startswith("maps") else data)
            p.write_text(json.dumps(data))
    if counters:
        p = tmp_path / "counters" / "arnhem44.json"
        data = json.loads(p.read_text())
        data["counters"].extend(counters)
        p.write_text(json.dumps(data))
    return tmp_path / "games" / "arnhem44.json"


def findings_in(game: Path, *events: Json, options: Json | None = None) -> list[Json]:
    """Findings of a log of scenario I (arnhem) against the game at ``game``."""
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": options or {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    return check_bytes(data, "t.jsonl", game, "arnhem").to_dict()["findings"]


def rules_in(game: Path, *events: Json, **kw: Any) -> list[str]:
    return [f["rule"] for f in findings_in(game, *events, **kw) if f["severity"] == "error"]


def unit(uid: str, cls: str, formation: str, side: str, track: list[int], mp: int,
         types: list[str] | None = None, size: str = "II") -> Json:
    """A counter record shaped like the bundled ones (``mp`` printed on its front)."""
    return {"id": uid, "kind": "unit", "class": cls, "formation": formation, "side": side, "name": uid,
            "symbol": {"types": types or [cls], "size": size}, "count": 1,
            "faces": {"front": {"kind": "values", "values": {"movement": mp}}, "back": {"kind": "blank"}},
            "steps": {"track": track, "value": "strength", "source": {"rule": "test", "values": "illustrative"}},
            "source": {"rule": "test", "values": "illustrative"}}
