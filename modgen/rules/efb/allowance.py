"""EFB movement allowance (8.3, 8.12, 7.7, 10.10), the road-rate stacking test (8.7(2)) and MP scaling for the
path search; used by the movement check (movement.py) and the road column's entry (column.py via checks.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules.efb import common as c


def allowance(ctx: Any, uid: str, ooc: bool, disengaging: bool, ooc_why: str = ""
              ) -> tuple[Fraction | None, list[str]]:
    """Effective MA and the reasons it was cut (8.12: several halvings give 25%, never below 25% nor below 1);
    ``ooc_why`` says why it was out of command (common.ooc_reason)."""
    ma = ctx.values(uid).get("movement")
    if not isinstance(ma, int | float):
        return None, []
    # the same few inputs recur for every move: the figure (exact Fraction arithmetic) is worked out once each
    key = (ma, ooc, disengaging, ooc_why, ctx.state.weather)
    cache = ctx.__dict__.setdefault("_efb_allowance", {})
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = _allowance(ctx, ma, ooc, disengaging, ooc_why)
    return hit[0], list(hit[1])


def _allowance(ctx: Any, ma: float, ooc: bool, disengaging: bool, ooc_why: str) -> tuple[Fraction, list[str]]:
    reasons = []
    if ooc:
        reasons.append(f"out of command: {ooc_why}" if ooc_why else "out of command")
    if disengaging:
        reasons.append("disengaging")
    if ctx.state.weather in ("light_precipitation", "light precipitation"):
        reasons.append("light precipitation")
    value = Fraction(ma).limit_denominator(100)
    if reasons:
        value = value / 2 if len(reasons) == 1 else value / 4
        if ctx.policies.get("halving_rounding") == "down":
            value = Fraction(int(value))
        value = max(value, Fraction(1)) if ma >= 1 else value
    return value, reasons


def road_overstacked(ctx: Any, uid: str, h: str, mode: str, lim: int | None) -> bool:
    """8.7(2) (8.8, 8.9: also rail and trail): would ``uid`` entering ``h`` at the ``mode`` rate be overstacked?
    MK 24.6 SR4 (special rule ``<side>_road_movement``): road movement may pass through units of movement 0."""
    if lim is None:
        return False
    side = ctx.side_of(uid)
    through_zero = mode == "road" and any(r.get("id") == f"{side}_road_movement"
                                          for r in ctx.scenario.get("special_rules") or [])
    friends = [u for u in ctx.state.units_in(h) if u != uid and ctx.side_of(u) == side and c.is_ground(ctx, u)
               and not (through_zero and ctx.values(u).get("movement") == 0)]
    return len(friends) + 1 > lim


def scaled_mp(mp: Fraction, scale: int) -> int | Fraction:
    """``mp * scale`` as an int when whole (it is whenever the scale clears the denominator), else a Fraction."""
    if scale % mp.denominator == 0:
        return mp.numerator * (scale // mp.denominator)
    return mp * scale
