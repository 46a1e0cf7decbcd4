"""Scripts for a Minsk '44 game played in the real VASSAL engine (tests/test_engine_play.py, PlayHarness.java).

Turn 1 and the start of turn 2 of the historical scenario, as tests/rules_fixtures' legal Minsk log plays them:
every phase reached with the turn tracker's Next button, the Soviet reinforcements dragged from the holding map
to the north edge, moves dragged (one of them in three drops), the German moves, the turn-2 events roll with its
``!roll`` declaration, and a Soviet attack declared in chat. ``violations`` plants two errors in the same game.
Actions and fields: tests/engine_play/runner.py.
"""

from __future__ import annotations

Action = tuple[str, ...]

GAME = "minsk44"
SCENARIO = "historical"
SEED = 7

NEXT: Action = ("next",)


def _nexts(n: int) -> list[Action]:
    return [NEXT] * n


REINFORCE_T1 = [("drag", "su.3gtc.18", "3201"), ("drag", "su.3gtc.19", "3201"), ("drag", "su.3gtc.hq", "3301"),
                ("drag", "su.fd.hq", "3301"), ("drag", "su.3gtc.20", "3401"), ("drag", "su.3gtc.2", "3401")]

REINFORCE_T2 = [("drag", u, h) for h, units in (
    ("4101", ("su.5gta.hq", "su.5gta.1moto")), ("4201", ("su.5gta.689at", "su.5gta.76rkt")),
    ("4301", ("su.5gta.su", "su.29tc.hq")), ("4401", ("su.29tc.25", "su.29tc.31")),
    ("4501", ("su.29tc.32", "su.29tc.53")), ("5001", ("su.2gtc.hq", "su.2gtc.4")),
    ("5002", ("su.2gtc.25", "su.2gtc.26")), ("5003", ("su.2gtc.4m",))) for u in units]

#: one player turn of the Soviets, then the Germans', then turn 2 to the Soviet movement phase
LEGAL: list[Action] = [
    NEXT,  # events -> Soviet reinforcement
    *REINFORCE_T1,
    NEXT,  # Soviet movement
    ("drag", "su.3gtc.18", "3203"), ("chat", "counting hexes"), ("drag", "su.3gtc.18", "3204"),
    ("drag", "su.3gtc.18", "3206"),  # three drops: one move 3201-3206
    ("drag", "su.3gtc.19", "3206"),
    ("drag", "su.3gtc.hq", "3305"),
    ("drag", "su.3gtc.20", "3405"),
    *_nexts(4),  # FPF, first wave, second wave, recovery
    NEXT, NEXT,  # German reinforcement, German movement
    ("drag", "de.23flak.1", "1425"),
    *_nexts(4),
    NEXT,  # interphase
    NEXT,  # turn 2 events
    ("chat", "!roll events"), ("roll", "1d6"),
    NEXT,  # Soviet reinforcement: 5th Guards Tank Army on the north edge, 2nd Guards Tank Corps on the east edge
    *REINFORCE_T2,
    NEXT,  # Soviet movement
    ("drag", "su.3gtc.18", "3209"), ("drag", "su.3gtc.19", "3209"),
    NEXT, NEXT,  # FPF, first wave
    ("chat", "!attack 3209 -> 3210 table mobile"), ("chat", "!roll combat"), ("roll", "1d6"),
]

#: the legal game with two planted errors: a move in the reinforcement phase (EFB 8.3: "Movement may never take
#: place out of sequence") and a move far beyond the unit's allowance (EFB 8.3)
VIOLATIONS: list[Action] = [
    NEXT,
    *REINFORCE_T1[:4],
    ("drag", "su.3gtc.20", "3401"), ("drag", "su.3gtc.2", "3401"),
    ("drag", "su.3gtc.hq", "3302"),  # PLANTED 1: a move in the reinforcement phase
    NEXT,
    ("drag", "su.3gtc.18", "3203"), ("drag", "su.3gtc.18", "3206"),
    ("drag", "su.3gtc.19", "3206"),
    ("drag", "su.3gtc.20", "3418"),  # PLANTED 2: 17 hexes with 10 MP
    *_nexts(4),
    NEXT, NEXT,
    ("drag", "de.23flak.1", "1425"),
    *_nexts(4),
    NEXT,
    NEXT,
    ("chat", "!roll events"), ("roll", "1d6"),
]

PLANTED = [("EFB 8.3", "su.3gtc.hq"), ("EFB 8.3", "su.3gtc.20")]
