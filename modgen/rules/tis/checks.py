"""First Taktyka i Strategia checks: the stage sequence [3.1], [3.3] and the scenario's reinforcement schedule.

Only what the rulebook text and the scenario sheet settle deterministically is checked: phase order within a stage,
the game length (17 IX 2e to 26 IX 3e), arrival stages (with the scenario's options), entry areas, and airborne
landings happening in the airborne assault phase [3.3], [17.2.9]. Combat, movement and supply are not checked yet.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.schedule import reinforcement_schedule
from modgen.rules.seqcheck import Sequence


class Reinforcements:
    """Arrival stage, entry area and, for airborne landings, the airborne assault phase."""

    def __init__(self) -> None:
        self.sched: dict[str, dict[str, Any]] | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "reinforcement" or not ctx.scenario:
            return
        if self.sched is None:
            self.sched = reinforcement_schedule(ctx.scenario, ctx.state.options)
        uid, st = ev["unit"], ctx.state
        entry = self.sched.get(uid)
        if entry is None:
            ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} is not a reinforcement in this scenario", units=[uid])
            return
        allowed = sorted({r["turn"] for r in entry.get("by_roll") or []}) or [entry.get("turn")]
        if st.turn not in allowed:
            labels = (ctx.scenario.get("turns") or {}).get("labels") or []

            def lab(t: int) -> str:
                return f"stage {t} ({labels[t - 1]})" if 0 < t <= len(labels) else f"stage {t}"

            due = " or ".join(lab(t) for t in allowed)
            ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} is due on {due} but arrives on {lab(st.turn)}",
                      units=[uid])
        if entry.get("drop") and st.phase not in (None, "airborne"):
            ctx.error(ctx.rule("3.3"), f"{ctx.name(uid)} lands by {entry['drop']} in the {st.phase} phase; airborne "
                      "landings happen in the airborne assault phase", units=[uid])
        h = ev.get("hex")
        area_id = ev.get("area") or entry.get("area")
        if h and area_id and ctx.board is not None:
            area = ctx.board.area(area_id)
            if area is None:
                ctx.could_not_check(ctx.rule("scenario"), f"the map has no area {area_id!r}")
            elif h not in area and entry.get("drop"):
                # Scenario IV notes: if the Germans capture chosen LZs the Allied player may drop elsewhere.
                ctx.warning(ctx.rule("scenario"), f"{ctx.name(uid)} lands at {h}, outside its landing zone "
                            f"{area_id} (allowed only if the Germans hold it)", units=[uid], hexes=[h])
            elif h not in area:
                ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} arrives at {h}, outside its entry area {area_id}",
                          units=[uid], hexes=[h])


def make_checkers(ctx: Any) -> list[Any]:
    """The TiS checks for one replay: [3.3] phase order (policy ``phase_order``), [3.1] stages, reinforcements."""
    interleaved = ctx.policies.get("phase_order") == "interleaved"
    return [Sequence("3.3", "3.1", "stage", interleaved=interleaved), Reinforcements()]
