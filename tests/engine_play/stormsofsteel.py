"""Scripts for a Conflict of Heroes: Storms of Steel firefight (Kolkhoz Road) played in the real VASSAL engine
(runner: runner.py).

Rounds 1 and 2: each step of the round (pre-round, initiative, actions, round end; CoH 21.0, Fig 30) reached with the
turn tracker's Next button; the initiative roll declared in chat and rolled with the module's 2d6 button; activations
and moves, the players alternating single actions (17.0; the panzer's move in two drops); the Soviet marks his moved
rifles spent with the piece's own Flip command (Ctrl+F, the counter's spent face: a ``flip`` to ``spent``); a fire
action: the panzer at 0405 fires at the SMG in the wooden building at 0705 (``!fire``), the 2d6 button rolls 3+3 with
this seed and the German adds 3 CAPs to the roll by pressing the module's "German CAPs -1" toolbar button three times
(the CAP track, a global property per side: each press a ``cap`` on the roll, Fig 29): AV = red FP 4 (the SMG's DR
is red, 15.1) + 6 + 3 = 13 against DV = front DR 12 + 1 wooden building = 13, one hit (AV >= DV; two hits need
DV+4), so the German drags the foot hit counter from the holding map's hit pool onto the SMG (a marker on that unit,
not a unit: the plugin's counter_role); a Next pressed by mistake and put right with Prev. ``VIOLATIONS`` plays the
same fire with two presses of the CAP button (AV 12 against DV 13: a miss) and still places the hit counter (CoH
Fig 29), activates the rifles the Soviet marked spent (Fig 26-30), declares a second initiative in the middle of round
1's actions (21.0) and steps into a sixth round of a five-round firefight (the scenario's length).
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

FIRE = [("chat", "!fire de.pz3h -> su.smg.1"), ("roll", "2d6")]  # 3+3 with this seed (the round's second roll)
CAP_1 = ("button", "German CAPs -1")  # the German CAP track (21.3: 6 at the start of Kolkhoz Road), one CAP
HIT_PLACED = [("drag", HIT, ("box", "hit_pool")),  # (rearranged inside the pool: not an event)
              ("drag", HIT, "0705")]
ROUND_1_START = [
    NEXT,  # initiative
    *INITIATIVE,
    NEXT,  # actions
    ("chat", "!activate 1003"),  # each action by an activated unit (Fig 29), the players alternating (17.0)
    ("drag", "su.rifle.2", "1004"),
    ("chat", "!activate 0205"),
    ("drag", "de.pz3h", "0305"), ("drag", "de.pz3h", "0405"),  # one move in two drops: 1AP of the panzer's 7
    ("key", "su.rifle.2", "ctrl F"),  # the Soviet flips his rifles to their spent face: their activation ends
    ("chat", "!pass soviet"),
]
ROUND_1_END = [
    ("chat", "!pass soviet"), ("chat", "!pass german"),  # two passes in a row end the round (Fig 30)
    NEXT,  # round end
]
ROUND_1 = [*ROUND_1_START, *FIRE, CAP_1, CAP_1, CAP_1, *HIT_PLACED, *ROUND_1_END]  # +3 on the roll (Fig 29)

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
    *ROUND_1_START,
    *FIRE, CAP_1, CAP_1,
    *HIT_PLACED,  # PLANTED 1: two CAPs on the roll: AV 12 against DV 13 misses, yet a hit counter is placed
    ("chat", "!activate 1004"),  # PLANTED 2: the rifles the Soviet flipped to spent are activated again
    ("chat", "!phase initiative"), ("roll", "2d6"),  # PLANTED 3: a second initiative in the middle of the actions
    *ROUND_1_END,
    *[NEXT] * 17,  # rounds 2 to 5
    NEXT,  # PLANTED 4: round 6 of a five-round firefight
]

PLANTED = [("CoH Fig 29", "de.pz3h"), ("CoH Fig 26-30", "su.rifle.2"), ("CoH 21.0", None), ("CoH firefight", None)]
