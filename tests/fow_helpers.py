"""Shared helpers for the Flames of War rules tests: a log against the bundled Free For All game."""

from __future__ import annotations

import json

from modgen.report.check import check_bytes
from tests.data_helpers import REPO


def findings(*events: dict, severity: tuple[str, ...] = ("error", "warning"), deployment: bool = False) -> list[dict]:
    """Findings of the log; tests place teams anywhere (a situation, not a deployment), so deployment findings —
    the zone (p.97) and Placing Units In Command (p.93) — are left out unless ``deployment``."""
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    found = check_bytes(data, "t.jsonl", REPO / "games" / "fow.json", "free_for_all").to_dict()["findings"]
    return [f for f in found if f["severity"] in severity
            and (deployment or f["rule"] not in ("FoW p.97", "FoW p.93") or " is deployed at " not in f["message"])]


def rules(found: list[dict]) -> list[tuple[str, str]]:
    return [(f["rule"], f["severity"]) for f in found]


def setup(unit: str, x: float, y: float, facing: float = 0) -> dict:
    return {"type": "setup", "unit": unit, "pos": [x, y], "facing": facing}


def move(unit: str, a: list, b: list, mode: str = "tactical", facing: float | None = None, **kw) -> dict:
    ev = {"type": "move", "unit": unit, "from_pos": a, "to_pos": b, "mode": mode, **kw}
    if facing is not None:
        ev["facing"] = facing
    return ev


def step(name: str, side: str = "us") -> dict:
    return {"type": "phase", "phase": name, "side": side}


def turn_to(name: str, side: str = "us", turn: int = 1) -> list[dict]:
    """The turn event and the steps of ``side``'s turn up to ``name``. In game turn 1 the first player's first
    Shooting Step is under the Free For All's Meeting Engagement rules (p.96); ``turn=2`` is past them."""
    out = [{"type": "turn", "turn": turn}]
    for s in ("starting", "movement", "shooting", "assault"):
        out.append(step(s, side))
        if s == name:
            return out
    return out
