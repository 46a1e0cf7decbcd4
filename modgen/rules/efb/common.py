"""EFB helpers shared by the check modules: unit traits, zones of control, year tables, terrain costs, command."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules import zoc
from modgen.rules.movement import TecCosts, fmt_mp, mp_cell, scale_for
from modgen.rules.zoc import ZocRules

__all__ = ["fmt_mp"]  # re-exported: EFB modules call them through this module

ARMORED_TYPES = {"armour", "mechanized", "assault_gun", "tank_destroyer", "self_propelled"}
RECON_TYPES = {"recon", "fusilier", "motorcycle"}
MISSING_TEC = "the game data has no Terrain Effects Chart (rules.tables.tec)"


def record(ctx: Any, uid: str) -> dict[str, Any]:
    return ctx.units.get(uid) or {}


def types(ctx: Any, uid: str) -> set[str]:
    """NATO symbol types plus tags (data may mark recon/engineer either way)."""
    rec = record(ctx, uid)
    return set(((rec.get("symbol") or {}).get("types")) or []) | set(rec.get("tags") or [])


def tags(ctx: Any, uid: str) -> set[str]:
    return set(record(ctx, uid).get("tags") or [])


def is_armored(ctx: Any, uid: str) -> bool:
    """2.6: any unit with the oval armour symbol (tag ``armored`` or an armoured NATO type). Printed, so cached."""
    cache = ctx.__dict__.setdefault("_efb_armored", {})
    hit = cache.get(uid)
    if hit is None:
        hit = cache[uid] = "armored" in tags(ctx, uid) or bool(types(ctx, uid) & ARMORED_TYPES)
    return hit


def klass(ctx: Any, uid: str) -> str:
    return record(ctx, uid).get("class", "")


def is_ground(ctx: Any, uid: str) -> bool:
    rec = record(ctx, uid)
    return rec.get("kind", "unit") == "unit" and rec.get("class") != "air"


def nationality(ctx: Any, uid: str) -> str:
    rec = record(ctx, uid)
    return rec.get("nationality") or rec.get("side") or ""


def suppressed(ctx: Any, uid: str) -> bool:
    return "suppressed" in ctx.state.markers.get(uid, ())


def year(ctx: Any) -> int | None:
    y = ctx.scenario.get("year")
    return int(y) if isinstance(y, int) else None


def year_row(ctx: Any, table: str, nat: str) -> dict[str, Any] | None:
    """The row of a nationality/year table (stacking, fire_control, air_per_hex) for this scenario, or None."""
    y = year(ctx)
    for row in ctx.tables.get(table) or []:
        if row.get("nationality") != nat:
            continue
        years = row.get("years")
        if years and (y is None or not years[0] <= y <= years[1]):
            continue
        return row
    return None


def enemy_of(ctx: Any, uid: str, other: str) -> bool:
    a, b = ctx.side_of(uid), ctx.side_of(other)
    return a is not None and b is not None and a != b


def hex_enemies(ctx: Any, h: str, side: str | None) -> list[str]:
    """Enemy ground units in hex ``h`` (from ``side``'s point of view)."""
    return [u for u in ctx.state.units_in(h) if ctx.side_of(u) not in (None, side) and is_ground(ctx, u)]


def side_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def bridge_version(ctx: Any) -> int:
    """Bumped whenever a bridge is built, blown or removed (terrain-cost caches key on it)."""
    return ctx.state.notes.get("bridge_version", 0)


def has_rubble(ctx: Any, h: str) -> bool:
    """A rubble marker on the hex (27)."""
    m = ctx.state.hex_markers.get(h)
    return bool(m) and "rubble" in m


def bridged(ctx: Any, a: str, b: str) -> bool:
    """Is there a usable bridge on the hexside a|b? A printed one not blown (MK SR2), or an engineer's (22.2)."""
    bridges = ctx.state.notes.get("bridges") or {}
    key = side_key(a, b)
    if key in bridges.get("built", {}):
        return True
    if key in bridges.get("blown", set()) or has_rubble(ctx, a) or has_rubble(ctx, b):
        return False  # blown (MK SR2), or rubble eliminates every bridge on its hex's sides (27.2)
    tec = ctx.tables.get("tec") or {}
    return any((tec.get(s) or {}).get("bridge") for s in ctx.board.hexside(a, b))


def zoc_crosses(ctx: Any, a: str, b: str) -> bool:
    """Does a ZOC extend from ``a`` into adjacent ``b``? (10.3; the zoc_major_river policy, TEC blocks_zoc). Asked
    for every enemy unit's neighbours whenever a zone map is rebuilt, so remembered until a bridge changes."""
    ver = bridge_version(ctx)
    cache = ctx.__dict__.get("_efb_zoc_crosses")
    if cache is None or cache[0] != ver:
        cache = ctx.__dict__["_efb_zoc_crosses"] = (ver, {})
    hit = cache[1].get((a, b))
    if hit is None:
        hit = cache[1][(a, b)] = _zoc_crosses(ctx, a, b)
    return hit


def _zoc_crosses(ctx: Any, a: str, b: str) -> bool:
    tec = ctx.tables.get("tec") or {}
    sides = ctx.board.hexside(a, b)
    for s in sides:
        eff = tec.get(s) or {}
        if eff.get("blocks_zoc"):
            return False
        if eff.get("river") == "major" or s == "major_river":
            pol = ctx.policies.get("zoc_major_river", "crosses")
            if pol == "blocked" or (pol == "bridge" and not bridged(ctx, a, b)):
                return False
    return True


def exerts_zoc(ctx: Any, uid: str) -> bool:
    """10.2: combat-effective (not suppressed) ground units on the map exert a ZOC; HQs as the ``hq_zoc`` policy
    says."""
    return is_ground(ctx, uid) and not suppressed(ctx, uid) and ctx.state.position.get(uid) is not None \
        and not (klass(ctx, uid) == "hq" and ctx.policies.get("hq_zoc", "exerts") == "none")


def zoc_rules(ctx: Any) -> ZocRules:
    """EFB's parameters for the shared zone-of-control toolkit (10.2, 10.3; ground units occupy hexes, 9.6)."""
    hit = ctx.__dict__.get("_efb_zoc_rules")
    if hit is None:
        hit = ZocRules(exerts=lambda u: exerts_zoc(ctx, u), crosses=lambda a, b: zoc_crosses(ctx, a, b),
                       occupies=lambda u: is_ground(ctx, u))
        ctx.__dict__["_efb_zoc_rules"] = hit
    return hit


def zoc_sources(ctx: Any, h: str, side: str | None) -> list[str]:
    """Enemy units (of ``side``) whose ZOC covers hex ``h``."""
    return zoc.sources(ctx.board, h, ctx.state.units_in, lambda u: ctx.side_of(u) not in (None, side),
                       zoc_rules(ctx))


def in_ezoc(ctx: Any, h: str, side: str | None) -> bool:
    return bool(zoc_sources(ctx, h, side))


def mp_for(ctx: Any, uid: str, cell: Any) -> Fraction | None:
    return mp_cell(cell, is_armored(ctx, uid))


class Costs(TecCosts):
    """MP costs for one unit's move (8.6-8.10) on the shared TEC toolkit, with EFB's bridges (8.10, 22.2, MK SR2),
    rubble (27.2) and entrenchment commitment (26.4). Missing TEC data is reported once and the step treated as
    unknown."""

    RULE_DEFAULTS = {"road": Fraction(1, 3), "rail": Fraction(1), "trail": Fraction(1)}  # 8.7, 8.8, 8.9

    def __init__(self, ctx: Any, uid: str) -> None:
        super().__init__(ctx.tables.get("tec"), ctx.board, is_armored(ctx, uid) if uid else False)
        self.ctx, self.uid = ctx, uid
        self.commit: frozenset[str] = frozenset()  # hexes costing +2 MF to enter (26.4); set by the movement check
        # terrain costs never change during a game: one cache per game and mobility class
        caches = ctx.__dict__.setdefault("_efb_cost_cache", {})
        self._cache: dict[tuple[str, str, str], tuple[Fraction | None, tuple[str, ...]]] = caches.setdefault(
            (self.armored, bridge_version(ctx)), {})

    def bridged(self, a: str, b: str) -> bool:
        return bridged(self.ctx, a, b)

    def line_open(self, a: str, b: str, kind: str) -> bool:
        return not (kind == "road" and (has_rubble(self.ctx, a) or has_rubble(self.ctx, b)))  # 27.2

    def extra_entry(self, a: str, b: str) -> Fraction:
        return Fraction(1) if has_rubble(self.ctx, b) else Fraction(0)  # 27.2

    @property
    def scale(self) -> int:
        """An integer D such that every TEC cost and every halved allowance times D is a whole number."""
        cached = self.ctx.__dict__.get("_efb_mp_scale")
        if cached is None:
            cached = self.ctx.__dict__["_efb_mp_scale"] = scale_for(self.tec)
        return cached

    def cheapest_step(self, mode: str, terrain_kinds: Any = None) -> Fraction:
        """A lower bound of any one step's cost in ``mode`` (for the A* heuristic)."""
        key = (self.armored, mode)
        caches = self.ctx.__dict__.setdefault("_efb_floor", {})
        if key not in caches:
            kinds = {t: (v or {}).get("kind") for t, v in (self.ctx.manifest.get("terrain") or {}).items()}
            caches[key] = super().cheapest_step(mode, kinds)
        return caches[key]

    def step(self, a: str, b: str, mode: str = "normal") -> Fraction | None:
        key = (a, b, mode)
        hit = self._cache.get(key)
        if hit is None:
            before = len(self.unknown)
            cost = super().step(a, b, mode)
            hit = (cost, tuple(self.unknown[before:]))
            self._cache[key] = hit
        elif hit[1]:
            self.unknown.extend(hit[1])
        if hit[0] is not None and b in self.commit:
            return hit[0] + COMMITMENT_MF
        return hit[0]

    def describe(self, a: str, b: str, mode: str, cost: Fraction | None) -> str:
        what = mode if mode in ("road", "rail", "trail") else self.ctx.board.terrain(b)
        extra = " (incl. +2 to enter the ZOC of an entrenched enemy, 26.4)" if b in self.commit else ""
        return f"{a}→{b} {what} {fmt_mp(cost)}{extra}"


COMMITMENT_MF = Fraction(2)


def option_on(ctx: Any, option_id: str) -> bool | None:
    """Is the scenario option chosen (the log's ``scenario_start`` options, else the option's default)? None when
    the scenario has no such option. Asked at every move (26.4), so remembered until ``scenario_start`` sets the
    options (the engine replaces the dict then; nothing changes it in place)."""
    cache = ctx.__dict__.get("_efb_options")
    if cache is None or cache[0] is not ctx.state.options:
        cache = ctx.__dict__["_efb_options"] = (ctx.state.options, {})
    if option_id not in cache[1]:
        cache[1][option_id] = _option_on(ctx, option_id)
    return cache[1][option_id]


def _option_on(ctx: Any, option_id: str) -> bool | None:
    for o in ctx.scenario.get("options") or []:
        if o.get("id") == option_id:
            return bool(ctx.state.options.get(option_id, o.get("default", False)))
    return None


def is_fort(ctx: Any, h: str) -> bool:
    """A fort hex: its TEC entry says ``fort``, or its terrain id is "fortification"."""
    t = ctx.board.terrain(h)
    return t == "fortification" or bool(((ctx.tables.get("tec") or {}).get(t) or {}).get("fort"))


def commitment_hexes(ctx: Any, side: str | None) -> frozenset[str]:
    """26.4 (optional rule 26: in play when the scenario's option ``entrenchments`` is chosen; for a scenario
    without that option, when an entrenchment marker is on the map or the log's options turn on
    ``prepared_defenses``): hexes in the ZOC of an enemy unit that is in a fort or entrenchment cost 2 MF more."""
    st = ctx.state
    chosen = option_on(ctx, "entrenchments")
    if chosen is False or (chosen is None and not st.options.get("prepared_defenses")
                           and not any("entrenchment" in m for m in st.hex_markers.values())):
        return frozenset()
    out: set[str] = set()
    for u, h in st.position.items():
        if h is None or ctx.side_of(u) in (None, side) or not exerts_zoc(ctx, u):
            continue
        if "entrenchment" in st.hex_markers.get(h, ()) or is_fort(ctx, h):
            out.update(n for n in ctx.board.neighbours(h) if zoc_crosses(ctx, h, n))
    return frozenset(out)


# ---- command (7.1-7.10) ---------------------------------------------------------------------------------------
def _formation_chain(ctx: Any, formation: str | None) -> list[str]:
    """The formation and its ancestors (cached per game)."""
    cache = ctx.__dict__.setdefault("_efb_chains", {})
    if formation in cache:
        return cache[formation]
    parents = {f["id"]: f.get("parent") for f in ctx.manifest.get("formations") or []}
    out, seen, f = [], set(), formation
    while f and f not in seen:
        seen.add(f)
        out.append(f)
        f = parents.get(f)
    cache[formation] = out
    return out


def hq_commands(ctx: Any, hq: str, uid: str) -> bool:
    """Can HQ ``hq`` command ``uid``? The scenario's ``command`` list if it names this HQ, else formations:
    an HQ commands its formation and every formation below it; a top-level HQ (formation without parent)
    commands every unit of its side (both scenarios give the army HQ all units).

    The answer depends only on the game data and the scenario, so it is cached per check (it is asked for every unit
    near every HQ at the start of each movement phase)."""
    cache = ctx.__dict__.setdefault("_efb_hq_commands", {})
    key = (hq, uid)
    if key not in cache:
        cache[key] = _hq_commands(ctx, hq, uid)
    return cache[key]


def _hq_commands(ctx: Any, hq: str, uid: str) -> bool:
    if ctx.side_of(hq) != ctx.side_of(uid):
        return False
    for entry in ctx.scenario.get("command") or []:
        if entry.get("hq") == hq or entry.get("hq") == record(ctx, hq).get("formation"):
            cmds = entry.get("commands") or []
            chain = _formation_chain(ctx, record(ctx, uid).get("formation"))
            return "*" in cmds or uid in cmds or bool(set(cmds) & set(chain))
    hq_form = record(ctx, hq).get("formation")
    if not hq_form:
        return False
    chain = _formation_chain(ctx, hq_form)
    if len(chain) == 1:
        return True
    return hq_form in _formation_chain(ctx, record(ctx, uid).get("formation"))


def command_radius(ctx: Any, hq: str) -> int | None:
    r = ctx.values(hq).get("command_radius")
    if not isinstance(r, int):
        return None
    if ctx.state.weather == "fog":
        r -= 1  # GT weather chart: fog reduces the radius by one hex
    return r


def in_command(ctx: Any, uid: str, ignore_suppression: bool = False) -> bool:
    """7.1-7.10, 15.3: HQs and air always in command; suppressed units OOC; otherwise within an eligible HQ's radius
    (hexes, through anything). Newly arrived reinforcements are in command for their first movement phase (7.6)."""
    kl = klass(ctx, uid)
    if kl in ("hq", "air") or uid in _always_in_command(ctx):
        return True
    if suppressed(ctx, uid) and not ignore_suppression:
        return False
    if ctx.state.notes.get("arrived", {}).get(uid) == ctx.state.turn and ctx.state.phase in (
            "reinforcement", "movement"):
        return True  # 7.6: in command when placed and for their first movement phase
    h = ctx.state.position.get(uid)
    if h is None or ctx.board is None:
        return True
    distance = ctx.board.distance
    side = ctx.side_of(uid)
    placed = _hq_places(ctx, side)
    for hq in _commanders(ctx, uid):  # (the few HQs that may command it, rather than every HQ of the side)
        where = placed.get(hq)
        if where is not None and distance(h, where[0]) <= where[1]:
            return True
    return _plus_one(ctx, uid, [hq for hq, hh, r in _hqs(ctx, side) if distance(h, hh) <= r])


def _commanders(ctx: Any, uid: str) -> list[str]:
    """Every HQ of the game that may command ``uid`` (:func:`hq_commands`, fixed by the game data), cached per check."""
    cache = ctx.__dict__.setdefault("_efb_commanders", {})
    hit = cache.get(uid)
    if hit is None:
        hit = cache[uid] = [hq for hq in ctx.units if klass(ctx, hq) == "hq" and hq_commands(ctx, hq, uid)]
    return hit


def ooc_reason(ctx: Any, uid: str) -> str:
    """Why ``uid`` is out of command, for messages (7.1): suppressed, or the nearest HQ that may command it with its
    distance and radius, or that no such HQ is on the map."""
    if suppressed(ctx, uid):
        return "it is suppressed (15.3)"
    h = ctx.state.position.get(uid)
    side = ctx.side_of(uid)
    best: tuple[int, str, str, int] | None = None
    if h is not None and ctx.board is not None:
        for hq, hh, r in _hqs(ctx, side):
            if hq_commands(ctx, hq, uid):
                d = ctx.board.distance(h, hh)
                if best is None or d - r < best[0] - best[3]:
                    best = (d, hq, hh, r)
    if best is None:
        return "no HQ that may command it is on the map (or every one is suppressed)"
    d, hq, hh, r = best
    return f"the nearest HQ that may command it, {ctx.name(hq)} at {hh}, is {d} hexes away (command radius {r})"


def plus_one_rule(ctx: Any, hq: str) -> dict[str, Any] | None:
    """The scenario special rule giving HQ ``hq`` a "plus one unit" (:func:`_plus_one_rule`); it depends on the game
    data alone, so it is looked up once per HQ and check."""
    cache = ctx.__dict__.setdefault("_efb_plus_one_rule", {})
    if hq not in cache:
        cache[hq] = _plus_one_rule(ctx, hq)
    return cache[hq]


def _plus_one_rule(ctx: Any, hq: str) -> dict[str, Any] | None:
    """The scenario special rule ``command_plus_one`` (or ``command_plus_one_<…>``, one per side) giving HQ ``hq``
    a "plus one unit from any other command"
    (MK 24.6 command 2; GT 24.6 SS battlegroup HQs, GT 24.7 Soviet corps HQs): ``params.hqs`` lists the command
    entries (formation or HQ ids) that have one, ``params.from`` (optional) the formations whose own
    (non-divisional) units it may take, ``params.rule`` the rule number to cite (default 24.6)."""
    form = record(ctx, hq).get("formation")
    for r in ctx.scenario.get("special_rules") or []:
        if not str(r.get("id", "")).startswith("command_plus_one") or (
                r.get("sides") and ctx.side_of(hq) not in r["sides"]):
            continue
        hqs = (r.get("params") or {}).get("hqs") or []
        if hq in hqs or form in hqs:
            return r
    return None


def plus_one_eligible(ctx: Any, hq: str, uid: str) -> bool:
    """May ``uid`` be ``hq``'s plus-one unit: same side, not already its own, from the rule's formations if any.
    The game data alone decide it, so it is cached per check."""
    cache = ctx.__dict__.setdefault("_efb_plus_one_eligible", {})
    key = (hq, uid)
    if key not in cache:
        cache[key] = _plus_one_eligible(ctx, hq, uid)
    return cache[key]


def _plus_one_eligible(ctx: Any, hq: str, uid: str) -> bool:
    rule = plus_one_rule(ctx, hq)
    if rule is None or ctx.side_of(hq) != ctx.side_of(uid) or hq_commands(ctx, hq, uid) or klass(ctx, uid) == "air":
        return False
    froms = (rule.get("params") or {}).get("from")
    return not froms or record(ctx, uid).get("formation") in froms  # "non-divisional": the formation's own units


def _plus_one(ctx: Any, uid: str, near: list[str]) -> bool:
    """Command through an HQ's plus-one slot: in command when an HQ in radius took ``uid`` (``command_assign``).
    When an HQ in radius could take it but the log has made no choice for that HQ, the answer is "out of command"
    and the unit is noted in ``plus_one_open`` (read by plus_one_pending)."""
    chosen = ctx.state.notes.get("plus_one") or {}
    open_hqs = []
    for hq in near:
        if plus_one_rule(ctx, hq) is None:
            continue
        if hq in chosen:
            if chosen[hq] == uid:
                return True
        elif plus_one_eligible(ctx, hq, uid):
            open_hqs.append(hq)
    # the choice is the player's: an error that follows only from this unit being out of command becomes
    # could-not-check (ooc_error), so the status is remembered for the finding
    if open_hqs:
        ctx.state.notes.setdefault("plus_one_open", {})[uid] = open_hqs
    else:
        (ctx.state.notes.get("plus_one_open") or {}).pop(uid, None)
    return False


def plus_one_pending(ctx: Any, uid: str) -> list[str]:
    """The HQs in radius that could take ``uid`` as their "plus one unit from any other command" (24.6) when that
    open choice is all that keeps it out of command now; empty when it is in command or out of command for another
    reason (suppressed, no HQ in reach)."""
    if in_command(ctx, uid) or suppressed(ctx, uid):
        return []
    return list((ctx.state.notes.get("plus_one_open") or {}).get(uid) or [])


def plus_one_unknown(ctx: Any, uid: str, hqs: list[str], what: str) -> None:
    """Could-not-check for ``what`` (a finding that would follow from ``uid`` being out of command): the log
    assigns none of the plus-one slots of ``hqs`` that could put it in command (24.6; the rule the slot's special
    rule cites)."""
    slot = ((plus_one_rule(ctx, hqs[0]) or {}).get("params") or {}).get("rule") or "24.6"
    ctx.could_not_check(ctx.rule(slot), f"{ctx.name(uid)} may be in command as the 'plus one unit from any other "
                        f"command' of {names(ctx, hqs)} ({what}); the log assigns none (command_assign, chat !assign)")


def ooc_error(ctx: Any, ooc_units: list[str], rule: str, message: str, **kw: Any) -> None:
    """An error that follows from ``ooc_units`` being out of command; could-not-check instead when one of them is
    out of command only because the log records no plus-one choice that could command it (24.6)."""
    for u in ooc_units:
        hqs = plus_one_pending(ctx, u)
        if hqs:
            plus_one_unknown(ctx, u, hqs, f"{rule}: {message}")
            return
    ctx.error(rule, message, **kw)


def _always_in_command(ctx: Any) -> set[str]:
    """Units a scenario special rule ``always_in_command`` (``params.units``) puts in command (MK SR6: FB)."""
    hit = ctx.__dict__.get("_efb_always_cmd")
    if hit is None:
        hit = set()
        for r in ctx.scenario.get("special_rules") or []:
            if r.get("id") == "always_in_command":
                hit.update((r.get("params") or {}).get("units") or [])
        ctx.__dict__["_efb_always_cmd"] = hit
    return hit


def _hqs(ctx: Any, side: str | None) -> list[tuple[str, str, int]]:
    """(hq, hex, radius) of the side's HQs that can give command now; cached until that side changes."""
    st = ctx.state
    key = (st.side_version[side], st.weather)
    cache = st.notes.setdefault("hqs", {})
    hit = cache.get(side)
    if hit is not None and hit[0] == key:
        return hit[1]
    out = []
    for hq, hh in st.position.items():
        if hh is None or klass(ctx, hq) != "hq" or ctx.side_of(hq) != side or suppressed(ctx, hq):
            continue
        r = command_radius(ctx, hq)
        if r is not None:
            out.append((hq, hh, r))
    cache[side] = (key, out, {hq: (hh, r) for hq, hh, r in out})
    return out


def _hq_places(ctx: Any, side: str | None) -> dict[str, tuple[str, int]]:
    """:func:`_hqs` as hq -> (hex, radius)."""
    _hqs(ctx, side)
    return ctx.state.notes["hqs"][side][2]


def names(ctx: Any, uids: list[str]) -> str:
    return ", ".join(ctx.name(u) for u in uids)
