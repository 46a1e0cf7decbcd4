"""Counter art (issue #19): EFB air units as docs/counters.md documents them (EFB 2.10: plane and GA/MB on the ready
side, SPENT band on the back), marker backs with the back's own text, a reduced-strength mark from the layout."""

from __future__ import annotations

import copy

import pytest

from modgen.data.model import load_game
from modgen.draw.counters import plan_face
from tests.conftest import bundled_games

MINSK = next(p for p in bundled_games() if p.stem == "minsk44")


@pytest.fixture(scope="module")
def game():
    return load_game(MINSK)


def _unit(game, uid: str) -> dict:
    return game.unit(uid)


def _texts(plan) -> list[str]:
    return [t.text for t in plan.texts]


def test_air_unit_ready_side_has_the_plane_and_its_type(game) -> None:
    plan = plan_face(game, _unit(game, "de.air.ga"), "front", 150)
    assert _texts(plan) == ["GA"]  # once, not "GA / GA"
    assert any(s.op == "symbol" for s in plan.shapes)


def test_air_unit_spent_side_has_a_spent_band(game) -> None:
    plan = plan_face(game, _unit(game, "de.air.ga"), "back", 150)
    assert "SPENT" in _texts(plan)
    band = [s for s in plan.shapes if s.op == "rect" and s.fill == "#7a1a1a"]
    assert band and band[0].box[2] - band[0].box[0] >= 149  # full width
    assert any(s.op == "symbol" for s in plan.shapes)


def test_marker_back_prints_its_own_text_not_the_front_name(game) -> None:
    u = _unit(game, "marker.bridge")
    back = " ".join(_texts(plan_face(game, u, "back", 150)))
    assert "BRIDGE INTACT" in back and "Bridge blown" not in back
    assert "Bridge blown" in " ".join(_texts(plan_face(game, u, "front", 150)))


def test_reduced_face_gets_the_layout_stripe(game) -> None:
    u = copy.deepcopy(next(u for u in game.units if (u.get("faces") or {}).get("front", {}).get("kind") == "values"))
    u["faces"]["reduced"] = copy.deepcopy(u["faces"]["front"])
    full, reduced = plan_face(game, u, "front", 150), plan_face(game, u, "reduced", 150)
    stripe = [s for s in reduced.shapes if s.op == "rect" and s.fill == "#c01818"]
    assert stripe and not [s for s in full.shapes if s.op == "rect" and s.fill == "#c01818"]
    assert stripe[0].box[1] >= 150 * 0.96 and stripe[0].box[2] - stripe[0].box[0] >= 149
    assert _texts(full) == _texts(reduced)
