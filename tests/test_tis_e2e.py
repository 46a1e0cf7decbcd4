"""End to end: the shipped Arnhem logs (logs/arnhem44/) check with exactly their planted findings.

legal.jsonl plays the first stage of scenario I: the drop west of Arnhem with a combat after the drop (surprise
roll, odds, CRT, both casualty rolls), moves by road and in woods after landing, and the German half; in the south
(rows 36-46, clear, no rivers) a directed AT barricade [12.4.2], the first stage's weather without a roll [45.1.2], a
minefield entered with its loss roll [21.2.2], a recon identification at 2 hexes [11.4.2], an attack from march in
the movement phase whose defender retreats [16.1.1], XXX Corps artillery supporting XXX Corps [9.2.7], a battery's
fire at the road at 2746 marked with the table's result [22.1.2] and a battalion digging in [12.1.1].
violations.jsonl plants one error of each kind, each a different rule (PLANTED below), the same checks broken in the
south. Arnhem's counters have no transport columns, so only the misuse of one is planted.
"""

from __future__ import annotations

import json

from modgen.report.check import check_path
from tests.data_helpers import REPO

GAME = REPO / "games" / "arnhem44.json"
LOGS = REPO / "logs" / "arnhem44"

PLANTED = [  # (rule, event index): written from the log's own comments, in log order
    ("TIS 12.4.2", 19),  # an AT barricade at 2737 directed at 2637, 2837, 2736: not 3 edges side by side
    ("TIS 45.1.2", 35),  # a weather roll in the first stage, whose weather is good without one
    ("TIS 5.1.2", 36),  # 31 SP in 0505 [5.1.2]
    ("TIS 17.2.5", 39),  # a unit that did not land fights in the airborne assault phase
    ("TIS 11.4.2", 42),  # the Recce at 2444 identifies 2744, 3 hexes away (within 2 [11.4.2])
    ("TIS 12.1.1", 44),  # the XXX Corps HQ digs in: HQs do not build field fortifications
    ("TIS 34.2.1", 45),  # 2 GG (armour) "loads" 505 PIR: it is not a transport column
    ("TIS 4.2.2", 46),  # 7 clear hexes with 5 MP
    ("TIS 6.2.1", 48),  # drives on after entering a ZoC
    ("TIS 4.1.4", 49),  # moves again after another unit started
    ("TIS 4.2.1", 50),  # enters an enemy hex
    ("TIS 3.3", 51),  # a German unit moves in the Allied movement phase
    ("TIS 21.2.2", 52),  # 501 PIR entered the minefield at 1837 and no loss roll followed (reported at the next move)
    ("TIS 8.1.1", 53),  # a two-hex counterattack move
    ("TIS 16.1.1", 55),  # an attack from march declared in the combat phase
    ("TIS 9.2.7", 56),  # 1st Airborne's 1 ALR supports XXX Corps' 2 IG: not under its headquarters
    ("TIS 22.1.2", 57),  # 116 RA's 6 on row 1-5 damages the road at 2746 (U), but no object_damaged marker follows
    ("TIS 7.1.1", 59),  # an attack from 15 hexes away
    ("TIS 7.4.1", 62),  # ... whose B2 result is not followed by the defender's retreat (reported at its result)
    ("TIS 3.4.1", 64),  # 1:1 in woods declared as 2:1
    ("TIS 7.1.3", 65),  # 1 GG, stopped in SS PGR 2's ZoC, takes part in no battle (reported at the phase end)
    ("TIS 7.2.1", 77),  # a 2 at 1:1 is B2, not A1 (the German units in Allied ZoC entrenched and need not attack)
    ("TIS 7.2.4", 79),  # casualties that do not match the table
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


def test_legal_log_plays_what_the_violations_break():
    """The legal log plays each check the south of violations.jsonl breaks, legally: a directed barricade [12.4.2],
    the first stage's weather without a roll [45.1.2], a minefield loss roll [21.2.2], an identification at 2 hexes
    [11.4.2], an attack from march in the movement phase [16.1.1], artillery of the same corps [9.2.7], fire at an
    object marked with its result [22.1.2], digging in [12.1.1]."""
    events = [json.loads(line) for line in (LOGS / "legal.jsonl").read_text().splitlines() if line.strip()]
    kinds = {(e["type"], e.get("marker") or e.get("purpose") or e.get("kind")) for e in events}
    assert {("marker", "at_barricade"), ("weather", None), ("roll", "minefield"), ("identify", None),
            ("attack", "march"), ("marker", "entrenched"), ("attack", "fire"), ("marker", "object_damaged")} <= kinds
    assert any(e["type"] == "attack" and e.get("support") for e in events)
    assert not any(e["type"] == "roll" and e.get("purpose") == "weather" for e in events)
