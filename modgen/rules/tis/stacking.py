"""Stacking [5.1]: at most 28 SP a hex [5.1.2], field artillery counted as 1 SP (1-2 EP) or 2 SP (more) [5.1.5],
and on a road through terrain forbidden to armoured, motorized units and artillery at most 14 SP of those
[5.1.6], motorized and mechanized infantry not counted (policy ``road_stack_infantry``). When the limit applies
is not said: policy ``stacking_when`` (end of every phase, or after every arrival). The 24 SP that may fight in
one combat [5.1.2] is checked with the combat."""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

HEX_LIMIT = 28  # [5.1.2]
ROAD_LIMIT = 14  # [5.1.6]


def stack_sp(ctx: Any, uid: str) -> int | None:
    """A unit's SP for stacking: field artillery by EP [5.1.5], others their current SP."""
    if c.unit_class(ctx, uid) == "artillery":
        return 1 if c.ep_left(ctx, uid) <= 2 else 2
    return c.strength(ctx, uid)


class Stacking:
    """[5.1.2], [5.1.5], [5.1.6] per side and hex."""

    def __init__(self) -> None:
        self.reported: set[tuple[str, str | None, str]] = set()

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.policies.get("stacking_when") != "always" or ctx.board is None:
            return
        if ev["type"] in ("move", "reinforcement", "retreat", "advance") and ev.get("unit"):
            h = ctx.state.position.get(ev["unit"])
            if h:
                self._hex(ctx, h, ctx.side_of(ev["unit"]))

    def phase_end(self, ctx: Any) -> None:
        if ctx.policies.get("stacking_when") == "always" or ctx.board is None:
            return
        for h, units in sorted(ctx.state.stacks().items()):
            for side in sorted({s for u in units if (s := ctx.side_of(u))}):
                self._hex(ctx, h, side)

    def _hex(self, ctx: Any, h: str, side: str | None) -> None:
        units = [u for u in ctx.state.units_in(h) if ctx.side_of(u) == side and c.is_ground(ctx, u)]
        if len(units) < 2:
            return
        sps = {u: stack_sp(ctx, u) for u in units}
        if any(v is None for v in sps.values()):
            ctx.could_not_check(ctx.rule("5.1.2"), "a unit in a stack has no strength track")
            return
        total = sum(v for v in sps.values() if v is not None)
        key = (h, side, str(ctx.state.turn))  # once a stage, not at every phase end
        if total > HEX_LIMIT and key not in self.reported:
            self.reported.add(key)
            ctx.error(ctx.rule("5.1.2"), f"{h} holds {total} SP of {side} units ({c.names(ctx, units)}); a hex "
                      f"holds at most {HEX_LIMIT} SP", units=units, hexes=[h])
        if ctx.board.on_line(h, "road"):
            # "It doesn't affect infantry (motorized and mechanized also)" (policy road_stack_infantry)
            exempt = ctx.policies.get("road_stack_infantry", "exempt") == "exempt"
            heavy = [u for u in units if c.move_class(ctx, u) in ("armoured", "motorized", "artillery")
                     and c.inaccessible(ctx, h, c.move_class(ctx, u))
                     and not (exempt and "infantry" in c.symbol_types(ctx, u))]
            sp = sum(sps[u] or 0 for u in heavy)
            if sp > ROAD_LIMIT and (key + ("road",)) not in self.reported:
                self.reported.add(key + ("road",))
                ctx.error(ctx.rule("5.1.6"), f"{h} is a road through terrain closed to {c.names(ctx, heavy)}; only "
                          f"{ROAD_LIMIT} SP of armoured, motorized and artillery units may stand there, not {sp}",
                          units=heavy, hexes=[h])
