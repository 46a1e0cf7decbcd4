"""Advance after combat along ANY beaten unit's retreat route (MK 13.8 / GT 13.7, "Any or all victorious units that
took part in the combat and were adjacent to the retreated unit are permitted to advance along the enemy retreat
route"): the order in which the log lists the defenders must not change the verdict.

Test world (efb_world.py): g.inf1 + g.inf2 (3 + 3) at 0602 attack s.inf1 (2) at 0603 and s.inf2 (2) at 0702, both
adjacent to 0602: 6 - 4 = +2 -> column "+2,3" = BR BR EX D1 D1 D2; die 4 -> D1. s.inf1 retreats 0603->0604 and
s.inf2 0702->0802, so the retreat routes are 0603->0604 and 0702->0802 (one hex each)."""

from __future__ import annotations

import pytest

from tests.rules_fixtures.efb_world import check, found, log

SETUP = {"g.hq": "0101", "s.hq": "1010", "g.inf1": "0602", "g.inf2": "0602", "s.inf1": "0603", "s.inf2": "0702"}


def run(defenders: list[str], *advance: str) -> list[str]:
    ev = log(SETUP, {"type": "attack", "attackers": ["g.inf1", "g.inf2"], "defenders": defenders, "table": "assault",
                     "kind": "adjacent"},
             {"type": "roll", "dice": [4], "purpose": "combat"}, {"type": "result", "result": "D1"},
             {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]},
             {"type": "retreat", "unit": "s.inf2", "path": ["0702", "0802"]},
             {"type": "advance", "unit": "g.inf1", "path": list(advance)},
             {"type": "phase", "phase": "recovery", "side": "german"}, phase="combat2")
    return [r for r, _ in found(check(ev))]


@pytest.mark.parametrize("order", [["s.inf1", "s.inf2"], ["s.inf2", "s.inf1"]])
def test_advance_along_either_defenders_route_is_legal(order):
    assert run(order, "0602", "0702") == []
    assert run(order, "0602", "0603") == []


@pytest.mark.parametrize("order", [["s.inf1", "s.inf2"], ["s.inf2", "s.inf1"]])
def test_advance_beyond_every_route_is_an_error(order):
    # two hexes along the second route, which is one hex long
    assert run(order, "0602", "0702", "0802") == ["EFB 13.8"]
    # a hex on neither route
    assert run(order, "0602", "0502") == ["EFB 13.8"]
