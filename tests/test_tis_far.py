"""TiS firing at range [15], written from the rulebook (seed 002, chapter 15): GUN and ARMOUR [15.1.1]-[15.1.2],
the phases of each zone [15.1.4], [15.2.4], who fires in its own phases [15.1.5], 2 MP in one's own movement phase
[15.1.6], once in each window of [15.2.1], no exterior fire from an armoured ZoC [15.2.5], shots [15.3.3], the GUN less
ARMOR limit [15.3.4] and losses after all shooting [15.3.7]. Each with a breaking and a legal log.

Units (bundled Arnhem counters): 2 IG (armour, GUN 4, ARMOR 3, 5 SP: 2 shots), 10 SS Pz (armour, GUN 4, ARMOR 3,
4 SP: 2 shots), the Polish AT battery (AT artillery, GUN 4, ARMOR 0, 2 SP: 2 shots), Panzerfaust teams (GUN 3).
Hexes 0810-1512 are clear (1 MP a hex).
"""

from __future__ import annotations

from tests.test_tis_artillery import err_rules, patched
from tests.test_tis_combat import IG2, roll
from tests.test_tis_movement import PARA, PGR, ROW11, move, phase, rules, setup, stage
from tests.test_tis_pursuit_fire import patched_rules

PZ, POL_AT, FAUST, GG2 = "de.10ss.pz", "pl.1para.at", "de.pzfaust.1", "gb.xxx.gds.2gg"


def far(u: str, t: str, zone: str = "exterior") -> dict:
    return {"type": "far", "unit": u, "target": t, "zone": zone}


#: [35.2.6] the die after each use of an AT team (4: it stays)
AT_DIE = {"type": "roll", "purpose": "at_team", "dice": [4]}


def shots(n: int) -> list[dict]:
    return [roll(3, 4, "far") for _ in range(n)]


#: [15.3.5] c) example: at a difference of +1 a roll of 6 or less costs 1 EP; 7 or more nothing (the shots above)
HIT = roll(1, 1, "far")


def morale(u: str, die: int = 6) -> dict:
    """[15.4.1] the morale die of a unit that lost EP to FaR (6: no effect for the SP these units lose)."""
    return {"type": "roll", "purpose": "far_morale", "unit": u, "dice": [die]}


def loss(u: str, n: int = 1) -> dict:
    return {"type": "loss", "unit": u, "steps": n, "reason": "far"}


def duel(*events: dict, at: str = "1011", pz: str = "1211", ph: str = "movement") -> list[dict]:
    return [setup(IG2, at), setup(PZ, pz), stage(), phase(ph), *events]


# ---- [15.3.3], [15.3.7], [15.2.1]: an exchange, both sides firing, losses after all shooting ----------------------
def test_15_3_an_exchange_of_fire_with_losses_after_all_shooting_is_legal():
    # 2 IG fires its 2 shots in its own movement phase (window a), the Panzer answers (window c), then losses
    assert rules(*duel(far(IG2, PZ), HIT, *shots(1), far(PZ, IG2), *shots(1), HIT, loss(PZ), loss(IG2),
                       morale(PZ), morale(IG2))) == []


def test_15_3_3_an_armoured_unit_shoots_once_a_started_3_sp():
    assert rules(*duel(far(IG2, PZ), *shots(3))) == ["TIS 15.3.3"]


def test_15_3_7_losses_are_taken_after_every_unit_has_fired():
    assert rules(*duel(far(IG2, PZ), HIT, *shots(1), loss(PZ), morale(PZ), far(PZ, IG2), *shots(1))) == \
        ["TIS 15.3.7"]


def test_15_3_7_a_later_exchange_of_other_units_after_losses_is_a_new_one():
    # after 2 IG's fire at the Panzer and its loss, a Panzerfaust fires at 2 GG: neither took part, a new exchange
    ok = [setup(GG2, "1212"), setup(FAUST, "1312"), *duel(far(IG2, PZ), HIT, loss(PZ), morale(PZ),
                                                          far(FAUST, GG2, "interior"), *shots(1), AT_DIE)]
    assert rules(*ok) == []


def test_15_2_1_once_in_each_window_a_stage():
    again = duel(far(IG2, PZ), HIT, loss(PZ), morale(PZ), move(PARA, "0811", "0911"), far(IG2, PZ), *shots(1))
    assert rules(setup(PARA, "0811"), *again) == ["TIS 15.2.1"]
    # the same unit may fire again in another window: window a (its movement phase), then b (its combat phase)
    ok = duel(far(IG2, PZ), *shots(1), loss(PZ), phase("combat"), far(IG2, PZ, "interior"), *shots(1),
              pz="1111", at="1011")
    assert "TIS 15.2.1" not in rules(*ok)


def test_15_2_1_no_far_in_the_barrage_phase():
    assert rules(*duel(far(IG2, PZ), ph="barrage")) == ["TIS 15.2.1"]


# ---- [15.1.1], [15.1.2], [15.3.4] -------------------------------------------------------------------------------
def test_15_1_1_only_units_with_a_gun_fire_and_15_1_2_only_at_armour():
    assert rules(setup(PARA, "1011"), *duel(far(PARA, PZ))) == ["TIS 15.1.1"]
    assert rules(setup(PGR, "1211"), *duel(far(IG2, PGR), pz="1511")) == ["TIS 15.1.2"]


def _armor(n: int) -> dict:
    return {PZ: {"faces": {"front": {"kind": "values", "values": {"movement": 10, "gun": 4, "armor": n,
                                                                  "black_stars": 1}}, "back": {"kind": "blank"}}}}


def test_15_3_4_far_is_forbidden_below_minus_3(tmp_path):
    assert patched_rules(tmp_path, *duel(far(IG2, PZ), *shots(1)), units=_armor(8)) == ["TIS 15.3.4"]


def test_15_3_4_a_difference_of_minus_3_may_fire(tmp_path):
    assert patched_rules(tmp_path, *duel(far(IG2, PZ), *shots(1)), units=_armor(7)) == []


# ---- [15.1.4], [15.2.4] zones and phases ------------------------------------------------------------------------
def test_15_1_4_no_exterior_zone_fire_in_the_combat_phase():
    # (2 IG next to the Panzer also owes a battle [7.1.3] and sits in its ZoC [15.2.5])
    assert "TIS 15.1.4" in rules(*duel(far(IG2, PZ, "exterior"), *shots(1), ph="combat", pz="1111"))
    assert "TIS 15.1.4" not in rules(*duel(far(IG2, PZ, "interior"), *shots(1), ph="combat", pz="1111"))


def test_15_2_4_in_the_counterattack_phase_only_counterattackers_fire_or_are_fired_at():
    # the Panzer (germans, counterattacking in the allies' half) fires at 2 IG without counterattacking
    assert rules(*duel(far(PZ, IG2), *shots(1), ph="counterattack")) == ["TIS 15.2.4"]
    ok = duel(move(PZ, "1311", "1211"), far(PZ, IG2), *shots(1), ph="counterattack")
    assert "TIS 15.2.4" not in rules(*ok)


# ---- [15.1.5], [15.1.6] ----------------------------------------------------------------------------------------
def test_15_1_5_at_artillery_fires_only_if_it_does_not_move_in_the_phase():
    base = [setup(POL_AT, "0911"), setup(PZ, "1111"), stage(), phase("movement")]
    assert rules(*base, far(POL_AT, PZ), *shots(2)) == []
    assert rules(*base, far(POL_AT, PZ), *shots(1), move(POL_AT, "0911", "0811")) == ["TIS 15.1.5"]
    assert rules(*base, move(POL_AT, "0911", "0910"), far(POL_AT, PZ), *shots(1)) == ["TIS 15.1.5"]


def test_15_1_6_far_in_ones_own_movement_phase_costs_2_mp():
    # 2 IG (10 MP) moves 7 hexes along row 11 (7 MP): 3 MP left, enough to fire
    ok = [setup(IG2, ROW11[0]), setup(PZ, "1509"), stage(), phase("movement"), move(IG2, *ROW11)]
    assert rules(*ok, far(IG2, PZ), *shots(1)) == []
    # firing first leaves 8 MP: the 7-hex move still fits, one more hex back does not... 2 fires are one window,
    # so spend the MP by moving 7 and then 2 more before firing
    late = [*ok[:-1], move(IG2, *ROW11, "1512", "1511"), far(IG2, PZ), *shots(1)]
    assert rules(*late) == ["TIS 15.1.6"]


# ---- [15.2.5] ---------------------------------------------------------------------------------------------------
def test_15_2_5_no_exterior_fire_from_an_enemy_armoured_units_zoc():
    # 2 IG at 1211 is in the Panzer's ZoC (1311, adjacent): no exterior-zone fire, interior allowed
    assert rules(*duel(far(IG2, PZ, "exterior"), *shots(1), at="1211", pz="1311")) == ["TIS 15.2.5"]
    assert rules(*duel(far(IG2, PZ, "interior"), *shots(1), at="1211", pz="1311")) == []


# ---- [15.3.3] d) AT teams ---------------------------------------------------------------------------------------
def test_15_3_3_at_teams_fire_only_in_defence():
    # a Panzerfaust fires in the allies' movement phase (defending): legal; in the germans' own phase: flagged
    assert rules(setup(FAUST, "1211"), *duel(far(FAUST, IG2, "interior"), *shots(1), AT_DIE, at="1111")) == []
    # (the garrison keeps it company [35.2.2]; the die after its use [35.2.6])
    assert rules(setup(FAUST, "1211"), setup("de.inf.arnhem", "1211"), setup(IG2, "1111"), stage(),
                 phase("movement", "germans"), far(FAUST, IG2, "interior"), *shots(1), AT_DIE) == ["TIS 15.3.3"]


def test_15_3_7_a_chat_loss_without_a_reason_inside_the_exchange_counts_as_a_far_loss():
    plain = {"type": "loss", "unit": PZ, "steps": 1}
    assert rules(*duel(far(IG2, PZ), HIT, plain, morale(PZ), far(PZ, IG2), *shots(1))) == ["TIS 15.3.7"]


# ---- [15.2.9] ---------------------------------------------------------------------------------------------------
ARMOURED_PGR = {PGR: {"faces": {"front": {"kind": "values", "values": {"movement": 8, "armor": 1}},
                                "back": {"kind": "blank"}}}}


def test_15_2_9_mechanized_infantry_is_a_target_only_on_open_terrain(tmp_path):
    # SS PGR 1 given an ARMOUR factor: fired at in the clear at 1211, legal; in the woods at 1504 (from the adjacent
    # 1404: units in woods are seen only from next door [3.5.4]), not a target
    clear = [setup(PGR, "1211"), *duel(far(IG2, PGR), *shots(1), pz="1511")]
    assert patched_rules(tmp_path / "a", *clear, units=ARMOURED_PGR) == []
    woods = [setup(PGR, "1504"), *duel(far(IG2, PGR), *shots(1), at="1404", pz="1511")]
    assert patched_rules(tmp_path / "b", *woods, units=ARMOURED_PGR) == ["TIS 15.2.9"]


def test_far_limit_after_terrain_policy_judges_the_limit_after_the_terrain_step(tmp_path):
    """Policy far_limit_terrain ([15.3.4] before or after the terrain step of [15.3.5]): the Panzer given ARMOR 7 in
    the woods at 1504, fired at from the adjacent 1404 (interior zone): GUN 4 less ARMOR 7 is -3, the woods' -1
    [15.5.1] make it -4. after_terrain forbids the shot; the default judges the limit before terrain (legal; the
    table has no row -4, so the shot's result is could-not-check)."""
    log = [setup(IG2, "1404"), setup(PZ, "1504"), stage(), phase("movement"), far(IG2, PZ, "interior"), *shots(1)]
    armor7 = _armor(7)
    assert patched_rules(tmp_path / "a", *log, units=armor7) == []
    found = patched(tmp_path / "b", *log, counters=armor7, policies={"far_limit_terrain": "after_terrain"})
    assert err_rules(found) == ["TIS 15.3.4"]
    assert "-4 with woods -1 [15.5.1]" in next(f["message"] for f in found if f["rule"] == "TIS 15.3.4")
