"""CoH three- and four-player games, written from Storms of Steel 21.0.

21.0: "Each player has his own track sheet and force to command. Play progresses with all players from one side
individually taking turns (at the same time or consecutively ...). Ex: One side takes turns, then the other. For
instance, German 1 and German 2, then Soviet 1 and Soviet 2." -- "Players may also decide ... to alternate the order
of player turns ... Ex: German 1 turn, then Soviet 1, then German 2, then Soviet 2. If players decide to alternate
the order of player turns, then each player rolls for initiative individually. The high roller goes first" -- "When
all but 1 player from both sides passes in a row, the round ends. Ex: Both Soviet players pass. Then one of the
Germans passes while the other German player wants to take an action. Unfortunately, the round is immediately over."

The four forces split the bundled Kolkhoz Road units (a test scenario built in memory; the bundled file is not
changed): German 1 the PzIIIh, the 251/1 and Rifles 1; German 2 Rifles 2; Soviet 1 the AT gun and Rifles 1; Soviet 2
the SMG and Rifles 2. Every turn below is a 1AP pivot of an activated unit, or a pass.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.coh_figlog import GRIF, GUN, REPO, SMG, SRIF, TANK, prelude, rules

G2R, S2R = "de.rifle.2", "su.rifle.2"
FORCES = {"german_1": {"side": "german", "units": [TANK, "de.sdkfz251_1", GRIF]},
          "german_2": {"side": "german", "units": [G2R]},
          "soviet_1": {"side": "soviet", "units": [GUN, SRIF]},
          "soviet_2": {"side": "soviet", "units": [SMG, S2R]}}
UNIT = {"german_1": TANK, "german_2": G2R, "soviet_1": GUN, "soviet_2": SMG}


def check(*events: dict[str, Any], order: str = "sides", caps: dict[str, int] | None = None,
          forces: Any = None) -> list[Any]:
    from modgen.data.model import load_game
    from modgen.rules import engine

    game = load_game(REPO / "games" / "stormsofsteel.json")
    scen = copy.deepcopy(game.scenario("kolkhoz_road"))
    scen["special_rules"].append({"id": "multiplayer", "text": "four players (21.0)",
                                  "params": {"forces": FORCES if forces is None else forces, "order": order}})
    scen["victory"]["starting_cap"] = caps or {"german_1": 3, "german_2": 3, "soviet_1": 3, "soviet_2": 3}
    log = prelude() + [dict(e) for e in events]
    return [f for f in engine.run(game, log, scenario=scen).findings if f.severity != "warning"]


def act(force: str) -> dict[str, Any]:
    return {"type": "activate", "units": [UNIT[force]]}


def piv(force: str, facing: int, **kw: Any) -> dict[str, Any]:
    return {"type": "pivot", "unit": UNIT[force], "facing": facing, **kw}


def pas(force: str, side: str | None = None) -> dict[str, Any]:
    return {"type": "pass", "side": side or FORCES[force]["side"], "player": force}


def turns(*forces: str) -> list[dict[str, Any]]:
    """One activation and 1AP pivot per listed force, in that order (a second turn pivots back)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for f in forces:
        if f not in seen:
            out.append(act(f))
        out.append(piv(f, 120 if f in seen else 60))
        seen.add(f)
    return out


def test_side_by_side_order_any_order_within_a_side():
    # German 1 and German 2, then Soviet 1 and Soviet 2; the Germans again in the other order (they may play at
    # the same time); four open activations at once (one per player)
    assert check(*turns("german_1", "german_2", "soviet_1", "soviet_2", "german_2", "german_1")) == []


def test_side_by_side_order_broken():
    found = check(*turns("german_1", "soviet_1"))
    assert rules(found) == ["CoH 21.0"] and "german_2" in found[0].message
    found = check(*turns("german_1", "german_2", "german_1"))
    assert rules(found) == ["CoH 21.0"] and "second turn" in found[0].message


def test_alternating_order():
    legal = turns("german_1", "soviet_1", "german_2", "soviet_2", "german_1", "soviet_1")
    assert check(*legal, order="alternating") == []
    found = check(*turns("german_1", "german_2"), order="alternating")
    assert rules(found) == ["CoH 21.0"] and "same side" in found[0].message
    found = check(*turns("german_1", "soviet_1", "german_1"), order="alternating")
    assert rules(found) == ["CoH 21.0"] and "before german_2" in found[0].message


def test_alternating_order_the_high_initiative_roller_goes_first():
    rolls = [{"type": "roll", "purpose": "initiative", "player": f, "dice": d}
             for f, d in (("german_1", [2, 3]), ("german_2", [1, 1]), ("soviet_1", [6, 5]), ("soviet_2", [3, 3]))]
    assert check(*rolls, *turns("soviet_1", "german_1"), order="alternating") == []
    found = check(*rolls, *turns("german_1", "soviet_1"), order="alternating")
    assert rules(found) == ["CoH 21.0"] and "soviet_1 rolled the highest" in found[0].message


def test_all_but_one_player_passing_in_a_row_ends_the_round():
    # two passes in a row do not end a four-player round
    assert check(pas("german_1"), pas("german_2"), *turns("soviet_1")) == []
    # 21.0 Ex: both Soviets pass, then one German: the other German's action comes too late
    ex = [*turns("german_1", "german_2"), pas("soviet_1"), pas("soviet_2"), pas("german_1")]
    assert check(*ex, {"type": "phase", "phase": "round_end", "side": None}) == []
    found = check(*ex, piv("german_2", 180))
    assert "CoH 21.0" in rules(found) and any("all but one player" in f.message for f in found)
    found = check(*turns("german_1", "german_2"), pas("soviet_1"), pas("soviet_2"),
                  {"type": "phase", "phase": "round_end", "side": None})
    assert rules(found) == ["CoH 21.0"] and "not all but one player" in found[0].message


def test_each_player_has_his_own_cap_track_and_force():
    # German 2's track sheet starts with 1 CAP: a second 1CAP pivot is one too many although German 1 has CAPs left
    caps = {"german_1": 3, "german_2": 1, "soviet_1": 3, "soviet_2": 3}
    assert check(piv("german_2", 60, cap=1), pas("german_1"), caps=caps) == []
    found = check(piv("german_2", 60, cap=1), pas("german_1"), pas("soviet_1"), pas("soviet_2"),
                  {"type": "turn", "turn": 2}, piv("german_2", 120, cap=1), caps=caps)
    assert found == []  # CAPs are spent per round
    found = check(piv("german_2", 60, cap=1), pas("german_1"), pas("soviet_1"), piv("soviet_2", 0, cap=1),
                  piv("german_2", 120, cap=1), caps=caps)
    assert rules(found) == ["CoH 21.3"] and "german_2" in found[0].message
    found = check({**piv("german_2", 60, cap=1), "player": "german_1"})
    assert rules(found) == ["CoH 21.0"] and "his own force" in found[0].message


def test_cards_are_not_traded_between_forces():
    # 21.0: "Cards may not be traded between forces": German 2 plays a command action card on his own Rifles 2 (the
    # card lets a unit act once without AP, Fig 29), but not on German 1's PzIIIh
    card = {"type": "order", "order": "command_action", "unit": G2R, "player": "german_2"}
    assert check(card, piv("german_2", 60), pas("german_1")) == []
    found = check({**card, "unit": TANK})
    assert rules(found) == ["CoH 21.0"] and "traded between forces" in found[0].message
    assert found[0].units == [TANK] and found[0].hexes == ["0607"]


def test_unreadable_forces_and_a_pass_without_a_player_are_could_not_check():
    found = check(*turns("german_1"), forces={"german_1": {"side": "prussia"}, "a": {}, "b": {}})
    assert rules(found) == ["CoH 21.0"] and "cannot be read" in found[0].message
    found = check(*turns("german_1"), {"type": "pass", "side": "soviet"})
    assert rules(found) == ["CoH 21.0"] and "names no player" in found[0].message


def objective_check(*events: dict[str, Any], objectives: Any = ("0606",), award: str | None = None) -> list[Any]:
    """``check`` with objective hexes in the multiplayer rule (21.0: "Victory conditions are awarded to the player
    that moves onto the hex first")."""
    from modgen.data.model import load_game
    from modgen.rules import engine

    game = load_game(REPO / "games" / "stormsofsteel.json")
    scen = copy.deepcopy(game.scenario("kolkhoz_road"))
    listed = dict(objectives) if isinstance(objectives, dict) else list(objectives)
    scen["special_rules"].append({"id": "multiplayer", "text": "four players (21.0)",
                                  "params": {"forces": FORCES, "order": "sides", "objectives": listed,
                                             **({"award": award} if award else {})}})
    scen["victory"]["starting_cap"] = {"german_1": 3, "german_2": 3, "soviet_1": 3, "soviet_2": 3}
    log = prelude() + [dict(e) for e in events]
    return [f for f in engine.run(game, log, scenario=scen).findings if f.severity != "warning"]


def test_an_objective_goes_to_the_player_that_moves_onto_it_first():
    # German 1's PzIIIh drives from 0607 onto the objective 0606 (1AP), Soviet 1's rifles from 0705 later
    tank = [act("german_1"), {"type": "move", "unit": TANK, "from": "0607", "to": "0606", "ap": 1}]
    rifles = [{"type": "activate", "units": [SRIF]}, {"type": "move", "unit": SRIF, "from": "0705", "to": "0606"}]
    run = tank + turns("german_2") + rifles + turns("soviet_2")
    award = {"type": "vp", "side": "german", "player": "german_1", "points": 1, "hex": "0606"}
    assert objective_check(*run, award) == []
    found = objective_check(*run, {**award, "side": "soviet", "player": "soviet_1"})
    assert rules(found) == ["CoH 21.0"] and "moved onto it first" in found[0].message
    assert found[0].units == [TANK] and found[0].hexes == ["0606"]
    found = objective_check(*run, award, award)
    assert rules(found) == ["CoH 21.0"] and "once" in found[0].message
    found = objective_check(*turns("german_1"), award)
    assert rules(found) == ["CoH 21.0"] and "no unit has moved onto it" in found[0].message
    found = objective_check(*run, {**award, "points": 2}, objectives={"0606": 1})
    assert rules(found) == ["CoH 21.0"] and "worth 1 VP" in found[0].message
    found = objective_check(*run, {"type": "vp", "side": "german", "points": 1, "hex": "0606"})
    assert [f.severity for f in found] == ["could-not-check"] and "names no player" in found[0].message


def test_when_an_objective_is_awarded_is_the_firefights_award_rule():
    """21.0: objectives go "to the player that moves onto the hex first"; when is the firefight's (params.award)."""
    tank = [act("german_1"), {"type": "move", "unit": TANK, "from": "0607", "to": "0606", "ap": 1}]
    award = {"type": "vp", "side": "german", "player": "german_1", "points": 1, "hex": "0606"}
    later = tank + turns("german_2") + [award]
    assert objective_check(*tank, award, *turns("german_2"), award="on_entry") == []
    found = objective_check(*later, award="on_entry")
    assert rules(found) == ["CoH 21.0"] and "not awarded before the next action" in found[0].message
    assert objective_check(*later) == []  # no award rule: any time after the entry (the documented default)
    found = objective_check(*tank, *turns("german_2"), award="game_end")
    assert rules(found) == ["CoH 21.0"] and "at the end of the game" in found[0].message
    found = objective_check(*later, award="game_end")
    assert rules(found) == ["CoH 21.0"] and "before the end of the game" in found[0].message
    assert objective_check(*tank, *turns("german_2"), {"type": "game_end"}, award, award="game_end") == []
