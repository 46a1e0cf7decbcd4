"""TiS exceptions to the ZoC stop [6.2.1] and the ZoC-to-ZoC rule [6.2.4] besides recon units [11.1].

- [35.3.3] "Enemy ZoC doesn't affect the movement of sabotage units" (tag ``sabotage``).
- [28.1.4] "A commando unit doesn't have to stop in an enemy ZoC; entering the next square which is in an enemy ZoC
  costs the commando unit an extra 2 MP (day stage) or 1 MP (night stage). Leaving an enemy ZoC causes the commando
  to spend 1 extra MP during the day, but no extra points during the night." (tag ``commando``)
- [13.1.5] "A unit in the night stage can ignore an enemy ZoC if it comes through its own entrenched unit; the extra
  cost for this move is 2 MP for non-motorized units and 3 MP for motorized units": entering a hex of its own
  entrenched unit it does not stop, and it may move on from there within the same ZoC (the next hex's ZoC stops it
  as usual).
- [7.5.2] "A pursuing unit ignores the enemy's units ZoC": pursuit is judged by :mod:`.retreats`, which applies no ZoC
  stop to it except after an elimination [7.5.7].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.rules.tis import common as c


@dataclass(frozen=True)
class Leg:
    """How the ZoC rules bend for one step a -> b."""

    no_stop: bool = False  # entering b does not end the move
    within: bool = False  # a -> b may stay in one enemy unit's ZoC
    extra: int = 0  # extra MP
    why: str = ""
    go_on: bool = False  # the unit may move on from a although it entered a ZoC there


def ignores_zoc(ctx: Any, uid: str) -> bool:
    """[35.3.3] sabotage units."""
    return "sabotage" in c.tags(ctx, uid)


def _entrenched_friend(ctx: Any, uid: str, h: str) -> bool:
    side = ctx.side_of(uid)
    return any(u != uid and ctx.side_of(u) == side and "entrenched" in ctx.state.markers.get(u, set())
               for u in ctx.state.units_in(h)) or "entrenched" in ctx.state.hex_markers.get(h, set()) and \
        any(u != uid and ctx.side_of(u) == side for u in ctx.state.units_in(h))


def leg(ctx: Any, uid: str, a: str, b: str, zmap: dict[str, set[str]]) -> Leg:
    """The commando [28.1.4] and night-infiltration [13.1.5] exceptions for the step a -> b."""
    night = c.is_night(ctx)
    if "commando" in c.tags(ctx, uid):
        if zmap.get(a) and zmap.get(b):
            return Leg(True, True, 1 if night else 2, "[28.1.4] commando into the next ZoC hex", True)
        if zmap.get(a):
            return Leg(True, True, 0 if night else 1, "[28.1.4] commando leaving a ZoC", True)
        return Leg(True, True, go_on=True)
    if night and (zmap.get(a) or zmap.get(b)):
        into, out_of = _entrenched_friend(ctx, uid, b), _entrenched_friend(ctx, uid, a)
        if into or out_of:
            extra = 3 if c.move_class(ctx, uid) in ("motorized", "armoured") else 2
            return Leg(into, True, extra if into else 0, "[13.1.5] through its own entrenched unit at night", out_of)
    return Leg()
