"""EFB road-column entry of reinforcements (6.4), declared by a ``road_column`` event (chat ``!column HEX UNIT…``).

"The first unit would be placed on the map, and each other unit would be lined up on the road off map, within
stacking restrictions. They would pay whatever additional movement points it would require to get them onto the
first map edge hex. If not all units can make it in a single turn, they would be received on the following turn."
(GT 6.4; MK 6.4 says the same.) The queued units stand in off-map road hexes of one stack limit each (9.0), the
first such hex adjacent to the entry hex: a unit in the k-th off-map hex pays k times the road rate (8.7) to reach
the entry hex, out of its movement allowance in the movement phase. A queued unit that did not enter by the end of
its movement phase is received the next turn (it arrives then by ``reinforcement`` or another ``road_column``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb.stacking import limit_for


def queued(ctx: Any, uid: str) -> dict[str, Any] | None:
    """The unit's place in a road column off the map (``hex``, ``slot``, ``cost``), or None."""
    return (ctx.state.notes.get("road_queue") or {}).get(uid)


def carried(ctx: Any, uid: str) -> int | None:
    """The turn a unit carried over from a road column is received on, or None."""
    return (ctx.state.notes.get("road_carried") or {}).get(uid)


def road_rate(ctx: Any, uid: str, h: str) -> Fraction | None:
    """The road rate (8.7) into ``h`` along one of its roads; None when no road runs through ``h``."""
    if ctx.board is None:
        return None
    costs = c.Costs(ctx, uid)
    rates = [costs.line_cost(t) for t in ctx.board.line_hexes
             if costs.line_kind(t) == "road" and ctx.board.on_line(h, t)]
    rates = [r for r in rates if r is not None]
    return min(rates) if rates else None


def entry_limit(ctx: Any, uid: str, q: dict[str, Any], start: str, limit: Fraction) -> Fraction | None:
    """The allowance left once a queued unit has paid its way to the entry hex (6.4); None (after an error) when
    the move does not start at the entry hex or the unit cannot pay."""
    nm, h = ctx.name(uid), q["hex"]
    if start != h:
        ctx.error(ctx.rule("6.4"), f"{nm} enters from the road column at {start}, but its column enters at {h}",
                  units=[uid], hexes=[start, h])
        return None
    cost = q.get("cost")
    if cost is None:
        return limit
    if cost > limit:
        ctx.error(ctx.rule("6.4"), f"{nm} is in off-map road hex {q['slot']} of the column entering at {h}: reaching "
                  f"{h} costs {c.fmt_mp(cost)} MP, over its {c.fmt_mp(limit)} MP movement allowance; it is "
                  "received on the following turn instead", units=[uid], hexes=[h])
        return None
    return limit - cost


class RoadColumn:
    """Checks ``road_column`` events and the queued units' entry and carry-over. ``allowance``: the movement
    check's allowance function (allowance.allowance), passed in by checks.py."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {
        "before": ("phase", "turn", "game_end", "road_column"),
        "after": ("road_column", "move", "reinforcement", "loss"),
    }

    def __init__(self, allowance: Callable[..., tuple[Fraction | None, list[str]]]) -> None:
        self.allowance = allowance
        self.judged: set[tuple[int, str | None]] = set()

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] in ("phase", "turn", "game_end"):
            self._phase_over(ctx)
        if ev["type"] != "road_column" or ctx.board is None:
            return
        h, units = ev["hex"], [u for u in ev["units"] if ctx.unit(u)]
        edges = set().union(*(ctx.board.edge_hexes(e) for e in ("north", "south", "east", "west")))
        if h not in edges:
            ctx.error(ctx.rule("6.4"), f"a road column enters at {h}, which is not a map-edge hex", units=units,
                      hexes=[h])
        if units and road_rate(ctx, units[0], h) is None:
            ctx.error(ctx.rule("6.4"), f"a road column enters at {h}, where no road leaves the map", units=units,
                      hexes=[h])
        sides = {ctx.side_of(u) for u in units}
        if len(sides) > 1:
            ctx.error(ctx.rule("6.4"), f"a road column at {h} mixes sides ({', '.join(sorted(map(str, sides)))})",
                      units=units, hexes=[h])

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "road_column":
            self._queue(ctx, ev)
        elif ev["type"] in ("move", "reinforcement", "loss") and ev.get("unit"):
            (st.notes.get("road_queue") or {}).pop(ev["unit"], None)
            if ev["type"] == "reinforcement" or ev["type"] == "move":
                (st.notes.get("road_carried") or {}).pop(ev["unit"], None)

    def _queue(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, h = ctx.state, ev["hex"]
        units = [u for u in ev["units"] if ctx.unit(u)]
        if not units:
            return
        head, rest = units[0], units[1:]
        st.place(head, h)  # 6.2: placed on the map-edge hex at no MP cost
        st.side_version[ctx.side_of(head)] += 1
        carry = st.notes.setdefault("road_carried", {})
        carry.pop(head, None)
        lim = limit_for(ctx, head)
        rate = road_rate(ctx, head, h) if ctx.board is not None else None
        if rest and (lim is None or rate is None):
            ctx.could_not_check(ctx.rule("6.4"), "the MP a road column's queued units pay to reach the map "
                                f"({'no stacking limit' if lim is None else 'no road'} at {h})")
        queue = st.notes.setdefault("road_queue", {})
        for j, u in enumerate(rest):
            slot = j // lim + 1 if lim else None
            cost = slot * road_rate(ctx, u, h) if slot and rate is not None else None
            queue[u] = {"hex": h, "slot": slot, "cost": cost, "turn": st.turn, "side": ctx.side_of(u),
                        "index": ctx.index}
            carry.pop(u, None)

    def finish(self, ctx: Any) -> None:
        self._phase_over(ctx)

    def _phase_over(self, ctx: Any) -> None:
        """A phase ends (the next phase, turn or the game's end begins; the engine's phase_end comes after a turn
        event has already advanced the turn)."""
        st = ctx.state
        if st.phase == "movement":
            self._carry_over(ctx)
        elif st.phase == "reinforcement" and (st.turn, st.side) not in self.judged:
            self.judged.add((st.turn, st.side))
            for u, turn in sorted((st.notes.get("road_carried") or {}).items()):
                if turn == st.turn and ctx.side_of(u) == st.side and st.position.get(u) is None \
                        and queued(ctx, u) is None and u not in st.eliminated:
                    ctx.error(ctx.rule("6.5"), f"{ctx.name(u)} was carried over from a road column (6.4) to turn "
                              f"{turn} but was not received; reinforcements may not be held back", units=[u])

    def _carry_over(self, ctx: Any) -> None:
        """End of the owner's movement phase: queued units still off the map are received the next turn; one
        that could have paid its way to the entry hex was held back (6.4, 6.5)."""
        st = ctx.state
        queue = st.notes.get("road_queue") or {}
        for u, q in sorted(queue.items()):
            if q["side"] != st.side:
                continue
            del queue[u]
            st.notes.setdefault("road_carried", {})[u] = st.turn + 1
            limit, _ = self.allowance(ctx, u, False, False)
            h, cost = q["hex"], q.get("cost")
            if limit is None or cost is None or cost > limit or c.hex_enemies(ctx, h, q["side"]):
                continue
            lim = limit_for(ctx, u)
            friends = [x for x in st.units_in(h) if ctx.side_of(x) == q["side"] and c.is_ground(ctx, x)]
            if lim is not None and len(friends) + 1 > lim:
                continue  # the entry hex stayed full: it could not enter at the road rate (8.7(2))
            ctx.error(ctx.rule("6.4"), f"{ctx.name(u)} stayed off the map in the road column at {h} (off-map road "
                      f"hex {q['slot']}: {c.fmt_mp(cost)} MP to reach {h} of its {c.fmt_mp(limit)} MP); only units "
                      "that cannot enter are received the following turn, and reinforcements may not be held back "
                      "(6.5)", units=[u], hexes=[h], event_index=q["index"])
