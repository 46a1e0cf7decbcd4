"""Flames of War Rocket Launcher templates (p.50): "Some Rocket Launcher Teams are listed as counting as two or even
four weapons when firing. These now count as one Team for calculating re-rolls To Hit, but count as the number of
weapons for Artillery Template size. If an Artillery Bombardment is being fired by Rocket Launchers all of which count
as two or more weapons, you must use a Double-width Template. If ... all of which count as four weapons, you must use
a Double-width and Double-depth 'Devastating Bombardment' Template" (QRS: Double-width 6"/15cm x 12"/30cm,
Devastating 12"/30cm square). A weapon counts as N weapons by a note "Counts as N weapons" (the Arsenal's wording);
re-rolls To Hit already count the Teams firing (:mod:`.artillery`).
"""

from __future__ import annotations

import re

from modgen.rules.fow import teams as T

_COUNTS = re.compile(r"counts?_as_(\d+)")


def counts_as(w: T.Weapon | None) -> int:
    """How many weapons one team with ``w`` counts as for the Template (1 unless a note says more)."""
    for n in w.notes if w is not None else ():
        if (m := _COUNTS.match(n)) is not None:
            return max(1, int(m.group(1)))
    return 1


def template_size(m: T.Measure, weapons: list[T.Weapon | None]) -> tuple[float, float, str]:
    """(width across the line of fire, depth along it, name) of the Template for the firing weapons."""
    side = m.rule("template")
    counts = [counts_as(w) for w in weapons if w is not None]
    if counts and min(counts) >= 4:
        return 2 * side, 2 * side, "Devastating Bombardment"
    if counts and min(counts) >= 2:
        return 2 * side, side, "Double-width"
    return side, side, "standard"
