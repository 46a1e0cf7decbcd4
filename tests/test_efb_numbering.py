"""Findings cite the rulebook of the game being checked (policy ``rulebook``): Minsk '44 numbers for Minsk '44,
Guards Tank numbers for Guards Tank. The books differ (headings of both texts): MK 13.4 Retreat After Combat ...
13.8 Retreat Route and Advance, 13.9 Exercising the Option to Advance; GT 13.3 Retreat After Combat (a second
13.3), 13.4 Retreat Strictures, 13.5 Zero Movement Factor Units, 13.6 Advance After Combat, 13.7 Retreat Paths and
Advancing, 13.8 Exercising Option to Advance; MK 6.11 Replacements and Command = GT 6.12 Replacements & Command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from modgen.rules.efb.checks import number_for
from tests.rules_fixtures.efb_world import check, found, log, make_game

REPO = Path(__file__).resolve().parents[1]
HQ = {"g.hq": "0101", "s.hq": "1010"}


def too_far(game=None) -> list[str]:
    """An advance two hexes along a one-hex retreat route (MK 13.8 / GT 13.7)."""
    ev = log({**HQ, "g.inf1": "0602", "s.inf1": "0603"},
             {"type": "attack", "attackers": ["g.inf1"], "defenders": ["s.inf1"], "table": "assault"},
             {"type": "roll", "dice": [5], "purpose": "combat"}, {"type": "result", "result": "D1"},
             {"type": "retreat", "unit": "s.inf1", "path": ["0603", "0604"]},
             {"type": "advance", "unit": "g.inf1", "path": ["0602", "0603", "0604"]}, phase="combat2")
    return [r for r, _ in found(check(ev, game))]


def test_minsk_numbering_by_default():
    assert too_far() == ["EFB 13.8"]


def test_guards_tank_numbering():
    assert too_far(make_game(policies={"rulebook": "gt"})) == ["EFB 13.7"]


@pytest.mark.parametrize(("mk", "gt"), [("13.4", "13.3"), ("13.5", "13.4"), ("13.6", "13.5"), ("13.7", "13.6"),
                                        ("13.9", "13.8"), ("6.11", "6.12"), ("6.12", "6.13"), ("8.7(2)", "8.7(2)"),
                                        ("10.10", "10.10"), ("24.6", "24.6")])
def test_number_for(mk, gt):
    assert number_for("gt", mk) == gt
    assert number_for("mk", mk) == mk


@pytest.mark.parametrize(("game", "book"), [("minsk44", "mk"), ("guardstank", "gt")])
def test_bundled_games_choose_their_book(game, book):
    manifest = json.loads((REPO / "games" / f"{game}.json").read_text(encoding="utf-8"))
    assert manifest["rules"]["policies"]["rulebook"] == book
