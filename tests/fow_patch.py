"""A copy of the bundled Free For All game with teams changed or added and scenario special rules, for FoW rules
tests that need a rule the bundled force does not have (Unreliable, a Sniper, aircraft, night)."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

from modgen.report.check import check_bytes
from tests.data_helpers import REPO


def patched_game(root: Path, change: dict[str, dict[str, Any]] | None = None,
                 add: list[tuple[str, str, dict[str, Any]]] | None = None,
                 special_rules: list[str] | None = None, drop_rules: tuple[str, ...] = ()) -> Path:
    """The game under ``root``: ``change`` updates counters by id; ``add`` copies counter ``from`` as ``id`` with
    updates; ``special_rules`` are added to the scenario and ``drop_rules`` (ids) taken out of it."""
    for d in ("games", "counters", "maps", "scenarios/fow"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for f in ("games/fow.json", "maps/fow.json", "scenarios/fow/breakthrough.json"):
        shutil.copy(REPO / f, root / f)
    if not (root / "schema").exists():
        shutil.copytree(REPO / "schema", root / "schema")
    data = json.loads((REPO / "counters/fow.json").read_text())
    by_id = {c["id"]: c for c in data["counters"]}
    for uid, upd in (change or {}).items():
        by_id[uid].update(copy.deepcopy(upd))
    for uid, src, upd in add or []:
        c = copy.deepcopy(by_id[src])
        c.update({"id": uid, **copy.deepcopy(upd)})
        data["counters"].append(c)
    (root / "counters/fow.json").write_text(json.dumps(data))
    scen = json.loads((REPO / "scenarios/fow/free_for_all.json").read_text())
    scen["special_rules"] = [r for r in scen.get("special_rules") or [] if r.get("id") not in drop_rules] + [
        {"id": r, "text": f"test rule {r}"} for r in special_rules or []]
    (root / "scenarios/fow/free_for_all.json").write_text(json.dumps(scen))
    return root / "games/fow.json"


def check(game: Path, *events: dict[str, Any], rules: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Findings (errors and warnings; deployment left out) of a Free For All log against ``game``."""
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}, *events]
    found = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "t.jsonl", game,
                        "free_for_all").to_dict()["findings"]
    return [f for f in found if f["severity"] in ("error", "warning")
            and (f["rule"] not in ("FoW p.97", "FoW p.93") or " is deployed at " not in f["message"])
            and (rules is None or f["rule"] in rules)]
