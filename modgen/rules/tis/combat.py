"""TiS direct combat [7]: adjacency [7.1.1], one fight per unit [7.1.5], geometry [7.1.7]-[7.1.8], 24 SP of a
stack [5.1.2], artillery support range and once a stage [9.2.1], [9.3.1], the declared odds against the computed
ones (:mod:`modgen.rules.tis.odds`), the CRT roll [7.2.1] d)-e) and the Casualties after Battle rolls [7.2.4]-[7.2.5]
against the EP the log takes off [7.2.3].

A battle in the log: ``attack`` (attackers, defenders, support), the TiS ``odds`` event (the column the players
used), ``roll`` purpose ``combat`` (2d6) and ``result`` (``B2``), then ``roll`` purposes ``losses_attacker`` and
``losses_defender`` (the 2d6 each player throws for the enemy's losses [7.2.1] f) and ``loss`` events in steps.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.fire import fires
from modgen.rules.tis.losses import first_from_ability_users, landed_on_enemy_losses
from modgen.rules.tis.odds import TEXT_COLUMNS, Odds, compute

#: [13.1.3] the night die before every direct combat: its column modifier (1 and 4 also cost SP: not checked)
NIGHT_DIE = {1: -2, 2: -2, 3: -1, 6: 2}
LOSS_ROLLS = {"losses_attacker": "attacker", "losses_defender": "defender"}
_COMBAT_LOSS_REASONS = (None, "combat", "casualties")


def _units(ev: dict[str, Any], key: str) -> list[str]:
    return [u for u in ev.get(key) or [] if isinstance(u, str)]


def _band(rows: list[dict[str, Any]], sp: int) -> int | None:
    for i, r in enumerate(rows):
        if sp >= r.get("min", 0) and (r.get("max") is None or sp <= r["max"]):
            return i
    return None


class Combat:
    """Per battle: declaration checks, odds, CRT and casualties."""

    def __init__(self) -> None:
        self.battle: dict[str, Any] | None = None

    # ---- hooks ----------------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("attack", "phase", "turn"):
            self._close(ctx)
        if t == "attack" and ctx.board is not None and ctx.state.phase in ("combat", "airborne", "movement"):
            self._declare(ctx, ev)
        elif self.battle is None:
            return
        elif t == "odds":
            self._odds(ctx, ev)
        elif t == "roll":
            self._roll(ctx, ev)
        elif t == "result":
            self._result(ctx, ev)
        elif t == "loss":
            self._loss(ctx, ev)

    def phase_end(self, ctx: Any) -> None:
        self._close(ctx)

    def finish(self, ctx: Any) -> None:
        self._close(ctx)

    # ---- the declaration -------------------------------------------------------------------------------------------
    def _declare(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, board = ctx.state, ctx.board
        att, dfn, sup = _units(ev, "attackers"), _units(ev, "defenders"), _units(ev, "support")
        air = _units(ev, "air") + [u for u in att if c.unit_class(ctx, u) == "air"]  # CAS support [26.5.6]
        att = [u for u in att if c.unit_class(ctx, u) != "air"]
        if ev.get("kind") in ("barrage", "fire", "bombardment") or not att or not dfn:
            return
        airborne = st.phase == "airborne"
        pos = st.position
        for u in att:
            h = pos.get(u)
            ok = h is not None and any((d := pos.get(x)) and (board.adjacent(h, d) or (airborne and h == d))
                                       for x in dfn)
            if not ok:
                dist = min((board.distance(h, pos[x]) for x in dfn if pos.get(x) and h), default=None)
                far = f" ({dist} hexes away)" if dist else ""
                ctx.error(ctx.rule("7.1.1"), f"{ctx.name(u)} at {h} attacks {c.names(ctx, dfn)} without being "
                          f"adjacent{far}; direct combat needs adjacent hexes", units=[u, *dfn])
        if st.phase == "combat":
            fought: set[str] = st.per_phase.setdefault("tis_fought", set())
            again = [u for u in att + dfn if u in fought]
            if again:
                ctx.error(ctx.rule("7.1.5"), f"{c.names(ctx, again)} already fought in this combat phase; a unit "
                          "fights once a combat phase", units=again)
            fought.update(att + dfn)
        ahex = {pos.get(u) for u in att} - {None}
        dhex = {pos.get(u) for u in dfn} - {None}
        if len(ahex) > 1 and len(dhex) > 1:
            ctx.error(ctx.rule("7.1.7"), f"attackers on {len(ahex)} hexes fight defenders on {len(dhex)} hexes; "
                      "one side of a battle must stand on a single hex", units=att + dfn)
        retreated = st.per_phase.get("tis_retreated", set())
        for h in sorted(dhex):
            left = [u for u in c.enemies_in(ctx, h, ctx.side_of(att[0]))
                    if u not in dfn and u not in retreated and c.strength(ctx, u) != 0]
            if left:
                ctx.error(ctx.rule("7.1.8"), f"{c.names(ctx, left)} at {h} are not attacked with the other "
                          "defenders there; all units defending in a hex fight together", units=left, hexes=[h])
        if ctx.policies.get("combat_stack_limit", "at_most_24") == "at_most_24":
            for h in sorted(ahex):
                here = [u for u in att if pos.get(u) == h]
                sp = sum(c.strength(ctx, u) or 0 for u in here)
                if sp > 24:
                    ctx.error(ctx.rule("5.1.2"), f"{sp} SP attack from {h} ({c.names(ctx, here)}); at most 24 SP "
                              "of a stack fight in one combat", units=here, hexes=[h])
        if ev.get("kind") == "recon":
            return  # [11.2.2] the recon surprise attack has its own table, no odds or modifiers (recon.py)
        self._support(ctx, sup, dfn)
        self.battle = {"att": att, "dfn": dfn, "odds": compute(ctx, att, dfn, sup, airborne, air, event=ev),
                       "column": None, "result": None, "loss_rolls": {}, "losses": {"attacker": 0, "defender": 0},
                       "lost_by": {}, "on_enemy": airborne and bool(ahex & dhex)}

    def _support(self, ctx: Any, sup: list[str], dfn: list[str]) -> None:
        """[9.3.1], [9.3.3] a defender in range, and the checks all artillery fire shares (:func:`.fire.fires`)."""
        for u in sup:
            fires(ctx, u, dfn, range_rule="9.3.1")

    # ---- odds, CRT, casualties -------------------------------------------------------------------------------------
    def _chart(self, ctx: Any) -> dict[str, Any] | None:
        crt = ctx.tables.get("crt")
        return crt if isinstance(crt, dict) and isinstance(crt.get("columns"), list) else None

    def _legal(self, ctx: Any, o: Odds) -> dict[int, str] | None:
        crt = self._chart(ctx)
        if crt is None:
            ctx.could_not_check(ctx.rule("7.2.1"), "the game has no Combat Results Table")
            return None
        cols = crt["columns"]
        legal = o.columns(cols)
        if ctx.policies.get("crt_columns") == "text":
            lo = cols.index(TEXT_COLUMNS[0]) if TEXT_COLUMNS[0] in cols else 0
            hi = cols.index(TEXT_COLUMNS[-1]) if TEXT_COLUMNS[-1] in cols else len(cols) - 1
            legal = {min(max(i, lo), hi): w for i, w in legal.items()}
        return legal

    def _night_die(self, ctx: Any) -> None:
        b = self.battle
        assert b is not None
        if c.is_night(ctx) and b.get("night_roll") is None and not b.get("night_said"):
            b["night_said"] = True
            ctx.error(ctx.rule("13.1.3"), f"a night battle ({c.names(ctx, b['att'])} against "
                      f"{c.names(ctx, b['dfn'])}) is fought without the night die; before any direct combat at "
                      "night the players throw it (a roll with purpose night; policy night_stage)",
                      units=b["att"] + b["dfn"])

    def _odds(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.battle
        assert b is not None
        self._night_die(ctx)
        o: Odds = b["odds"]
        if o.missing:
            ctx.could_not_check(ctx.rule("3.4.1"), o.missing)
            return
        legal = self._legal(ctx, o)
        if legal is None:
            return
        cols = self._chart(ctx)["columns"]  # type: ignore[index]
        said = str(ev.get("odds", "")).replace(" ", "")
        norm = {col.replace(" ", ""): i for i, col in enumerate(cols)}
        if said not in norm:
            ctx.error(ctx.rule("7.2.1"), f"the odds {said!r} are not a column of the Combat Results Table "
                      f"({', '.join(cols)})", units=b["att"] + b["dfn"])
            return
        idx = norm[said]
        if idx in legal:
            b["column"], b["used"] = idx, legal[idx]
            return
        first = min(legal, key=lambda i: abs(i - idx))
        shown = " or ".join(f"{cols[i]} ({w})" for i, w in sorted(legal.items()))
        extra = f"; {'; '.join(o.notes)}" if o.notes else ""
        ctx.error(ctx.rule("3.4.1"), f"the battle is fought at {said}, but {o.att_sp} SP against {o.def_sp} SP is "
                  f"{o.label}, which gives {shown}{extra}", units=b["att"] + b["dfn"])
        b["column"], b["used"] = first, legal[first]

    def _roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.battle
        assert b is not None
        purpose = ev.get("purpose", "combat")
        dice = list(ev.get("dice") or [])
        if purpose == "combat":
            self._night_die(ctx)
            if len(dice) != 2:
                ctx.error(ctx.rule("7.2.1"), f"the combat roll is {len(dice)} dice; the attacker throws 2 dice "
                          "[7.2.1] d)", units=b["att"])
                return
            b["crt_roll"] = sum(dice)
        elif purpose == "surprise" and ctx.state.phase == "airborne" and len(dice) == 2:
            self._surprise(b, sum(dice))
        elif purpose == "night" and dice:
            shift = NIGHT_DIE.get(int(dice[0]), 0)
            b["night_roll"] = int(dice[0])
            if shift:
                b["odds"].shifts.append((f"night die {dice[0]} [13.1.3]", shift))
        elif purpose in LOSS_ROLLS and len(dice) == 2:
            b["loss_rolls"][LOSS_ROLLS[purpose]] = sum(dice)

    @staticmethod
    def _surprise(b: dict[str, Any], total: int) -> None:
        """[17.2.6] the surprise roll's modifier: on the enemy 9 +4, 10-12 +5; adjacent 10 +3, 11-12 +5."""
        if b["on_enemy"]:
            shift = 4 if total == 9 else 5 if total >= 10 else 0
        else:
            shift = 3 if total == 10 else 5 if total >= 11 else 0
        if shift:
            b["odds"].shifts.append(("airborne surprise [17.2.6]", shift))

    def _column(self, ctx: Any) -> int | None:
        b = self.battle
        assert b is not None
        if b["column"] is not None:
            return b["column"]
        o: Odds = b["odds"]
        if o.missing:
            ctx.could_not_check(ctx.rule("3.4.1"), o.missing)
            return None
        legal = self._legal(ctx, o)
        if not legal or len(legal) > 1:
            return None  # an optional ability decides the column: the log must say which (odds event)
        b["column"], b["used"] = next(iter(legal.items()))
        return b["column"]

    def _result(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.battle
        assert b is not None
        said = str(ev.get("result", "")).split("(")[0].strip()
        b["result"] = said
        roll = b.get("crt_roll")
        col = self._column(ctx)
        crt = self._chart(ctx)
        if roll is None or col is None or crt is None:
            return
        row = (crt.get("rows") or {}).get(str(roll))
        cell = row[col] if isinstance(row, list) and col < len(row) else None
        if cell is None:
            ctx.could_not_check(ctx.rule("7.2.1"), f"the Combat Results Table has no cell for a roll of {roll} at "
                                f"{crt['columns'][col]}")
            return
        if said.replace(" ", "") != str(cell).replace(" ", ""):
            if ctx.state.current_attack is not None:
                ctx.state.current_attack.data["tis_wrong_result"] = True  # its retreat is not checked on top
            ctx.error(ctx.rule("7.2.1"), f"a roll of {roll} at {crt['columns'][col]} gives {cell}, not {said}",
                      units=b["att"] + b["dfn"])

    def _loss(self, ctx: Any, ev: dict[str, Any]) -> None:
        b = self.battle
        assert b is not None
        uid = ev["unit"]
        if ev.get("reason") not in _COMBAT_LOSS_REASONS:
            return
        who = "attacker" if uid in b["att"] else "defender" if uid in b["dfn"] else None
        if who is None:
            return
        steps = ev.get("steps") or (c.ep_left(ctx, uid) if ev.get("eliminated") else 0)
        b["losses"][who] += int(steps)
        b["lost_by"][uid] = b["lost_by"].get(uid, 0) + int(steps)
        b["last"] = ctx.index  # findings about the losses point at the last loss
        if steps and who == "attacker" and "first_loss" not in b:
            b["first_loss"] = uid  # [7.2.7]

    def _close(self, ctx: Any) -> None:
        """[7.2.4], [7.2.5]: each side's EP lost against the Casualties after Battle table."""
        b, self.battle = self.battle, None
        if b is None or not b["loss_rolls"]:
            return
        o: Odds = b["odds"]
        table = ctx.tables.get("casualties")
        rows = (table or {}).get("rows") if isinstance(table, dict) else None
        if not isinstance(rows, list) or not rows:
            ctx.could_not_check(ctx.rule("7.2.4"), "the game has no Casualties after Battle table")
            return
        if o.missing:
            return
        landed = landed_on_enemy_losses(ctx, b) if b["on_enemy"] else None  # [17.2.7], [17.2.8]
        used = b.get("used") or ""
        first_from_ability_users(ctx, b["att"], used, b.get("first_loss"))
        stars = o.stars if "black stars" in used else 0
        for who, roll in sorted(b["loss_rolls"].items()):
            opposing = o.att_sp if who == "defender" else o.def_sp
            base = _band(rows, opposing)
            if base is None:
                ctx.could_not_check(ctx.rule("7.2.4"), f"the Casualties after Battle table has no row for "
                                    f"{opposing} SP")
                continue
            # [7.2.5] a) terrain and fortifications: attacker's row down, defender's up; b) stars the other way;
            # engineers shift only the defender's row
            shift = -o.terrain_shift if who == "attacker" else o.terrain_shift
            shift += -stars if who == "attacker" else stars
            if who == "defender" and o.engineers and "engineers" in used:
                shift += 1
            shift += o.att_rows if who == "attacker" else o.def_rows  # [7.2.5] MG and snipers: the enemy's row
            idx = min(max(base + shift, 0), len(rows) - 1)
            res = rows[idx].get("results") or []
            cell = res[roll - 2] if 0 <= roll - 2 < len(res) else None
            if cell is None:
                ctx.could_not_check(ctx.rule("7.2.4"), f"the Casualties after Battle table has no cell for row "
                                    f"{rows[idx].get('label')} and a roll of {roll}")
                continue
            got = b["losses"][who]
            units = b["att"] if who == "attacker" else b["dfn"]
            at = {"event_index": b["last"]} if b.get("last") is not None else {}
            rule, note = "7.2.4", ""
            if landed is not None and who == "attacker":
                factor, extra, note = landed
                cell, rule = cell * factor + extra, "17.2.8" if factor > 1 else "17.2.7" if extra else rule
            if got != cell:
                ctx.error(ctx.rule(rule), f"the {who} loses {got} EP, but a roll of {roll} on row "
                          f"{rows[idx].get('label')} ({opposing} SP opposing, shifted {shift:+d} [7.2.5]) gives "
                          f"{cell}{note}", units=units, **at)
            elif cell >= len(units) > 1:
                short = [u for u in units if b["lost_by"].get(u, 0) < cell // len(units)]
                if short:
                    ctx.error(ctx.rule("7.2.3"), f"{cell} EP lost by {len(units)} units: each takes at least "
                              f"{cell // len(units)}, but {c.names(ctx, short)} took less", units=short, **at)
