"""Skirmish: a tiny rule system for modgen, written against the plugin interface only.

Each side moves, then digs in. It adds to modgen:

* a phase list (``phases``): movement, then entrenchment, for each side;
* an event kind (``event_kinds``): ``dig_in`` — a unit digs in where it stands;
* a chat verb (``chat_verbs``): ``!dig UNIT-OR-HEX`` in VASSAL's chat gives a ``dig_in`` event;
* a counter kind (``counter_role``): ``fortification`` counters (foxholes) are markers attached to the unit they
  are dropped on, not units that move;
* one check (``checkers``): SK 5.1, a unit digs in only in its side's entrenchment phase, and not after moving;
* its rule families (``families``): fortifications checked; movement and combat not (yet).
"""

from __future__ import annotations

from typing import Any

from modgen.systems import Family, Phase, RuleSystem, not_checked

DIG_IN = {
    "type": "object",
    "description": "A unit digs in where it stands (Skirmish 5.1).",
    "properties": {
        "unit": {"type": "string", "minLength": 1, "description": "The counter id of the unit."},
        "depth": {"type": "integer", "minimum": 1, "maximum": 2, "description": "1 = foxholes, 2 = trenches."},
    },
    "required": ["type", "unit"],
}


def parse_dig(p: Any) -> dict[str, Any]:
    """``!dig UNIT [deep]``: the parser reports any error at its column."""
    unit = p.next("a unit or hex to dig in")
    if not unit.is_target:
        raise p.fail(unit, "a unit or hex to dig in")
    event: dict[str, Any] = {"type": "dig_in", "unit": unit.text}
    if (t := p.peek()) is not None:
        if t.text != "deep":
            raise p.fail(t, "'deep' or end of line")
        p.next("'deep'")
        event["depth"] = 2
    return event


class DigIn:
    """SK 5.1: dig in only in the entrenchment phase, and only a unit that did not move this turn."""

    def __init__(self) -> None:
        self.moved: set[str] = set()

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "turn":
            self.moved.clear()
        elif ev["type"] == "move":
            self.moved.add(ev["unit"])

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "dig_in":
            return
        uid = ev["unit"]
        if ctx.state.phase != "entrench":
            ctx.error(ctx.rule("5.1"), f"{ctx.name(uid)} digs in during the {ctx.state.phase or 'set-up'} phase; "
                      "units dig in only in the entrenchment phase", units=[uid])
        elif uid in self.moved:
            ctx.error(ctx.rule("5.1"), f"{ctx.name(uid)} digs in after moving this turn", units=[uid])


class Skirmish(RuleSystem):
    """The plugin object the entry point names."""

    def phases(self, game: Any = None) -> list[Phase]:
        return [Phase("movement", "Movement"), Phase("entrench", "Entrenchment")]

    def event_kinds(self) -> dict[str, dict[str, Any]]:
        return {"dig_in": DIG_IN}

    def chat_verbs(self) -> dict[str, Any]:
        return {"dig": parse_dig}

    def counter_role(self, counter: dict[str, Any]) -> str:
        return "attached" if counter.get("kind") == "fortification" else super().counter_role(counter)

    def checkers(self, ctx: Any) -> list[Any]:
        return [DigIn()]


plugin = Skirmish(
    id="skirmish",
    name="Skirmish",
    rule_prefix="SK",
    families=(Family("fortifications", rules=("5",)), *not_checked("movement", "combat")),
)
