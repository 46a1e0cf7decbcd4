"""The module's Global Key Commands for the phase chores a rule plugin declares (:meth:`RuleSystem.chores`).

Each chore becomes one module-level ``GlobalKeyCommand`` (a toolbar button) that sends a key to the pieces it acts
on, matched by the ``mg_unit`` property our pieces carry (:mod:`.traits`): ``remove`` sends the Delete trait's key,
``front`` the Face layer's reset key (level 1). A chore on counters the game does not have is left out. The buttons
are pressed by the players, not fired by the turn tracker: the rules leave parts of every chore to a roll or a
choice (EFB 15.4: an out-of-command unit recovers on 4-6 only), so the player selects the pieces where they must.
"""

from __future__ import annotations

from typing import Any

from modgen.errors import DataError
from modgen.vassal import buildfile as bf
from modgen.vassal import traits as tr

KEYS = {"remove": tr.DELETE_KEY, "front": tr.FRONT_KEY}


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def chore_filter(game: Any, counters: tuple[str, ...], selected: bool) -> str | None:
    """The BeanShell property filter for a chore's pieces, or None when the game has none of its counters."""
    ids = [u["id"] for u in game.units]
    if counters:
        wanted = [c for c in counters if c in ids]
    else:  # every unit counter (no markers)
        wanted = [u["id"] for u in game.units if u.get("kind", "unit") != "marker"]
    if not wanted:
        return None
    if not counters:
        match = 'mg_unit!="" && mg_side!=""'  # a side's counters: units, not neutral markers
    else:
        match = " || ".join(f"mg_unit=={_quote(c)}" for c in wanted)
    if selected:
        return f"{{Selected==true && ({match})}}"
    return f"{{{match}}}"


def chore_specs(game: Any) -> list[bf.ChoreSpec]:
    """One Global Key Command per chore the game's plugin declares (none when the plugin is unknown)."""
    try:
        plugin = game.rule_system()
        chores = list(plugin.chores(game))
        prefix = plugin.rule_prefix
        phases = {p.id: p.name for p in plugin.phases(game)}
    except (DataError, AttributeError):
        return []
    out = []
    for c in chores:
        key = KEYS.get(c.action)
        filt = chore_filter(game, c.counters, c.selected)
        if key is None or filt is None:
            continue
        rule = f"{prefix} {c.rule}".strip()
        tip = f"{phases.get(c.phase, c.phase)} [{rule}]" + (f": {c.note}" if c.note else "")
        out.append(bf.ChoreSpec(c.name, key, filt, tip))
    return out
