"""TiS checks that need visibility [3.5] (:mod:`modgen.rules.tis.sight`): fire at range in the exterior zone
[15.2.6], single-handed artillery fire at visible or identified units [9.6.3], recon identification at 2 hexes
[11.4.4]; and the bookkeeping of identified units [3.5.5].

In the log: ``far`` (zone exterior), ``attack`` kind ``fire`` (its ``defenders``), ``identify`` (``identified`` true
marks the enemy units on the hex as identified by the recon unit's side until the end of that side's next combat
phase). A verdict the data cannot give (no ``blocks_los`` in the terrain table) is could-not-check; a scarp between
adjacent hexes (which side is above is not in the map data) is a warning.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis import sight
from modgen.rules.tis.recon import COVER, is_recon


def _report(ctx: Any, rule: str, seen: sight.Seen, message: str, **where: Any) -> None:
    if seen.clear is False:
        ctx.error(ctx.rule(rule), f"{message}: {seen.why} [{seen.rule}]", **where)
    elif seen.clear is None and seen.rule == "3.5.2":
        ctx.warning(ctx.rule(rule), f"{message}: {seen.why} [{seen.rule}]; judge it at the table", **where)
    elif seen.clear is None:
        ctx.could_not_check(ctx.rule(rule), seen.why)


class Visibility:
    """[15.2.6], [9.6.3], [11.4.4], [3.5.5]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.board is None or getattr(ctx.board, "grid", None) is None:
            return
        kind = ev["type"]
        if kind == "far" and ev.get("zone", "exterior") == "exterior":
            self._far(ctx, ev)
        elif kind == "attack" and ev.get("kind") == "fire" and ev.get("defenders"):
            self._fire(ctx, ev)
        elif kind == "identify":
            self._identify(ctx, ev)

    def _far(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        uid, tgt = ev.get("unit"), ev.get("target")
        if not isinstance(uid, str) or not isinstance(tgt, str):
            return
        h, th = st.position.get(uid), st.position.get(tgt)
        if not h or not th:
            return
        seen = sight.visible(ctx, h, th, recon=is_recon(ctx, uid))
        _report(ctx, "15.2.6", seen, f"{ctx.name(uid)} at {h} fires at range in the exterior zone at "
                f"{ctx.name(tgt)} at {th}, which it must see", units=[uid, tgt], hexes=[h, th])

    def _fire(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        firers = [u for u in ev.get("attackers") or [] if st.position.get(u)]
        if not firers:
            return
        side = ctx.side_of(firers[0])
        if ctx.policies.get("artillery_visibility", "any_friendly") == "firer":
            eyes = firers
        else:
            eyes = sorted(u for u, h in st.position.items() if h and ctx.side_of(u) == side and c.is_ground(ctx, u))
        for d in ev.get("defenders") or []:
            th = st.position.get(d)
            if not th or sight.identified(ctx, side, d):
                continue
            near = sorted(eyes, key=lambda u: ctx.board.distance(st.position[u], th))
            verdicts = [sight.visible(ctx, st.position[u], th, recon=is_recon(ctx, u)) for u in near]
            if any(v.clear for v in verdicts):
                continue
            seen = next((v for v in verdicts if v.clear is None), verdicts[0] if verdicts else
                        sight.Seen(False, f"no unit of {side} is on the map", "3.5.1"))
            who = "the firing artillery does not see it" if eyes is firers else \
                f"no unit of {side} sees it (nearest: {ctx.name(near[0])} at {st.position[near[0]]})"
            _report(ctx, "9.6.3", seen, f"{c.names(ctx, firers)} fire at {ctx.name(d)} at {th}, which is not "
                    f"identified and {who}; artillery fires only at visible or identified units",
                    units=[*firers, d], hexes=[th])

    def _identify(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        uid, h = ev.get("unit"), ev.get("hex")
        at = st.position.get(uid or "")
        if not uid or not h or not at:
            return
        if ctx.board.distance(at, h) == sight.RANGE and ctx.board.terrain(h) not in COVER:  # else [11.4.2]
            seen = sight.visible(ctx, at, h, recon=True)
            _report(ctx, "11.4.4", seen, f"{ctx.name(uid)} at {at} identifies the units at {h}, 2 hexes away, "
                    "with no line of sight", units=[uid], hexes=[at, h])
        if ev.get("identified"):
            side = ctx.side_of(uid) or ""
            known = st.notes.setdefault("tis_identified", {}).setdefault(side, set())
            known |= set(c.enemies_in(ctx, h, side))

    def phase_end(self, ctx: Any) -> None:
        """[3.5.5]: identified units stay visible to the end of the identifying side's next combat phase."""
        st = ctx.state
        if st.phase == "combat":
            (st.notes.get("tis_identified") or {}).pop(st.side or "", None)
