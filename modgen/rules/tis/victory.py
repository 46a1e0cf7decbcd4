"""TiS victory points at the end of the game, from the scenario's ``victory`` table (Arnhem scenario I: the Allies
+1 per German SP destroyed and the Arnhem bridge VP by stage; the Germans +2 per Allied SP destroyed, +8 for the
1st British AD HQ, +1 per British unit cut off at the end).

The ``game_end`` event's ``vp`` (per side) is compared with what the log gives: SP destroyed (policy
``sp_destroyed``), units destroyed, cut-off units (units carrying the out-of-supply marker at the end [32.2], of
the item's ``nationality`` when it names one); a place reached by a stage (the bridge VP) is not located by the
data, so the claim may exceed the computed VP by one of that table's values.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c


class Victory:
    """Arnhem scenario victory conditions, checked at ``game_end``."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.dead: set[str] = set()

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev.get("unit") and ctx.state.position.get(ev["unit"]):
            self.seen.add(ev["unit"])
        if ev["type"] == "loss" and ctx.state.position.get(ev["unit"]) is None:
            self.dead.add(ev["unit"])

    def _sp_lost(self, ctx: Any, uid: str) -> int:
        t = c.track(ctx, uid)
        if not t:
            return 0
        if uid in self.dead:
            return int(t[0])
        if ctx.policies.get("sp_destroyed", "track") == "eliminated":
            return 0
        return int(t[0]) - (c.strength(ctx, uid) or 0)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "game_end" or not isinstance(ev.get("vp"), dict):
            return
        table = (ctx.scenario or {}).get("victory")
        if not isinstance(table, dict):
            ctx.could_not_check(ctx.rule("scenario"), "the scenario's victory table")
            return
        for side, items in table.items():
            if side == "source" or not isinstance(items, list) or side not in ev["vp"]:
                continue
            computed, spare, parts = 0, [0], []
            for it in items:
                if "per_enemy_sp_destroyed" in it:
                    lost = sum(self._sp_lost(ctx, u) for u in self.seen if ctx.side_of(u) not in (None, side))
                    computed += lost * int(it["per_enemy_sp_destroyed"])
                    parts.append(f"{lost} enemy SP destroyed × {it['per_enemy_sp_destroyed']}")
                elif "unit" in it and "vp" in it:
                    if it["unit"] in self.dead:
                        computed += int(it["vp"])
                        parts.append(f"{ctx.name(it['unit'])} destroyed {it['vp']}")
                elif "vp_each" in it:
                    # an item may name the nationality it counts (scenario I: "each British unit being cut off")
                    nat = it.get("nationality")
                    cut = [u for u in self.seen if ctx.side_of(u) not in (None, side) and ctx.state.position.get(u)
                           and c.out_of_supply(ctx, u)
                           and (nat is None or (ctx.units.get(u) or {}).get("nationality") == nat)]
                    computed += len(cut) * int(it["vp_each"])
                    parts.append(f"{len(cut)} {nat + ' ' if nat else ''}enemy units cut off (out of supply) × "
                                 f"{it['vp_each']}")
                elif "by_stage" in it:
                    spare = [0, *(int(s["vp"]) for s in it["by_stage"] if "vp" in s)]
                    parts.append(f"{it.get('for', 'a place reached')} (0 or {'/'.join(map(str, spare[1:]))})")
            claim = ev["vp"][side]
            if not any(claim == computed + s for s in spare):
                ctx.error(ctx.rule("scenario"), f"the game ends with {claim} VP for {side}, but the log gives "
                          f"{computed}{' plus a stage VP' if len(spare) > 1 else ''}: {'; '.join(parts)}")
