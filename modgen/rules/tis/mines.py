"""TiS minefield losses [21.2.2]-[21.2.4], doubled at night [13.1.2].

A unit (friend or foe) entering a minefield hex owes a loss roll [21.2.2], unless a friendly engineer stands on the
hex [21.2.4] (the extra MP [21.2.1] are :mod:`.movement`'s). The roll is a ``roll`` event purpose ``minefield``
(one die) after the move; with a ``unit`` it settles that unit's entry, without one every unit that entered the
first pending minefield hex (the stack that entered it). The result:

- an engineer rolls for itself [21.2.3]: a 6 (at night 4-6) costs 1 SP; the table does not matter;
- other units: the Losses on the Minefields table (manifest ``minefield_losses``), the row of the entering stack's
  SP, the column of the die, doubled at night [13.1.2]. The seed prints rows 1-2, 3-5, 6-7 and three cells of
  8-10; the rest is designer data, and a missing row or cell is could-not-check.

The SP lost are the ``loss`` events of those units that follow the roll (EP converted to SP on each unit's track):
not fewer SP than the table gives, and no EP more than needed to lose them. A minefield entry with no roll before
the phase ends is flagged. A move given only by ``from``/``to`` enters the minefields on the path the movement check
found for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.engineers import MINEFIELD

_OWED = "tis_mine_owed"  # per phase: [(unit, hex)] entries without a roll yet
_PENDING = "tis_mine_pending"  # per phase: the Pending settlement after a roll


@dataclass
class Pending:
    """A minefield roll and the SP its units owe."""

    units: list[str]
    hex: str
    owed: int
    why: str
    drops: list[int] = field(default_factory=list)  # SP each EP taken since the roll cost


def _entered(ctx: Any, ev: dict[str, Any]) -> list[str]:
    """The hexes a move, retreat or advance enters (its path after the start, else its destination)."""
    path = [h for h in ev.get("path") or [] if isinstance(h, str)]
    if path:
        return path[1:] if path[0] == ctx.state.position.get(ev["unit"]) else path
    to = ev.get("to") or ev.get("hex")
    return [to] if isinstance(to, str) else []


def ep_drops(ctx: Any, uid: str, n: int) -> list[int]:
    """The SP each of the unit's next ``n`` EP costs on its track [3.6.2] (its last EP costs all it has left)."""
    t = c.track(ctx, uid)
    if not t:
        return []
    st = ctx.state
    lost = st.max_steps.get(uid, len(t)) - st.steps.get(uid, st.max_steps.get(uid, len(t)))
    out = []
    for i in range(lost, min(lost + n, len(t))):
        out.append(int(t[i]) - (int(t[i + 1]) if i + 1 < len(t) else 0))
    return out


def table_loss(ctx: Any, stack_sp: int, die: int) -> tuple[int | None, str]:
    """(SP lost, row label) from the Losses on the Minefields table; None where the row or cell is missing."""
    rows = (ctx.tables.get("minefield_losses") or {}).get("rows") or []
    for row in rows:
        hi = row.get("max")
        if row.get("min", 0) <= stack_sp and (hi is None or stack_sp <= hi):
            cells = row.get("results") or []
            cell = cells[die - 1] if 0 < die <= len(cells) else None
            return (cell if isinstance(cell, int) else None), str(row.get("label"))
    return None, ""


class Minefields:
    """[21.2.2], [21.2.3], [21.2.4], [13.1.2]."""

    def __init__(self) -> None:
        self._path: list[str] = []

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        pending: Pending | None = st.per_phase.get(_PENDING)
        if pending is not None and not (ev["type"] == "loss" and ev.get("unit") in pending.units):
            self._settle(ctx)
        if ev["type"] == "loss" and pending is not None and ev.get("unit") in pending.units:
            uid = ev["unit"]
            n = len(c.track(ctx, uid) or []) if ev.get("eliminated") else int(ev.get("steps") or 1)
            pending.drops += ep_drops(ctx, uid, n)
        elif ev["type"] == "roll" and ev.get("purpose") == "minefield":
            self._roll(ctx, ev)
        elif ev["type"] in ("move", "retreat", "advance") and ev.get("unit"):
            self._path = _entered(ctx, ev)  # read before the state moves the unit

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] not in ("move", "retreat", "advance") or not ev.get("unit") or ctx.board is None:
            return
        uid = ev["unit"]
        side = ctx.side_of(uid)
        owed = ctx.state.per_phase.setdefault(_OWED, [])
        walk = (ctx.state.per_phase.get("tis_walks") or {}).get(uid)
        if walk is not None:
            seen = ctx.state.per_phase.setdefault("tis_mines_seen", {})
            if ev["type"] == "move" and not ev.get("path"):
                # a from/to move: the minefields on the path the movement check found (:mod:`.movement`)
                found = [h for h, _x in walk.mines[seen.get(uid, 0):]]
                self._path = found + [h for h in self._path if h not in found]  # the destination at least
            seen[uid] = len(walk.mines)
        for h in self._path:
            if MINEFIELD not in ctx.state.hex_markers.get(h, set()):
                continue
            friends = [u for u in ctx.state.units_in(h) if u != uid and ctx.side_of(u) == side
                       and c.unit_class(ctx, u) == "engineer"]
            if not friends:  # [21.2.4] a friendly engineer on the hex: no losses
                owed.append((uid, h))

    def phase_end(self, ctx: Any) -> None:
        self._settle(ctx)
        for uid, h in ctx.state.per_phase.get(_OWED, []):
            ctx.error(ctx.rule("21.2.2"), f"{ctx.name(uid)} entered the minefield at {h} and no minefield loss roll "
                      "(roll purpose minefield) followed; a unit entering a minefield checks its casualties",
                      units=[uid], hexes=[h])
        ctx.state.per_phase[_OWED] = []

    def _roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        owed: list[tuple[str, str]] = st.per_phase.get(_OWED, [])
        who = ev.get("unit")
        if who:
            mine = [(u, h) for u, h in owed if u == who]
        else:
            first = next((h for u, h in owed if c.unit_class(ctx, u) != "engineer"), None)
            mine = [(u, h) for u, h in owed if h == first and c.unit_class(ctx, u) != "engineer"]
        if not mine:
            ctx.error("LOG", f"a minefield loss roll{' for ' + ctx.name(who) if who else ''} with no unit that "
                      "entered a minefield waiting for it", units=[who] if who else [])
            return
        st.per_phase[_OWED] = [x for x in owed if x not in mine]
        dice = [int(d) for d in ev.get("dice") or []]
        units, h = [u for u, _h in mine], mine[0][1]
        if len(dice) != 1:
            ctx.error(ctx.rule("21.2.2"), f"the minefield loss roll at {h} has {len(dice)} dice; it is one die",
                      units=units, hexes=[h])
            return
        die, night = dice[0], c.is_night(ctx)
        if len(units) == 1 and c.unit_class(ctx, units[0]) == "engineer":
            owed_sp = int(die >= (4 if night else 6))
            why = f"an engineer loses 1 SP on a {'4-6 at night' if night else '6'} [21.2.3]"
        else:
            sp = sum(c.strength(ctx, u) or 0 for u in units)
            loss, label = table_loss(ctx, sp, die)
            if loss is None:
                ctx.could_not_check(ctx.rule("21.2.2"), f"the Losses on the Minefields table has no cell for a "
                                    f"{sp}-SP stack and a roll of {die}")
                return
            owed_sp = loss * (2 if night else 1)
            why = f"row {label} ({sp} SP) with a {die} gives {loss} SP" + (", doubled at night [13.1.2]"
                                                                            if night else "")
        st.per_phase[_PENDING] = Pending(units, h, owed_sp, why)

    def _settle(self, ctx: Any) -> None:
        p: Pending | None = ctx.state.per_phase.pop(_PENDING, None)
        if p is None:
            return
        got = sum(p.drops)
        rule = "21.2.3" if "[21.2.3]" in p.why else "21.2.2"
        if got < p.owed:
            ctx.error(ctx.rule(rule), f"{c.names(ctx, p.units)} lose {got} SP entering the minefield at {p.hex}, but "
                      f"{p.why}: {p.owed} SP", units=p.units, hexes=[p.hex])
        elif p.drops and got - p.drops[-1] >= p.owed:
            ctx.error(ctx.rule(rule), f"{c.names(ctx, p.units)} lose {got} SP ({len(p.drops)} EP) entering the "
                      f"minefield at {p.hex}, more EP than the {p.owed} SP owed ({p.why})", units=p.units,
                      hexes=[p.hex])
