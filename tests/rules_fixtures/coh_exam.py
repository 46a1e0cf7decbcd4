"""Helpers of the CoH rules exam (tests/test_coh_exam_*.py): unit ids of the test world and the events of a
turn, written as the canonical log has them.

Geometry of the bundled board: flat-topped hexes, odd columns sit half a hex higher; column 12 (1201-1209) and column
09 (0901-0909) are open ground apart from the road in row 05, so fire along them is at bearing 0 or 180.
"""

from __future__ import annotations

from tests.rules_fixtures.coh_world import start

TANK, APC, GRIF, GRIF2 = "de.pz3h", "de.sdkfz251_1", "de.rifle.1", "de.rifle.2"
GUN, SRIF, SMG, SRIF2 = "su.57mm_at", "su.rifle.1", "su.smg.1", "su.rifle.2"
PAK, OPEL, ENG, AA = "de.pak40", "de.opel", "su.engineer", "de.sdkfz251_17"
PASS_G, PASS_S = {"type": "pass", "side": "german"}, {"type": "pass", "side": "soviet"}


def act(*units):
    return {"type": "activate", "units": list(units)}


def fire(att, *dfn, **kw):
    return {"type": "attack", "attackers": [att], "defenders": list(dfn), "kind": kw.pop("kind", "fire"), **kw}


def roll(a, b, **kw):
    return {"type": "roll", "dice": [a, b], "purpose": "combat", **kw}


def hit(unit, marker="hit.foot"):
    return {"type": "marker", "unit": unit, "marker": marker, "on": True}


def mv(unit, path, **kw):
    return {"type": "move", "unit": unit, "from": path[0], "to": path[-1], "path": path, **kw}


def carrying(log, unit, vehicle):
    """``log`` with ``unit`` set up carried by ``vehicle`` (17.0), after the vehicle's own set-up."""
    i = next(j for j, e in enumerate(log) if e["type"] == "setup" and e["unit"] == vehicle)
    facing = log[i]["facing"]
    return log[:i + 1] + [{"type": "setup", "unit": unit, "hex": log[i]["hex"], "facing": facing,
                           "carried_by": vehicle}] + log[i + 1:]


def errors(found):
    return [f for f in found if f.severity == "error"]


def opel_with_pak():
    """The Opel at 1206 carrying the PaK 40, the SMG at 0903 (17.0 Ex)."""
    return carrying(start([(OPEL, "1206", 0.0), (SMG, "0903", 180.0)]), PAK, OPEL)
