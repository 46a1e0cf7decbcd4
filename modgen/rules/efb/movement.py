"""EFB movement checks: allowance (8.3, 8.6-8.12, 7.7, 10.10), minimum move (8.4), road/rail/trail (8.7-8.9),
no entry into enemy hexes (9.6), stop in enemy ZOC (10.1, 10.5), disengagement (10.9, 10.10), one move per phase
(8.3), exit (8.11) and MK special rail movement (MK 24.6 SR3)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules.efb import column, zonemaps
from modgen.rules.efb import common as c
from modgen.rules.efb.allowance import allowance, road_overstacked, scaled_mp
from modgen.rules.efb.stacking import limit_for
from modgen.rules.movement import binding_constraint
from modgen.rules.pathfinding import cheapest_path, path_cost

LINE_MODES = ("road", "rail", "trail")


class Movement:
    """Checks of each ``move`` event against the state before it."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": ("move", "exit"), "after": ("phase", "turn")}

    def after(self, ctx: Any, event: dict[str, Any]) -> None:
        st = ctx.state
        if event["type"] == "phase" and event["phase"] == "movement":
            # 7.6: command is determined at the start of the movement phase, before any unit moves
            own = zonemaps.ground_units(ctx, st.side)
            st.notes["cmd_move"] = {u: c.in_command(ctx, u) for u, h in st.position.items()
                                    if h is not None and u in own}
            st.notes["cmd_move_why"] = {u: c.ooc_reason(ctx, u) for u, ok in st.notes["cmd_move"].items() if not ok}
            # out of command only for want of a recorded plus-one choice (24.6): judged as in command, and the
            # halved allowance is could-not-check (_move)
            st.notes["cmd_move_open"] = {u: hqs for u, ok in st.notes["cmd_move"].items()
                                         if not ok and (hqs := c.plus_one_pending(ctx, u))}
        elif event["type"] == "turn":
            st.notes["rail_moves"] = set()
        if event["type"] == "phase":
            st.notes["mp_spent"] = {}

    def before(self, ctx: Any, event: dict[str, Any]) -> None:
        if event["type"] == "move":
            self._move(ctx, event)
        elif event["type"] == "exit":
            self._exit(ctx, event)

    # ------------------------------------------------------------------------------------------------------
    def _move(self, ctx: Any, ev: dict[str, Any]) -> None:
        self._check_move(ctx, ev)
        uid, st = ev["unit"], ctx.state
        hqs = st.notes.get("cmd_move_open", {}).get(uid)
        spent = st.notes.get("mp_spent", {}).get(uid)
        if hqs and spent is not None:
            halved, _ = allowance(ctx, uid, True, False)
            if halved is not None and spent > halved:
                c.plus_one_unknown(ctx, uid, hqs, f"8.3: it spent {c.fmt_mp(spent)} MP; out of command (7.7) its "
                                   f"movement allowance is {c.fmt_mp(halved)} MP")

    def _check_move(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, uid = ctx.state, ev["unit"]
        if not ctx.unit(uid):
            return
        nm = ctx.name(uid)
        if uid in st.exited and st.position.get(uid) is None:
            ctx.error(ctx.rule("8.11"), f"{nm} exited the map and may not return", units=[uid])
            return
        if uid in st.moved and st.phase == "movement":
            ctx.error(ctx.rule("8.3"), f"{nm} moves a second time in this movement phase", units=[uid])
        if ctx.board is None:
            ctx.could_not_check(ctx.rule("8.3"), "the scenario's map is not a hex map")
            return
        start = ev["path"][0] if ev.get("path") else ev.get("from") or st.position.get(uid)
        q = column.queued(ctx, uid) if st.position.get(uid) is None else None
        if q is not None and start is None:
            start = q["hex"]  # 6.4: a unit queued on the road off the map enters at its column's hex
        if start is None:
            return  # entering from off map: reinforcement rules cover it
        if st.position.get(uid) not in (None, start):
            ctx.warning("LOG", f"{nm} is at {st.position.get(uid)} but the move starts at {start}", units=[uid],
                        hexes=[start])
        side = ctx.side_of(uid)
        occupied, zoc, memo = zonemaps.enemy_map_memo(ctx, side)

        def ezoc(h: str) -> bool:
            return h in zoc

        def enemy(h: str) -> bool:
            return h in occupied

        mode = ev.get("mode") or None
        disengaging = ezoc(start) or mode == "disengage"
        cmd = st.notes.get("cmd_move", {})
        ooc = not cmd.get(uid, True) and uid not in st.notes.get("cmd_move_open", {})
        if q is None and self._zero_mf(ctx, ev, uid, start):  # (a queued unit's entry is 6.4's, column.py)
            return
        if mode == "rail" and self._special_rail(ctx, ev, uid, start, ezoc):
            return
        limit, reasons = allowance(ctx, uid, ooc, disengaging, st.notes.get("cmd_move_why", {}).get(uid, ""))
        if limit is None:
            ctx.could_not_check(ctx.rule("8.3"), f"{nm} prints no movement factor")
            return
        if q is not None:
            limit = column.entry_limit(ctx, uid, q, start, limit)
            if limit is None:
                return
            if q.get("cost"):
                reasons = reasons + [f"{c.fmt_mp(q['cost'])} MP paid to reach {q['hex']} from off-map road hex "
                                     f"{q['slot']} (6.4)"]
        commit = c.commitment_hexes(ctx, side)
        road_mk = ctx.policies.get("road_movement_ezoc") == "mk"
        # A legal start/end move is remembered with everything its verdict depends on (the enemy map is the memo's
        # lifetime; friendly stacks count only when a road, rail or trail rate is possible, 8.7(2)): the same move
        # in the same circumstances is legal again, by the same assumed path.
        verdict = None
        if q is None and not ev.get("path") and ev.get("to") is not None:
            rates = tuple([mode] if mode in LINE_MODES else self._modes(ctx, start, ev["to"]))
            lines = len(rates) > 1 or rates[0] in LINE_MODES  # (the same as: any rate is a line's)
            verdict = ("legal", start, ev["to"], rates, limit.numerator, limit.denominator, c.is_armored(ctx, uid),
                       commit, c.bridge_version(ctx), disengaging, road_mk,
                       (uid, st.side_version[side]) if lines else None)
            hit = memo.get(verdict)
            if hit is not None:
                if hit:  # (empty: legal as one direct step, which records no path)
                    st.notes.setdefault("assumed_paths", {})[ctx.index] = list(hit[1])
                    st.notes.setdefault("mp_spent", {})[uid] = hit[0]
                return
        costs = c.Costs(ctx, uid)
        costs.commit = commit

        def stepper(m: str):
            def step(a: str, b: str) -> Fraction | None:
                if enemy(b):  # (neighbours are always on the map; given paths are checked for adjacency)
                    return None
                if disengaging and ezoc(b):
                    return None
                if m in LINE_MODES and road_mk and ezoc(b):
                    return None
                return costs.step(a, b, m)
            return step

        goal = ev["path"][-1] if ev.get("path") else ev.get("to")
        if goal is None:
            return
        if ev.get("path"):
            self._given_path(ctx, ev, uid, ev["path"], mode, limit, reasons, costs, ezoc, enemy, disengaging, road_mk)
            return
        # road/rail/trail rates apply only to a move that starts and ends on that line (8.7-8.9)
        modes = [mode] if mode in LINE_MODES else self._modes(ctx, start, goal)
        board = ctx.board
        if board.adjacent(start, goal):
            # one hex: legal if some mode's direct step fits the allowance (no detour is needed to prove legality)
            for m in modes:
                cost = stepper(m)(start, goal)
                if cost is not None and cost <= limit:
                    if verdict is not None and not costs.unknown:
                        memo[verdict] = ()
                    return
        # search in integer units of 1/D MP: exact (D clears every denominator) and far faster than Fractions
        scale = costs.scale

        lim_stack = limit_for(ctx, uid) if any(m in LINE_MODES for m in modes) else None
        stack_cache: dict[tuple[str, str], bool] = {}

        def overstacked(h: str, m: str = "road") -> bool:
            """8.7(2): a unit using the road (rail, trail) rate may not enter a hex where it would be overstacked."""
            hit = stack_cache.get((h, m))
            if hit is None:
                hit = stack_cache[(h, m)] = road_overstacked(ctx, uid, h, m, lim_stack)
            return hit

        def scaled(m: str, relax: frozenset[str] = frozenset()):
            flat = "terrain" in relax
            cache: dict[tuple[str, str], int | None] = ctx.__dict__.setdefault("_efb_scaled", {}).setdefault(
                (costs.armored, m, c.bridge_version(ctx), costs.commit, flat), {})
            block_zoc = (disengaging or (m in LINE_MODES and road_mk)) and "zoc" not in relax
            block_enemy = "enemy" not in relax
            block_stack = m in LINE_MODES and lim_stack is not None and "stacking" not in relax

            def step_scaled(a: str, b: str) -> int | None:
                if (block_enemy and b in occupied) or (block_zoc and b in zoc):
                    return None
                if block_stack and overstacked(b, m):
                    return None
                key = (a, b)
                if key in cache:
                    return cache[key]
                x = costs.step(a, b, m)
                if costs.unknown:
                    return None  # unknown terrain: not cached, reported as could-not-check
                if flat:  # terrain relaxed: every hex as clear (1 MP, 8.6); the 26.4 commitment still counts
                    x = Fraction(1) + (c.COMMITMENT_MF if b in costs.commit else 0)
                cache[key] = None if x is None else x.numerator * (scale // x.denominator)
                return cache[key]
            return step_scaled

        def search(m: str, lim, relax: frozenset[str] = frozenset()):
            # memoised: the answer depends on the enemy map (the memo's lifetime), the unit's mobility class,
            # terrain state and restrictions, and on friendly stacks only when overstacking blocks (8.7(2))
            stacks = m in LINE_MODES and lim_stack is not None and "stacking" not in relax
            key = (start, goal, m, relax, lim, costs.armored, c.bridge_version(ctx), costs.commit, disengaging,
                   road_mk, (uid, st.side_version[side]) if stacks else None)
            if not costs.unknown and key in memo:
                found = memo[key]
                return None if found is None else (found[0], list(found[1]), m)
            known = len(costs.unknown)
            floor = (Fraction(1) if "terrain" in relax else costs.cheapest_step(m)) * scale
            floor = int(floor) if floor.denominator == 1 else floor
            leave = (lambda h: True) if "zoc" in relax else (lambda h: not ezoc(h))
            found = cheapest_path(start, goal, board.neighbours, scaled(m, relax), leave, lim,
                                  heuristic=lambda h: floor * board.distance(h, goal))
            found = None if found is None else (Fraction(found[0]) / scale, found[1], m)
            if not known and not costs.unknown:  # (a step of unknown cost is reported, so never memoised)
                memo[key] = None if found is None else (found[0], list(found[1]))
            return found

        if enemy(goal):
            who = c.names(ctx, c.hex_enemies(ctx, goal, side))
            ctx.error(ctx.rule("9.6"), f"{nm} moves into {goal}, which holds enemy units ({who})", units=[uid],
                      hexes=[goal])
            return
        # A* finds the cheapest legal path; the move is legal when it fits the allowance. First a search bounded by
        # the allowance itself: A* pops the same nodes in the same order under any bound at least the answer's
        # cost, so a path it finds is exactly the one the wider search below would find, at a fraction of the work.
        lim = scaled_mp(limit, scale)
        seen_unknown = len(costs.unknown)
        for m in modes:
            found = search(m, lim)
            if found is not None:
                st.notes.setdefault("assumed_paths", {})[ctx.index] = found[1]
                st.notes.setdefault("mp_spent", {})[uid] = found[0]
                if verdict is not None and not costs.unknown:
                    memo[verdict] = (found[0], list(found[1]))
                return
        del costs.unknown[seen_unknown:]  # (the wider search must start from the same state)
        # None fits: the search again stops at twice the allowance + 6 MP, for the figure the finding gives (past
        # that nobody needs the exact figure, and unreachable goals stay cheap).
        bound = (limit * 2 + 6) * scale
        bound = int(bound) if bound.denominator == 1 else bound
        best = None
        for m in modes:
            found = search(m, bound)
            if found and (best is None or found[0] < best[0]):
                best = found
            if best is not None and best[0] <= limit:
                break  # one legal reading is enough
        if best is not None and best[0] <= limit:
            st.notes.setdefault("assumed_paths", {})[ctx.index] = best[1]
            st.notes.setdefault("mp_spent", {})[uid] = best[0]
            return
        if costs.unknown:
            self._no_cost(ctx, costs)
            return
        why = f" ({', '.join(reasons)})" if reasons else ""
        if ctx.policies.get("minimum_move", True) and ctx.board.adjacent(start, goal) and not enemy(goal) \
                and not (ezoc(start) and ezoc(goal)) and costs.step(start, goal, "normal") is not None:
            return  # 8.4 minimum move
        if self._binding(ctx, uid, start, goal, limit, why, modes, search, scale, occupied, ezoc, disengaging,
                         road_mk, overstacked):
            return
        any_path = best
        refusal = self._road_refusal(modes, best, search, bound, overstacked, ezoc, road_mk)
        if any_path is None:
            ctx.error(ctx.rule("8.3"), f"{nm} cannot legally reach {goal} from {start} with its {c.fmt_mp(limit)} MP "
                      f"movement allowance{why}: no path costs less than {c.fmt_mp(limit * 2 + 6)} MP without "
                      f"entering an enemy hex, leaving an enemy ZOC or crossing prohibited terrain{refusal}",
                      units=[uid], hexes=[start, goal])
            return
        cost, path, m = any_path
        _, legs = path_cost(path, stepper(m))
        detail = ", ".join(costs.describe(a, b, m, x) for a, b, x in legs)
        ctx.error(ctx.rule("8.3"), f"{nm} moved {start}→{goal}, but the cheapest legal path costs {c.fmt_mp(cost)} MP "
                  f"of its {c.fmt_mp(limit)} MP movement allowance{why}; assumed path: {detail}{refusal}",
                  units=[uid], hexes=[start, goal], path=path)

    @staticmethod
    def _zero_mf(ctx: Any, ev: dict[str, Any], uid: str, start: str) -> bool:
        """8.4, 13.6 (policy zero_mf_minimum_move): under ``forbidden`` a unit printing a movement factor of 0 never
        moves; True when that finding was made."""
        goal = ev["path"][-1] if ev.get("path") else ev.get("to")
        if goal in (None, start) or ctx.values(uid).get("movement") != 0 \
                or ctx.policies.get("zero_mf_minimum_move", "forbidden") != "forbidden":
            return False
        ctx.error(ctx.rule("8.4"), f"{ctx.name(uid)} moved {start}→{goal}, but it has a movement factor of 0 and may "
                  f"not move: 8.4's one-hex minimum move is spent from its MF, and units of movement 0 never leave "
                  "their hex, not even to retreat or advance (13.6; policy zero_mf_minimum_move)",
                  units=[uid], hexes=[start, goal])
        return True

    @staticmethod
    def _road_refusal(modes: list[str], best, search, bound, overstacked, ezoc, road_mk: bool) -> str:
        """'; the road rate was refused: …' when a road (rail, trail) path cheaper than the one assumed exists but
        8.7(2) or 8.7(3) forbids it; else ''."""
        for m in modes:
            if m not in LINE_MODES:
                continue
            found = search(m, bound, frozenset({"stacking", "zoc"} if road_mk else {"stacking"}))
            if found is None or (best is not None and found[0] >= best[0]):
                continue
            full = next((h for h in found[1][1:] if overstacked(h, m)), None)
            if full is not None:
                return (f"; the {m} rate ({c.fmt_mp(found[0])} MP) was refused: it would be overstacked in {full} "
                        "(8.7(2))")
            zone = next((h for h in found[1][1:] if ezoc(h)), None)
            if zone is not None:
                return (f"; the {m} rate ({c.fmt_mp(found[0])} MP) was refused: it enters the enemy ZOC at {zone} "
                        "(8.7(3), policy road_movement_ezoc=mk)")
        return ""

    @staticmethod
    def _binding(ctx: Any, uid: str, start: str, goal: str, limit: Fraction, why: str, modes: list[str], search,
                 scale: int, occupied: set[str], ezoc, disengaging: bool, road_mk: bool, overstacked) -> bool:
        """No legal path fits: search again with each constraint relaxed (enemy ZOC, enemy-occupied hexes, stacking
        on the road, terrain) and report the first whose relaxation lets the move fit, citing its rule and naming
        the blocking hex and units. False when none does alone (then the allowance binds: 8.3)."""
        lim = scaled_mp(limit, scale)

        def fits(relax: frozenset[str]):
            for m in modes:
                if ("terrain" in relax and m != "normal") or ("stacking" in relax and m not in LINE_MODES):
                    continue
                found = search(m, lim, relax)
                if found is not None and found[0] <= limit:
                    return found
            return None

        bound = binding_constraint(("zoc", "enemy", "stacking", "terrain"), fits)
        if bound is None:
            return False
        name, (cost, path, m) = bound
        nm, side = ctx.name(uid), ctx.side_of(uid)
        head = f"{nm} cannot reach {goal} from {start} within its {c.fmt_mp(limit)} MP movement allowance{why}"
        if name == "zoc":
            inner = path[1:] if disengaging or (m in LINE_MODES and road_mk) else path[1:-1]
            h = next(x for x in inner if ezoc(x))
            who = c.zoc_sources(ctx, h, side)
            if disengaging:
                rule, what = "10.10", f"disengaging, it may not enter the enemy ZOC at {h}"
            elif m in LINE_MODES and road_mk:
                rule, what = "8.7", (f"the {m} rate was refused, because a unit using {m} movement may not enter the "
                                     f"enemy ZOC at {h} (8.7(3), policy road_movement_ezoc=mk), and no path fits at "
                                     "the normal rate")
            else:
                rule, what = "10.5", f"it would have to keep moving after entering the enemy ZOC at {h}"
            ctx.error(ctx.rule(rule), f"{head}: {what} (of {c.names(ctx, who)}); the path that would fit "
                      f"costs {c.fmt_mp(cost)} MP", units=[uid] + who, hexes=[start, h, goal],
                      path=path)
        elif name == "enemy":
            h = next(x for x in path[1:] if x in occupied)
            who = c.hex_enemies(ctx, h, side)
            ctx.error(ctx.rule("9.6"), f"{head}: the only paths that fit pass through {h}, which holds enemy "
                      f"units ({c.names(ctx, who)})", units=[uid] + who, hexes=[start, h, goal], path=path)
        elif name == "stacking":
            h = next(x for x in path[1:] if overstacked(x, m))
            ctx.error(ctx.rule("8.7"), f"{head}: the {m} rate was refused, because the {m} path that fits "
                      f"({c.fmt_mp(cost)} MP) enters {h}, where it would be overstacked (8.7(2)); no path fits at the "
                      "normal rate", units=[uid] + [u for u in ctx.state.units_in(h)
                                                                        if ctx.side_of(u) == side],
                      hexes=[start, h, goal], path=path)
        else:
            costs = c.Costs(ctx, uid)
            legs = [(a, b, costs.step(a, b, "normal")) for a, b in zip(path, path[1:], strict=False)]
            worst = max(legs, key=lambda leg: (leg[2] is None, leg[2] or 0))
            terrain = ctx.board.terrain(worst[1])
            ctx.error(ctx.rule("8.6"), f"{head}: the terrain costs too much; the shortest way ({len(path) - 1} "
                      f"hexes) enters {worst[1]} ({terrain}, {c.fmt_mp(worst[2])} MP)", units=[uid],
                      hexes=[start, worst[1], goal], path=path)
        return True

    @staticmethod
    def _no_cost(ctx: Any, costs: c.Costs) -> None:
        missing = sorted(set(costs.unknown))
        if "" in missing or costs.tec is None:
            ctx.could_not_check(ctx.rule("8.6"), c.MISSING_TEC)
        else:
            ctx.could_not_check(ctx.rule("8.6"), f"the game data has no TEC movement cost for {missing[0]!r}")

    @classmethod
    def _modes(cls, ctx: Any, start: str, goal: str) -> list[str]:
        """The rates a move from ``start`` to ``goal`` may use when the log names none: normal, and road, rail or
        trail when both ends are on one (8.7-8.9). Fixed by the map, so remembered per pair."""
        cache = ctx.__dict__.setdefault("_efb_modes", {})
        hit = cache.get((start, goal))
        if hit is None:
            hit = cache[(start, goal)] = ["normal"] + [
                m for m in LINE_MODES if cls._on_line(ctx, start, m) and cls._on_line(ctx, goal, m)]
        return list(hit)

    @staticmethod
    def _on_line(ctx: Any, h: str, kind: str) -> bool:
        by_kind = ctx.__dict__.get("_efb_line_hexes")
        if by_kind is None:
            costs = c.Costs(ctx, "")
            by_kind = {}
            for t, hexes in ctx.board.line_hexes.items():
                by_kind.setdefault(costs.line_kind(t), set()).update(hexes)
            ctx.__dict__["_efb_line_hexes"] = by_kind
        return h in by_kind.get(kind, ())

    def _given_path(self, ctx, ev, uid, path, mode, limit, reasons, costs, ezoc, enemy, disengaging, road_mk) -> None:
        nm = ctx.name(uid)
        start = path[0]
        for a, b in zip(path, path[1:], strict=False):
            if not ctx.board.adjacent(a, b):
                ctx.error(ctx.rule("8.2"), f"{nm}'s path jumps from {a} to {b}, which are not adjacent",
                          units=[uid], hexes=[a, b], path=path)
                return
        for i, h in enumerate(path[1:], start=1):
            if enemy(h):
                who = c.names(ctx, c.hex_enemies(ctx, h, ctx.side_of(uid)))
                ctx.error(ctx.rule("9.6"), f"{nm} enters {h}, which holds enemy units ({who})",
                          units=[uid], hexes=[h], path=path)
                return
            if disengaging and ezoc(h):
                what = "directly from one enemy ZOC to another" if i == 1 else "into an enemy ZOC"
                ctx.error(ctx.rule("10.10"), f"{nm} disengages from {start} but moves {what} at {h}",
                          units=[uid], hexes=[h], path=path)
                return
            if ezoc(h) and i < len(path) - 1:
                ctx.error(ctx.rule("10.5"), f"{nm} enters an enemy ZOC at {h} (of "
                          f"{c.names(ctx, c.zoc_sources(ctx, h, ctx.side_of(uid)))}) and keeps moving",
                          units=[uid], hexes=[h], path=path)
                return
            if mode in LINE_MODES and road_mk and ezoc(h):
                ctx.error(ctx.rule("8.7"), f"{nm} enters an enemy ZOC at {h} using {mode} movement "
                          f"(policy road_movement_ezoc=mk)", units=[uid], hexes=[h], path=path)
                return
        candidates = [mode] if mode in LINE_MODES else ["normal"]
        if mode is None:
            candidates += [m for m in LINE_MODES if all(costs.along(a, b, m) is not None for a, b in zip(path, path[1:],
                                                                                                         strict=False))]
        results, refused = [], []
        for m in candidates:
            total, legs = path_cost(path, lambda a, b, m=m: costs.step(a, b, m))
            why_not = self._line_refusal(ctx, uid, path, m, ezoc, road_mk) if m in LINE_MODES else None
            if why_not and total is not None:
                refused.append((total, m, why_not))
                if mode is None:
                    continue  # the log did not say: judge the move at a rate it may use
            results.append((total, legs, m))
        if mode in LINE_MODES and refused:
            total, m, (rule, why_not, h) = refused[0]
            ctx.error(ctx.rule(rule), f"{nm} uses {m} movement, but {why_not}", units=[uid], hexes=[h], path=path)
            return
        ok = [r for r in results if r[0] is not None]
        if not ok:
            total, legs, m = results[0]
            if m in LINE_MODES:
                bad = next((a, b) for a, b, x in legs if x is None)
                ctx.error(ctx.rule({"road": "8.7", "rail": "8.8", "trail": "8.9"}[m]),
                          f"{nm} uses {m} movement but {bad[0]}→{bad[1]} does not follow a {m}",
                          units=[uid], hexes=list(bad), path=path)
            elif costs.unknown:
                self._no_cost(ctx, costs)
            else:
                bad = next((a, b) for a, b, x in legs if x is None)
                ctx.error(ctx.rule("8.4"), f"{nm} enters {bad[1]} across terrain prohibited to it",
                          units=[uid], hexes=[bad[1]], path=path)
            return
        total, legs, m = min(ok, key=lambda r: r[0])
        ctx.state.notes.setdefault("mp_spent", {})[uid] = total
        if total <= limit:
            return
        if len(path) == 2 and ctx.policies.get("minimum_move", True) and not (ezoc(path[0]) and ezoc(path[1])):
            return  # 8.4: one hex for all its MF
        why = f" ({', '.join(reasons)})" if reasons else ""
        detail = ", ".join(costs.describe(a, b, m, x) for a, b, x in legs)
        fitting = [r for r in refused if r[0] <= limit]
        if fitting:
            rtotal, rm, (rule, why_not, h) = fitting[0]
            ctx.error(ctx.rule(rule), f"{nm} spent {c.fmt_mp(total)} MP of its {c.fmt_mp(limit)} MP movement "
                      f"allowance{why} at the normal rate ({detail}); the {rm} rate ({c.fmt_mp(rtotal)} MP) was "
                      f"refused because {why_not}", units=[uid], hexes=[path[0], h, path[-1]], path=path)
            return
        refusal = f"; the {refused[0][1]} rate was refused because {refused[0][2][1]}" if refused else ""
        ctx.error(ctx.rule("8.3"), f"{nm} spent {c.fmt_mp(total)} MP of its {c.fmt_mp(limit)} MP movement "
                  f"allowance{why}: {detail}{refusal}", units=[uid], hexes=[path[0], path[-1]], path=path)

    @staticmethod
    def _line_refusal(ctx: Any, uid: str, path: list[str], mode: str, ezoc, road_mk: bool
                      ) -> tuple[str, str, str] | None:
        """(rule, why, hex) when a move along ``path`` may not use the ``mode`` rate: it enters an over-stacked hex
        (8.7(2)) or, under the road_movement_ezoc=mk policy, an enemy ZOC (8.7(3)). None when it may."""
        lim = limit_for(ctx, uid)
        for h in path[1:]:
            if road_overstacked(ctx, uid, h, mode, lim):
                return "8.7", f"it would be overstacked in {h} (limit {lim}; 8.7(2))", h
            if road_mk and ezoc(h):
                who = c.names(ctx, c.zoc_sources(ctx, h, ctx.side_of(uid)))
                return "8.7", (f"it enters the enemy ZOC at {h} (of {who}; 8.7(3), policy "
                               "road_movement_ezoc=mk)"), h
        return None

    def _special_rail(self, ctx: Any, ev: dict[str, Any], uid: str, start: str, ezoc) -> bool:
        """MK 24.6 SR3: a scenario special rule ``rail_movement`` (``sides``, ``max_units_per_turn``) replaces MP."""
        rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "rail_movement"), None)
        if rule is None:
            return False
        nm, side = ctx.name(uid), ctx.side_of(uid)
        sides = rule.get("sides") or []
        # MK 24.7: replacements "may use the railroad normally" (the turn they return), read by replacement_rail
        replacement = ctx.state.notes.get("replaced", {}).get(uid) == ctx.state.turn
        if sides and side not in sides and not (replacement and ctx.policies.get("replacement_rail") ==
                                               "special_rail"):
            extra = " (a replacement may use the railroad only as 8.8 rail movement under the replacement_rail " \
                "policy rail_as_road)" if replacement else ""
            ctx.error("MK 24.6 SR3", f"{nm} uses special rail movement, which only {', '.join(sides)} may use"
                      f"{extra}", units=[uid])
            return True
        used = ctx.state.notes.setdefault("rail_moves", set())
        used.add(uid)
        cap = rule.get("max_units_per_turn")
        if isinstance(cap, int) and len(used) > cap:
            ctx.error("MK 24.6 SR3", f"{nm} is rail unit number {len(used)} this turn; at most {cap} may use rail",
                      units=[uid])
        path = ev.get("path") or [start, ev.get("to")]
        if ezoc(start):
            ctx.error("MK 24.6 SR3", f"{nm} starts rail movement in an enemy ZOC at {start}", units=[uid],
                      hexes=[start])
        costs = c.Costs(ctx, uid)
        for a, b in zip(path, path[1:], strict=False):
            if b is None:
                break
            if ev.get("path") and costs.along(a, b, "rail") is None:
                ctx.error("MK 24.6 SR3", f"{nm}'s rail move leaves the railroad at {a}→{b}", units=[uid],
                          hexes=[a, b], path=path)
                return True
            if ezoc(b):
                ctx.error("MK 24.6 SR3", f"{nm}'s rail move enters an enemy ZOC at {b}", units=[uid], hexes=[b])
                return True
        return True

    def _exit(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        if ev.get("cause", "move") != "move":
            return  # forced off by a retreat or an advance: results.py judges it (8.11, 13.5)
        h = ev.get("hex") or ctx.state.position.get(uid)
        if ctx.state.phase != "movement" or ctx.side_of(uid) != ctx.state.side:
            ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} exits the map outside its own movement phase", units=[uid])
        allowed = self._exit_rule(ctx, uid, h)
        if allowed and h and ctx.board is not None:
            if c.in_ezoc(ctx, h, ctx.side_of(uid)):
                ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} exits the map from {h}, which is in an enemy ZOC",
                          units=[uid], hexes=[h])
            edges = set().union(*(ctx.board.edge_hexes(e) for e in ("north", "south", "east", "west")))
            if h not in edges:
                ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} exits the map from {h}, which is not a map-edge hex",
                          units=[uid], hexes=[h])
            else:
                self._exit_cost(ctx, uid, h)

    @staticmethod
    def _exit_rule(ctx: Any, uid: str, h: str | None) -> bool:
        """8.11 "only if the scenario allows it": a special rule ``exit_allowed`` (``sides``; ``params.areas`` =
        the designated exit areas, default any map edge). Neither bundled scenario has one, so there every exit
        is an error. False when the exit is already reported as not allowed."""
        rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "exit_allowed"), None)
        side = ctx.side_of(uid)
        if rule is None or (rule.get("sides") and side not in rule["sides"]):
            ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} exits the map, but the scenario does not let "
                      f"{side} units exit", units=[uid], hexes=[h] if h else [])
            return False
        areas = (rule.get("params") or {}).get("areas")
        if areas and h and ctx.board is not None:
            hexes = set().union(*((ctx.board.area(a) or set()) for a in areas))
            if h not in hexes:
                ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} exits the map from {h}, which is not in the "
                          f"scenario's exit areas ({', '.join(areas)})", units=[uid], hexes=[h])
                return False
        return True

    def _exit_cost(self, ctx: Any, uid: str, h: str) -> None:
        """8.11: leaving costs entering an imaginary hex of the exit hex's terrain (along a road: the road rate,
        1/3 or 1/2 by the road_exit_cost policy); a unit that has not moved may always exit (8.4)."""
        spent = ctx.state.notes.get("mp_spent", {}).get(uid)
        if not spent:
            return
        costs = c.Costs(ctx, uid)
        eff = (costs.tec or {}).get(ctx.board.terrain(h)) or {}
        options = []
        if "mp" in eff:
            terrain_cost = c.mp_for(ctx, uid, eff["mp"])
            if terrain_cost is not None:
                options.append(terrain_cost)
        if any(costs.line_kind(t) == "road" and ctx.board.on_line(h, t) for t in ctx.board.line_hexes):
            options.append(Fraction(ctx.policies.get("road_exit_cost", "1/3")))
        if not options:
            return
        ooc = not ctx.state.notes.get("cmd_move", {}).get(uid, True)
        limit, reasons = allowance(ctx, uid, ooc, False)
        if limit is not None and spent + min(options) > limit:
            ctx.error(ctx.rule("8.11"), f"{ctx.name(uid)} spent {c.fmt_mp(spent)} MP and needs {c.fmt_mp(min(options))}"
                      f" more to exit from {h}, over its {c.fmt_mp(limit)} MP movement allowance", units=[uid],
                      hexes=[h])
