"""Flames of War p.93 "NO LEAVING THE TABLE Once a Unit is placed on the table or arrives from Reserve, it cannot
move off the table."

The exceptions the book gives: Aircraft "are removed from the table at the end of the Shooting Step" (p.44),
Transport teams "Sent to the Rear" (p.23) and a Unit that Withdraws under Strategic Withdrawal (p.97,
:mod:`.withdrawal`). In the log a team leaves the table by an ``exit`` event (a Destroyed team is a ``loss``) or by a
``move`` whose ``to_pos`` lies off the table.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.withdrawal import withdrawn

_RULE = "Once a Unit is placed on the table or arrives from Reserve, it cannot move off the table"


class NoLeaving:
    """p.93: teams on the table do not move off it (aircraft, transports Sent to the Rear and withdrawing Units
    excepted)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase is None or ev.get("unit") not in ctx.units:
            return
        uid, kind = ev["unit"], ev["type"]
        if kind == "exit" and uid in ctx.state.table_pos and not self._excepted(ctx, uid):
            where = ctx.state.table_pos[uid]
            ctx.error(ctx.rule("p.93"), f"{ctx.name(uid)} is taken off the table at ({where[0]:.1f}, "
                      f"{where[1]:.1f}); {_RULE} (only Aircraft, Transports Sent to the Rear and a Unit making a "
                      "Strategic Withdrawal leave)", event=ev, units=[uid], position=list(where))
        elif kind == "move" and isinstance(ev.get("to_pos"), list) and len(ev["to_pos"]) == 2 \
                and not ctx.table.on_table(ev["to_pos"]) and not self._excepted(ctx, uid):
            x, y = (float(v) for v in ev["to_pos"])
            ctx.error(ctx.rule("p.93"), f"{ctx.name(uid)} moves to ({x:.1f}, {y:.1f}), off the "
                      f"{ctx.table.width:g}\" x {ctx.table.height:g}\" table; {_RULE}", event=ev, units=[uid],
                      position=[x, y])

    @staticmethod
    def _excepted(ctx: Any, uid: str) -> bool:
        t = T.team(ctx, uid)
        return t.cls == "aircraft" or "transport" in t.tags or t.group in withdrawn(ctx)
