"""Helpers of the East Front Battles rules exam (tests/test_efb_exam_*.py): the events of a combat, written as the
canonical log has them, on the test world (tests/rules_fixtures/efb_world.py)."""
# NB: columns are offset: an odd column CC has neighbours CC,RR-1; CC,RR+1; CC+-1,RR-1; CC+-1,RR; an even column
# CC,RR-1; CC,RR+1; CC+-1,RR; CC+-1,RR+1.


from tests.rules_fixtures.efb_world import check, found, log

HQ = {"g.hq": "0101", "s.hq": "1010"}


def rules(report, severity="error"):
    return [r for r, _ in found(report, severity)]


def phase(p, side="german"):
    return {"type": "phase", "phase": p, "side": side}


def atk(attackers, defenders, table="assault", **kw):
    return {"type": "attack", "attackers": attackers, "defenders": defenders, "table": table, "kind": "adjacent", **kw}


def roll(d):
    return {"type": "roll", "dice": [d], "purpose": "combat"}


def res(code):
    return {"type": "result", "result": code}


def retreat(unit, *path):
    return {"type": "retreat", "unit": unit, "path": list(path)}


def advance(unit, *path):
    return {"type": "advance", "unit": unit, "path": list(path)}


def loss(unit):
    return {"type": "loss", "unit": unit, "eliminated": True}


# ---- combat (test CRT columns, die 1..6: "-1-" A2 A1 A1 BR BR EX; "0" A1 A1 BR BR EX D1; "+1" A1 BR BR EX D1 D1;
# "+2,3" BR BR EX D1 D1 D2; "+4,5" BR EX D1 D1 D2 DA; "+6+" EX D1 D2 D2 DA DE)
def combat(setup, *body, phase_="combat2", **kw):
    """The report of a log with both HQs, the ``setup`` and ``body`` events, from phase ``phase_``."""
    return check(log({**HQ, **setup}, *body, phase=phase_, **kw))
