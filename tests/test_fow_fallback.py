"""FoW p.56 Forcing the Assault to Fall Back, from the rulebook text: "A Unit that takes at least five hits from
Defensive Fire becomes Pinned Down and its Teams Fall Back the shortest distance necessary until its Teams are more
than 2"/5cm from the enemy, and the Assault is over." (the Italian Bersaglieri example: "the Assaulting Teams must
Fall Back until they are more than 2"/5cm from the Defending Teams").

Two US rifle teams (bases 1.97" square) assault two PaK 40 guns (large bases 2.5" x 2"); the rifle teams' edges
face the guns' edges at y=17."""

from __future__ import annotations

from tests.fow_helpers import findings, move, setup, step, turn_to

GUNS = [setup("de.pak40.1", 34, 15, 180), setup("de.pak40.2", 30, 16, 180)]
RIFLES = [setup("us.rifle.1", 30, 20), setup("us.rifle.2", 34, 24)]
CHARGE = [*GUNS, *RIFLES, *turn_to("assault"), {"type": "assault", "unit": "us.rifle.1", "target": "de.pak40.2"},
          move("us.rifle.1", [30, 20], [30, 17.99])]


def df(unit: str, dice: list[int], hits: int) -> dict:
    return {"type": "shoot", "unit": unit, "target": "us.rifle.1", "dice": dice, "hits": hits, "need": "4+"}


FIVE = [df("de.pak40.2", [5, 5], 2), df("de.pak40.1", [5, 5], 2), df("de.pak40.2", [5, 5], 1)]
END = step("starting", "german")


def p56(*events: dict) -> list[tuple[str, str]]:
    return [(f["severity"], f["message"]) for f in findings(*events) if f["rule"] == "FoW p.56"]


def test_p56_falls_back_just_beyond_2_inches_is_legal():
    """From 0.01" to 2.5" (base edge at 19.52, the gun's at 17): more than 2", and no further than needed."""
    assert p56(*CHARGE, *FIVE, move("us.rifle.1", [30, 17.99], [30, 20.5]), END) == []


def test_p56_a_team_left_within_2_inches_is_an_error():
    found = p56(*CHARGE, *FIVE, move("us.rifle.1", [30, 17.99], [30, 19.5]), END)
    assert [s for s, _ in found] == ["error"] and "more than 2.0\"" in found[0][1]


def test_p56_falling_back_far_beyond_the_shortest_distance_is_a_warning():
    """Ending 7" from the guns, where 2"+ was needed: the shortest distance necessary is judgement (a warning)."""
    found = p56(*CHARGE, *FIVE, move("us.rifle.1", [30, 17.99], [30, 25]), END)
    assert [s for s, _ in found] == ["warning"]
    assert "shortest distance necessary" in found[0][1] and "from (30, 17.99) to (30, 25)" in found[0][1]


def test_p56_a_team_already_beyond_2_inches_does_not_fall_back():
    """Rifle 2 stood 6" from the guns when its Unit Fell Back: moving it further is a warning, staying is legal."""
    back = move("us.rifle.1", [30, 17.99], [30, 20.5])
    found = p56(*CHARGE, *FIVE, back, move("us.rifle.2", [34, 24], [34, 28]), END)
    assert [s for s, _ in found] == ["warning"] and "already stood" in found[0][1]


def test_p56_no_fall_back_below_five_hits():
    """Four hits: no Fall Back, so the p.56 positions are not judged."""
    four = [df("de.pak40.2", [5, 5], 2), df("de.pak40.1", [5, 5], 2)]
    assert p56(*CHARGE, *four, END) == []
