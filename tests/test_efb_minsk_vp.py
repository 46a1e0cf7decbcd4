"""Minsk '44 scenario rules on the bundled data, against the numbers printed in MK 24.5-24.7:
German towns with a LOC to the west edge (Minsk 1126: 4 VP per complete turn), Soviet railroad VP (Borisov-Minsk
stretch: 20 on turns 1-2), German replacement points (1/2 per listed town held with a LOC, rounded up, from turn 2),
Soviet replacement points (1 per turn, not accumulated)."""

from __future__ import annotations

import pytest

from modgen.data.model import load_game
from modgen.rules import engine

GARRISON = "de.fp.garrison"  # a German unit; its values do not matter here
SOVIET = "su.3gtc.18"


@pytest.fixture(scope="module")
def game():
    return load_game("games/minsk44.json")


def run(game, setup, *body, options=None):
    ev = [{"type": "scenario_start", "game": "minsk44", "scenario": "historical", "options": options or {}}]
    ev += [{"type": "setup", "unit": u, "hex": h} for u, h in setup.items()]
    ev += [{"type": "turn", "turn": 1}, *body]
    return [(f.rule, f.severity) for f in engine.run(game, ev).findings]


def vp(side, points, reason):
    return {"type": "vp", "side": side, "points": points, "reason": reason}


def test_minsk_held_with_a_loc_is_4_vp_per_complete_turn(game):
    body = [{"type": "phase", "phase": "movement", "side": "soviet"}, {"type": "turn", "turn": 2}]
    assert run(game, {GARRISON: "1126"}, *body, vp("german", 4, "objective: Minsk"), {"type": "game_end"}) == []
    assert run(game, {GARRISON: "1126"}, *body, vp("german", 6, "objective: Minsk"), {"type": "game_end"}) == [
        ("EFB 23.3", "error")]


def test_soviet_railroad_vp_borisov_minsk(game):
    rail = sorted(game_board_area(game, "rail_borisov_minsk"))[0]
    body = [{"type": "phase", "phase": "movement", "side": "soviet"}, vp("soviet", 20, "railroad Borisov-Minsk"),
            {"type": "game_end"}]
    assert run(game, {SOVIET: rail}, *body) == []
    body[1] = vp("soviet", 10, "railroad Borisov-Minsk")
    assert run(game, {SOVIET: rail}, *body) == [("EFB 23.3", "error")]


def game_board_area(game, area_id):
    from modgen.rules.board import Board

    return Board(game.map(game.scenario("historical").get("map"))).area(area_id)


def test_german_replacement_points_from_towns(game):
    # turn 2, German reinforcement phase: the garrison holds Minsk with a LOC to the west edge -> 1/2 RP, rounded
    # up = 1. Two attempts are one too many; on turn 1 there are none (from turn 2).
    losses = [{"type": "loss", "unit": u, "eliminated": True} for u in ("de.5pz.31.I", "de.5pz.31.II")]
    tries = [{"type": "replacement", "unit": u, "roll": 6} for u in ("de.5pz.31.I", "de.5pz.31.II")]
    setup = {GARRISON: "1126", "de.5pz.31.I": "1127", "de.5pz.31.II": "1125"}
    t2 = [{"type": "turn", "turn": 2}, {"type": "phase", "phase": "reinforcement", "side": "german"}]
    assert ("EFB 6.8", "error") not in run(game, setup, *losses, *t2, tries[0])
    assert ("EFB 6.8", "error") in run(game, setup, *losses, *t2, *tries)
    t1 = [{"type": "phase", "phase": "reinforcement", "side": "german"}]
    assert ("EFB 6.8", "error") in run(game, setup, *losses, *t1, tries[0])


def test_what_if_units_received_give_the_soviets_2_vp_each(game):
    # MK 24.6 SR6: FB Panzer Grenadiers (one unit) arrive on 5-6 from turn 3 at the west edge; +2 Soviet VP
    body = [{"type": "turn", "turn": 3}, {"type": "phase", "phase": "reinforcement", "side": "german"},
            {"type": "roll", "dice": [5], "purpose": "reinforcement"},
            {"type": "reinforcement", "unit": "de.fb.pzgren", "hex": "0110"}]
    ok = run(game, {}, *body, vp("soviet", 2, "What-if unit received"), {"type": "game_end"},
             options={"what_if": True})
    assert ("EFB 23.3", "error") not in ok and ("EFB 6.2", "error") not in ok
    bad = run(game, {}, *body, vp("soviet", 4, "What-if unit received"), {"type": "game_end"},
              options={"what_if": True})
    assert ("EFB 23.3", "error") in bad


def test_optional_rules_only_when_chosen(game):
    # LR AT (25) and prepared defenses (26) are scenario options, off by default
    shot = {"type": "attack", "attackers": ["de.185.stug"], "defenders": [], "hex": "1128", "kind": "lr_at",
            "table": "ranged"}
    setup = {"de.185.stug": "1126", SOVIET: "1128"}
    phase = {"type": "phase", "phase": "combat2", "side": "german"}
    assert ("EFB 25.0", "error") in run(game, setup, phase, shot)
    assert ("EFB 25.0", "error") not in run(game, setup, phase, shot, options={"lr_at": True})
    dig = [{"type": "phase", "phase": "movement", "side": "german"},
           {"type": "marker", "hex": "1126", "marker": "entrenchment", "on": True}]
    assert ("EFB 26.0", "error") in run(game, {GARRISON: "1126"}, *dig)
    assert ("EFB 26.0", "error") not in run(game, {GARRISON: "1126"}, *dig, options={"entrenchments": True})


def test_vp_finding_names_the_objective_hexes(game):
    # MK 24.5: Minsk (1126) held with a LOC to the west edge is worth 4 VP per complete game turn; claiming 6 is
    # wrong, and the finding says which objective hex the 4 come from
    body = [{"type": "phase", "phase": "movement", "side": "soviet"}, {"type": "turn", "turn": 2},
            vp("german", 6, "objective: Minsk"), {"type": "game_end"}]
    ev = [{"type": "scenario_start", "game": "minsk44", "scenario": "historical", "options": {}},
          {"type": "setup", "unit": GARRISON, "hex": "1126"}, {"type": "turn", "turn": 1}, *body]
    fs = [f for f in engine.run(game, ev).findings if f.rule == "EFB 23.3"]
    assert len(fs) == 1
    assert "1126 turn 1: 4" in fs[0].message and "1126" in fs[0].hexes
