"""TiS losses: the attacker's losses after landing on the enemy [17.2.7], [17.2.8], and the loss order within a
side [7.2.7]: "A player using special abilities of units (black stars or engineer
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


def landed_on_enemy_losses(ctx: Any, battle: dict[str, Any]) -> tuple[int, int, str]:
    """An airborne attacker that landed on the enemy: (factor, extra EP, why) of its Casualties after Battle losses.
    [17.2.8] "An airborne unit that landed on an enemy unit and did not force it to retreat loses twice as much EP as
    the LOSSES AFTER BATTLE table indicates"; [17.2.7] "Airborne units which have landed on an armored unit with a
    black or yellow stars modifier lose an extra 1 EP" (counted with the battle's losses)."""
    result = str(battle.get("result") or "").strip().upper()
    factor = 1 if result.startswith("B") else 2
    starred = [u for u in battle["dfn"] if c.is_armoured(ctx, u)
               and ((ctx.values(u).get("black_stars") or 0) > 0 or (ctx.values(u).get("yellow_stars") or 0) > 0)]
    extra = 1 if starred else 0
    why = (" (twice the table: it landed on the enemy and did not force it to retreat [17.2.8])" if factor > 1 else "")
    why += f" (+1 EP for landing on {c.names(ctx, starred)} with stars [17.2.7])" if starred else ""
    return factor, extra, why
