"""Reinforcements and airborne landings: the scenario's schedule (arrival stage, entry area), landings in the
airborne assault phase [3.3], [17.1.1], and the Poles' drop date by a die roll (Arnhem scenario I notes,
alternative variant: 1-2 19 IX, 3-4 20 IX, 5-6 21 IX) compared with the date they land. Where a scenario dates its
landings by day (special rule ``params.landing_by_day``), a landing on any stage of the scheduled day is on time."""

from __future__ import annotations

from typing import Any

from modgen.rules.schedule import reinforcement_schedule

DATE_ROLLS = ("drop_date", "reinforcement")  # roll purposes that pick a drop date


def _day(label: str) -> str:
    """'20 IX 2e' -> '20 IX' (the date of a stage label)."""
    return label.rsplit(" ", 1)[0] if label.endswith("e") and " " in label else label


class Reinforcements:
    """Arrival stage, entry area and, for airborne landings, the airborne assault phase and the drop-date roll."""

    def __init__(self) -> None:
        self.sched: dict[str, dict[str, Any]] | None = None
        self.rolled: dict[int, tuple[int, int]] = {}  # id(schedule entry) -> (die, turn it picks)

    def _schedule(self, ctx: Any) -> dict[str, dict[str, Any]]:
        if self.sched is None:
            self.sched = reinforcement_schedule(ctx.scenario, ctx.state.options)
            ctx.state.notes["tis_schedule"] = self.sched
        return self.sched

    def _labels(self, ctx: Any) -> list[str]:
        return list((ctx.scenario.get("turns") or {}).get("labels") or [])

    def _lab(self, ctx: Any, t: int) -> str:
        labels = self._labels(ctx)
        return f"stage {t} ({labels[t - 1]})" if 0 < t <= len(labels) else f"stage {t}"

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if not ctx.scenario:
            return
        if ev["type"] == "scenario_start":
            self.sched = None  # the options are known now
        if ev["type"] == "roll" and ev.get("purpose") in DATE_ROLLS:
            self._date_roll(ctx, ev)
        if ev["type"] != "reinforcement":
            return
        sched = self._schedule(ctx)
        uid, st = ev["unit"], ctx.state
        entry = sched.get(uid)
        if entry is None:
            ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} is not a reinforcement in this scenario", units=[uid])
            return
        rolled = self.rolled.get(id(entry))
        labels = self._labels(ctx)
        if rolled is not None and 0 < rolled[1] <= len(labels) and 0 < st.turn <= len(labels):
            die, turn = rolled
            if _day(labels[st.turn - 1]) != _day(labels[turn - 1]):
                ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} lands on {labels[st.turn - 1]}, but the drop-date "
                          f"roll of {die} sets {_day(labels[turn - 1])} (1-2 19 IX, 3-4 20 IX, 5-6 21 IX)",
                          units=[uid])
        else:
            if entry.get("by_roll") and rolled is None:
                ctx.could_not_check(ctx.rule("scenario"), f"the drop-date roll for {ctx.name(uid)} is not in the "
                                    "log (a roll with purpose drop_date)")
            allowed = sorted({r["turn"] for r in entry.get("by_roll") or []}) or [entry.get("turn")]
            if self._by_day(ctx, entry) and 0 < st.turn <= len(labels):
                # the scenario dates the landing by day ("land on 17 September"): any stage of that day
                day = _day(labels[st.turn - 1])
                allowed += [t for t in range(1, len(labels) + 1) if t not in allowed and any(
                    isinstance(a, int) and 0 < a <= len(labels) and _day(labels[a - 1]) == day for a in allowed)]
            if st.turn not in allowed:
                due = " or ".join(self._lab(ctx, t) for t in allowed)
                ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} is due on {due} but arrives on "
                          f"{self._lab(ctx, st.turn)}", units=[uid])
        if entry.get("drop") and st.phase not in (None, "airborne"):
            ctx.error(ctx.rule("3.3"), f"{ctx.name(uid)} lands by {entry['drop']} in the {st.phase} phase; airborne "
                      "landings happen in the airborne assault phase [17.1.1]", units=[uid])
        self._area(ctx, uid, ev, entry)

    @staticmethod
    def _by_day(ctx: Any, entry: dict[str, Any]) -> bool:
        """Whether an airborne landing is due on a day rather than a stage: a scenario special rule with
        ``params.landing_by_day`` (scenario I notes: "The Allied airborne divisional units land on 17 September.
        In the historical variant the Poles land on 21 September")."""
        return bool(entry.get("drop")) and any(
            isinstance(r, dict) and (r.get("params") or {}).get("landing_by_day")
            for r in (ctx.scenario or {}).get("special_rules") or [])

    def _date_roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        sched = self._schedule(ctx)
        entries = {id(e): e for e in sched.values() if e.get("by_roll")}
        if not entries or not ev.get("dice"):
            return
        die = int(ev["dice"][0])
        for key, entry in entries.items():
            if key in self.rolled:
                ctx.error(ctx.rule("scenario"), f"a second drop-date roll ({die}); the date is rolled once")
                continue
            pick = next((r for r in entry["by_roll"] if die in (r.get("on") or [])), None)
            if pick is not None:
                self.rolled[key] = (die, pick["turn"])

    def _area(self, ctx: Any, uid: str, ev: dict[str, Any], entry: dict[str, Any]) -> None:
        h = ev.get("hex")
        area_id = ev.get("area") or entry.get("area")
        if not (h and area_id and ctx.board is not None):
            return
        area = ctx.board.area(area_id)
        if area is None:
            ctx.could_not_check(ctx.rule("scenario"), f"the map has no area {area_id!r}")
        elif h not in area and entry.get("drop"):
            # Scenario IV notes: if the Germans capture chosen LZs the Allied player may drop elsewhere; a drop
            # may also drift off its zone [17.1.2]
            ctx.warning(ctx.rule("scenario"), f"{ctx.name(uid)} lands at {h}, outside its landing zone "
                        f"{area_id} (allowed only if the Germans hold it, or after drift)", units=[uid], hexes=[h])
        elif h not in area:
            ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} arrives at {h}, outside its entry area {area_id}",
                      units=[uid], hexes=[h])
