"""TiS supply [32]: the supply line [32.1] and the supply check of the supply phase [32.2.4].

In the log, a side's supply check is ``marker`` events in its supply phase: ``out_of_supply`` put on a unit that has
no supply line, taken off one that has it again. The effects of the marker (attack ×½, motorized and armoured MP ×½,
artillery cannot fire [32.2.2]) are read by :mod:`.odds`, :mod:`.movement` and :mod:`.fire`.

A supply line [32.1.5] is at most 15 MP, counted in motorized MP, from a supply base (the scenario's
``supply_bases`` map edges [32.1.2]); an HQ the line reaches lengthens it by its extension (corps XXX 12, division
XX 9, brigade X 6 MP) counted from the HQ [32.1.7] (policy ``supply_extension``). It may not cross a river except by
a bridge, enter sea, lakes, or mountains, swamps and scarps except by road [32.1.3], enemy units or an enemy ZoC
without a friendly unit in it [32.1.4]. An empty transport column the line reaches lengthens it by 12 MP [32.1.6]
(trains: not checked, Arnhem has no rail lines or trains); a small river is crossed where a friendly pontoon-bridge
column stands on either bank hex [36.1.3]. Airborne units that landed trace from their landing hex at half length, as
infantry [32.1.9]-[32.1.10].
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Any

from modgen.rules.tis import common as c
from modgen.rules.tis.columns import is_column, is_train, loads
from modgen.rules.tis.costs import TisCosts
from modgen.rules.tis.crossings import _entry, pontoon_at

LINE_MP = 15  # [32.1.5]
EXTENSION = {"XXX": 12, "XX": 9, "X": 6}  # [32.1.5] corps, division, brigade HQ
COLUMN_MP = 12  # [32.1.6] an empty transport column lengthens the line by 12 MP
TRAIN_MP = 30  # [32.1.6] an empty train lengthens it by 30 MP, only on rail tracks
RAIL = ("rail", "railroad", "railway")  # map line types that are rail tracks
DESTROYED_TRACK_MP = 20  # [33.3.3]
ROAD_ONLY = ("mountain", "mountains", "swamp", "marsh", "scarp")  # [32.1.3]
NEVER = ("sea", "lake")  # [32.1.3]


def bases(ctx: Any, side: str | None) -> set[str] | None:
    """The supply base hexes of ``side`` from the scenario's ``supply_bases`` rule (map edges n/e/s/w or area ids);
    None when the scenario does not say."""
    for r in (ctx.scenario or {}).get("special_rules") or []:
        table = ((r.get("params") or {}).get("supply_bases")) if isinstance(r, dict) else None
        if not isinstance(table, dict):
            continue
        for k, v in table.items():
            if str(k).lower() == str(side).lower():
                out: set[str] = set()
                for e in v or []:
                    edge = {"n": "north", "e": "east", "s": "south", "w": "west"}.get(str(e).lower(), str(e))
                    out |= ctx.board.area(edge) or set()
                return out
        return set()
    return None


class SupplyNet:
    """Which hexes a side's supply lines reach, for the current positions."""

    def __init__(self, ctx: Any, side: str | None) -> None:
        self.ctx, self.side = ctx, side
        self.zmap = c.zoc_map(ctx, side)
        self.costs = {m: TisCosts(ctx, m) for m in ("motorized", "infantry")}
        self.missing = False  # a step the chart has no cost for stopped a line: a negative answer is unsure

    def _open(self, h: str) -> bool:
        ctx = self.ctx
        if ctx.board.terrain(h) in NEVER or c.enemies_in(ctx, h, self.side):
            return False
        friends = any(ctx.side_of(u) == self.side for u in ctx.state.units_in(h))
        return not self.zmap.get(h) or friends  # [32.1.4]

    def _step(self, a: str, b: str, mclass: str) -> Fraction | None:
        board = self.ctx.board
        road = "road" in {t.split(":")[0] for t in board.lines(a, b)}
        riv = c.river(self.ctx, a, b)
        pontoon = riv == "small_river" and pontoon_at(self.ctx, self.side, a, b) is not None
        if (riv is not None and not pontoon) or not self._open(b):
            return None  # [32.1.3]; across a small river only where a pontoon bridge is [36.1.3]
        if board.terrain(b) in ROAD_ONLY and not road:
            return None
        cost = self.costs[mclass].step(a, b)
        if cost is None and pontoon:
            cost = _entry(self.ctx, self.costs[mclass], b)  # over the bridge the river costs nothing more
        if cost is None and self.costs[mclass].unknown:
            self.missing = True
        return cost

    def reach(self, sources: set[str], budget: float, mclass: str = "motorized") -> dict[str, Fraction]:
        """Hex -> least MP from ``sources`` within ``budget``."""
        best: dict[str, Fraction] = {}
        heap = [(Fraction(0), h) for h in sorted(sources) if self.ctx.board.on_map(h) and self._open(h)]
        while heap:
            d, h = heapq.heappop(heap)
            if h in best:
                continue
            best[h] = d
            for n in self.ctx.board.neighbours(h):
                if n in best:
                    continue
                step = self._step(h, n, mclass)
                if step is not None and d + step <= budget:
                    heapq.heappush(heap, (d + step, n))
        return best

    def rail_reach(self, start: str, budget: int) -> set[str]:
        """Hexes an empty train at ``start`` lengthens the line to [32.1.6]: along rail lines only, each rail hex
        costing policy ``train_rail_mp`` (the book gives trains 60 MP [33.1.2] but no cost a hex), a hex with
        destroyed tracks 20 MP [33.3.3]; closed hexes [32.1.3]-[32.1.4] and unbridged rivers stop it."""
        ctx = self.ctx
        per_hex = Fraction(ctx.policies.get("train_rail_mp", 1))
        best: dict[str, Fraction] = {}
        heap = [(Fraction(0), start)]
        while heap:
            d, h = heapq.heappop(heap)
            if h in best:
                continue
            best[h] = d
            for n in ctx.board.neighbours(h):
                if n in best or not set(RAIL) & {t.split(":")[0] for t in ctx.board.lines(h, n)} \
                        or c.river(ctx, h, n) is not None or not self._open(n):
                    continue
                wrecked = any(c.object_state(ctx, n).get(k) == "destroyed" for k in RAIL)
                step = Fraction(DESTROYED_TRACK_MP) if wrecked else per_hex
                if d + step <= budget:
                    heapq.heappush(heap, (d + step, n))
        return set(best)

    def supplied_hexes(self, base: set[str], extension: str) -> set[str]:
        """Hexes within 15 MP of a base, then within each reached HQ's extension and each reached empty transport
        column's 12 MP (chained) [32.1.5]-[32.1.7]."""
        ctx = self.ctx
        reached = set(self.reach(base, LINE_MP))
        done: set[str] = set()
        carrying = {tc for tc, us in loads(ctx).items() if us}
        while True:
            hqs = [u for u, h in ctx.state.position.items() if h in reached and u not in done
                   and ctx.side_of(u) == self.side
                   and (c.unit_class(ctx, u) == "hq" or ((is_column(ctx, u) or is_train(ctx, u))
                                                         and u not in carrying))]
            if not hqs:
                return reached
            for u in hqs:
                done.add(u)
                ext = TRAIN_MP if is_train(ctx, u) else COLUMN_MP if is_column(ctx, u) else \
                    EXTENSION.get(str(((ctx.units.get(u) or {}).get("symbol") or {}).get("size") or ""))
                if ext is None:
                    continue
                h = ctx.state.position[u]
                if extension == "added":
                    ext += LINE_MP - int(self.reach(base, LINE_MP).get(h, LINE_MP))
                reached |= self.rail_reach(h, ext) if is_train(ctx, u) else set(self.reach({h}, ext))


class Supply:
    """[32.1.2]-[32.1.10], [32.2.1], [32.2.4]."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] != "marker" or ev.get("marker") != c.OUT_OF_SUPPLY or not ev.get("unit"):
            return
        st, uid = ctx.state, ev["unit"]
        if st.phase != "supply" or ctx.side_of(uid) != st.side:
            ctx.error(ctx.rule("32.2.4"), f"{ctx.name(uid)} is marked {'out of' if ev.get('on') else 'back in'} "
                      f"supply in the {st.phase or 'no'} phase of {st.side or 'no side'}; players check their own "
                      "units' supply in their supply phase", units=[uid])
            return
        st.per_phase.setdefault("tis_supply_marks", {})[uid] = bool(ev.get("on"))

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "reinforcement" and ev.get("hex") and ctx.state.phase == "airborne":
            ctx.state.notes.setdefault("tis_landing", {})[ev["unit"]] = ev["hex"]  # [32.1.9]

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase != "supply" or ctx.board is None:
            return
        marks: dict[str, bool] = st.per_phase.get("tis_supply_marks", {})
        every = ctx.policies.get("supply_marking", "marked_only") == "every_unit"
        if not marks and not every:
            return
        base = bases(ctx, st.side)
        if base is None:
            ctx.could_not_check(ctx.rule("32.1.2"), "the scenario's supply bases (special rule supply_bases)")
            return
        net = SupplyNet(ctx, st.side)
        line = net.supplied_hexes(base, ctx.policies.get("supply_extension", "from_hq"))
        landing = st.notes.get("tis_landing", {})
        units = sorted(u for u, h in st.position.items() if h and ctx.side_of(u) == st.side and c.is_ground(ctx, u))
        for u in units if every else sorted(u for u in marks if st.position.get(u)):
            h = st.position[u]
            ok = h in line or (u in landing and h in net.reach({landing[u]}, LINE_MP / 2, "infantry"))
            marked = c.out_of_supply(ctx, u)
            if ok and marked:
                ctx.error(ctx.rule("32.1.5"), f"{ctx.name(u)} at {h} is marked out of supply, but it has a supply "
                          "line (at most 15 motorized MP from a supply base or within an HQ's extension, free of "
                          "enemy units and unshared enemy ZoC)", units=[u], hexes=[h])
            elif not ok and not marked:
                if net.missing:
                    ctx.could_not_check(ctx.rule("32.1.5"), "Terrain Effect chart cells the supply line crosses")
                    continue
                ctx.error(ctx.rule("32.2.1"), f"{ctx.name(u)} at {h} ends its supply phase without the out-of-supply "
                          "marker, but no supply line reaches it (15 motorized MP from a supply base, HQ "
                          "extensions, no river without a bridge, no enemy units or unshared enemy ZoC)",
                          units=[u], hexes=[h])
