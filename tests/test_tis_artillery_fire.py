"""TiS Artillery Fire table [9.8.1] with its modifiers (terrain [9.8.2], policy artillery_terrain_modifier;
strength [9.8.3]; night barrage -2 [13.1.4]; moved artillery [9.2.6]) and the ammunition pools [9.9], each with a
breaking and a legal log written from the rulebook.

Table cells (seed, block "Target strength 1-4 PS"): row 7-10 reads --, --, -1, -1, -1, -2 for dice 1-6; row 11-15
--, -1, -1, -2, -2, -2; row "21-" -1, -2, -2 and nothing printed for dice 4-6 (bundled as null). Bundled figures:
147 RA and 116 RA 4 SP (XXX Corps, motorized), 1 ALR 3 SP (non-motorized), the garrison 4 SP; 1211 is clear,
1504 woods (-1).
"""

from __future__ import annotations

from tests.test_tis_artillery import err_rules, patched
from tests.test_tis_combat import IG3, RA147, attack, odds
from tests.test_tis_movement import GARRISON, RECCE, errors, move, phase, rules, setup, stage
from tests.test_tis_results import ALR, RA116, SPOTTER, fire


def die(n: int) -> dict:
    return {"type": "roll", "dice": [n], "purpose": "artillery"}


def lost(u: str, n: int) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "artillery"}


def shoot(n: int, loss: int, target_hex: str = "1211", guns: tuple[str, ...] = (RA147, RA116)) -> list[dict]:
    """147 RA (1115) and 116 RA (1116) fire single-handed at the garrison; die ``n``; the log takes ``loss`` EP."""
    return [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(GARRISON, target_hex), stage(),
            phase("combat"),
            fire(list(guns), [GARRISON], "fire"), die(n), *([lost(GARRISON, loss)] if loss else []),
            phase("supply")]


# ---- [9.8.1] the table --------------------------------------------------------------------------------------------
def test_9_8_1_single_handed_fire_losses_follow_the_table():
    # 8 SP at a 4-SP target, die 6: row 7-10 gives -2
    assert rules(*shoot(6, 2)) == []
    errs = errors(*shoot(6, 1))
    assert [e["rule"] for e in errs] == ["TIS 9.8.1"]
    assert "die 6 on row 7-10 of target 1-4 SP takes off 2 EP; the log takes off 1" in errs[0]["message"]
    # die 2: '--'
    assert rules(*shoot(2, 0)) == [] and rules(*shoot(2, 1)) == ["TIS 9.8.1"]


def test_9_8_2_woods_take_1_off_the_die(tmp_path):
    # the garrison in woods (1504, -1): die 6 reads column 5, -1
    def at_woods(n: int, loss: int) -> list[dict]:
        # the recce at 1305 sees into the woods 2 hexes off over clear 1404 (recon units: [3.5.4]) [9.6.3]
        return [setup(RECCE, "1305"), setup(RA147, "1508"), setup(RA116, "1509"), setup(GARRISON, "1504"), stage(),
                phase("combat"),
                fire([RA147, RA116], [GARRISON], "fire"), die(n), *([lost(GARRISON, loss)] if loss else []),
                phase("supply")]

    assert rules(*at_woods(6, 1)) == []
    assert rules(*at_woods(6, 2)) == ["TIS 9.8.1"]
    # the examples' reading: -2 off the effect of single-handed fire: 2 - 2 = 0
    doubled = {"artillery_terrain_modifier": "effect_doubled"}
    assert err_rules(patched(tmp_path / "a", *at_woods(6, 0), policies=doubled)) == []
    assert err_rules(patched(tmp_path / "b", *at_woods(6, 1), policies=doubled)) == ["TIS 9.8.1"]


def test_9_2_6_non_motorized_artillery_that_moved_fires_at_half():
    # 147 + 116 + 1 ALR = 11 SP: row 11-15, die 2 -> -1; after 1 ALR moves, 8 + 2 (3 halved, rounded up) = 10:
    # row 7-10, die 2 -> --
    def log(moved: bool, loss: int) -> list[dict]:
        return [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(ALR, "1113"), setup(GARRISON, "1211"),
                stage(),
                phase("movement"), *([move(ALR, "1113", "1114")] if moved else []), phase("combat"),
                fire([RA147, RA116, ALR], [GARRISON], "fire"), die(2), *([lost(GARRISON, loss)] if loss else []),
                phase("supply")]

    assert rules(*log(False, 1)) == []
    assert rules(*log(True, 1)) == ["TIS 9.8.1"]
    assert rules(*log(True, 0)) == []


def test_13_1_4_a_night_barrage_takes_2_off_the_die(tmp_path):
    # barrage 147 + 116 + 1 ALR (11 SP), die 3: row 11-15 -> -1 by day, column 1 '--' at night
    def log(loss: int) -> list[dict]:
        return [setup(RA147, "1115"), setup(RA116, "1116"), setup(ALR, "1114"), setup(GARRISON, "1211"), stage(),
                phase("barrage"), fire([RA147, RA116, ALR], [GARRISON], "barrage"), die(3),
                *([lost(GARRISON, loss)] if loss else []), phase("movement")]

    assert rules(*log(1)) == []
    night = {"night_stage": 2}  # stage 1 of scenario I is 17 IX 2e
    found = rules(*log(1), policies=night, tmp_path=tmp_path / "a")
    assert "TIS 9.8.1" in found  # (and [13.1.8]: at night only entrenched artillery in a fort fires)
    assert "TIS 9.8.1" not in rules(*log(0), policies=night, tmp_path=tmp_path / "b")


def test_9_8_3_26_to_30_sp_read_row_21_and_add_1(tmp_path):
    # 147 and 116 given 14 SP each: 28 SP, die 2 on row "21-" -> -2, +1 to the result [9.8.3] = 3 (policy loss);
    # policy die: die 3 -> -2
    big = {RA147: {"steps": {"track": [14, 1]}}, RA116: {"steps": {"track": [14, 1]}}}
    assert err_rules(patched(tmp_path / "a", *shoot(2, 3), counters=big)) == []
    assert err_rules(patched(tmp_path / "b", *shoot(2, 2), counters=big)) == ["TIS 9.8.1"]
    assert err_rules(patched(tmp_path / "c", *shoot(2, 2), counters=big,
                             policies={"artillery_strength_bonus": "die"})) == []


def test_9_8_1_a_cell_the_seed_does_not_print_is_could_not_check(tmp_path):
    # 22 SP on row "21-", die 5: the seed prints only dice 1-3 of that row
    big = {RA147: {"steps": {"track": [11, 1]}}, RA116: {"steps": {"track": [11, 1]}}}
    found = patched(tmp_path / "a", *shoot(5, 1), counters=big)
    assert err_rules(found) == []
    assert any(f["rule"] == "TIS 9.8.1" and "no cell for row 21-" in f["message"] for f in found)
    # die 1 of that row is printed (-1)
    assert err_rules(patched(tmp_path / "b", *shoot(1, 2), counters=big)) == ["TIS 9.8.1"]
    # a game without the table
    found = patched(tmp_path / "c", *shoot(6, 2), tables={"artillery_fire": None})
    assert err_rules(found) == [] and any("no Artillery Fire table" in f["message"] for f in found)


# ---- [9.9] ammunition ---------------------------------------------------------------------------------------------
def _fires(stages: int) -> list[dict]:
    """147 RA and 116 RA fire single-handed once a stage (no die: only the AR count)."""
    out = [SPOTTER, setup(RA147, "1115"), setup(RA116, "1116"), setup(GARRISON, "1211")]
    for s in range(1, stages + 1):
        out += [stage(s), phase("combat"), fire([RA147, RA116], [GARRISON], "fire"), phase("supply")]
    return out


def test_9_9_2_without_a_scenario_figure_the_pool_is_twice_the_artillery_sp():
    # XXX Corps: 147 RA and 116 RA, 4 SP each: 16 AR; single-handed fire costs 2 AR a unit: 4 fires
    assert rules(*_fires(4)) == []
    errs = errors(*_fires(5))
    assert [e["rule"] for e in errs] == ["TIS 9.9.4"] and "0 of XXX Corps's 16 ammunition rounds" in \
        errs[0]["message"]


def test_9_9_2_the_scenario_figure_wins_and_9_9_4_stops_the_fire(tmp_path):
    ammo = ({"id": "ammunition", "text": "XXX Corps 6 AR", "params": {"ammunition": {"gb_xxx": 6}}},)
    assert err_rules(patched(tmp_path / "a", *_fires(1), scenario_rules=ammo)) == []
    assert err_rules(patched(tmp_path / "b", *_fires(2), scenario_rules=ammo)) == ["TIS 9.9.4"]
    # policy any_left: the second fire uses the last 2 AR, the third has none
    any_left = {"ammunition_last_rounds": "any_left"}
    assert err_rules(patched(tmp_path / "c", *_fires(2), scenario_rules=ammo, policies=any_left)) == []
    assert err_rules(patched(tmp_path / "d", *_fires(3), scenario_rules=ammo, policies=any_left)) == ["TIS 9.9.4"]


def test_9_9_3_support_costs_1_ar_a_unit():
    # 16 AR: after 3 single-handed fires (12 AR) a support (1 AR) is paid for; after 4 (16 AR) it is not
    def log(fires: int) -> list[dict]:
        return [setup(IG3, "1011"), *_fires(fires), stage(fires + 1), phase("movement"), move(IG3, "1011", "1111"),
                phase("combat"), attack([IG3], [GARRISON], support=[RA147]), odds("2:1")]

    assert rules(*log(3)) == []
    errs = errors(*log(4))
    assert [e["rule"] for e in errs] == ["TIS 9.9.4"] and "(support, 1 AR)" in errs[0]["message"]
