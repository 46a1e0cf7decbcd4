"""TiS casualties at sea [45.2.1]-[45.2.2]: "Good weather doesn't affect units"; "In the case of worsened or bad
weather, the player should check for casualties in units which are loaded on barges, in the CASUALTIES ON SEA table.
Barges and transported units can suffer losses."

The table is the manifest's ``sea_casualties`` (EP by d6, a row per weather state; the seed does not print it, so
a missing table or cell is could-not-check). A barge is a unit with class, symbol type or tag ``barge``; a unit is
loaded on a barge when it stands on the barge's hex and that hex is ``sea`` (the Arnhem data has neither). Log: a
``roll`` purpose ``sea`` with the ``unit`` checked (d6), then its ``loss`` reason ``sea``; the EP lost by the end
of the phase must be the table's. When in the stage the check is made the book does not say: it is not checked
that every loaded unit rolled (PT-boats' [18.6.15] roll: not checked, no PT-boats in the data).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.weather import current

OWED = "tis_sea_owed"
LOST = "tis_sea_lost"


def is_barge(ctx: Any, uid: str) -> bool:
    return "barge" in ({c.unit_class(ctx, uid)} | c.symbol_types(ctx, uid) | c.tags(ctx, uid))


def at_sea(ctx: Any, uid: str) -> bool:
    """A barge on a sea hex, or a unit loaded on one (on its hex)."""
    h = ctx.state.position.get(uid)
    if not h or ctx.board is None or ctx.board.terrain(h) != "sea":
        return False
    return is_barge(ctx, uid) or any(is_barge(ctx, u) for u in ctx.state.units_in(h) if u != uid)


class SeaCasualties:
    """[45.2.1], [45.2.2]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "loss" and ev.get("reason") == "sea" and ev.get("unit"):
            lost = st.per_phase.setdefault(LOST, {})
            lost[ev["unit"]] = lost.get(ev["unit"], 0) + int(ev.get("steps") or 0)
        if ev["type"] != "roll" or ev.get("purpose") != "sea" or not ev.get("dice"):
            return
        uid, die = ev.get("unit"), int(ev["dice"][0])
        if not uid:
            ctx.could_not_check(ctx.rule("45.2.2"), "the unit of a sea-casualty roll (roll purpose sea with unit)")
            return
        weather = current(ctx)
        if weather == "good":
            ctx.error(ctx.rule("45.2.1"), f"{ctx.name(uid)} rolls for casualties at sea in good weather; good "
                      "weather doesn't affect units (the CASUALTIES ON SEA table is for worsened or bad weather "
                      "[45.2.2])", units=[uid])
            return
        if not at_sea(ctx, uid):
            ctx.error(ctx.rule("45.2.2"), f"{ctx.name(uid)} rolls for casualties at sea but is neither a barge at "
                      "sea nor loaded on one; only barges and the units they carry check the CASUALTIES ON SEA "
                      "table", units=[uid])
            return
        row = ((ctx.tables.get("sea_casualties") or {}).get(weather or "") or [])
        want = row[die - 1] if 1 <= die <= len(row) else None
        if want is None:
            ctx.could_not_check(ctx.rule("45.2.2"), f"the CASUALTIES ON SEA cell for {weather} weather, die {die} "
                                "(the table is not printed in the seed; the manifest's sea_casualties)")
            return
        st.per_phase.setdefault(OWED, {})[uid] = (int(want), die, str(weather))

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        lost = st.per_phase.get(LOST) or {}
        for uid, (want, die, weather) in sorted((st.per_phase.get(OWED) or {}).items()):
            got = lost.get(uid, 0)
            if got != want and uid not in st.eliminated:
                ctx.error(ctx.rule("45.2.2"), f"{ctx.name(uid)} rolled {die} for casualties at sea in {weather} "
                          f"weather and lost {got} EP (loss reason sea); the CASUALTIES ON SEA table gives {want}",
                          units=[uid])
