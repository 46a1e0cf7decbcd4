"""Scripts for an Arnhem 1944 game (Taktyka i Strategia, scenario I) played in the real VASSAL engine (runner:
runner.py).  Stage 1 (17 IX 2e) and stage 2 up to the German movement phase: every phase reached with the turn
tracker's Next button (the Allies' eight phases, then the Germans' [3.3]); the stage 2 weather roll declared in chat
and rolled (two dice; stage 1 is good without one [45.1.2]); the 1st Airborne Division's parachute and glider units
dragged from the holding map's "Turn 1 — Allies: lz_arnhem" band onto the landing zones in the Allied airborne
assault phase; Allied moves (one in two drops, and a Next pressed by mistake and taken back with Prev before it);
German moves; in stage 2 (17 IX 3e) a battle in the Allied combat phase declared in chat (!attack, !odds, !roll,
!result), the 2d6 rolled with the dice button and each side's step lost with the piece's Step loss command (Ctrl+L);
and Kampfgruppe Liebsh entering at area A from the holding map. ``VIOLATIONS`` plants a parachute drop in the
movement phase [3.3], a glider landing outside its landing zone (a warning: allowed only if the Germans hold the
zone), Liebsh arriving a stage early (scenario IV reinforcements) and an attack from 7 hexes away [7.1.1]."""

from __future__ import annotations

Action = tuple

GAME = "arnhem44"
SCENARIO = "arnhem"
SEED = 3  # the engine's dice (java.util.Random(3)): weather 3+3 (stage 2: good after good); combat 1+2; casualties
#          1+1 and 4+5

NEXT: Action = ("next",)
LZ = ("box", "Turn 1 — Allies: lz_arnhem")
LIEBSH = ("box", "Turn 2 — Germans: entry_a")

#: units the legal script drops from the holding map (parachute and glider)
DROPPED = ("gb.1ab.hq", "gb.1ab.1para.1", "gb.1ab.1para.2", "gb.1ab.1al.border", "gb.1ab.recce")

#: [45.1.2] the first stage is good without a roll; later stages roll two dice in the air phase (the module's 1d6
#: button with 2 typed in its dialog)
WEATHER = [("chat", "!roll weather"), ("roll", "1d6", "2")]
#: Arnhem has no naval units or beaches, so its tracker skips [3.3]'s naval assault phase: seven phases a player.
#: German air, airborne, barrage, movement, then counterattack, combat, supply; 9 SS Recon moves 3201 → 3001 in two
#: drops (one move, [4.1.4])
GERMAN_STAGE_1 = [NEXT] * 4 + [("drag", "de.9ss.rozp", "3101"), ("drag", "de.9ss.rozp", "3001")] + [NEXT] * 3
#: the Arnhem battalion closes in on the landing zones: city 1 + woods 2 + woods 2 = its 5 MP [4.2.1]
ARNHEM_BN = [("drag", "de.inf.arnhem", "2606"), ("drag", "de.inf.arnhem", "2506"), ("drag", "de.inf.arnhem", "2406")]
#: stage 2's Allied combat phase: 2nd Para attacks the Arnhem battalion, declared in chat [7.2.1]: odds, the CRT
#: roll, the result, both casualty rolls, then each step lost pressed on the piece (Step loss, Ctrl+L)
BATTLE = [
    ("chat", "!attack gb.1ab.1para.2 -> de.inf.arnhem"),
    ("chat", "!odds 1:2"),
    ("chat", "!roll combat"), ("roll", "1d6", "2"),  # 3 at 1:2: "--", no retreat (Combat Results chart)
    ("chat", "!result --"),
    # [7.2.1] f) each player throws for the enemy's losses: 5 SP attacking, the defender's row is 4-5 moved one up
    # for the woods [7.2.5] a) (2-3): a 2 costs 1 EP; 4 SP defending, the attacker's row moved one down (6-10): a 9
    # costs 1 EP
    ("chat", "!roll losses_defender"), ("roll", "1d6", "2"),
    ("chat", "!roll losses_attacker"), ("roll", "1d6", "2"),
    ("key", "de.inf.arnhem", "ctrl L"), ("key", "gb.1ab.1para.2", "ctrl L"),  # Step loss on each piece
]

LEGAL: list[Action] = [
    NEXT, NEXT,  # Allies air, Allies airborne assault
    ("drag", "gb.1ab.hq", "2005"), ("drag", "gb.1ab.1para.1", "2006"), ("drag", "gb.1ab.1para.2", "2105"),
    ("drag", "gb.1ab.1al.border", "2106"), ("drag", "gb.1ab.recce", "2107"),
    NEXT, NEXT,  # barrage, movement
    NEXT, ("chat", "oops"), ("prev",),  # Next pressed by mistake, put right
    ("drag", "gb.1ab.1para.1", "2007"),
    ("drag", "gb.1ab.recce", "2207"),  # one woods hex: half MP after the drop [17.2.12] allows no more
    NEXT, NEXT, NEXT,  # counterattack, combat, supply
    *GERMAN_STAGE_1[:6], *ARNHEM_BN, *GERMAN_STAGE_1[6:],
    NEXT,  # stage 2 (17 IX 3e): weather
    *WEATHER,
    *[NEXT] * 4,  # Allies air, airborne, barrage, movement
    ("drag", "gb.1ab.1para.2", "2205"), ("drag", "gb.1ab.1para.2", "2306"),  # woods 2 + 2 MP, stops in the ZoC
    NEXT, NEXT,  # counterattack, combat
    *BATTLE,
    *[NEXT] * 5,  # supply, then German air, airborne, barrage, movement
    ("drag", "de.liebsh", "0104"),
]

VIOLATIONS: list[Action] = [
    NEXT, NEXT,
    ("drag", "gb.1ab.hq", "2005"), ("drag", "gb.1ab.1para.1", "2006"),
    ("drag", "gb.1ab.1al.kosb", "2305"),  # PLANTED 2: a glider lands outside lz_arnhem (warning)
    NEXT, NEXT,
    ("drag", "gb.1ab.1para.3", "2205"),  # PLANTED 1: a parachute drop in the movement phase
    ("drag", "gb.1ab.1para.1", "2007"),
    NEXT, NEXT, NEXT,
    *GERMAN_STAGE_1[:4],
    ("drag", "de.liebsh", "0104"),  # PLANTED 3: due in stage 2 (17 IX 3e), arrives in stage 1
    *GERMAN_STAGE_1[4:],
    NEXT,
    *WEATHER,
    *[NEXT] * 6,  # Allies air, airborne, barrage, movement, counterattack, combat
    # PLANTED 4: 1st Para at 2007 attacks the Arnhem battalion in its city at 2706, 7 hexes away [7.1.1]; the odds
    # (5 SP against 4, 1:1 two columns left for the city: 1:3), the result and the losses are right
    ("chat", "!attack gb.1ab.1para.1 -> de.inf.arnhem"), ("chat", "!odds 1:3"),
    ("chat", "!roll combat"), ("roll", "1d6", "2"), ("chat", "!result --"),
    ("chat", "!roll losses_defender"), ("roll", "1d6", "2"),
    ("chat", "!roll losses_attacker"), ("roll", "1d6", "2"),
    ("key", "de.inf.arnhem", "ctrl L"), ("key", "gb.1ab.1para.1", "ctrl L"),
]

PLANTED = [("TIS scenario", "gb.1ab.1al.kosb", "warning"), ("TIS 3.3", "gb.1ab.1para.3"),
           ("TIS scenario", "de.liebsh"), ("TIS 7.1.1", "gb.1ab.1para.1")]
