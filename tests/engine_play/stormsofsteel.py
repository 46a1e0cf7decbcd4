"""Scripts for a Conflict of Heroes: Storms of Steel firefight (Kolkhoz Road) played in the real VASSAL engine
(runner: runner.py).

Rounds 1 and 2: each step of the round (pre-round, initiative, actions, round end; CoH 21.0, Fig 30) reached with the
turn tracker's Next button; the initiative roll declared in chat and rolled with the module's 2d6 button; moves
(the panzer in two drops); a fire roll, and the hit counter it draws dragged from the holding map's hit pool onto
the unit it hits (a marker on that unit, not a unit: the plugin's counter_role); a Next pressed by mistake and put
right with Prev. ``VIOLATIONS`` plants a second initiative declared in the middle of round 1's actions (21.0) and a
sixth round of a five-round firefight (the scenario's length).
"""

from __future__ import annotations

Action = tuple

GAME = "stormsofsteel"
SCENARIO = "kolkhoz_road"
SEED = 5

NEXT: Action = ("next",)
HIT = "hit.foot"
HIT_ON = "su.smg.1"
INITIATIVE = [("chat", "!roll initiative"), ("roll", "2d6")]

ROUND_1 = [
    NEXT,  # initiative
    *INITIATIVE,
    NEXT,  # actions
    ("chat", "!activate 0205"),  # each action by an activated unit (Fig 29), the players alternating (17.0)
    ("drag", "de.pz3h", "0305"), ("drag", "de.pz3h", "0405"),  # one move in two drops
    ("chat", "!activate 1003"),
    ("drag", "su.rifle.2", "1004"),
    ("chat", "!roll fire"), ("roll", "2d6"),
    ("drag", HIT, ("box", "hit_pool")),  # (rearranged inside the pool: not an event)
    ("drag", HIT, "0705"),
    ("chat", "!pass german"), ("chat", "!pass soviet"),  # two passes in a row end the round (Fig 30)
    NEXT,  # round end
]

LEGAL: list[Action] = [
    *ROUND_1,
    NEXT,  # round 2: pre-round
    NEXT, ("prev",),  # pressed by mistake, put right
    NEXT,
    *INITIATIVE,
    NEXT,
    ("chat", "!activate 0306"),
    ("drag", "de.rifle.2", "0406"),
    ("chat", "!pass soviet"), ("chat", "!pass german"),
    NEXT,
]

VIOLATIONS: list[Action] = [
    *ROUND_1[:7],
    ("chat", "!phase initiative"), ("roll", "2d6"),  # PLANTED 1: a second initiative in the middle of the actions
    *ROUND_1[7:],
    *[NEXT] * 17,  # rounds 2 to 5
    NEXT,  # PLANTED 2: round 6 of a five-round firefight
]

PLANTED = [("CoH 21.0", None), ("CoH firefight", None)]
