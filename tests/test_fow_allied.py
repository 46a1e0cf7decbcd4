"""FoW Allied Formations from the rulebook text (seed 004): p.8 "ALLIED SUPPORT You can take an Allied Formation as
part of your force. This Formation ... acts as a Formation in its own right"; p.61 "NO FORMATIONS LEFT If a player
has no Formations in Good Spirits (other than Allied Formations), they lose the game"; p.93 the same for every
mission. The tests split the German force (illustrative): the Panzer platoon alone in one Formation (one Unit: not
In Good Spirits, p.61 "at least two Units"), the two PaK 40s as two Units of a second Formation, Allied or not."""

from __future__ import annotations

import pytest

from tests.fow_helpers import setup
from tests.fow_mission_helpers import check, copy_game, game_turn


def split(allied: bool):
    def change(data):
        for c in data["counters"]:
            if c["id"].startswith("de.pak40."):
                c["group"] = {"id": f"de_pak_{c['id'][-1]}", "formation": "de_support", "leader": True,
                              "type": "medium_gun", **({"allied": True} if allied else {})}
    return change


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return {a: copy_game(tmp_path_factory.mktemp(f"al{a}"), "free_for_all", lambda s: None, split(a))
            for a in (True, False)}


EV = [setup("us.sherman.1", 30, 44), setup("de.pz4h.1", 20, 6, 180), setup("de.pak40.1", 40, 6, 180),
      setup("de.pak40.2", 44, 6, 180), *game_turn(1, german=([],))]


def fled(game):
    """The findings that the Germans, naming themselves the winner, had already lost by fleeing (p.93)."""
    found = check(game, "free_for_all", *EV, {"type": "game_end", "winner": "german"}, rule="FoW p.97")
    return [f for f in found if "flees" in f["message"]]


def test_p61_an_allied_formation_does_not_keep_the_force_on_the_table(games):
    found = fled(games[True])
    assert [f["severity"] for f in found] == ["error"] and "german has no Formation In Good Spirits" in \
        found[0]["message"]


def test_p61_a_second_formation_of_its_own_does(games):
    assert fled(games[False]) == []
