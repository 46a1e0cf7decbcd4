"""Scripts for a Flames of War game (Free For All, four tanks a side) played in the real VASSAL engine (runner:
runner.py).

Deployment first (a Sherman placed within 12" of the American edge, p.97), then the logfile begins; the roll-off for
the first turn with the module's die and the winner's declaration ``!phase starting us`` (p.93: the higher roll
goes first; the tracker's entries say "First player", so the declaration names who that is); turn 1 and the start of
turn 2 stepped with the tracker's Next button (each player's Starting, Movement, Shooting and Assault Steps, p.16);
tank moves dragged on the table in inches; shooting rolled with the prompting "d6 pool" button (the number of dice
typed into its dialog) after a ``!shoot`` declaration in chat. ``VIOLATIONS`` plants a Panzer IV deployed 16" from
its edge (p.97) and so Out of Command (p.93), a Sherman shooting a PaK40 43.4" away with its 32" gun (p.28) and
the Americans going back to their Movement Step after shooting (p.16).
"""

from __future__ import annotations

Action = tuple

GAME = "fow"
SCENARIO = "free_for_all"
SEED = 3

NEXT: Action = ("next",)
FIRST = "us"

#: the table moves of the legal script, in order: (team, where it ends, in inches)
MOVES = [("us.sherman.1", (24, 36)), ("us.sherman.2", (30, 34)), ("de.pz4h.1", (28, 14)),
         ("us.sherman.3", (29, 37))]

ROLL_OFF = [("chat", "!roll first_turn"), ("roll", "1d6"), ("chat", "!roll first_turn"), ("roll", "1d6"),
            ("chat", "!phase starting us")]

LEGAL: list[Action] = [
    ("drag", "us.sherman.1", (24, 44)),  # deployment: within 12" of the south edge
    ("begin",),
    *ROLL_OFF,
    NEXT,  # American Movement Step
    *[("drag", u, xy) for u, xy in MOVES[:2]],
    NEXT,  # Shooting Step
    # the Sherman moved (and p.96 treats the first player's teams as moved in their first Shooting Step): one die,
    # within its Moving ROF (p.26; Stabiliser p.72); 28" between the hulls is within its 32" (p.28)
    ("chat", '!shoot us.sherman.1 -> de.pz4h.1 "M3 75mm gun" hits 0'), ("roll", "d6 pool", "1"),
    NEXT,  # Assault Step
    NEXT, NEXT,  # German Starting, Movement Steps
    ("drag", *MOVES[2]),
    # an unmoved Panzer IV fires its Halted ROF 2 at a Sherman 26" away
    NEXT, ("chat", '!shoot de.pz4h.2 -> us.sherman.2 "7.5cm gun" hits 0'), ("roll", "d6 pool", "2"),
    NEXT,  # German Assault Step
    NEXT, NEXT,  # turn 2: American Starting, Movement Steps
    ("drag", *MOVES[3]),
]

VIOLATIONS: list[Action] = [
    ("drag", "de.pz4h.2", (34, 16)),  # PLANTED 1: deployed 16" from the north edge, outside the 12" zone
    ("begin",),
    *ROLL_OFF,
    NEXT,
    ("drag", "us.sherman.1", (26, 34)),
    NEXT,
    # PLANTED 2: the far PaK40 is 43.4" away (nearest edges), beyond the Sherman gun's 32" (p.28)
    ("chat", '!shoot us.sherman.1 -> de.pak40.2 "M3 75mm gun" hits 0'), ("roll", "d6 pool", "2"),
    ("chat", "!phase movement us"),  # PLANTED 3: back to the Movement Step after shooting
    ("drag", "us.sherman.2", (32, 34)),
    NEXT,  # Assault Step
    NEXT, NEXT,
    ("drag", "de.pz4h.1", (28, 14)),
]

# the Panzer IV deployed 16" from its edge is also 9.1" from its Unit Leader: deployed Out of Command (p.93)
PLANTED = [("FoW p.97", "de.pz4h.2"), ("FoW p.93", "de.pz4h.2"), ("FoW p.28", "us.sherman.1"), ("FoW p.16", None)]
