"""Scripts for an Arnhem 1944 game (Taktyka i Strategia, scenario I) played in the real VASSAL engine (runner:
runner.py).

Stage 1 (17 IX 2e) and stage 2 up to the German movement phase: every phase reached with the turn tracker's Next
button (the Allies' eight phases, then the Germans' [3.3]); the weather roll declared in chat and rolled; the 1st
Airborne Division's parachute and glider units dragged from the holding map's "Turn 1 — Allies: lz_arnhem" band onto
the landing zones in the Allied airborne assault phase; Allied moves (one in two drops, and a Next pressed by
mistake and taken back with Prev before it); a German move; and Kampfgruppe Liebsh entering at area A from the
holding map in stage 2 (17 IX 3e). ``VIOLATIONS`` plants a parachute drop in the movement phase [3.3], a glider
landing outside its landing zone (a warning: allowed only if the Germans hold the zone) and Liebsh arriving a stage
early (scenario IV reinforcements).
"""

from __future__ import annotations

Action = tuple

GAME = "arnhem44"
SCENARIO = "arnhem"
SEED = 11

NEXT: Action = ("next",)
LZ = ("box", "Turn 1 — Allies: lz_arnhem")
LIEBSH = ("box", "Turn 2 — Germans: entry_a")

#: units the legal script drops from the holding map (parachute and glider)
DROPPED = ("gb.1ab.hq", "gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.1al.border", "gb.1ab.recce")

WEATHER = [("chat", "!roll weather"), ("roll", "1d6")]
#: German air … movement, then counterattack … supply; 9 SS Recon moves 3201 → 3001 in two drops (one move, [4.1.4])
GERMAN_STAGE_1 = [NEXT] * 5 + [("drag", "de.9ss.rozp", "3101"), ("drag", "de.9ss.rozp", "3001")] + [NEXT] * 3

LEGAL: list[Action] = [
    *WEATHER,
    NEXT, NEXT,  # Allies air, Allies airborne assault
    ("drag", "gb.1ab.hq", "2005"), ("drag", "gb.1ab.1para.1", "2006"), ("drag", "gb.1ab.1para.2", "2105"),
    ("drag", "gb.1ab.1al.border", "2106"), ("drag", "gb.1ab.recce", "2107"),
    NEXT, NEXT, NEXT,  # barrage, naval, movement
    NEXT, ("chat", "oops"), ("prev",),  # Next pressed by mistake, put right
    ("drag", "gb.1ab.1para.1", "2007"),
    ("drag", "gb.1ab.recce", "2207"),  # one woods hex: half MP after the drop [17.2.12] allows no more
    NEXT, NEXT, NEXT,  # counterattack, combat, supply
    *GERMAN_STAGE_1,
    NEXT,  # stage 2 (17 IX 3e): weather
    *WEATHER,
    *[NEXT] * 13,  # the Allies' eight phases, then German air … movement
    ("drag", "de.liebsh", "0104"),
]

VIOLATIONS: list[Action] = [
    *WEATHER,
    NEXT, NEXT,
    ("drag", "gb.1ab.hq", "2005"), ("drag", "gb.1ab.1para.1", "2006"),
    ("drag", "gb.1ab.1al.kosb", "2305"),  # PLANTED 2: a glider lands outside lz_arnhem (warning)
    NEXT, NEXT, NEXT,
    ("drag", "gb.1ab.1para.3", "2205"),  # PLANTED 1: a parachute drop in the movement phase
    ("drag", "gb.1ab.1para.1", "2007"),
    NEXT, NEXT, NEXT,
    *GERMAN_STAGE_1[:5],
    ("drag", "de.liebsh", "0104"),  # PLANTED 3: due in stage 2 (17 IX 3e), arrives in stage 1
    *GERMAN_STAGE_1[5:],
    NEXT,
    *WEATHER,
]

PLANTED = [("TIS scenario", "gb.1ab.1al.kosb", "warning"), ("TIS 3.3", "gb.1ab.1para.3"),
           ("TIS scenario", "de.liebsh")]
