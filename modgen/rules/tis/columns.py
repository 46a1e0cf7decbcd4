"""TiS transport columns [34] and trains [33.3.1].

- [34.2.1] "One TC can carry unit(s) whose total strength is not higher than the doubled EP of the column";
  field artillery counts as for stacking [34.2.5], [5.1.5].
- [34.2.2] loading: the unit spends 2 extra MP, standing on the column's hex; [34.2.3] unloading: 2 MP, the unit
  stays on the column's hex. Both in the movement phase (the MP are movement points).
- [34.3.1] "There can be only one transport column on a square." [34.3.2] "No unit can stay on the same square with
  a loaded transport column." [33.3.1] "Only one train can stay on a hex." Checked when the stacking limits are
  (policy ``stacking_when``).
- [34.3.6] "A transported unit doesn't fight" (as attacker or defender), and it moves only with its column.

In the log a ``transport`` event (``!load TC UNIT...``, ``!unload TC UNIT...``) with ``column``, ``units`` and
``action`` load or unload. A column's move carries its load along.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.movement import EXTRA_MP_KEY, allowance
from modgen.rules.tis.stacking import stack_sp

LOAD_MP = 2  # [34.2.2], [34.2.3]
TRAIN_CLASSES = {"train", "armoured_train"}


def is_column(ctx: Any, uid: str) -> bool:
    return c.unit_class(ctx, uid) == "transport"


def is_train(ctx: Any, uid: str) -> bool:
    return c.unit_class(ctx, uid) in TRAIN_CLASSES or "train" in c.tags(ctx, uid)


def loads(ctx: Any) -> dict[str, list[str]]:
    """Column -> the units it carries now."""
    return ctx.state.notes.setdefault("tis_loads", {})


def carrier(ctx: Any, uid: str) -> str | None:
    return next((tc for tc, units in loads(ctx).items() if uid in units), None)


class Columns:
    """[33.3.1], [34.2.1]-[34.2.3], [34.3.1], [34.3.2], [34.3.6]."""

    def __init__(self) -> None:
        self.reported: set[tuple[str, str, int]] = set()  # (hex, what, stage) reported once a stage

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "transport":
            self._transport(ctx, ev)
        elif t == "attack":
            fighting = [u for u in (ev.get("attackers") or []) + (ev.get("defenders") or [])
                        if isinstance(u, str) and carrier(ctx, u)]
            if fighting:
                ctx.error(ctx.rule("34.3.6"), f"{c.names(ctx, fighting)} fight while carried by a transport column; "
                          "a transported unit doesn't fight, but is affected by the result", units=fighting)
        elif t == "move" and ev.get("unit"):
            uid = ev["unit"]
            tc = carrier(ctx, uid)
            if tc is not None and tc not in (ev.get("stack") or []):
                ctx.error(ctx.rule("34.2.3"), f"{ctx.name(uid)} moves on its own while carried by {ctx.name(tc)}; it "
                          "must be unloaded (2 MP) first", units=[uid, tc])
                loads(ctx)[tc].remove(uid)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] in ("move", "retreat", "advance") and ev.get("unit") in loads(ctx):
            h = st.position.get(ev["unit"])
            for u in loads(ctx)[ev["unit"]]:
                if st.position.get(u) != h:
                    st.place(u, h)  # the load rides with the column
        if ev["type"] == "loss" and ev.get("unit") in loads(ctx) and st.position.get(ev["unit"]) is None:
            loads(ctx).pop(ev["unit"], None)
        if ctx.policies.get("stacking_when") == "always" and ev["type"] in ("move", "reinforcement", "retreat",
                                                                             "advance", "transport"):
            h = st.position.get(ev.get("unit") or ev.get("column") or "")
            if h:
                self._hex(ctx, h)

    def phase_end(self, ctx: Any) -> None:
        if ctx.policies.get("stacking_when") == "always" or ctx.board is None:
            return
        for h in sorted(ctx.state.stacks()):
            self._hex(ctx, h)

    # ---- loading and unloading [34.2] -----------------------------------------------------------------------------
    def _transport(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, tc = ctx.state, ev.get("column")
        units = [u for u in ev.get("units") or [] if isinstance(u, str)]
        action = ev.get("action", "load")
        if not tc or not units:
            return
        if not is_column(ctx, tc):
            ctx.error(ctx.rule("34.2.1"), f"{ctx.name(tc)} is not a transport column and carries no units",
                      units=[tc, *units])
            return
        h = st.position.get(tc)
        if st.phase != "movement" or ctx.side_of(tc) != st.side:
            ctx.error(ctx.rule("34.2.2"), f"{ctx.name(tc)} {action}s {c.names(ctx, units)} in the "
                      f"{st.phase or 'no'} phase of {st.side or 'no side'}; loading and unloading cost movement "
                      "points in the side's movement phase", units=[tc, *units])
        carried = loads(ctx).setdefault(tc, [])
        if action == "unload":
            for u in units:
                if u not in carried:
                    ctx.error(ctx.rule("34.2.3"), f"{ctx.name(tc)} unloads {ctx.name(u)}, which it does not carry",
                              units=[tc, u])
                    continue
                carried.remove(u)
                self._mp(ctx, u, "unloading [34.2.3]")
            return
        for u in units:
            if st.position.get(u) != h:
                ctx.error(ctx.rule("34.2.2"), f"{ctx.name(u)} at {st.position.get(u)} loads onto {ctx.name(tc)} at "
                          f"{h}; a unit loads when it stays on the same hex as the column", units=[tc, u],
                          hexes=[x for x in (st.position.get(u), h) if x])
            elif u not in carried:
                self._mp(ctx, u, "loading [34.2.2]")
                carried.append(u)
        sps = [stack_sp(ctx, u) for u in carried]
        if any(sp is None for sp in sps):
            ctx.could_not_check(ctx.rule("34.2.1"), "the strength of a unit carried by a transport column")
            return
        total, cap = sum(sp or 0 for sp in sps), 2 * c.ep_left(ctx, tc)
        if total > cap:
            ctx.error(ctx.rule("34.2.1"), f"{ctx.name(tc)} ({c.ep_left(ctx, tc)} EP) carries {total} SP "
                      f"({c.names(ctx, carried)}); a column carries at most twice its EP, {cap} SP",
                      units=[tc, *carried], hexes=[h] if h else [])

    def _mp(self, ctx: Any, uid: str, what: str) -> None:
        """The 2 MP of loading or unloading come off the unit's movement this phase."""
        st = ctx.state
        if st.phase != "movement":
            return
        mp, _ = allowance(ctx, uid)
        walk = (st.per_phase.get("tis_walks") or {}).get(uid)
        left = None if mp is None else mp - (walk.spent if walk else 0)
        if left is not None and left < LOAD_MP:
            ctx.error(ctx.rule("34.2.2"), f"{ctx.name(uid)} pays {LOAD_MP} MP for {what.split(' [')[0]} with "
                      f"{max(left, 0)} MP left", units=[uid])
        st.per_phase.setdefault(EXTRA_MP_KEY, {}).setdefault(uid, []).append((LOAD_MP, f"for {what}"))

    # ---- one column, one train a hex [34.3.1], [34.3.2], [33.3.1] ---------------------------------------------------
    def _hex(self, ctx: Any, h: str) -> None:
        st = ctx.state
        here = [u for u in st.units_in(h) if c.is_ground(ctx, u)]
        for side in sorted({s for u in here if (s := ctx.side_of(u))}):
            mine = [u for u in here if ctx.side_of(u) == side]
            tcs = [u for u in mine if is_column(ctx, u)]
            trains = [u for u in mine if is_train(ctx, u)]
            if len(tcs) > 1 and (h, "tc", st.turn) not in self.reported:
                self.reported.add((h, "tc", st.turn))
                ctx.error(ctx.rule("34.3.1"), f"{h} holds {len(tcs)} transport columns ({c.names(ctx, tcs)}); there "
                          "can be only one transport column on a hex", units=tcs, hexes=[h])
            if len(trains) > 1 and (h, "train", st.turn) not in self.reported:
                self.reported.add((h, "train", st.turn))
                ctx.error(ctx.rule("33.3.1"), f"{h} holds {len(trains)} trains ({c.names(ctx, trains)}); only one "
                          "train can stay on a hex", units=trains, hexes=[h])
            for tc in tcs:
                carried = set(loads(ctx).get(tc) or [])
                others = [u for u in mine if u != tc and u not in carried]
                if carried and others and (h, tc, st.turn) not in self.reported:
                    self.reported.add((h, tc, st.turn))
                    ctx.error(ctx.rule("34.3.2"), f"{c.names(ctx, others)} stay at {h} with the loaded "
                              f"{ctx.name(tc)}; no unit can stay on the same hex with a loaded transport column",
                              units=[tc, *others], hexes=[h])
