"""TiS artillery fire at objects [22.1.2], [22.1.4]-[22.1.6], [24.2.2], breaking and legal logs written from the
rulebook: "The effect of artillery fire is checked in the table DESTROYING OBJECTS BY ARTILLERY" [22.1.2] (d6; rows
1-5: 6 U; 6-10: 5 U, 6 Z; 11-15: 4 U, 5-6 Z; row 16-19 cut off after "-", blank, "U"); Z is a destroyed object [22.1.4],
U ("Dam.") a damaged one [22.1.5]; "In the case of destroying minefields by artillery or air units, the result 'Dam.'
means no effect; but if the same result happens three times in one stage or in the next two stages, the minefield is
considered to be destroyed" [22.1.6]; "The ferry is destroyed when a 'Z' result occurs" [24.2.2].

1 ALR (3 SP, range 4) at 1111 fires single-handed at the object at 1311 [9.6.5]; with 147 RA and 116 RA (4 SP each)
the three batteries fire 11 SP. The result is the marker put on the hex.
"""

from __future__ import annotations

from tests.test_tis_artillery import patched
from tests.test_tis_combat import RA147
from tests.test_tis_movement import errors, findings, phase, rules, setup, stage
from tests.test_tis_results import ALR, RA116


def shot(guns: list[str], die: int, *after: dict, target: str = "1311", **kw) -> list[dict]:
    return [{"type": "attack", "kind": "fire", "attackers": guns, "hex": target, **kw},
            {"type": "roll", "dice": [die], "purpose": "artillery"}, *after]


def mark(m: str, h: str = "1311", on: bool = True) -> dict:
    return {"type": "marker", "hex": h, "marker": m, "on": on}


def alr(*evs: dict, n: int = 1) -> list[dict]:
    return [setup(ALR, "1111"), stage(n), phase("combat"), *evs, phase("supply")]


BATTERIES = [setup(ALR, "1111"), setup(RA147, "1112"), setup(RA116, "1110")]


def test_22_1_2_a_6_on_row_1_5_damages_the_object():
    assert rules(*alr(*shot([ALR], 6, mark("object_damaged")))) == []
    errs = errors(*alr(*shot([ALR], 6)))
    assert [e["rule"] for e in errs] == ["TIS 22.1.2"] and "a 6 on row 1-5 is U" in errs[0]["message"]


def test_22_1_2_a_5_on_row_1_5_does_nothing():
    assert rules(*alr(*shot([ALR], 5))) == []
    errs = errors(*alr(*shot([ALR], 5, mark("object_destroyed"))))
    assert [e["rule"] for e in errs] == ["TIS 22.1.2"] and "object_destroyed marker is put" in errs[0]["message"]


def test_22_1_4_eleven_sp_destroy_the_object_on_a_5():
    guns = [ALR, RA147, RA116]
    base = [*BATTERIES, stage(), phase("combat")]
    assert rules(*base, *shot(guns, 5, mark("object_destroyed")), phase("supply")) == []
    errs = errors(*base, *shot(guns, 5, mark("object_damaged")), phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 22.1.2", "TIS 22.1.2"]  # no Z marker, and a Dam. one instead


def test_22_1_2_a_missing_cell_is_could_not_check(tmp_path):
    table = {"rows": [{"label": "1-5", "min": 1, "max": 5, "results": ["-", "-", "-", "-", "-", None]}]}
    found = patched(tmp_path, *alr(*shot([ALR], 6)), tables={"object_fire": table})
    assert [f["rule"] for f in found if f["severity"] == "error"] == []
    assert any(f["rule"] == "TIS 22.1.2" and "no cell" in f["message"] for f in found)


def test_22_1_6_a_dam_on_a_minefield_is_no_effect_until_the_third_in_three_stages():
    mines = mark("minefield")
    assert rules(mines, *alr(*shot([ALR], 6))) == []  # one Dam.: no effect
    assert rules(mines, *alr(*shot([ALR], 6, mark("object_damaged")))) == ["TIS 22.1.6"]
    three = [mines, setup(ALR, "1111"), *[e for n in (1, 2, 3) for e in (stage(n), phase("combat"),
                                                                            *shot([ALR], 6))]]
    errs = errors(*three, phase("supply"))
    assert [e["rule"] for e in errs] == ["TIS 22.1.6"] and "third Dam." in errs[0]["message"]
    assert rules(*three, mark("minefield", on=False), phase("supply")) == []


def test_22_1_6_z_destroys_a_minefield():
    base = [mark("minefield"), *BATTERIES, stage(), phase("combat")]
    assert rules(*base, *shot([ALR, RA147, RA116], 5, mark("minefield", on=False)), phase("supply")) == []
    assert rules(*base, *shot([ALR, RA147, RA116], 5), phase("supply")) == ["TIS 22.1.6"]


def test_24_2_2_only_z_destroys_a_ferry():
    assert rules(*alr(*shot([ALR], 6, object="ferry"))) == []  # U: no effect on a ferry
    errs = errors(*alr(*shot([ALR], 6, mark("object_damaged"), object="ferry")))
    assert [e["rule"] for e in errs] == ["TIS 24.2.2"] and "only by Z" in errs[0]["message"]
    assert findings(*alr(*shot([ALR], 6, object="ferry"))) == []  # nor a could-not-check
