"""TiS airborne drops [17]: weather and fighters, the wind (drift) roll, AA fire at dropping units, losses on landing
and the order of those steps.

- [45.2.4] "During bad weather all air missions and airborne assaults are cancelled."
- [17.2.13] "An airborne unit can't land in an area with enemy fighter planes": the area is policy
  ``drop_fighter_area`` (default ``hex``: an enemy fighter stationed on the landing hex this stage; ``zone``: within
  the fighters' 10-hex attack zone [26.4.2]).
- [17.1.2] wind: one die, 1-4 the unit missed the point/zone, 5-6 it landed in the designated area. In the log a
  ``roll`` purpose ``drift`` naming the ``unit`` (or, from the chat, without one: the next drop's); the drop is the
  ``reinforcement`` in the airborne phase, its ``hex`` where the unit lands, its ``area`` (or the schedule's) the
  designated zone. The direction die's diagram and the night radius [17.1.3] are omitted from the seed: the miss
  is checked as "outside the zone", not where.
- [17.2.4] AA fire: an ``aa_fire`` event (``!aa AA TARGET``) in the airborne assault phase, a ``roll`` purpose
  ``aa`` (one die) and the target's ``loss`` reason ``aa``: range from the AA unit to the landing hex (light AA 1,
  heavy AA 2 [10.2.3]; heavy = counter tag ``heavy_aa``), at most as many targets as the AA unit has SP [10.2.4],
  the EP lost against the [17.4] Day table (its printed cells; the night table is not printed).
- [17.2.1] losses on landing: clear terrain none; others from the "Casualties during the drop" table by terrain
  and paratroop/glider tag (printed cells only; the swamp rows stop after die 3, no city or lake row): a ``roll``
  purpose ``drop`` for the unit, then its ``loss`` reason ``drop``. The values are SP; whether they are taken as
  EP is policy ``drop_loss_unit`` (default ``ep``, the digest's reading of §8.4 item 20).
- [17.2.9] the order a) wind, b) AA fire, c) drop losses, d) the combat after the drop, per unit.
- [17.2.6] the surprise roll's losses: next to the enemy 2-3 the attacker loses 3 SP (4 with more than 3 units;
  ``loss`` reason ``surprise``, counted as policy ``drop_loss_unit`` says); on the enemy 2-4 it is eliminated.
  (Its column modifiers are :mod:`.combat`'s.)
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

#: [17.4] ASSAULT CASUALTIES FROM AA FIRE, Day, EP lost by die 1-6 (rulebook [17.2.4]; None: not printed).
AA_DAY: dict[tuple[int, str], tuple[int | None, ...]] = {
    (0, "light"): (2, 3, 3, 4, 5, 6),
    (0, "heavy"): (1, 2, 2, 2, 3, 3),
    (1, "light"): (0, 1, 2, 2, 3, 4),
    (1, "heavy"): (0, 0, None, None, None, None),
}
AA_RANGE = {"light": 1, "heavy": 2}  # [10.2.3]
#: Airborne Losses During the Drop, SP by die 1-6 (rulebook chart; None: not printed). Clear: none [17.2.1]. The
#: manifest's ``drop_losses`` table (same shape, with its own sources) replaces it.
DROP_LOSSES: dict[str, dict[str, tuple[int | None, ...]]] = {
    "parachute": {"hills": (0, 0, 1, 1, 1, 1), "mountain": (1, 2, 3, 4, 5, 6), "forest": (1, 2, 3, 4, 5, 6),
                  "swamp": (1, 1, 2, None, None, None)},
    "glider": {"hills": (0, 1, 1, 2, 2, 3), "mountain": (4, 5, 6, 7, 7, 7), "forest": (3, 4, 5, 6, 7, 7),
               "swamp": (2, 2, 3, None, None, None)},
}
TERRAIN_ROW = {"woods": "forest", "forest": "woods", "mountains": "mountain"}  # map ids -> the chart's rows
STEP = {"drift": 1, "aa": 2, "drop": 3, "combat": 4}
STEP_NAME = {1: "the wind roll [17.1.2]", 2: "AA fire [17.2.4]", 3: "the losses on landing [17.2.1]",
             4: "the combat after the drop [17.2.5]"}
MISSED = 4  # [17.1.2] 1-4 missed


def _drop_kind(ctx: Any, uid: str) -> str:
    return "glider" if "glider" in c.tags(ctx, uid) else "parachute"


def _aa_kind(ctx: Any, uid: str) -> str:
    return "heavy" if "heavy_aa" in c.tags(ctx, uid) else "light"


class Drops:
    """[17.1.2], [17.2.1], [17.2.4], [17.2.9], [17.2.13], [45.2.4]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, st = ev["type"], ctx.state
        if t == "roll" and ev.get("purpose") in ("drift", "drop", "aa") and ev.get("dice"):
            self._roll(ctx, ev)
        elif t == "reinforcement" and st.phase == "airborne":
            self._landing(ctx, ev)
        elif t == "aa_fire":
            self._aa(ctx, ev)
        elif t == "loss" and ev.get("reason") in ("aa", "drop"):
            uid = ev["unit"]
            self._step(ctx, uid, ev["reason"])
            lost = st.per_phase.setdefault("tis_drop_lost", {}).setdefault((uid, ev["reason"]), 0)
            st.per_phase["tis_drop_lost"][(uid, ev["reason"])] = lost + int(ev.get("steps") or 1)
        elif t == "attack" and st.phase == "airborne":
            for u in ev.get("attackers") or []:
                if u in st.per_stage.get("landed", set()):
                    self._step(ctx, u, "combat")
            st.per_phase["tis_drop_attack"] = ev
        elif t == "roll" and ev.get("purpose") == "surprise" and st.phase == "airborne" \
                and len(ev.get("dice") or []) == 2:
            self._surprise(ctx, sum(int(d) for d in ev["dice"]))
        if t == "loss" and ev.get("reason") == "surprise":
            lost = st.per_phase.setdefault("tis_drop_lost", {})
            lost[(ev["unit"], "surprise")] = lost.get((ev["unit"], "surprise"), 0) + int(ev.get("steps") or 1)

    # ---- bookkeeping --------------------------------------------------------------------------------------------
    def _step(self, ctx: Any, uid: str, step: str) -> None:
        """[17.2.9]: a) wind, b) AA fire, c) drop losses, d) combat, for each unit."""
        done: dict[str, int] = ctx.state.per_stage.setdefault("tis_drop_step", {})
        n, was = STEP[step], done.get(uid, 0)
        if n < was and ctx.state.phase == "airborne":
            ctx.error(ctx.rule("17.2.9"), f"{ctx.name(uid)}: {STEP_NAME[n]} after {STEP_NAME[was]}; after the "
                      "drop the steps are a) wind, b) AA fire, c) losses on landing, d) the combat after the drop",
                      units=[uid])
        done[uid] = max(n, was)

    def _roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid, die = ctx.state, ev.get("unit"), int(ev["dice"][0])
        purpose = ev["purpose"]
        if purpose == "aa":
            pending = st.per_phase.get("tis_aa_pending")
            if pending:
                self._aa_result(ctx, pending, die)
                st.per_phase["tis_aa_pending"] = None
            return
        if uid is None and purpose == "drift":
            st.per_phase["tis_drift_next"] = die  # the chat's roll: the next drop's
            return
        if uid is None:
            ctx.could_not_check(ctx.rule("17.2.1"), "the unit of a drop-loss roll (roll purpose drop with unit)")
            return
        self._step(ctx, uid, purpose)
        if purpose == "drift":
            st.per_stage.setdefault("tis_drift", {})[uid] = die
            h = st.position.get(uid)
            if h:
                self._drift(ctx, uid, h, die, st.per_stage.get("tis_drop_zone", {}).get(uid))
        else:
            self._drop_roll(ctx, uid, die)

    # ---- the landing --------------------------------------------------------------------------------------------
    def _landing(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid, h = ctx.state, ev["unit"], ev.get("hex")
        if str(st.weather or "").lower() in ("bad", "storm"):
            ctx.error(ctx.rule("45.2.4"), f"{ctx.name(uid)} lands in bad weather; bad weather cancels all airborne "
                      "assaults", units=[uid], hexes=[h] if h else [])
        if not h or ctx.board is None:
            return
        self._fighters(ctx, uid, h)
        entry = (st.notes.get("tis_schedule") or {}).get(uid) or {}
        zone = ev.get("area") or entry.get("area")
        st.per_stage.setdefault("tis_drop_zone", {})[uid] = zone
        st.per_stage.setdefault("tis_drop_hex", {})[uid] = h
        die = st.per_stage.get("tis_drift", {}).get(uid)
        if die is None and st.per_phase.get("tis_drift_next") is not None:
            die = st.per_phase.pop("tis_drift_next")
            st.per_stage.setdefault("tis_drift", {})[uid] = die
            self._step(ctx, uid, "drift")
        if die is not None:
            self._drift(ctx, uid, h, die, zone)

    def _drift(self, ctx: Any, uid: str, h: str, die: int, zone: str | None) -> None:
        area = ctx.board.area(zone) if zone else None
        if area is None:
            if zone:
                ctx.could_not_check(ctx.rule("17.1.2"), f"the map has no landing zone {zone!r}")
            return
        if die > MISSED and h not in area:
            ctx.error(ctx.rule("17.1.2"), f"{ctx.name(uid)} rolled {die} for the wind (5-6: it lands in the "
                      f"designated area) but lands at {h}, outside its zone {zone}", units=[uid], hexes=[h])
        elif die <= MISSED and h in area:
            ctx.error(ctx.rule("17.1.2"), f"{ctx.name(uid)} rolled {die} for the wind (1-4: it missed the zone) "
                      f"but lands at {h}, in its zone {zone}", units=[uid], hexes=[h])

    def _fighters(self, ctx: Any, uid: str, h: str) -> None:
        from_air = ctx.state.per_stage.get("tis_air_station", {})  # [26.2.1] stations of this stage (air.py)
        side = ctx.side_of(uid)
        reach = 10 if ctx.policies.get("drop_fighter_area") == "zone" else 0  # [26.4.2] the 10-hex zone
        marks = ("fighter",)
        near = sorted(f for f, fh in from_air.items() if ctx.side_of(f) not in (None, side)
                      and (c.symbol_types(ctx, f) | c.tags(ctx, f)) & set(marks)
                      and ctx.board.on_map(fh) and ctx.board.distance(fh, h) <= reach)
        if near:
            ctx.error(ctx.rule("17.2.13"), f"{ctx.name(uid)} lands at {h}, in the area of enemy fighters "
                      f"{c.names(ctx, near)}; an airborne unit can't land in an area with enemy fighter planes",
                      units=[uid, *near], hexes=[h])

    # ---- losses on landing [17.2.1] -----------------------------------------------------------------------------
    def _drop_roll(self, ctx: Any, uid: str, die: int) -> None:
        st = ctx.state
        h = st.per_stage.get("tis_drop_hex", {}).get(uid) or st.position.get(uid)
        if not h or ctx.board is None:
            return
        terrain = ctx.board.terrain(h)
        table = (ctx.tables.get("drop_losses") or DROP_LOSSES).get(_drop_kind(ctx, uid)) or {}
        row = table.get(terrain) or table.get(TERRAIN_ROW.get(terrain, ""))
        if terrain == "clear":
            want: int | None = 0
        elif isinstance(row, (list, tuple)) and 1 <= die <= len(row):
            want = row[die - 1]
        else:
            want = None
        if want is None:
            ctx.could_not_check(ctx.rule("17.2.1"), f"the Casualties during the drop cell for {terrain}, die {die} "
                                f"({_drop_kind(ctx, uid)}; not printed in the seed)")
            return
        st.per_phase.setdefault("tis_drop_owed", {})[uid] = (want, die, terrain, h)

    # ---- AA fire [17.2.4] ---------------------------------------------------------------------------------------
    def _aa(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, aa, target = ctx.state, ev.get("unit"), ev.get("target")
        if not aa or not target:
            return
        if st.phase != "airborne":
            ctx.error(ctx.rule("17.2.4"), f"{ctx.name(aa)} fires at the dropping {ctx.name(target)} in the "
                      f"{st.phase or 'no'} phase; AA fire at landing units is in the airborne assault phase",
                      units=[aa, target])
            return
        if target not in st.per_stage.get("landed", set()):
            ctx.error(ctx.rule("17.2.4"), f"{ctx.name(aa)} fires at {ctx.name(target)}, which did not drop in this "
                      "airborne assault phase", units=[aa, target])
            return
        self._step(ctx, target, "aa")
        fired: dict[str, set[str]] = st.per_phase.setdefault("tis_aa_targets", {})
        fired.setdefault(aa, set()).add(target)
        sp = c.strength(ctx, aa)
        if sp is not None and len(fired[aa]) > sp:
            ctx.error(ctx.rule("10.2.4"), f"{ctx.name(aa)} ({sp} SP) fires at {len(fired[aa])} dropping units; one "
                      "AA unit fires at as many units as it has SP [17.2.4]", units=[aa, target])
        ah, th = st.position.get(aa), st.per_stage.get("tis_drop_hex", {}).get(target) or st.position.get(target)
        if not ah or not th or ctx.board is None:
            return
        kind, dist = _aa_kind(ctx, aa), ctx.board.distance(ah, th)
        if dist > AA_RANGE[kind]:
            ctx.error(ctx.rule("10.2.3"), f"{ctx.name(aa)} ({kind} AA at {ah}) fires at {ctx.name(target)} landing at "
                      f"{th}, {dist} hexes away; {kind} AA reaches {AA_RANGE[kind]} [17.2.4]", units=[aa, target],
                      hexes=[ah, th])
            return
        st.per_phase["tis_aa_pending"] = (aa, target, kind, dist)

    def _aa_result(self, ctx: Any, pending: tuple[str, str, str, int], die: int) -> None:
        aa, target, kind, dist = pending
        if c.is_night(ctx):
            ctx.could_not_check(ctx.rule("17.2.4"), "the night AA table [17.4] (not printed in the seed)")
            return
        row = (ctx.tables.get("aa_drop") or {}).get(f"{dist}_{kind}") or AA_DAY.get((dist, kind))
        want = row[die - 1] if row and 1 <= die <= len(row) else None
        if want is None:
            ctx.could_not_check(ctx.rule("17.2.4"), f"the [17.4] Day cell for {kind} AA at range {dist}, die {die} "
                                "(not printed in the seed)")
            return
        owed = ctx.state.per_phase.setdefault("tis_aa_owed", {})
        prev = owed.get(target, (0, []))
        owed[target] = (prev[0] + int(want), [*prev[1], f"{ctx.name(aa)} rolled {die}: {want}"])

    # ---- the surprise roll's losses [17.2.6] ----------------------------------------------------------------------
    def _surprise(self, ctx: Any, total: int) -> None:
        """[17.2.6]: landing next to the enemy 2-3 the attacker loses 3 SP (more than 3 units: 4); landing on the
        enemy 2-4 the attacker is eliminated."""
        st = ctx.state
        ev = st.per_phase.get("tis_drop_attack") or {}
        att = [u for u in ev.get("attackers") or [] if isinstance(u, str)]
        dfn = [u for u in ev.get("defenders") or [] if isinstance(u, str)]
        if not att or not dfn:
            return
        on_enemy = bool({st.position.get(u) for u in att} & {st.position.get(u) for u in dfn} - {None})
        if on_enemy and total <= 4:
            st.per_phase.setdefault("tis_surprise_owed", []).append((att, total, None))
        elif not on_enemy and total <= 3:
            st.per_phase.setdefault("tis_surprise_owed", []).append((att, total, 4 if len(att) > 3 else 3))

    def _surprise_end(self, ctx: Any) -> None:
        st = ctx.state
        lost: dict[tuple[str, str], int] = st.per_phase.get("tis_drop_lost", {})
        sp_units = ctx.policies.get("drop_loss_unit") == "sp"
        for att, total, want in st.per_phase.get("tis_surprise_owed", []):
            if want is None:
                left = [u for u in att if st.position.get(u)]
                if left:
                    ctx.error(ctx.rule("17.2.6"), f"the surprise roll of {total} after landing on the enemy "
                              f"eliminates the attacker (2-4), but {c.names(ctx, left)} are still on the map",
                              units=left)
                continue
            got = sum(_sp_lost(ctx, u, lost.get((u, "surprise"), 0)) if sp_units else lost.get((u, "surprise"), 0)
                      for u in att)
            if got != want:
                ctx.error(ctx.rule("17.2.6"), f"the surprise roll of {total} after landing next to the enemy costs "
                          f"the attacker {want} SP (2-3; 4 with more than 3 units), but it lost {got} "
                          f"{'SP' if sp_units else 'EP'} (loss reason surprise; policy drop_loss_unit)", units=att)

    # ---- phase end: the owed losses -----------------------------------------------------------------------------
    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase != "airborne":
            return
        self._surprise_end(ctx)
        lost: dict[tuple[str, str], int] = st.per_phase.get("tis_drop_lost", {})
        for target, (want, why) in sorted(st.per_phase.get("tis_aa_owed", {}).items()):
            got = lost.get((target, "aa"), 0)
            if got != want:
                ctx.error(ctx.rule("17.2.4"), f"{ctx.name(target)} loses {got} EP to AA fire, but the [17.4] table "
                          f"gives {want} ({'; '.join(why)})", units=[target])
        sp_units = ctx.policies.get("drop_loss_unit") == "sp"
        for uid, (want, die, terrain, h) in sorted(st.per_phase.get("tis_drop_owed", {}).items()):
            got = lost.get((uid, "drop"), 0)
            if sp_units:
                got = _sp_lost(ctx, uid, got)
            if got != want:
                unit = "SP" if sp_units else "EP"
                ctx.error(ctx.rule("17.2.1"), f"{ctx.name(uid)} lands on {terrain} at {h}, rolls {die} and loses "
                          f"{got} {unit}; Casualties during the drop gives {want}", units=[uid], hexes=[h])


def _sp_lost(ctx: Any, uid: str, steps: int) -> int:
    """The SP a unit's last ``steps`` EP losses took (policy drop_loss_unit = sp)."""
    t = c.track(ctx, uid)
    if not t or not steps:
        return steps
    st = ctx.state
    after = st.max_steps.get(uid, len(t)) - st.steps.get(uid, st.max_steps.get(uid, len(t)))
    before = after - steps
    sp = lambda k: int(t[k]) if 0 <= k < len(t) else 0  # noqa: E731 - SP after k EP lost
    return sp(before) - sp(after)
