"""TiS loss order within a side [7.2.7]: "A player using special abilities of units (black stars or engineer
influence) after suffering casualties must take the first EP from these units."

The abilities used are the ones the battle's column was reached with (:meth:`.odds.Odds.columns`): black stars
[29.1.1] (the armoured attackers printing black stars) and engineers [20.1.5] (the attacking engineers). The first
EP the attacker takes off (``loss`` reason combat) must be on one of those units."""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c


def ability_users(ctx: Any, attackers: list[str], used: str) -> list[str]:
    """The attackers whose special ability the column ``used`` (its description) counts."""
    out = []
    if "black stars" in used:
        out += [u for u in attackers if c.is_armoured(ctx, u) and (ctx.values(u).get("black_stars") or 0) > 0]
    if "engineers" in used:
        out += [u for u in attackers if c.unit_class(ctx, u) == "engineer"]
    return out


def first_from_ability_users(ctx: Any, attackers: list[str], used: str, first: str | None) -> None:
    """[7.2.7] the attacker's first EP lost comes from a unit whose ability was used."""
    users = ability_users(ctx, attackers, used)
    if not users or first is None or first in users:
        return
    ctx.error(ctx.rule("7.2.7"), f"the attacker used {'black stars' if 'black stars' in used else 'engineers'} "
              f"({c.names(ctx, users)}) but took its first EP from {ctx.name(first)}; the units whose special "
              "abilities were used take the first EP", units=[first, *users])
