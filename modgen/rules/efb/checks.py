"""The list of EFB checkers the engine runs, one per topic module."""

from __future__ import annotations

import re
from typing import Any

from modgen.rules.efb.allowance import allowance
from modgen.rules.efb.column import RoadColumn
from modgen.rules.efb.combat import Combat
from modgen.rules.efb.command import Command
from modgen.rules.efb.events import Events
from modgen.rules.efb.movement import Movement
from modgen.rules.efb.objectives import Objectives
from modgen.rules.efb.optional import Optional
from modgen.rules.efb.presence import Presence
from modgen.rules.efb.ranged import Ranged
from modgen.rules.efb.replacements import Replacements
from modgen.rules.efb.results import Results
from modgen.rules.efb.rubble import Rubble
from modgen.rules.efb.scenario import Scenario
from modgen.rules.efb.sequence import Sequence
from modgen.rules.efb.stacking import Stacking
from modgen.rules.efb.victory import Victory

# Minsk '44 number -> Guards Tank number where the books differ (digest "Every difference found", items 6, 25, 31;
# checked against both texts' headings: GT has no 6.11 and two rules numbered 13.3; GT's weather effects are 18.2,
# MK's are the scenario's 24.10).
GT_NUMBERS = {"2.11": "2.12", "2.12": "2.13", "6.11": "6.12", "6.12": "6.13", "13.4": "13.3", "13.5": "13.4",
              "13.6": "13.5", "13.7": "13.6", "13.8": "13.7", "13.9": "13.8", "19.1": "19.0", "24.8": "24.7",
              "24.9": "24.8", "24.10": "18.2"}


def number_for(book: str, number: str) -> str:
    """``number`` (the checks cite Minsk '44 numbers) as the rulebook ``book`` ("mk" or "gt") numbers it; a
    sub-item such as "13.5(2)" keeps its tail."""
    if book != "gt":
        return number
    head, sep, tail = number.partition("(")
    return GT_NUMBERS.get(head, head) + sep + tail


# A rule number cited inside a message ("(13.5)", "13.8 allows…"): not part of a longer number, and not one already
# given in a book's own numbering ("MK 13.7", "GT 13.6") or already renumbered by ctx.rule ("EFB 13.4").
_CITED = re.compile(r"(?<![\w.])(?<!MK )(?<!GT )(?<!EFB )(\d{1,2}\.\d{1,2})(?!\.?\d)")


def renumber_text(book: str, text: str) -> str:
    """``text`` with every rule number it cites (Minsk '44 numbers) in the rulebook ``book``'s numbering."""
    if book != "gt":
        return text
    return _CITED.sub(lambda m: number_for(book, m.group(1)), text)


def _numbering(ctx: Any) -> None:
    """Findings cite the rulebook of the game being checked (policy ``rulebook``): the rule a finding names and
    every rule number its message cites."""
    book = ctx.policies.get("rulebook", "mk")
    if book == "mk":
        return
    rule, error, warning, missing = ctx.rule, ctx.error, ctx.warning, ctx.could_not_check
    ctx.rule = lambda number: rule(number_for(book, number))
    ctx.error = lambda r, message, **kw: error(r, renumber_text(book, message), **kw)
    ctx.warning = lambda r, message, **kw: warning(r, renumber_text(book, message), **kw)
    ctx.could_not_check = lambda r, what: missing(r, renumber_text(book, what))


def make_checkers(ctx: Any) -> list[Any]:
    """Fresh checker objects for one log (they keep per-log state). Results runs before Stacking so that
    eliminations forced by a result are judged before overstacking is."""
    _numbering(ctx)
    return [Presence(), Sequence(), Events(), Command(), Movement(), Combat(), Ranged(), Optional(), Rubble(),
            Results(), Scenario(), RoadColumn(allowance), Replacements(), Stacking(), Victory(), Objectives()]
