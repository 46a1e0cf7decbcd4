"""Air close support has one encoding that gets all of its checks (7.10, 12.10, 17.5): an adjacent attack whose
``air`` lists the air units, as `!attack 0602 -> 0603 mobile air g.ga` declares it; ``kind: close_support`` reads the
same. 17.5: "Add air points to the strength of friendly ground units as if they were artillery"; each air point
"counts as a combat factor". 7.10: "an air unit cannot provide close air support to an OOC ground unit".

Test world: g.inf1 (attack 3) at 0602 vs s.inf1 (defense 2) at 0603 in clear; with g.ga: 3 + 1 - 2 = +2 -> column
"+2,3" = BR BR EX D1 D1 D2 (without the air point +1 -> "+1" = A1 BR BR EX D1 D1)."""

from __future__ import annotations

import pytest

from modgen.logs import chat
from tests.rules_fixtures.efb_world import check, found, log

HQ = {"g.hq": "0101", "s.hq": "1010"}


def attack(kind: str) -> dict:
    return {"type": "attack", "attackers": ["g.inf1"], "defenders": ["s.inf1"], "hex": "0603", "table": "assault",
            "kind": kind, "air": ["g.ga"]}


def run(ev: dict, *body: dict, hq: bool = True) -> list[str]:
    setup = {**(HQ if hq else {"s.hq": "1010"}), "g.inf1": "0602", "s.inf1": "0603"}
    return [r for r, _ in found(check(log(setup, ev, *body, phase="combat1")))]


def test_chat_declaration_gives_the_encoding():
    d = chat.parse("!attack g.inf1 -> s.inf1 assault air g.ga")
    assert d.kind == "assault" and d.air == ["g.ga"]


@pytest.mark.parametrize("kind", ["mobile", "assault", "close_support"])
def test_air_close_support_counts_one_factor_on_the_adjacent_crt(kind):
    # die 4: "+2,3" -> D1
    ev = attack(kind)
    if kind == "mobile":
        ev["table"] = "assault"  # the test world's Mobile and Assault CRTs are the same; g.inf1 may not use Mobile
    ok = run(ev, {"type": "roll", "dice": [4], "purpose": "combat"}, {"type": "result", "result": "D1"},
             {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]})
    assert ok == []
    bad = run(dict(ev), {"type": "roll", "dice": [4], "purpose": "combat"}, {"type": "result", "result": "EX"},
              {"type": "loss", "unit": "s.inf1"}, {"type": "loss", "unit": "g.inf1"})
    assert "EFB 11.2" in bad


@pytest.mark.parametrize("kind", ["assault", "close_support"])
def test_air_may_not_close_support_an_ooc_unit(kind):
    # no German HQ on the map: g.inf1 is out of command (7.10)
    assert "EFB 7.10" in run(attack(kind), hq=False)
    assert "EFB 7.10" not in run(attack(kind))


def test_close_support_is_adjacent_combat():
    # kind close_support with a non-adjacent attacker gets the adjacency check (11.5)
    ev = attack("close_support")
    ev["defenders"], ev["hex"] = ["s.inf1"], "0605"
    setup = {**HQ, "g.inf1": "0602", "s.inf1": "0605"}
    assert "EFB 11.5" in [r for r, _ in found(check(log(setup, ev, phase="combat1")))]
