"""Scripts for a Guards Tank game (short scenario) played in the real VASSAL engine (runner: runner.py).

Turn 1 and the start of turn 2: every phase reached with the turn tracker's Next button; German moves (one of them
in two drops); the Soviet reinforcement roll declared in chat (``!roll reinforcement``) and rolled with the module's
die: a 5 with this seed, so the 42nd Guards Rifle Division arrives (GT 24.7: on 5-6) and brings one unit drawn from
the 6th Guards Army pool, both dragged from the holding map to the north edge; a Soviet move; the turn-2 events roll
(``!roll events``). ``VIOLATIONS`` plants a move in the German reinforcement phase (EFB 8.3: "Movement may never
take place out of sequence") and a Soviet reinforcement entering off its entry edge (EFB 6.2).
"""

from __future__ import annotations

Action = tuple

GAME = "guardstank"
SCENARIO = "short"
SEED = 7  # first roll 5: the 42nd Guards Rifle Division arrives on 5-6

NEXT: Action = ("next",)
HELD = ("box", "Turn 1 — Soviet: 42grd (5-6 on 1d6)")  # the 42nd Guards Rifle Division waits by its arrival
POOL = ("box", "6gda_pool")

#: units the legal script brings on from the holding map
FROM_HOLDING = ("su.42grd.1", "su.42grd.2", "su.42grd.3", "su.42grd.art", "su.6ga.eng")

GERMAN_MOVES = [("drag", "de.315.I", "2743"), ("chat", "one more"), ("drag", "de.315.I", "2843"),  # two drops
                ("drag", "de.dr.pz.I", "2039")]
SOVIET_REINFORCEMENTS = [("chat", "!roll reinforcement"), ("roll", "1d6"),
                         ("drag", "su.42grd.1", "2001"), ("drag", "su.42grd.2", "2001"),
                         ("drag", "su.42grd.3", "2101"), ("drag", "su.42grd.art", "2101"),
                         ("drag", "su.6ga.eng", "2201")]

LEGAL: list[Action] = [
    NEXT,  # events (skipped on turn 1) -> German reinforcement
    NEXT,  # German movement
    *GERMAN_MOVES,
    NEXT, NEXT, NEXT, NEXT,  # FPF, first wave, second wave, recovery
    NEXT,  # Soviet reinforcement
    *SOVIET_REINFORCEMENTS,
    NEXT,  # Soviet movement
    ("drag", "su.42grd.1", "2002"),
    NEXT, NEXT, NEXT, NEXT,
    NEXT,  # interphase
    NEXT,  # turn 2 events
    ("chat", "!roll events"), ("roll", "1d6"),
    NEXT, NEXT,  # German reinforcement, German movement
    ("drag", "de.dr.pz.I", "2038"),
]

VIOLATIONS: list[Action] = [
    NEXT,
    ("drag", "de.315.I", "2743"),  # PLANTED 1: a move in the German reinforcement phase
    NEXT,
    ("drag", "de.dr.pz.I", "2039"),
    NEXT, NEXT, NEXT, NEXT,
    NEXT,
    *SOVIET_REINFORCEMENTS[:5],
    ("drag", "su.42grd.art", "2105"),  # PLANTED 2: enters four hexes in from the north edge
    SOVIET_REINFORCEMENTS[6],
    NEXT,
    ("drag", "su.42grd.1", "2002"),
    NEXT, NEXT, NEXT, NEXT,
    NEXT,
    NEXT,
    ("chat", "!roll events"), ("roll", "1d6"),
]

PLANTED = [("EFB 8.3", "de.315.I"), ("EFB 6.2", "su.42grd.art")]
