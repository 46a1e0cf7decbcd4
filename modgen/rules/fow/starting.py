"""Flames of War p.16: the Starting Step's order where the log's events show it.

"During the Starting Step you: Remount Bailed Out Tanks (see page 38) Rally Pinned Down Units (see page 41) Check
Unit Last Stand (see page 60) Check Formation Last Stand (see page 61) Check Victory Conditions (see page 93) Reveal
Ambushes (see page 95) Roll for Reserves (see page 96) Roll for Aircraft (see page 44) Remove Friendly Smoke Markers
(see pages 42 and 51)".

The events that show a stage: ``motivation`` tests (remount, rally, last_stand; their order among themselves is
:mod:`.morale`'s check), a team placed from Ambush (``setup`` with ``pos`` of a team held ``off_map: "ambush"``),
the ``reserves`` roll, the ``aircraft`` and ``intercept`` rolls, and Smoke markers taken off (``marker`` off, or the
``exit``/``loss`` of a ``marker.smoke…`` piece). Formation Last Stand and Victory leave no event of their own.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T

#: The p.16 checklist, by stage number.
STAGES: tuple[str, ...] = ("Remount", "Rally", "Unit Last Stand", "Formation Last Stand", "Check Victory",
                           "Reveal Ambushes", "Roll for Reserves", "Roll for Aircraft", "Remove Smoke")
_TESTS = {"remount": 0, "rally": 1, "last_stand": 2}


def stage_of(ctx: Any, ev: dict[str, Any]) -> int | None:
    """The p.16 stage an event belongs to, or None."""
    t = ev["type"]
    if t == "motivation":
        return _TESTS.get(T.key(ev.get("test")))
    if t == "setup" and isinstance(ev.get("pos"), list) and ctx.state.off_map.get(ev.get("unit")) == "ambush":
        return 5
    if t == "reserves":
        return 6
    if t in ("aircraft", "intercept"):
        return 7
    if t == "marker" and not ev.get("on") and "smoke" in str(ev.get("marker", "")):
        return 8
    if t in ("exit", "loss") and str(ev.get("unit", "")).startswith("marker.smoke"):
        return 8
    return None


class StartingOrder:
    """p.16: no Starting Step event after one of a later stage."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ctx.state.phase != "starting":
            return
        stage = stage_of(ctx, ev)
        if stage is None:
            return
        seen = ctx.state.per_phase.setdefault("fow_starting_stage", (stage, ctx.index or 0))
        if seen[0] > stage and not (seen[0] in _TESTS.values() and stage in _TESTS.values()):
            uid = ev.get("unit") if ev.get("unit") in ctx.units else None
            ctx.error(ctx.rule("p.16"), f"{STAGES[stage]} ({ev['type']}" + (f" of {ctx.name(uid)}" if uid else "")
                      + f") comes after {STAGES[seen[0]]} (event {seen[1]}) in the Starting Step; the Step goes "
                      + ", ".join(STAGES) + ", in that order", units=[uid] if uid else [])
        elif stage > seen[0]:
            ctx.state.per_phase["fow_starting_stage"] = (stage, ctx.index or 0)
