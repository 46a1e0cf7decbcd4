"""TiS recon units [11], breaking and legal logs written from the rulebook.

[11.4.1] "During its own movement phase a recon unit can make an effort to identify enemy units; it costs 3 MP."
[11.4.2] "Every square within 2 squares' range of a recon unit can be identified. Enemy units which are in a city,
woods, fort or in mountains can be recognized from an adjacent square." [11.4.3] 1-2 not recognized, 3-6
recognized; -1 entrenched, -1 in woods, fort, city or mountains. [11.4.5] "A recon unit in an enemy ZoC can't perform
identification at a range of 2 hexes."
[11.2.1] surprise attacks in the recon unit's own movement phase, against units which aren't entrenched; [11.2.2]
only by recon units, results from the RECON UNITS SURPRISE ATTACK table; [11.2.3] full strength, no modifiers;
[11.2.4] no fire at range.

1st Airborne Recce (8 MP, motorized: 2 MP a clear hex; 2 SP), the Arnhem garrison (4 SP), SS PGR 1 (5 SP). Hexes
0810-1512 are clear; 1405 and 1406 are woods, 1407 clear.
"""

from __future__ import annotations

from tests.test_tis_movement import GARRISON, PARA, PGR, RECCE, errors, findings, move, phase, rules, setup, stage


def ident(h: str, unit: str = RECCE, identified: bool | None = None) -> dict:
    ev: dict = {"type": "identify", "unit": unit, "hex": h}
    if identified is not None:
        ev["identified"] = identified
    return ev


def die(n: int, purpose: str = "identify") -> dict:
    return {"type": "roll", "purpose": purpose, "dice": [n]}


def mv(*evs: dict, at: str = "1011") -> list[dict]:
    return [setup(RECCE, at), stage(), phase("movement"), *evs]


# ---- identification [11.4] -------------------------------------------------------------------------------------
def test_11_4_2_within_two_hexes():
    assert rules(setup(GARRISON, "1211"), *mv(ident("1211"), die(4))) == []
    errs = errors(setup(GARRISON, "1311"), *mv(ident("1311"), die(4)))
    assert [e["rule"] for e in errs] == ["TIS 11.4.2"] and "3 hexes away" in errs[0]["message"]


def test_11_4_2_units_in_woods_only_from_an_adjacent_hex():
    assert rules(setup(GARRISON, "1406"), *mv(ident("1406"), die(4), at="1407")) == []
    errs = errors(setup(GARRISON, "1405"), *mv(ident("1405"), die(4), at="1407"))
    assert [e["rule"] for e in errs] == ["TIS 11.4.2"] and "only from an adjacent hex" in errs[0]["message"]


def test_11_4_5_not_at_two_hexes_from_an_enemy_zoc():
    # SS PGR 1 at 1111 puts the Recce at 1011 in its ZoC; the garrison at 1211 is 2 hexes away
    errs = errors(setup(PGR, "1111"), setup(GARRISON, "1211"), *mv(ident("1211"), die(4)))
    assert [e["rule"] for e in errs] == ["TIS 11.4.5"]
    assert rules(setup(PGR, "1111"), *mv(ident("1111"), die(4))) == []  # adjacent: allowed


def test_11_4_1_only_recon_units_in_their_own_movement_phase():
    assert rules(setup(GARRISON, "1211"), *mv(ident("1211", unit=PARA), die(4), at="1011"),
                 setup(PARA, "1011")) == ["TIS 11.4.1"]
    log = [setup(RECCE, "1011"), setup(GARRISON, "1211"), stage(), phase("combat"), ident("1211"), die(4)]
    assert rules(*log) == ["TIS 11.4.1"]


def test_11_4_1_identification_costs_3_mp():
    # 3 clear hexes = 6 MP of 8: 2 left, not enough to identify
    errs = errors(setup(GARRISON, "1411"), *mv(move(RECCE, "1011", "1111", "1211", "1311"), ident("1411"), die(4)))
    assert [e["rule"] for e in errs] == ["TIS 11.4.1"] and "2 MP left" in errs[0]["message"]
    # 2 hexes = 4 MP, identify 3: 1 MP left, so a third clear hex (2 MP) is over the budget
    ok = mv(move(RECCE, "1011", "1111", "1211"), ident("1411"), die(4))
    assert rules(setup(GARRISON, "1411"), *ok) == []
    errs = errors(setup(GARRISON, "1411"), *ok, move(RECCE, "1211", "1311"))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"] and "spent identifying [11.4.1]" in errs[0]["message"]


def test_11_4_3_the_die_decides_with_its_modifiers():
    assert rules(setup(GARRISON, "1211"), *mv(ident("1211", identified=True), die(3))) == []
    errs = errors(setup(GARRISON, "1211"), *mv(ident("1211", identified=True), die(2)))
    assert [e["rule"] for e in errs] == ["TIS 11.4.3"] and "not recognized (1-2)" in errs[0]["message"]
    # in woods -1: a 3 is 2, not recognized
    assert rules(setup(GARRISON, "1406"), *mv(ident("1406", identified=False), die(3), at="1407")) == []
    assert rules(setup(GARRISON, "1406"), *mv(ident("1406", identified=True), die(3), at="1407")) \
        == ["TIS 11.4.3"]


# ---- surprise attack [11.2] ------------------------------------------------------------------------------------
def surprise(*attackers: str, defenders: tuple[str, ...] = (GARRISON,)) -> dict:
    return {"type": "attack", "kind": "recon", "attackers": list(attackers), "defenders": list(defenders)}


def result(r: str) -> dict:
    return {"type": "result", "result": r}


def crt(a: int, b: int) -> dict:
    return {"type": "roll", "purpose": "combat", "dice": [a, b]}


def test_11_2_2_the_recon_table_not_the_crt():
    # 2 SP against 4 SP: the "1-5" block, row "1-3"; a 5 is no effect
    base = [setup(GARRISON, "1111"), *mv(surprise(RECCE), crt(2, 3))]
    assert rules(*base, result("-")) == []
    errs = errors(*base, result("B1"))
    assert "TIS 11.2.2" in [e["rule"] for e in errs]
    msg = next(e["message"] for e in errs if e["rule"] == "TIS 11.2.2")
    assert "gives - for attacker 2 SP, defender 4 SP, roll 5" in msg


def test_11_2_2_the_garbled_a_1_cell_reads_a1():
    # roll 3 in the same row prints "A(1)" (digest §4.4: a garble of A1); the Recce retreats 1 hex
    base = [setup(GARRISON, "1111"), *mv(surprise(RECCE), crt(1, 2))]
    assert "TIS 11.2.2" not in rules(*base, result("A1"), {"type": "retreat", "unit": RECCE, "path": ["1011", "0911"]})
    assert "TIS 11.2.2" in rules(*base, result("B1"))


def test_11_2_2_a_missing_cell_is_could_not_check():
    # the Recce 2 SP + the TAC's air support 3 SP = 5 SP [11.2.3]: the "4-6" row, whose roll 9 is not printed
    log = [setup(GARRISON, "1111"), *mv({**surprise(RECCE), "air": ["gb.tac.1"]}, crt(4, 5), result("B1"))]
    fs = [f for f in findings(*log) if f["rule"] == "TIS 11.2.2"]
    assert [f["severity"] for f in fs] == ["could-not-check"] and "attacker 5 SP" in fs[0]["message"]


def test_11_2_2_only_recon_units_attack_by_surprise():
    log = [setup(PARA, "1011"), setup(GARRISON, "1111"), stage(), phase("movement"), surprise(PARA)]
    assert rules(*log) == ["TIS 11.2.2"]


def test_11_2_1_not_against_entrenched_units_and_only_in_the_movement_phase():
    dig = {"type": "marker", "unit": GARRISON, "marker": "entrenched", "on": True}
    assert rules(setup(GARRISON, "1111"), dig, *mv(surprise(RECCE))) == ["TIS 11.2.1"]
    log = [setup(RECCE, "1011"), setup(GARRISON, "1111"), stage(), phase("combat"), surprise(RECCE)]
    assert "TIS 11.2.1" in rules(*log)
    assert rules(setup(GARRISON, "1111"), *mv(surprise(RECCE))) == []


def test_11_2_4_no_fire_at_range_in_a_surprise_attack():
    far = {"type": "far", "unit": GARRISON, "target": RECCE}
    assert "TIS 11.2.4" in rules(setup(GARRISON, "1111"), *mv(surprise(RECCE), far))
