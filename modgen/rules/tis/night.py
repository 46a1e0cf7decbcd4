"""TiS: the extra losses of the night die [13.1.3] (a result of 1: the attacker loses 1 SP; 4: attacker and defender
1 SP each; "the extra casualty of 1 SP (result 1 or 4) is put after the battle").

Log convention: the night die is a ``roll`` with purpose ``night`` after the ``attack`` (its column modifier is
checked in :mod:`.combat`); the extra casualty is a ``loss`` with ``reason`` ``night`` by a unit of that side in the
battle, before the next battle or the end of the phase. 1 SP is as many EP as the unit's strength track needs to
drop by 1 SP (:func:`.mines.ep_drops`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.mines import ep_drops

REASON = "night"
_LOSERS = {1: ("attacker",), 4: ("attacker", "defender")}


@dataclass
class _Battle:
    units: dict[str, list[str]]  # "attacker"/"defender" -> the battle's units
    index: int
    die: int | None = None
    drops: dict[str, list[int]] = field(default_factory=dict)  # role -> SP each night EP cost


class NightLosses:
    """[13.1.3] the 1-SP losses of a night die of 1 or 4."""

    def __init__(self) -> None:
        self.b: _Battle | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "attack":
            self._settle(ctx)
            self.b = _Battle({"attacker": list(ev.get("attackers") or []),
                              "defender": list(ev.get("defenders") or [])}, ctx.index or 0)
        elif t == "roll" and ev.get("purpose") == REASON and ev.get("dice") and self.b is not None:
            self.b.die = int(ev["dice"][0])
        elif t == "loss" and ev.get("reason") == REASON and ev.get("unit"):
            self._loss(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        self._settle(ctx)

    def finish(self, ctx: Any) -> None:
        self._settle(ctx)

    def _loss(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, b = ev["unit"], self.b
        owed = _LOSERS.get(b.die or 0, ()) if b is not None else ()
        role = next((r for r in owed if b is not None and uid in b.units[r]), None)
        if b is None or role is None:
            die = f"a night die of {b.die}" if b is not None and b.die is not None else "no night die"
            ctx.error(ctx.rule("13.1.3"), f"{ctx.name(uid)} takes a night loss after {die}; only a 1 (the "
                      "attacker) or a 4 (both sides) costs 1 SP", units=[uid])
            return
        n = 999 if ev.get("eliminated") else int(ev.get("steps") or 1)
        b.drops.setdefault(role, []).extend(ep_drops(ctx, uid, n))

    def _settle(self, ctx: Any) -> None:
        b, self.b = self.b, None
        if b is None or b.die is None:
            return
        for role in _LOSERS.get(b.die, ()):
            drops = b.drops.get(role, [])
            got = sum(drops)
            units = b.units[role]
            if got < 1 and any(c.ep_left(ctx, u) > 0 for u in units if ctx.state.position.get(u) is not None):
                ctx.error(ctx.rule("13.1.3"), f"a night die of {b.die}: the {role} ({c.names(ctx, units)}) loses 1 "
                          f"SP after the battle, but {'loses ' + str(got) + ' SP' if drops else 'no night loss'} "
                          "(loss reason night) follows", units=units, event_index=b.index)
            elif drops and got - drops[-1] >= 1:
                ctx.error(ctx.rule("13.1.3"), f"a night die of {b.die}: the {role} ({c.names(ctx, units)}) loses "
                          f"{got} SP ({len(drops)} EP) for it, more EP than the 1 SP it costs", units=units,
                          event_index=b.index)
