"""TiS counterattack details [8.2.1] (second sentence), [8.2.2], and the fighter attack's Z result ("unit stopped ...
it cannot make counterattacks", Fighter Attacks on Units table, [26.4.13]). The one-hex move into an enemy ZoC
[8.1.1] and the first sentence of [8.2.1] are checked in :mod:`.movement`, the obligation to attack every
neighbouring enemy hex [8.1.2] in :mod:`.obligations` (less the hexes [8.2.1] forbids, :func:`forbidden_targets`).

[8.2.1] "A unit that was adjacent to the attacking unit before its movement cannot be counterattacked": "its" read
by policy ``counterattack_adjacent`` (default ``counterattacker``: adjacent to the counterattacking unit before the
counterattacker's one-hex move; ``target``: adjacent before the target's own move in the movement phase).
[8.2.2] "A unit can't make a counterattack from a square where another allied unit stays": policy
``counterattack_from`` (default ``origin``: the hex the counterattacker moves out of holds another friendly unit that
stays there; ``destination``: the hex it counterattacks from holds a friendly unit that did not counterattack).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

_CA_START = "tis_ca_start"  # per_player_turn: positions when the counterattack phase began
_MOVE_START = "tis_move_start"  # per_player_turn: positions when the phasing player's movement phase began
_CA_FROM = "tis_ca_from"  # per_player_turn: counterattacker -> the hex it moved out of


#: the fighter-attack result "Z – unit stopped": half MP, no counterattacks (Fighter Attacks on Units table)
STOPPED = ("stopped", "fighter_z")


def stopped(ctx: Any, uid: str) -> bool:
    """The unit carries a fighter attack's Z ("unit stopped") marker placed this stage (policy
    ``fighter_z_duration``: or for as long as the marker stays on)."""
    on = ctx.state.markers.get(uid, set())
    if not any(m in on for m in STOPPED):
        return False
    return ctx.policies.get("fighter_z_duration", "stage") == "marker" or \
        uid in ctx.state.per_stage.get("tis_stopped", set())


def _before_positions(ctx: Any) -> dict[str, str | None]:
    key = _MOVE_START if ctx.policies.get("counterattack_adjacent", "counterattacker") == "target" else _CA_START
    return ctx.state.per_player_turn.get(key) or {}


def forbidden_targets(ctx: Any, uid: str) -> set[str]:
    """[8.2.1]: the enemy units the counterattacker ``uid`` may not counterattack (adjacent to it before)."""
    st, board = ctx.state, ctx.board
    pos0 = _before_positions(ctx)
    mine = pos0.get(uid)
    if mine is None:
        return set()
    side = ctx.side_of(uid)
    return {u for u, h in pos0.items() if h and ctx.side_of(u) not in (None, side) and c.is_ground(ctx, u)
            and board.adjacent(mine, h) and st.position.get(u) == h}


class Counterattacks:
    """[8.2.1] second sentence, [8.2.2], and no counterattack by a unit stopped by fighters (Z)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if ctx.board is None:
            return
        if t == "move" and st.phase == "counterattack" and ctx.side_of(ev["unit"]) not in (None, st.side):
            uid = ev["unit"]
            st.per_player_turn.setdefault(_CA_FROM, {}).setdefault(uid, st.position.get(uid))
            if stopped(ctx, uid):
                ctx.error(ctx.rule("26.4.13"), f"{ctx.name(uid)} counterattacks though a fighter attack stopped it "
                          "this stage (Z: the unit uses only half of its MP and cannot make counterattacks)",
                          units=[uid], hexes=[h for h in (st.position.get(uid),) if h])
        elif t == "attack" and st.phase == "combat":
            made = st.per_player_turn.get("counterattackers", set())
            for u in [x for x in ev.get("attackers") or [] if x in made]:
                bad = sorted(set(ev.get("defenders") or []) & forbidden_targets(ctx, u))
                if bad:
                    which = ("before its counterattack move" if ctx.policies.get("counterattack_adjacent",
                                                                                 "counterattacker") != "target"
                             else "before their move")
                    ctx.error(ctx.rule("8.2.1"), f"{ctx.name(u)} counterattacks {c.names(ctx, bad)}, which "
                              f"{'was' if len(bad) == 1 else 'were'} adjacent to it {which}; a unit that was adjacent "
                              "to the attacking unit before its movement cannot be counterattacked (policy "
                              "counterattack_adjacent)", units=[u, *bad])

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if t == "phase" and st.phase == "movement":
            st.per_player_turn[_MOVE_START] = dict(st.position)
        elif t == "phase" and st.phase == "counterattack":
            st.per_player_turn[_CA_START] = dict(st.position)
        elif t == "marker" and ev.get("unit") and ev.get("marker") in STOPPED:
            (st.per_stage.setdefault("tis_stopped", set()).add if ev.get("on")
             else st.per_stage.setdefault("tis_stopped", set()).discard)(ev["unit"])

    def phase_end(self, ctx: Any) -> None:
        """[8.2.2] at the end of the counterattack phase, from where everyone stands."""
        st = ctx.state
        if st.phase != "counterattack" or ctx.board is None:
            return
        moved: dict[str, str | None] = st.per_player_turn.get(_CA_FROM) or {}
        made = set(moved)
        start = st.per_player_turn.get(_CA_START) or {}
        origin = ctx.policies.get("counterattack_from", "origin") == "origin"
        for u, frm in sorted(moved.items()):
            side, now = ctx.side_of(u), st.position.get(u)
            if frm is None or now is None or now == frm:
                continue
            if origin:
                stay = sorted(x for x in st.units_in(frm) if x != u and x not in made and ctx.side_of(x) == side
                              and c.is_ground(ctx, x) and start.get(x) == frm)
                where, why = frm, "moves out of"
            else:
                stay = sorted(x for x in st.units_in(now) if x != u and x not in made and ctx.side_of(x) == side
                              and c.is_ground(ctx, x))
                where, why = now, "counterattacks from"
            if stay:
                ctx.error(ctx.rule("8.2.2"), f"{ctx.name(u)} {why} {where}, where {c.names(ctx, stay)} "
                          f"{'stays' if len(stay) == 1 else 'stay'}; a unit can't make a counterattack from a square "
                          "where another allied unit stays (policy counterattack_from)", units=[u, *stay],
                          hexes=[frm, now])
