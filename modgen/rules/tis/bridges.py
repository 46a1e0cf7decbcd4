"""TiS bridges beyond :mod:`.engineers`' [23.1]/[23.2.1] checks: a bridge blown in the movement phase follows the
object rules [23.1.3] (3 MP, engineer range [22.1.7]; policy ``bridge_demolition``), the scenario option "British
airborne units are not allowed to destroy the Arnhem bridge" (scenario special rule ``arnhem_bridge``), and the
building procedure across phases [23.2.2]-[23.2.4] (policy ``bridge_building``).

Building (the ``bridge`` event ``build`` is the bridge put down): a) the engineer takes the hex by the river in a
movement phase, b) in a later own movement phase it moves across to the other side, c) on a big river the bridge
stands at the start of its next own movement phase; on a small river c) is skipped [23.2.4], so the bridge stands
once it has crossed. The check reads the engineer's last two hexes and the stages it reached them: it stands on the
far side, came there straight from the near side in a later stage than it reached the near side, and (big river) the
bridge is put down in a movement phase of a later stage still. A retreat moves it and so starts the procedure again
[23.2.3].
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.crossings import engineers_in_range
from modgen.rules.tis.objects import spend

_HIST = "tis_hex_history"  # unit -> [(hex, stage reached)], the last two


def _option_on(ctx: Any, option: str) -> bool:
    """A scenario option chosen in ``scenario_start`` (else its default)."""
    chosen = dict(getattr(ctx.state, "options", {}) or {})
    for o in (ctx.scenario or {}).get("options") or []:
        if isinstance(o, dict) and o.get("id") == option:
            return bool(chosen.get(option, o.get("default", False)))
    return bool(chosen.get(option, False))


def british_airborne(ctx: Any, uid: str) -> bool:
    u = ctx.units.get(uid) or {}
    airborne = c.unit_class(ctx, uid) == "airborne" or "airborne" in c.symbol_types(ctx, uid) or \
        bool({"paratroop", "glider"} & c.tags(ctx, uid))
    return u.get("nationality") == "british" and airborne


class Bridges:
    """[23.1.3], [23.2.2]-[23.2.4], the scenario's Arnhem bridge option."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "bridge" or not ev.get("unit") or len(ev.get("hexes") or []) != 2 or ctx.board is None:
            return
        uid, (a, b) = ev["unit"], ev["hexes"]
        if ev.get("action") in ("blow", "destroy"):
            self._scenario(ctx, uid, a, b)
            if ctx.state.phase == "movement" and ctx.policies.get("bridge_demolition", "as_object") == "as_object":
                self._as_object(ctx, uid, a, b)
        elif ev.get("action") == "build" and ctx.policies.get("bridge_building", "procedure") == "procedure":
            self._procedure(ctx, uid, a, b)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        uid = ev.get("unit")
        if ev["type"] in ("move", "retreat", "advance", "setup", "reinforcement") and uid:
            h = st.position.get(uid)
            hist = st.notes.setdefault(_HIST, {}).setdefault(uid, [])
            if h and (not hist or hist[-1][0] != h):
                hist.append((h, st.turn or 0))
                del hist[:-2]

    def _scenario(self, ctx: Any, uid: str, a: str, b: str) -> None:
        for r in (ctx.scenario or {}).get("special_rules") or []:
            p = r.get("params") if isinstance(r, dict) and r.get("id") == "arnhem_bridge" else None
            if not p or sorted(p.get("hexes") or []) != sorted((a, b)):
                continue
            if _option_on(ctx, p.get("option", "historical")) and british_airborne(ctx, uid):
                ctx.error(ctx.rule("scenario"), f"{ctx.name(uid)} blows the Arnhem bridge at {a}-{b}; in the "
                          f"{p.get('option', 'historical')} option British airborne units are not allowed to destroy "
                          "it (Arnhem scenario IV)", units=[uid], hexes=[a, b])

    def _as_object(self, ctx: Any, uid: str, a: str, b: str) -> None:
        """[23.1.3] with [22.1.7]: 3 MP in the movement phase and an engineer of the unit's command in range."""
        here = ctx.state.position.get(uid)
        if here not in (a, b):
            return  # [23.1.4]: engineers.py reports it
        what = f"blows the bridge at {a}-{b}"
        spend(ctx, uid, 3, "23.1.3", what)
        if c.unit_class(ctx, uid) != "engineer" and not engineers_in_range(ctx, uid, here):
            ctx.error(ctx.rule("23.1.3"), f"{ctx.name(uid)} {what} in the movement phase with no engineer of its "
                      "division, brigade, corps or army in range; bridges are destroyed like other objects [22.1.7]",
                      units=[uid], hexes=[a, b])

    def _procedure(self, ctx: Any, uid: str, a: str, b: str) -> None:
        st, nm = ctx.state, ctx.name(uid)
        here = st.position.get(uid)
        if c.unit_class(ctx, uid) != "engineer" or here not in (a, b):
            return  # [23.2.1], [23.2.2]: engineers.py reports it
        near = b if here == a else a
        big = "big_river" in ctx.board.hexside(a, b)
        rule = "23.2.2" if big else "23.2.4"
        hist = st.notes.get(_HIST, {}).get(uid, [])
        if len(hist) < 2 or hist[-2][0] != near or hist[-1][0] != here or hist[-2][1] >= hist[-1][1]:
            ctx.error(ctx.rule(rule), f"{nm} puts down the bridge at {a}-{b} from {here} without the building "
                      f"procedure: it takes the hex by the river ({near}) in one movement phase and crosses to the "
                      "other side in a later one", units=[uid], hexes=[near, here])
            return
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule(rule), f"{nm} puts down the bridge at {a}-{b} in the {st.phase} phase of {st.side}; "
                      "the bridge stands at the start of its own movement phase", units=[uid], hexes=[a, b])
        elif big and hist[-1][1] >= (st.turn or 0):
            ctx.error(ctx.rule("23.2.2"), f"{nm} puts down the bridge over the big river at {a}-{b} in the stage it "
                      "crossed; it stands at the start of the next own movement phase [23.2.2] c)", units=[uid],
                      hexes=[a, b])
