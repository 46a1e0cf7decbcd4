"""A log that uses units it never set up (no setup/reinforcement/replacement event) gets one clear warning at the
first such event, not a string of misleading "not adjacent" errors (11.5: adjacency needs the units' positions)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, log

HQ = {"g.hq": "0101", "s.hq": "1010"}


def findings(setup: dict, *body: dict):
    return check(log({**HQ, **setup}, *body, phase="combat1")).findings


ATTACK = {"type": "attack", "attackers": ["g.inf1"], "defenders": ["s.inf1"], "table": "assault"}


def test_units_never_set_up_warn_once():
    fs = findings({}, dict(ATTACK), {"type": "attack", "attackers": ["g.inf2"], "defenders": ["s.inf2"],
                                     "table": "assault"})
    warnings = [f for f in fs if f.severity == "warning"]
    assert len(warnings) == 1 and warnings[0].rule == "LOG"
    assert "never set" in warnings[0].message and warnings[0].units == ["g.inf1", "s.inf1"]
    assert [f for f in fs if f.severity == "error" and f.rule == "EFB 11.5"] == []


def test_units_set_up_give_no_warning_and_adjacency_is_checked():
    ok = findings({"g.inf1": "0602", "s.inf1": "0603"}, dict(ATTACK))
    assert [f for f in ok if f.severity == "warning"] == []
    far = findings({"g.inf1": "0602", "s.inf1": "0605"}, dict(ATTACK))
    assert "EFB 11.5" in [f.rule for f in far if f.severity == "error"]
    assert [f for f in far if f.severity == "warning"] == []
