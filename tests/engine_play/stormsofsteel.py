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

Both players keep their AP track (the module's "<Side> APs" property, 7 at the start, 20.0) with its -1/+1 buttons,
the way a player does: the Soviet takes 1 off for the rifles' move (6 left), the German 1 for the panzer's move and,
after the hit counter is placed, 3 for its fire (3 left of 7); in round 2 the German presses +1 four times back to
7 before activating his panzer again and takes 3 off for its move into the woods at 0404 (1AP + 2 for a tracked
vehicle). The Soviet then activates his 57mm AT gun (his track +1 back to 7) and fires at the panzer: 5+6 with this
seed, AV = blue FP 8 + 11 = 19 against DV = front DR 15 + 2 woods = 17: one hit (not DV+4), so the Soviet draws a
vehicle hit counter from the cup (the module's "Vehicle hits" Deck on the holding map, shuffled, the counters on their
back; CoH 15.2: drawn at random, face down) and drops it on the panzer (the harness's ``draw`` action: the Deck's
drawCards, as a mouse press on the Deck does; the Deck's draw is seeded too), then takes the gun's 5AP off his track
(2 left); the German passes, then the Soviet. In ``VIOLATIONS`` the German takes 2 off for the
panzer's 1AP move and nothing for the fire: the track shows 5 where 3 are left (a warning, policy ap_track).
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
AP_DE, AP_DE_UP, AP_SU = ("button", "German APs -1"), ("button", "German APs +1"), ("button", "Soviet APs -1")
HIT_PLACED = [("drag", HIT, ("box", "hit_pool")),  # (rearranged inside the pool: not an event)
              ("drag", HIT, "0705")]


AP_SU_UP = ("button", "Soviet APs +1")
CUP = "Vehicle hits"  # the module's cup of vehicle hit counters (15.2): a shuffled Deck on the holding map
GUN_FIRES = [AP_SU_UP,  # the Soviet AP track back to 7 for the gun's activation
             ("chat", "!activate 0904"),
             ("chat", "!fire su.57mm_at -> de.pz3h"), ("roll", "2d6"),  # 5+6 with this seed (the fourth roll)
             ("draw", CUP, "0404"),  # one hit: a vehicle hit counter drawn at random from the cup (15.2)
             *[AP_SU] * 5]  # the gun's fire cost, 5AP: 2 left


def round_1_start(panzer_move: list[Action]) -> list[Action]:
    """Round 1 up to the fire, *panzer_move* the German AP-track presses after the panzer's move."""
    return [
        NEXT,  # initiative
        *INITIATIVE,
        NEXT,  # actions
        ("chat", "!activate 1003"),  # each action by an activated unit (Fig 29), the players alternating (17.0)
        ("drag", "su.rifle.2", "1004"), AP_SU,  # 1AP: 6 left on the Soviet AP track
        ("chat", "!activate 0205"),
        ("drag", "de.pz3h", "0305"), ("drag", "de.pz3h", "0405"),  # one move in two drops: 1AP of the panzer's 7
        *panzer_move,
        ("key", "su.rifle.2", "ctrl F"),  # the Soviet flips his rifles to their spent face: their activation ends
        ("chat", "!pass soviet"),
    ]


ROUND_1_START = round_1_start([AP_DE])  # 6 left
ROUND_1_END = [
    ("chat", "!pass soviet"), ("chat", "!pass german"),  # two passes in a row end the round (Fig 30)
    NEXT,  # round end
]
ROUND_1 = [*ROUND_1_START, *FIRE, CAP_1, CAP_1, CAP_1, *HIT_PLACED,  # +3 on the roll (Fig 29)
           AP_DE, AP_DE, AP_DE,  # the fire's 3AP off the German AP track after the fact: 3 left
           *ROUND_1_END]

LEGAL: list[Action] = [
    *ROUND_1,
    NEXT,  # round 2: pre-round
    NEXT, ("prev",),  # pressed by mistake, put right
    NEXT,
    *INITIATIVE,
    NEXT,
    AP_DE_UP, AP_DE_UP, AP_DE_UP, AP_DE_UP,  # the German AP track back to 7 for the next activation
    ("chat", "!activate 0405"),
    ("drag", "de.pz3h", "0404"), AP_DE, AP_DE, AP_DE,  # into the woods: 1AP + 2 for a tracked vehicle, 4 left
    *GUN_FIRES,
    ("chat", "!pass german"), ("chat", "!pass soviet"),
    NEXT,
]

VIOLATIONS: list[Action] = [
    *round_1_start([AP_DE, AP_DE]),  # PLANTED 0: 2 off for the 1AP move, nothing for the fire: 5 shown, 3 left
    *FIRE, CAP_1, CAP_1,
    *HIT_PLACED,  # PLANTED 1: two CAPs on the roll: AV 12 against DV 13 misses, yet a hit counter is placed
    ("chat", "!activate 1004"),  # PLANTED 2: the rifles the Soviet flipped to spent are activated again
    ("chat", "!phase initiative"), ("roll", "2d6"),  # PLANTED 3: a second initiative in the middle of the actions
    *ROUND_1_END,
    *[NEXT] * 17,  # rounds 2 to 5
    NEXT,  # PLANTED 4: round 6 of a five-round firefight
]

PLANTED = [("CoH 20.0", "de.pz3h", "warning"), ("CoH Fig 29", "de.pz3h"), ("CoH Fig 26-30", "su.rifle.2"),
           ("CoH 21.0", None), ("CoH firefight", None)]
