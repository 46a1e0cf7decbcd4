"""TiS field fortifications [12.1]: who builds them, when, where, and how long they last.

Log convention (docs/logs.md): a unit digs in with a ``marker`` event ``entrenched`` on the unit (``on`` true); the
counter lies under the unit [12.1.8]. Building costs all MP in the unit's own movement phase [12.1.1], so the unit has
not moved that phase and moves no more after it (a later move is flagged by :mod:`.engineers`, which keeps the
"all MP spent" register). The fortification belongs to the hex: it is destroyed when its hex is empty at the end of a
movement phase [12.1.4] or when an enemy unit enters the hex [12.1.5]; a unit that leaves the hex leaves it behind.
The checker takes the ``entrenched`` marker off a unit whose fortification is gone, so the odds [12.1.6] no longer
count it (a log claiming the -1 then gets the odds finding). A marker placed before the first stage (or before
any phase of a stage) is the scenario's set-up and is not judged.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.engineers import MINEFIELD, spend_all_mp

ENTRENCHED = "entrenched"
#: [12.1.1]: HQs, sabotage units, transport columns, trains and AT units do not build field fortifications. "AT
#: units" are the AT teams [35.2]: AT artillery may be entrenched ([10.1.2] "entrenched AT guns").
NO_FORTIFICATION = {"hq": "HQs", "sabotage": "sabotage units", "transport": "transport columns",
                    "train": "trains", "at_team": "AT units"}
#: [12.1.2] terrain ids on which no field fortification is built.
NO_FORT_TERRAIN = ("swamp",)
_KEY = "tis_forts"  # hex -> the units dug in there


def forts(ctx: Any) -> dict[str, set[str]]:
    """Hex -> the units entrenched there (the field fortifications standing now)."""
    return ctx.state.notes.setdefault(_KEY, {})


class Fortifications:
    """[12.1.1]-[12.1.5]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "marker" and ev.get("marker") == ENTRENCHED and ev.get("unit") and ev.get("on"):
            self._dig(ctx, ev["unit"])

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        t = ev["type"]
        if t == "marker" and ev.get("marker") == ENTRENCHED and ev.get("unit"):
            uid, h = ev["unit"], st.position.get(ev["unit"])
            if ev.get("on") and h:
                forts(ctx).setdefault(h, set()).add(uid)
            else:
                self._leave(ctx, uid)
        elif t in ("move", "retreat", "advance", "loss") and ev.get("unit"):
            uid = ev["unit"]
            here = st.position.get(uid)
            for h, dug in list(forts(ctx).items()):
                if uid in dug and h != here:
                    self._leave(ctx, uid)  # [12.1.4]: the fortification stays on its hex
            if here and here in forts(ctx) and ctx.side_of(uid) not in {ctx.side_of(u) for u in forts(ctx)[here]}:
                for u in forts(ctx).pop(here):  # [12.1.5] an enemy unit entered the hex
                    st.markers[u].discard(ENTRENCHED)

    def phase_end(self, ctx: Any) -> None:
        """[12.1.4]: at the end of a movement phase a fortification with no unit on it is gone."""
        if ctx.state.phase != "movement":
            return
        for h in [h for h, dug in forts(ctx).items() if not dug]:
            del forts(ctx)[h]

    # ---- building -----------------------------------------------------------------------------------------------
    def _dig(self, ctx: Any, uid: str) -> None:
        st, nm = ctx.state, ctx.name(uid)
        h = st.position.get(uid)
        if not st.turn or not st.phase or h is None:
            return  # the scenario's set-up (before the first stage or its first phase)
        cls = c.unit_class(ctx, uid)
        kind = next((v for k, v in NO_FORTIFICATION.items() if cls == k or k in c.tags(ctx, uid)), None)
        if kind:
            ctx.error(ctx.rule("12.1.1"), f"{nm} builds a field fortification at {h}, but {kind} do not build field "
                      "fortifications", units=[uid], hexes=[h])
            return
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule("12.1.1"), f"{nm} builds a field fortification at {h} in the {st.phase} phase of "
                      f"{st.side}; field fortifications are built in the unit's own movement phase", units=[uid],
                      hexes=[h])
        elif uid in st.per_phase.get("tis_moved", set()):
            ctx.error(ctx.rule("12.1.1"), f"{nm} builds a field fortification at {h} after moving this phase; "
                      "building one costs all its MP", units=[uid], hexes=[h])
        terrain = ctx.board.terrain(h) if ctx.board is not None else None
        if terrain in NO_FORT_TERRAIN:
            ctx.error(ctx.rule("12.1.2"), f"{nm} builds a field fortification at {h}, a {terrain} hex; field "
                      "fortifications are not built on swamps", units=[uid], hexes=[h])
        if MINEFIELD in st.hex_markers.get(h, set()):
            ctx.error(ctx.rule("12.1.2"), f"{nm} builds a field fortification at {h}, which holds a minefield; "
                      "field fortifications are not built on minefields", units=[uid], hexes=[h])
        spend_all_mp(ctx, uid, "12.1.1", "building a field fortification")

    def _leave(self, ctx: Any, uid: str) -> None:
        ctx.state.markers[uid].discard(ENTRENCHED)
        for dug in forts(ctx).values():
            dug.discard(uid)
