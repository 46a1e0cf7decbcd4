"""CoH line of sight, from the Storms of Steel fragment: 18.0 ("Fortifications and hindrances do not block LOS"), 18.2
("Units outside of a bunker's arc of fire are out of LOS and not seen by units occupying the bunker"), 20.3 (levels
L0 and L-1). Section 11 (what terrain blocks) is missing, so the bundled terrain table (illustrative) says woods and
wooden buildings are obstacles one level high, a hill hex is ground at level 1 and the balka level -1 (20.3); policy
``los_model`` (sight_line: an obstacle blocks when it rises above the straight line between the two units' levels).

Bundled board: wooden buildings 0705 and 0805; hill 1002, 1003, 1102, 1103; balka 0408, 0508, 0609. The SMG (range
3, long range to 6) starts at 0803 facing 180.
"""

from __future__ import annotations

from tests.coh_figlog import APC, SMG, check, prelude, rules

SRIF2, GRIF2 = "su.rifle.2", "de.rifle.2"
ACT_SMG = {"type": "activate", "units": [SMG]}
PASS_G = {"type": "pass", "side": "german"}


def fire(att, dfn, **kw):
    return {"type": "attack", "attackers": [att], "defenders": [dfn], "kind": "fire", **kw}


def miss():
    return {"type": "roll", "dice": [1, 1], "purpose": "combat"}


def placed(moves: dict[str, tuple[str, float]], extra: list[dict] | None = None) -> list[dict]:
    """The prelude with some units set up elsewhere (hex, facing) and ``extra`` set-up events before them."""
    ev = prelude(carried=True)
    for e in ev:
        if e["type"] == "setup" and e["unit"] in moves:
            e["hex"], e["facing"] = moves[e["unit"]]
    return ev[:1] + list(extra or []) + ev[1:]


def test_a_wooden_building_between_blocks():
    # 0803 -> 0809 runs down column 08 through the wooden building 0805
    found = check(PASS_G, ACT_SMG, fire(SMG, APC), miss(), carried=False)  # the empty 251/1 (17.1)
    assert rules(found) == ["CoH 11.0"] and "0805" in found[0].message and "wooden_building" in found[0].message


def test_a_line_along_hexsides_is_blocked_only_if_both_sides_block():
    # 0803 -> 0907 passes between 0805 (wooden building) and 0905 (open): one side is clear
    log = placed({GRIF2: ("0907", 0.0)})
    events = [PASS_G, ACT_SMG, fire(SMG, GRIF2), miss()]
    assert check(whole=log + events) == []
    found = check(whole=log + events, policies={"los_along_hexside": "either"})
    assert rules(found) == ["CoH 11.0"]


def test_a_hill_hex_blocks_two_units_below_it_and_levels_are_policy():
    # 0903 -> 1203 crosses the hill 1003 (level 1) between two level-0 hexes
    log = placed({SMG: ("0903", 90.0), GRIF2: ("1203", 0.0)})
    events = [PASS_G, ACT_SMG, fire(SMG, GRIF2), miss()]
    found = check(whole=log + events)
    assert rules(found) == ["CoH 11.0"] and "1003" in found[0].message and "level 1" in found[0].message
    assert check(whole=log + events, policies={"los_model": "flat"}) == []  # levels ignored: a hill is no obstacle


def test_from_the_hill_a_unit_sees_down_over_open_ground():
    # the Soviet rifles on the hill 1003 (level 1) fire at 0703 (level 0) over the open 0903 and 0803
    log = placed({SMG: ("0101", 0.0), SRIF2: ("1003", 270.0), GRIF2: ("0703", 0.0)})
    events = [PASS_G, {"type": "activate", "units": [SRIF2]}, fire(SRIF2, GRIF2), miss()]
    assert check(whole=log + events) == []


def test_the_balka_wall_hides_units_in_the_gully():
    # 0408 and 0609 are both in the balka (level -1); between them 0509 is open ground at level 0
    log = placed({SMG: ("0408", 120.0), GRIF2: ("0609", 300.0)})
    found = check(whole=log + [PASS_G, ACT_SMG, fire(SMG, GRIF2), miss()])
    assert rules(found) == ["CoH 11.0"] and "0509" in found[0].message


def test_fortifications_and_hindrances_do_not_block_but_smoke_may_by_policy():
    # 18.0: a bunker and wire on the open line 0803 -> 0503 change nothing; smoke blocks only with smoke_blocks_los
    def mk(marker, h):
        return {"type": "marker", "hex": h, "marker": marker, "on": True}

    log = placed({SMG: ("0803", 270.0), GRIF2: ("0503", 0.0)}, [mk("fort.bunker", "0703"), mk("fort.wire", "0603")])
    events = [PASS_G, ACT_SMG, fire(SMG, GRIF2), miss()]
    assert check(whole=log + events) == []
    smoky = placed({SMG: ("0803", 270.0), GRIF2: ("0503", 0.0)}, [mk("marker.smoke", "0603")])
    assert check(whole=smoky + events) == []
    found = check(whole=smoky + events, policies={"smoke_blocks_los": "yes"})
    assert rules(found) == ["CoH 11.0"] and "smoke" in found[0].message


def test_units_in_a_bunker_see_only_inside_its_arc():
    # the German rifles face 240 inside a bunker at 0306; the Soviet rifles at 0107 lie at bearing 240
    def bunker(facing):
        return placed({GRIF2: ("0306", 240.0), SRIF2: ("0107", 60.0)},
                      [{"type": "marker", "hex": "0306", "marker": "fort.bunker", "on": True, "facing": facing}])

    def occupied(log):
        for e in log:
            if e["type"] == "setup" and e["unit"] == GRIF2:
                e["occupies"] = "fort.bunker"
        return log

    events = [{"type": "activate", "units": [GRIF2]}, fire(GRIF2, SRIF2), miss()]
    found = check(whole=occupied(bunker(60.0)) + events)
    assert rules(found) == ["CoH 18.2"] and "arc of the bunker" in found[0].message
    assert check(whole=occupied(bunker(240.0)) + events) == []
    assert check(whole=bunker(60.0) + events) == []  # in the hex but not occupying the bunker: it sees all round
