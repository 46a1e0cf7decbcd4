"""TiS engineer actions [20.1.3]-[20.1.4], breaking and legal logs written from the rulebook: "The number of actions
performed by an engineer unit can't be bigger than its actual SP"; the actions are laying and clearing minefields,
building bridges, rebuilding and destroying objects, "helping in crossing a river while moving, for units on one hex"
and "attacking (two actions)". 1st Airborne's engineers (gb.1ab.re) have 2 SP: two actions a stage.
(Crossing help: tests/test_tis_crossings.py; mines: tests/test_tis_engineers.py.)
"""

from __future__ import annotations

from tests.test_tis_combat import GARRISON, attack
from tests.test_tis_movement import PARA, phase, rules, setup, stage

RE = "gb.1ab.re"


def demolish(u: str, h: str) -> dict:
    return {"type": "marker", "unit": u, "hex": h, "marker": "object_destroyed", "on": True, "object": "railroad"}


def test_20_1_3_an_attack_is_two_actions():
    fight = [setup(RE, "1111"), setup(PARA, "1111"), setup(GARRISON, "1211"), stage()]
    assert "TIS 20.1.4" not in rules(*fight, phase("combat"), attack([RE, PARA], [GARRISON]), phase("supply"))
    # destroying an object (one action) and then attacking (two) is three actions for 2 SP
    found = rules(*fight, phase("movement"), demolish(RE, "1111"), phase("combat"), attack([RE, PARA], [GARRISON]),
                  phase("supply"))
    assert "TIS 20.1.4" in found

