"""State every system needs (modgen.rules.state): steps, bookkeeping scopes, activations; the engine's table board."""

from __future__ import annotations

from modgen.rules.board import TableBoard
from modgen.rules.findings import Finding
from modgen.rules.state import GameState


def test_losses_reduce_steps_never_below_zero():
    st = GameState()
    st.max_steps["u"] = st.steps["u"] = 4
    assert st.lose_steps("u", 1) == 3
    assert st.lose_steps("u", 5) == 0
    assert st.lose_steps("unknown", 1) == 0  # unknown strength counts as one step


def test_bookkeeping_scopes_clear_at_their_own_boundaries():
    st = GameState()
    st.new_phase("movement", "a")
    st.per_phase["x"] = st.per_player_turn["x"] = st.per_stage["x"] = st.per_round["x"] = 1
    st.new_phase("combat", "a")  # same side: the player turn goes on
    assert st.per_phase == {} and st.per_player_turn == {"x": 1}
    st.new_phase("movement", "b")  # the other side's player turn
    assert st.per_player_turn == {}
    st.new_stage()
    assert st.per_stage == {} and st.per_round == {"x": 1}
    st.activate(["t1", "t2"], group="plt", points=2)
    assert st.activation.group == "plt" and st.activation.points == 2 and len(st.activations) == 1
    st.new_round(2)
    assert st.turn == 2 and st.per_round == {} and st.activation is None and st.activations == []


def test_table_board_terrain_and_zones():
    t = TableBoard({"id": "table", "kind": "table", "width_in": 72, "height_in": 48,
                    "terrain": [{"type": "woods", "polygon": [[10, 10], [20, 10], [20, 18]]}],
                    "zones": [{"id": "deploy_a", "polygon": [[0, 0], [72, 0], [72, 12], [0, 12]]}]})
    assert t.on_table((72, 48)) and not t.on_table((72.5, 1))
    assert t.terrain_at((18, 11)) == ["woods"] and t.terrain_at((12, 15)) == []
    assert t.terrain_crossed([(5, 14), (25, 14)]) == ["woods"]  # y=14 crosses the wood between x=15 and x=20
    assert t.zone("deploy_a")["id"] == "deploy_a" and t.zone("nope") is None


def test_findings_carry_an_optional_table_position():
    f = Finding(rule="FoW p.97", severity="error", message="m", position=[12.5, 3.0])
    assert f.to_dict()["position"] == [12.5, 3.0]
    assert "position" not in Finding(rule="r", severity="error", message="m").to_dict()  # hex findings unchanged
