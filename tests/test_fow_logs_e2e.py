"""The shipped Free For All logs: logs/fow/legal.jsonl checks clean; logs/fow/violations.jsonl gives exactly its
planted findings (a 34" Tactical move, p.18; a 33.7" shot with a 32" gun, p.28; a tank assaulting a tank, p.53; a
Remount test re-rolled twice, p.4; misses re-rolled with no re-roll rule, p.4). The Breakthrough logs (p.101) show
the mission rules, played at Dawn (p.91, the scenario option ``dawn``: the game starts in Darkness):
logs/fow/breakthrough_legal.jsonl dashes a Sherman 10", places the Ambush 22" from the Shermans and brings the
Reserve Panzers in within 16" of the north-west corner (clean); breakthrough_violations.jsonl dashes 15" in the
dark (p.90 "Teams may not move faster than their Terrain Dash speed at Night", 12"), places the Ambush 1.7" from a
Sherman (p.95 "at least 4"/10cm from all enemy Tank, Infantry, or Gun Teams"), the Reserves outside both corners
(p.96, Breakthrough p.101 "within 16"/40cm of either of their table corners") and, in turn 2, gives both 75mm hits
to one PaK and both MG hits to the other (p.34 "Hits from a weapon must be assigned evenly so that each Team has (as
close as possible) the same number of hits from that type of weapon"); the legal log spreads its two hits evenly."""

from __future__ import annotations

from modgen.report.check import check_bytes
from tests.data_helpers import REPO


def _report(name: str, scenario: str = "free_for_all") -> dict:
    path = REPO / "logs" / "fow" / f"{name}.jsonl"
    return check_bytes(path.read_bytes(), path.name, REPO / "games" / "fow.json", scenario).to_dict()


def test_legal_log_checks_clean_with_movement_fire_and_combat_checked():
    """Turn 2 opens with the Commander's Sherman Remounting on its re-roll, 2 then 5: one re-roll (p.4, p.8)."""
    rep = _report("legal")
    assert [f for f in rep["findings"] if f["severity"] != "could-not-check"] == []
    assert {"movement", "command", "fire", "combat"} <= set(rep["coverage"]["checked"])


def test_violations_log_gives_its_planted_findings():
    found = [f for f in _report("violations")["findings"] if f["severity"] == "error"]
    planted = {(f["rule"], f["event_index"]) for f in found}
    assert {("FoW p.18", 12), ("FoW p.28", 14), ("FoW p.53", 16)} <= planted
    # the 34" mover also breaks "no Assault after more than 10" Tactical" (p.52): that is the same planted move
    # the Remount rolled 2, 3, 5 (p.4) is also a re-roll with no Formation Commander on the table (p.8): the same
    # planted test
    # p.93: Sherman 4 and Pz IV 4 deployed Out of Command, judged when play starts (event 10)
    assert planted == {("FoW p.18", 12), ("FoW p.28", 14), ("FoW p.53", 16), ("FoW p.52", 16), ("FoW p.8", 20),
                       ("FoW p.4", 20), ("FoW p.4", 23), ("FoW p.93", 10)}
    assert sorted(f["message"].split(" is deployed")[0] for f in found if f["rule"] == "FoW p.93") == [
        "Pz IV 4 (German Pz IV Zug)", "Sherman 4 (American Sherman Plt)"]
    assert all(f.get("position") for f in found)
    assert [f for f in _report("violations")["findings"] if f["severity"] == "warning"] != []


def test_breakthrough_legal_log_places_the_ambush_and_the_reserves_cleanly():
    rep = _report("breakthrough_legal", "breakthrough")
    assert [f for f in rep["findings"] if f["severity"] != "could-not-check"] == []


def test_breakthrough_violations_log_gives_its_planted_ambush_and_reserves_findings():
    found = [f for f in _report("breakthrough_violations", "breakthrough")["findings"]
             if f["severity"] in ("error", "warning")]
    got = [(f["rule"], f["severity"], f["event_index"]) for f in found]
    assert got == [("FoW p.90", "error", 10), ("FoW p.95", "error", 15), ("FoW p.95", "warning", 16)] + [
        ("FoW p.96", "error", i) for i in range(19, 23)] + [("FoW p.34", "error", 34)] * 2
    # p.34 is judged when the Shooting Step ends (event 34, the Assault Step): one finding per type of weapon
    assert "M3 75mm gun" in found[7]["message"] and "Co-ax MG" in found[8]["message"]
    assert "Night" in found[0]["message"] and "Terrain Dash" in found[0]["message"]
    assert "within 4.0\"" in found[1]["message"] and found[1]["position"] == [37.5, 40.0]
    assert "outside German Reserves" in found[3]["message"] and found[3]["position"] == [20.0, 2.0]
