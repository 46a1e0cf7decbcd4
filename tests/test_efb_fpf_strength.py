"""FPF is resolved with the firer's FPF strength, not its bombardment strength (MK/GT 12.2(3): "FPF ... The unit's
'FPF strength' is used"; 12.12: "It uses the unit's FPF strength, but otherwise is treated as bombardment (it uses
the ranged CRT)"). Test world: g.arty prints barrage 4, FPF 2; s.inf1 defends 2 in clear; the test Ranged CRT's
"0-" column reads - - - - DS DS and "+1,2" reads - - - DS DS D1."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, found, log

FPF = {"type": "attack", "attackers": ["g.arty"], "defenders": ["s.inf1"], "hex": "0605", "table": "ranged",
       "kind": "fpf"}
SETUP = {"g.hq": "0101", "s.hq": "1010", "g.arty": "0602", "g.inf1": "0604", "s.inf1": "0605"}


def run(result: str, *more: dict) -> list[tuple[str, int | None]]:
    return found(check(log(SETUP, dict(FPF), {"type": "roll", "dice": [6]}, {"type": "result", "result": result},
                           *more, phase="fpf", side="soviet")))


def test_fpf_uses_fpf_strength_legal():
    # FPF 2 - defense 2 = 0 -> column "0-", die 6 -> DS (with barrage 4 it would have been +2 -> D1)
    assert run("DS", {"type": "marker", "unit": "s.inf1", "marker": "suppressed", "on": True}) == []


def test_fpf_judged_with_bombardment_strength_is_an_error():
    r = check(log(SETUP, dict(FPF), {"type": "roll", "dice": [6]}, {"type": "result", "result": "D1"},
                  {"type": "retreat", "unit": "s.inf1", "path": ["0605", "0606"]}, phase="fpf", side="soviet"))
    errs = [f for f in r.findings if f.severity == "error"]
    assert [f.rule for f in errs] == ["EFB 12.12"]
    assert "gives DS" in errs[0].message and "FPF strength" in errs[0].message
