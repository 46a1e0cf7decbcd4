"""The list of EFB checkers the engine runs, one per topic module."""

from __future__ import annotations

from typing import Any

from modgen.rules.efb.combat import Combat
from modgen.rules.efb.events import Events
from modgen.rules.efb.movement import Movement
from modgen.rules.efb.objectives import Objectives
from modgen.rules.efb.optional import Optional
from modgen.rules.efb.ranged import Ranged
from modgen.rules.efb.replacements import Replacements
from modgen.rules.efb.results import Results
from modgen.rules.efb.rubble import Rubble
from modgen.rules.efb.scenario import Scenario
from modgen.rules.efb.sequence import Sequence
from modgen.rules.efb.stacking import Stacking
from modgen.rules.efb.victory import Victory


def make_checkers(ctx: Any) -> list[Any]:
    """Fresh checker objects for one log (they keep per-log state). Results runs before Stacking so that
    eliminations forced by a result are judged before overstacking is."""
    return [Sequence(), Events(), Movement(), Combat(), Ranged(), Optional(), Rubble(), Results(), Scenario(),
            Replacements(), Stacking(), Victory(), Objectives()]
