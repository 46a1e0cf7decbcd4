"""TiS engineer company roles [20.2.1]-[20.2.3], breaking and legal logs written from the rulebook: "Before the
start of the game, the player has to decide what his engineer companies (weaker than B SP) will do: influence the
fight (+1 modifier); lay and destroy minefields; build bridges" [20.2.1]; "An engineer battalion whose strength has
been reduced to 2 SP becomes subject to point [20.2.1]" [20.2.2]; "Two (or more) weakened engineer battalions can be
treated as one battalion with a strength equal to the total of their strength" [20.2.3].

1st Airborne's RE (gb.1ab.re) is a company of 2 SP: under the default threshold (policy ``engineer_company_below``
3). The tests add engineer battalions (size II, 4 steps) on a data copy for [20.2.2]-[20.2.3].
"""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_combat import GARRISON, PARA, attack, odds
from tests.test_tis_engineers import RE, bridge, mine
from tests.test_tis_movement import findings, phase, rules, setup, stage
from tests.tis_world import findings_in, rules_in, unit, world


def role(u: str, r: str) -> dict:
    return {"type": "marker", "unit": u, "marker": f"engineer_{r}", "on": True}


def test_20_2_1_a_company_with_the_minefield_role_lays_mines():
    assert rules(setup(RE, "1111"), role(RE, "mines"), stage(), phase("movement"), mine(RE, "1211")) == []


def test_20_2_1_a_company_with_the_bridge_role_lays_no_mines():
    found = [f for f in findings(setup(RE, "1111"), role(RE, "bridges"), stage(), phase("movement"),
                                 mine(RE, "1211")) if f["severity"] == "error"]
    assert [f["rule"] for f in found] == ["TIS 20.2.1"] and "build bridges" in found[0]["message"]


def test_20_2_1_a_company_with_the_mines_role_builds_no_bridge():
    # the Neder Rijn runs between 1108 and 1109
    events = [setup(RE, "1109"), role(RE, "mines"), stage(), phase("movement"), bridge(RE, "1108", "1109", "build")]
    assert "TIS 20.2.1" in rules(*events)
    ok = [setup(RE, "1109"), role(RE, "bridges"), stage(), phase("movement"), bridge(RE, "1108", "1109", "build")]
    assert "TIS 20.2.1" not in rules(*ok)


def test_20_2_1_roles_are_chosen_before_the_game_and_kept():
    late = rules(setup(RE, "1111"), stage(), phase("movement"), role(RE, "mines"))
    assert late == ["TIS 20.2.1"]
    changed = rules(setup(RE, "1111"), role(RE, "mines"), stage(), phase("movement"), role(RE, "bridges"))
    assert changed == ["TIS 20.2.1"]


def test_20_2_1_no_declared_role_is_could_not_check():
    found = findings(setup(RE, "1111"), stage(), phase("movement"), mine(RE, "1211"))
    assert [f["rule"] for f in found if f["severity"] == "could-not-check"] == ["TIS 20.2.1"]
    assert not [f for f in found if f["severity"] == "error"]


BN1, BN2 = "gb.xxx.re1", "gb.xxx.re2"
BATTALIONS = [unit(BN1, "engineer", "gb.xxx", "allies", [4, 3, 2, 1], 8, size="II"),
              unit(BN2, "engineer", "gb.xxx", "allies", [4, 3, 2, 1], 8, size="II")]


def reduce(u: str, steps: int) -> dict:
    return {"type": "loss", "unit": u, "steps": steps}


def test_20_2_2_a_battalion_reduced_to_2_sp_is_held_to_its_role(tmp_path: Path):
    game = world(tmp_path, counters=BATTALIONS)
    # at 4 SP a battalion has no role: it lays mines freely
    assert "TIS 20.2.1" not in rules_in(game, setup(BN1, "1111"), stage(), phase("movement"), mine(BN1, "1211"))
    # reduced to 2 SP it chooses a role when it needs one [20.2.2] and keeps to it
    base = [setup(BN1, "1111"), stage(), reduce(BN1, 2), role(BN1, "bridges"), phase("movement")]
    assert rules_in(game, *base) == []
    assert rules_in(game, *base, mine(BN1, "1211")) == ["TIS 20.2.1"]


def test_20_2_3_two_weakened_battalions_stacked_count_as_one(tmp_path: Path):
    game = world(tmp_path, counters=BATTALIONS)
    base = [setup(BN1, "1111"), setup(BN2, "1111"), stage(), reduce(BN1, 2), reduce(BN2, 2), role(BN1, "bridges"),
            phase("movement")]
    # 2 + 2 SP stacked: one battalion of 4 SP, no role restriction
    assert "TIS 20.2.1" not in rules_in(game, *base, mine(BN1, "1211"))
    # alone on its hex the 2-SP battalion is a company with the bridge role
    apart = [setup(BN1, "1111"), setup(BN2, "1311"), *base[2:]]
    assert "TIS 20.2.1" in rules_in(game, *apart, mine(BN1, "1211"))
    # policy engineer_merge = never: each counts alone
    merged_off = world(tmp_path / "never", counters=BATTALIONS,
                       game=lambda m: m["rules"].setdefault("policies", {}).update(engineer_merge="never"))
    assert "TIS 20.2.1" in [f["rule"] for f in findings_in(merged_off, *base, mine(BN1, "1211"))
                            if f["severity"] == "error"]


def test_20_2_1_only_a_company_with_the_combat_role_gives_its_plus_1():
    """[20.1.5] an engineer in battle gives +1; [20.2.1] a company gives it only with the combat role. 1 Para
    (5 SP) and the RE (2 SP) attack the Arnhem garrison (4 SP) in clear terrain: 7 SP against 4 is 2:1, the +1
    makes 3:1."""
    def battle(r: str) -> list[dict]:
        return [setup(PARA, "1111"), setup(RE, "1111"), setup(GARRISON, "1211"), role(RE, r), stage(),
                phase("combat"), attack([PARA, RE], [GARRISON]), odds("3:1")]
    assert "TIS 3.4.1" not in rules(*battle("combat"))
    errs = [f for f in findings(*battle("mines")) if f["severity"] == "error"]
    assert [f["rule"] for f in errs] == ["TIS 3.4.1"] and "engineers" not in errs[0]["message"]
