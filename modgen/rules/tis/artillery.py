"""TiS artillery beyond range and timing (:mod:`.fire`): the command restriction on support [9.2.7], the
strength artillery fires and fights with [9.2.6], [9.4.1], [9.5.1]-[9.5.2], [10.4.2], [10.5.1], [13.1.1], the
Artillery Fire table with its modifiers [9.8], [9.7.4], [10.4.1], [13.1.4], and the ammunition pools [9.9].

In the log, support is the ``attack``'s ``support`` list: units of the attacker's side support the attack [9.3],
units of the defender's side the defence [9.4]. A single-handed fire or barrage (``attack`` ``kind`` fire/barrage)
is followed by its die (``roll`` purpose ``artillery``, one d6) and the target's ``loss`` events.
"""

from __future__ import annotations

import math
from typing import Any

from modgen.rules.tis import common as c

FIRE_ROLLS = ("artillery", "fire", "barrage")
AMMO_COST = {"barrage": 4, "fire": 2, "support": 1}  # [9.9.3]
HEAVY_RANGE = 5  # [9.7.4] heavy artillery: fire range longer than 5 hexes
ROCKET_TYPES = ("rocket", "rocket_artillery")
MORTAR_TYPES = ("mortar", "mortars")
FIRE_KINDS = ("barrage", "fire", "bombardment")


# ---- [9.2.7] command ------------------------------------------------------------------------------------------
def _chain(ctx: Any, formation: str | None) -> list[str]:
    """The formation and every formation above it (``parent`` links), nearest first."""
    out: list[str] = []
    while formation and formation not in out:
        out.append(formation)
        formation = (ctx.formations.get(formation) or {}).get("parent")
    return out


def overrides(ctx: Any) -> dict[str, set[str]]:
    """The scenario's widening of [9.2.7]: artillery unit id (or formation id) -> formations it may support, from
    special rules whose ``params.artillery_command`` lists ``{"artillery": [...], "supports": [...]}``."""
    out: dict[str, set[str]] = {}
    for r in (ctx.scenario or {}).get("special_rules") or []:
        for entry in ((r.get("params") or {}).get("artillery_command") or []) if isinstance(r, dict) else []:
            for a in entry.get("artillery") or []:
                out.setdefault(a, set()).update(entry.get("supports") or [])
    return out


def may_support(ctx: Any, gun: str, unit: str) -> bool | None:
    """[9.2.7]: whether field artillery ``gun`` may support ``unit`` (policy ``artillery_command``); None when a
    formation is unknown."""
    how = ctx.policies.get("artillery_command", "subordinates")
    if how == "any":
        return True
    gf = (ctx.units.get(gun) or {}).get("formation")
    uchain = _chain(ctx, (ctx.units.get(unit) or {}).get("formation"))
    if not gf or not uchain:
        return None
    extra = overrides(ctx)
    if set(uchain) & (extra.get(gun, set()) | extra.get(gf, set())):
        return True
    if how == "same_corps":
        return _chain(ctx, gf)[-1] == uchain[-1]
    return gf in uchain


def check_command(ctx: Any, support: list[str], supported: list[str], defence: bool) -> None:
    """[9.2.7] every supporting field artillery unit may support at least one of the units it supports."""
    for gun in support:
        if c.unit_class(ctx, gun) != "artillery" or not supported:
            continue
        verdicts = [may_support(ctx, gun, u) for u in supported]
        if any(v is True for v in verdicts):
            continue
        if any(v is None for v in verdicts):
            ctx.could_not_check(ctx.rule("9.2.7"), f"the command of {ctx.name(gun)} or of {c.names(ctx, supported)} "
                                "(a unit without a formation)")
            continue
        what = "defence" if defence else "attack"
        ctx.error(ctx.rule("9.2.7"), f"{ctx.name(gun)} supports the {what} of {c.names(ctx, supported)}, which are "
                  "not under its headquarters; field artillery supports only units of its own or a subordinate "
                  f"headquarters (policy artillery_command = {ctx.policies.get('artillery_command', 'subordinates')})",
                  units=[gun, *supported])


# ---- strength -------------------------------------------------------------------------------------------------
def moved(ctx: Any, uid: str) -> bool:
    """The artillery unit moved in its own movement phase this stage [9.2.6]."""
    return uid in ctx.state.per_stage.get("tis_art_moved", set())


def moved_foot(ctx: Any, uid: str) -> bool:
    """Non-motorized field artillery that moved in its own movement phase this stage: it fires at half [9.2.6]."""
    types = c.symbol_types(ctx, uid)
    return (moved(ctx, uid) and c.unit_class(ctx, uid) == "artillery" and "self_propelled" not in types
            and "motorized" not in types)


def pooled_half_excess(ctx: Any, guns: list[str]) -> int:
    """How much more the moved non-motorized ``guns`` add when each is halved and rounded up alone than [9.2.6]
    allows ("rounding up from the sum of artillery units which have moved")."""
    sps = [c.strength(ctx, u) or 0 for u in guns if moved_foot(ctx, u)]
    return sum(math.ceil(sp / 2) for sp in sps) - math.ceil(sum(sps) / 2)


def fire_strength(ctx: Any, guns: list[str]) -> tuple[int | None, list[str]]:
    """The SP the artillery fires with [9.2.6]: non-motorized units that moved fire at half (the sum of the moved
    ones rounded up), motorized ones that moved at 1 less (not below 1), self-propelled at full."""
    total, halved, why = 0, 0, []
    for u in guns:
        sp = c.strength(ctx, u)
        if sp is None:
            return None, [f"{ctx.name(u)} has no strength track"]
        types = c.symbol_types(ctx, u)
        if moved_foot(ctx, u):
            halved += sp
            why.append(f"{ctx.name(u)} moved: ½ [9.2.6]")
        elif not moved(ctx, u) or "self_propelled" in types or c.unit_class(ctx, u) != "artillery":
            total += sp
        else:  # moved motorized field artillery
            total += max(1, sp - 1)
            why.append(f"{ctx.name(u)} moved: -1 [9.2.6]")
    return total + math.ceil(halved / 2), why


def support_sp(ctx: Any, uid: str, enemies: list[str], defence: bool) -> tuple[int | None, list[str]]:
    """What one supporting artillery unit adds: its fire strength [9.3.2] ([9.2.6] after moving), half of it in
    defence [9.4.1], 1 SP when supporting an attack at night [13.1.1], nothing for rockets and mortars when 2/3 of
    the enemy units are armoured [10.4.2], [10.5.1]."""
    sp, why = fire_strength(ctx, [uid])
    if sp is None:
        return None, why
    types = c.symbol_types(ctx, uid)
    armoured = sum(1 for e in enemies if c.is_armoured(ctx, e))
    if enemies and 3 * armoured >= 2 * len(enemies) and types & {*ROCKET_TYPES, *MORTAR_TYPES}:
        return 0, [*why, f"{ctx.name(uid)} (rockets/mortars) against armour adds nothing [10.4.2], [10.5.1]"]
    if defence:
        return math.ceil(sp / 2), [*why, f"{ctx.name(uid)} supports the defence with ½ [9.4.1]"]
    if c.is_night(ctx):
        return min(sp, 1), [*why, f"{ctx.name(uid)} supports at night with 1 SP [13.1.1]"]
    return sp, why


def direct_sp(ctx: Any, uid: str, sp: int) -> tuple[int, str | None]:
    """[9.5.1]-[9.5.2]: field artillery named among the fighting units fights directly with 1 SP (self-propelled
    artillery of more than 3 SP with 2); its fire strength counts only as support [9.3], [9.4]."""
    if c.unit_class(ctx, uid) != "artillery":
        return sp, None
    n = 2 if "self_propelled" in c.symbol_types(ctx, uid) and sp > 3 else 1
    return min(sp, n), f"{ctx.name(uid)} fights directly with {min(sp, n)} SP [9.5.1]-[9.5.2]"


# ---- [9.8] the fire table ---------------------------------------------------------------------------------------
def _band(items: list[dict[str, Any]], sp: int) -> dict[str, Any] | None:
    return next((r for r in items if sp >= r.get("min", 0) and (r.get("max") is None or sp <= r["max"])), None)


def _terrain(ctx: Any, targets: list[str]) -> tuple[int | None, str]:
    """The target hex's terrain and fortification modifier [9.8.2] (Terrain Effect chart, entrenched -1)."""
    hexes = sorted({h for t in targets if (h := ctx.state.position.get(t))})
    if not hexes or ctx.board is None:
        return 0, ""
    h = hexes[0]
    mod = c.combat_modifier(ctx, ctx.board.terrain(h))
    if mod is None:
        return None, ctx.board.terrain(h)
    why = f"{ctx.board.terrain(h)} {mod:+d}" if mod else ""
    if any("entrenched" in ctx.state.markers.get(t, set()) for t in targets):
        mod -= 1
        why = (why + ", " if why else "") + "entrenched -1"
    return mod, why


def expected_loss(ctx: Any, fire: dict[str, Any]) -> tuple[int | None, str]:
    """The SP (or EP, policy ``loss_unit``) the fire takes off: (loss, how) or (None, why it cannot be read)."""
    table = ctx.tables.get("artillery_fire")
    if not isinstance(table, dict) or not table.get("blocks"):
        return None, "the game has no Artillery Fire table"
    barrage = fire["kind"] == "barrage"
    die, mods = fire["die"], []
    terrain, twhy = _terrain(ctx, fire["targets"])
    if terrain is None:
        return None, f"the Terrain Effect chart has no combat modifier for {twhy}"
    doubled = ctx.policies.get("artillery_terrain_modifier", "die") == "effect_doubled"
    if terrain and not doubled:
        die += terrain
        mods.append(twhy)
    if barrage and all(isinstance(a := ctx.values(g).get("afr"), int) and a > HEAVY_RANGE for g in fire["guns"]):
        die += 2
        mods.append("only heavy artillery +2 [9.7.4]")
    rocket = sum(c.strength(ctx, g) or 0 for g in fire["guns"] if c.symbol_types(ctx, g) & set(ROCKET_TYPES))
    if 2 * rocket >= fire["sp"] and rocket:
        die += 1
        mods.append("rockets +1 [10.4.1]")
    if barrage and c.is_night(ctx):
        die -= 2
        mods.append("night barrage -2 [13.1.4]")
    bonus = 2 if fire["sp"] > 30 else 1 if fire["sp"] >= 26 else 0  # [9.8.3]
    if bonus and ctx.policies.get("artillery_strength_bonus", "loss") == "die":
        die, bonus = die + bonus, 0
        mods.append(f"{fire['sp']} SP +{2 if fire['sp'] > 30 else 1} [9.8.3]")
    if die < 1 and ctx.policies.get("artillery_die_bounds", "clamp") == "below_one_no_effect":
        return 0, f"die {fire['die']} modified to {die} ({', '.join(mods)}): no effect"
    col = min(max(die, 1), 6)
    block = _band(table["blocks"], fire["target_sp"])
    row = _band((block or {}).get("rows") or [], fire["sp"])
    cell = (row or {}).get("results", [None] * 6)[col - 1] if row else None
    where = f"row {row['label'] if row else fire['sp']} of target {block['label'] if block else fire['target_sp']} SP"
    if cell is None:
        return None, f"the Artillery Fire table has no cell for {where}, die {col}"
    loss = int(cell) + bonus
    how = f"die {fire['die']}" + (f" modified to {die} ({', '.join(mods)})" if mods else "") + f" on {where}"
    if bonus:
        how += f", +{bonus} for {fire['sp']} SP [9.8.3]"
    if doubled and terrain:
        loss = max(0, loss - (1 if barrage else 2) * abs(terrain))
        how += f", {twhy} taken off the effect {'once' if barrage else 'doubled'} [9.8.2]"
    return max(0, loss), how


# ---- [9.9] ammunition -------------------------------------------------------------------------------------------
def ammunition_pool(ctx: Any, formation: str) -> int:
    """[9.9.2] the formation's AR: the scenario's (special rule ``params.ammunition``), else 2 × the SP of its field
    artillery (full strength)."""
    for r in (ctx.scenario or {}).get("special_rules") or []:
        table = ((r.get("params") or {}).get("ammunition")) if isinstance(r, dict) else None
        if isinstance(table, dict) and isinstance(table.get(formation), int):
            return int(table[formation])
    sp = 0
    for uid, rec in ctx.units.items():
        if rec.get("class") == "artillery" and rec.get("formation") == formation:
            t = c.track(ctx, uid)
            sp += int(t[0]) if t else 0
    return 2 * sp


def spend(ctx: Any, guns: list[str], kind: str) -> None:
    """[9.9.3]-[9.9.4] debit the pools of the firing field artillery's formations; flag a fire the pool cannot
    pay for."""
    cost = AMMO_COST[kind]
    used: dict[str, int] = ctx.state.notes.setdefault("tis_ammo_used", {})
    debits: dict[str, list[str]] = {}
    for g in guns:
        f = (ctx.units.get(g) or {}).get("formation")
        if c.unit_class(ctx, g) == "artillery" and f:  # [9.9.1] field artillery only
            debits.setdefault(f, []).append(g)
    per_unit = ctx.policies.get("ammunition_debit", "per_unit") == "per_unit"
    need_all = ctx.policies.get("ammunition_last_rounds", "cost_needed") == "cost_needed"
    for f, gs in sorted(debits.items()):
        pool = ammunition_pool(ctx, f)
        need = cost * (len(gs) if per_unit else 1)
        left = pool - used.get(f, 0)
        if left <= 0 or (need_all and left < need):
            name = (ctx.formations.get(f) or {}).get("name", f)
            ctx.error(ctx.rule("9.9.4"), f"{c.names(ctx, gs)} fire ({kind}, {need} AR) with {max(left, 0)} of "
                      f"{name}'s {pool} ammunition rounds left; artillery whose formation has used its AR cannot "
                      "fire", units=gs)
        used[f] = used.get(f, 0) + need


# ---- the checker -------------------------------------------------------------------------------------------------
class Artillery:
    """[9.2.6] moved artillery, [9.2.7] command, [9.8] fire results and [9.9] ammunition."""

    def __init__(self) -> None:
        self.fire: dict[str, Any] | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ("attack", "phase", "turn", "game_end"):
            self._close(ctx)
        if t == "attack" and ctx.board is not None:
            self._attack(ctx, ev)
        elif t == "roll" and self.fire is not None and ev.get("purpose") in FIRE_ROLLS and ev.get("dice"):
            self.fire["die"] = int(ev["dice"][0])
        elif t == "loss" and self.fire is not None and ev.get("unit") in self.fire["targets"]:
            uid = ev["unit"]
            steps = c.ep_left(ctx, uid) if ev.get("eliminated") else int(ev.get("steps") or 0)
            self.fire["steps"] += steps

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "move" and st.phase == "movement" and ctx.side_of(ev["unit"]) == st.side \
                and c.unit_class(ctx, ev["unit"]) == "artillery" and len(ev.get("path") or []) > 1:
            st.per_stage.setdefault("tis_art_moved", set()).add(ev["unit"])

    def phase_end(self, ctx: Any) -> None:
        self._close(ctx)

    def finish(self, ctx: Any) -> None:
        self._close(ctx)

    def _attack(self, ctx: Any, ev: dict[str, Any]) -> None:
        att = [u for u in ev.get("attackers") or [] if isinstance(u, str)]
        dfn = [u for u in ev.get("defenders") or [] if isinstance(u, str)]
        kind = ev.get("kind")
        if kind in FIRE_KINDS:
            guns = [u for u in att if c.unit_class(ctx, u) == "artillery"]
            if not guns:
                return
            spend(ctx, guns, "barrage" if kind == "barrage" or ctx.state.phase == "barrage" else "fire")
            sp, _ = fire_strength(ctx, guns)
            target_sp = sum(c.strength(ctx, d) or 0 for d in dfn)
            if dfn and sp is not None:
                self.fire = {"kind": "barrage" if kind == "barrage" or ctx.state.phase == "barrage" else "fire",
                             "guns": guns, "targets": dfn, "sp": sp, "target_sp": target_sp, "die": None,
                             "steps": 0, "sp_before": {d: c.strength(ctx, d) or 0 for d in dfn}}
            return
        sup = [u for u in ev.get("support") or [] if isinstance(u, str)]
        if not sup or not att:
            return
        side = ctx.side_of(att[0])
        attack_sup = [u for u in sup if ctx.side_of(u) == side]
        defence_sup = [u for u in sup if ctx.side_of(u) != side]
        check_command(ctx, attack_sup, att, defence=False)
        check_command(ctx, defence_sup, dfn, defence=True)
        spend(ctx, [u for u in sup if c.unit_class(ctx, u) == "artillery"], "support")

    def _close(self, ctx: Any) -> None:
        fire, self.fire = self.fire, None
        if fire is None or fire["die"] is None:
            return
        want, how = expected_loss(ctx, fire)
        if want is None:
            ctx.could_not_check(ctx.rule("9.8.1"), how)
            return
        if ctx.policies.get("loss_unit", "ep") == "sp":
            got = sum(fire["sp_before"][d] - (c.strength(ctx, d) or 0) for d in fire["targets"])
            unit = "SP"
        else:
            got = fire["steps"]
            want = min(want, sum(c.ep_left(ctx, d) for d in fire["targets"]) + got)
            unit = "EP"
        if got != want:
            what = "barrage" if fire["kind"] == "barrage" else "single-handed fire"
            ctx.error(ctx.rule("9.8.1"), f"the {what} of {c.names(ctx, fire['guns'])} ({fire['sp']} SP) at "
                      f"{c.names(ctx, fire['targets'])} ({fire['target_sp']} SP): {how} takes off {want} {unit}; the "
                      f"log takes off {got}", units=[*fire["guns"], *fire["targets"]])
