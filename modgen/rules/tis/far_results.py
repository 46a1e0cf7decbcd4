"""TiS fire at range results: the FIRING AT RANGE table [15.3.5] with the modifiers of [15.5], and the morale roll
after FaR losses [15.4].

The difference a shot is read on [15.3.5]: GUN less ARMOR (GUN -2 at night [15.5.2]), plus the target hex's surface
terrain modifier of the Terrain Effect chart (rivers, being hexsides, do not count) and -1 for an entrenched target
("trenches are treated like terrain") [15.5.1]; AT artillery on fortified terrain ARMOR +1 [15.5.3]; mechanized
infantry in the open with an armoured unit of at least its SP ARMOR +1 [15.5.5]; a target fired at from two opposite
sides ARMOR -1 (printed "[15.2.6]" under 15.5) for the shots after the second side opened fire. An AT team's power is
+1 (Germans) or 0 plus its own hex's terrain modifier [15.3.3] d); its +1 against units attacking without infantry
[15.5.4] is a judgement: a shot it would change is could-not-check. Differences above the table's top row read the top
row. The table is game data (``rules.tables.far``): the seed prints row +7 and part of +6; a missing cell is
could-not-check. 'Z' (weapon jammed) ends the firer's fire for the stage.

The losses logged (``loss`` reason ``far`` or none inside the exchange) must be what the table gives each target
(an eliminated target may lose less). Then each unit that lost EP rolls a die (``roll`` purpose ``far_morale``
naming its ``unit``) [15.4.1]: +1 with a division HQ of its own in its hex, -1 out of the division HQ's range (policy
``far_morale_hq_range``) [15.4.3]; a result at most the SP (not EP) lost pins it in its hex to the end of the phase
(exterior zone) or makes it retreat one hex (interior zone, a ``retreat`` or ``move`` of one hex in the phase)
[15.4.1], unless it loses 1 more EP (``loss`` reason ``far_morale``) while its HQ is on the map [15.4.4].
From the chat: ``!farmorale UNIT`` names the unit whose die is the next roll (``!roll far_morale`` alone names the
one unit still owing its die), ``!farmorale UNIT avoid`` makes its next ``!loss`` the extra EP of [15.4.4].
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.hexline import bearing
from modgen.rules.tis import common as c
from modgen.rules.tis.far import FORT_TERRAIN, MIN_DIFFERENCE, difference, open_terrain

KEY = "tis_far_results"
MORALE = "far_morale"


def _cell(ctx: Any, d: int, total: int) -> tuple[bool, Any]:
    """(found, cell) of the FaR table for difference ``d`` and a 2d6 ``total``."""
    table = ctx.tables.get("far") or {}
    rows, cols = table.get("rows") or {}, table.get("columns") or list(range(2, 13))
    if not rows or total not in cols:
        return False, None
    keys = {int(k): k for k in rows}
    d = min(d, max(keys))
    key = keys.get(d)
    if key is None:
        return False, None
    cells = rows[key]
    i = cols.index(total)
    return i < len(cells) and cells[i] is not None, cells[i] if i < len(cells) else None


def _hqs(ctx: Any, uid: str) -> list[str]:
    """The HQ counters of the unit's formation chain (its own formation first)."""
    f, seen, out = (ctx.units.get(uid) or {}).get("formation"), set(), []
    while f and f not in seen:
        seen.add(f)
        out += sorted(u for u, v in ctx.units.items() if v.get("formation") == f and v.get("class") == "hq")
        f = (ctx.formations.get(f) or {}).get("parent")
    return [u for u in out if u != uid]


def modified(ctx: Any, uid: str, tgt: str, opposite: bool) -> tuple[int | None, list[str]]:
    """The difference the shot of ``uid`` at ``tgt`` is read on, and the modifiers counted (sentences)."""
    st, board = ctx.state, ctx.board
    d = difference(ctx, uid, tgt)
    if d is None:
        return None, []
    why: list[str] = []
    if c.unit_class(ctx, uid) == "at_team":
        h = st.position.get(uid)
        mod = c.combat_modifier(ctx, board.terrain(h)) if h else 0
        if mod is None:
            return None, []
        if mod:
            why.append(f"AT team in {board.terrain(h)} {-mod:+d} [15.3.3] d)")
        return d - mod, why
    th = st.position.get(tgt)
    if not th:
        return d, why
    terrain = board.terrain(th)
    mod = c.combat_modifier(ctx, terrain)
    if mod is None:
        return None, []
    if mod:
        why.append(f"{terrain} {mod:+d} [15.5.1]")
    d += mod
    if "entrenched" in st.markers.get(tgt, set()) or "entrenched" in st.hex_markers.get(th, set()):
        why.append("entrenched -1 [15.5.1]")
        d -= 1
    cls = c.unit_class(ctx, tgt)
    if cls == "at_artillery" and terrain in FORT_TERRAIN:
        why.append("AT artillery on fortified terrain ARMOR +1 [15.5.3]")
        d -= 1
    sp = c.strength(ctx, tgt) or 0
    escort = [u for u in st.units_in(th) if u != tgt and ctx.side_of(u) == ctx.side_of(tgt)
              and c.is_armoured(ctx, u) and (c.strength(ctx, u) or 0) >= sp]
    if cls == "mechanized" and terrain in open_terrain(ctx) and escort:
        why.append("mechanized infantry with armour in the open ARMOR +1 [15.5.5]")
        d -= 1
    if opposite:
        why.append("fired at from two opposite sides ARMOR -1 [15.5]")
        d += 1
    return d, why


class FarResults:
    """[15.3.5] c) the table, [15.5] its modifiers, [15.4] the morale roll."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.board is None:
            return
        st, kind = ctx.state, ev["type"]
        ex = st.per_phase.get(KEY)
        if kind == "far":
            if ex is not None and ex["losses"]:
                self._close(ctx)
            self._far(ctx, ev)
        elif kind == "roll" and ev.get("purpose") == "far" and ex is not None and ex.get("current"):
            self._shot(ctx, ex, ev)
        elif kind == "far_morale" and ex is not None:  # the chat's !farmorale: whose die comes next, or avoid
            (ex["avoiding"] if ev.get("avoid") else ex["next_die"]).append(ev.get("unit"))
        elif kind == "roll" and (ev.get("purpose") == MORALE or (
                ex is not None and ex["next_die"] and not ev.get("purpose"))):
            self._morale_roll(ctx, ex, {**ev, "unit": ev.get("unit") or (ex["next_die"].pop(0) if ex else None)})
        elif kind == "loss" and ex is not None and ev.get("reason") in (None, "far", MORALE) and ev.get("unit"):
            uid, n = ev["unit"], int(ev.get("steps") or 1)
            if ev.get("reason") == MORALE or (ev.get("reason") is None and uid in ex["avoiding"]):
                ex["extra"][uid] = ex["extra"].get(uid, 0) + n
            else:
                ex["losses"][uid] = ex["losses"].get(uid, 0) + n
                ex["before_sp"].setdefault(uid, c.strength(ctx, uid))
        else:
            if ex is not None:
                self._close(ctx)
            self._obeyed(ctx, ev)

    # ---- the table ------------------------------------------------------------------------------------------------
    def _far(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        uid, tgt = ev.get("unit"), ev.get("target")
        if not isinstance(uid, str) or not isinstance(tgt, str) or not ctx.unit(uid) or not ctx.unit(tgt):
            return
        ex = st.per_phase.setdefault(KEY, {"shots": [], "losses": {}, "before_sp": {}, "extra": {}, "morale": {},
                                           "zone": {}, "from": {}, "current": None,
                                           "next_die": [], "avoiding": []})
        if uid in st.per_stage.get("tis_far_jammed", set()):
            ctx.error(ctx.rule("15.3.5"), f"{ctx.name(uid)} fires at range after its weapon jammed (Z) this stage; "
                      "a jammed weapon fires no more during the stage", units=[uid, tgt])
        h, th = st.position.get(uid), st.position.get(tgt)
        sides = ex["from"].setdefault(tgt, [])
        opposite = False
        if h and th and h != th:
            b = bearing(ctx.board.grid, th, h)
            opposite = any(abs((b - o + 180) % 360 - 180) >= 150 for o in sides)
            sides.append(b)
        d, why = modified(ctx, uid, tgt, opposite)
        base = difference(ctx, uid, tgt)
        if ctx.policies.get("far_limit_terrain") == "after_terrain" and d is not None and d < MIN_DIFFERENCE \
                and base is not None and base >= MIN_DIFFERENCE:
            ctx.error(ctx.rule("15.3.4"), f"{ctx.name(uid)} fires at range at {ctx.name(tgt)}: GUN less ARMOR is "
                      f"{base:+d}, {d:+d} with {'; '.join(why)}; FaR is forbidden below {MIN_DIFFERENCE:+d} (policy "
                      "far_limit_terrain=after_terrain)", units=[uid, tgt], hexes=[x for x in (h, th) if x])
        ex["zone"][tgt] = ev.get("zone", "exterior")
        ex["current"] = {"unit": uid, "target": tgt, "d": d, "why": why}

    def _shot(self, ctx: Any, ex: dict[str, Any], ev: dict[str, Any]) -> None:
        cur, dice = ex["current"], ev.get("dice") or []
        if len(dice) != 2 or cur["d"] is None:
            return
        total = int(dice[0]) + int(dice[1])
        found, cell = _cell(ctx, cur["d"], total)
        if found and c.unit_class(ctx, cur["unit"]) == "at_team":
            other = _cell(ctx, cur["d"] + 1, total)
            if other != (found, cell):  # [15.5.4]: +1 against units attacking without infantry decides this one
                found = False
        ex["shots"].append((cur["unit"], cur["target"], cur["d"], total, cell if found else None, found))
        if found and cell == "Z":
            ctx.state.per_stage.setdefault("tis_far_jammed", set()).add(cur["unit"])

    def _close(self, ctx: Any) -> None:
        st = ctx.state
        ex = st.per_phase.pop(KEY, None)
        if ex is None:
            return
        for tgt in sorted({s[1] for s in ex["shots"]}):
            shots = [s for s in ex["shots"] if s[1] == tgt]
            missing = [s for s in shots if not s[5]]
            if missing:
                u, _, d, total, _, _ = missing[0]
                ctx.could_not_check(ctx.rule("15.3.5"), f"the FIRING AT RANGE cell for a difference of {d:+d} and a "
                                    f"roll of {total} (shot of {ctx.name(u)} at {ctx.name(tgt)}; the seed prints "
                                    "row +7 and part of +6: rules.tables.far)")
                continue
            owed = sum(s[4] for s in shots if isinstance(s[4], int))
            got = ex["losses"].get(tgt, 0)
            gone = st.position.get(tgt) is None
            if got != owed and not (gone and got < owed):
                rolls = ", ".join(f"{s[3]} on {s[2]:+d}" for s in shots)
                ctx.error(ctx.rule("15.3.5"), f"{ctx.name(tgt)} loses {got} EP to fire at range, but the FIRING AT "
                          f"RANGE table gives {owed} EP for its shots ({rolls})", units=[tgt],
                          hexes=[h for h in [st.position.get(tgt)] if h])
        self._morale(ctx, ex)

    # ---- the morale roll [15.4] -----------------------------------------------------------------------------------
    def _morale_roll(self, ctx: Any, ex: dict[str, Any] | None, ev: dict[str, Any]) -> None:
        """[15.4.1], [15.4.3]: the die is judged when thrown (the FaR losses come first [15.3.7]); its effect holds
        the unit or makes it retreat from now on, unless a later extra EP [15.4.4] lifts it."""
        st, uid, dice = ctx.state, ev.get("unit"), ev.get("dice") or []
        if uid is None and ex is not None:  # a chat "!roll far_morale" names no unit: the one still owing its die
            owing = [u for u, n in ex["losses"].items() if n > 0 and u not in ex["morale"]]
            uid = owing[0] if len(owing) == 1 else None
        if not isinstance(uid, str) or len(dice) != 1:
            ctx.could_not_check(ctx.rule("15.4.1"), "the unit and the single die of a FaR morale roll (roll purpose "
                                "far_morale with unit)")
            return
        if ex is None or not ex["losses"].get(uid):
            ctx.error(ctx.rule("15.4.1"), f"a FaR morale roll for {ctx.name(uid)}, which lost no EP to the fire at "
                      "range just made; the die is thrown by a unit that suffered FaR losses", units=[uid])
            return
        die, h = int(dice[0]), st.position.get(uid)
        lost = (ex["before_sp"].get(uid) or 0) - (c.strength(ctx, uid) or 0)
        mod, said = self._modifier(ctx, uid)
        hit = {m: die + m <= lost for m in ((mod,) if mod is not None else (0, -1))}
        effect: bool | None = next(iter(hit.values())) if len(set(hit.values())) == 1 else None
        why = f"{die}{said} against {lost} SP lost"
        ex["morale"][uid] = (effect, why)
        if effect is None:
            ctx.could_not_check(ctx.rule("15.4.3"), f"the range of the division HQ of {ctx.name(uid)} (policy "
                                "far_morale_hq_range): its -1 decides the morale roll")
        elif effect and h:
            key = "tis_far_pinned" if ex["zone"].get(uid, "exterior") == "exterior" else "tis_far_retreat"
            st.per_phase.setdefault(key, {})[uid] = (h, why)

    def _modifier(self, ctx: Any, uid: str) -> tuple[int | None, str]:
        st, h = ctx.state, ctx.state.position.get(uid)
        hqs = [q for q in _hqs(ctx, uid) if st.position.get(q)]
        if h and any(st.position[q] == h for q in hqs):
            return 1, " +1 (its HQ is in its hex)"
        rng = ctx.policies.get("far_morale_hq_range")
        if not hqs:
            return -1, " -1 (no HQ of its own on the map)"
        if rng is None or not h:
            return None, ""
        near = min(ctx.board.distance(h, st.position[q]) for q in hqs)
        return (-1, f" -1 (its HQ is {near} hexes away)") if near > int(rng) else (0, "")

    def _morale(self, ctx: Any, ex: dict[str, Any]) -> None:
        """At the end of the exchange: the dice owed [15.4.1] and the extra EP [15.4.4]."""
        st = ctx.state
        for uid in sorted(u for u, n in ex["losses"].items() if n > 0 and st.position.get(u)):
            h = st.position[uid]
            where = {"units": [uid], "hexes": [h]}
            if uid not in ex["morale"]:
                ctx.error(ctx.rule("15.4.1"), f"{ctx.name(uid)} at {h} lost EP to fire at range, but no morale die "
                          "was thrown for it (roll purpose far_morale)", **where)
                continue
            effect, why = ex["morale"][uid]
            extra = ex["extra"].get(uid, 0)
            if not extra or effect is None:
                continue
            if not effect:
                ctx.error(ctx.rule("15.4.4"), f"{ctx.name(uid)} loses {extra} more EP after its FaR morale roll "
                          f"({why}), which had no effect", **where)
            elif not any(st.position.get(q) for q in _hqs(ctx, uid)):
                ctx.error(ctx.rule("15.4.4"), f"{ctx.name(uid)} loses 1 more EP to avoid the effect of its FaR "
                          "morale roll, but no HQ of its own is on the map", **where)
            else:  # avoided [15.4.4]: neither held nor retreating
                for key in ("tis_far_pinned", "tis_far_retreat"):
                    (st.per_phase.get(key) or {}).pop(uid, None)

    def _obeyed(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid = ctx.state, ev.get("unit")
        if ev["type"] not in ("move", "retreat", "advance") or not uid:
            return
        path = ev.get("path") or [x for x in (ev.get("from"), ev.get("to") or ev.get("hex")) if x]
        pinned = st.per_phase.get("tis_far_pinned") or {}
        if uid in pinned:
            h, why = pinned[uid]
            ctx.error(ctx.rule("15.4.1"), f"{ctx.name(uid)} moves from {h}, but its FaR morale roll ({why}) keeps it "
                      "on the hex where it was fired at to the end of the phase", units=[uid], hexes=[h])
        must = st.per_phase.get("tis_far_retreat") or {}
        if uid in must and len(path) >= 2:
            h, why = must.pop(uid)
            if ctx.board.distance(path[0], path[-1]) != 1:
                ctx.error(ctx.rule("15.4.1"), f"{ctx.name(uid)} goes from {path[0]} to {path[-1]} after its FaR morale "
                          f"roll ({why}); it retreats by one hex [15.4.2]", units=[uid], hexes=[path[0], path[-1]])

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.per_phase.get(KEY) is not None:
            self._close(ctx)
        for uid, (h, why) in sorted((st.per_phase.get("tis_far_retreat") or {}).items()):
            if st.position.get(uid) == h:
                ctx.error(ctx.rule("15.4.1"), f"{ctx.name(uid)} at {h} had to retreat one hex after its FaR morale "
                          f"roll ({why}) in the interior zone, but it did not (nor lose 1 more EP [15.4.4])",
                          units=[uid], hexes=[h])
