"""EFB adjacent combat: first-wave obligations (10.6, 11.3, 11.8), second wave (14.1-14.4), once per phase (11.3,
13.9), adjacency (11.5, 11.10), CRT choice (11.11, 22.3), differential/shifts/result (11.2-11.16), stand fast (13.1),
untried reveal (21.2-21.4)."""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import common as c
from modgen.rules.efb import crt, zonemaps

RANGED_KINDS = ("bombardment", "fpf", "lr_at")


def kind_of(ev: dict[str, Any]) -> str:
    """The attack's kind; without one, a Ranged-CRT attack is a bombardment and anything else adjacent.
    A CRT name given as the kind (``"kind": "mobile"``, as chat declarations say it) means an adjacent attack.
    Close support (12.10, 17.5) is one encoding: an adjacent attack whose ``support`` lists the artillery and
    whose ``air`` lists the air units; ``"kind": "close_support"`` says the same and is read as adjacent, so it gets
    every adjacent-combat check and the Mobile/Assault CRT."""
    kind = ev.get("kind")
    if kind in ("mobile", "assault", "close_support"):
        return "adjacent"
    if kind == "ranged":
        return "bombardment"
    return kind or ("bombardment" if table_of(ev) == "ranged" else "adjacent")


def table_of(ev: dict[str, Any]) -> str | None:
    """The CRT an attack uses: ``table``, else a CRT name given as ``kind``."""
    if ev.get("table"):
        return ev["table"]
    return ev.get("kind") if ev.get("kind") in ("mobile", "assault", "ranged") else None


def is_untried(ctx: Any, uid: str) -> bool:
    faces = ctx.unit(uid).get("faces") or {}
    face = faces.get(ctx.state.face.get(uid, "front")) or {}
    return face.get("kind") == "untried"


class Combat:
    """Adjacent-combat checks."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": ("attack", "roll", "result", "flip", "reveal"), "after": ("phase",)}

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "phase" and ev["phase"] == "combat1" and ctx.board is not None:
            must_attack, must_be_attacked = {}, {}
            covered = zonemaps.ezoc_hexes(ctx, st.side)
            own = zonemaps.ground_units(ctx, st.side)
            for u, h in list(st.position.items()):
                if h is None or u not in own:
                    continue
                sources = c.zoc_sources(ctx, h, st.side) if h in covered else []
                # HQ and supply units print no attack factor: they cannot make the attack 10.6 demands of them,
                # but the enemies exerting ZOC on them must still be attacked
                if sources and c.klass(ctx, u) not in ("hq", "supply"):
                    must_attack[u] = h
                for e in sources:
                    must_be_attacked.setdefault(e, st.position[e])
            st.notes["first_wave"] = (must_attack, must_be_attacked)
        elif ev["type"] == "phase" and ev["phase"] == "combat2":
            st.notes["second_wave_zoc"] = {}

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "attack" and kind_of(ev) == "adjacent":
            self._declare(ctx, ev)
        elif ev["type"] == "roll" and ctx.state.current_attack is not None and ev.get("purpose", "combat") == "combat":
            self._untried(ctx, ctx.state.current_attack)
        elif ev["type"] == "result" and ctx.state.current_attack is not None:
            att = ctx.state.current_attack
            if kind_of(att.event) == "adjacent" and not att.results:
                self._result(ctx, att, ev)
        elif ev["type"] in ("flip", "reveal"):
            self._reveal(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase == "combat1" and "first_wave" in st.notes and ctx.board is not None:
            self._first_wave(ctx, *st.notes.pop("first_wave"))
        if st.phase == "combat2":
            for u, (srcs, idx) in (st.notes.pop("second_wave_zoc", None) or {}).items():
                missed = [e for e in srcs if e not in st.defended and st.position.get(e) is not None]
                if missed:
                    ctx.error(ctx.rule("14.1"), f"{ctx.name(u)} attacked in the second wave but did not attack every "
                              f"adjacent enemy exerting ZOC on it: {c.names(ctx, missed)} not attacked",
                              units=[u] + missed, event_index=idx)

    # ------------------------------------------------------------------------------------------------------
    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        # air units named among the attackers add their points as close support (17.5); they are not adjacent units
        attackers = [u for u in ev.get("attackers") or [] if c.klass(ctx, u) != "air"]
        defenders = list(ev.get("defenders") or [])
        if not defenders:
            ctx.error(ctx.rule("11.2"), "an adjacent attack names no defenders", units=attackers)
            return
        for u in attackers:
            if u in st.attacked:
                ctx.error(ctx.rule("11.3"), f"{ctx.name(u)} attacks a second time in this combat phase", units=[u])
            if u in st.advanced:
                ctx.error(ctx.rule("13.9"), f"{ctx.name(u)} advanced after combat and may not attack again this phase",
                          units=[u])
        for u in defenders:
            if u in st.defended:
                ctx.error(ctx.rule("11.3"), f"{ctx.name(u)} is attacked a second time in this combat phase", units=[u])
        if ctx.board is None:
            return
        for a in attackers:
            ah = st.position.get(a)
            unplaced = st.notes.get("never_placed") or set()
            if a in unplaced:
                continue  # the log never placed it: presence.py warned once; its position is unknown
            far = [d for d in defenders if d not in unplaced and (ah is None or st.position.get(d) is None
                                                                  or not ctx.board.adjacent(ah, st.position[d]))]
            if far:
                ctx.error(ctx.rule("11.5"), f"{ctx.name(a)} at {ah} is not adjacent to {c.names(ctx, far)}",
                          units=[a] + far, hexes=[h for h in [ah] if h])
        for h in crt.defender_hexes(ctx, defenders):
            left_out = [u for u in c.hex_enemies(ctx, h, st.side) if u not in defenders]
            if left_out:
                ctx.error(ctx.rule("11.10"), f"all units in {h} must be attacked together; {c.names(ctx, left_out)} "
                          "left out", units=left_out, hexes=[h])
        self._crt_choice(ctx, ev, attackers, defenders)
        if st.phase == "combat2":
            for a in attackers:
                if not c.in_command(ctx, a):
                    c.ooc_error(ctx, [a], ctx.rule("14.1"), f"{ctx.name(a)} is out of command "
                                f"({c.ooc_reason(ctx, a)}) and may not attack in the second wave", units=[a])
                ah = st.position.get(a)
                if ah:
                    zoc = st.notes.setdefault("second_wave_zoc", {})
                    srcs = [e for e in c.zoc_sources(ctx, ah, st.side) if ctx.board.adjacent(ah, st.position[e])]
                    zoc.setdefault(a, (srcs, ctx.index))
        if ev.get("stand_fast"):
            self._stand_fast_allowed(ctx, attackers, defenders)

    def _crt_choice(self, ctx: Any, ev: dict[str, Any], attackers: list[str], defenders: list[str]) -> None:
        table = table_of(ev)
        if table is None:
            return
        if table not in ("mobile", "assault"):
            ctx.error(ctx.rule("11.2"), f"adjacent combat on the {table} table; use Mobile or Assault", units=attackers)
            return
        if table != "mobile":
            return
        screening = all({"recon", "motorcycle"} & c.types(ctx, d) and c.is_armored(ctx, d) or
                        "motorcycle" in c.types(ctx, d) for d in defenders)
        tec = ctx.tables.get("tec") or {}
        for h in crt.defender_hexes(ctx, defenders):
            t = ctx.board.terrain(h)
            if (tec.get(t) or {}).get("mobile_forbidden"):
                ctx.error(ctx.rule("11.11"), f"the Mobile CRT may not be used against defenders in {t} ({h})",
                          units=defenders, hexes=[h])
        if screening:
            return  # 22.3: the defender chose the table
        nats = {c.nationality(ctx, a) for a in attackers}
        if nats == {"axis_allied"}:
            ctx.error(ctx.rule("11.11"), "Axis-allied units alone must use the Assault CRT", units=attackers)
        elif "german" in nats:
            if not any(c.is_armored(ctx, a) or c.types(ctx, a) & c.RECON_TYPES for a in attackers):
                ctx.error(ctx.rule("11.11"), "German attackers may use the Mobile CRT only with an armored or "
                          "fusilier (recon) unit involved", units=attackers)
        elif "soviet" in nats:
            first = (ctx.tables.get("mobile_crt_from") or {}).get("soviet", 1943)
            y = c.year(ctx)
            if y is not None and y < first:
                ctx.error(ctx.rule("11.11"), f"Soviet attackers may not use the Mobile CRT before {first}",
                          units=attackers)
            elif not any(c.is_armored(ctx, a) for a in attackers):
                ctx.error(ctx.rule("11.11"), "Soviet attackers may use the Mobile CRT only with an armored unit "
                          "involved", units=attackers)

    def _stand_fast_allowed(self, ctx: Any, attackers: list[str], defenders: list[str]) -> bool:
        tec = ctx.tables.get("tec") or {}
        hexes = crt.defender_hexes(ctx, defenders)
        if any((tec.get(ctx.board.terrain(h)) or {}).get("stand_fast") for h in hexes):
            return True
        if any(m in ctx.state.hex_markers.get(h, ()) for h in hexes for m in ("entrenchment", "rubble")):
            return True
        across = True
        for a in attackers:
            ah = ctx.state.position.get(a)
            sides = [s for h in hexes if ah and ctx.board.adjacent(ah, h) for s in ctx.board.hexside(ah, h)]
            if not any((tec.get(s) or {}).get("river") in ("major", "minor") for s in sides):
                across = False
        if across and attackers:
            return True
        if not tec:
            ctx.could_not_check(ctx.rule("13.1"), "the game data has no Terrain Effects Chart (rules.tables.tec)")
            return True
        ctx.error(ctx.rule("13.1"), "stand fast declared, but the defender is not in fortification, city, town, "
                  "village or hill terrain and not every attacker is across a river", units=defenders, hexes=hexes)
        return False

    def _untried(self, ctx: Any, att: Any) -> None:
        if att.rolls:
            return
        hidden = [u for u in att.attackers + att.defenders + list(att.event.get("support") or [])
                  if is_untried(ctx, u)]
        if hidden:
            ctx.error(ctx.rule("21.2"), f"{c.names(ctx, hidden)} fight(s) still untried side up; untried units are "
                      "revealed when first in combat, before the die roll", units=hidden)

    def _reveal(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        faces = ctx.unit(uid).get("faces") or {}
        new = faces.get(ev.get("face") or "front") or {}
        if new.get("kind") == "untried" and not is_untried(ctx, uid):
            ctx.error(ctx.rule("21.3"), f"{ctx.name(uid)} is flipped back to its untried side", units=[uid])
        elif is_untried(ctx, uid) and new.get("kind") == "values" and (new.get("values") or {}).get("defense") == 0:
            ctx.state.notes.setdefault("must_die", {})[uid] = (ctx.index, "21.4", "was revealed with defense 0")

    def _result(self, ctx: Any, att: Any, ev: dict[str, Any]) -> None:
        table = table_of(att.event)
        if table not in ("mobile", "assault") or not att.rolls:
            return
        die = att.rolls[-1][0]
        calc = crt.adjacent_calc(ctx, att)
        found = crt.lookup(ctx, table, calc, die)
        if found is None:
            return
        expected, label = found
        got = ev["result"]
        att.data["expected"] = expected
        if expected == "BR" and got == "EX":
            if not att.event.get("stand_fast"):
                ctx.error(ctx.rule("13.1"), "BR was converted to EX, but the defender did not declare stand fast "
                          "before the roll", units=att.defenders)
            return
        if got != expected:
            ctx.error(ctx.rule("11.2"), f"the {crt.TABLE_NAMES[table]} gives {expected}, not {got}: {calc.explain()}; "
                      f"column {label}, die {die}", units=att.attackers + att.defenders)

    def _first_wave(self, ctx: Any, must_attack: dict[str, str], must_be_attacked: dict[str, str]) -> None:
        st = ctx.state
        attacked = {u for a in st.attacks for u in a.attackers if kind_of(a.event) == "adjacent"}
        defended = {u for a in st.attacks for u in a.defenders}
        for u, h in must_attack.items():
            if u in attacked or st.position.get(u) != h:
                continue
            sources = c.zoc_sources(ctx, h, ctx.side_of(u))
            if not sources:
                continue  # the enemies around it were removed or suppressed by other attacks
            ctx.error(ctx.rule("10.6"), f"{ctx.name(u)} at {h} is in the ZOC of {c.names(ctx, sources)} and did not "
                      "attack in the first wave", units=[u], hexes=[h])
        for e, h in must_be_attacked.items():
            if e in defended or st.position.get(e) != h or c.suppressed(ctx, e):
                continue
            ctx.error(ctx.rule("10.6"), f"{ctx.name(e)} at {h} exerts ZOC on {st.side} units and was not attacked in "
                      "the first wave", units=[e], hexes=[h])
