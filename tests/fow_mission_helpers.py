"""Helpers for the Flames of War mission tests: a log checked against the bundled Breakthrough (p.101), or against
a copy of the bundled game whose scenario or counters a test changes."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from modgen.report.check import check_bytes
from tests.data_helpers import REPO
from tests.fow_helpers import setup, step


def check(game: Path, scenario: str, *events: dict, rule: str | None = None,
          severity: tuple[str, ...] = ("error", "warning")) -> list[dict]:
    """Findings of ``events`` under ``scenario`` of ``game`` (only ``rule``'s, when given)."""
    log = [{"type": "scenario_start", "game": "fow", "scenario": scenario, "options": {}}, *events]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", game, scenario).to_dict()
    return [f for f in found["findings"] if f["severity"] in severity and (rule is None or f["rule"] == rule)]


def breakthrough(*events: dict, **kw) -> list[dict]:
    return check(REPO / "games" / "fow.json", "breakthrough", *events, **kw)


def copy_game(root: Path, scenario: str, change: Callable[[dict], None],
              counters: Callable[[dict], None] | None = None) -> Path:
    """A copy of the bundled game under ``root`` with ``change`` applied to ``scenario`` (and ``counters`` to the
    counters file)."""
    for d in ("games", "counters", "maps", "scenarios/fow"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for f in ("games/fow.json", "maps/fow.json", "counters/fow.json", "scenarios/fow/free_for_all.json",
              "scenarios/fow/breakthrough.json"):
        shutil.copy(REPO / f, root / f)
    if not (root / "schema").exists():
        shutil.copytree(REPO / "schema", root / "schema")
    path = root / "scenarios/fow" / f"{scenario}.json"
    scen = json.loads(path.read_text())
    change(scen)
    path.write_text(json.dumps(scen))
    if counters is not None:
        data = json.loads((root / "counters/fow.json").read_text())
        counters(data)
        (root / "counters/fow.json").write_text(json.dumps(data))
    return root / "games/fow.json"


def hold(unit: str) -> dict:
    """A team held off the table in Ambush at deployment (p.95)."""
    return {"type": "setup", "unit": unit, "off_map": "ambush"}


# the Attacker's quarter (p.101), placed In Command around the Unit Leader us.sherman.1 (p.93)
SHERMANS = [setup(f"us.sherman.{i}", x, y) for i, (x, y) in enumerate(((21, 40), (16, 40), (21, 44), (26, 40)), 1)]
PAK_HELD = [hold("de.pak40.1"), hold("de.pak40.2")]


def game_turn(n: int, us: tuple[list[dict], ...] = (), german: tuple[list[dict], ...] = ()) -> list[dict]:
    """Game turn ``n``: the American turn then the German one; ``us``/``german`` give each Step's events in the
    order Starting, Movement, Shooting, Assault."""
    out: list[dict] = [{"type": "turn", "turn": n}]
    for side, steps in (("us", us), ("german", german)):
        for i, name in enumerate(("starting", "movement", "shooting", "assault")):
            out.append(step(name, side))
            out.extend(steps[i] if i < len(steps) else [])
    return out
