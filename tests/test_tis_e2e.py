"""End to end: the shipped Arnhem logs (logs/arnhem44/) check with exactly their planted findings.

legal.jsonl plays the first stage of scenario I: the drop west of Arnhem with a combat after the drop (surprise
roll, odds, CRT, both casualty rolls), moves by road and in woods after landing, and the German half. violations.jsonl
plants one error of each kind, each a different rule (PLANTED below).
"""

from __future__ import annotations

from modgen.report.check import check_path
from tests.data_helpers import REPO

GAME = REPO / "games" / "arnhem44.json"
LOGS = REPO / "logs" / "arnhem44"

PLANTED = [  # (rule, event index): written from the log's own comments, in log order
    ("TIS 5.1.2", 21),  # 31 SP in 0505 [5.1.2]
    ("TIS 17.2.5", 24),  # a unit that did not land fights in the airborne assault phase
    ("TIS 4.2.2", 26),  # 7 clear hexes with 5 MP
    ("TIS 6.2.1", 28),  # drives on after entering a ZoC
    ("TIS 4.1.4", 29),  # moves again after another unit started
    ("TIS 4.2.1", 30),  # enters an enemy hex
    ("TIS 3.3", 31),  # a German unit moves in the Allied movement phase
    ("TIS 8.1.1", 33),  # a two-hex counterattack move
    ("TIS 7.1.1", 35),  # an attack from 15 hexes away
    ("TIS 7.4.1", 38),  # ... whose B2 result is not followed by the defender's retreat (reported at its result)
    ("TIS 3.4.1", 40),  # 1:1 in woods declared as 2:1
    ("TIS 7.1.3", 41),  # 1 GG, stopped in SS PGR 2's ZoC, takes part in no battle (reported at the phase end)
    ("TIS 7.2.1", 51),  # a 2 at 1:1 is B2, not A1 (the German units in Allied ZoC entrenched and need not attack)
    ("TIS 7.2.4", 53),  # casualties that do not match the table
]


def _findings(name: str) -> list[dict]:
    return check_path(LOGS / name, GAME).to_dict()["findings"]


def test_legal_log_has_no_findings():
    assert _findings("legal.jsonl") == []


def test_violations_log_has_exactly_its_planted_findings():
    found = [(f["rule"], f["event_index"]) for f in _findings("violations.jsonl")]
    assert found == PLANTED
    assert len({r for r, _ in PLANTED}) == len(PLANTED)  # each a different rule


def test_report_lists_checked_and_unchecked_families():
    cov = check_path(LOGS / "legal.jsonl", GAME).to_dict()["coverage"]
    assert {"movement", "zoc", "stacking", "combat", "sequence"} <= set(cov["checked"])
    assert {"air", "supply", "artillery", "command", "events"} <= set(cov["checked"])
    assert {"line_of_sight", "morale"} <= set(cov["checked"]) and cov["not_implemented"] == []
