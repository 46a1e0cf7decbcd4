"""The CoH checks for one replay."""

from __future__ import annotations

from typing import Any

from modgen.rules.coh.activation import Play
from modgen.rules.coh.air import Air
from modgen.rules.coh.aptrack import ApTrack
from modgen.rules.coh.bombs import Bombs
from modgen.rules.coh.caps import RollCaps
from modgen.rules.coh.cards import Hands
from modgen.rules.coh.fire import Fire
from modgen.rules.coh.forts import Forts
from modgen.rules.coh.hits import Rally
from modgen.rules.coh.objectives import Objectives
from modgen.rules.seqcheck import Sequence


def make_checkers(ctx: Any) -> list[Any]:
    """Round structure and length (21.0, the firefight), fire and hits (Fire settles an attack before Play checks
    the VP it owes), fortifications and hindrances (Forts notes a mine attack before Play charges the move),
    activations and points (Air tells Play which events are an airplane's impulses), rally, A-P cluster bombs' mines
    (20.4), objective hexes in 3-4 player games (21.0),
    the CAPs on one roll (Fig 29, the designer's per-roll limit), cards played from the declared hands, the side's AP
    track against the APs Play charged (20.0, policy ap_track)."""
    play = Play()
    return [Sequence("21.0", "firefight", "round"), Fire(), Forts(), Air(), play, Rally(), Bombs(), Objectives(),
            RollCaps(), Hands(), ApTrack(play)]
