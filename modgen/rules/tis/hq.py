"""TiS headquarters beyond the lone-HQ overrun and the first movement after a loss (:mod:`.obligations`): HQs are
not destroyed by retreat losses [14.1.6]; after a corps HQ is lost its divisions do not attack together [14.3.4] a)
and each rolls the corps die [14.3.4] b); a destroyed HQ comes back as [14.3.7] says.

In the log: the corps die is a ``roll`` purpose ``corps_hq`` naming a ``unit`` of the division (one d6); a restored
HQ is a ``replacement`` of the eliminated HQ with the ``hex`` it enters and the ``steps`` it has, followed in the
same phase by the ``loss`` events of the subordinate units that give up those levels.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

MIN_FORMATION_SP = 8  # [14.3.4] a), [14.3.7]
#: [14.3.4] b) "higher than 3 (for Germans and Allies) or 2 (Russians, French and other nations)"
CORPS_DIE_OVER = {"german": 3, "british": 3, "american": 3, "canadian": 3, "polish": 3}
OTHER_NATIONS_OVER = 2


def lost_hqs(ctx: Any) -> dict[str, dict[str, Any]]:
    """Formation id -> the note of its eliminated HQ that has not come back (side, since, hq)."""
    return {f: n for f, n in (ctx.state.notes.get("tis_hq_lost") or {}).items()
            if ctx.state.position.get(n["hq"]) is None}


def lost_corps(ctx: Any) -> dict[str, dict[str, Any]]:
    """The lost HQs that are corps (or army) HQs: their counter prints the size XXX (XXXX) [14.3.4], [14.3.5]."""
    return {f: n for f, n in lost_hqs(ctx).items()
            if ((ctx.units.get(n["hq"]) or {}).get("symbol") or {}).get("size") in ("XXX", "XXXX")}


def division_of(ctx: Any, uid: str, corps: str) -> str | None:
    """The formation directly under ``corps`` in the unit's ``parent`` chain (its division), or None."""
    f = (ctx.units.get(uid) or {}).get("formation")
    seen: set[str] = set()
    while f and f not in seen:
        seen.add(f)
        parent = (ctx.formations.get(f) or {}).get("parent")
        if parent == corps:
            return str(f)
        f = parent
    return None


def formation_sp(ctx: Any, formation: str, but: str | None = None) -> int:
    """Current SP on the map of the units of ``formation`` and the formations under it."""
    st = ctx.state
    return sum(c.strength(ctx, u) or 0 for u, h in st.position.items()
               if h and u != but and c.in_formation(ctx, u, formation))


def corps_die_restricts(ctx: Any, uid: str, corps: str) -> bool | None:
    """[14.3.4] b): whether the unit's division moves as after a lost division HQ because its corps HQ was lost:
    corps troops always; a division when its die was over 3 (Germans, Allies) or 2 (other nations); None when
    the division's die is not in the log."""
    div = division_of(ctx, uid, corps)
    if div is None:
        return True
    die = (ctx.state.notes.get("tis_corps_die") or {}).get((corps, div))
    if die is None:
        return None
    nat = str((ctx.units.get(uid) or {}).get("nationality") or "")
    return die > CORPS_DIE_OVER.get(nat, OTHER_NATIONS_OVER)


class Headquarters:
    """[14.1.6], [14.3.4] a)-b), [14.3.7]."""

    def __init__(self) -> None:
        self._before_sp: dict[str, int] = {}

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, st = ev["type"], ctx.state
        if t == "loss":
            self._retreat_loss(ctx, ev)
        elif t == "attack" and ev.get("kind") not in ("barrage", "fire", "bombardment"):
            self._corps_attack(ctx, [u for u in ev.get("attackers") or [] if isinstance(u, str)])
        elif t == "roll" and ev.get("purpose") == "corps_hq" and ev.get("unit") and ev.get("dice"):
            for f in lost_corps(ctx):
                div = division_of(ctx, ev["unit"], f)
                if div:
                    st.notes.setdefault("tis_corps_die", {})[(f, div)] = int(ev["dice"][0])
        elif t == "replacement":
            self._restored(ctx, ev)
        elif t == "move" and st.phase == "movement":
            self._corps_die_owed(ctx, ev["unit"])

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "loss" and st.position.get(ev["unit"]) is None and c.unit_class(ctx, ev["unit"]) == "hq":
            st.notes.setdefault("tis_hq_strength", {})[ev["unit"]] = self._before_sp.get(ev["unit"], 0)
        if ev["type"] == "loss" and st.per_phase.get("tis_hq_levels"):
            owed = st.per_phase["tis_hq_levels"]
            for hq, need in list(owed.items()):
                f = (ctx.units.get(hq) or {}).get("formation")
                if f and ev["unit"] != hq and c.in_formation(ctx, ev["unit"], f):
                    owed[hq] = need - int(ev.get("steps") or 0)

    def phase_end(self, ctx: Any) -> None:
        for hq, need in sorted((ctx.state.per_phase.get("tis_hq_levels") or {}).items()):
            if need > 0:
                ctx.error(ctx.rule("14.3.7"), f"{ctx.name(hq)} is restored but its subordinate units give up "
                          f"{need} level(s) too few; the player takes as many levels from subordinate units as the "
                          "restored HQ has", units=[hq])

    # ---- [14.1.6] -----------------------------------------------------------------------------------------------
    def _retreat_loss(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        self._before_sp = {uid: c.strength(ctx, uid) or 0}
        if c.unit_class(ctx, uid) != "hq" or ev.get("reason") != "retreat":
            return
        if ev.get("eliminated") or int(ev.get("steps") or 0) >= c.ep_left(ctx, uid):
            ctx.error(ctx.rule("14.1.6"), f"{ctx.name(uid)} is eliminated by retreat losses; an HQ is not destroyed "
                      "while retreating (Bx and Ax results)", units=[uid])

    # ---- [14.3.4] -----------------------------------------------------------------------------------------------
    def _corps_attack(self, ctx: Any, attackers: list[str]) -> None:
        for corps in sorted(lost_corps(ctx)):
            by_div: dict[str, list[str]] = {}
            for u in attackers:
                div = division_of(ctx, u, corps)
                if div and formation_sp(ctx, div) >= MIN_FORMATION_SP:
                    by_div.setdefault(div, []).append(u)
            if len(by_div) > 1:
                names = "; ".join(f"{(ctx.formations.get(d) or {}).get('name', d)}: {c.names(ctx, us)}"
                                  for d, us in sorted(by_div.items()))
                ctx.error(ctx.rule("14.3.4"), f"units of {len(by_div)} divisions attack together ({names}) while "
                          f"the HQ of {(ctx.formations.get(corps) or {}).get('name', corps)} is destroyed; divisions "
                          f"of {MIN_FORMATION_SP} SP or more of a corps without its HQ do not attack together",
                          units=[u for us in by_div.values() for u in us])

    def _corps_die_owed(self, ctx: Any, uid: str) -> None:
        st = ctx.state
        for corps, n in lost_corps(ctx).items():
            if n.get("done") or n["side"] != ctx.side_of(uid):
                continue
            div = division_of(ctx, uid, corps)
            if div and corps_die_restricts(ctx, uid, corps) is None:
                flagged: set[str] = st.per_phase.setdefault("tis_corps_die_owed", set())
                if div not in flagged:
                    flagged.add(div)
                    ctx.error(ctx.rule("14.3.4"), f"{ctx.name(uid)} moves, but no corps die (roll purpose corps_hq) "
                              f"was rolled for {(ctx.formations.get(div) or {}).get('name', div)} after the HQ of "
                              f"{(ctx.formations.get(corps) or {}).get('name', corps)} was destroyed; every division "
                              "of the corps rolls one", units=[uid])

    # ---- [14.3.7] -----------------------------------------------------------------------------------------------
    def _restored(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid = ctx.state, ev["unit"]
        if c.unit_class(ctx, uid) != "hq":
            return
        note = next((n for n in (st.notes.get("tis_hq_lost") or {}).values() if n["hq"] == uid), None)
        if note is None or st.position.get(uid) is not None:
            return
        f = (ctx.units.get(uid) or {}).get("formation") or ""
        per_day = int(ctx.tables.get("stages_per_day") or 3)
        if st.turn < note["since"] + per_day:
            ctx.error(ctx.rule("14.3.7"), f"{ctx.name(uid)} returns on stage {st.turn}, less than a full day after "
                      f"its destruction on stage {note['since']}; a new HQ arrives after one full day "
                      f"({per_day} stages)", units=[uid])
        if st.phase != "movement" or st.side != ctx.side_of(uid):
            ctx.error(ctx.rule("14.3.7"), f"{ctx.name(uid)} returns in the {st.phase} phase; a new HQ arrives in its "
                      "side's movement phase", units=[uid])
        sp = formation_sp(ctx, f, but=uid)
        if sp < MIN_FORMATION_SP:
            ctx.error(ctx.rule("14.3.7"), f"{ctx.name(uid)} returns while its formation has {sp} SP on the map; a new "
                      f"HQ arrives only when the formation has at least {MIN_FORMATION_SP} SP", units=[uid])
        steps = int(ev.get("steps") or 0)
        track = c.track(ctx, uid) or []
        old = (st.notes.get("tis_hq_strength") or {}).get(uid)
        if steps and track and old is not None:
            new_sp = int(track[len(track) - min(steps, len(track))])
            if new_sp > old - 1:
                ctx.error(ctx.rule("14.3.7"), f"{ctx.name(uid)} returns with {new_sp} SP; it had {old} SP when "
                          f"destroyed, and a restored HQ has at most one SP less", units=[uid])
        if steps:
            st.per_phase.setdefault("tis_hq_levels", {})[uid] = steps
