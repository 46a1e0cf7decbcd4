"""The shipped Free For All logs: logs/fow/legal.jsonl checks clean; logs/fow/violations.jsonl gives exactly its
planted findings (a 34" Tactical move, p.18; a 33.7" shot with a 32" gun, p.28; a tank assaulting a tank, p.53)."""

from __future__ import annotations

from modgen.report.check import check_bytes
from tests.data_helpers import REPO


def _report(name: str) -> dict:
    path = REPO / "logs" / "fow" / f"{name}.jsonl"
    return check_bytes(path.read_bytes(), path.name, REPO / "games" / "fow.json", "free_for_all").to_dict()


def test_legal_log_checks_clean_with_movement_fire_and_combat_checked():
    rep = _report("legal")
    assert [f for f in rep["findings"] if f["severity"] != "could-not-check"] == []
    assert {"movement", "command", "fire", "combat"} <= set(rep["coverage"]["checked"])


def test_violations_log_gives_its_planted_findings():
    found = [f for f in _report("violations")["findings"] if f["severity"] == "error"]
    planted = {(f["rule"], f["event_index"]) for f in found}
    assert {("FoW p.18", 12), ("FoW p.28", 14), ("FoW p.53", 16)} <= planted
    # the 34" mover also breaks "no Assault after more than 10" Tactical" (p.52): that is the same planted move
    assert planted == {("FoW p.18", 12), ("FoW p.28", 14), ("FoW p.53", 16), ("FoW p.52", 16)}
    assert all(f.get("position") for f in found)
