"""EFB optional rule 27, rubble: placement after ranged DT/DE results (27.1), permanence (27.3); its movement effects
(27.2: +1 MP to enter, the hex's roads and the bridges on its hexsides gone) are in ``common.Costs`` and
``common.bridged``, its urban column shift in ``crt``.

Rule 27 is in play when the scenario's option ``rubble`` is chosen; in a scenario without that option, rubble
markers on the map are honoured but none is required.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb.combat import kind_of

RUBBLE = "rubble"


class Rubble:
    """Rubble markers: where they must appear, that they stay, and keeping the terrain-cost caches honest."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": ("result", "marker"), "after": ("marker",)}

    def __init__(self) -> None:
        self.due: dict[str, int] = {}  # hex -> event index of the DT/DE result that calls for rubble there

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "result" and ev["result"] in ("DT", "DE") and st.current_attack is not None \
                and kind_of(st.current_attack.event) in ("bombardment", "fpf") and c.option_on(ctx, RUBBLE):
            h = st.current_attack.event.get("hex") or (st.position.get(ev["unit"]) if ev.get("unit") else None)
            if h is None:
                hexes = {st.position.get(d) for d in st.current_attack.defenders} - {None}
                h = next(iter(hexes)) if len(hexes) == 1 else None
            if h and RUBBLE not in st.hex_markers.get(h, ()):
                self.due.setdefault(h, ctx.index or 0)
        elif ev["type"] == "marker" and ev.get("marker") == RUBBLE and ev.get("hex"):
            h = ev["hex"]
            if not ev.get("on"):
                if RUBBLE in st.hex_markers.get(h, ()):
                    ctx.error(ctx.rule("27.3"), f"the rubble at {h} is removed; rubble stays for the rest of the game",
                              hexes=[h])
                return
            if not st.turn or st.phase is None:
                return  # set-up
            if c.option_on(ctx, RUBBLE) is False:
                ctx.error(ctx.rule("27.0"), f"rubble is placed at {h}, but rubble is an optional rule that was not "
                          "chosen for this game (scenario option rubble)", hexes=[h])
            elif c.option_on(ctx, RUBBLE) and h not in self.due:
                ctx.error(ctx.rule("27.1"), f"rubble is placed at {h}, where no ranged fire had a DT or DE result",
                          hexes=[h])
            self.due.pop(h, None)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "marker" and ev.get("marker") == RUBBLE:
            # terrain costs cached per bridge version also depend on rubble
            ctx.state.notes["bridge_version"] = ctx.state.notes.get("bridge_version", 0) + 1

    def phase_end(self, ctx: Any) -> None:
        for h, idx in sorted(self.due.items()):
            ctx.error(ctx.rule("27.1"), f"ranged fire at {h} had a DT or DE result, but no rubble marker was placed "
                      "there", hexes=[h], event_index=idx)
        self.due.clear()
