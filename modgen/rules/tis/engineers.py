"""TiS engineers, minefields and bridges: engineer actions a stage [20.1.4], laying mines [21.1], clearing them
[21.3], blowing bridges [23.1] and building them [23.2].

Log conventions (docs/logs.md): a minefield is a ``marker`` event ``minefield`` whose ``unit`` is the engineer and
whose ``hex`` is the minefield's hex (``on`` true: laid, false: cleared); the marker is kept on the hex. A bridge is
the ``bridge`` event (``hexes`` the hexside, ``action`` blow or build, ``unit`` who does it); in the counterattack
phase a ``roll`` purpose ``bridge`` (2d6) comes first [23.1.4]. Blown and built bridges change what
:func:`.common.river` sees.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

MINEFIELD = "minefield"
AT_BARRICADE = "at_barricade"


def _engineer(ctx: Any, uid: str, rule: str, what: str) -> bool:
    if c.unit_class(ctx, uid) == "engineer":
        return True
    ctx.error(ctx.rule(rule), f"{ctx.name(uid)} {what}, but only engineer units may", units=[uid])
    return False


def engineer_action(ctx: Any, uid: str, what: str, n: int = 1) -> None:
    """[20.1.4]: no more actions a stage than the engineer's current SP (``n``: actions this one takes)."""
    done = ctx.state.per_stage.setdefault("tis_engineer_actions", {})
    done[uid] = done.get(uid, 0) + n
    sp = c.strength(ctx, uid)
    if sp is not None and done[uid] > sp:
        ctx.error(ctx.rule("20.1.4"), f"{ctx.name(uid)} {what}: its action number {done[uid]} this stage, but an "
                  f"engineer performs no more actions a stage than its {sp} SP", units=[uid])


def _mine_cap(ctx: Any, uid: str) -> tuple[int | None, str]:
    """[21.1.7] the scenario's minefield allowance for the side, else twice the engineer's initial SP."""
    side = str(ctx.side_of(uid)).lower()
    for r in (ctx.scenario or {}).get("special_rules") or []:
        if isinstance(r, dict) and r.get("id") == "minefields" and side in (r.get("params") or {}):
            return int(r["params"][side]), f"the scenario allows the {side} {int(r['params'][side])} minefields"
    t = c.track(ctx, uid)
    return (2 * int(t[0]), f"twice its initial {t[0]} SP is {2 * int(t[0])}") if t else (None, "")


def spend_all_mp(ctx: Any, uid: str, rule: str, what: str) -> None:
    """The unit spent all its MP on ``what`` (laying mines [21.1.2], building a fortification [12.1.1], a ferry
    crossing [24.1.2]): a later move in the phase breaks ``rule``."""
    ctx.state.per_phase.setdefault("tis_all_mp", {})[uid] = (rule, what)


_action = engineer_action


class Engineers:
    """[20.1.4], [21.1.1]-[21.1.7], [21.3.1]-[21.3.4], [23.1.1]-[23.1.5], [23.2.1]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.board is None:
            return
        t = ev["type"]
        if t == "marker" and ev.get("marker") == MINEFIELD and ev.get("unit") and ev.get("hex"):
            (self._lay if ev.get("on") else self._clear)(ctx, ev["unit"], ev["hex"])
        elif t == "marker" and ev.get("marker") == AT_BARRICADE and ev.get("unit") and ev.get("on"):
            self._barricade(ctx, ev["unit"], ev.get("hex") or ctx.state.position.get(ev["unit"]))
        elif t == "move" and ev.get("unit") in ctx.state.per_phase.get("tis_all_mp", {}):
            uid = ev["unit"]
            rule, what = ctx.state.per_phase["tis_all_mp"][uid]
            ctx.error(ctx.rule(rule), f"{ctx.name(uid)} moves after spending all its MP on {what} this movement "
                      "phase", units=[uid])
        elif t == "attack":
            busy = ctx.state.per_stage.get("tis_clearing", set())
            bad = [u for u in ev.get("attackers") or [] if u in busy]
            if bad:
                ctx.error(ctx.rule("21.3.4"), f"{c.names(ctx, bad)} cleared a minefield this stage and attacks; an "
                          "engineer clearing a minefield does not take part in battle", units=bad)
            for u in ev.get("attackers") or []:
                if c.unit_class(ctx, u) == "engineer":  # [20.1.3] attacking is two actions
                    engineer_action(ctx, u, "attacks (an attack is two actions [20.1.3])", 2)
        elif t == "roll" and ev.get("purpose") == "bridge":
            ctx.state.per_phase["tis_bridge_roll"] = sum(int(d) for d in ev.get("dice") or [])
        elif t == "bridge" and ev.get("unit") and len(ev.get("hexes") or []) == 2:
            if ev.get("action") in ("blow", "destroy"):
                self._blow(ctx, ev["unit"], *ev["hexes"])
            elif ev.get("action") == "build":
                self._build(ctx, ev["unit"], *ev["hexes"])

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] in ("move", "setup", "reinforcement", "retreat", "advance") and ev.get("unit"):
            st.per_phase.setdefault("tis_moved", set()).add(ev["unit"]) if ev["type"] == "move" else None
            st.notes.setdefault("tis_arrived", {})[ev["unit"]] = ctx.index or 0
        if ev["type"] == "marker" and ev.get("marker") in (MINEFIELD, AT_BARRICADE) and ev.get("unit") \
                and ev.get("hex"):
            st.markers[ev["unit"]].discard(ev["marker"])  # the minefield or barricade is on the hex, not the engineer
            (st.hex_markers[ev["hex"]].add if ev.get("on") else st.hex_markers[ev["hex"]].discard)(ev["marker"])

    # ---- AT barricades -------------------------------------------------------------------------------------------
    def _barricade(self, ctx: Any, uid: str, h: str | None) -> None:
        """[12.4.1] anti-tank barricades are built only by engineer battalions (policy ``at_barricade_builder``)."""
        where = f" at {h}" if h else ""
        if not _engineer(ctx, uid, "12.4.1", f"builds an anti-tank barricade{where}"):
            return
        size = ((ctx.units.get(uid) or {}).get("symbol") or {}).get("size")
        if ctx.policies.get("at_barricade_builder", "battalion") == "battalion" and size and size != "II":
            ctx.error(ctx.rule("12.4.1"), f"{ctx.name(uid)} builds an anti-tank barricade{where}, but its counter is "
                      f"not a battalion (size {size}); only engineer battalions build them",
                      units=[uid], hexes=[h] if h else [])

    # ---- minefields -----------------------------------------------------------------------------------------
    def _common(self, ctx: Any, uid: str, h: str, rule: str, what: str) -> str | None:
        """Phase, not moved, not in an enemy ZoC; returns the engineer's hex."""
        st = ctx.state
        here = st.position.get(uid)
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule(rule), f"{ctx.name(uid)} {what} at {h} in the {st.phase} phase of {st.side}; it "
                      "spends all its MP in its own movement phase", units=[uid], hexes=[h])
        if uid in st.per_phase.get("tis_moved", set()):
            ctx.error(ctx.rule(rule), f"{ctx.name(uid)} {what} at {h} after moving this phase; it spends all its "
                      "MP on it", units=[uid], hexes=[h])
        spend_all_mp(ctx, uid, rule, "a minefield")
        return here

    def _lay(self, ctx: Any, uid: str, h: str) -> None:
        if not _engineer(ctx, uid, "21.1.1", f"lays a minefield at {h}"):
            return
        here = self._common(ctx, uid, h, "21.1.2", "lays a minefield")
        board, side = ctx.board, ctx.side_of(uid)
        if here and h != here and (not board.adjacent(here, h) or c.river(ctx, here, h) == "big_river"
                                   or "scarp" in board.hexside(here, h)):
            ctx.error(ctx.rule("21.1.2"), f"{ctx.name(uid)} at {here} lays a minefield at {h}; only on its own hex "
                      "or an adjacent one not across a great river or scarp", units=[uid], hexes=[here, h])
        zoc = c.zoc_map(ctx, side).get(h)
        if zoc:
            ctx.error(ctx.rule("21.1.4"), f"{ctx.name(uid)} lays a minefield at {h}, in the ZoC of "
                      f"{c.names(ctx, sorted(zoc))}; mines may not be laid in an enemy ZoC", units=[uid], hexes=[h])
        others = [u for u in ctx.state.units_in(h) if u != uid and c.is_ground(ctx, u)]
        if others:
            ctx.error(ctx.rule("21.1.5"), f"{ctx.name(uid)} lays a minefield at {h}, where {c.names(ctx, others)} "
                      "stand; minefields are not laid on hexes with other units", units=[uid, *others], hexes=[h])
        laid = ctx.state.notes.setdefault("tis_mines_laid", {})
        scen = any(isinstance(r, dict) and r.get("id") == "minefields"
                   for r in (ctx.scenario or {}).get("special_rules") or [])
        key = str(side) if scen else uid
        laid[key] = laid.get(key, 0) + 1
        cap, why = _mine_cap(ctx, uid)
        if cap is not None and laid[key] > cap:
            ctx.error(ctx.rule("21.1.7"), f"{ctx.name(uid)} lays minefield number {laid[key]} at {h}; {why}",
                      units=[uid], hexes=[h])
        _action(ctx, uid, f"lays a minefield at {h}")

    def _clear(self, ctx: Any, uid: str, h: str) -> None:
        if not _engineer(ctx, uid, "21.3.1", f"clears the minefield at {h}"):
            return
        here = self._common(ctx, uid, h, "21.3.2", "clears a minefield")
        if MINEFIELD not in ctx.state.hex_markers.get(h, set()):
            ctx.error("LOG", f"{ctx.name(uid)} clears a minefield at {h}, but no minefield is there", units=[uid],
                      hexes=[h])
        if here != h:
            ctx.error(ctx.rule("21.3.2"), f"{ctx.name(uid)} at {here} clears the minefield at {h}; the engineer "
                      "stands on the minefield's hex", units=[uid], hexes=[h])
        zoc = c.zoc_map(ctx, ctx.side_of(uid)).get(h)
        if zoc:
            ctx.error(ctx.rule("21.3.3"), f"{ctx.name(uid)} clears the minefield at {h} in the ZoC of "
                      f"{c.names(ctx, sorted(zoc))}; minefields are not cleared in an enemy ZoC", units=[uid],
                      hexes=[h])
        ctx.state.per_stage.setdefault("tis_clearing", set()).add(uid)
        _action(ctx, uid, f"clears the minefield at {h}")

    # ---- bridges --------------------------------------------------------------------------------------------
    def _blow(self, ctx: Any, uid: str, a: str, b: str) -> None:
        st, nm = ctx.state, ctx.name(uid)
        if "bridge" not in ctx.board.hexside(a, b) or c.bridge_state(ctx, a, b) == "blown":
            ctx.error("LOG", f"{nm} blows a bridge at {a}-{b}, but no bridge stands there", units=[uid], hexes=[a, b])
            return
        if not c.is_line(ctx, uid):
            ctx.error(ctx.rule("23.1.1"), f"{nm} blows the bridge at {a}-{b}; only line units blow bridges",
                      units=[uid], hexes=[a, b])
        if st.phase not in ("movement", "counterattack"):
            ctx.error(ctx.rule("23.1.2"), f"{nm} blows the bridge at {a}-{b} in the {st.phase} phase; bridges are "
                      "blown only in the movement and counterattack phases", units=[uid], hexes=[a, b])
        here = st.position.get(uid)
        if here not in (a, b):
            ctx.error(ctx.rule("23.1.4"), f"{nm} at {here} blows the bridge at {a}-{b}; the unit stands on one side "
                      "of the bridge", units=[uid], hexes=[a, b])
            return
        if st.phase == "counterattack":
            roll = st.per_phase.pop("tis_bridge_roll", None)
            if roll is None:
                ctx.error(ctx.rule("23.1.4"), f"{nm} blows the bridge at {a}-{b} in the counterattack phase with no "
                          "2d6 roll (purpose bridge) before it", units=[uid], hexes=[a, b])
            elif roll in (2, 3):
                ctx.error(ctx.rule("23.1.4"), f"{nm} blows the bridge at {a}-{b} on a roll of {roll}; 2 or 3 means "
                          "the bridge is not destroyed", units=[uid], hexes=[a, b])
                return
        far = b if here == a else a
        side = ctx.side_of(uid)
        arrived = st.notes.get("tis_arrived", {})
        near_enemy = c.enemies_in(ctx, here, side)
        late = [u for u in c.enemies_in(ctx, far, side) if arrived.get(u, 0) < arrived.get(uid, 0)]
        if near_enemy or late:
            ctx.error(ctx.rule("23.1.5"), f"{nm} blows the bridge at {a}-{b} with {c.names(ctx, near_enemy + late)} "
                      "at it, there before the unit; a bridge is blown when both sides are clear of the enemy, or "
                      "the unit blowing it was at the bridge first", units=[uid, *near_enemy, *late], hexes=[a, b])
        st.notes.setdefault("tis_bridges", {})[c.side_key(a, b)] = "blown"

    def _build(self, ctx: Any, uid: str, a: str, b: str) -> None:
        st, nm = ctx.state, ctx.name(uid)
        if not _engineer(ctx, uid, "23.2.1", f"builds a bridge at {a}-{b}"):
            return
        if not ({"big_river", "small_river"} & set(ctx.board.hexside(a, b))):
            ctx.error("LOG", f"{nm} builds a bridge at {a}-{b}, which is not a river hexside", units=[uid],
                      hexes=[a, b])
            return
        here = st.position.get(uid)
        if here not in (a, b):
            ctx.error(ctx.rule("23.2.2"), f"{nm} at {here} builds the bridge at {a}-{b}; the engineer stands at the "
                      "river", units=[uid], hexes=[a, b])
            return
        side = ctx.side_of(uid)
        for h in (a, b):
            friends = [u for u in st.units_in(h) if ctx.side_of(u) == side]
            enemy = c.enemies_in(ctx, h, side)
            zoc = sorted(c.zoc_map(ctx, side).get(h, set()))
            if enemy or (zoc and not friends):
                ctx.error(ctx.rule("23.2.1"), f"{nm} builds the bridge at {a}-{b} while {h} holds or is in the ZoC "
                          f"of {c.names(ctx, enemy or zoc)} with no friendly unit there; the other side must be "
                          "free of enemy units and their ZoC, or hold a friendly unit", units=[uid, *(enemy or zoc)],
                          hexes=[h])
        st.notes.setdefault("tis_bridges", {})[c.side_key(a, b)] = "built"
        _action(ctx, uid, f"builds the bridge at {a}-{b}")
