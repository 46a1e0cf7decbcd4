"""EFB command assignments: an HQ's "plus one unit from any other command" (MK 24.6 command 2; GT 24.6 SS
battlegroup HQs, GT 24.7 Soviet corps HQs), declared by a ``command_assign`` event (chat ``!assign UNIT to HQ``).
Command itself is judged in common.in_command."""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c


class Command:
    """Checks and records ``command_assign`` events."""

    handles = {"before": ("command_assign",)}  # the event types its hooks look at (engine dispatch)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "command_assign":
            return
        hq, uid = ev["hq"], ev["unit"]
        if not ctx.unit(hq) or not ctx.unit(uid):
            return
        rule = c.plus_one_rule(ctx, hq)
        cite = ctx.rule(((rule or {}).get("params") or {}).get("rule") or "24.6")
        if c.klass(ctx, hq) != "hq" or rule is None:
            ctx.error(cite, f"{ctx.name(hq)} is given {ctx.name(uid)} as its plus-one unit, but the scenario gives "
                      f"{ctx.name(hq)} no 'plus one unit from any other command'", units=[hq, uid])
            return
        if not c.plus_one_eligible(ctx, hq, uid):
            froms = (rule.get("params") or {}).get("from")
            why = ("it already commands it" if c.hq_commands(ctx, hq, uid) else
                   f"it is not a unit of {', '.join(froms)}" if froms else "it is not a unit of its side")
            ctx.error(cite, f"{ctx.name(hq)} may not take {ctx.name(uid)} as its plus-one unit: {why}",
                      units=[hq, uid])
            return
        ctx.state.notes.setdefault("plus_one", {})[hq] = uid
        ctx.state.side_version[ctx.side_of(hq)] += 1  # command changed: cached command answers are stale
