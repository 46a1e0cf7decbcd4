"""Bundled Storms of Steel data: it validates, and its hit counters and example units agree with the rulebook.

Expected numbers come from quotes of the rulebook fragment (seed 003), not from the data under test.
"""

from __future__ import annotations

import re

import pytest

from tests.data_helpers import REPO, game, modgen_validate, norm, schema_errors, seed_text

HIT_QUOTES = [
    "Destroyed (x1): Immediately remove the affected unit from the map.",
    "Gun Damaged (x2): Either the Blue or Red FP ability is damaged and cannot be used to attack.",
    "Immobilized (x5): Unit may not move. Front DR decreases by 1. Flank DR increases by 1.",
    "Light Damage (x5): Unit mechanical stats are not affected in any way, just psychological.",
    "Panicked (x1): Unit may not fire. Front DR decreases by 4. 9 needed to rally.",
    "Stunned (x1): Unit may not move, fire or take any action other than rally. 9 needed to rally.",
    "Suppressed (x5): Costs +1AP to fire. FP decreases by -3 for red and -5 for blue. 8 needed to rally.",
]
FIG28 = ("Close combat always uses the defender's flank DR, which in the case of the AT gun is a red 10. The PzIII has "
         "an 8FP for close combat (4FP + 4CC modifier). The tank needs to roll a 2 to hit.")
FIG29 = ("The rifle has a 4AV (blue 0FP + 4FP CC modifier). The Soviet modifies his roll with 1CAP, now needs a 9 to "
         "hit and succeeds!")
FIG30 = ("The SMG then short range fires at the German infantry squad with an 8AV (5FP + 3FP short range bonus). The "
         "German is in a wooden building, thus has a 13DV. The SMG rolls a 7 and hits the German.")
APC_QUOTE = "The APC fires point blank for 2APs hitting the Soviet."


@pytest.fixture(scope="module")
def sos():
    return game("stormsofsteel")


def test_storms_of_steel_validates():
    assert schema_errors(REPO / "games" / "stormsofsteel.json") == []


@pytest.mark.parametrize("quote", [*HIT_QUOTES, FIG28, FIG29, FIG30, APC_QUOTE])
def test_quotes_are_verbatim_rulebook_text(quote):
    text = seed_text("003")
    if text is None:
        pytest.skip("rulebook seed text not on this machine; quotes were checked when written")
    assert norm(quote) in text


def _quoted_hits():
    out = {}
    for q in HIT_QUOTES:
        m = re.match(r"(.+?) \(x(\d)\): (.*)", q)
        rally = re.search(r"(\d+) needed to rally", q)
        out[m.group(1)] = (int(m.group(2)), int(rally.group(1)) if rally else None)
    return out


def test_vehicle_hit_counter_mix_is_15_2(sos):
    quoted = _quoted_hits()
    vehicle_hits = [u for u in sos.units if u["kind"] == "hit" and u["class"] == "vehicle_hit"]
    counts: dict[str, int] = {}
    for u in vehicle_hits:
        base = u["name"].split(" (")[0]
        rally = quoted[base][1]
        assert u["designation"] == (f"Rally {rally}" if rally else "No rally")  # printed under the name
        counts[base] = counts.get(base, 0) + u["count"]
    assert counts == {name: n for name, (n, _) in quoted.items()}
    assert sum(counts.values()) == 20


def test_hit_effects_table_matches_15_2(sos):
    quoted = _quoted_hits()
    table = sos.manifest["rules"]["tables"]["hit_counters"]
    for row in (r for k, r in table.items() if k != "source" and r["applies_to"] == "vehicle"):
        assert row["rally"] == quoted[row["name"].split(" (")[0]][1], row["name"]
    assert table["hit.vehicle.suppressed"]["fp_delta"] == {"red": -3, "blue": -5}
    assert table["hit.vehicle.suppressed"]["fire_cost_delta"] == 1
    assert table["hit.vehicle.immobilized"]["dr_delta"] == {"front": -1, "flank": 1}
    assert table["hit.vehicle.panicked"]["dr_delta"]["front"] == -4
    assert table["hit.vehicle.stunned"]["only_rally"] is True


def _front(sos, uid):
    return sos.unit(uid)["faces"]["front"]["values"]


def test_fig28_close_combat_needs_a_2(sos):
    tank, gun = _front(sos, "de.pz3h"), _front(sos, "su.57mm_at")
    cc = sos.manifest["rules"]["tables"]["fire_modifiers"]["close_combat"]["fp"]
    # Close combat uses the defender's flank DR (red 10); FP of the matching colour + 4; hit on total >= DV.
    assert sos.unit("su.57mm_at")["faces"]["front"]["marks"]["defense_flank"] == ["red"]
    assert gun["defense_flank"] - (tank["fp_red"] + cc) == 2


def test_fig29_rifle_needs_a_9_with_one_cap(sos):
    rifle, tank = _front(sos, "su.rifle.1"), _front(sos, "de.pz3h")
    cc = sos.manifest["rules"]["tables"]["fire_modifiers"]["close_combat"]["fp"]
    assert rifle["fp_blue"] + cc == 4  # "4AV (blue 0FP + 4FP CC modifier)"
    assert tank["defense_flank"] - (rifle["fp_blue"] + cc + 1) == 9


def test_fig30_smg_hits_squad_in_wooden_building(sos):
    smg, squad = _front(sos, "su.smg.1"), _front(sos, "de.rifle.1")
    mods = sos.manifest["rules"]["tables"]
    short = mods["fire_modifiers"]["short_range"]["fp"]
    dm = mods["terrain"]["wooden_building"]["dm"]
    assert smg["fp_red"] + short == 8
    assert squad["defense_front"] + dm == 13  # "in a wooden building, thus has a 13DV"
    assert smg["fp_red"] + short + 7 >= 13  # rolls a 7 and hits
    assert smg["fire_cost"] == 3  # "spends another 3APs, fires again"


def test_apc_fire_cost_and_transport_shield(sos):
    apc = _front(sos, "de.sdkfz251_1")
    assert apc["fire_cost"] == 2
    assert sos.manifest["rules"]["tables"]["fire_modifiers"]["apc_transport"]["dm"] == 2  # 16.1 "+2 red shield"


def test_units_have_spent_backs_and_red_blue_marks(sos):
    for u in (u for u in sos.units if u["kind"] == "unit"):
        assert list(u["faces"]) == ["front", "spent"]
        assert u["faces"]["spent"]["kind"] == "spent"
        assert u["faces"]["front"]["marks"]["fp_red"] == ["red"]
        assert u["faces"]["front"]["marks"]["fp_blue"] == ["blue"]


def test_activation_gives_7_ap(sos):
    assert sos.manifest["rules"]["tables"]["activation_ap"] == 7  # 20.0 "receives 7APs like any other unit"


def test_no_value_the_fragment_lacks_is_marked_rulebook(sos):
    # Every unit mixes example-derived and invented numbers, so none may claim to be wholly rulebook data.
    for u in (u for u in sos.units if u["kind"] == "unit"):
        assert u["source"]["values"] == "illustrative", u["id"]


def test_modgen_validate_accepts_it():
    assert modgen_validate(REPO / "games" / "stormsofsteel.json") == []


def test_rulebook_tables_hold_no_invented_numbers(sos):
    # Tables marked rulebook may only hold numbers the fragment prints; the missing rally cost stays null.
    costs = sos.manifest["rules"]["tables"]["action_costs"]
    assert costs["source"]["values"] == "rulebook"
    assert costs["rally"]["ap"] is None
