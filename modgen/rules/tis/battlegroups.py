"""TiS battlegroups / Kampfgruppen [31.1], [14.2.2], [14.3.2].

- [14.2.2] "Each HQ of army, corps, division or brigade can establish the number of Battle Groups / Kampfgruppe
  [31.0] determined in the scenario. If the scenario does not mention BGs, the player can't establish them." The
  scenario's allowance is the special-rule parameter ``battlegroups``: formation id -> how many (none in the Arnhem
  scenarios, so none may be formed there). A formation's allowance covers the groups of units under it; how many
  exist at once is counted.
- [31.1.1] "A Battlegroup / Kampfgruppe may be created, in its own movement phase, from units with more than 14 SP. A
  created battlegroup can be terminated during the next own movement phase ... This group has MP equal to the slowest
  unit of that group." Whether "more than 14 SP" is the group's total or each unit's is policy ``battlegroup_sp``
  (default ``total``).
- [31.1.2] "If a battlegroup fights in battle, the commanding player gets a +1 modifier"; [31.1.4] cumulative. The
  odds count +1 per attacking group and -1 per defending group whose members all fight (:mod:`.odds`).
- [31.1.3] "Battlegroups must be made from units of the same division, brigade and/or units of the same corps":
  one top formation (``parent`` chain).
- [14.3.2] "Units assigned to a destroyed HQ can't group up into Battle Groups, and an already established BG must
  be resolved": by the end of the side's next movement phase.

In the log a ``battlegroup`` event (``!battlegroup NAME UNIT...``, ``!battlegroup NAME dissolve``) with ``id``,
``units`` and ``action`` form (default) or dissolve.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.obligations import hq_destroyed

MIN_SP = 14  # [31.1.1] "more than 14 SP"
BG_MP_KEY = "tis_bg_mp"  # uid -> the group's MP (the slowest member), read by movement.allowance


def groups(ctx: Any) -> dict[str, dict[str, Any]]:
    """The battlegroups on the map: id -> {"units", "side", "formed": (stage, phase count), "formation"}."""
    return ctx.state.notes.setdefault("tis_bgs", {})


def groups_fighting(ctx: Any, units: list[str]) -> list[str]:
    """The battlegroups counted in a battle fought by ``units`` [31.1.2] (policy ``battlegroup_bonus``)."""
    present = set(units)
    whole = ctx.policies.get("battlegroup_bonus", "whole_group") != "any_member"
    out = []
    for bg, g in sorted(groups(ctx).items()):
        members = [u for u in g["units"] if ctx.state.position.get(u)]
        if members and (set(members) <= present if whole else bool(set(members) & present)):
            out.append(bg)
    return out


def _allowance(ctx: Any) -> dict[str, int] | None:
    for rule in (getattr(ctx, "scenario", None) or {}).get("special_rules") or []:
        bgs = ((rule or {}).get("params") or {}).get("battlegroups")
        if isinstance(bgs, dict):
            return {str(k): int(v) for k, v in bgs.items() if isinstance(v, int)}
    return None


def _mp(ctx: Any, uid: str) -> float | None:
    mp = ctx.values(uid).get("movement")
    return float(mp) if isinstance(mp, int | float) else None


class Battlegroups:
    """[14.2.2], [14.3.2], [31.1.1], [31.1.3]; the group's MP for the movement check."""

    def __init__(self) -> None:
        self.movement_phases: dict[str, int] = {}  # side -> own movement phases begun

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "phase" and ev.get("phase") == "movement" and ev.get("side"):
            self.movement_phases[ev["side"]] = self.movement_phases.get(ev["side"], 0) + 1
        if ev["type"] != "battlegroup":
            return
        bg, units = str(ev.get("id", "")), [u for u in ev.get("units") or [] if isinstance(u, str)]
        action = ev.get("action", "form")
        side = st.side
        where = f"the {st.phase or 'no'} phase of {st.side or 'no side'}"
        g = groups(ctx).get(bg)
        if action == "dissolve":
            if g is None:
                ctx.error(ctx.rule("31.1.1"), f"battlegroup {bg} is dissolved but was never formed")
                return
            own = st.phase == "movement" and g["side"] == side
            if not own or self.movement_phases.get(side, 0) <= g["formed"]:
                ctx.error(ctx.rule("31.1.1"), f"battlegroup {bg} is terminated in {where}; a battlegroup can be "
                          "terminated during its side's next own movement phase", units=g["units"])
            self._drop(ctx, bg)
            return
        if not units:
            return
        usides = {ctx.side_of(u) for u in units} - {None}
        if st.phase != "movement" or usides != {side}:
            ctx.error(ctx.rule("31.1.1"), f"battlegroup {bg} ({c.names(ctx, units)}) is created in {where}; a "
                      "battlegroup is created in its side's own movement phase", units=units)
        tops = {c.corps_of(ctx, u) for u in units}
        if len(tops) > 1:
            ctx.error(ctx.rule("31.1.3"), f"battlegroup {bg} joins units of different formations "
                      f"({', '.join(sorted(str(t) for t in tops))}); a battlegroup is made from units of the same "
                      "division, brigade or corps", units=units)
        sps = {u: c.strength(ctx, u) for u in units}
        if any(v is None for v in sps.values()):
            ctx.could_not_check(ctx.rule("31.1.1"), "the strength of every unit of a battlegroup")
        elif ctx.policies.get("battlegroup_sp", "total") == "each":
            weak = [u for u, v in sps.items() if (v or 0) <= MIN_SP]
            if weak:
                ctx.error(ctx.rule("31.1.1"), f"battlegroup {bg} includes {c.names(ctx, weak)} with 14 SP or less; "
                          "it is created from units with more than 14 SP (policy battlegroup_sp)", units=weak)
        elif sum(v or 0 for v in sps.values()) <= MIN_SP:
            ctx.error(ctx.rule("31.1.1"), f"battlegroup {bg} ({c.names(ctx, units)}) has "
                      f"{sum(v or 0 for v in sps.values())} SP; a battlegroup is created from units with more than "
                      "14 SP (policy battlegroup_sp)", units=units)
        lost = sorted({h for u in units if (h := hq_destroyed(ctx, u))})
        if lost:
            ctx.error(ctx.rule("14.3.2"), f"battlegroup {bg} is formed from units whose HQ ({c.names(ctx, lost)}) "
                      "was destroyed; they can't group up into battle groups", units=units)
        self._allowed(ctx, bg, units)
        groups(ctx)[bg] = {"units": units, "side": side, "formed": self.movement_phases.get(side or "", 0),
                           "top": next(iter(tops)) if len(tops) == 1 else None}
        self._mps(ctx)

    def _allowed(self, ctx: Any, bg: str, units: list[str]) -> None:
        allowance = _allowance(ctx)
        if not allowance:
            ctx.error(ctx.rule("14.2.2"), f"battlegroup {bg} is created, but the scenario does not mention "
                      "battlegroups; then the player can't establish them", units=units)
            return
        hq = next((f for f in allowance if all(c.in_formation(ctx, u, f) for u in units)), None)
        if hq is None:
            ctx.error(ctx.rule("14.2.2"), f"battlegroup {bg}: no formation over all its units has battlegroups in "
                      f"the scenario ({', '.join(sorted(allowance))})", units=units)
            return
        others = [g for g in groups(ctx).values() if all(c.in_formation(ctx, u, hq) for u in g["units"])]
        if len(others) + 1 > allowance[hq]:
            ctx.error(ctx.rule("14.2.2"), f"battlegroup {bg} would be battlegroup {len(others) + 1} of {hq}, which "
                      f"the scenario allows {allowance[hq]}", units=units)

    def _drop(self, ctx: Any, bg: str) -> None:
        groups(ctx).pop(bg, None)
        self._mps(ctx)

    def _mps(self, ctx: Any) -> None:
        """[31.1.1] the group moves at the MP of its slowest unit."""
        out: dict[str, float] = {}
        for g in groups(ctx).values():
            mps = [m for u in g["units"] if (m := _mp(ctx, u)) is not None]
            for u in g["units"]:
                if mps:
                    out[u] = min(mps)
        ctx.state.notes[BG_MP_KEY] = out

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "loss" and ctx.state.position.get(ev.get("unit", "")) is None:
            for bg, g in list(groups(ctx).items()):
                if ev["unit"] in g["units"]:
                    g["units"].remove(ev["unit"])
                    if not g["units"]:
                        self._drop(ctx, bg)

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase != "movement":
            return
        for bg, g in sorted(groups(ctx).items()):
            lost = sorted({h for u in g["units"] if (h := hq_destroyed(ctx, u))})
            if g["side"] == st.side and lost and self.movement_phases.get(st.side or "", 0) > g["formed"]:
                ctx.error(ctx.rule("14.3.2"), f"battlegroup {bg} is still together at the end of the movement phase "
                          f"after its HQ ({c.names(ctx, lost)}) was destroyed; it must be resolved",
                          units=g["units"])
