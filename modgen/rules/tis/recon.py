"""TiS recon units [11]: identifying enemy units [11.4] and the surprise attack [11.2].

Identification [11.4]: "During its own movement phase a recon unit can make an effort to identify enemy units; it
costs 3 MP" [11.4.1]; every hex within 2 hexes, but units in a city, woods, fort or mountains only from an adjacent
hex [11.4.2]; the throw: 1-2 not recognized, 3-6 all units on the hex recognized, -1 if the enemy is entrenched, -1 in
woods, fort, city or mountains [11.4.3]; "A recon unit in an enemy ZoC can't perform identification at a range of 2
hexes" [11.4.5]. In the log an ``identify`` event (``!identify RECON HEX [yes|no]``) and a ``roll`` purpose
``identify`` (one die); the event's ``identified`` says what the players read, checked against the die. The line of
sight at 2 hexes [11.4.4] needs LOS data the bundled map does not have: not checked.

Surprise attack [11.2]: "During its own movement phase a recon unit ... can make a surprising attack. This kind of
attack can be made against units which aren't entrenched" [11.2.1]; "only by recon units (including motorcycles)"
[11.2.2]; "we use the full strength of those units, with optional support of air units. During a surprising attack
we don't use modifiers" [11.2.3]; no fire at range [11.2.4]. In the log an ``attack`` with ``kind`` ``recon``, a
``roll`` purpose ``combat`` (2d6) and the ``result``, read from the RECON UNITS SURPRISE ATTACK table by the
attacker's and the defender's SP (its rows for attackers above 6 SP and the "4-6" cells for rolls 9-12 are not
printed: could-not-check). The garbled cell "A(1)" is read as "A1" (digest §4.4).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.movement import fmt_mp
from modgen.rules.tis import common as c
from modgen.rules.tis.movement import EXTRA_MP_KEY, allowance

IDENTIFY_MP = 3  # [11.4.1]
IDENTIFY_RANGE = 2  # [11.4.2]
COVER = {"city", "woods", "forest", "fort", "mountain", "mountains"}  # [11.4.2], [11.4.3]
RECOGNIZED_FROM = 3  # [11.4.3] 3-6 recognized
KIND = "recon"

_ = None  # a cell the seed does not print
#: RECON UNITS SURPRISE ATTACK (rulebook chart): defender band -> attacker band -> results for 2d6 = 2..12.
SURPRISE: dict[tuple[int, int | None], dict[tuple[int, int], tuple[str | None, ...]]] = {
    (1, 5): {(1, 3): ("A1(-1)", "A1", "-", "-", "-", "-", "-", "B1", "B1", "B1", "B2(-1)"),
             (4, 6): ("A1", "-", "-", "-", "-", "-", "B1", _, _, _, _)},
    (6, 12): {(1, 3): ("A2(-1)", "A1(-1)", "A1", "A1", "-", "-", "-", "-", "B1", "B1", "B2"),
              (4, 6): ("A1(-1)", "A1", "-", "-", "-", "-", "B1", _, _, _, _)},
    (13, None): {(1, 3): ("A2(-2)", "A2(-1)", "A1(-1)", "A1", "A1", "A1", "-", "-", "-", "B1", "B1"),
                 (4, 6): ("A2(-1)", "A1(-1)", "A1", "A1", "A1", "-", "-", _, _, _, _)},
}
_NONE = {"", "-", "—", "none", "no_effect", "0"}


def is_recon(ctx: Any, uid: str) -> bool:
    """[11.2.2], [11.3.1]: recon units, motorcycle units included (class recon, or the motorcycle symbol/tag)."""
    return c.unit_class(ctx, uid) == "recon" or "motorcycle" in (c.symbol_types(ctx, uid) | c.tags(ctx, uid))


def norm_result(text: Any) -> str:
    s = str(text or "").replace(" ", "").upper()
    return "-" if s.lower() in _NONE else s


def surprise_cell(att_sp: int, def_sp: int, total: int) -> tuple[str | None, str]:
    """The table's cell (None where the seed prints none) and where it was read, for the SP and the 2d6 total."""
    block = next((b for (lo, hi), b in SURPRISE.items() if def_sp >= lo and (hi is None or def_sp <= hi)), None)
    row = next((r for (lo, hi), r in (block or {}).items() if lo <= att_sp <= hi), None)
    where = f"attacker {att_sp} SP, defender {def_sp} SP, roll {total}"
    if row is None or not 2 <= total <= 12:
        return None, where
    return row[total - 2], where


def _entrenched(ctx: Any, uid: str) -> bool:
    h = ctx.state.position.get(uid)
    return "entrenched" in ctx.state.markers.get(uid, set()) or \
        (h is not None and "entrenched" in ctx.state.hex_markers.get(h, set()))


class Recon:
    """[11.2.1]-[11.2.4] surprise attacks; [11.4.1]-[11.4.5] identification."""

    def __init__(self) -> None:
        self.attack: dict[str, Any] | None = None
        self.ident: dict[str, Any] | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("attack", "phase", "turn"):
            self.attack = None
        if t in ("identify", "phase", "turn"):
            self.ident = None
        if t == "attack" and ev.get("kind") == KIND:
            self._declare(ctx, ev)
        elif t == "identify":
            self._identify(ctx, ev)
        elif t == "roll" and ev.get("purpose") == "identify" and ev.get("dice"):
            self._identify_roll(ctx, int(ev["dice"][0]))
        elif self.attack is not None:
            if t == "roll" and ev.get("purpose", "combat") == "combat" and len(ev.get("dice") or []) == 2:
                self.attack["roll"] = sum(int(d) for d in ev["dice"])
            elif t == "result":
                self._result(ctx, ev)
            elif t == "far" and {ev.get("unit"), ev.get("target")} & self.attack["units"]:
                ctx.error(ctx.rule("11.2.4"), f"{ctx.name(ev.get('unit', '?'))} fires at range at "
                          f"{ctx.name(ev.get('target', '?'))} during a recon surprise attack; the rules of fire at "
                          "range do not apply to it", units=[u for u in (ev.get("unit"), ev.get("target")) if u])

    # ---- surprise attack [11.2] ---------------------------------------------------------------------------------
    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        att = [u for u in ev.get("attackers") or [] if isinstance(u, str) and c.unit_class(ctx, u) != "air"]
        air = [u for u in ev.get("air") or [] if isinstance(u, str)]
        air += [u for u in ev.get("attackers") or [] if isinstance(u, str) and c.unit_class(ctx, u) == "air"]
        dfn = [u for u in ev.get("defenders") or [] if isinstance(u, str)]
        side = next((ctx.side_of(u) for u in att if ctx.side_of(u)), None)
        if st.phase != "movement" or side != st.side:
            ctx.error(ctx.rule("11.2.1"), f"a recon surprise attack by {c.names(ctx, att)} in the "
                      f"{st.phase or 'no'} phase of {st.side or 'no side'}; it is made during the recon unit's own "
                      "movement phase", units=att)
        bad = [u for u in att if not is_recon(ctx, u)]
        if bad:
            ctx.error(ctx.rule("11.2.2"), f"{c.names(ctx, bad)} take part in a recon surprise attack; it can only "
                      "be made by recon units (including motorcycles)", units=bad)
        dug = [u for u in dfn if _entrenched(ctx, u)]
        if dug:
            ctx.error(ctx.rule("11.2.1"), f"a recon surprise attack on {c.names(ctx, dug)}, which are entrenched; "
                      "it can be made only against units which aren't entrenched", units=dug)
        self.attack = {"att": att, "air": air, "dfn": dfn, "units": set(att + dfn), "roll": None}

    def _result(self, ctx: Any, ev: dict[str, Any]) -> None:
        a = self.attack
        assert a is not None
        if a["roll"] is None:
            return
        sps = [c.strength(ctx, u) for u in a["att"] + a["air"]] + [c.strength(ctx, u) for u in a["dfn"]]
        if any(sp is None for sp in sps):
            ctx.could_not_check(ctx.rule("11.2.3"), "the strength of every unit of the recon surprise attack")
            return
        att_sp = sum(c.strength(ctx, u) or 0 for u in a["att"] + a["air"])  # [11.2.3] full strength, air support
        def_sp = sum(c.strength(ctx, u) or 0 for u in a["dfn"])
        cell, where = surprise_cell(att_sp, def_sp, a["roll"])
        if cell is None:
            ctx.could_not_check(ctx.rule("11.2.2"), f"the RECON UNITS SURPRISE ATTACK cell for {where} (not printed "
                                "in the seed)")
            return
        said = norm_result(ev.get("result"))
        if said != norm_result(cell):
            ctx.error(ctx.rule("11.2.2"), f"the recon surprise attack's result is {ev.get('result')!r}, but the "
                      f"RECON UNITS SURPRISE ATTACK table gives {cell} for {where} (full strength, no modifiers "
                      "[11.2.3])", units=a["att"] + a["dfn"])

    # ---- identification [11.4] ------------------------------------------------------------------------------------
    def _identify(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid, h = ctx.state, ev.get("unit"), ev.get("hex")
        if not uid or not h or ctx.board is None:
            return
        at = st.position.get(uid)
        both = {"units": [uid], "hexes": [x for x in (at, h) if x]}
        if not is_recon(ctx, uid):
            ctx.error(ctx.rule("11.4.1"), f"{ctx.name(uid)} tries to identify the units at {h}; only recon units "
                      "identify enemy units", **both)
        if st.phase != "movement" or ctx.side_of(uid) != st.side:
            ctx.error(ctx.rule("11.4.1"), f"{ctx.name(uid)} tries to identify the units at {h} in the "
                      f"{st.phase or 'no'} phase of {st.side or 'no side'}; identification is made during the recon "
                      "unit's own movement phase", **both)
        if at is None:
            return
        dist, terrain = ctx.board.distance(at, h), ctx.board.terrain(h)
        if dist > IDENTIFY_RANGE:
            ctx.error(ctx.rule("11.4.2"), f"{ctx.name(uid)} at {at} identifies the units at {h}, {dist} hexes away; "
                      "a recon unit identifies hexes within 2 hexes", **both)
        elif dist > 1 and terrain in COVER:
            ctx.error(ctx.rule("11.4.2"), f"{ctx.name(uid)} at {at} identifies the units in {terrain} at {h} from "
                      f"{dist} hexes; units in a city, woods, fort or mountains are recognized only from an adjacent "
                      "hex", **both)
        elif dist == IDENTIFY_RANGE and c.zoc_map(ctx, ctx.side_of(uid)).get(at):
            ctx.error(ctx.rule("11.4.5"), f"{ctx.name(uid)} at {at}, in an enemy ZoC, identifies the units at {h} "
                      "2 hexes away; a recon unit in an enemy ZoC can't identify at a range of 2 hexes", **both)
        if st.phase == "movement" and ctx.side_of(uid) == st.side:
            mp, _ = allowance(ctx, uid)
            walk = (st.per_phase.get("tis_walks") or {}).get(uid)
            left = None if mp is None else mp - (walk.spent if walk else 0)
            if left is not None and left < IDENTIFY_MP:
                ctx.error(ctx.rule("11.4.1"), f"{ctx.name(uid)} identifies the units at {h} with {fmt_mp(left)} MP "
                          f"left; identification costs {IDENTIFY_MP} MP", **both)
            st.per_phase.setdefault(EXTRA_MP_KEY, {}).setdefault(uid, []).append(
                (IDENTIFY_MP, "spent identifying [11.4.1]"))
        enemy = [u for u in c.enemies_in(ctx, h, ctx.side_of(uid))]
        mod = -1 if any(_entrenched(ctx, u) for u in enemy) else 0
        mod -= 1 if terrain in COVER else 0
        self.ident = {"unit": uid, "hex": h, "mod": mod, "said": ev.get("identified"), "die": None}
        pending = st.per_phase.pop("tis_identify_die", None)
        if pending is not None:
            self._identify_roll(ctx, pending)

    def _identify_roll(self, ctx: Any, die: int) -> None:
        i = self.ident
        if i is None or i["die"] is not None:
            ctx.state.per_phase["tis_identify_die"] = die  # thrown before the declaration: the next one's
            return
        i["die"] = die
        got = die + i["mod"] >= RECOGNIZED_FROM
        if i["said"] is not None and bool(i["said"]) != got:
            mods = f" {i['mod']:+d}" if i["mod"] else ""
            ctx.error(ctx.rule("11.4.3"), f"{ctx.name(i['unit'])} rolled {die}{mods} to identify the units at "
                      f"{i['hex']}: {'recognized (3-6)' if got else 'not recognized (1-2)'}, but the log says "
                      f"{'they were' if i['said'] else 'they were not'}", units=[i["unit"]], hexes=[i["hex"]])
