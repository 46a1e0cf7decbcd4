"""TiS objects [22]: ground units destroying objects [22.1.7], engineers repairing damaged objects [22.1.5] and
rebuilding destroyed ones [22.3], and the destroyed ferry [24.2.3].

Log conventions (docs/logs.md): a ``marker`` event on the object's ``hex`` with the acting ``unit`` and the
``object`` it concerns (``road``, ``railroad``, ``airfield``, ``port``, ``ferry``, ``bridge``): ``object_destroyed``
on = destroyed [22.1.4], off = rebuilt [22.3]; ``object_damaged`` off = repaired [22.1.5]. A marker without a
``unit``, or placed by artillery or air units (fire on objects [22.1.1]-[22.1.2]), only records the object's state.

- [22.1.7] in the unit's own movement phase, by any unit but artillery, armoured trains and HQs, standing on the
  object's hex, for 3 MP (commandos 2 [28.1.6]) out of the phase's allowance, within range [20.1.6] of an engineer
  of its division, brigade, corps or army (commandos need none); an engineer doing it spends one action [20.1.4].
- [22.1.5] a damaged object is repaired by engineers standing on its hex, for 3 MP in their movement phase.
- [22.3.1]-[22.3.3] only engineers rebuild, after standing on the hex the object's number of stages (railroads 1,
  airfields 3, harbours 6); a retreat restarts the count (the stay is counted from the engineer's last arrival on
  the hex). The bridge entry ("see 19.2.2") is garbled: rebuilding a bridge is could-not-check here ([23.2] is
  :mod:`.bridges`). [24.2.3] a destroyed ferry is never rebuilt.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules.movement import fmt_mp
from modgen.rules.tis import common as c
from modgen.rules.tis.crossings import engineers_in_range
from modgen.rules.tis.engineers import engineer_action
from modgen.rules.tis.movement import Walk, allowance

DESTROYED, DAMAGED = "object_destroyed", "object_damaged"
#: [22.3.2] stages an engineer stays on the hex to rebuild (bridges: "see 19.2.2", garbled, not here).
REBUILD_STAGES = {"railroad": 1, "railway": 1, "airfield": 3, "harbor": 6, "harbour": 6, "port": 6}
#: [22.1.7] units that do not destroy objects (besides air units, which attack them from the air [22.1.1]).
NO_DEMOLITION = {"artillery": "artillery", "at_artillery": "artillery", "aa_artillery": "artillery",
                 "hq": "HQs", "train": "armoured trains"}


def spend(ctx: Any, uid: str, mp: int, rule: str, what: str) -> None:
    """Spend ``mp`` of the unit's movement allowance this phase on ``what`` (flagged under ``rule`` if it has not
    got them); later moves count them [4.2.2]."""
    st = ctx.state
    walk = st.per_phase.setdefault("tis_walks", {}).setdefault(uid, Walk(st.position.get(uid) or ""))
    limit, why = allowance(ctx, uid)
    if limit is None:
        ctx.could_not_check(ctx.rule(rule), f"{ctx.name(uid)} has no movement points in the data")
        return
    if walk.spent + mp > limit:
        ctx.error(ctx.rule(rule), f"{ctx.name(uid)} {what} with {fmt_mp(max(limit - walk.spent, Fraction(0)))} MP "
                  f"left{why}; it costs {mp} MP", units=[uid], hexes=[st.position.get(uid) or ""])
    walk.spent += mp


class Objects:
    """[22.1.5], [22.1.7], [22.3.1]-[22.3.3], [24.2.3], [28.1.6]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "marker" or ev.get("marker") not in (DESTROYED, DAMAGED) or not ev.get("hex"):
            return
        uid, kind = ev.get("unit"), str(ev.get("object") or "")
        if not uid or ctx.board is None or c.unit_class(ctx, uid) == "air":
            return
        if ev["marker"] == DESTROYED and ev.get("on"):
            self._destroy(ctx, uid, ev["hex"], kind)
        elif ev["marker"] == DESTROYED:
            self._rebuild(ctx, uid, ev["hex"], kind)
        elif not ev.get("on"):
            self._repair(ctx, uid, ev["hex"], kind)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "marker" and ev.get("marker") in (DESTROYED, DAMAGED) and ev.get("hex"):
            kind = str(ev.get("object") or "object")
            objs = c.object_state(ctx, ev["hex"])
            if ev.get("on"):
                objs[kind] = "destroyed" if ev["marker"] == DESTROYED else "damaged"
            else:
                objs.pop(kind, None)
            if ev.get("unit"):
                st.markers[ev["unit"]].discard(ev["marker"])  # the marker lies on the hex
        elif ev["type"] in ("move", "retreat", "advance", "setup", "reinforcement") and ev.get("unit"):
            st.notes.setdefault("tis_arrival_stage", {})[ev["unit"]] = st.turn or 0  # [22.3.3]

    # ---- [22.1.7] destroying ---------------------------------------------------------------------------------------
    def _destroy(self, ctx: Any, uid: str, h: str, kind: str) -> None:
        st, nm = ctx.state, ctx.name(uid)
        cls = c.unit_class(ctx, uid)
        what = f"destroys the {kind or 'object'} at {h}"
        who = NO_DEMOLITION.get(cls) or ("armoured trains" if "armoured_train" in c.tags(ctx, uid) else None)
        if who == "artillery":
            return  # artillery fire on objects [22.1.1]-[22.1.2]: not a demolition
        if who:
            ctx.error(ctx.rule("22.1.7"), f"{nm} {what}, but {who} do not destroy objects", units=[uid], hexes=[h])
            return
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule("22.1.7"), f"{nm} {what} in the {st.phase} phase of {st.side}; units destroy objects "
                      "in their own movement phase", units=[uid], hexes=[h])
            return
        if st.position.get(uid) != h:
            ctx.error(ctx.rule("22.1.7"), f"{nm} at {st.position.get(uid)} {what}; the unit destroys an object "
                      "after entering its hex", units=[uid], hexes=[h])
            return
        commando = cls == "commando" or "commando" in c.tags(ctx, uid)
        if commando:
            spend(ctx, uid, 2, "28.1.6", what)
            return
        spend(ctx, uid, 3, "22.1.7", what)
        if cls == "engineer":
            engineer_action(ctx, uid, what)
        elif not engineers_in_range(ctx, uid, h):
            ctx.error(ctx.rule("22.1.7"), f"{nm} {what} with no engineer of its division, brigade, corps or army in "
                      "range [20.1.6]", units=[uid], hexes=[h])

    # ---- [22.1.5] repairing, [22.3] rebuilding ---------------------------------------------------------------------
    def _engineer_here(self, ctx: Any, uid: str, h: str, rule: str, what: str) -> bool:
        st, nm = ctx.state, ctx.name(uid)
        if c.unit_class(ctx, uid) != "engineer":
            ctx.error(ctx.rule(rule), f"{nm} {what}, but only engineers rebuild objects", units=[uid], hexes=[h])
            return False
        if st.position.get(uid) != h:
            ctx.error(ctx.rule(rule), f"{nm} at {st.position.get(uid)} {what}; the engineer stands on the object's "
                      "hex", units=[uid], hexes=[h])
            return False
        return True

    def _repair(self, ctx: Any, uid: str, h: str, kind: str) -> None:
        what = f"repairs the damaged {kind or 'object'} at {h}"
        if not self._engineer_here(ctx, uid, h, "22.1.5", what):
            return
        st = ctx.state
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule("22.1.5"), f"{ctx.name(uid)} {what} in the {st.phase} phase of {st.side}; the "
                      "engineers spend 3 MP on it in their movement phase", units=[uid], hexes=[h])
            return
        spend(ctx, uid, 3, "22.1.5", what)
        engineer_action(ctx, uid, what)

    def _rebuild(self, ctx: Any, uid: str, h: str, kind: str) -> None:
        what = f"rebuilds the {kind or 'object'} at {h}"
        if kind == "ferry":
            ctx.error(ctx.rule("24.2.3"), f"{ctx.name(uid)} {what}; a destroyed ferry cannot be rebuilt",
                      units=[uid], hexes=[h])
            return
        if not self._engineer_here(ctx, uid, h, "22.3.1", what):
            return
        engineer_action(ctx, uid, what)
        need = REBUILD_STAGES.get(kind)
        if need is None:
            ctx.could_not_check(ctx.rule("22.3.2"), f"the rebuilding time of a {kind or 'object without a type'} "
                                "(the rulebook gives railroads 1, airfields 3, harbours 6 stages; bridges 'see "
                                "19.2.2')")
            return
        st = ctx.state
        since = st.notes.get("tis_arrival_stage", {}).get(uid, 0)
        stayed = (st.turn or 0) - since
        if stayed < need:
            ctx.error(ctx.rule("22.3.2"), f"{ctx.name(uid)} {what} after {stayed} stage(s) on the hex (since stage "
                      f"{since}); a {kind} takes {need}, and a retreat starts the count again [22.3.3]",
                      units=[uid], hexes=[h])
