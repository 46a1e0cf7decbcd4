"""First Taktyka i Strategia checks: the stage sequence [3.1], [3.3] and the scenario's reinforcement schedule.

Only what the rulebook text and the scenario sheet settle deterministically is checked: phase order within a stage,
the game length (17 IX 2e to 26 IX 3e), arrival stages (with the scenario's options), entry areas, and airborne
landings happening in the airborne assault phase [3.3], [17.2.9]. Combat, movement and supply are not checked yet.
"""

from __future__ import annotations

from typing import Any


def expected_sequence(ctx: Any) -> list[tuple[str, str | None]]:
    """One stage's (phase, phasing side): weather, then every phase of the initiative player, then the other's.

    With policy ``phase_order = interleaved`` each phase is played by both players before the next one."""
    first = ctx.scenario.get("first_player")
    sides = list(ctx.sides)
    if first in sides:
        sides.remove(first)
        sides.insert(0, first)
    phases = ctx.plugin.phases(ctx.game)
    fixed = [(p.id, None) for p in phases if not p.per_side]
    own = [p.id for p in phases if p.per_side]
    if ctx.policies.get("phase_order") == "interleaved":
        return fixed + [(p, s) for p in own for s in sides]
    return fixed + [(p, s) for s in sides for p in own]


class Sequence:
    """Phase order within a stage and the number of stages."""

    def __init__(self) -> None:
        self.seq: list[tuple[str, str | None]] | None = None
        self.pos: int | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if self.seq is None:
            self.seq = expected_sequence(ctx)
        if ev["type"] == "turn":
            turns = ctx.scenario.get("turns") or {}
            count = turns.get("count")
            if isinstance(count, int) and ev["turn"] > count:
                last = (turns.get("labels") or [None] * count)[-1]
                ctx.error(ctx.rule("3.1"), f"stage {ev['turn']} is played, but the scenario ends after stage {count}"
                          + (f" ({last})" if last else ""))
            if ctx.state.turn and ev["turn"] != ctx.state.turn + 1:
                ctx.error(ctx.rule("3.1"), f"stage {ev['turn']} follows stage {ctx.state.turn}")
            self.pos = -1
        elif ev["type"] == "phase":
            self._phase(ctx, ev)

    def _phase(self, ctx: Any, ev: dict[str, Any]) -> None:
        seq = self.seq or []
        key = (ev["phase"], ev.get("side"))
        if key[0] not in {p for p, _ in seq}:
            known = ", ".join(dict.fromkeys(p for p, _ in seq))
            ctx.error(ctx.rule("3.3"), f"unknown phase {key[0]!r} (phases: {known})")
            return
        if self.pos is None:
            return  # the log starts mid-stage
        nxt = [i for i in range(self.pos + 1, len(seq)) if seq[i][0] == key[0] and seq[i][1] in (None, key[1])]
        if not nxt:
            who = f"the {key[1]} " if key[1] else "the "
            ctx.error(ctx.rule("3.3"), f"{who}{key[0]} phase is out of order in stage {ctx.state.turn}")
            return
        self.pos = nxt[0]  # phases where nothing happens may be missing from a log; going back is wrong


def schedule(scenario: dict[str, Any], options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Unit -> its reinforcement entry with the chosen options applied: entries marked ``option`` count only when
    it is on; an option's ``reschedule`` moves a ``group`` (``by_roll``: the turns one die roll may pick)."""
    chosen = {o["id"]: options.get(o["id"], o.get("default", False)) for o in scenario.get("options") or []}
    moves = {r.get("group"): r for o in scenario.get("options") or [] if chosen.get(o["id"])
             for r in o.get("reschedule") or []}
    out: dict[str, dict[str, Any]] = {}
    for entry in scenario.get("reinforcements") or []:
        if entry.get("option") and not chosen.get(entry["option"]):
            continue
        if entry.get("group") in moves:
            move = moves[entry["group"]]
            if move.get("turn") is None:
                continue
            entry = {**entry, "turn": move["turn"], "by_roll": move.get("by_roll")}
        for u in entry.get("units") or []:
            out[u] = entry
    return out


class Reinforcements:
    """Arrival stage, entry area and, for airborne landings, the airborne assault phase."""

    def __init__(self) -> None:
        self.sched: dict[str, dict[str, Any]] | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "reinforcement" or not ctx.scenario:
            return
        if self.sched is None:
            self.sched = schedule(ctx.scenario, ctx.state.options)
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


def make_checkers() -> list[Any]:
    """The TiS checks, fresh for one replay."""
    return [Sequence(), Reinforcements()]
