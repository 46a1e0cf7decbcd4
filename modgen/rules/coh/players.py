"""Three- and four-player games (21.0): forces, the order of player turns and the round end on N-1 passes.

21.0: "Each player has his own track sheet and force to command." The scenario declares the forces in the special
rule ``multiplayer`` (``params``: ``forces`` = force id -> ``{"side", "units"}``, ``order`` = ``sides`` or
``alternating``). A player's turn is one action or a pass (the players alternate single actions, 17.0). Orders:

- ``sides``: "all players from one side individually taking turns (at the same time or consecutively ...). Ex: ...
  German 1 and German 2, then Soviet 1 and Soviet 2": every player of one side takes a turn, in any order (they may
  play at the same time), then every player of the other side;
- ``alternating``: "German 1 turn, then Soviet 1, then German 2, then Soviet 2"; "each player rolls for initiative
  individually. The high roller goes first, with play again proceeding in alternating order": the sides alternate
  turn by turn, and a player's next turn comes only after his side's other players have each taken one (reading:
  the order of one side's players is kept, as in the example); the first turn of a round is the high roller's when
  the round's per-player ``roll`` events (``purpose`` ``initiative``, ``player``) are in the log.

"When all but 1 player from both sides passes in a row, the round ends" (21.0 Ex: "the round is immediately over"),
counted over forces (a player commanding two forces passes for each).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ORDERS = ("sides", "alternating")


@dataclass
class Forces:
    """The scenario's forces: force id -> side, unit -> force, and the order of player turns."""

    order: str
    side: dict[str, str]
    unit: dict[str, str]


def forces(ctx: Any) -> Forces | None:
    """The scenario's 21.0 forces, or None for a two-player game (no ``multiplayer`` special rule, or a bad one,
    which is reported as could-not-check once)."""
    cached = ctx.state.notes.get("coh_forces", False)
    if cached is not False:
        return cached
    rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "multiplayer"), None)
    found: Forces | None = None
    if rule is not None:
        params = rule.get("params") or {}
        table, order = params.get("forces"), params.get("order", "sides")
        bad = ""
        if not isinstance(table, dict) or len(table) < 3:
            bad = "its params give no 'forces' table of at least three forces"
        elif order not in ORDERS:
            bad = f"its 'order' is {order!r}, not one of {', '.join(ORDERS)}"
        elif any(not isinstance(f, dict) or f.get("side") not in ctx.sides for f in table.values()):
            bad = "a force names no side of the game"
        if bad:
            ctx.could_not_check(ctx.rule("21.0"), f"the scenario's multiplayer rule cannot be read ({bad}); the game "
                                "is checked as a two-player game")
        else:
            found = Forces(order, {f: row["side"] for f, row in table.items()},
                           {u: f for f, row in table.items() for u in row.get("units") or []})
    ctx.state.notes["coh_forces"] = found
    return found


def player_of(ctx: Any, fs: Forces, ev: dict[str, Any], units: list[str]) -> str | None:
    """The force taking this turn: the event's ``player`` (or a ``side`` that names a force: ``!pass german_2``),
    else the force of its first unit."""
    for key in ("player", "side"):
        if ev.get(key) in fs.side:
            return ev[key]
    return next((fs.unit[u] for u in units if u in fs.unit), None)


@dataclass
class TurnOrder:
    """One round's player turns (21.0)."""

    fs: Forces
    count: int = 0
    last: dict[str, int] = field(default_factory=dict)  # force -> number of its last turn this round
    prev: str | None = None  # the force of the previous turn
    block: tuple[str, set[str]] | None = None  # sides order: (side, forces that took a turn in its block)
    passes: list[str] = field(default_factory=list)  # forces that passed in a row
    initiative: dict[str, int] = field(default_factory=dict)

    def roll(self, ev: dict[str, Any]) -> None:
        """A per-player initiative roll of this round."""
        if ev.get("purpose") == "initiative" and ev.get("player") in self.fs.side:
            self.initiative[ev["player"]] = sum(int(d) for d in ev.get("dice") or [])

    def _team(self, force: str) -> list[str]:
        return [f for f, s in self.fs.side.items() if s == self.fs.side[force] and f != force]

    def turn(self, force: str, what: str) -> str | None:
        """Record ``force``'s turn (``what`` describes it); the 21.0 violation it makes, or None."""
        side, fault = self.fs.side[force], None
        if self.fs.order == "sides":
            fault = self._sides(force, side, what)
        else:
            if self.prev is not None and self.fs.side[self.prev] == side:
                fault = (f"{what}: {force} takes a turn right after {self.prev} of the same side; in alternating "
                         "order the sides take turns in turn (German, Soviet, German, Soviet)")
            elif self.count == 0 and len(self.initiative) == len(self.fs.side):
                high = max(self.initiative.values())
                top = [f for f, n in self.initiative.items() if n == high]
                if len(top) == 1 and top[0] != force:
                    fault = (f"{what}: {force} takes the round's first turn, but {top[0]} rolled the highest "
                             f"initiative ({high}); the high roller goes first")
        if fault is None and self.fs.order == "alternating" and force in self.last:
            waiting = [f for f in self._team(force) if self.last.get(f, -1) < self.last[force]]
            if waiting:
                fault = (f"{what}: {force} takes another turn before {', '.join(waiting)} of its side took one; "
                         "each player takes his turn in order")
        self.count += 1
        self.last[force], self.prev = self.count, force
        return fault

    def _sides(self, force: str, side: str, what: str) -> str | None:
        if self.block is None or self.block[0] != side:
            fault = None
            if self.block is not None:
                left = sorted({f for f, s in self.fs.side.items() if s == self.block[0]} - self.block[1])
                if left:
                    fault = (f"{what}: {force} takes a turn before {', '.join(left)} took theirs; all players of "
                             "one side take their turns, then the players of the other side")
            self.block = (side, {force})
            return fault
        if force in self.block[1]:
            self.block[1].add(force)
            return (f"{what}: {force} takes a second turn before the other side's players took theirs; all players "
                    "of one side take their turns, then the players of the other side")
        self.block[1].add(force)
        return None

    def passed(self, force: str | None, action: bool) -> bool:
        """Record a pass (or, with ``action``, any other action, which breaks the run); True when all but one
        force have now passed in a row (21.0)."""
        if action or force is None:
            self.passes = []
            return False
        if force not in self.passes:
            self.passes.append(force)
        return len(self.passes) >= len(self.fs.side) - 1
