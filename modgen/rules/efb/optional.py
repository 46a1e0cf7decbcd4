"""EFB optional rules whose use the log shows: German long-range anti-tank fire (25) and entrenchments (26).

When the scenario offers the rule as an option (``lr_at``, ``entrenchments``) and the log's ``scenario_start``
does not choose it, using it is an error (25.0, 26.0).

- LR AT (``attack`` with ``kind: "lr_at"``): every firer is a German unit with a bracketed attack factor (25.1),
  in command and not suppressed, not in an enemy ZOC (25.2.1); the target hex is at most two hexes away (25.3)
  and holds at least one enemy armored unit (25.2.2). The books do not say which strength and CRT the fire uses
  nor whether it counts against the once-per-turn fire of 12.1, so neither is checked.
- Entrenchments (``marker`` with ``marker: "entrenchment"`` on a ``hex``): placed in the phasing player's
  movement phase in a hex holding one of its engineers that is in command (at the start of the phase, 7.6) and
  not suppressed, has not moved this phase and is not in an enemy ZOC (26.1); a marker left on a hex with no units
  at the end of a phase should have been removed (26.3).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c

ENTRENCHMENT = "entrenchment"


class Optional:
    """LR anti-tank fire and entrenchment placement/removal."""

    handles = {"before": ("attack", "marker")}  # the event types its hooks look at (engine dispatch)

    def __init__(self) -> None:
        self.reported: set[str] = set()  # hexes whose stale entrenchment was reported (once)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "attack" and ev.get("kind") == "lr_at":
            self._lr_at(ctx, ev)
        elif ev["type"] == "marker" and ev.get("marker") == ENTRENCHMENT and ev.get("on") and ev.get("hex"):
            self.reported.discard(ev["hex"])
            self._entrench(ctx, ev["hex"])

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        for h, markers in list(st.hex_markers.items()):
            if ENTRENCHMENT in markers and h not in self.reported and \
                    not any(c.is_ground(ctx, u) for u in st.units_in(h)):
                self.reported.add(h)
                ctx.error(ctx.rule("26.3"), f"the entrenchment at {h} has no units in it and should have been "
                          "removed", hexes=[h])

    # ------------------------------------------------------------------------------------------------------
    def _lr_at(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if c.option_on(ctx, "lr_at") is False:
            ctx.error(ctx.rule("25.0"), "long-range anti-tank fire is an optional rule that was not chosen for this "
                      "game (scenario option lr_at)", units=list(ev.get("attackers") or []))
            return
        firers = [u for u in ev.get("attackers") or [] if c.is_ground(ctx, u)]
        target = ev.get("hex")
        if not target:
            hexes = {st.position.get(d) for d in ev.get("defenders") or []} - {None}
            target = next(iter(hexes)) if len(hexes) == 1 else None
        for f in firers:
            nm = ctx.name(f)
            if c.nationality(ctx, f) != "german" or "bracketed" not in ctx.marks(f, "attack"):
                ctx.error(ctx.rule("25.1"), f"{nm} is not a German unit with a bracketed attack factor and may not "
                          "make long-range anti-tank fire", units=[f])
                continue
            if c.suppressed(ctx, f):
                ctx.error(ctx.rule("25.2"), f"{nm} is suppressed and may not make long-range anti-tank fire",
                          units=[f])
            elif not c.in_command(ctx, f):
                c.ooc_error(ctx, [f], ctx.rule("25.2"), f"{nm} is out of command ({c.ooc_reason(ctx, f)}) and may "
                            "not make long-range anti-tank fire", units=[f])
            fh = st.position.get(f)
            if fh is None or ctx.board is None:
                continue
            if c.in_ezoc(ctx, fh, ctx.side_of(f)):
                ctx.error(ctx.rule("25.2"), f"{nm} at {fh} is in an enemy ZOC and may not make long-range anti-tank "
                          "fire", units=[f], hexes=[fh])
            if target and ctx.board.distance(fh, target) > 2:
                ctx.error(ctx.rule("25.3"), f"{nm} at {fh} fires at {target}, {ctx.board.distance(fh, target)} hexes "
                          "away; long-range anti-tank fire reaches two hexes", units=[f], hexes=[fh, target])
        if target and firers:
            side = ctx.side_of(firers[0])
            armored = [u for u in c.hex_enemies(ctx, target, side) if c.is_armored(ctx, u)]
            if not armored:
                ctx.error(ctx.rule("25.2"), f"long-range anti-tank fire at {target}, which holds no enemy armored "
                          "unit", units=firers, hexes=[target])

    def _entrench(self, ctx: Any, h: str) -> None:
        st = ctx.state
        if not st.turn or st.phase is None:
            return  # placed at set-up (a scenario's prepared defenses)
        if c.option_on(ctx, "entrenchments") is False:
            ctx.error(ctx.rule("26.0"), f"an entrenchment is placed at {h}, but prepared defenses are an optional "
                      "rule that was not chosen for this game (scenario option entrenchments)", hexes=[h])
            return
        if st.phase != "movement":
            ctx.error(ctx.rule("26.1"), f"an entrenchment is placed at {h} outside the movement phase", hexes=[h])
            return
        engineers = [u for u in st.units_in(h) if ctx.side_of(u) == st.side and "engineer" in c.types(ctx, u)]
        if not engineers:
            ctx.error(ctx.rule("26.1"), f"an entrenchment is placed at {h}, which holds no engineer of the phasing "
                      "side", hexes=[h])
            return
        if ctx.board is not None and c.in_ezoc(ctx, h, st.side):
            ctx.error(ctx.rule("26.1"), f"an entrenchment is placed at {h}, which is in an enemy ZOC", hexes=[h],
                      units=engineers)
            return
        cmd = st.notes.get("cmd_move") or {}
        able = [u for u in engineers if not st.moved.get(u) and not c.suppressed(ctx, u) and cmd.get(u, True)]
        if not able:
            why = []
            for u in engineers:
                if st.moved.get(u):
                    why.append(f"{ctx.name(u)} moved this phase")
                elif c.suppressed(ctx, u):
                    why.append(f"{ctx.name(u)} is suppressed")
                else:
                    why.append(f"{ctx.name(u)} was out of command at the start of the phase")
            ctx.error(ctx.rule("26.1"), f"an entrenchment is placed at {h}, but {'; '.join(why)}", hexes=[h],
                      units=engineers)
